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
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.service.errors import TableUnreadable
from bot.service.models import Line, SeatInfo, TableInfo
from rules.core import Engine, Event, Message, Prompt, Seat
from storage.records import Entry, NewEntry, SeatRow, StoredEvent, TableRow
from storage.repository import Repository

log = logging.getLogger(__name__)

USER = "user:"
BOT = "bot:"
STAND_IN = "stand-in:"
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
    """One table, read consistently at log length ``row.head``."""

    row: TableRow
    seats: list[SeatRow]
    engine: Engine[Any, Any]
    entries: list[Entry]
    state: BaseModel | None = None
    """The game state (``None`` in the lobby)."""
    undone: set[int] = field(default_factory=set)

    @property
    def head(self) -> int:
        return self.entries[-1].seq if self.entries else 0

    @property
    def effective(self) -> list[Entry]:
        """Action entries no undo cancels, in order."""
        return [e for e in self.entries if e.kind == "action" and e.seq not in self.undone]

    def seat_of(self, user_id: int) -> SeatRow | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    def pending(self) -> dict[Seat, Prompt]:
        return {} if self.state is None else self.engine.pending(self.state)

    def info(self) -> TableInfo:
        return table_info(self.row, self.seats, self.engine, self.head)

    def visible_lines(self, seat: Seat | None, after: int = 0) -> list[Line]:
        """Events of the effective log and undo entries after ``after`` that ``seat`` may see."""
        lines: list[Line] = []
        for e in self.entries:
            if e.seq <= after or e.seq in self.undone:
                continue
            lines += [line for line in entry_lines(e) if line.seats is None or seat in line.seats]
        return lines


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
    )


async def load(repo: Repository, row: TableRow, engine: Engine[Any, Any]) -> Loaded:
    """Read a table and rebuild its state from the best valid snapshot and the effective log.

    A snapshot that no longer loads (the game's state format changed) is passed over for an older
    one, or the replay from the seed.

    :raises TableUnreadable: when the log itself no longer replays; nothing is changed.
    """
    seats = await repo.seats(row.id)
    entries = await repo.entries(row.id)
    undone = {seq for e in entries if e.kind == "undo" for seq in e.undoes}
    loaded = Loaded(row=row, seats=seats, engine=engine, entries=entries, undone=undone)
    if row.status == "lobby" or row.seed is None:
        return loaded
    snapshot_seq, state = await _best_snapshot(repo, loaded)
    seq = snapshot_seq
    try:
        if state is None:
            state = engine.new_game(len(seats), json.loads(row.options_json), row.seed)
        for e in loaded.effective:
            if e.seq > snapshot_seq:
                seq = e.seq
                state, _ = engine.apply(state, e.seat, e.payload_json)
    except Exception as exc:
        log.error("table %s no longer replays with %s at log entry %s: %r", row.id, engine.info.id, seq, exc)
        raise TableUnreadable(
            f"Table {row.id} cannot be restored with this version of {engine.info.title}: log entry {seq} "
            "no longer replays. Every move is kept; ask whoever runs the bot to look into it.",
            table=row.id, seq=seq, game=engine.info.title,
        ) from exc
    loaded.state = state
    return loaded


async def _best_snapshot(repo: Repository, loaded: Loaded) -> tuple[int, BaseModel | None]:
    at_most: int | None = loaded.head
    while at_most is not None and at_most > 0:
        snap = await repo.latest_snapshot(loaded.row.id, at_most)
        if snap is None:
            break
        # An undo after the snapshot that cancels an entry at or before it makes it wrong.
        cancelled = [s for e in loaded.entries if e.kind == "undo" and e.seq > snap.seq
                     for s in e.undoes if s <= snap.seq]
        if cancelled:
            at_most = min(cancelled) - 1
            continue
        try:
            return snap.seq, loaded.engine.load(snap.state_json)
        except Exception as exc:  # a snapshot is only a shortcut: an older one, or the log, will do
            log.warning("table %s: snapshot at %s no longer loads (%r); replaying instead",
                        loaded.row.id, snap.seq, exc)
            at_most = snap.seq - 1
    return 0, None


def stored(events: Iterable[Event]) -> tuple[StoredEvent, ...]:
    """Engine events as storage keeps them."""
    return tuple(
        StoredEvent(message_json=e.message.model_dump_json(), visible_to=e.visible_to, reveals=e.reveals,
                    data_json=json.dumps(e.data, sort_keys=True, default=str))
        for e in events
    )


def service_event(message: Message, visible_to: frozenset[int] | None = None) -> StoredEvent:
    """One of the service's own events (an undo, a stand-in) as stored with its entry."""
    return StoredEvent(message_json=message.model_dump_json(), visible_to=visible_to)


def entry_lines(entry: Entry | NewEntry, seq: int | None = None) -> list[Line]:
    """The lines an entry's events tell, each public or private to its seats."""
    number = seq if seq is not None else entry.seq if isinstance(entry, Entry) else 0
    return [
        Line(message=Message.model_validate_json(e.message_json), seats=e.visible_to, seq=number)
        for e in entry.events
    ]


__all__ = [
    "Loaded", "entry_lines", "is_person", "load", "played_for_person", "service_event", "stored",
    "table_info",
]
