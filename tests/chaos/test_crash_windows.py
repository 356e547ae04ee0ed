"""A crash between the two writes of one command, made to happen exactly there.

The table service commits a person's move, then lets bot seats play and commits their moves, then
records the new deadlines. A process killed between those writes leaves the first one in storage
and not the others. The chaos run kills the bot at random moments and only sometimes lands in these
windows; here the crash is placed in them on purpose (the write that would have come next raises),
and then the real bot is started on the same database, or a new table service opens it and does
what a starting bot does (``resume_all``). Also here: a number form opened before a restart, and a
crash after a command committed but before the bot told the thread about it.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service import TableInfo, TableService
from storage.sqlite import SqliteRepository
from tests.chaos.conftest import EXTRA_GAMES
from tests.chaos.fake import TimedDiscord
from tests.chaos.tables import started_table
from tests.e2e.fakediscord import payloads as P
from tests.e2e.harness import BotProcess
from tests.e2e.players import answers, button, finished, open_panel, public_text

HOUR = 3600


class Killed(Exception):
    """Stands for SIGKILL: the process stops here and writes nothing more."""


def crash_at(repo: SqliteRepository, method: str, call: int) -> None:
    """Make the ``call``-th call of ``repo.<method>`` (counting from 1) crash before writing."""
    original = getattr(repo, method)
    calls = 0

    async def crashing(*args: Any, **kwargs: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == call:
            raise Killed(method)
        return await original(*args, **kwargs)

    setattr(repo, method, crashing)


def thread(fake: TimedDiscord) -> int:
    tid = P.snowflake()
    fake.channels[tid] = P.thread_channel(tid, fake.guild_id, fake.channel_id, fake.bot_user.id, "table")
    return tid


async def opened(
    tmp_path: Path,
    game: str,
    creator: tuple[int, str],
    *joined: tuple[int, str],
    bots: int = 0,
    where: tuple[int, int, int | None] = (1, 2, None),
    told: bool = False,
) -> tuple[SqliteRepository, TableService, TableInfo]:
    """A table started (seed 1, seats in the order given) by a table service on a new database in
    ``tmp_path``, with people ``joined`` and random ``bots``; ``where`` is (guild, channel, thread).
    ``told``: its thread was told the opening, as a bot would have."""
    repo = await SqliteRepository.open(tmp_path / "agora.db")
    service = TableService(repo)
    guild, channel, thread_id = where
    table = await service.create_table(game, guild, channel, creator[0], creator[1], thread_id=thread_id)
    for user_id, name in joined:
        await service.join(table.id, user_id, name)
    for _ in range(bots):
        await service.add_bot(table.id, creator[0], "random")
    started = await service.start(table.id, creator[0], seed=1, shuffle_seats=False)
    if told:
        assert started.announce_through is not None
        await service.mark_announced(table.id, started.announce_through)
    return repo, service, await service.table(table.id)


async def test_bot_seats_owed_a_move_when_the_bot_crashed_play_after_the_restart(
    fake: TimedDiscord, tmp_path: Path
) -> None:
    ann = fake.user("Ann")
    tid = thread(fake)
    repo, service, table = await opened(tmp_path, "sealed_bid", (ann.id, "Ann"), bots=1,
                                           where=(fake.guild_id, fake.channel_id, tid))
    prompt = await service.prompt_for(table.id, ann.id)
    if prompt is None or prompt.prompt.number is None:
        raise RuntimeError("Ann should owe a bid")
    # Ann bids nothing, so the bot seat takes first: Ann's bid is written (the first append), the
    # bot's move that follows is not (the second).
    crash_at(repo, "append", 2)
    with pytest.raises(Killed):
        await service.act(table.id, ann.id, prompt.prompt.number.action(0), expected_seq=prompt.seq)
    await repo.close()

    bot = BotProcess(fake, tmp_path)
    await bot.start()
    try:
        panel = await open_panel(fake, ann, tid)
        if not answers(panel):
            panel = await open_panel(fake, ann, tid)
        assert answers(panel), f"the table waits for its bot seat forever: {panel['content']!r}"
    finally:
        await bot.stop()


async def test_a_seat_owing_a_decision_when_the_bot_crashed_is_reminded(tmp_path: Path) -> None:
    ann, bo = 100, 200
    repo, service, table = await opened(tmp_path, "sealed_bid", (ann, "Ann"), (bo, "Bo"))
    for user, coins in ((ann, 3), (bo, 1)):
        prompt = await service.prompt_for(table.id, user)
        if prompt is None or prompt.prompt.number is None:
            raise RuntimeError("every seat owes a bid")
        if user == bo:
            crash_at(repo, "set_deadlines", 1)  # Bo's bid is written; the new deadlines are not
            with pytest.raises(Killed):
                await service.act(table.id, user, prompt.prompt.number.action(coins), expected_seq=prompt.seq)
        else:
            await service.act(table.id, user, prompt.prompt.number.action(coins), expected_seq=prompt.seq)
    await repo.close()

    repo = await SqliteRepository.open(tmp_path / "agora.db")
    try:
        restarted = TableService(repo)
        await restarted.resume_all()  # what a starting bot does
        owing = {w.user_id for w in (await restarted.status(table.id)).waiting}
        if owing != {ann}:
            raise RuntimeError(f"Ann bid highest and should take first; the table waits for {owing}")
        due = await restarted.due_reminders(restarted.clock() + timedelta(hours=25))
        assert {r.user_id for r in due} == owing
    finally:
        await repo.close()


async def test_a_game_whose_last_move_was_written_when_the_bot_crashed_ends(tmp_path: Path) -> None:
    ann, bo = 100, 200
    repo, service, table = await opened(tmp_path, "sealed_bid", (ann, "Ann"), (bo, "Bo"))
    crashed = False
    while not crashed:
        status = await service.status(table.id)
        if not status.waiting:
            raise RuntimeError("the game ended without the crash")
        user = status.waiting[0].user_id
        assert user is not None
        prompt = await service.prompt_for(table.id, user)
        if prompt is None:
            raise RuntimeError("the table waits for a seat that has nothing to decide")
        action = prompt.prompt.options[-1].action if prompt.prompt.options else prompt.prompt.number.action(0)
        state = (await service.view_for(table.id, None)).view
        last = state.round == 3 and len(state.order) == 1  # type: ignore[attr-defined]
        if last:
            crash_at(repo, "update_table", 1)  # the last move is written; "finished" is not
            with pytest.raises(Killed):
                await service.act(table.id, user, action, expected_seq=prompt.seq)
            crashed = True
        else:
            await service.act(table.id, user, action, expected_seq=prompt.seq)
    await repo.close()

    repo = await SqliteRepository.open(tmp_path / "agora.db")
    try:
        restarted = TableService(repo)
        await restarted.resume_all()  # what a starting bot does
        status = await restarted.status(table.id)
        if status.result is None:
            raise RuntimeError("the last move should be in the log")
        assert status.table.status == "finished", "the game is over, yet the table is still being played"
        due = await restarted.due_reminders(restarted.clock() + timedelta(hours=25))
        assert due == [], "players are reminded of a game that is over"
    finally:
        await repo.close()


async def test_a_number_typed_in_a_modal_opened_before_a_restart_is_answered(
    fake: TimedDiscord, tmp_path: Path
) -> None:
    bot = BotProcess(fake, tmp_path, AGORA_EXTRA_GAMES=EXTRA_GAMES)
    await bot.start()
    try:
        ann, bo = fake.user("Ann"), fake.user("Bo")
        thread_id = await started_table(fake, ann, bo, options="starting_coins=15")
        panel = await open_panel(fake, ann, thread_id)
        opener = await fake.click(ann, int(panel["id"]), button(panel, "agora:num:")["custom_id"])
        await fake.wait_for(lambda: opener.modal is not None, what="the number modal")
        await bot.kill()
        await bot.start()
        ix = await fake.submit_modal(ann, opener, {"value": "7"})
        await fake.wait_for(
            lambda: fake.answered(ix), what="an answer to the bid, not 'This interaction failed'"
        )
    finally:
        await bot.stop()


async def test_a_game_over_committed_but_never_told_is_announced_once_after_the_restart(
    fake: TimedDiscord, tmp_path: Path
) -> None:
    ann = fake.user("Ann")
    tid = thread(fake)
    repo, service, table = await opened(tmp_path, "sealed_bid", (ann.id, "Ann"), bots=1,
                                        where=(fake.guild_id, fake.channel_id, tid), told=True)
    while True:
        prompt = await service.prompt_for(table.id, ann.id)
        if prompt is None:
            raise RuntimeError("Ann should owe a decision until the game is over")
        action = prompt.prompt.number.action(0) if prompt.prompt.number else prompt.prompt.options[-1].action
        outcome = await service.act(table.id, ann.id, action, expected_seq=prompt.seq)
        if outcome.finished:
            break  # committed; the process dies before the bot delivers it
        assert outcome.announce_through is not None
        await service.mark_announced(table.id, outcome.announce_through)  # delivered
    await repo.close()

    bot = BotProcess(fake, tmp_path, AGORA_EXTRA_GAMES=EXTRA_GAMES)
    await bot.start()
    try:
        await fake.wait_for(lambda: finished(fake, tid), what="the result in the thread")
        text = public_text(fake, tid)
        assert "Ann: " in text and "rank 1." in text, f"no final scores in the thread: {text!r}"
        await bot.stop()
        await bot.start()
        await bot.settled()
        assert public_text(fake, tid).count("The game is over.") == 1, "the result was told twice"
    finally:
        await bot.stop()
    assert bot.problems() == [], bot.log()


async def test_a_move_committed_but_never_told_reaches_the_thread_after_the_restart(
    fake: TimedDiscord, tmp_path: Path
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    tid = thread(fake)
    repo, service, table = await opened(tmp_path, "pictured_bid", (ann.id, "Ann"), (bo.id, "Bo"),
                                        where=(fake.guild_id, fake.channel_id, tid), told=True)
    prompt = await service.prompt_for(table.id, ann.id)
    if prompt is None or prompt.prompt.number is None:
        raise RuntimeError("Ann should owe a bid")
    await service.act(table.id, ann.id, prompt.prompt.number.action(2), expected_seq=prompt.seq)
    await repo.close()  # Ann's bid is committed; the process died before the thread was told

    bot = BotProcess(fake, tmp_path, AGORA_EXTRA_GAMES=EXTRA_GAMES)
    await bot.start()
    try:
        await fake.wait_for(lambda: "Ann" in public_text(fake, tid), what="Ann's bid in the thread")
        assert any(c.pngs for c in fake.in_channel(tid)), "no board picture with the announcement"
        assert f"<@{bo.id}>" in public_text(fake, tid), "the thread does not say it waits for Bo"
        await bot.stop()
        before = public_text(fake, tid)
        await bot.start()
        await bot.settled()
        assert public_text(fake, tid) == before, "the bid was told twice"
    finally:
        await bot.stop()
    assert bot.problems() == [], bot.log()
