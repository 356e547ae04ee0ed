"""Dice you can check: a game record, the commitment to its seed, and its replay.

When a table starts, its thread shows :func:`commitment` of the seed, a SHA-256 digest that fixes
the seed without telling it; when the game ends the seed itself is told. Every roll, draw and
shuffle of an engine comes from its :class:`~rules.core.Rng` seeded with that seed, so anyone
holding the record of a finished game (:class:`GameRecord`, written by ``/game export``) can
check with :func:`verify`, or ``python -m rules.verify FILE``, that

* the seed is the one committed to at the start,
* every recorded action replays from that seed and is an action its seat owed,
* every event the table was told (each roll, each draw, each card or tile revealed) is the one
  the replay tells, and
* the recorded result is the replay's.

A record of a game in progress holds no seed and only what its reader may see: it can be read but
not replayed, and :func:`verify` says so. This module is pure and imports only :mod:`rules`.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, ValidationError

from rules import registry
from rules.core import CHAPTER, Engine, Event
from rules.core.messages import MESSAGE

FORMAT = "agora-game-record/1"
"""The record format this module reads and the table service writes."""


def commitment(game_id: str, table_id: int, seed: int) -> str:
    """The SHA-256 commitment to a table's seed, as hexadecimal text.

    The digest covers the game and the table as well as the seed, so a seed committed for one table
    can never be shown as another's.
    """
    return hashlib.sha256(f"agora-seed/1:{game_id}:{table_id}:{seed}".encode()).hexdigest()


class RecordedSeat(BaseModel):
    """A seat of the record, in seat order: its name and who played it."""

    seat: int
    name: str
    player: Literal["person", "bot"]
    bot: str | None = None


class RecordedEvent(BaseModel):
    """An event as the table was told it: its message and data as JSON, and who could see it."""

    message: dict[str, Any]
    visible_to: list[int] | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class RecordedAction(BaseModel):
    """One move of the game's effective log (moves taken back are left out).

    ``action`` is ``None`` where the record's reader may not see the move (another seat's move in
    a game in progress); ``events`` then holds only what the reader was told of it.
    """

    seq: int
    seat: int
    by: str
    """``"person"``, ``"bot:<kind>"``, ``"stand-in:<kind>"`` or ``"timeout"``."""
    rules_version: int | None = None
    action: dict[str, Any] | None = None
    events: list[RecordedEvent] = Field(default_factory=list)


class GameRecord(BaseModel):
    """A table's game as ``/game export`` writes it."""

    format: str = FORMAT
    game: str
    title: str
    rules_version: int
    table: int
    status: str
    options: dict[str, Any]
    seats: list[RecordedSeat]
    commitment: str
    seed: int | None = None
    """Told only once the game is over."""
    reader: int | None = None
    """The seat whose view a record of a game in progress is (``None``: a spectator's, or a
    finished game's complete record)."""
    actions: list[RecordedAction]
    result: dict[str, Any] | None = None


class Verdict(BaseModel):
    """What :func:`verify` found: ``problems`` is empty when everything checked out."""

    checked: bool
    """Whether the record could be replayed at all (a finished game's record with its seed)."""
    problems: list[str] = Field(default_factory=list)
    actions: int = 0
    events: int = 0
    """How many recorded events the replay told the same."""

    @property
    def ok(self) -> bool:
        return self.checked and not self.problems


def told(event: Event) -> RecordedEvent:
    """An engine event as a record holds it (the table service stores events the same way)."""
    return RecordedEvent(
        message=MESSAGE.dump_python(event.message, mode="json"),
        visible_to=None if event.visible_to is None else sorted(event.visible_to),
        data=json.loads(json.dumps(event.data, sort_keys=True, default=str)),
    )


def _story(event: RecordedEvent) -> RecordedEvent:
    """``event`` without its chapter mark (:data:`~rules.core.contract.CHAPTER`): where the
    thread's story starts a new message is telling, not what happened, and games recorded before
    the marks existed compare the same."""
    return event.model_copy(update={"data": {k: v for k, v in event.data.items() if k != CHAPTER}})


def verify(record: GameRecord, engine: Engine[Any, Any] | None = None) -> Verdict:
    """Replay ``record`` from its seed and compare it with what it says happened.

    ``engine`` defaults to the registry's engine for the record's game.
    """
    if record.format != FORMAT:
        return Verdict(checked=False, problems=[f"unknown record format {record.format!r}"])
    if record.seed is None:
        return Verdict(checked=False, problems=[
            "the seed is not in the record: the game is not over, so it is not told yet; "
            f"it must hash to {record.commitment}"])
    if engine is None:
        try:
            engine = registry.get(record.game)
        except registry.UnknownGame as exc:
            return Verdict(checked=False, problems=[str(exc)])
    if engine.info.rules_version < record.rules_version:
        return Verdict(checked=False, problems=[
            f"the record was written by version {record.rules_version} of {record.title}'s rules; "
            f"this installation has version {engine.info.rules_version}"])
    verdict = Verdict(checked=True)
    problems = verdict.problems
    if commitment(record.game, record.table, record.seed) != record.commitment:
        problems.append("the seed does not match the commitment shown when the table started")
    try:
        state = engine.new_game(len(record.seats), record.options, record.seed)
    except Exception as exc:
        problems.append(f"the game cannot be set up from the record: {exc}")
        return verdict
    for recorded in record.actions:
        if recorded.action is None:
            problems.append(f"move {recorded.seq} is not in the record (a partial view cannot be replayed)")
            return verdict
        version = recorded.rules_version or record.rules_version
        text = engine.upgrade_action(json.dumps(recorded.action), version)
        try:
            state, events = engine.apply(state, recorded.seat, text)
        except Exception as exc:
            problems.append(f"move {recorded.seq} by seat {recorded.seat + 1} does not replay: {exc}")
            return verdict
        verdict.actions += 1
        replayed = [told(e) for e in events]
        if [_story(e) for e in replayed] != [_story(e) for e in recorded.events]:
            problems.append(f"move {recorded.seq}: what the table was told is not what the seed gives")
        else:
            verdict.events += len(replayed)
    result = engine.result(state)
    if result is None:
        problems.append("the game is not over after the last recorded move")
    elif record.result is None or json.loads(result.model_dump_json()) != record.result:
        problems.append("the recorded result is not the replay's")
    return verdict


def read(path: Path) -> GameRecord:
    """A record from a file ``/game export`` wrote.

    :raises ValueError: the file is not such a record (the message says what is wrong).
    """
    try:
        return GameRecord.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise ValueError(f"{path} is not a game record: {exc.errors()[0]['msg']}") from exc


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m rules.verify FILE``: 0 when the record checks out, 1 when it does not, 2 when
    it cannot be checked (not a record, no seed yet, an unknown game)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        print("usage: python -m rules.verify FILE", file=sys.stderr)
        return 2
    try:
        record = read(Path(args[0]))
    except (OSError, ValueError) as exc:
        print(exc, file=sys.stderr)
        return 2
    verdict = verify(record)
    name = f"{record.title}, table {record.table}"
    if not verdict.checked:
        for problem in verdict.problems:
            print(f"{name}: not checked: {problem}")
        return 2
    for problem in verdict.problems:
        print(f"{name}: {problem}")
    if verdict.problems:
        return 1
    print(f"{name}: the seed matches its commitment {record.commitment}; {verdict.actions} moves and "
          f"{verdict.events} events replay as recorded; the result is the replay's.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
