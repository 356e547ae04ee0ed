"""The SQLite backend: what only SQLite has (WAL, the schema version, migrations from older files).
The shared contract runs on it in ``test_contract.py``."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiosqlite
import pytest

from storage.migrations import MIGRATIONS, SCHEMA_VERSION, statements
from storage.records import NewEntry, NewTable, Preference, TableFilter
from storage.repository import StaleWrite, StorageError
from storage.sqlite import SqliteRepository
from tests.storage.contract import T0, entry


async def test_the_database_is_in_wal_mode(sqlite_repo: SqliteRepository, db_path: Path) -> None:
    with sqlite3.connect(db_path) as plain:
        assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_new_database_is_at_the_current_schema_version(sqlite_repo: SqliteRepository) -> None:
    assert await sqlite_repo.schema_version() == SCHEMA_VERSION == len(MIGRATIONS)


async def test_the_parent_folder_is_created(tmp_path: Path) -> None:
    repo = await SqliteRepository.open(tmp_path / "data" / "nested" / "agora.db")
    await repo.close()
    assert (tmp_path / "data" / "nested" / "agora.db").is_file()


async def test_a_version_1_database_migrates_forward_keeping_its_rows(db_path: Path) -> None:
    with sqlite3.connect(db_path) as old:
        for statement in statements(MIGRATIONS[0]):
            old.execute(statement)
        old.execute("PRAGMA user_version = 1")
        old.execute(
            "INSERT INTO tables (game_id, guild_id, channel_id, creator_id, created_at, updated_at)"
            " VALUES ('sealed_bid', 1, 2, 3, '2026-03-01T12:00:00.000000+00:00',"
            " '2026-03-01T12:00:00.000000+00:00')"
        )
        old.execute("INSERT INTO preferences (user_id, locale) VALUES (3, 'el')")
    old.close()

    repo = await SqliteRepository.open(db_path)
    try:
        assert await repo.schema_version() == SCHEMA_VERSION
        table = await repo.get_table(1)
        assert table is not None and (table.game_id, table.creator_id) == ("sealed_bid", 3)
        assert table.stand_in_after == 2
        assert await repo.get_preference(3) == Preference(3, "el", None, None, 0)
        await repo.append(1, 0, [entry(1)], T0)
        assert await repo.head(1) == 1
    finally:
        await repo.close()


def database_at(db_path: Path, version: int) -> sqlite3.Connection:
    """A database file as a build at schema ``version`` left it."""
    old = sqlite3.connect(db_path)
    for script in MIGRATIONS[:version]:
        for statement in statements(script):
            old.execute(statement)
    old.execute(f"PRAGMA user_version = {version}")
    return old


async def test_tables_of_a_version_2_database_count_as_announced_up_to_their_head(db_path: Path) -> None:
    with database_at(db_path, 2) as old:
        for _ in range(2):
            old.execute(
                "INSERT INTO tables (game_id, guild_id, channel_id, creator_id, status, created_at,"
                " updated_at) VALUES ('sealed_bid', 1, 2, 3, 'active', '2026-03-01T12:00:00.000000+00:00',"
                " '2026-03-01T12:00:00.000000+00:00')"
            )
        for seq in (1, 2, 3):
            old.execute(
                "INSERT INTO actions (table_id, seq, kind, seat, actor, payload_json, created_at)"
                " VALUES (1, ?, 'action', 0, 'user:3', '{}', '2026-03-01T12:00:00.000000+00:00')",
                (seq,),
            )
    old.close()

    repo = await SqliteRepository.open(db_path)
    try:
        assert await repo.schema_version() == SCHEMA_VERSION
        played, empty = await repo.get_table(1), await repo.get_table(2)
        assert played is not None and (played.head, played.announced_seq) == (3, 3)
        assert empty is not None and (empty.head, empty.announced_seq) == (0, 0)
        assert await repo.list_tables(TableFilter(unannounced=True)) == []
        await repo.append(1, 3, [entry(4)], T0)
        assert [t.id for t in await repo.list_tables(TableFilter(unannounced=True))] == [1]
    finally:
        await repo.close()


async def test_the_table_of_a_thread_is_found_through_an_index(sqlite_repo: SqliteRepository,
                                                                db_path: Path) -> None:
    await sqlite_repo.create_table(NewTable("sealed_bid", 1, 2, 3, thread_id=44), T0)
    with sqlite3.connect(db_path) as plain:
        plan = plain.execute(
            "EXPLAIN QUERY PLAN SELECT * FROM tables t WHERE t.status IN ('lobby', 'active')"
            " AND t.guild_id = 1 AND t.thread_id = 44"
        ).fetchall()
    plain.close()
    assert any("tables_by_thread" in str(row[-1]) for row in plan), plan


async def test_an_english_preference_of_a_version_4_database_becomes_no_choice(db_path: Path) -> None:
    # Version 4 stored "en" for "never chose" and for "chose English" alike, and treated both as no
    # choice (a Greek Discord client won); NULL keeps that, and a Greek choice stays Greek.
    with database_at(db_path, 4) as old:
        old.execute("INSERT INTO preferences (user_id, locale, quiet_start, quiet_end, utc_offset_minutes)"
                    " VALUES (1, 'en', 23, 7, 120), (2, 'el', NULL, NULL, 0)")
    old.close()

    repo = await SqliteRepository.open(db_path)
    try:
        assert await repo.schema_version() == SCHEMA_VERSION
        assert await repo.get_preference(1) == Preference(1, None, 23, 7, 120)
        assert await repo.get_preference(2) == Preference(2, "el", None, None, 0)
    finally:
        await repo.close()


async def test_tables_of_a_version_11_database_have_no_language_of_their_own(db_path: Path) -> None:
    # Their threads go on reading in their creators' languages, as they did.
    with database_at(db_path, 11) as old:
        stamp = "2026-01-01T00:00:00+00:00"
        old.execute("INSERT INTO tables (game_id, guild_id, channel_id, creator_id, created_at, updated_at)"
                    " VALUES ('sealed_bid', 1, 2, 3, ?, ?)", (stamp, stamp))
    old.close()

    repo = await SqliteRepository.open(db_path)
    try:
        assert await repo.schema_version() == SCHEMA_VERSION
        row = await repo.get_table(1)
        assert row is not None and row.locale is None
        assert (await repo.update_table(1, row.updated_at, locale="el")).locale == "el"
    finally:
        await repo.close()


async def test_a_failed_migration_leaves_the_previous_version(db_path: Path) -> None:
    with sqlite3.connect(db_path) as old:
        for statement in statements(MIGRATIONS[0]):
            old.execute(statement)
        old.execute("CREATE TABLE votes (x INTEGER)")  # makes migration 2 fail halfway
        old.execute("PRAGMA user_version = 1")
    old.close()
    with pytest.raises(StorageError, match="votes already exists"):
        await SqliteRepository.open(db_path)
    with sqlite3.connect(db_path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == 1
        columns = {r[1] for r in check.execute("PRAGMA table_info(preferences)")}
        assert "quiet_start" not in columns
    check.close()


async def test_a_database_from_a_newer_build_is_refused(db_path: Path) -> None:
    with sqlite3.connect(db_path) as newer:
        newer.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    newer.close()
    with pytest.raises(StorageError, match="newer"):
        await SqliteRepository.open(db_path)


async def test_a_second_connection_sees_committed_appends(db_path: Path) -> None:
    first = await SqliteRepository.open(db_path)
    second = await SqliteRepository.open(db_path)
    try:
        table = await first.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        await first.append(table.id, 0, [entry(1)], T0)
        assert await second.head(table.id) == 1
    finally:
        await first.close()
        await second.close()


async def test_entries_a_version_5_undo_cancelled_are_marked_and_its_snapshots_are_not_trusted(
    db_path: Path,
) -> None:
    with database_at(db_path, 5) as old:
        old.execute(
            "INSERT INTO tables (game_id, guild_id, channel_id, creator_id, status, created_at, updated_at)"
            " VALUES ('sealed_bid', 1, 2, 3, 'active', '2026-03-01T12:00:00.000000+00:00',"
            " '2026-03-01T12:00:00.000000+00:00')"
        )
        for seq, kind, undoes in ((1, "action", "[]"), (2, "action", "[]"), (3, "action", "[]"),
                                  (4, "undo", "[2, 3]"), (5, "action", "[]")):
            old.execute(
                "INSERT INTO actions (table_id, seq, kind, seat, actor, payload_json, undoes_json,"
                " created_at) VALUES (1, ?, ?, 0, 'user:3', '{}', ?, '2026-03-01T12:00:00.000000+00:00')",
                (seq, kind, undoes),
            )
        old.execute("INSERT INTO snapshots (table_id, seq, state_json) VALUES (1, 1, '{}')")
    old.close()

    repo = await SqliteRepository.open(db_path)
    try:
        assert [(e.seq, e.undone_by) for e in await repo.entries(1)] == [
            (1, None), (2, 4), (3, 4), (4, None), (5, None)]
        assert await repo.last_action_by(1, "user:3") == 5
        snapshot = await repo.latest_snapshot(1)
        assert snapshot is not None and snapshot.checksum is None and not snapshot.intact
    finally:
        await repo.close()


async def test_a_seats_last_move_is_read_from_the_index_not_the_log(sqlite_repo: SqliteRepository,
                                                                   db_path: Path) -> None:
    table = await sqlite_repo.create_table(NewTable("sealed_bid", 1, 2, 3), T0)
    await sqlite_repo.append(table.id, 0, [entry(n, seat=n % 2) for n in range(1, 41)], T0)
    with sqlite3.connect(db_path) as plain:
        plain.execute("DROP INDEX actions_by_actor")
    plain.close()
    with pytest.raises(StorageError, match="no such index"):
        await sqlite_repo.last_action_by(table.id, "user:1")


async def test_a_write_cancelled_while_its_thread_runs_it_is_whole_and_the_next_write_goes_through(
    sqlite_repo: SqliteRepository,
) -> None:
    later = T0.replace(hour=13)
    task = asyncio.create_task(sqlite_repo.acquire_lease("k", "a", T0, later))
    await asyncio.sleep(0)  # the transaction is now with the writer's thread
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await sqlite_repo.acquire_lease("j", "b", T0, later), "the next write begins its own transaction"


async def test_a_write_cancelled_before_its_thread_took_it_up_never_runs(
    sqlite_repo: SqliteRepository,
) -> None:
    later = T0.replace(hour=13)
    busy = threading.Event()
    held = asyncio.ensure_future(sqlite_repo._writer.conn._execute(busy.wait))
    task = asyncio.create_task(sqlite_repo.acquire_lease("k", "a", T0, later))
    await asyncio.sleep(0.01)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    busy.set()
    await held
    assert await sqlite_repo.acquire_lease("k", "b", T0, later), "the cancelled write took the lease"


class Trips:
    """Counts the calls handed to one aiosqlite connection's thread (each is a round trip the event
    loop waits for)."""

    def __init__(self, conn: aiosqlite.Connection, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        execute = conn._execute

        def counted(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Awaitable[Any]:
            self.count += 1
            return execute(fn, *args, **kwargs)  # type: ignore[no-any-return]

        monkeypatch.setattr(conn, "_execute", counted)


async def test_an_append_is_one_round_trip_to_the_writer_thread(
    sqlite_repo: SqliteRepository, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await sqlite_repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
    await sqlite_repo.append(table.id, 0, [entry(1)], T0)
    trips = Trips(sqlite_repo._writer.conn, monkeypatch)
    undo = NewEntry(kind="undo", seat=0, actor="user:0", payload_json="{}", undoes=(1,))
    head = await sqlite_repo.append(table.id, 1, [entry(2, events=3), undo], T0, snapshot=(3, "{}"))
    assert trips.count == 1
    assert head == 3
    stored = await sqlite_repo.entries(table.id)
    assert [(e.seq, len(e.events), e.undone_by) for e in stored] == [(1, 1, 3), (2, 3, None), (3, 0, None)]
    assert (await sqlite_repo.latest_snapshot(table.id)) is not None


async def test_a_stale_append_is_one_round_trip_and_writes_nothing(
    sqlite_repo: SqliteRepository, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await sqlite_repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
    await sqlite_repo.append(table.id, 0, [entry(1)], T0)
    trips = Trips(sqlite_repo._writer.conn, monkeypatch)
    with pytest.raises(StaleWrite):
        await sqlite_repo.append(table.id, 0, [entry(1)], T0)
    assert trips.count == 1
    assert await sqlite_repo.head(table.id) == 1


async def test_a_read_of_the_log_is_one_round_trip_to_the_reader_thread(
    sqlite_repo: SqliteRepository, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await sqlite_repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
    await sqlite_repo.append(table.id, 0, [entry(1, events=2), entry(2)], T0)
    trips = Trips(sqlite_repo._reader.conn, monkeypatch)
    assert [e.seq for e in await sqlite_repo.entries(table.id)] == [1, 2]
    assert trips.count == 1


async def test_a_transaction_runs_on_the_thread_aiosqlite_gives_the_connection(
    sqlite_repo: SqliteRepository,
) -> None:
    """What the one round trip rests on: aiosqlite's own call queue runs the whole function on the
    connection's thread (a later aiosqlite that changed it fails here, not in production)."""
    seen: list[int] = []
    await sqlite_repo.write(lambda db: seen.append(threading.get_ident()))
    loop_thread = threading.get_ident()
    thread_of_the_connection = await sqlite_repo._writer.conn._execute(threading.get_ident)
    assert seen == [thread_of_the_connection] and thread_of_the_connection != loop_thread
