"""Storage trouble on a real SQLite file: faults injected at the connection boundary (disk full,
read-only, I/O error, damage, lock) and real ones (a full database, a lock held by another process,
damaged pages), classified the same way for every backend, with nothing lost."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from storage.backup import main as backup_main
from storage.records import NewTable
from storage.repository import DamagedDatabase, StorageError, StorageUnavailable
from storage.sqlite import SqliteRepository
from tests.storage.contract import T0, entry
from tests.storage.faults import Faults

CAUSES = ("disk_full", "read_only", "io_error", "damaged", "locked")


async def filled(db_path: Path, entries: int = 3) -> int:
    """A database with one table whose log holds ``entries`` entries; the table's id."""
    repo = await SqliteRepository.open(db_path)
    try:
        table = await repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        for n in range(1, entries + 1):
            await repo.append(table.id, n - 1, [entry(n)], T0)
        return table.id
    finally:
        await repo.close()


def damage_page_of(db_path: Path, table: str) -> int:
    """Overwrite a leaf page of ``table`` (past its header) with garbage; return the page number."""
    with sqlite3.connect(db_path) as plain:
        plain.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page_size = plain.execute("PRAGMA page_size").fetchone()[0]
        pages = [r[0] for r in plain.execute(
            "SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno", (table,))]
    plain.close()
    page = pages[len(pages) // 2]
    with db_path.open("r+b") as f:
        f.seek((page - 1) * page_size + 8)
        f.write(b"\xff" * (page_size - 8))
    return page


async def test_kept_cursors_do_not_stop_the_first_commit(db_path: Path) -> None:
    faults = Faults()
    repo = await SqliteRepository.open(db_path, wrap=faults)
    try:
        table = await repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        assert await repo.append(table.id, 0, [entry(1)], T0) == 1
        assert faults.writer.kept, "the wrapper kept no cursor: the test proves nothing"
    finally:
        await repo.close()


@pytest.mark.parametrize("cause", CAUSES)
async def test_a_failed_append_is_classified_and_writes_nothing(db_path: Path, cause: str) -> None:
    table_id = await filled(db_path)
    faults = Faults()
    repo = await SqliteRepository.open(db_path, wrap=faults)
    try:
        faults.fail(r"INSERT INTO events", cause)
        with pytest.raises(StorageUnavailable) as raised:
            await repo.append(table_id, 3, [entry(4)], T0)
        assert raised.value.cause == cause
        assert raised.value.fix in raised.value.operator_line()
        assert await repo.head(table_id) == 3
        assert await repo.append(table_id, 3, [entry(4)], T0) == 4
    finally:
        await repo.close()


async def test_a_failed_read_is_classified(db_path: Path) -> None:
    table_id = await filled(db_path)
    faults = Faults()
    repo = await SqliteRepository.open(db_path, wrap=faults)
    try:
        faults.fail(r"FROM actions", "io_error")
        with pytest.raises(StorageUnavailable, match="disk I/O error"):
            await repo.entries(table_id)
        assert [e.seq for e in await repo.entries(table_id)] == [1, 2, 3]
    finally:
        await repo.close()


async def test_a_statement_this_build_got_wrong_is_no_storage_trouble(db_path: Path) -> None:
    repo = await SqliteRepository.open(db_path)
    try:
        with pytest.raises(StorageError) as raised:
            await repo.write(lambda db: db.execute("SELECT * FROM no_such_table"))
        assert not isinstance(raised.value, StorageUnavailable)
    finally:
        await repo.close()


async def test_a_full_database_refuses_the_write_and_keeps_every_entry(db_path: Path) -> None:
    table_id = await filled(db_path)
    repo = await SqliteRepository.open(db_path)
    try:
        await repo.write(lambda db: db.execute(
            f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}").fetchall())
        big = [entry(n) for n in range(4, 200)]
        with pytest.raises(StorageUnavailable) as raised:
            await repo.append(table_id, 3, big, T0)
        assert raised.value.cause == "disk_full"
        assert await repo.head(table_id) == 3
    finally:
        await repo.close()


async def test_a_write_lock_held_elsewhere_is_told_as_locked(db_path: Path) -> None:
    table_id = await filled(db_path)
    other = sqlite3.connect(db_path, isolation_level=None)
    repo = await SqliteRepository.open(db_path, busy_timeout_ms=50)
    try:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(StorageUnavailable) as raised:
            await repo.append(table_id, 3, [entry(4)], T0)
        assert raised.value.cause == "locked"
        other.execute("ROLLBACK")
        assert await repo.append(table_id, 3, [entry(4)], T0) == 4
    finally:
        other.close()
        await repo.close()


async def test_reads_are_answered_while_a_write_waits_for_the_lock(db_path: Path) -> None:
    table_id = await filled(db_path)
    other = sqlite3.connect(db_path, isolation_level=None)
    faults = Faults()
    repo = await SqliteRepository.open(db_path, wrap=faults)
    try:
        other.execute("BEGIN IMMEDIATE")
        writing = asyncio.create_task(repo.append(table_id, 3, [entry(4)], T0))
        while "BEGIN IMMEDIATE" not in faults.writer.statements:
            await asyncio.sleep(0)
        row = await repo.get_table(table_id)
        entries = await repo.entries(table_id)
        assert row is not None and row.head == 3 and len(entries) == 3
        assert not writing.done(), "the read waited for the write"
        other.execute("ROLLBACK")
        assert await writing == 4
    finally:
        other.close()
        await repo.close()


async def test_a_damaged_file_is_refused_at_open_with_the_command_that_salvages_it(db_path: Path) -> None:
    await filled(db_path, entries=400)
    damage_page_of(db_path, "actions")
    with pytest.raises(DamagedDatabase) as raised:
        await SqliteRepository.open(db_path)
    assert f"python -m storage.backup --salvage {db_path}" in raised.value.operator_line()


async def test_a_file_that_is_no_database_is_refused_as_damaged(db_path: Path) -> None:
    db_path.write_bytes(b"not a database at all" * 400)
    with pytest.raises(DamagedDatabase, match="--salvage"):
        await SqliteRepository.open(db_path)


async def test_salvage_keeps_every_row_off_the_damaged_page(
    db_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table_id = await filled(db_path, entries=400)
    damage_page_of(db_path, "actions")
    salvaged = tmp_path / "salvaged.db"
    assert backup_main(["--salvage", str(db_path), str(salvaged)]) == 0
    assert "actions:" in capsys.readouterr().out
    repo = await SqliteRepository.open(salvaged)
    try:
        seqs = [e.seq for e in await repo.entries(table_id)]
        assert 0 < len(seqs) < 400
        assert seqs[0] == 1 and seqs[-1] == 400
        assert await repo.get_table(table_id) is not None
    finally:
        await repo.close()
