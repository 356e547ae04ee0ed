"""The SQLite backend: one long-lived :mod:`aiosqlite` connection for writes and one for reads, in
WAL mode, each on the thread aiosqlite gives it.

* **One round trip per transaction.** Everything a write does (``BEGIN IMMEDIATE``, the head check,
  the inserts, ``COMMIT``, or ``ROLLBACK`` on any exception) is one plain :mod:`sqlite3` function
  handed to the writer's thread in one call (:meth:`SqliteRepository.write`); a read is one call to
  the reader's thread. The event loop waits for one answer per transaction, not one per statement.
  ``IMMEDIATE`` takes SQLite's write lock at the start, so the "is the head still what I read?"
  check in :meth:`~SqliteRepository.append` and the inserts that follow are one atomic step, also
  against other processes on the same file (they wait up to ``busy_timeout``).
* **One writer, one transaction at a time.** The writer's thread runs one function at a time, in
  the order they were handed over, and each is a whole transaction: two transactions never
  interleave. A write cancelled before its thread took it up never runs; one already running runs
  to its ``COMMIT`` or ``ROLLBACK`` (the connection is never left inside a transaction).
* **Reads never wait for writes.** Reads go through a second connection (its own thread): in WAL
  mode a reader sees the last commit and is not blocked by a writer, so a command waiting for
  another process's write lock holds up only the writes queued behind it, never a status or a view.
  A read of several statements runs in one read transaction (one consistent picture).
* **Every statement's cursor is read to the end and closed** (:func:`_query`): a statement left
  in progress would make the next ``COMMIT`` fail.
* **Durability.** WAL with ``synchronous=FULL``: a committed append survives a crash of the process
  or the machine; an uncommitted one leaves no trace.
* **Checked at open.** ``PRAGMA quick_check`` runs before anything else; a damaged file is refused
  (:class:`~storage.repository.DamagedDatabase`) with the command that salvages it.
* **Errors are classified** (:func:`classify`): disk full, read-only, I/O errors, damage and a lock
  held too long become :class:`~storage.repository.StorageUnavailable`, which every backend raises.
* **Migrations** run on open (:mod:`storage.migrations`).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self, TypeVar, cast

import aiosqlite

from storage.migrations import MIGRATIONS, SCHEMA_VERSION, statements
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
    VoteRole,
    snapshot_checksum,
)
from storage.repository import (
    DamagedDatabase,
    MissingTable,
    Repository,
    StaleWrite,
    StorageCause,
    StorageError,
    StorageUnavailable,
)
from storage.rows import events_by_seq, log_entries, seat_row, table_row

FLAG_COLUMNS = frozenset({"stand_ins", "reveals", "offered"})
"""Columns SQLite keeps as 0/1 that are flags (booleans) everywhere else."""

BUSY_TIMEOUT_MS = 10_000
"""How long a writer waits for another process's write lock before giving up."""

EXPORT_BATCH = 500
"""Rows :meth:`SqliteRepository.export_rows` reads per round trip."""

T = TypeVar("T")

Wrap = Callable[[sqlite3.Connection], sqlite3.Connection]
"""Something put between the repository and its connections (fault injection in tests). It is
called on the connection's own thread and whatever it returns is used on that thread only."""

_CAUSES: dict[int, StorageCause] = {
    sqlite3.SQLITE_FULL: "disk_full",
    sqlite3.SQLITE_READONLY: "read_only",
    sqlite3.SQLITE_CANTOPEN: "read_only",
    sqlite3.SQLITE_PERM: "read_only",
    sqlite3.SQLITE_IOERR: "io_error",
    sqlite3.SQLITE_CORRUPT: "damaged",
    sqlite3.SQLITE_NOTADB: "damaged",
    sqlite3.SQLITE_BUSY: "locked",
    sqlite3.SQLITE_LOCKED: "locked",
}
"""SQLite's primary result codes that mean the database, not the code, is the trouble."""


def salvage_command(path: Path | str) -> str:
    """The shell command that copies what can still be read of a damaged database into a new file."""
    return f"python -m storage.backup --salvage {path} {path}.salvaged (then use the .salvaged file)"


def classify(exc: sqlite3.Error, path: Path | str) -> StorageError:
    """The storage error ``exc`` stands for: :class:`StorageUnavailable` with its cause when the
    database is the trouble (full, read-only, failing disk, damaged, locked), else a plain
    :class:`StorageError` (a bug: a statement this build got wrong)."""
    code = getattr(exc, "sqlite_errorcode", None)
    cause = _CAUSES.get(code & 0xFF) if isinstance(code, int) else None
    if cause is None:
        return StorageError(f"{path}: {exc}")
    fix = f"stop the bot and salvage the file: {salvage_command(path)}" if cause == "damaged" else None
    return StorageUnavailable(cause, f"{path}: {exc}", fix=fix)


def encode_time(moment: datetime) -> str:
    """Aware datetime → fixed-width UTC ISO text (so text order is time order).

    :raises ValueError: a naive datetime (whose zone would be a guess).
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}; storage keeps aware UTC datetimes only")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")


def decode_time(text: str) -> datetime:
    """Stored text → aware UTC datetime."""
    return datetime.fromisoformat(text).astimezone(UTC)


def _query(db: sqlite3.Connection, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
    """Run one statement, read every row it yields and close its cursor."""
    cursor = db.execute(sql, tuple(params))
    try:
        return list(cursor.fetchall())
    finally:
        cursor.close()


def _query_many(db: sqlite3.Connection, sql: str, rows: Iterable[Iterable[Any]]) -> None:
    """Run one statement for each of ``rows`` and close its cursor."""
    db.executemany(sql, [tuple(r) for r in rows]).close()


_ACTIONS_IN_FORCE = """
    SELECT * FROM actions INDEXED BY actions_in_force
        WHERE table_id = ? AND seq > ? AND seq <= ? AND kind = 'action' AND undone_by IS NULL
    UNION ALL
    SELECT * FROM actions INDEXED BY actions_by_undo
        WHERE table_id = ? AND undone_by > ? AND seq > ? AND seq <= ? AND kind = 'action'
    ORDER BY seq
"""
"""The actions of a range (``after``, ``through``] that no undo up to ``through`` cancels: those in
force now, and those an undo after ``through`` cancelled, each read by its index."""

_TOLD_SEQS = """
    SELECT seq FROM (
        SELECT seq FROM (
            SELECT seq FROM actions INDEXED BY entries_told
                WHERE table_id = ? AND seq > ? AND seq <= ? AND undone_by IS NULL
                ORDER BY seq DESC LIMIT ?)
        UNION ALL
        SELECT seq FROM actions INDEXED BY actions_by_undo
            WHERE table_id = ? AND undone_by > ? AND seq > ? AND seq <= ?
        ORDER BY seq DESC LIMIT ?)
    ORDER BY seq
"""
"""The seqs of the last entries of a range (``after``, ``through``] that no undo up to ``through``
cancels, read from the end by index, however many moves were taken back before them."""


def _events_of(db: sqlite3.Connection, table_id: int, rows: Sequence[sqlite3.Row]) -> list[sqlite3.Row]:
    """The events of the entries ``rows``, by seq and index."""
    if not rows:
        return []
    return _query(
        db,
        "SELECT * FROM events WHERE table_id = ? AND seq IN (SELECT value FROM json_each(?))"
        " ORDER BY seq, idx",
        (table_id, json.dumps([r["seq"] for r in rows])),
    )


class _Link:
    """One :mod:`aiosqlite` connection: :meth:`run` hands its thread a function of the connection,
    one round trip however many statements the function runs.

    aiosqlite runs every call of a connection on one thread of its own, in order; its statement
    methods hand over one statement each. A whole transaction goes over as one function through
    the connection's own queue (``Connection._execute``, what each of its statement methods calls),
    so the event loop waits for one answer per transaction. ``aiosqlite`` is pinned below its next
    minor release in ``pyproject.toml`` for that reason, and ``tests/storage/test_sqlite.py`` checks
    that the call still runs on the connection's thread.
    """

    def __init__(self, conn: aiosqlite.Connection, db: sqlite3.Connection) -> None:
        self.conn = conn
        self._db = db

    @classmethod
    async def open(cls, path: Path | str, wrap: Wrap | None, busy_ms: int, *pragmas: str) -> _Link:
        conn = await aiosqlite.connect(path, isolation_level=None)

        def prepare(raw: sqlite3.Connection) -> sqlite3.Connection:
            raw.row_factory = sqlite3.Row
            db = raw if wrap is None else wrap(raw)
            for pragma in (f"PRAGMA busy_timeout = {int(busy_ms)}", *pragmas):
                _query(db, pragma)
            return db

        try:
            db = await _on_thread(conn, prepare, conn._conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, db)

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` on the connection's thread; its result or its exception.

        A call cancelled before the thread took it up never runs; one the thread has begun runs
        to its end (a transaction to its ``COMMIT`` or ``ROLLBACK``)."""
        given_up = threading.Event()

        def unless_given_up(db: sqlite3.Connection) -> T:
            if given_up.is_set():
                raise asyncio.CancelledError
            return work(db)

        try:
            return await _on_thread(self.conn, unless_given_up, self._db)
        except asyncio.CancelledError:
            given_up.set()
            raise

    async def close(self) -> None:
        await self.conn.close()


async def _on_thread(conn: aiosqlite.Connection, work: Callable[[Any], T], arg: Any) -> T:
    """``work(arg)`` run on ``conn``'s thread, in turn with its other calls."""
    execute = cast(Callable[..., Awaitable[T]], conn._execute)
    return await execute(work, arg)


def _in_transaction(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``BEGIN IMMEDIATE``, ``work``, ``COMMIT``; ``ROLLBACK`` if ``work`` or the commit raises."""
    _query(db, "BEGIN IMMEDIATE")
    try:
        result = work(db)
        _query(db, "COMMIT")
    except BaseException:
        with suppress(sqlite3.Error):  # the failure may have ended the transaction
            _query(db, "ROLLBACK")
        raise
    return result


def _in_read_transaction(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work`` inside ``BEGIN`` … ``ROLLBACK``: its statements read one committed state."""
    _query(db, "BEGIN")
    try:
        return work(db)
    finally:
        with suppress(sqlite3.Error):
            _query(db, "ROLLBACK")


class SqliteRepository(Repository):
    """:class:`~storage.repository.Repository` on one SQLite file. Open with :meth:`open`."""

    def __init__(self, writer: _Link, path: Path | str, reader: _Link | None = None, *,
                 wrap: Wrap | None = None, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
        self._writer = writer
        self._reader = reader or writer
        self.path = path
        self._wrap = wrap
        self._busy_ms = busy_timeout_ms

    @classmethod
    async def open(
        cls,
        path: Path | str,
        *,
        migrate: bool = True,
        check: bool = True,
        wrap: Wrap | None = None,
        busy_timeout_ms: int = BUSY_TIMEOUT_MS,
    ) -> Self:
        """Open (creating if needed) the database at ``path``, check it and migrate it to the
        current schema. ``wrap`` is put around both connections (tests inject faults with it);
        a write waits ``busy_timeout_ms`` for another process's write lock.

        :raises DamagedDatabase: ``PRAGMA quick_check`` finds the file damaged (or it is no
            database); the message names the command that salvages it.
        :raises StorageUnavailable: the file cannot be opened or written (read-only, disk full…).
        :raises StorageError: the file's schema is newer than this build knows.
        """
        memory = str(path) == ":memory:"
        if not memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        try:
            writer = await _Link.open(path, wrap, busy_timeout_ms, "PRAGMA journal_mode = WAL",
                                      "PRAGMA synchronous = FULL", "PRAGMA foreign_keys = ON")
        except sqlite3.Error as exc:
            raise _refusal(exc, path) from exc
        reader = None
        try:
            if check:
                await writer.run(lambda db: _check(db, path))
            if not memory:
                reader = await _Link.open(path, wrap, busy_timeout_ms, "PRAGMA query_only = ON")
        except sqlite3.Error as exc:
            await writer.close()
            raise _refusal(exc, path) from exc
        except BaseException:
            await writer.close()
            raise
        repo = cls(writer, path, reader, wrap=wrap, busy_timeout_ms=busy_timeout_ms)
        if migrate:
            try:
                await repo.migrate()
            except BaseException:
                await repo.close()
                raise
        return repo

    async def close(self) -> None:
        if self._reader is not self._writer:
            await self._reader.close()
        await self._writer.close()

    # ---- transactions and migrations --------------------------------------------------------

    async def write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work`` in one write transaction (``BEGIN IMMEDIATE`` … ``COMMIT``, ``ROLLBACK`` if it
        or the commit raises), in one round trip to the writer's thread; what ``work`` returns.

        :raises StorageUnavailable: the database could not take the write (nothing was written).
        """
        try:
            return await self._writer.run(lambda db: _in_transaction(db, work))
        except sqlite3.Error as exc:
            raise classify(exc, self.path) from exc

    async def _read(self, work: Callable[[sqlite3.Connection], T], *, consistent: bool = False) -> T:
        """``work`` on the read connection, in one round trip; with ``consistent``, its statements
        read one committed state.

        :raises StorageUnavailable: the database could not be read.
        """
        try:
            if consistent:
                return await self._reader.run(lambda db: _in_read_transaction(db, work))
            return await self._reader.run(work)
        except sqlite3.Error as exc:
            raise classify(exc, self.path) from exc

    async def schema_version(self) -> int:
        """The database's ``PRAGMA user_version``."""
        return await self._read(_user_version)

    async def migrate(self, target: int = SCHEMA_VERSION) -> int:
        """Apply the migrations between the file's version and ``target``; return the new version."""
        version = await self.schema_version()
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{self.path}: schema version {version} is newer than this build's {SCHEMA_VERSION}"
            )
        for number in range(version + 1, target + 1):

            def step(db: sqlite3.Connection, number: int = number) -> None:
                if _user_version(db) >= number:  # another process migrated meanwhile
                    return
                for statement in statements(MIGRATIONS[number - 1]):
                    _query(db, statement)
                _query(db, f"PRAGMA user_version = {number}")

            await self.write(step)
        return await self.schema_version()

    # ---- tables and seats -------------------------------------------------------------------

    async def create_table(self, table: NewTable, now: datetime) -> TableRow:
        stamp = encode_time(now)

        def create(db: sqlite3.Connection) -> TableRow:
            created = _query(
                db,
                "INSERT INTO tables (game_id, guild_id, channel_id, thread_id, creator_id, options_json,"
                " pace_hours, stand_ins, stand_in_after, locale, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (table.game_id, table.guild_id, table.channel_id, table.thread_id, table.creator_id,
                 table.options_json, table.pace_hours, int(table.stand_ins), table.stand_in_after,
                 table.locale, stamp, stamp),
            )
            return _table_by_id(db, int(created[0]["id"]))

        return await self.write(create)

    async def get_table(self, table_id: int) -> TableRow | None:
        rows = await self._read(
            lambda db: _query(db, f"SELECT {_TABLE_COLUMNS} FROM tables t WHERE t.id = ?", (table_id,))
        )
        return _table(rows[0]) if rows else None

    async def list_tables(self, where: TableFilter) -> list[TableRow]:
        clauses = [f"t.status IN ({', '.join('?' for _ in where.statuses)})"]
        params: list[Any] = list(where.statuses)
        for column, value in (("guild_id", where.guild_id), ("channel_id", where.channel_id),
                              ("thread_id", where.thread_id)):
            if value is not None:
                clauses.append(f"t.{column} = ?")
                params.append(value)
        if where.user_id is not None:
            clauses.append("EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?)")
            params.append(where.user_id)
        if where.unannounced:
            clauses.append(
                "EXISTS (SELECT 1 FROM actions a WHERE a.table_id = t.id AND a.seq > t.announced_seq)"
            )
        if where.unsettled:
            clauses.append(
                "t.settled_seq <> (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = t.id)"
            )
        params.append(where.limit)
        sql = (f"SELECT {_TABLE_COLUMNS} FROM tables t WHERE {' AND '.join(clauses)}"
               f" ORDER BY t.id{' DESC' if where.newest_first else ''} LIMIT ?")
        return await self._read(lambda db: [_table(r) for r in _query(db, sql, params)])

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
        changes: dict[str, Any] = {
            k: v
            for k, v in (("status", status), ("seed", seed), ("pace_hours", pace_hours),
                         ("stand_ins", None if stand_ins is None else int(stand_ins)),
                         ("thread_id", thread_id), ("locale", locale))
            if v is not None
        }
        changes["updated_at"] = encode_time(now)

        def update(db: sqlite3.Connection) -> TableRow:
            updated = _query(
                db,
                f"UPDATE tables SET {', '.join(f'{k} = ?' for k in changes)} WHERE id = ? RETURNING id",
                (*changes.values(), table_id),
            )
            if not updated:
                raise MissingTable(f"no table {table_id}")
            return _table_by_id(db, table_id)

        return await self.write(update)

    async def mark_announced(self, table_id: int, seq: int, *, telling: str | None = None) -> None:
        def mark(db: sqlite3.Connection) -> None:
            _query(db, "UPDATE tables SET announced_seq = MAX(announced_seq, ?) WHERE id = ?",
                   (seq, table_id))
            if telling is not None:
                _store_telling(db, table_id, telling)

        await self.write(mark)

    async def telling(self, table_id: int) -> str | None:
        rows = await self._read(
            lambda db: _query(db, "SELECT state_json FROM tellings WHERE table_id = ?", (table_id,))
        )
        return str(rows[0]["state_json"]) if rows else None

    async def set_telling(self, table_id: int, telling: str) -> None:
        await self.write(lambda db: _store_telling(db, table_id, telling))

    async def mark_settled(self, table_id: int, seq: int | None) -> None:
        await self.write(lambda db: _query(db, "UPDATE tables SET settled_seq = ? WHERE id = ?",
                                           (-1 if seq is None else seq, table_id)))

    async def seats(self, table_id: int) -> list[SeatRow]:
        return await self._read(lambda db: _seats(db, table_id))

    async def table_with_seats(self, table_id: int) -> tuple[TableRow, list[SeatRow]] | None:
        """Both in one round trip to the reader's thread, in one read transaction."""

        def read(db: sqlite3.Connection) -> tuple[TableRow, list[SeatRow]] | None:
            rows = _query(db, f"SELECT {_TABLE_COLUMNS} FROM tables t WHERE t.id = ?", (table_id,))
            return (_table(rows[0]), _seats(db, table_id)) if rows else None

        return await self._read(read, consistent=True)

    async def add_seat(self, seat: SeatRow) -> None:
        def add(db: sqlite3.Connection) -> None:
            try:
                _query(
                    db,
                    "INSERT INTO seats (table_id, position, user_id, bot, name, locale, stand_in)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (seat.table_id, seat.position, seat.user_id, seat.bot, seat.name, seat.locale,
                     seat.stand_in),
                )
            except sqlite3.IntegrityError as exc:
                raise StorageError(f"table {seat.table_id}: cannot seat {seat.name!r}: {exc}") from exc

        await self.write(add)

    async def remove_seat(self, table_id: int, position: int) -> None:
        def remove(db: sqlite3.Connection) -> None:
            _query(db, "DELETE FROM seats WHERE table_id = ? AND position = ?", (table_id, position))
            # Two steps so that no intermediate row collides with the (table_id, position) key.
            _query(db, "UPDATE seats SET position = -position WHERE table_id = ? AND position > ?",
                   (table_id, position))
            _query(db, "UPDATE seats SET position = -position - 1 WHERE table_id = ? AND position < 0",
                   (table_id,))

        await self.write(remove)

    async def start_table(
        self, table_id: int, seed: int, order: Sequence[int], now: datetime, *, rules_version: int = 1
    ) -> TableRow:
        def start(db: sqlite3.Connection) -> TableRow:
            rows = _query(db, "SELECT position FROM seats WHERE table_id = ? ORDER BY position", (table_id,))
            if sorted(order) != [r["position"] for r in rows]:
                raise StorageError(f"table {table_id}: seat order {list(order)} is not a permutation")
            for new, old in enumerate(order):
                _query(db, "UPDATE seats SET position = ? WHERE table_id = ? AND position = ?",
                       (-1 - new, table_id, old))
            _query(db, "UPDATE seats SET position = -position - 1 WHERE table_id = ? AND position < 0",
                   (table_id,))
            _query(
                db,
                "UPDATE tables SET seed = ?, status = 'active', updated_at = ?, rules_version = ?"
                " WHERE id = ?",
                (seed, encode_time(now), rules_version, table_id),
            )
            return _table_by_id(db, table_id)

        return await self.write(start)

    async def set_stand_in(self, table_id: int, position: int, bot: str | None) -> None:
        await self.write(lambda db: _query(
            db, "UPDATE seats SET stand_in = ? WHERE table_id = ? AND position = ?", (bot, table_id, position)
        ))

    # ---- the action log ---------------------------------------------------------------------

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
        stamp = encode_time(now)

        def append(db: sqlite3.Connection) -> int:
            head = _head(db, table_id)
            if head != expected_head:
                raise StaleWrite(table_id, expected_head, head)
            seqs = range(head + 1, head + 1 + len(entries))
            try:
                _query_many(
                    db,
                    "INSERT INTO actions (table_id, seq, kind, seat, actor, payload_json, undoes_json,"
                    " created_at, rules_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(table_id, seq, entry.kind, entry.seat, entry.actor, entry.payload_json,
                      json.dumps(list(entry.undoes)), stamp, entry.rules_version)
                     for seq, entry in zip(seqs, entries, strict=True)],
                )
                _query_many(
                    db,
                    "INSERT INTO events (table_id, seq, idx, message_json, visible_to_json, reveals,"
                    " data_json) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(table_id, seq, idx, e.message_json,
                      None if e.visible_to is None else json.dumps(sorted(e.visible_to)),
                      int(e.reveals), e.data_json)
                     for seq, entry in zip(seqs, entries, strict=True)
                     for idx, e in enumerate(entry.events)],
                )
            except sqlite3.IntegrityError as exc:
                if "UNIQUE" in str(exc) or "PRIMARY KEY" in str(exc):
                    # Only reachable if the head check were bypassed: the key is the last word.
                    raise StaleWrite(table_id, expected_head, head + 1) from exc
                raise StorageError(f"table {table_id}: entry refused: {exc}") from exc
            cancelled = [(seq, table_id, undone)
                         for seq, entry in zip(seqs, entries, strict=True) if entry.kind == "undo"
                         for undone in entry.undoes]
            if cancelled:
                _query_many(
                    db,
                    "UPDATE actions SET undone_by = ? WHERE table_id = ? AND seq = ? AND kind = 'action'"
                    " AND undone_by IS NULL",
                    cancelled,
                )
            if snapshot is not None:
                _query(
                    db,
                    "INSERT OR REPLACE INTO snapshots (table_id, seq, state_json, checksum)"
                    " VALUES (?, ?, ?, ?)",
                    (table_id, snapshot[0], snapshot[1], snapshot_checksum(table_id, *snapshot)),
                )
                if replaces_after is not None:
                    _query(db, "DELETE FROM snapshots WHERE table_id = ? AND seq > ? AND seq < ?",
                           (table_id, replaces_after, snapshot[0]))
            _query(db, "UPDATE tables SET updated_at = ? WHERE id = ?", (stamp, table_id))
            return head + len(entries)

        return await self.write(append)

    async def entries(self, table_id: int, after: int = 0, through: int | None = None) -> list[Entry]:
        bounds = (table_id, after, through if through is not None else 2**62)

        def read(db: sqlite3.Connection) -> list[Entry]:
            rows = _query(
                db, "SELECT * FROM actions WHERE table_id = ? AND seq > ? AND seq <= ? ORDER BY seq", bounds
            )
            event_rows = _query(
                db,
                "SELECT * FROM events WHERE table_id = ? AND seq > ? AND seq <= ? ORDER BY seq, idx",
                bounds,
            )
            return log_entries(table_id, rows, event_rows, decode_time)

        return await self._read(read, consistent=True)

    async def actions_in_force(self, table_id: int, after: int, through: int) -> list[Entry]:
        def read(db: sqlite3.Connection) -> list[Entry]:
            bounds = (table_id, after, through, table_id, through, after, through)
            rows = _query(db, _ACTIONS_IN_FORCE, bounds)
            return log_entries(table_id, rows, _events_of(db, table_id, rows), decode_time)

        return await self._read(read, consistent=True)

    async def told_seqs(self, table_id: int, after: int, through: int, last: int) -> list[int]:
        rows = await self._read(lambda db: _query(
            db, _TOLD_SEQS, (table_id, after, through, last, table_id, through, after, through, last)
        ), consistent=True)
        return [r[0] for r in rows]

    async def events_at(self, table_id: int, seqs: Sequence[int]) -> dict[int, tuple[StoredEvent, ...]]:
        if not seqs:
            return {}
        rows = await self._read(lambda db: _query(
            db,
            "SELECT seq, message_json, visible_to_json, reveals, data_json FROM events"
            " WHERE table_id = ? AND seq IN (SELECT value FROM json_each(?)) ORDER BY seq, idx",
            (table_id, json.dumps(list(seqs))),
        ), consistent=True)
        return events_by_seq(rows)

    async def last_action_by(self, table_id: int, actor: str) -> int:
        rows = await self._read(lambda db: _query(
            db,
            "SELECT COALESCE(MAX(seq), 0) FROM actions INDEXED BY actions_by_actor"
            " WHERE table_id = ? AND actor = ?"
            " AND kind = 'action' AND undone_by IS NULL",
            (table_id, actor),
        ))
        return int(rows[0][0])

    async def head(self, table_id: int) -> int:
        return await self._read(lambda db: _head(db, table_id))

    async def latest_snapshot(self, table_id: int, at_most: int | None = None) -> Snapshot | None:
        try:
            rows = await self._read(lambda db: _query(
                db,
                "SELECT * FROM snapshots WHERE table_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
                (table_id, at_most if at_most is not None else 2**62),
            ))
        except StorageUnavailable as exc:
            if exc.cause != "damaged":  # locked, full, failing disk: not the snapshot's fault
                raise
            raise StorageError(
                f"table {table_id}: snapshot at or before {at_most} cannot be read: {exc.detail}") from exc
        for r in rows:
            return Snapshot(table_id=table_id, seq=r["seq"], state_json=r["state_json"],
                            checksum=r["checksum"])
        return None

    async def drop_snapshots(self, table_id: int, from_seq: int) -> None:
        await self.write(lambda db: _query(
            db, "DELETE FROM snapshots WHERE table_id = ? AND seq >= ?", (table_id, from_seq)
        ))

    # ---- deadlines --------------------------------------------------------------------------

    async def set_deadlines(
        self, table_id: int, deadlines: Sequence[Deadline], *, settled_at: int | None = None
    ) -> None:
        def store(db: sqlite3.Connection) -> None:
            if settled_at is not None:
                _query(db, "UPDATE tables SET settled_seq = ? WHERE id = ?", (settled_at, table_id))
            _query(db, "DELETE FROM reminders WHERE table_id = ?", (table_id,))
            _query_many(
                db,
                "INSERT INTO reminders (table_id, seat, user_id, due_at, since_seq, reminded)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, d.seat, d.user_id, encode_time(d.due_at), d.since_seq, d.reminded)
                 for d in deadlines],
            )

        await self.write(store)

    async def deadlines(self, table_id: int) -> list[Deadline]:
        return await self._deadlines("r.table_id = ?", (table_id,), "r.seat")

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        return await self._deadlines(
            "r.due_at <= ? AND t.status = 'active'", (encode_time(now),), "r.due_at, r.table_id, r.seat"
        )

    async def deadlines_for_user(self, user_id: int) -> list[Deadline]:
        return await self._deadlines("r.user_id = ? AND t.status = 'active'", (user_id,), "r.due_at")

    async def _deadlines(self, where: str, params: Iterable[Any], order: str) -> list[Deadline]:
        sql = f"SELECT r.* FROM reminders r JOIN tables t ON t.id = r.table_id WHERE {where} ORDER BY {order}"
        rows = await self._read(lambda db: _query(db, sql, tuple(params)))
        return [
            Deadline(table_id=r["table_id"], seat=r["seat"], user_id=r["user_id"],
                     due_at=decode_time(r["due_at"]), since_seq=r["since_seq"], reminded=r["reminded"])
            for r in rows
        ]

    async def update_deadline(self, deadline: Deadline) -> None:
        await self.write(lambda db: _query(
            db,
            "UPDATE reminders SET due_at = ?, reminded = ?, since_seq = ?, user_id = ?"
            " WHERE table_id = ? AND seat = ?",
            (encode_time(deadline.due_at), deadline.reminded, deadline.since_seq, deadline.user_id,
             deadline.table_id, deadline.seat),
        ))

    # ---- leases -----------------------------------------------------------------------------

    async def acquire_lease(self, key: str, owner: str, now: datetime, until: datetime) -> bool:
        # BEGIN IMMEDIATE holds SQLite's write lock: the look and the take are one step.
        rows = await self.write(lambda db: _query(
            db,
            "INSERT INTO leases (key, owner, expires_at) VALUES (?, ?, ?)"
            " ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at"
            " WHERE leases.owner = excluded.owner OR leases.expires_at <= ? RETURNING owner",
            (key, owner, encode_time(until), encode_time(now)),
        ))
        return bool(rows)

    async def release_lease(self, key: str, owner: str) -> None:
        await self.write(lambda db: _query(
            db, "DELETE FROM leases WHERE key = ? AND owner = ?", (key, owner)
        ))

    # ---- preferences, votes, notices --------------------------------------------------------

    async def get_preference(self, user_id: int) -> Preference | None:
        rows = await self._read(lambda db: _query(
            db, "SELECT * FROM preferences WHERE user_id = ?", (user_id,)
        ))
        for r in rows:
            return Preference(user_id=user_id, locale=r["locale"], quiet_start=r["quiet_start"],
                              quiet_end=r["quiet_end"], utc_offset_minutes=r["utc_offset_minutes"])
        return None

    async def set_preference(self, preference: Preference) -> None:
        p = preference
        await self.write(lambda db: _query(
            db,
            "INSERT OR REPLACE INTO preferences (user_id, locale, quiet_start, quiet_end,"
            " utc_offset_minutes) VALUES (?, ?, ?, ?, ?)",
            (p.user_id, p.locale, p.quiet_start, p.quiet_end, p.utc_offset_minutes),
        ))

    async def add_vote(self, vote: Vote) -> None:
        await self.write(lambda db: _query(
            db,
            "INSERT OR REPLACE INTO votes (table_id, kind, user_id, seq, role, created_at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (vote.table_id, vote.kind, vote.user_id, vote.seq, vote.role, encode_time(vote.created_at)),
        ))

    async def votes(self, table_id: int, kind: VoteKind) -> list[Vote]:
        rows = await self._read(lambda db: _query(
            db,
            "SELECT * FROM votes WHERE table_id = ? AND kind = ? ORDER BY created_at, user_id",
            (table_id, kind),
        ))
        return [Vote(table_id=table_id, kind=kind, user_id=r["user_id"], seq=r["seq"],
                     created_at=decode_time(r["created_at"]), role=cast(VoteRole, r["role"])) for r in rows]

    async def clear_votes(self, table_id: int, kind: VoteKind) -> None:
        await self.write(lambda db: _query(
            db, "DELETE FROM votes WHERE table_id = ? AND kind = ?", (table_id, kind)
        ))

    async def add_notice(self, user_id: int, table_id: int | None, payload_json: str, now: datetime) -> int:
        added = await self.write(lambda db: _query(
            db,
            "INSERT INTO notices (user_id, table_id, payload_json, created_at) VALUES (?, ?, ?, ?)"
            " RETURNING id",
            (user_id, table_id, payload_json, encode_time(now)),
        ))
        return int(added[0]["id"])

    async def pending_notices(self, user_id: int) -> list[NoticeRow]:
        rows = await self._read(lambda db: _query(
            db, "SELECT * FROM notices WHERE user_id = ? AND delivered_at IS NULL ORDER BY id", (user_id,)
        ))
        return [NoticeRow(id=r["id"], user_id=user_id, table_id=r["table_id"], payload_json=r["payload_json"],
                          created_at=decode_time(r["created_at"])) for r in rows]

    async def mark_delivered(self, notice_ids: Sequence[int], now: datetime) -> None:
        stamp = encode_time(now)
        await self.write(lambda db: _query_many(
            db, "UPDATE notices SET delivered_at = ? WHERE id = ?", [(stamp, i) for i in notice_ids]
        ))

    # ---- away, rematches, seats handed over -------------------------------------------------

    async def add_away(self, spell: AwaySpell) -> None:
        await self.write(lambda db: _query(
            db,
            "INSERT INTO away_spells (user_id, starts_at, ends_at, ended_at) VALUES (?, ?, ?, ?)",
            (spell.user_id, encode_time(spell.starts_at), encode_time(spell.ends_at),
             None if spell.ended_at is None else encode_time(spell.ended_at)),
        ))

    async def away_spells(self, user_id: int, since: datetime) -> list[AwaySpell]:
        rows = await self._read(lambda db: _query(
            db,
            "SELECT * FROM away_spells WHERE user_id = ? AND COALESCE(ended_at, ends_at) > ?"
            " ORDER BY starts_at",
            (user_id, encode_time(since)),
        ))
        return [AwaySpell(user_id=user_id, starts_at=decode_time(r["starts_at"]),
                          ends_at=decode_time(r["ends_at"]),
                          ended_at=None if r["ended_at"] is None else decode_time(r["ended_at"]))
                for r in rows]

    async def end_away(self, user_id: int, starts_at: datetime, at: datetime) -> bool:
        ended = await self.write(lambda db: _query(
            db,
            "UPDATE away_spells SET ended_at = ? WHERE user_id = ? AND starts_at = ? AND ended_at IS NULL"
            " RETURNING user_id",
            (encode_time(at), user_id, encode_time(starts_at)),
        ))
        return bool(ended)

    async def expired_away_spells(self, now: datetime) -> list[AwaySpell]:
        rows = await self._read(lambda db: _query(
            db,
            "SELECT * FROM away_spells WHERE ended_at IS NULL AND ends_at <= ? ORDER BY ends_at, user_id",
            (encode_time(now),),
        ))
        return [AwaySpell(user_id=r["user_id"], starts_at=decode_time(r["starts_at"]),
                          ends_at=decode_time(r["ends_at"])) for r in rows]

    async def set_rematch(self, table_id: int, rematch_id: int) -> int:
        def store(db: sqlite3.Connection) -> list[sqlite3.Row]:
            _query(db, "INSERT OR IGNORE INTO rematches (table_id, rematch_id) VALUES (?, ?)",
                   (table_id, rematch_id))
            return _query(db, "SELECT rematch_id FROM rematches WHERE table_id = ?", (table_id,))

        rows = await self.write(store)
        return int(rows[0]["rematch_id"])

    async def rematch_of(self, table_id: int) -> int | None:
        rows = await self._read(lambda db: _query(
            db, "SELECT rematch_id FROM rematches WHERE table_id = ?", (table_id,)
        ))
        return int(rows[0]["rematch_id"]) if rows else None

    async def put_handover(self, handover: Handover) -> None:
        h = handover
        await self.write(lambda db: _query(
            db,
            "INSERT OR REPLACE INTO handovers (table_id, seat, to_user_id, to_name, by_user_id,"
            " approvals_json, offered, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (h.table_id, h.seat, h.to_user_id, h.to_name, h.by_user_id, json.dumps(list(h.approvals)),
             int(h.offered), encode_time(h.created_at)),
        ))

    async def handover(self, table_id: int) -> Handover | None:
        rows = await self._read(lambda db: _query(
            db, "SELECT * FROM handovers WHERE table_id = ?", (table_id,)
        ))
        for r in rows:
            return Handover(table_id=table_id, seat=r["seat"], to_user_id=r["to_user_id"],
                            to_name=r["to_name"], by_user_id=r["by_user_id"],
                            created_at=decode_time(r["created_at"]),
                            approvals=tuple(json.loads(r["approvals_json"])), offered=bool(r["offered"]))
        return None

    async def drop_handover(self, table_id: int) -> None:
        await self.write(lambda db: _query(db, "DELETE FROM handovers WHERE table_id = ?", (table_id,)))

    async def hand_seat(self, table_id: int, position: int, user_id: int, name: str, locale: str) -> None:
        def hand(db: sqlite3.Connection) -> None:
            try:
                _query(
                    db,
                    "UPDATE tables SET creator_id = ? WHERE id = ? AND creator_id ="
                    " (SELECT user_id FROM seats WHERE table_id = ? AND position = ?)",
                    (user_id, table_id, table_id, position),
                )
                _query(
                    db,
                    "UPDATE seats SET user_id = ?, name = ?, locale = ?, stand_in = NULL"
                    " WHERE table_id = ? AND position = ?",
                    (user_id, name, locale, table_id, position),
                )
            except sqlite3.IntegrityError as exc:
                raise StorageError(
                    f"table {table_id}: cannot hand seat {position} to {user_id}: {exc}") from exc
            _query(db, "UPDATE reminders SET user_id = ? WHERE table_id = ? AND seat = ?",
                   (user_id, table_id, position))
            _query(db, "DELETE FROM handovers WHERE table_id = ?", (table_id,))

        await self.write(hand)

    # ---- moving house -----------------------------------------------------------------------

    async def row_tables(self) -> list[str]:
        return await self._read(_row_tables)

    async def export_rows(self, name: str) -> AsyncIterator[dict[str, Any]]:
        await self._known(name)
        sql = f'SELECT * FROM "{name}"'

        def plain(rows: Iterable[sqlite3.Row]) -> list[dict[str, Any]]:
            return [{column: _plain(column, r[column]) for column in r.keys()} for r in rows]  # noqa: SIM118

        if self._reader is self._writer:  # in memory: one connection for everything, read at once
            for row in await self._read(lambda db: plain(_query(db, sql)), consistent=True):
                yield row
            return
        # A connection of the export's own, so that its read transaction spans its round trips.
        try:
            link = await _Link.open(self.path, self._wrap, self._busy_ms, "PRAGMA query_only = ON")
        except sqlite3.Error as exc:
            raise classify(exc, self.path) from exc
        try:
            cursor = await self._exporting(link, lambda db: _begun(db).execute(sql))
            while batch := await self._exporting(link, lambda _: plain(cursor.fetchmany(EXPORT_BATCH))):
                for row in batch:
                    yield row
        finally:
            await link.close()

    async def _exporting(self, link: _Link, work: Callable[[sqlite3.Connection], T]) -> T:
        try:
            return await link.run(work)
        except sqlite3.Error as exc:
            raise classify(exc, self.path) from exc

    async def import_rows(self, name: str, rows: Sequence[Mapping[str, Any]]) -> None:
        await self._known(name)
        if not rows:
            return
        columns = list(rows[0])
        values = [tuple(_stored(row[c]) for c in columns) for row in rows]
        await self.write(lambda db: _query_many(
            db,
            f'INSERT INTO "{name}" ({", ".join(columns)}) VALUES ({", ".join("?" for _ in columns)})',
            values,
        ))

    async def _known(self, name: str) -> None:
        if name not in await self.row_tables():
            raise StorageError(f"{self.path}: no table {name!r}")


_TABLE_COLUMNS = "t.*, (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = t.id) AS head"


def _plain(column: str, value: Any) -> Any:
    """A stored SQLite value as :meth:`Repository.export_rows` hands it out."""
    if value is None:
        return None
    if column.endswith("_at"):
        return decode_time(value)
    if column in FLAG_COLUMNS:
        return bool(value)
    return value


def _stored(value: Any) -> Any:
    if isinstance(value, datetime):
        return encode_time(value)
    if isinstance(value, bool):
        return int(value)
    return value


def _store_telling(db: sqlite3.Connection, table_id: int, telling: str) -> None:
    _query(db, "INSERT OR REPLACE INTO tellings (table_id, state_json) VALUES (?, ?)", (table_id, telling))


def _check(db: sqlite3.Connection, path: Path | str) -> None:
    """``PRAGMA quick_check``: refuse a damaged file, naming the command that salvages it.

    :raises DamagedDatabase:
    """
    problems = [str(r[0]) for r in _query(db, "PRAGMA quick_check")]
    if problems != ["ok"]:
        raise DamagedDatabase(
            f"{path} is damaged ({'; '.join(problems[:3])})",
            fix=f"stop the bot and salvage the file: {salvage_command(path)}",
        )


def _refusal(exc: sqlite3.Error, path: Path | str) -> StorageError:
    """Why a database cannot be opened: a file that is no database counts as damaged."""
    error = classify(exc, path)
    if isinstance(error, StorageUnavailable) and error.cause == "damaged":
        return DamagedDatabase(error.detail, fix=error.fix)
    return error


def _user_version(db: sqlite3.Connection) -> int:
    return int(_query(db, "PRAGMA user_version")[0][0])


def _head(db: sqlite3.Connection, table_id: int) -> int:
    return int(_query(db, "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = ?", (table_id,))[0][0])


def _row_tables(db: sqlite3.Connection) -> list[str]:
    rows = _query(
        db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
    )
    return [r["name"] for r in rows]


def _begun(db: sqlite3.Connection) -> sqlite3.Connection:
    """``db`` inside a read transaction (``BEGIN``), ended when the connection closes."""
    _query(db, "BEGIN")
    return db


def _table(r: sqlite3.Row) -> TableRow:
    return table_row(r, decode_time)


def _seats(db: sqlite3.Connection, table_id: int) -> list[SeatRow]:
    """The table's seats in seat order, as the transaction on ``db`` sees them."""
    return [seat_row(r) for r in _query(db, "SELECT * FROM seats WHERE table_id = ? ORDER BY position",
                                        (table_id,))]


def _table_by_id(db: sqlite3.Connection, table_id: int) -> TableRow:
    """The table ``table_id`` as the transaction on ``db`` sees it."""
    return _table(_query(db, f"SELECT {_TABLE_COLUMNS} FROM tables t WHERE t.id = ?", (table_id,))[0])
