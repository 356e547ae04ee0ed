"""The PostgreSQL backend on a real server: what only it has (several processes writing one table,
its own migrations), and that its schema keeps every column SQLite's has."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import asyncpg
import pytest

from storage import open_repository
from storage.migrations import MIGRATIONS as SQLITE_MIGRATIONS
from storage.migrations import statements
from storage.postgres import PostgresRepository, classify
from storage.postgres_migrations import SCHEMA_VERSION
from storage.records import NewTable
from storage.repository import StorageError, StorageUnavailable
from tests.storage.contract import T0, entry

ROOT = Path(__file__).resolve().parents[2]


def writer(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.writer", *args],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


async def test_a_postgresql_url_opens_a_postgresql_repository(postgres_url: str) -> None:
    repo = await open_repository(postgres_url)
    try:
        assert isinstance(repo, PostgresRepository)
        assert await repo.schema_version() == SCHEMA_VERSION
    finally:
        await repo.close()


async def test_three_writer_processes_racing_lose_no_entry_and_leave_no_gap(postgres_url: str) -> None:
    repo = await PostgresRepository.open(postgres_url)
    try:
        await repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        count = 30
        names = ("a", "b", "c")
        start_at = str(time.time() + 3)
        procs = [writer(postgres_url, "race", str(count), name, start_at) for name in names]
        retries = 0
        for proc in procs:
            out, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err
            retries += int(out.split()[-1])
        entries = await repo.entries(1)
    finally:
        await repo.close()
    assert [e.seq for e in entries] == list(range(1, len(names) * count + 1))
    for name in names:
        mine = [json.loads(e.payload_json)["n"] for e in entries if e.actor == name]
        assert mine == list(range(count)), f"writer {name} lost, doubled or reordered entries"
    assert retries > 0, "the writers never collided: the race proved nothing"


async def test_two_repositories_opening_a_new_database_at_once_migrate_it_once(postgres_url: str) -> None:
    first, second = await asyncio.gather(PostgresRepository.open(postgres_url),
                                         PostgresRepository.open(postgres_url))
    try:
        assert (await first.schema_version(), await second.schema_version()) == (SCHEMA_VERSION,) * 2
        table = await first.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        await second.append(table.id, 0, [entry(1)], T0)
        assert await first.head(table.id) == 1
    finally:
        await first.close()
        await second.close()


async def test_a_database_from_a_newer_build_is_refused(postgres_url: str) -> None:
    repo = await PostgresRepository.open(postgres_url)
    async with repo.transaction() as db:
        await db.execute("UPDATE agora_schema SET version = $1", SCHEMA_VERSION + 1)
    await repo.close()
    with pytest.raises(StorageError, match="newer"):
        await PostgresRepository.open(postgres_url)


async def test_an_unreachable_server_is_a_storage_error_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://agora:hunter2@/agora?host={tmp_path}"
    with pytest.raises(StorageError, match="cannot connect") as caught:
        await PostgresRepository.open(url)
    assert "hunter2" not in str(caught.value)


async def test_every_sqlite_table_and_column_exists_in_postgresql(postgres_url: str, tmp_path: Path) -> None:
    # A migration added to one backend and not the other would lose that column on a copy.
    plain = sqlite3.connect(tmp_path / "schema.db")
    for script in SQLITE_MIGRATIONS:
        for statement in statements(script):
            plain.execute(statement)
    names = [r[0] for r in plain.execute("SELECT name FROM sqlite_master WHERE type = 'table'"
                                         " AND name NOT LIKE 'sqlite_%'")]
    sqlite_columns = {n: {r[1] for r in plain.execute(f"PRAGMA table_info({n})")} for n in names}
    plain.close()
    repo = await PostgresRepository.open(postgres_url)
    try:
        async with repo.transaction() as db:
            rows = await db.fetch("SELECT table_name, column_name FROM information_schema.columns"
                                  " WHERE table_schema = current_schema() AND table_name <> 'agora_schema'")
    finally:
        await repo.close()
    postgres_columns: dict[str, set[str]] = {}
    for r in rows:
        postgres_columns.setdefault(r["table_name"], set()).add(r["column_name"])
    assert postgres_columns == sqlite_columns


async def test_a_failed_migration_leaves_the_previous_version(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("CREATE TABLE votes (x INTEGER)")  # makes migration 1 fail halfway
    finally:
        await conn.close()
    with pytest.raises(asyncpg.DuplicateTableError):
        await PostgresRepository.open(postgres_url)
    repo = await PostgresRepository.open(postgres_url, migrate=False)
    try:
        assert await repo.schema_version() == 0
        async with repo.transaction() as db:
            assert await db.fetchval("SELECT to_regclass('tables')") is None
    finally:
        await repo.close()


@pytest.mark.parametrize(("error", "cause"), [
    (asyncpg.exceptions.DiskFullError("could not extend file"), "disk_full"),
    (asyncpg.exceptions.ReadOnlySQLTransactionError("cannot execute INSERT in a read-only transaction"),
     "read_only"),
    (asyncpg.exceptions.PostgresIOError("could not read block"), "io_error"),
    (asyncpg.exceptions.DataCorruptedError("invalid page in block 7"), "damaged"),
    (asyncpg.exceptions.LockNotAvailableError("could not obtain lock"), "locked"),
    (ConnectionRefusedError("connection refused"), "io_error"),
])
def test_postgresql_trouble_is_the_same_storage_error_as_sqlites(error: BaseException, cause: str) -> None:
    trouble = classify(error, "postgresql://agora:secret@db/agora")
    assert isinstance(trouble, StorageUnavailable) and trouble.cause == cause
    assert "secret" not in trouble.operator_line() and "fix:" in trouble.operator_line()


def test_a_postgresql_error_of_the_code_is_no_storage_trouble() -> None:
    assert classify(asyncpg.exceptions.UndefinedTableError("no such table"), "postgresql://db/agora") is None
