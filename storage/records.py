"""The rows storage keeps, as plain frozen records. Storage knows no game: actions, events and
snapshots are JSON text it stores and hands back untouched.

Datetimes are always timezone-aware UTC (reminders depend on them); storage refuses naive ones.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

TableStatus = Literal["lobby", "active", "finished", "abandoned"]
EntryKind = Literal["action", "undo"]
VoteKind = Literal["undo", "abandon"]
VoteRole = Literal["request", "vote"]


@dataclass(frozen=True)
class NewTable:
    """What is known of a table when it is created."""

    game_id: str
    guild_id: int
    channel_id: int
    creator_id: int
    options_json: str = "{}"
    thread_id: int | None = None
    pace_hours: float = 24.0
    stand_ins: bool = False
    stand_in_after: int = 2
    """Missed reminders after which a stand-in bot takes the seat (when ``stand_ins`` is on)."""
    locale: str | None = None
    """The language the table's thread is told in (``None``: its creator's)."""


@dataclass(frozen=True)
class TableRow:
    """A table: which game, where, whose, with what options and seed, and how far along."""

    id: int
    game_id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    creator_id: int
    options_json: str
    seed: int | None
    status: TableStatus
    pace_hours: float
    stand_ins: bool
    stand_in_after: int
    created_at: datetime
    updated_at: datetime
    head: int = 0
    """The seq of the last log entry (0 for an empty log)."""
    announced_seq: int = 0
    """The seq of the last log entry the table's thread has been told about; entries after it
    are still to be announced (a crash came between their commit and their delivery)."""
    rules_version: int | None = None
    """The version of the game's rules the table was started with (``None`` in the lobby)."""
    locale: str | None = None
    """The language the table's thread is told in; ``None`` for a table made before tables had
    one (its thread reads in its creator's language)."""

    settled_seq: int = -1
    """The log length at which the table was last settled (its bots had played, its deadlines and
    status were written): while it equals ``head``, a restart has nothing to finish there. ``-1``
    when unknown or when a change since (a stand-in taking a seat) still has to be settled."""

    @property
    def unsettled(self) -> bool:
        """Whether the steps after the table's last change may not all have been written."""
        return self.settled_seq != self.head

    @property
    def unannounced(self) -> bool:
        """Whether the log holds entries the thread has not been told about."""
        return self.announced_seq < self.head


@dataclass(frozen=True)
class SeatRow:
    """One seat: a person (``user_id``) or a bot (``bot``), in seat order ``position``."""

    table_id: int
    position: int
    name: str
    user_id: int | None = None
    bot: str | None = None
    stand_in: str | None = None
    locale: str = "en"


@dataclass(frozen=True)
class NewEntry:
    """A log entry to append: an action by a seat, or an undo of earlier entries."""

    kind: EntryKind
    seat: int
    actor: str
    """Who played it: ``"user:<id>"``, ``"bot:<kind>"`` or ``"stand-in:<kind>"``."""
    payload_json: str
    """The action as JSON (for ``kind="action"``); ``"{}"`` for an undo."""
    events: tuple[StoredEvent, ...] = ()
    undoes: tuple[int, ...] = ()
    """For ``kind="undo"``: the seqs this entry cancels."""
    rules_version: int | None = None
    """The version of the game's rules that wrote the entry (``None``: the table's)."""


@dataclass(frozen=True)
class StoredEvent:
    """An event as stored with its entry, so logs and catch-up digests need no replay."""

    message_json: str
    visible_to: frozenset[int] | None = None
    reveals: bool = False
    data_json: str = "{}"


@dataclass(frozen=True)
class Entry:
    """A stored log entry, numbered ``seq`` (1, 2, …) within its table."""

    table_id: int
    seq: int
    kind: EntryKind
    seat: int
    actor: str
    payload_json: str
    created_at: datetime
    events: tuple[StoredEvent, ...] = ()
    undoes: tuple[int, ...] = ()
    undone_by: int | None = None
    """For ``kind="action"``: the seq of the undo entry that cancels this one (``None``: in force)."""
    rules_version: int | None = None
    """The version of the game's rules that wrote the entry (``None``: the table's)."""


def snapshot_checksum(table_id: int, seq: int, state_json: str) -> str:
    """The checksum a snapshot is stored with: SHA-256 over the table, the log position the state
    stands for and the state's text, so that a changed digit, a snapshot moved to another seq or
    another table, or a truncated text no longer matches."""
    digest = hashlib.sha256(f"{table_id}:{seq}:".encode())
    digest.update(state_json.encode())
    return digest.hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """The game state after entry ``seq`` (a cache: replaying the log is the truth).

    ``checksum`` is :func:`snapshot_checksum` as computed when the snapshot was written (``None``
    for snapshots stored before checksums were kept).
    """

    table_id: int
    seq: int
    state_json: str
    checksum: str | None = None

    @property
    def intact(self) -> bool:
        """Whether the text is the one written for this table and seq (else it must not be used)."""
        return self.checksum is not None and self.checksum == snapshot_checksum(
            self.table_id, self.seq, self.state_json)


@dataclass(frozen=True)
class Deadline:
    """A decision a seat owes, when it is due, and how many reminders went out for it."""

    table_id: int
    seat: int
    user_id: int
    due_at: datetime
    since_seq: int
    """The log length when the seat started to owe this decision."""
    reminded: int = 0


@dataclass(frozen=True)
class Preference:
    """A user's language and quiet hours (local hours with the user's UTC offset)."""

    user_id: int
    locale: str | None = None
    """The language the user chose; ``None`` when they never chose (follow their Discord client)."""
    quiet_start: int | None = None
    quiet_end: int | None = None
    utc_offset_minutes: int = 0


@dataclass(frozen=True)
class Vote:
    """A player's vote on a table question (consent to an undo, abandon the table) at a log length."""

    table_id: int
    kind: VoteKind
    user_id: int
    seq: int
    created_at: datetime
    role: VoteRole = "vote"
    """``"request"`` for the vote that opened the question (the undo's requester), else ``"vote"``."""


@dataclass(frozen=True)
class NoticeRow:
    """Something owed to a user that could not be delivered, kept until it is."""

    id: int
    user_id: int
    table_id: int | None
    payload_json: str
    created_at: datetime
    delivered_at: datetime | None = None


@dataclass(frozen=True)
class TableFilter:
    """Which tables to list."""

    guild_id: int | None = None
    channel_id: int | None = None
    statuses: tuple[TableStatus, ...] = ("lobby", "active")
    user_id: int | None = None
    """Only tables where this user holds a seat."""
    thread_id: int | None = None
    """Only tables played in this Discord thread."""
    unannounced: bool = False
    """Only tables whose log holds entries after their ``announced_seq``."""
    unsettled: bool = False
    """Only tables whose ``settled_seq`` is not their head (:attr:`TableRow.unsettled`)."""
    newest_first: bool = False
    """The latest tables (by number) first, so that ``limit`` keeps the latest; else the earliest
    first."""
    limit: int = field(default=100)


@dataclass(frozen=True)
class AwaySpell:
    """A time a user is away: from ``starts_at`` to ``ends_at``, or to ``ended_at`` when they came
    back early. While it lasts, the clocks of their seats stand still."""

    user_id: int
    starts_at: datetime
    ends_at: datetime
    ended_at: datetime | None = None

    @property
    def until(self) -> datetime:
        """When the spell ends (or ended)."""
        return self.ended_at if self.ended_at is not None else self.ends_at

    def lasts_at(self, moment: datetime) -> bool:
        """Whether the user is away at ``moment``."""
        return self.starts_at <= moment < self.until


@dataclass(frozen=True)
class Handover:
    """A seat being handed to another person: proposed by ``by_user_id``, agreed by the players in
    ``approvals``; once ``offered``, the new person is asked to accept."""

    table_id: int
    seat: int
    to_user_id: int
    to_name: str
    by_user_id: int
    created_at: datetime
    approvals: tuple[int, ...] = ()
    offered: bool = False
