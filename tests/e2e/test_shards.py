"""Two real bot processes, one shard each, on one PostgreSQL database, against the fake Discord:
clicks at one table arriving through both count once each, reminders falling due go out once, and
when a process dies holding a reminder, the other sends it once the lease runs out."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.postgres import PostgresRepository
from storage.records import Entry
from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.harness import BotProcess
from tests.e2e.players import answers, open_panel, open_table, play_panel, press, public_text, start

HOUR = 3600
LEASE_SECONDS = 3


@pytest.fixture
async def shards(fake: FakeDiscord, tmp_path: Path, postgres_url: str) -> AsyncIterator[list[BotProcess]]:
    """Shard 0 and shard 1 of two, in two processes, on one database and one clock."""
    processes: list[BotProcess] = []
    for shard in (0, 1):
        workdir = tmp_path / f"shard{shard}"
        workdir.mkdir()
        env = {"DATABASE_URL": postgres_url, "SHARD_COUNT": "2", "SHARD_IDS": str(shard),
               "AGORA_LEASE_SECONDS": str(LEASE_SECONDS)}
        if processes:
            env["AGORA_CLOCK_FILE"] = str(processes[0].clock_file)
        processes.append(BotProcess(fake, workdir, **env))
    for process in processes:
        await process.start()
    yield processes
    for process in processes:
        if process.proc is not None and process.proc.returncode is None:
            assert await process.stop() == 0, process.log()
        assert process.problems() == [], process.log()


def home(fake: FakeDiscord, shards: list[BotProcess]) -> tuple[BotProcess, BotProcess]:
    """(the process whose shard has the server, the other one)."""
    ours = fake.shard_of(fake.guild_id)
    return shards[ours], shards[1 - ours]


async def entries(url: str, table_id: int) -> list[Entry]:
    repo = await PostgresRepository.open(url)
    try:
        return await repo.entries(table_id)
    finally:
        await repo.close()


def reminders_to(fake: FakeDiscord, user: FakeUser) -> list[str]:
    return [c.text() for c in fake.captured
            if c.audience == ("dm", user.id) and "is waiting for your move" in c.text()]


async def test_clicks_at_one_table_through_both_processes_count_once_each(
    fake: FakeDiscord, shards: list[BotProcess], postgres_url: str
) -> None:
    here, there = home(fake, shards)
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    away = 1 - fake.shard_of(fake.guild_id)
    fake.route[bo.id] = away  # Bo's clicks reach the process that does not have the server
    thread_id, lobby = await open_table(fake, ann, bo, cy)
    await start(fake, ann, lobby)
    accepted = {ann.id: 0, bo.id: 0, cy.id: 0}
    for _ in range(3):  # three rounds of simultaneous bids, then whatever each owes
        panels = [await open_panel(fake, user, thread_id) for user in (ann, bo, cy)]
        owing = [(user, panel) for user, panel in zip((ann, bo, cy), panels, strict=True) if answers(panel)]
        clicks = await asyncio.gather(*(press(fake, user, panel, answers(panel)[1]) for user, panel in owing))
        for ix in clicks:
            accepted[ix.user.id] += ix.outputs[0].op == "edit"
        for user in (ann, bo, cy):
            accepted[user.id] += await play_panel(fake, user, thread_id)
    log = await entries(postgres_url, 1)
    by_actor = {user.id: sum(1 for e in log if e.actor == f"user:{user.id}") for user in (ann, bo, cy)}
    assert by_actor == accepted, "a click was lost or counted twice"
    assert accepted[bo.id] > 0
    assert {ix.shard for ix in fake.interactions.values() if ix.user is bo} == {away}
    assert {ix.shard for ix in fake.interactions.values() if ix.user is not bo} == {1 - away}
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    thread = public_text(fake, thread_id)
    bids = sum(1 for e in log if json.loads(e.payload_json).get("kind") == "bid")
    assert thread.count("sealed.bid_placed") == bids, "a move was announced twice or not at all"
    assert here.problems() == [] and there.problems() == []


async def test_reminders_falling_due_go_out_once_across_both_processes(
    fake: FakeDiscord, shards: list[BotProcess]
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    threads = []
    for _ in range(3):
        thread_id, lobby = await open_table(fake, ann, bo)
        await start(fake, ann, lobby)
        await play_panel(fake, ann, thread_id)
        threads.append(thread_id)
    assert reminders_to(fake, bo) == []
    # A reminder takes a second to post: both processes look at the clock meanwhile, and see it due.
    fake.slow[r"POST /api/v10/channels/\d+/messages"] = 1.0
    shards[0].set_clock(25 * HOUR)  # the clock both processes read
    await fake.wait_for(lambda: len(reminders_to(fake, bo)) >= 3, timeout=30, what="Bo's three reminders")
    await asyncio.sleep(10 * 0.2)  # ten more looks at the clock by each process
    assert len(reminders_to(fake, bo)) == 3
    for thread_id in threads:
        assert public_text(fake, thread_id).count("is waiting for your move") == 1, "one mention per table"
    assert reminders_to(fake, ann) == []


async def test_a_reminder_held_by_a_killed_process_is_sent_by_the_other_when_its_lease_runs_out(
    fake: FakeDiscord, shards: list[BotProcess], postgres_url: str
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)
    # The reminder's post in the thread never gets an answer: whoever sends it hangs holding its lease.
    fake.hold_next.append(f"POST /api/v10/channels/{thread_id}/messages")
    shards[0].set_clock(25 * HOUR)
    await fake.wait_for(lambda: fake.held, what="a process sending the reminder")
    repo = await PostgresRepository.open(postgres_url)
    try:
        async with repo.transaction() as db:
            holder = await db.fetchval("SELECT owner FROM leases WHERE key LIKE 'deadline:%'")
    finally:
        await repo.close()
    dead = next(p for p in shards if holder.endswith(f"shards {p.env['SHARD_IDS']}"))
    survivor = next(p for p in shards if p is not dead)
    await dead.kill()
    await asyncio.sleep(LEASE_SECONDS / 2)
    assert reminders_to(fake, bo) == [], "taken over before the dead process's lease ran out"
    await fake.wait_for(lambda: reminders_to(fake, bo), timeout=LEASE_SECONDS * 5, what="the reminder")
    await asyncio.sleep(10 * 0.2)
    assert len(reminders_to(fake, bo)) == 1
    assert public_text(fake, thread_id).count("is waiting for your move") == 1
    assert survivor.problems() == []
