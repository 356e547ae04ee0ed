"""A copied database is verified by replaying every table (``python -m storage.copy``): a faithful
copy passes, a copy whose log or snapshot differs is caught."""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path

import pytest

from bot.service import TableService
from bot.service.replay import verify_copy
from storage import copy as storage_copy
from storage.copy import copy_database
from storage.postgres import PostgresRepository
from storage.sqlite import SqliteRepository
from tests.service.conftest import ADA, BO, Clock, new_table, play_to_end


async def played(service: TableService) -> list[int]:
    """A finished game, one half played (with snapshots), and a lobby."""
    done = await new_table(service, (BO, "Bo"), bots=1)
    await service.start(done.id, ADA)
    await play_to_end(service, done.id, (ADA, BO))
    half = await new_table(service, (BO, "Bo"))
    await service.start(half.id, ADA)
    for _ in range(3):
        for user in (ADA, BO):
            prompt = await service.prompt_for(half.id, user)
            if prompt is not None:
                await service.act(half.id, user, prompt.prompt.options[0].action
                                  if prompt.prompt.number is None else prompt.prompt.number.action(0),
                                  expected_seq=prompt.seq)
    lobby = await new_table(service)
    return [done.id, half.id, lobby.id]


async def test_a_faithful_copy_replays_like_its_source(repo: SqliteRepository, clock: Clock,
                                                       postgres_url: str) -> None:
    ids = await played(TableService(repo, clock=clock, snapshot_every=4))
    dest = await PostgresRepository.open(postgres_url)
    try:
        copied = await copy_database(repo, dest, verify_copy)
        assert (copied.problems, copied.verified) == ([], len(ids))
        assert copied.rows["snapshots"] > 0
    finally:
        await dest.close()


async def test_a_copied_log_that_plays_otherwise_is_caught(repo: SqliteRepository, clock: Clock,
                                                           postgres_url: str) -> None:
    done, half, _ = await played(TableService(repo, clock=clock, snapshot_every=4))
    dest = await PostgresRepository.open(postgres_url)
    try:
        await copy_database(repo, dest, None)
        async with dest.transaction() as db:
            await db.execute("UPDATE tables SET seed = seed + 1 WHERE id = $1", half)
        found = await verify_copy(repo, dest, half)
        assert "the copied log replays to another game than the source's" in found
        assert await verify_copy(repo, dest, done) == []
    finally:
        await dest.close()


async def test_a_copied_snapshot_that_is_not_the_replay_is_caught(repo: SqliteRepository, clock: Clock,
                                                                  postgres_url: str) -> None:
    done, _, _ = await played(TableService(repo, clock=clock, snapshot_every=4, snapshots_kept_every=4))
    dest = await PostgresRepository.open(postgres_url)
    try:
        await copy_database(repo, dest, None)
        snap = await dest.latest_snapshot(done)
        assert snap is not None
        other = await dest.latest_snapshot(done, at_most=snap.seq - 1)
        assert other is not None
        async with dest.transaction() as db:
            await db.execute("UPDATE snapshots SET state_json = $1 WHERE table_id = $2 AND seq = $3",
                             other.state_json, done, snap.seq)
        assert f"the snapshot at {snap.seq} is not the replay up to {snap.seq}" in await verify_copy(
            repo, dest, done)
    finally:
        await dest.close()


def test_the_command_copies_sqlite_to_postgresql_and_back_verified_by_replay(
    tmp_path: Path, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    async def setup() -> None:
        repo = await SqliteRepository.open(tmp_path / "agora.db")
        try:
            await played(TableService(repo, clock=Clock(), snapshot_every=4))
        finally:
            await repo.close()

    asyncio.run(setup())
    source, replay = f"sqlite:///{tmp_path}/agora.db", ["--verify", "bot.service.replay:verify_copy"]
    assert storage_copy.main([source, postgres_url, *replay]) == 0
    assert "verified every row and 3 tables by replay" in capsys.readouterr().out
    assert storage_copy.main([postgres_url, f"sqlite:///{tmp_path}/back.db", *replay]) == 0
    assert "verified every row and 3 tables by replay" in capsys.readouterr().out
    assert storage_copy.main([source, postgres_url, *replay]) == 1
    assert "not empty" in capsys.readouterr().err


def test_the_installed_bot_offers_its_replay_as_the_commands_default_verifier() -> None:
    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())
    declared = project["project"]["entry-points"][storage_copy.VERIFIERS]["replay"]
    assert storage_copy.find_verifier(declared) is verify_copy


def test_the_command_refuses_a_source_file_that_does_not_exist(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    missing, dest = tmp_path / "none.db", tmp_path / "copy.db"
    assert storage_copy.main([f"sqlite:///{missing}", f"sqlite:///{dest}", "--rows-only"]) == 1
    assert f"no database at {missing}" in capsys.readouterr().err
    assert not missing.exists() and not dest.exists()
