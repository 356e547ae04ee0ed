"""The online backup command and DATABASE_URL parsing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from storage import open_repository
from storage.backup import main as backup_main
from storage.records import NewTable
from storage.sqlite import SqliteRepository
from storage.url import BadDatabaseUrl, parse_database_url
from tests.storage.contract import T0, entry

ROOT = Path(__file__).resolve().parents[2]


async def test_a_backup_of_a_live_database_holds_every_committed_entry(db_path: Path, tmp_path: Path) -> None:
    repo = await SqliteRepository.open(db_path)
    try:
        table = await repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        await repo.append(table.id, 0, [entry(1), entry(2)], T0)
        dest = tmp_path / "backups" / "copy.db"
        assert backup_main([str(db_path), str(dest)]) == 0  # the repository stays open meanwhile
        await repo.append(table.id, 2, [entry(3)], T0)
    finally:
        await repo.close()
    copy = await SqliteRepository.open(dest)
    try:
        assert [e.seq for e in await copy.entries(table.id)] == [1, 2]
    finally:
        await copy.close()


def test_backup_of_a_missing_file_fails_without_creating_it(tmp_path: Path) -> None:
    assert backup_main([str(tmp_path / "none.db"), str(tmp_path / "out.db")]) == 1
    assert not (tmp_path / "none.db").exists()
    assert not (tmp_path / "out.db").exists()


def test_backup_command_has_help() -> None:
    done = subprocess.run([sys.executable, "-m", "storage.backup", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0 and "SRC" in done.stdout and "DEST" in done.stdout


def test_a_relative_sqlite_url_names_a_relative_file() -> None:
    assert parse_database_url("sqlite:///./data/agora.db").path == Path("data/agora.db")


def test_an_absolute_sqlite_url_names_an_absolute_file() -> None:
    assert parse_database_url("sqlite:////var/lib/agora.db").path == Path("/var/lib/agora.db")


def test_a_postgresql_url_names_no_file() -> None:
    parsed = parse_database_url("postgresql://agora:secret@db.internal:5432/agora")
    assert (parsed.scheme, parsed.path, parsed.url) == (
        "postgresql", None, "postgresql://agora:secret@db.internal:5432/agora")


def test_a_postgresql_url_without_a_database_is_refused() -> None:
    with pytest.raises(BadDatabaseUrl, match="names no database"):
        parse_database_url("postgresql://agora@db.internal")


@pytest.mark.parametrize("url", ["mysql://u@h/db", "agora.db", "sqlite://", "sqlite:///"])
def test_unusable_urls_are_refused_with_an_example(url: str) -> None:
    with pytest.raises(BadDatabaseUrl, match="sqlite"):
        parse_database_url(url)


async def test_open_repository_opens_the_file_the_url_names(tmp_path: Path) -> None:
    repo = await open_repository(f"sqlite:///{tmp_path}/agora.db")
    await repo.close()
    assert (tmp_path / "agora.db").is_file()


def test_backup_of_a_postgresql_url_is_refused_with_the_tool_to_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert backup_main(["postgresql://agora@localhost/agora", str(tmp_path / "out.db")]) == 1
    assert "pg_dump" in capsys.readouterr().err
    assert not (tmp_path / "out.db").exists()
