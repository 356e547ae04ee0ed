"""Startup in seconds: a restart loads only the tables whose last command did not write all its
steps (their settling is not recorded at their head); every other table is passed over unread."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service import TableService
from storage.records import Snapshot
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, Clock, new_table
from tests.service.test_recovery import Died, DiesAtWrite, dying, reopen

__all__ = ["dying"]  # the fixture, shared with the crash tests


class CountingLoads(SqliteRepository):
    """Real SQLite storage counting state rebuilds (each reads the latest snapshot first)."""

    rebuilds = 0

    async def latest_snapshot(self, table_id: int, at_most: int | None = None) -> Snapshot | None:
        self.rebuilds += 1
        return await super().latest_snapshot(table_id, at_most)


async def test_a_restart_after_settled_commands_loads_no_table(tmp_path: Path, clock: Clock) -> None:
    repo = await CountingLoads.open(tmp_path / "many.db")
    try:
        service = TableService(repo, clock=clock)
        for _ in range(5):
            table = await new_table(service, (BO, "Bo"))
            await service.start(table.id, ADA, seed=1, shuffle_seats=False)
            await service.act(table.id, ADA, Bid(coins=2))
        repo.rebuilds = 0
        assert await TableService(repo, clock=clock).resume_all() == []
        assert repo.rebuilds == 0
    finally:
        await repo.close()


async def test_a_table_whose_settling_was_not_written_is_settled_and_recorded_on_restart(
    dying: DiesAtWrite, tmp_path: Path, clock: Clock
) -> None:
    service = TableService(dying, clock=clock)
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    dying.armed = ("set_deadlines", 1)  # Ada's bid is written; the deadlines and the record are not
    with pytest.raises(Died):
        await service.act(table.id, ADA, Bid(coins=2))
    repo, restarted = await reopen(tmp_path / "dies.db", clock)
    try:
        row = await repo.get_table(table.id)
        assert row is not None and row.unsettled
        (outcome,) = await restarted.resume_all()
        assert [w.seat for w in outcome.waiting] == [1]
        row = await repo.get_table(table.id)
        assert row is not None and (row.settled_seq, row.unsettled) == (1, False)
        assert await restarted.resume_all() == []
    finally:
        await repo.close()


async def test_a_table_that_needed_nothing_is_recorded_as_settled(tmp_path: Path, clock: Clock) -> None:
    repo = await SqliteRepository.open(tmp_path / "old.db")
    try:
        service = TableService(repo, clock=clock)
        table = await new_table(service, (BO, "Bo"))
        await service.start(table.id, ADA, seed=1, shuffle_seats=False)
        await repo.mark_settled(table.id, None)  # as a table stored before settling was recorded
        assert await service.resume_all() == []
        row = await repo.get_table(table.id)
        assert row is not None and not row.unsettled
    finally:
        await repo.close()


async def test_a_stand_in_whose_first_move_was_not_played_plays_on_restart(
    dying: DiesAtWrite, tmp_path: Path, clock: Clock
) -> None:
    service = TableService(dying, clock=clock)
    table = await new_table(service, (BO, "Bo"), stand_ins=True)
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    dying.armed = ("append", 1)  # the stand-in takes Ada's seat; its bid is not written
    with pytest.raises(Died):
        await service._stand_in(await service._load(table.id), 0)
    repo, restarted = await reopen(tmp_path / "dies.db", clock)
    try:
        (outcome,) = await restarted.resume_all()
        assert outcome.table.seq == 1
        assert [w.seat for w in outcome.waiting] == [1]
    finally:
        await repo.close()
