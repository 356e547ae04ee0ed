"""One load per click: the process keeps the state a table's log leads to, by table and head, and
uses it only while the stored head is the same, also when another process writes the same file
(or the same PostgreSQL database)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import ServiceError, TableService
from rules.core.messages import MESSAGE
from storage import open_repository
from storage.records import Snapshot
from storage.repository import Repository
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE
from tests.service.conftest import ADA, BO, Clock, answer, new_table


class CountingLoads(SqliteRepository):
    """Real SQLite storage that counts state rebuilds (each reads the latest snapshot first)."""

    rebuilds = 0

    async def latest_snapshot(self, table_id: int, at_most: int | None = None) -> Snapshot | None:
        self.rebuilds += 1
        return await super().latest_snapshot(table_id, at_most)


async def started(service: TableService) -> int:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


async def click(service: TableService, table_id: int, user_id: int) -> None:
    """What the adapter asks of the service for one button click: the move, the follow-up panel
    of whoever is next, the board picture and the mover's own picture."""
    prompt = await service.prompt_for(table_id, user_id)
    assert prompt is not None
    outcome = await service.act(table_id, user_id, answer(prompt, 1), expected_seq=prompt.seq)
    for waiting in outcome.waiting:
        if waiting.user_id is not None:
            await service.prompt_for(table_id, waiting.user_id)
    await service.view_for(table_id, None)
    await service.view_for(table_id, user_id)
    await service.status(table_id)


async def test_a_click_on_a_table_not_yet_loaded_loads_it_once(db_path: Path, clock: Clock) -> None:
    repo = await CountingLoads.open(db_path)
    try:
        table_id = await started(TableService(repo, clock=clock, snapshot_every=4))
        for user in (ADA, BO, ADA, BO, ADA):  # past a snapshot
            await click(TableService(repo, clock=clock, snapshot_every=4), table_id, user)
        fresh = TableService(repo, clock=clock, snapshot_every=4)
        repo.rebuilds = 0
        await click(fresh, table_id, (await fresh.status(table_id)).waiting[0].user_id or 0)
        assert repo.rebuilds == 1
    finally:
        await repo.close()


async def test_players_opening_their_panels_together_share_one_load(db_path: Path, clock: Clock) -> None:
    repo = await CountingLoads.open(db_path)
    try:
        table_id = await started(TableService(repo, clock=clock, snapshot_every=4))
        for user in (ADA, BO, ADA, BO, ADA):
            await click(TableService(repo, clock=clock, snapshot_every=4), table_id, user)
        fresh = TableService(repo, clock=clock, snapshot_every=4)
        repo.rebuilds = 0
        shown = await asyncio.gather(fresh.prompt_for(table_id, ADA), fresh.prompt_for(table_id, BO),
                                     fresh.view_for(table_id, None))
        assert repo.rebuilds == 1
        alone = TableService(repo, clock=clock, snapshot_every=4)
        assert shown[:2] == [await alone.prompt_for(table_id, ADA), await alone.prompt_for(table_id, BO)]
    finally:
        await repo.close()


async def test_the_processs_own_moves_need_no_load(db_path: Path, clock: Clock) -> None:
    repo = await CountingLoads.open(db_path)
    try:
        service = TableService(repo, clock=clock, snapshot_every=4)
        table_id = await started(service)
        await service.status(table_id)
        repo.rebuilds = 0
        for user in (ADA, BO, ADA, BO, ADA, BO):
            await click(service, table_id, user)
        assert repo.rebuilds == 0
    finally:
        await repo.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database two processes share: a SQLite file's path, or a PostgreSQL database's URL."""
    if request.param == "sqlite":
        return str(tmp_path / "two.db")
    url: str = request.getfixturevalue("postgres_url")
    return url


async def open_db(db: str) -> Repository:
    return await open_repository(db) if "://" in db else await SqliteRepository.open(db)


async def test_a_move_by_another_connection_is_seen_at_once(shared_db: str, clock: Clock) -> None:
    first, second = await open_db(shared_db), await open_db(shared_db)
    try:
        here, there = (TableService(r, clock=clock, snapshot_every=4) for r in (first, second))
        table_id = await started(here)
        before = await here.prompt_for(table_id, ADA)
        assert before is not None
        await there.act(table_id, ADA, answer(before, 1), expected_seq=before.seq)
        after = await here.prompt_for(table_id, BO)
        assert after is not None and after.seq == before.seq + 1
        assert await here.prompt_for(table_id, ADA) is None  # Ada's bid is in: she owes nothing now
        try:
            await here.act(table_id, ADA, answer(before, 1), expected_seq=before.seq)
        except ServiceError as refused:
            assert refused.key == "service.stale_action"
        else:
            raise AssertionError("a move on the cached head was accepted")
    finally:
        await first.close()
        await second.close()


def events_replayed(entries: list[tuple[int, str, list[str]]], options: str) -> list[list[str]]:
    """Each entry's events as the engine gives them when the log is replayed from the seed."""
    state = ENGINE.new_game(2, json.loads(options), 7)
    told = []
    for seat, payload, _ in entries:
        state, events = ENGINE.apply(state, seat, payload)
        told.append([MESSAGE.dump_json(e.message).decode() for e in events])
    return told


async def test_two_processes_playing_one_table_never_play_on_a_stale_state(shared_db: str) -> None:
    repo = await open_db(shared_db)
    try:
        service = TableService(repo, snapshot_every=4)
        table_id = await started(service)
        other = subprocess.Popen(
            [sys.executable, "-m", "tests.service.mover", shared_db, str(table_id), str(BO)],
            stdout=subprocess.PIPE, text=True,
        )
        moves = 0
        deadline = asyncio.get_running_loop().time() + 60
        try:
            while (await service.table(table_id)).status == "active":
                assert asyncio.get_running_loop().time() < deadline, "the game got stuck"
                prompt = await service.prompt_for(table_id, ADA)
                if prompt is None:
                    await asyncio.sleep(0.005)
                    continue
                try:
                    await service.act(table_id, ADA, answer(prompt, 1), expected_seq=prompt.seq)
                    moves += 1
                except ServiceError:
                    continue
            assert other.wait(timeout=60) == 0
        finally:
            other.kill()
        their_moves = len((other.stdout.read() if other.stdout else "").split())
        assert moves > 0 and their_moves > 0
        row = await repo.get_table(table_id)
        assert row is not None and row.status == "finished"
        log = [(e.seat, e.payload_json, [json.loads(ev.message_json) for ev in e.events])
               for e in await repo.entries(table_id)]
        assert len(log) == moves + their_moves
        # Every stored event is what the rules say from the true state: no move was made on a stale one.
        assert [[json.loads(m) for m in told] for told in events_replayed(
            [(s, p, []) for s, p, _ in log], row.options_json)] == [events for _, _, events in log]
    finally:
        await repo.close()
