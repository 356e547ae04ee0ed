"""Several processes on one database: each due reminder, timeout default, stand-in and recovery is
done by one of them, under a lease; a process that took a job and died leaves it to another once
its lease runs out, and takes it back at once if it restarts under the same name."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.service import TableService
from bot.service.core import LEASE
from storage.repository import Repository
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, T0, Clock, new_table


@pytest.fixture
async def other_repo(db_path: Path, repo: SqliteRepository) -> AsyncIterator[SqliteRepository]:
    """A second connection to the same file, as a second process has."""
    second = await SqliteRepository.open(db_path)
    yield second
    await second.close()


def process(repo: Repository, clock: Clock, name: str) -> TableService:
    return TableService(repo, clock=clock, snapshot_every=4, owner=name)


async def started(service: TableService, *, stand_ins: bool = False) -> int:
    table = await new_table(service, (BO, "Bo"), stand_ins=stand_ins)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


def due_time() -> datetime:
    return T0 + timedelta(days=1)


async def test_a_due_seat_is_reminded_by_one_process_only(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    a, b = process(repo, clock, "a"), process(other_repo, clock, "b")
    await started(a)
    clock.now = due_time()
    first = await a.due_reminders()
    assert [r.user_id for r in first] == [ADA, BO]
    assert await b.due_reminders() == []
    for reminder in first:
        await a.mark_reminded(reminder.table_id, reminder.seat)
    assert await b.due_reminders() == []  # reminded already: the next one is far off


async def test_two_processes_looking_at_once_share_the_due_seats_without_overlap(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    a, b = process(repo, clock, "a"), process(other_repo, clock, "b")
    for _ in range(3):
        await started(a)
    clock.now = due_time()
    mine, theirs = await asyncio.gather(a.due_reminders(), b.due_reminders())
    taken = [(r.table_id, r.seat) for r in mine + theirs]
    assert sorted(taken) == sorted(set(taken)) and len(taken) == 6


async def test_a_reminder_taken_by_a_process_that_died_goes_to_another_when_the_lease_runs_out(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    dead, alive = process(repo, clock, "dead"), process(other_repo, clock, "alive")
    table_id = await started(dead)
    clock.now = due_time()
    assert len(await dead.due_reminders()) == 2  # took both, then died before reminding
    clock.advance(seconds=LEASE.total_seconds() - 1)
    assert await alive.due_reminders() == []
    clock.advance(seconds=1)
    taken_over = await alive.due_reminders()
    assert [(r.table_id, r.user_id, r.count) for r in taken_over] == [(table_id, ADA, 0), (table_id, BO, 0)]


async def test_a_process_restarted_under_its_name_takes_its_own_leases_back_at_once(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    before = process(repo, clock, "host:shards 0")
    await started(before)
    clock.now = due_time()
    assert len(await before.due_reminders()) == 2
    restarted = process(other_repo, clock, "host:shards 0")
    assert len(await restarted.due_reminders()) == 2


async def test_a_stand_in_is_seated_once_whichever_process_reminds(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    a, b = process(repo, clock, "a"), process(other_repo, clock, "b")
    table_id = await started(a, stand_ins=True)
    await a.act(table_id, ADA, Bid(coins=1))
    stood_in, reminded = [], []
    for round_ in range(6):
        clock.now = due_time() + timedelta(days=3 * round_)
        found = await asyncio.gather(a.due_reminders(), b.due_reminders())
        for service, reminders in zip((a, b), found, strict=True):
            for reminder in reminders:
                reminded.append((reminder.seat, reminder.count))
                outcome = await service.mark_reminded(reminder.table_id, reminder.seat)
                if outcome is not None and outcome.public[0].message.key == "service.stand_in":
                    stood_in.append(outcome)
        if stood_in:
            break
    assert [o.public[0].message.params["seat"] for o in stood_in] == [1]
    assert sorted(reminded) == sorted(set(reminded)), "a reminder went out twice"
    (bid,) = [e for e in await repo.entries(table_id) if e.seat == 1]
    assert bid.actor.startswith("stand-in:")


async def test_two_processes_starting_at_once_resume_a_table_once(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    a, b = process(repo, clock, "a"), process(other_repo, clock, "b")
    table = await new_table(a, bots=1)
    await a.start(table.id, ADA, seed=7, shuffle_seats=False)
    await repo.set_deadlines(table.id, [])  # as a process that died before writing them leaves it
    await repo.mark_settled(table.id, None)
    resumed = await asyncio.gather(a.resume_all(), b.resume_all())
    assert sum(len(outcomes) for outcomes in resumed) == 1
    assert [d.user_id for d in await repo.deadlines(table.id)] == [ADA]


async def test_what_a_thread_missed_is_gathered_by_one_process_until_it_is_told(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    a, b = process(repo, clock, "a"), process(other_repo, clock, "b")
    table_id = await started(a)
    await a.act(table_id, ADA, Bid(coins=1))  # committed, never delivered
    assert [o.table.id for o in await a.announcements_all()] == [table_id]
    assert await b.announcements_all() == []
    await a.done_recovering(table_id)  # told (or not: the mark says which)
    assert [o.table.id for o in await b.announcements_all()] == [table_id]


async def test_a_reminder_whose_lease_ran_out_before_its_turn_is_left_to_the_process_that_took_it(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    slow, quick = process(repo, clock, "slow"), process(other_repo, clock, "quick")
    await started(slow)
    clock.now = due_time()
    first, second = await slow.due_reminders()
    assert await slow.keep_reminder(first)
    await slow.mark_reminded(first.table_id, first.seat)
    clock.advance(seconds=LEASE.total_seconds())  # sending the first took the whole lease
    (taken_over,) = await quick.due_reminders()
    assert (taken_over.table_id, taken_over.seat) == (second.table_id, second.seat)
    assert not await slow.keep_reminder(second)
    assert await quick.keep_reminder(taken_over)
    await quick.mark_reminded(taken_over.table_id, taken_over.seat)
    assert not await slow.keep_reminder(second), "reminded already by the other process"


async def test_one_process_at_a_time_tells_a_tables_thread(
    repo: SqliteRepository, other_repo: SqliteRepository, clock: Clock
) -> None:
    a, b = process(repo, clock, "a"), process(other_repo, clock, "b")
    order: list[str] = []

    async def tell(service: TableService, name: str, hold: float) -> None:
        async with service.telling(1):
            order.append(f"{name} starts")
            await asyncio.sleep(hold)
            order.append(f"{name} ends")

    first = asyncio.create_task(tell(a, "a", 0.2))
    await asyncio.sleep(0.05)
    await asyncio.gather(first, tell(b, "b", 0))
    assert order == ["a starts", "a ends", "b starts", "b ends"]
