"""Upgrades never strand a game: every database a released build wrote (tests/fixtures/releases,
written by scripts/release_database.py and never regenerated) opens with this build, migrates, and
each of its tables replays — from its snapshots and from the seed alike — and plays on."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.service import TableService
from storage.migrations import SCHEMA_VERSION
from storage.records import TableFilter
from storage.sqlite import SqliteRepository

RELEASES = sorted((Path(__file__).parent.parent / "fixtures" / "releases").glob("*.db"))
ADA = 100
NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


@pytest.fixture(params=RELEASES, ids=[p.stem for p in RELEASES])
async def released(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[SqliteRepository]:
    """A copy of a released build's database, opened (and so migrated) by this build."""
    path = tmp_path / "agora.db"
    shutil.copyfile(request.param, path)
    repo = await SqliteRepository.open(path)
    yield repo
    await repo.close()


def test_there_is_a_database_of_the_current_release() -> None:
    assert RELEASES, "no released database kept in tests/fixtures/releases"


async def test_a_released_database_migrates_to_this_builds_schema(released: SqliteRepository) -> None:
    assert await released.schema_version() == SCHEMA_VERSION


async def test_released_tables_count_as_started_with_rules_version_1(released: SqliteRepository) -> None:
    rows = await released.list_tables(TableFilter(statuses=("lobby", "active")))
    assert {r.rules_version for r in rows if r.status == "active"} == {1}
    assert {r.rules_version for r in rows if r.status == "lobby"} == {None}


GAMES = [
    "rftg",
    "ancient_world",
    "praetor",
    "patchistory",
]


@pytest.mark.parametrize("game", GAMES)
async def test_a_released_game_table_replays_from_its_snapshots_and_from_the_seed_alike(
    released: SqliteRepository, game: str
) -> None:
    (row,) = [t for t in await released.list_tables(TableFilter(statuses=("active",))) if t.game_id == game]
    from_snapshots = await TableService(released, clock=lambda: NOW).view_for(row.id, ADA)
    assert await released.latest_snapshot(row.id) is not None, f"table {row.id} kept no snapshot"
    with sqlite3.connect(released.path) as plain:
        plain.execute("DELETE FROM snapshots WHERE table_id = ?", (row.id,))
    plain.close()
    from_seed = await TableService(released, clock=lambda: NOW).view_for(row.id, ADA)
    assert from_seed.view == from_snapshots.view


async def test_every_released_game_table_plays_on(released: SqliteRepository) -> None:
    service = TableService(released, clock=lambda: NOW)
    rows = await released.list_tables(TableFilter(statuses=("active",)))
    assert {t.game_id for t in rows} >= {"rftg", "ancient_world", "praetor", "patchistory"}
    for row in rows:
        prompt = await service.prompt_for(row.id, ADA)
        assert prompt is not None and prompt.seq == row.head, f"table {row.id} ({row.game_id})"
        number = prompt.prompt.number
        action = number.action(number.low) if number else prompt.prompt.options[0].action
        outcome = await service.act(row.id, ADA, action, expected_seq=prompt.seq)
        assert outcome.table.seq > row.head
