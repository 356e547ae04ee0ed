"""The PostgreSQL backend (asyncpg): for several bot processes on one database.

* **Writes to one table are serialized across processes.** :meth:`PostgresRepository.append` locks
  the table's row (``SELECT … FOR UPDATE``) before it reads the log's head, so two writers of one
  table, in one process or in several, take turns: the second sees the first's entries and gets
  :class:`~storage.repository.StaleWrite`. The ``(table_id, seq)`` key is the last word should
  anything bypass the check. Writers of different tables do not wait for each other.
* **Every write is one transaction** from the pool (``READ COMMITTED``); a failure rolls it back.
* **Migrations** run on open (:mod:`storage.postgres_migrations`), under an advisory lock so two
  processes opening one new database apply each migration once.
* **Times** are ``TIMESTAMPTZ`` and come back aware, in UTC; naive datetimes are refused.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeAlias, cast

import asyncpg

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

from storage.postgres_migrations import MIGRATIONS, SCHEMA_VERSION
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
    MissingTable,
    Repository,
    StaleWrite,
    StorageCause,
    StorageError,
    StorageUnavailable,
)
from storage.rows import events_by_seq, log_entries, seat_row, table_row

_CAUSES: tuple[tuple[tuple[type[BaseException], ...], StorageCause], ...] = (
    ((asyncpg.exceptions.DiskFullError,), "disk_full"),
    ((asyncpg.exceptions.ReadOnlySQLTransactionError, asyncpg.exceptions.InsufficientPrivilegeError),
     "read_only"),
    ((asyncpg.exceptions.PostgresIOError,), "io_error"),
    ((asyncpg.exceptions.DataCorruptedError, asyncpg.exceptions.IndexCorruptedError), "damaged"),
    ((asyncpg.exceptions.LockNotAvailableError, asyncpg.exceptions.DeadlockDetectedError), "locked"),
)
"""PostgreSQL's errors that mean the database, not the code, is the trouble."""

_UNREACHABLE = (
    asyncpg.exceptions.PostgresConnectionError,
    asyncpg.exceptions.ConnectionDoesNotExistError,
    asyncpg.exceptions.CannotConnectNowError,
    asyncpg.exceptions.AdminShutdownError,
    ConnectionError,
)


def classify(exc: BaseException, url: str) -> StorageUnavailable | None:
    """The :class:`StorageUnavailable` ``exc`` stands for (the same causes as SQLite's), or
    ``None`` when it is none of them (a bug, or a refusal the caller handles)."""
    where = _redacted(url)
    for kinds, cause in _CAUSES:
        if isinstance(exc, kinds):
            fix = ("restore the database from its last dump or base backup (pg_restore)"
                   if cause == "damaged" else None)
            return StorageUnavailable(cause, f"{where}: {exc}", fix=fix)
    if isinstance(exc, _UNREACHABLE):
        return StorageUnavailable("io_error", f"{where}: {exc}",
                                  fix="check that the PostgreSQL server is running and reachable")
    return None


MIGRATION_LOCK = 0x4A67_6F72_61
"""The advisory lock key under which migrations run (any fixed number of our own)."""

POOL_SIZE = 10
"""Connections a process keeps at most (each waiting write holds one)."""

if TYPE_CHECKING:
    Connection: TypeAlias = PoolConnectionProxy[asyncpg.Record]
    Pool: TypeAlias = asyncpg.Pool[asyncpg.Record]


def aware(moment: datetime) -> datetime:
    """``moment`` in UTC.

    :raises ValueError: a naive datetime (whose zone would be a guess).
    """
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}; storage keeps aware UTC datetimes only")
    return moment.astimezone(UTC)


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC)


_ACTIONS_IN_FORCE = """
    SELECT * FROM actions WHERE table_id = $1 AND seq > $2 AND seq <= $3 AND kind = 'action'
        AND undone_by IS NULL
    UNION ALL
    SELECT * FROM actions WHERE table_id = $1 AND undone_by > $3 AND seq > $2 AND seq <= $3
        AND kind = 'action'
    ORDER BY seq
"""
"""The actions of a range ($2, $3] that no undo up to $3 cancels: those in force now (index
``actions_in_force``), and those an undo after $3 cancelled (index ``actions_by_undo``)."""

_TOLD_SEQS = """
    SELECT seq FROM (
        (SELECT seq FROM actions WHERE table_id = $1 AND seq > $2 AND seq <= $3 AND undone_by IS NULL
            ORDER BY seq DESC LIMIT $4)
        UNION ALL
        SELECT seq FROM actions WHERE table_id = $1 AND undone_by > $3 AND seq > $2 AND seq <= $3
        ORDER BY seq DESC LIMIT $4) AS told
    ORDER BY seq
"""
"""The seqs of the last $4 entries of a range ($2, $3] that no undo up to $3 cancels, read from the
end by index (``entries_told``, ``actions_by_undo``), however many moves were taken back before
them."""


async def _events_of(db: Connection, table_id: int, rows: Sequence[asyncpg.Record]) -> list[asyncpg.Record]:
    """The events of the entries ``rows``, by seq and index."""
    if not rows:
        return []
    return list(await db.fetch(
        "SELECT * FROM events WHERE table_id = $1 AND seq = ANY($2::bigint[]) ORDER BY seq, idx",
        table_id, [r["seq"] for r in rows],
    ))


class PostgresRepository(Repository):
    """:class:`~storage.repository.Repository` on a PostgreSQL database. Open with :meth:`open`."""

    def __init__(self, pool: Pool, url: str) -> None:
        self._pool = pool
        self.url = url

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True, pool_size: int = POOL_SIZE) -> PostgresRepository:
        """Connect to the database ``url`` names and migrate it to the current schema.

        :raises StorageError: the database's schema is newer than this build knows, or it cannot
            be reached.
        """
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StorageError(f"cannot connect to PostgreSQL at {_redacted(url)}: {exc}") from exc
        repo = cls(pool, url)
        if migrate:
            try:
                await repo.migrate()
            except BaseException:
                await pool.close()
                raise
        return repo

    async def close(self) -> None:
        await self._pool.close()

    # ---- transactions and migrations --------------------------------------------------------

    @asynccontextmanager
    async def _acquire(self) -> AsyncIterator[Connection]:
        """One connection of the pool; storage trouble in the block becomes StorageUnavailable.

        :raises StorageUnavailable:
        """
        try:
            async with self._pool.acquire() as db:
                yield db
        except Exception as exc:
            trouble = classify(exc, self.url)
            if trouble is None:
                raise
            raise trouble from exc

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Connection]:
        """One connection of the pool inside a transaction, committed when the block ends."""
        async with self._acquire() as db, db.transaction():
            yield db

    async def schema_version(self) -> int:
        """The version recorded in ``agora_schema`` (0 for an empty database)."""
        async with self._acquire() as db:
            if await db.fetchval("SELECT to_regclass('agora_schema')") is None:
                return 0
            return await _version(db)

    async def migrate(self, target: int = SCHEMA_VERSION) -> int:
        """Apply the migrations between the database's version and ``target``; return the new version."""
        version = await self.schema_version()
        if version > SCHEMA_VERSION:
            raise StorageError(
                f"{_redacted(self.url)}: schema version {version} is newer than this build's {SCHEMA_VERSION}"
            )
        for number in range(version + 1, target + 1):
            async with self.transaction() as db:
                await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await db.execute("CREATE TABLE IF NOT EXISTS agora_schema (version INTEGER NOT NULL)")
                await db.execute("INSERT INTO agora_schema (version)"
                                 " SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM agora_schema)")
                if await _version(db) >= number:  # another process migrated meanwhile
                    continue
                await db.execute(MIGRATIONS[number - 1])
                await db.execute("UPDATE agora_schema SET version = $1", number)
        return await self.schema_version()

    # ---- tables and seats -------------------------------------------------------------------

    async def create_table(self, table: NewTable, now: datetime) -> TableRow:
        stamp = aware(now)
        async with self.transaction() as db:
            table_id = await db.fetchval(
                "INSERT INTO tables (game_id, guild_id, channel_id, thread_id, creator_id, options_json,"
                " pace_hours, stand_ins, stand_in_after, locale, created_at, updated_at)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
                table.game_id, table.guild_id, table.channel_id, table.thread_id, table.creator_id,
                table.options_json, table.pace_hours, table.stand_ins, table.stand_in_after, table.locale,
                stamp,
            )
        row = await self.get_table(int(table_id))
        assert row is not None
        return row

    _TABLE_COLUMNS = (
        "t.*, (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = t.id) AS head"
    )

    async def get_table(self, table_id: int) -> TableRow | None:
        async with self._acquire() as db:
            row = await db.fetchrow(f"SELECT {self._TABLE_COLUMNS} FROM tables t WHERE t.id = $1", table_id)
        return None if row is None else _table(row)

    async def list_tables(self, where: TableFilter) -> list[TableRow]:
        params: list[Any] = [list(where.statuses)]
        clauses = ["t.status = ANY($1::text[])"]
        for column, value in (("guild_id", where.guild_id), ("channel_id", where.channel_id),
                              ("thread_id", where.thread_id)):
            if value is not None:
                params.append(value)
                clauses.append(f"t.{column} = ${len(params)}")
        if where.user_id is not None:
            params.append(where.user_id)
            clauses.append(
                f"EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ${len(params)})"
            )
        if where.unannounced:
            clauses.append(
                "EXISTS (SELECT 1 FROM actions a WHERE a.table_id = t.id AND a.seq > t.announced_seq)"
            )
        if where.unsettled:
            clauses.append(
                "t.settled_seq <> (SELECT COALESCE(MAX(a.seq), 0) FROM actions a WHERE a.table_id = t.id)"
            )
        params.append(where.limit)
        async with self._acquire() as db:
            rows = await db.fetch(
                f"SELECT {self._TABLE_COLUMNS} FROM tables t WHERE {' AND '.join(clauses)}"
                f" ORDER BY t.id{' DESC' if where.newest_first else ''} LIMIT ${len(params)}",
                *params,
            )
        return [_table(r) for r in rows]

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
                         ("stand_ins", stand_ins), ("thread_id", thread_id), ("locale", locale))
            if v is not None
        }
        changes["updated_at"] = aware(now)
        assignments = ", ".join(f"{k} = ${i}" for i, k in enumerate(changes, start=2))
        async with self.transaction() as db:
            status_text = await db.execute(
                f"UPDATE tables SET {assignments} WHERE id = $1", table_id, *changes.values()
            )
            if status_text == "UPDATE 0":
                raise MissingTable(f"no table {table_id}")
        row = await self.get_table(table_id)
        assert row is not None
        return row

    async def mark_announced(self, table_id: int, seq: int, *, telling: str | None = None) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE tables SET announced_seq = GREATEST(announced_seq, $2) WHERE id = $1", table_id, seq
            )
            if telling is not None:
                await _store_telling(db, table_id, telling)

    async def telling(self, table_id: int) -> str | None:
        async with self._acquire() as db:
            value = await db.fetchval("SELECT state_json FROM tellings WHERE table_id = $1", table_id)
        return None if value is None else str(value)

    async def set_telling(self, table_id: int, telling: str) -> None:
        async with self.transaction() as db:
            await _store_telling(db, table_id, telling)

    async def mark_settled(self, table_id: int, seq: int | None) -> None:
        async with self.transaction() as db:
            await db.execute("UPDATE tables SET settled_seq = $2 WHERE id = $1",
                             table_id, -1 if seq is None else seq)

    async def seats(self, table_id: int) -> list[SeatRow]:
        async with self._acquire() as db:
            rows = await db.fetch("SELECT * FROM seats WHERE table_id = $1 ORDER BY position", table_id)
        return [seat_row(r) for r in rows]

    async def add_seat(self, seat: SeatRow) -> None:
        try:
            async with self.transaction() as db:
                await db.execute(
                    "INSERT INTO seats (table_id, position, user_id, bot, name, locale, stand_in)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    seat.table_id, seat.position, seat.user_id, seat.bot, seat.name, seat.locale,
                    seat.stand_in,
                )
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise StorageError(f"table {seat.table_id}: cannot seat {seat.name!r}: {exc}") from exc

    async def remove_seat(self, table_id: int, position: int) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM seats WHERE table_id = $1 AND position = $2", table_id, position)
            # Two steps so that no intermediate row collides with the (table_id, position) key.
            await db.execute(
                "UPDATE seats SET position = -position WHERE table_id = $1 AND position > $2",
                table_id, position,
            )
            await db.execute(
                "UPDATE seats SET position = -position - 1 WHERE table_id = $1 AND position < 0", table_id
            )

    async def start_table(
        self, table_id: int, seed: int, order: Sequence[int], now: datetime, *, rules_version: int = 1
    ) -> TableRow:
        stamp = aware(now)
        async with self.transaction() as db:
            rows = await db.fetch(
                "SELECT position FROM seats WHERE table_id = $1 ORDER BY position", table_id
            )
            if sorted(order) != [r["position"] for r in rows]:
                raise StorageError(f"table {table_id}: seat order {list(order)} is not a permutation")
            await db.executemany(
                "UPDATE seats SET position = $1 WHERE table_id = $2 AND position = $3",
                [(-1 - new, table_id, old) for new, old in enumerate(order)],
            )
            await db.execute(
                "UPDATE seats SET position = -position - 1 WHERE table_id = $1 AND position < 0", table_id
            )
            await db.execute(
                "UPDATE tables SET seed = $1, status = 'active', updated_at = $2, rules_version = $3"
                " WHERE id = $4",
                seed, stamp, rules_version, table_id,
            )
        row = await self.get_table(table_id)
        assert row is not None
        return row

    async def set_stand_in(self, table_id: int, position: int, bot: str | None) -> None:
        async with self.transaction() as db:
            await db.execute(
                "UPDATE seats SET stand_in = $1 WHERE table_id = $2 AND position = $3",
                bot, table_id, position,
            )

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
        stamp = aware(now)
        try:
            async with self.transaction() as db:
                # The table's row lock (taken by this update, held to the commit) makes the head
                # check and the inserts one step across processes; the head is read after it.
                locked = await db.fetchval(
                    "UPDATE tables SET updated_at = $2 WHERE id = $1 RETURNING id", table_id, stamp
                )
                if locked is None:
                    raise MissingTable(f"no table {table_id}")
                head = int(await db.fetchval(
                    "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = $1", table_id
                ))
                if head != expected_head:
                    raise StaleWrite(table_id, expected_head, head)
                await db.executemany(
                    "INSERT INTO actions (table_id, seq, kind, seat, actor, payload_json, undoes_json,"
                    " created_at, rules_version) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
                    [(table_id, seq, entry.kind, entry.seat, entry.actor, entry.payload_json,
                      json.dumps(list(entry.undoes)), stamp, entry.rules_version)
                     for seq, entry in enumerate(entries, start=head + 1)],
                )
                events = [
                    (table_id, seq, idx, e.message_json,
                     None if e.visible_to is None else json.dumps(sorted(e.visible_to)),
                     e.reveals, e.data_json)
                    for seq, entry in enumerate(entries, start=head + 1)
                    for idx, e in enumerate(entry.events)
                ]
                if events:
                    await db.executemany(
                        "INSERT INTO events (table_id, seq, idx, message_json, visible_to_json, reveals,"
                        " data_json) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                        events,
                    )
                cancelled = [(seq, table_id, undone)
                             for seq, entry in enumerate(entries, start=head + 1) if entry.kind == "undo"
                             for undone in entry.undoes]
                if cancelled:
                    await db.executemany(
                        "UPDATE actions SET undone_by = $1 WHERE table_id = $2 AND seq = $3"
                        " AND kind = 'action' AND undone_by IS NULL",
                        cancelled,
                    )
                if snapshot is not None:
                    await db.execute(
                        "INSERT INTO snapshots (table_id, seq, state_json, checksum) VALUES ($1, $2, $3, $4)"
                        " ON CONFLICT (table_id, seq) DO UPDATE SET state_json = EXCLUDED.state_json,"
                        " checksum = EXCLUDED.checksum",
                        table_id, snapshot[0], snapshot[1], snapshot_checksum(table_id, *snapshot),
                    )
                    if replaces_after is not None:
                        await db.execute(
                            "DELETE FROM snapshots WHERE table_id = $1 AND seq > $2 AND seq < $3",
                            table_id, replaces_after, snapshot[0],
                        )
        except asyncpg.UniqueViolationError as exc:
            # Only reachable if the head check were bypassed: the key is the last word.
            raise StaleWrite(table_id, expected_head, expected_head + 1) from exc
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise StorageError(f"table {table_id}: entry refused: {exc}") from exc
        return head + len(entries)

    async def entries(self, table_id: int, after: int = 0, through: int | None = None) -> list[Entry]:
        last = through if through is not None else 2**62
        # No transaction needed: the log only grows, and an entry's events are committed with it, so
        # the events up to the last entry read are that entry's and those before.
        async with self._acquire() as db:
            rows = await db.fetch(
                "SELECT * FROM actions WHERE table_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq",
                table_id, after, last,
            )
            event_rows = [] if not rows else await db.fetch(
                "SELECT * FROM events WHERE table_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq, idx",
                table_id, after, rows[-1]["seq"],
            )
        return log_entries(table_id, rows, event_rows, _utc)

    async def actions_in_force(self, table_id: int, after: int, through: int) -> list[Entry]:
        # One statement reads the rows; their events were committed with them.
        async with self._acquire() as db:
            rows = await db.fetch(_ACTIONS_IN_FORCE, table_id, after, through)
            event_rows = await _events_of(db, table_id, rows)
        return log_entries(table_id, rows, event_rows, _utc)

    async def told_seqs(self, table_id: int, after: int, through: int, last: int) -> list[int]:
        async with self._acquire() as db:
            rows = await db.fetch(_TOLD_SEQS, table_id, after, through, last)
        return [int(r["seq"]) for r in rows]

    async def events_at(self, table_id: int, seqs: Sequence[int]) -> dict[int, tuple[StoredEvent, ...]]:
        if not seqs:
            return {}
        async with self._acquire() as db:
            rows = await db.fetch(
                "SELECT seq, message_json, visible_to_json, reveals, data_json FROM events"
                " WHERE table_id = $1 AND seq = ANY($2::bigint[]) ORDER BY seq, idx",
                table_id, list(seqs),
            )
        return events_by_seq(rows)

    async def last_action_by(self, table_id: int, actor: str) -> int:
        async with self._acquire() as db:
            return int(await db.fetchval(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = $1 AND actor = $2"
                " AND kind = 'action' AND undone_by IS NULL",
                table_id, actor,
            ))

    async def head(self, table_id: int) -> int:
        async with self._acquire() as db:
            return int(await db.fetchval(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE table_id = $1", table_id
            ))

    async def latest_snapshot(self, table_id: int, at_most: int | None = None) -> Snapshot | None:
        async with self._acquire() as db:
            row = await db.fetchrow(
                "SELECT seq, state_json, checksum FROM snapshots WHERE table_id = $1 AND seq <= $2"
                " ORDER BY seq DESC LIMIT 1",
                table_id, at_most if at_most is not None else 2**62,
            )
        if row is None:
            return None
        return Snapshot(table_id=table_id, seq=row["seq"], state_json=row["state_json"],
                        checksum=row["checksum"])

    async def drop_snapshots(self, table_id: int, from_seq: int) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM snapshots WHERE table_id = $1 AND seq >= $2", table_id, from_seq)

    # ---- deadlines --------------------------------------------------------------------------

    async def set_deadlines(
        self, table_id: int, deadlines: Sequence[Deadline], *, settled_at: int | None = None
    ) -> None:
        rows = [(table_id, d.seat, d.user_id, aware(d.due_at), d.since_seq, d.reminded) for d in deadlines]
        async with self.transaction() as db:
            if settled_at is not None:
                await db.execute("UPDATE tables SET settled_seq = $2 WHERE id = $1", table_id, settled_at)
            await db.execute("DELETE FROM reminders WHERE table_id = $1", table_id)
            await db.executemany(
                "INSERT INTO reminders (table_id, seat, user_id, due_at, since_seq, reminded)"
                " VALUES ($1, $2, $3, $4, $5, $6)",
                rows,
            )

    async def deadlines(self, table_id: int) -> list[Deadline]:
        return await self._deadlines("r.table_id = $1", (table_id,), "r.seat")

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        return await self._deadlines(
            "r.due_at <= $1 AND t.status = 'active'", (aware(now),), "r.due_at, r.table_id, r.seat"
        )

    async def deadlines_for_user(self, user_id: int) -> list[Deadline]:
        return await self._deadlines("r.user_id = $1 AND t.status = 'active'", (user_id,), "r.due_at")

    async def _deadlines(self, where: str, params: Sequence[Any], order: str) -> list[Deadline]:
        async with self._acquire() as db:
            rows = await db.fetch(
                f"SELECT r.* FROM reminders r JOIN tables t ON t.id = r.table_id WHERE {where}"
                f" ORDER BY {order}",
                *params,
            )
        return [
            Deadline(table_id=r["table_id"], seat=r["seat"], user_id=r["user_id"],
                     due_at=_utc(r["due_at"]), since_seq=r["since_seq"], reminded=r["reminded"])
            for r in rows
        ]

    async def update_deadline(self, deadline: Deadline) -> None:
        d = deadline
        async with self.transaction() as db:
            await db.execute(
                "UPDATE reminders SET due_at = $1, reminded = $2, since_seq = $3, user_id = $4"
                " WHERE table_id = $5 AND seat = $6",
                aware(d.due_at), d.reminded, d.since_seq, d.user_id, d.table_id, d.seat,
            )

    # ---- leases -----------------------------------------------------------------------------

    async def acquire_lease(self, key: str, owner: str, now: datetime, until: datetime) -> bool:
        # ON CONFLICT locks the holder's row: of two processes racing, the second sees the first's
        # lease (unexpired, another owner) and takes nothing.
        async with self.transaction() as db:
            taken = await db.fetchval(
                "INSERT INTO leases (key, owner, expires_at) VALUES ($1, $2, $3)"
                " ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at"
                " WHERE leases.owner = EXCLUDED.owner OR leases.expires_at <= $4 RETURNING owner",
                key, owner, aware(until), aware(now),
            )
        return taken is not None

    async def release_lease(self, key: str, owner: str) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM leases WHERE key = $1 AND owner = $2", key, owner)

    # ---- preferences, votes, notices --------------------------------------------------------

    async def get_preference(self, user_id: int) -> Preference | None:
        async with self._acquire() as db:
            r = await db.fetchrow("SELECT * FROM preferences WHERE user_id = $1", user_id)
        if r is None:
            return None
        return Preference(user_id=user_id, locale=r["locale"], quiet_start=r["quiet_start"],
                          quiet_end=r["quiet_end"], utc_offset_minutes=r["utc_offset_minutes"])

    async def set_preference(self, preference: Preference) -> None:
        p = preference
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO preferences (user_id, locale, quiet_start, quiet_end, utc_offset_minutes)"
                " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET locale = EXCLUDED.locale,"
                " quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end,"
                " utc_offset_minutes = EXCLUDED.utc_offset_minutes",
                p.user_id, p.locale, p.quiet_start, p.quiet_end, p.utc_offset_minutes,
            )

    async def add_vote(self, vote: Vote) -> None:
        v = vote
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO votes (table_id, kind, user_id, seq, role, created_at)"
                " VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (table_id, kind, user_id) DO UPDATE"
                " SET seq = EXCLUDED.seq, role = EXCLUDED.role, created_at = EXCLUDED.created_at",
                v.table_id, v.kind, v.user_id, v.seq, v.role, aware(v.created_at),
            )

    async def votes(self, table_id: int, kind: VoteKind) -> list[Vote]:
        async with self._acquire() as db:
            rows = await db.fetch(
                "SELECT * FROM votes WHERE table_id = $1 AND kind = $2 ORDER BY created_at, user_id",
                table_id, kind,
            )
        return [Vote(table_id=table_id, kind=kind, user_id=r["user_id"], seq=r["seq"],
                     created_at=_utc(r["created_at"]), role=cast(VoteRole, r["role"])) for r in rows]

    async def clear_votes(self, table_id: int, kind: VoteKind) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM votes WHERE table_id = $1 AND kind = $2", table_id, kind)

    async def add_notice(self, user_id: int, table_id: int | None, payload_json: str, now: datetime) -> int:
        stamp = aware(now)
        async with self.transaction() as db:
            notice_id = await db.fetchval(
                "INSERT INTO notices (user_id, table_id, payload_json, created_at) VALUES ($1, $2, $3, $4)"
                " RETURNING id",
                user_id, table_id, payload_json, stamp,
            )
        return int(notice_id)

    async def pending_notices(self, user_id: int) -> list[NoticeRow]:
        async with self._acquire() as db:
            rows = await db.fetch(
                "SELECT * FROM notices WHERE user_id = $1 AND delivered_at IS NULL ORDER BY id", user_id
            )
        return [NoticeRow(id=r["id"], user_id=user_id, table_id=r["table_id"], payload_json=r["payload_json"],
                          created_at=_utc(r["created_at"])) for r in rows]

    async def mark_delivered(self, notice_ids: Sequence[int], now: datetime) -> None:
        stamp = aware(now)
        async with self.transaction() as db:
            await db.execute(
                "UPDATE notices SET delivered_at = $1 WHERE id = ANY($2::bigint[])", stamp, list(notice_ids)
            )

    # ---- away, rematches, seats handed over -------------------------------------------------

    async def add_away(self, spell: AwaySpell) -> None:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO away_spells (user_id, starts_at, ends_at, ended_at) VALUES ($1, $2, $3, $4)",
                spell.user_id, aware(spell.starts_at), aware(spell.ends_at),
                None if spell.ended_at is None else aware(spell.ended_at),
            )

    async def away_spells(self, user_id: int, since: datetime) -> list[AwaySpell]:
        async with self._acquire() as db:
            rows = await db.fetch(
                "SELECT * FROM away_spells WHERE user_id = $1 AND COALESCE(ended_at, ends_at) > $2"
                " ORDER BY starts_at",
                user_id, aware(since),
            )
        return [AwaySpell(user_id=user_id, starts_at=_utc(r["starts_at"]), ends_at=_utc(r["ends_at"]),
                          ended_at=None if r["ended_at"] is None else _utc(r["ended_at"]))
                for r in rows]

    async def end_away(self, user_id: int, starts_at: datetime, at: datetime) -> bool:
        async with self.transaction() as db:
            ended = await db.fetchval(
                "UPDATE away_spells SET ended_at = $1 WHERE user_id = $2 AND starts_at = $3"
                " AND ended_at IS NULL RETURNING user_id",
                aware(at), user_id, aware(starts_at),
            )
        return ended is not None

    async def expired_away_spells(self, now: datetime) -> list[AwaySpell]:
        async with self._acquire() as db:
            rows = await db.fetch(
                "SELECT * FROM away_spells WHERE ended_at IS NULL AND ends_at <= $1"
                " ORDER BY ends_at, user_id",
                aware(now),
            )
        return [AwaySpell(user_id=r["user_id"], starts_at=_utc(r["starts_at"]), ends_at=_utc(r["ends_at"]))
                for r in rows]

    async def set_rematch(self, table_id: int, rematch_id: int) -> int:
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO rematches (table_id, rematch_id) VALUES ($1, $2)"
                " ON CONFLICT (table_id) DO NOTHING",
                table_id, rematch_id,
            )
            recorded = await db.fetchval("SELECT rematch_id FROM rematches WHERE table_id = $1", table_id)
        return int(recorded)

    async def rematch_of(self, table_id: int) -> int | None:
        async with self._acquire() as db:
            recorded = await db.fetchval("SELECT rematch_id FROM rematches WHERE table_id = $1", table_id)
        return None if recorded is None else int(recorded)

    async def put_handover(self, handover: Handover) -> None:
        h = handover
        async with self.transaction() as db:
            await db.execute(
                "INSERT INTO handovers (table_id, seat, to_user_id, to_name, by_user_id, approvals_json,"
                " offered, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                " ON CONFLICT (table_id) DO UPDATE"
                " SET seat = EXCLUDED.seat, to_user_id = EXCLUDED.to_user_id, to_name = EXCLUDED.to_name,"
                " by_user_id = EXCLUDED.by_user_id, approvals_json = EXCLUDED.approvals_json,"
                " offered = EXCLUDED.offered, created_at = EXCLUDED.created_at",
                h.table_id, h.seat, h.to_user_id, h.to_name, h.by_user_id, json.dumps(list(h.approvals)),
                h.offered, aware(h.created_at),
            )

    async def handover(self, table_id: int) -> Handover | None:
        async with self._acquire() as db:
            r = await db.fetchrow("SELECT * FROM handovers WHERE table_id = $1", table_id)
        if r is None:
            return None
        return Handover(table_id=table_id, seat=r["seat"], to_user_id=r["to_user_id"], to_name=r["to_name"],
                        by_user_id=r["by_user_id"], created_at=_utc(r["created_at"]),
                        approvals=tuple(json.loads(r["approvals_json"])), offered=r["offered"])

    async def drop_handover(self, table_id: int) -> None:
        async with self.transaction() as db:
            await db.execute("DELETE FROM handovers WHERE table_id = $1", table_id)

    async def hand_seat(self, table_id: int, position: int, user_id: int, name: str, locale: str) -> None:
        try:
            async with self.transaction() as db:
                await db.execute(
                    "UPDATE tables SET creator_id = $1 WHERE id = $2 AND creator_id ="
                    " (SELECT user_id FROM seats WHERE table_id = $2 AND position = $3)",
                    user_id, table_id, position,
                )
                await db.execute(
                    "UPDATE seats SET user_id = $1, name = $2, locale = $3, stand_in = NULL"
                    " WHERE table_id = $4 AND position = $5",
                    user_id, name, locale, table_id, position,
                )
                await db.execute("UPDATE reminders SET user_id = $1 WHERE table_id = $2 AND seat = $3",
                                 user_id, table_id, position)
                await db.execute("DELETE FROM handovers WHERE table_id = $1", table_id)
        except asyncpg.exceptions.UniqueViolationError as exc:
            raise StorageError(f"table {table_id}: cannot hand seat {position} to {user_id}: {exc}") from exc

    # ---- moving house -----------------------------------------------------------------------

    async def row_tables(self) -> list[str]:
        async with self._acquire() as db:
            rows = await db.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
                " AND table_type = 'BASE TABLE' AND table_name <> 'agora_schema' ORDER BY table_name"
            )
        return [r["table_name"] for r in rows]

    async def export_rows(self, name: str) -> AsyncIterator[dict[str, Any]]:
        await self._known(name)
        async with self._acquire() as db, db.transaction(isolation="repeatable_read", readonly=True):
            async for r in db.cursor(f'SELECT * FROM "{name}"', prefetch=1000):
                yield {column: _utc(v) if isinstance(v, datetime) else v for column, v in r.items()}

    async def import_rows(self, name: str, rows: Sequence[Mapping[str, Any]]) -> None:
        await self._known(name)
        if not rows:
            return
        columns = list(rows[0])
        async with self.transaction() as db:
            await db.copy_records_to_table(
                name, columns=columns, records=[tuple(row[c] for c in columns) for row in rows]
            )
            if "id" in columns:  # the identity goes on after the highest id imported
                await db.execute(
                    f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), MAX(id)) FROM \"{name}\""
                )

    async def _known(self, name: str) -> None:
        if name not in await self.row_tables():
            raise StorageError(f"{_redacted(self.url)}: no table {name!r}")


async def _store_telling(db: Connection, table_id: int, telling: str) -> None:
    await db.execute(
        "INSERT INTO tellings (table_id, state_json) VALUES ($1, $2)"
        " ON CONFLICT (table_id) DO UPDATE SET state_json = EXCLUDED.state_json", table_id, telling
    )


async def _version(db: Connection) -> int:
    value = await db.fetchval("SELECT version FROM agora_schema")
    return 0 if value is None else int(value)


def _redacted(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    scheme, sep, rest = url.partition("://")
    credentials, at, place = rest.rpartition("@")
    if not at or ":" not in credentials:
        return url
    return f"{scheme}{sep}{credentials.split(':', 1)[0]}:***@{place}"


def _table(r: asyncpg.Record) -> TableRow:
    return table_row(r, _utc)
