"""A process that dies between the writes of one command leaves the first ones stored and not the
rest; ``resume`` finishes the job from what the log says. The death is placed exactly at a write
(the write raises instead of happening), on a real SQLite file, then a new service reopens it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableService
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid, Pass
from tests.service.conftest import ADA, BO, Clock, new_table


class Died(Exception):
    """The process stopped here and wrote nothing more."""


class DiesAtWrite(SqliteRepository):
    """Raises instead of the ``call``-th call of ``method``, once armed."""

    armed: tuple[str, int] | None = None
    calls = 0

    def __getattribute__(self, name: str) -> Any:
        attr = super().__getattribute__(name)
        armed = super().__getattribute__("armed")
        if armed is None or name != armed[0]:
            return attr

        async def dying(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == armed[1]:
                self.armed = None
                raise Died(name)
            return await attr(*args, **kwargs)

        return dying


@pytest.fixture
async def dying(tmp_path: Path) -> AsyncIterator[DiesAtWrite]:
    repo = await DiesAtWrite.open(tmp_path / "dies.db")
    yield repo
    await repo.close()


async def reopen(path: Path, clock: Clock) -> tuple[SqliteRepository, TableService]:
    repo = await SqliteRepository.open(path)
    return repo, TableService(repo, clock=clock)


async def test_bots_owed_a_move_when_the_process_died_play_on_resume(
    dying: DiesAtWrite, tmp_path: Path, clock: Clock
) -> None:
    service = TableService(dying, clock=clock)
    table = await new_table(service, bots=1)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    dying.armed = ("append", 2)  # Ada's bid is written; the bot's take that follows is not
    with pytest.raises(Died):
        await service.act(table.id, ADA, Bid(coins=0))
    repo, restarted = await reopen(tmp_path / "dies.db", clock)
    try:
        assert await restarted.prompt_for(table.id, ADA) is None  # stuck on the bot
        (outcome,) = await restarted.resume_all()
        assert outcome.public[0].message.key == "sealed.took"
        assert await restarted.prompt_for(table.id, ADA) is not None
        assert await restarted.resume(table.id) is None
    finally:
        await repo.close()


async def play_until_the_last_move_dies(
    service: TableService, dying: DiesAtWrite, table_id: int, *, told: bool = False
) -> None:
    """Play a started Sealed Bid table (bid nothing, pass) until its last move, which is written
    while marking the table finished dies. ``told``: the thread is told each move, as a bot would."""
    while True:
        user = (await service.status(table_id)).waiting[0].user_id
        assert user is not None
        prompt = await service.prompt_for(table_id, user)
        assert prompt is not None
        view = (await service.view_for(table_id, None)).view
        last = view.round == 3 and len(view.order) == 1  # type: ignore[attr-defined]
        action = prompt.prompt.number.action(0) if prompt.prompt.number else Pass()
        if last:
            dying.armed = ("update_table", 1)  # the last move is written; "finished" is not
            with pytest.raises(Died):
                await service.act(table_id, user, action)
            return
        outcome = await service.act(table_id, user, action)
        if told:
            assert outcome.announce_through is not None
            await service.mark_announced(table_id, outcome.announce_through)


async def test_a_seat_left_without_a_deadline_gets_one_on_resume(
    dying: DiesAtWrite, tmp_path: Path, clock: Clock
) -> None:
    service = TableService(dying, clock=clock)
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    dying.armed = ("set_deadlines", 1)  # Bo's bid is written; the new deadlines are not
    with pytest.raises(Died):
        await service.act(table.id, BO, Bid(coins=1))
    repo, restarted = await reopen(tmp_path / "dies.db", clock)
    try:
        assert [w.due_at for w in (await restarted.status(table.id)).waiting] == [None]
        assert await restarted.resume(table.id) is not None
        assert {r.user_id for r in await restarted.due_reminders(clock.now + timedelta(hours=24))} == {ADA}
        assert await restarted.resume(table.id) is None
    finally:
        await repo.close()


async def test_a_game_whose_last_move_was_written_is_marked_finished_on_resume(
    dying: DiesAtWrite, tmp_path: Path, clock: Clock
) -> None:
    service = TableService(dying, clock=clock)
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=3, shuffle_seats=False)
    await play_until_the_last_move_dies(service, dying, table.id)
    repo, restarted = await reopen(tmp_path / "dies.db", clock)
    try:
        assert (await restarted.table(table.id)).status == "active"
        outcome = await restarted.resume(table.id)
        assert outcome is not None and outcome.result is not None
        assert outcome.public[0].message.key == "service.finished"
        assert (await restarted.table(table.id)).status == "finished"
        assert await restarted.due_reminders(clock.now + timedelta(days=9)) == []
    finally:
        await repo.close()


async def test_a_healthy_table_needs_no_resume(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1)
    assert await service.resume(table.id) is None
    assert await service.resume_all() == []
