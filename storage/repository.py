"""The storage interface every backend implements (SQLite and PostgreSQL,
see docs/architecture.md, "Storage").

The action log is append-only and event-sourced: a table is rebuilt from its game id, seats,
options, seed and the ordered entries; snapshots only speed loading. :meth:`Repository.append`
is the concurrency check: the caller names the head it read, and a writer whose head is stale
gets :class:`StaleWrite` and nothing is written (it reloads and retries, or tells the player
the prompt is out of date).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Mapping, Sequence
from datetime import datetime
from types import TracebackType
from typing import Any, Literal

from storage.records import (
    AwaySpell,
    Deadline,
    Entry,
    Handover,
    NewEntry,
    NewTable,
    NoticeRow,
    Preference,
    SeatRow,
    Snapshot,
    StoredEvent,
    TableFilter,
    TableRow,
    TableStatus,
    Vote,
    VoteKind,
)


class StorageError(Exception):
    """Something storage cannot do (a bug or a broken database, never a player's mistake)."""


class StaleWrite(StorageError):
    """Another writer appended first: the head the caller read is no longer the table's head."""

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        super().__init__(
            f"table {table_id}: expected to append after seq {expected}, but the log is at seq {actual}"
        )
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class MissingTable(StorageError):
    """No table with that id."""


StorageCause = Literal["disk_full", "read_only", "io_error", "damaged", "locked"]
"""Why a database cannot be used right now, whatever the backend."""

FIXES: dict[StorageCause, str] = {
    "disk_full": "free space on the disk that holds the database (nothing committed is lost)",
    "read_only": "make the database file, its -wal/-shm files and its folder writable by the bot's user",
    "io_error": "check the disk and file system that hold the database (kernel log, SMART), then restart",
    "damaged": "stop the bot and salvage the file into a new one with python -m storage.backup --salvage",
    "locked": "another process holds the database's write lock: find it (fuser on the file) and stop it",
}
"""What the operator does about each cause (the second half of the one log line)."""


class StorageUnavailable(StorageError):
    """The database cannot store or give back data right now, for a reason outside the bot's code:
    the disk is full, the file is read-only, the disk fails, the file is damaged, or another process
    holds the write lock too long. Nothing committed before is lost; the command that met it wrote
    nothing. Every backend raises this class, so callers tell players and operators the same way.
    """

    def __init__(self, cause: StorageCause, detail: str, *, fix: str | None = None) -> None:
        self.cause: StorageCause = cause
        self.detail = detail
        self.fix = fix or FIXES[cause]
        super().__init__(self.operator_line())

    def operator_line(self) -> str:
        """One log line for whoever runs the bot: the cause and the fix."""
        return f"storage unavailable ({self.cause}): {self.detail}; fix: {self.fix}"


class DamagedDatabase(StorageUnavailable):
    """The database file fails its integrity check at open; the bot refuses to start on it."""

    def __init__(self, detail: str, *, fix: str) -> None:
        super().__init__("damaged", detail, fix=fix)


class Repository(ABC):
    """Async persistence of tables, seats, the action log, snapshots, deadlines and preferences."""

    # ---- life -------------------------------------------------------------------------------

    @abstractmethod
    async def close(self) -> None:
        """Close the connection; the repository is unusable afterwards."""

    async def __aenter__(self) -> Repository:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # ---- tables and seats -------------------------------------------------------------------

    @abstractmethod
    async def create_table(self, table: NewTable, now: datetime) -> TableRow:
        """Store a new table in the lobby and return it with its id."""

    @abstractmethod
    async def get_table(self, table_id: int) -> TableRow | None:
        """The table, or ``None``."""

    @abstractmethod
    async def list_tables(self, where: TableFilter) -> list[TableRow]:
        """Tables matching ``where``, oldest first."""

    @abstractmethod
    async def update_table(
        self,
        table_id: int,
        now: datetime,
        *,
        status: TableStatus | None = None,
        seed: int | None = None,
        pace_hours: float | None = None,
        stand_ins: bool | None = None,
        thread_id: int | None = None,
        locale: str | None = None,
    ) -> TableRow:
        """Change the named fields (``None`` = keep) and ``updated_at``.

        :raises MissingTable: no such table.
        """

    @abstractmethod
    async def mark_announced(self, table_id: int, seq: int, *, telling: str | None = None) -> None:
        """Record that the table's thread has been told everything up to log entry ``seq``, and
        with ``telling`` (see :meth:`telling`) how it was told, in the same transaction.

        The mark only moves forward: a lower ``seq`` than the stored one changes nothing (two
        deliveries finishing out of order must not make the later one's entries unannounced).
        ``telling`` is stored whatever the mark does.
        """

    @abstractmethod
    async def telling(self, table_id: int) -> str | None:
        """What the adapter keeps about how the table's thread was told (JSON text storage hands
        back untouched, e.g. which of its messages go on being edited), or ``None``."""

    @abstractmethod
    async def set_telling(self, table_id: int, telling: str) -> None:
        """Store (insert or replace) :meth:`telling` alone, leaving the announcement mark."""

    @abstractmethod
    async def mark_settled(self, table_id: int, seq: int | None) -> None:
        """Record that the table was settled at log length ``seq`` (``None``: it has a change that
        is not settled yet), so that a restart passes over it while its head stays ``seq``."""

    @abstractmethod
    async def seats(self, table_id: int) -> list[SeatRow]:
        """The table's seats in seat order."""

    async def table_with_seats(self, table_id: int) -> tuple[TableRow, list[SeatRow]] | None:
        """The table and its seats in seat order (:meth:`get_table` and :meth:`seats`), or
        ``None``; a store that can reads both at once, as one committed state (every command reads
        them first)."""
        row = await self.get_table(table_id)
        if row is None:
            return None
        return row, await self.seats(table_id)

    @abstractmethod
    async def add_seat(self, seat: SeatRow) -> None:
        """Add a seat; ``seat.position`` must be free.

        :raises StorageError: the position or the user is already seated at that table.
        """

    @abstractmethod
    async def remove_seat(self, table_id: int, position: int) -> None:
        """Remove a seat; later seats move up one position."""

    @abstractmethod
    async def start_table(
        self, table_id: int, seed: int, order: Sequence[int], now: datetime, *, rules_version: int = 1
    ) -> TableRow:
        """Fix the seat order (``order[i]`` = the old position of new seat ``i``), the seed and the
        version of the game's rules, and make the table active, in one transaction."""

    @abstractmethod
    async def set_stand_in(self, table_id: int, position: int, bot: str | None) -> None:
        """Let bot ``bot`` stand in for the seat (``None`` = the player is back)."""

    # ---- the action log ---------------------------------------------------------------------

    @abstractmethod
    async def append(
        self,
        table_id: int,
        expected_head: int,
        entries: Sequence[NewEntry],
        now: datetime,
        *,
        snapshot: tuple[int, str] | None = None,
        replaces_after: int | None = None,
    ) -> int:
        """Append ``entries`` as seqs ``expected_head + 1 …`` with their events, atomically, and
        return the new head. ``snapshot`` (seq, state JSON) is stored in the same transaction with
        its :func:`~storage.records.snapshot_checksum`; with no entries, the snapshot alone is
        stored, of the head ``expected_head`` (still checked). With a snapshot, ``replaces_after``
        drops the table's snapshots with ``replaces_after < seq <`` the new one's in the same
        transaction: the new one makes them needless, and those at or before ``replaces_after``
        stay as older fallbacks. An undo entry marks the entries it cancels
        (their :attr:`~storage.records.Entry.undone_by`) in the same transaction.

        :raises StaleWrite: the log's head is not ``expected_head``; nothing is written.
        """

    @abstractmethod
    async def entries(self, table_id: int, after: int = 0, through: int | None = None) -> list[Entry]:
        """Log entries with ``after < seq <= through`` (no upper bound when ``None``) in order, with
        their events and whether an undo cancelled them."""

    @abstractmethod
    async def actions_in_force(self, table_id: int, after: int, through: int) -> list[Entry]:
        """The action entries with ``after < seq <= through`` that no undo up to ``through``
        cancels, in order, with their events: the moves a position is made of, read without the
        moves taken back between them."""

    @abstractmethod
    async def told_seqs(self, table_id: int, after: int, through: int, last: int) -> list[int]:
        """The seqs of the last ``last`` entries with ``after < seq <= through`` that no undo up to
        ``through`` cancels (the actions in force then, and the undo entries), in order: the end of
        the log as it is told, read by index without the moves taken back before it."""

    @abstractmethod
    async def events_at(self, table_id: int, seqs: Sequence[int]) -> dict[int, tuple[StoredEvent, ...]]:
        """The events of the table's entries ``seqs``, by seq, each entry's in order (an entry with
        no events, or a seq the log does not hold, is left out): what those entries tell, read
        without the rest of their rows."""

    @abstractmethod
    async def last_action_by(self, table_id: int, actor: str) -> int:
        """The seq of ``actor``'s last action entry that no undo cancels (0 when there is none),
        found without reading the log."""

    @abstractmethod
    async def head(self, table_id: int) -> int:
        """The seq of the table's last entry (0 when empty)."""

    @abstractmethod
    async def latest_snapshot(self, table_id: int, at_most: int | None = None) -> Snapshot | None:
        """The newest snapshot with ``seq <= at_most`` (any seq when ``None``), as stored: the
        caller checks :attr:`~storage.records.Snapshot.intact` before trusting it.

        :raises StorageError: the snapshot cannot be read (a damaged page); the log still can.
        """

    @abstractmethod
    async def drop_snapshots(self, table_id: int, from_seq: int) -> None:
        """Forget snapshots with ``seq >= from_seq`` (after an undo made them wrong)."""

    # ---- deadlines (reminders) --------------------------------------------------------------

    @abstractmethod
    async def set_deadlines(
        self, table_id: int, deadlines: Sequence[Deadline], *, settled_at: int | None = None
    ) -> None:
        """Replace the table's deadlines with ``deadlines`` (one per seat owing a decision), and with
        ``settled_at`` record in the same transaction that the table is settled at that log length
        (:meth:`mark_settled`)."""

    @abstractmethod
    async def deadlines(self, table_id: int) -> list[Deadline]:
        """The table's deadlines by seat."""

    @abstractmethod
    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        """Deadlines of active tables with ``due_at <= now``, earliest first."""

    @abstractmethod
    async def deadlines_for_user(self, user_id: int) -> list[Deadline]:
        """Every deadline a user has, at any table."""

    @abstractmethod
    async def update_deadline(self, deadline: Deadline) -> None:
        """Store a changed deadline (new due time, reminder count)."""

    # ---- leases (several processes on one database) -----------------------------------------

    @abstractmethod
    async def acquire_lease(self, key: str, owner: str, now: datetime, until: datetime) -> bool:
        """Take the lease ``key`` for ``owner`` until ``until``, atomically across processes: it is
        taken when nobody holds it, when its holder's lease ran out (``expires_at <= now``), or when
        ``owner`` holds it already (then it is renewed). ``False``: another owner holds it.
        """

    @abstractmethod
    async def release_lease(self, key: str, owner: str) -> None:
        """Give the lease ``key`` up, if ``owner`` holds it (another owner's is left alone)."""

    # ---- preferences, votes, notices --------------------------------------------------------

    @abstractmethod
    async def get_preference(self, user_id: int) -> Preference | None:
        """The user's preferences, or ``None`` if never set."""

    @abstractmethod
    async def set_preference(self, preference: Preference) -> None:
        """Store (insert or replace) a user's preferences."""

    @abstractmethod
    async def add_vote(self, vote: Vote) -> None:
        """Record (or renew) a user's vote of that kind at that table."""

    @abstractmethod
    async def votes(self, table_id: int, kind: VoteKind) -> list[Vote]:
        """The table's votes of ``kind``, oldest first."""

    @abstractmethod
    async def clear_votes(self, table_id: int, kind: VoteKind) -> None:
        """Forget the table's votes of ``kind``."""

    @abstractmethod
    async def add_notice(self, user_id: int, table_id: int | None, payload_json: str, now: datetime) -> int:
        """Keep something owed to a user; return its id."""

    @abstractmethod
    async def pending_notices(self, user_id: int) -> list[NoticeRow]:
        """Undelivered notices of a user, oldest first."""

    @abstractmethod
    async def mark_delivered(self, notice_ids: Sequence[int], now: datetime) -> None:
        """Mark notices delivered."""

    # ---- away, rematches, seats handed over -------------------------------------------------

    @abstractmethod
    async def add_away(self, spell: AwaySpell) -> None:
        """Record a spell away (a user has at most one starting at a given moment)."""

    @abstractmethod
    async def away_spells(self, user_id: int, since: datetime) -> list[AwaySpell]:
        """The user's spells away that end (or ended) after ``since``, earliest first."""

    @abstractmethod
    async def end_away(self, user_id: int, starts_at: datetime, at: datetime) -> bool:
        """Record that the spell starting at ``starts_at`` ended at ``at`` (early, or at its end
        once its end was told): ``False`` when it was recorded ended already, by another writer."""

    @abstractmethod
    async def expired_away_spells(self, now: datetime) -> list[AwaySpell]:
        """Spells that ran to their end by ``now`` and are not yet recorded ended, earliest first."""

    @abstractmethod
    async def set_rematch(self, table_id: int, rematch_id: int) -> int:
        """Record ``rematch_id`` as the rematch of ``table_id`` unless one is recorded already;
        return the rematch recorded (the earlier one, when two writers raced)."""

    @abstractmethod
    async def rematch_of(self, table_id: int) -> int | None:
        """The rematch recorded for ``table_id``, or ``None``."""

    @abstractmethod
    async def put_handover(self, handover: Handover) -> None:
        """Store (insert or replace) the table's handover under way."""

    @abstractmethod
    async def handover(self, table_id: int) -> Handover | None:
        """The table's handover under way, or ``None``."""

    @abstractmethod
    async def drop_handover(self, table_id: int) -> None:
        """Forget the table's handover under way."""

    @abstractmethod
    async def hand_seat(self, table_id: int, position: int, user_id: int, name: str, locale: str) -> None:
        """In one transaction: give the seat to ``user_id`` (named ``name``, reading ``locale``), with
        no stand-in, move the seat's deadline to them, and forget the table's handover. The
        creator's own seat takes the creator's say over the table with it: ``user_id`` becomes the
        table's creator.

        :raises StorageError: ``user_id`` already holds another seat at the table.
        """

    # ---- moving house (storage.copy) --------------------------------------------------------

    @abstractmethod
    async def row_tables(self) -> list[str]:
        """The names of the database's tables of rows (not the backend's own bookkeeping)."""

    @abstractmethod
    def export_rows(self, name: str) -> AsyncIterator[dict[str, Any]]:
        """Every row of table ``name``, column by column, in no particular order. Values are plain:
        ``int``, ``float``, ``str``, ``None``, ``bool`` for flags, aware UTC ``datetime`` for times."""

    @abstractmethod
    async def import_rows(self, name: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """Insert ``rows`` (as :meth:`export_rows` gives them, ids included) into table ``name``, in
        one transaction; ids handed out later follow the highest one imported."""


__all__ = [
    "FIXES",
    "DamagedDatabase",
    "MissingTable",
    "Repository",
    "StaleWrite",
    "StorageCause",
    "StorageError",
    "StorageUnavailable",
]
