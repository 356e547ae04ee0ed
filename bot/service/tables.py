"""A table loaded from storage: its row, seats, log, and the game state the log leads to.

The log is append-only. An undo is itself an entry that names the entries it cancels, so the
**effective log** is every action entry that no undo entry cancels, in seq order; the state is the
engine's replay of the effective log from the table's seed. A snapshot (the state after some seq)
only shortens that replay, and is used only if no undo after it cancels an entry at or before it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import groupby
from typing import Any

from pydantic import BaseModel

from bot.service.cache import LineCache
from bot.service.errors import TableUnreadable
from bot.service.models import Line, SeatInfo, TableInfo
from rules.core import CHAPTER, Engine, Event, Message, Prompt, Seat, msg
from rules.core.messages import MESSAGE, Param
from storage.records import Entry, NewEntry, SeatRow, StoredEvent, TableRow
from storage.repository import Repository, StorageError, StorageUnavailable

log = logging.getLogger(__name__)

USER = "user:"
BOT = "bot:"
STAND_IN = "stand-in:"
RULES = "rules:"
"""The actor of the entry that sets aside moves which no longer replay after a rules change."""
TIMEOUT = "timeout:"
"""The actor of a decision's timeout default, taken for a seat that let its time run out."""


def user_actor(user_id: int) -> str:
    return f"{USER}{user_id}"


def is_person(actor: str) -> bool:
    """Whether a log entry was played by a person (not a bot seat nor a stand-in)."""
    return actor.startswith(USER)


def played_for_person(actor: str) -> bool:
    """Whether a log entry was played for a person's seat without them: its timeout default, or
    the stand-in bot playing while they are away."""
    return actor.startswith((TIMEOUT, STAND_IN))


@dataclass
class Loaded:
    """One table, read consistently at log length ``head``: its row, its seats and the game state
    the effective log leads to. The log itself is not held: what needs a part of it reads that
    range (:func:`effective_since`, :func:`last_visible_lines`)."""

    row: TableRow
    seats: list[SeatRow]
    engine: Engine[Any, Any]
    head: int
    """The seq of the last log entry the state accounts for."""
    state: BaseModel | None = None
    """The game state (``None`` in the lobby)."""
    base: int = 0
    """The seq of the snapshot the state was rebuilt from (0: replayed from the seed)."""
    stranded: tuple[int, ...] = ()
    """Moves in force that no longer replay with the installed rules (the first that fails and every
    later one): the state is the last valid one, before the first of them. The table goes on from
    there once they are set aside (:meth:`~bot.service.core.TableCore._load`)."""

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def pending(self) -> dict[Seat, Prompt]:
        """The engine's prompts for the state (computed once per state: :meth:`Engine.prompts`)."""
        return {} if self.state is None else self.engine.prompts(self.state)

    def info(self) -> TableInfo:
        return table_info(self.row, self.seats, self.engine, self.head)


def in_force(entry: Entry, head: int) -> bool:
    """Whether ``entry`` is an action no undo up to log entry ``head`` cancels."""
    return entry.kind == "action" and (entry.undone_by is None or entry.undone_by > head)


async def effective_since(repo: Repository, t: Loaded, after: int) -> list[Entry]:
    """The action entries after ``after`` up to ``t``'s head that no undo cancels, in order."""
    return await repo.actions_in_force(t.row.id, after, t.head)


async def last_visible_lines(
    repo: Repository, t: Loaded, seat: Seat | None, n: int, after: int = 0, *, kept: LineCache
) -> list[Line]:
    """The last ``n`` lines ``seat`` may see of the log entries after ``after`` up to ``t``'s head,
    leaving out the moves an undo took back (the undo itself is told): read back from the head over
    the entries told (:meth:`~storage.repository.Repository.told_seqs`), more of them while too
    few lines are found, rather than the whole log. The lines of entries read before come from
    ``kept``; only the others are read (and kept). A run of undos by one seat is one line
    (:func:`fold_undos`); one the entries read begin with may go on before them, and is told as
    "at least" its count."""
    if n <= 0:
        return []
    last = max(n, 16)
    while True:
        seqs = await repo.told_seqs(t.row.id, after, t.head, last)
        told = await lines_of(repo, t.row.id, seqs, kept)
        seen = [line for entry in told for line in entry if line.seats is None or seat in line.seats]
        if len(seen) >= n or len(seqs) < last:
            lines = fold_undos(seen)
            if len(seqs) == last and len(lines) <= n and (count := _undone_count(lines[0])):
                at_least = msg(UNDONE_AT_LEAST, seat=lines[0].message.params.get("seat"), count=count)
                lines[0] = replace(lines[0], message=at_least)
            return lines[-n:]
        last *= 4


UNDONE = "service.undone"
UNDONE_MANY = "service.undone_many"
UNDONE_AT_LEAST = "service.undone_at_least"


def _undone_count(line: Line) -> int:
    """How many moves ``line`` tells were taken back (0: it is no undo)."""
    if line.message.key == UNDONE:
        return 1
    count = line.message.params.get("count") if line.message.key == UNDONE_MANY else 0
    return count if isinstance(count, int) else 0


def fold_undos(lines: list[Line]) -> list[Line]:
    """``lines`` with each run of undos by one seat told as one line ("… takes back 3 moves."): a
    player who took back move after move reads one line of it, not a screen of them. The line
    stands where the run ends, and is made once for the run."""
    out: list[Line] = []
    for run_of, run in groupby(lines, key=_undo_run):
        told = list(run)
        if run_of is None or len(told) == 1:
            out += told
        else:
            count = sum(map(_undone_count, told))
            out.append(replace(told[-1], message=msg(UNDONE_MANY, seat=run_of[0], count=count)))
    return out


def _undo_run(line: Line) -> tuple[Param, frozenset[Seat] | None] | None:
    """What the undos of one run share: the seat that took the moves back and who is told of it
    (``None``: the line is no undo)."""
    if not _undone_count(line):
        return None
    return line.message.params.get("seat"), line.seats


async def lines_of(
    repo: Repository, table_id: int, seqs: list[int], kept: LineCache
) -> list[tuple[Line, ...]]:
    """The lines each of the table's entries ``seqs`` tells, in order: from ``kept``, the others'
    events read together (and their lines kept)."""
    found = kept.get_many(table_id, seqs)
    missing = [seq for seq in seqs if seq not in found]
    if missing:
        read = await repo.events_at(table_id, missing)
        parsed: dict[str, Message] = {}
        made = {seq: events_lines(read.get(seq, ()), seq, parsed) for seq in missing}
        kept.put_many(table_id, made)
        found |= made
    return [found[seq] for seq in seqs]


def table_info(row: TableRow, seats: Iterable[SeatRow], engine: Engine[Any, Any], head: int) -> TableInfo:
    return TableInfo(
        id=row.id,
        game_id=row.game_id,
        title=engine.info.title,
        guild_id=row.guild_id,
        channel_id=row.channel_id,
        thread_id=row.thread_id,
        creator_id=row.creator_id,
        options=json.loads(row.options_json),
        status=row.status,
        seats=tuple(
            SeatInfo(seat=s.position, name=s.name, user_id=s.user_id, bot=s.bot, stand_in=s.stand_in,
                     locale=s.locale)
            for s in seats
        ),
        min_players=engine.info.min_players,
        max_players=engine.info.max_players,
        pace_hours=row.pace_hours,
        stand_ins=row.stand_ins,
        seed=row.seed,
        created_at=row.created_at,
        updated_at=row.updated_at,
        seq=head,
        locale=row.locale,
    )


MAX_SNAPSHOTS_TRIED = 3
"""How many snapshots a load tries, newest first, before it replays the log from the seed."""


async def load(
    repo: Repository, row: TableRow, engine: Engine[Any, Any], *, seats: list[SeatRow] | None = None
) -> Loaded:
    """Read a table and rebuild its state from the latest valid snapshot and the log entries after it
    (``seats``: the table's, when read with ``row``; else they are read here).

    A snapshot is only a shortcut, never a reason a table whose log replays cannot be read. It is
    passed over, for an older one or at last the replay from the seed, when it cannot be read (a
    damaged page), its checksum does not match its table, seq and text (a changed digit), an undo
    after it cancels an entry it accounts for, it no longer parses (the game's state format
    changed), or the entries after it do not replay from it (a state the log does not produce).

    When the log itself no longer replays (the rules changed under a game in progress), the table
    goes on from its last valid position: the newest snapshot that still loads, or the seed, and
    the entries after it that still replay; the moves from the first that fails on are
    :attr:`Loaded.stranded`.

    :raises TableUnreadable: not even the game's opening can be set up any more; nothing is changed.
    """
    if seats is None:
        seats = await repo.seats(row.id)
    if row.status == "lobby" or row.seed is None:
        return Loaded(row=row, seats=seats, engine=engine, head=row.head)
    at_most = row.head
    reached: list[tuple[int, BaseModel, int]] = []  # (entry that failed, state before it, base)
    for _ in range(MAX_SNAPSHOTS_TRIED):
        if at_most <= 0:
            break
        try:
            snap = await repo.latest_snapshot(row.id, at_most)
        except StorageUnavailable:
            raise  # the database is full, locked or failing: not the snapshot's fault
        except StorageError as exc:
            log.warning("table %s: a snapshot cannot be read (%s); replaying the log instead", row.id, exc)
            break
        if snap is None:
            break
        at_most = snap.seq - 1
        if not snap.intact:
            log.warning("table %s: snapshot at %s does not match its checksum; passed over", row.id, snap.seq)
            continue
        tail = await repo.entries(row.id, after=snap.seq)
        if any(s <= snap.seq for e in tail if e.kind == "undo" for s in e.undoes):
            continue  # an undo took back a move the snapshot accounts for
        try:
            state = engine.load(engine.upgrade_state(snap.state_json, await _written_by(repo, row, engine,
                                                                                      snap.seq)))
        except Exception as exc:  # a snapshot is only a shortcut: an older one, or the log, will do
            log.warning("table %s: snapshot at %s is passed over (%r)", row.id, snap.seq, exc)
            continue
        state, failed = _replay(engine, row, state, tail)
        if failed is None:
            return Loaded(row=row, seats=seats, engine=engine, head=tail[-1].seq if tail else snap.seq,
                          state=state, base=snap.seq)
        log.warning("table %s: snapshot at %s is passed over (log entry %s does not replay from it)",
                    row.id, snap.seq, failed)
        reached.append((failed, state, snap.seq))
    entries = await repo.entries(row.id)
    head = entries[-1].seq if entries else 0
    try:
        opening = engine.new_game(len(seats), json.loads(row.options_json), row.seed)
    except Exception as exc:
        log.error("table %s cannot be set up with %s any more: %r", row.id, engine.info.id, exc)
        raise TableUnreadable(
            f"Table {row.id} cannot be restored with this version of {engine.info.title}: log entry 0 "
            "no longer replays. Every move is kept; ask whoever runs the bot to look into it.",
            table=row.id, seq=0, game=engine.info.title,
        ) from exc
    state, failed = _replay(engine, row, opening, entries)
    if failed is None:
        return Loaded(row=row, seats=seats, engine=engine, head=head, state=state)
    reached.append((failed, state, 0))
    failed, state, base = max(reached, key=lambda r: r[0])
    stranded = tuple(e.seq for e in entries if e.seq >= failed and in_force(e, head))
    log.error("table %s no longer replays with %s from log entry %s: it goes on from the position "
              "before it, setting aside %d moves", row.id, engine.info.id, failed, len(stranded))
    return Loaded(row=row, seats=seats, engine=engine, head=head, state=state, base=base, stranded=stranded)


def _replay(
    engine: Engine[Any, Any], row: TableRow, state: BaseModel, entries: list[Entry]
) -> tuple[BaseModel, int | None]:
    """The state after applying the entries in force at the end of ``entries``, and the seq of the
    first that no longer applies (``None`` when all do; the state is then the one before it)."""
    head = entries[-1].seq if entries else 0
    for e in entries:
        if in_force(e, head):
            try:
                state, _ = engine.apply(state, e.seat, stored_action(engine, row, e))
            except Exception as exc:
                log.warning("table %s: log entry %s does not replay: %r", row.id, e.seq, exc)
                return state, e.seq
    return state, None


async def _written_by(repo: Repository, row: TableRow, engine: Engine[Any, Any], seq: int) -> int | None:
    """The rules version that wrote log entry ``seq`` (and so the snapshot after it); read only when
    a state migration could apply (the table was started by older rules), so a load reads no more."""
    if not engine.state_migrations or (row.rules_version or 1) >= engine.info.rules_version:
        return row.rules_version
    written = [e.rules_version for e in await repo.entries(row.id, after=seq - 1, through=seq)]
    return (written[0] if written else None) or row.rules_version


def stored_action(engine: Engine[Any, Any], row: TableRow, entry: Entry) -> str:
    """An entry's action in the installed rules' format: migrated from the rules version that
    wrote it (the entry's, else the table's; :meth:`~rules.core.Engine.upgrade_action`)."""
    return engine.upgrade_action(entry.payload_json, entry.rules_version or row.rules_version)


def stored(events: Iterable[Event]) -> tuple[StoredEvent, ...]:
    """Engine events as storage keeps them."""
    return tuple(
        StoredEvent(message_json=MESSAGE.dump_json(e.message).decode(), visible_to=e.visible_to,
                    reveals=e.reveals, data_json=json.dumps(e.data, sort_keys=True, default=str))
        for e in events
    )


def service_event(message: Message, visible_to: frozenset[int] | None = None) -> StoredEvent:
    """One of the service's own events (an undo, a stand-in) as stored with its entry."""
    return StoredEvent(message_json=MESSAGE.dump_json(message).decode(), visible_to=visible_to)


def entry_lines(entry: Entry | NewEntry, seq: int | None = None) -> list[Line]:
    """The lines an entry's events tell (:func:`events_lines`)."""
    number = seq if seq is not None else entry.seq if isinstance(entry, Entry) else 0
    return list(events_lines(entry.events, number))


def events_lines(
    events: Iterable[StoredEvent], seq: int, parsed: dict[str, Message] | None = None
) -> tuple[Line, ...]:
    """The lines the events of log entry ``seq`` tell, each public or private to its seats, and
    whether it opens a chapter of the game's story (:data:`rules.core.CHAPTER` in the event's
    data). ``parsed``: the messages of the entries read with this one, by their stored JSON, each
    parsed once (a run of undos by one seat tells the same words entry after entry)."""
    return tuple(
        Line(message=_message(e.message_json, parsed), seats=e.visible_to, seq=seq, chapter=opens_chapter(e))
        for e in events
    )


def _message(message_json: str, parsed: dict[str, Message] | None) -> Message:
    """The message stored as ``message_json``, from ``parsed`` when it holds it (a message is
    frozen, and nothing changes its parameters, so lines may share it)."""
    if parsed is None:
        return MESSAGE.validate_json(message_json)
    found = parsed.get(message_json)
    if found is None:
        found = parsed[message_json] = MESSAGE.validate_json(message_json)
    return found


def opens_chapter(event: StoredEvent) -> bool:
    """Whether a stored event opens a chapter of the game's story (read only when its data may say
    so: most events carry none)."""
    return CHAPTER in event.data_json and bool(json.loads(event.data_json).get(CHAPTER))


__all__ = [
    "UNDONE",
    "Loaded",
    "effective_since",
    "entry_lines",
    "events_lines",
    "fold_undos",
    "in_force",
    "is_person",
    "last_visible_lines",
    "lines_of",
    "load",
    "played_for_person",
    "service_event",
    "stored",
    "table_info",
]
