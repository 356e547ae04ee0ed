"""What must hold after any run, read from the bot's database and from every payload the fake got.

* :func:`secrets_audit`: every line an engine told one seat only (a private event) reached nobody
  else: not the thread, not another player's DM or ephemeral reply; private pictures went to their
  seat's player only.
* :func:`replay_check`: every table loads through the table service, and replaying its effective
  log from the seed gives the state the service loads and every snapshot stored on the way.
* :func:`actions_by_user`: the moves each person made, as storage holds them.

They read the database with the bot stopped (or between runs), through the same storage and service
code the bot uses.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.discord.i18n import Words
from bot.service import TableService
from bot.service.tables import is_person, load
from rules import registry
from rules.core.messages import MESSAGE
from storage.records import Entry, TableFilter
from storage.sqlite import SqliteRepository
from tests.e2e.fakediscord import Captured, FakeDiscord
from tests.fixtures.sealed_bid import ENGINE as SEALED_BID

ALL_STATUSES: Any = ("lobby", "active", "finished", "abandoned")
PRIVATE_PICTURE = re.compile(r"table-(?P<table>\d+)-seat-(?P<seat>\d+)(?:-\d+)?\.png")


def register_fixture_game() -> None:
    """The bot runs with the fixture games (``AGORA_EXTRA_GAMES``); so must the checks."""
    from tests.chaos.game import ENGINE as PICTURED_BID

    registry.register(SEALED_BID)
    registry.register(PICTURED_BID)


@dataclass
class Told:
    """Every line storage holds, rendered as the bot renders it (English readers)."""

    public: Counter[str] = field(default_factory=Counter)
    public_by_table: dict[int, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    private: dict[tuple[int, int], set[str]] = field(default_factory=lambda: defaultdict(set))
    """(table, seat) → lines told to that seat only."""
    seats_of: dict[int, set[tuple[int, int]]] = field(default_factory=lambda: defaultdict(set))
    """user id → the (table, seat) pairs they hold."""
    tables: dict[int, str] = field(default_factory=dict)
    """table id → game id."""

    def allowed(self, audience: tuple[str, int]) -> set[str]:
        """Private lines this audience may read (its own seats' lines; none for a channel)."""
        kind, who = audience
        if kind == "channel":
            return set()
        return set().union(*(self.private[key] for key in self.seats_of.get(who, set())))

    def secrets(self) -> set[str]:
        """Lines told to some seat only and never said in public."""
        every = set().union(*self.private.values()) if self.private else set()
        return {line for line in every if line not in self.public}


async def read_told(db: Path) -> Told:
    """Every event line of every table in the database at ``db``, public or per seat."""
    register_fixture_game()
    told = Told()
    repo = await SqliteRepository.open(db)
    try:
        for row in await repo.list_tables(TableFilter(statuses=ALL_STATUSES)):
            seats = await repo.seats(row.id)
            told.tables[row.id] = row.game_id
            for seat in seats:
                if seat.user_id is not None:
                    told.seats_of[seat.user_id].add((row.id, seat.position))
            words = Words("en", row.game_id, tuple(s.name for s in seats))
            for entry in await repo.entries(row.id):
                for event in entry.events:
                    text = words(MESSAGE.validate_json(event.message_json))
                    if event.visible_to is None:
                        told.public[text] += 1
                        told.public_by_table[row.id][text] += 1
                    else:
                        for seat_number in event.visible_to:
                            told.private[(row.id, seat_number)].add(text)
    finally:
        await repo.close()
    return told


def _lines(captured: Captured) -> set[str]:
    return {line.strip().removeprefix("• ").strip() for line in captured.text().splitlines()}


@dataclass
class Audit:
    payloads: int = 0
    private_lines_seen: int = 0
    private_pictures_seen: int = 0
    leaks: list[str] = field(default_factory=list)


def secrets_audit(fake: FakeDiscord, told: Told) -> Audit:
    """Check every payload the fake received against every seat's secrets."""
    audit = Audit()
    secrets = told.secrets()
    multiline = {s for s in secrets if "\n" in s}
    private_pngs: dict[bytes, tuple[int, int]] = {}
    for captured in fake.captured:
        audit.payloads += 1
        allowed = told.allowed(captured.audience)
        text = captured.text()
        lines = _lines(captured)
        for line in (lines & secrets) | {s for s in multiline if s in text}:
            if line in allowed:
                audit.private_lines_seen += 1
            else:
                audit.leaks.append(f"{line!r} reached {captured.audience}: {text[:300]!r}")
        for name, data in captured.files:
            match = PRIVATE_PICTURE.fullmatch(name)
            if match is None:
                continue
            key = (int(match["table"]), int(match["seat"]))
            private_pngs[data] = key
            kind, who = captured.audience
            if kind == "channel" or key not in told.seats_of.get(who, set()):
                audit.leaks.append(f"the private picture {name} reached {captured.audience}")
            else:
                audit.private_pictures_seen += 1
    for captured in fake.captured:
        if captured.audience[0] != "channel":
            continue
        for data in captured.pngs:
            if data in private_pngs:
                audit.leaks.append(
                    f"seat picture {private_pngs[data]} was posted in channel {captured.channel_id}"
                )
    return audit


@dataclass
class Replayed:
    statuses: dict[int, str] = field(default_factory=dict)
    """table id → its status."""
    snapshots: int = 0
    """Snapshots found equal to the replay up to their seq."""


async def replay_check(db: Path) -> Replayed:
    """Load every table through the table service and replay it from its seed. Raises
    ``AssertionError`` on the first table that does not replay to its loaded state or to one of
    its snapshots."""
    register_fixture_game()
    replayed = Replayed()
    statuses = replayed.statuses
    repo = await SqliteRepository.open(db)
    try:
        service = TableService(repo)
        for row in await repo.list_tables(TableFilter(statuses=ALL_STATUSES)):
            info = await service.table(row.id)
            statuses[row.id] = info.status
            if row.seed is None:
                continue
            engine = registry.get(row.game_id)
            loaded = await load(repo, row, engine)
            entries = await repo.entries(row.id)
            undone = {seq for e in entries if e.kind == "undo" for seq in e.undoes}
            effective = [e for e in entries if e.kind == "action" and e.seq not in undone]
            snapshots = await _snapshots(repo, row.id)
            seats = await repo.seats(row.id)
            state = engine.new_game(len(seats), info.options, row.seed)
            done = 0
            for seq in sorted(snapshots):
                state, done = _replay_to(engine, state, effective, done, seq)
                assert engine.dump(state) == snapshots[seq], f"table {row.id}: snapshot {seq} != replay"
                replayed.snapshots += 1
            state, _ = _replay_to(engine, state, effective, done, entries[-1].seq if entries else 0)
            assert loaded.state is not None
            assert engine.dump(state) == engine.dump(loaded.state), f"table {row.id}: load != replay"
            await service.status(row.id)
            await service.view_for(row.id, None)
    finally:
        await repo.close()
    return replayed


def _replay_to(engine: Any, state: Any, effective: list[Entry], done: int, seq: int) -> tuple[Any, int]:
    while done < len(effective) and effective[done].seq <= seq:
        entry = effective[done]
        state, _ = engine.apply(state, entry.seat, entry.payload_json)
        done += 1
    return state, done


async def _snapshots(repo: SqliteRepository, table_id: int) -> dict[int, str]:
    found: dict[int, str] = {}
    at_most: int | None = None
    while (snap := await repo.latest_snapshot(table_id, at_most)) is not None:
        found[snap.seq] = snap.state_json
        if snap.seq <= 1:
            break
        at_most = snap.seq - 1
    return found


async def actions_by_user(db: Path) -> Counter[tuple[int, int]]:
    """(table, user id) → how many effective moves storage holds for that person."""
    counts: Counter[tuple[int, int]] = Counter()
    repo = await SqliteRepository.open(db)
    try:
        for row in await repo.list_tables(TableFilter(statuses=ALL_STATUSES)):
            entries = await repo.entries(row.id)
            undone = {seq for e in entries if e.kind == "undo" for seq in e.undoes}
            for e in entries:
                if e.kind == "action" and e.seq not in undone and is_person(e.actor):
                    counts[(row.id, int(e.actor.split(":", 1)[1]))] += 1
    finally:
        await repo.close()
    return counts


async def heads(db: Path) -> dict[int, int]:
    """table id → its log's head (to show that a refused interaction changed nothing)."""
    repo = await SqliteRepository.open(db)
    try:
        return {
            row.id: await repo.head(row.id)
            for row in await repo.list_tables(TableFilter(statuses=ALL_STATUSES))
        }
    finally:
        await repo.close()


async def statuses(db: Path) -> dict[int, str]:
    """table id → lobby, active, finished or abandoned."""
    repo = await SqliteRepository.open(db)
    try:
        return {row.id: row.status for row in await repo.list_tables(TableFilter(statuses=ALL_STATUSES))}
    finally:
        await repo.close()
