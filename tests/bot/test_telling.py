"""Telling a table's thread: in log order, once, and again when Discord refused it the first time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import discord
import pytest

from bot.discord.context import Agora
from bot.discord.delivery import catch_up, deliver, tell_thread
from bot.discord.pictures import Pictures
from bot.service import Line, Outcome, TableInfo, TableService
from bot.settings import Clock, Settings
from rules.core import msg
from storage.sqlite import SqliteRepository
from tests.bot.sealed_table import ADA, BO, GUILD, started
from tests.bot.thread import Thread
from tests.fixtures.sealed_bid import Bid


@pytest.fixture
def thread() -> Thread:
    return Thread()


@pytest.fixture
async def agora(tmp_path: Path, thread: Thread) -> AsyncIterator[Agora]:
    repo = await SqliteRepository.open(tmp_path / "agora.db")
    service = TableService(repo)
    dms = Thread()

    async def create_dm(user: object) -> Thread:
        return dms

    client = cast(discord.Client, SimpleNamespace(get_partial_messageable=lambda channel_id: thread,
                                                  create_dm=create_dm))
    agora = Agora(client, service, Settings(default_locale="en"), Clock(), Pictures(service))
    for user_id in (ADA, BO):
        agora.members.seen(GUILD, user_id)
    yield agora
    await repo.close()


async def last_move(agora: Agora, table: TableInfo) -> tuple[Outcome, int]:
    """Play the table to its end, each move told but the last, which is returned with its player."""
    while True:
        status = await agora.service.status(table.id)
        user = next(w.user_id for w in status.waiting if w.user_id is not None)
        sp = await agora.service.prompt_for(table.id, user)
        assert sp is not None
        choice = sp.prompt.options[0].action if sp.prompt.options else sp.prompt.number.action(0)  # type: ignore[union-attr]
        outcome = await agora.service.act(table.id, user, choice)
        if outcome.finished:
            return outcome, user
        await deliver(agora, outcome, actor_id=user, board=False)


async def test_an_outcome_is_told_once_and_moves_the_mark(agora: Agora, thread: Thread) -> None:
    table = await started(agora)
    outcome = await agora.service.act(table.id, ADA, Bid(coins=3))
    await deliver(agora, outcome, actor_id=ADA, board=False)
    assert thread.text().count("sealed.bid_placed") == 1
    assert await agora.service.announced_through(table.id) == 1


async def test_a_refused_post_leaves_the_mark_and_the_table_to_be_told_again(
    agora: Agora, thread: Thread
) -> None:
    table = await started(agora)
    thread.refusing = True
    outcome = await agora.service.act(table.id, ADA, Bid(coins=3))
    await deliver(agora, outcome, actor_id=ADA, board=False)
    assert await agora.service.announced_through(table.id) == 0
    assert agora.untold == {table.id}


async def test_catch_up_tells_what_was_refused_once_the_thread_takes_it(agora: Agora, thread: Thread) -> None:
    table = await started(agora)
    thread.refusing = True
    await deliver(agora, await agora.service.act(table.id, ADA, Bid(coins=3)), actor_id=ADA, board=False)
    assert not await catch_up(agora, table.id), "the thread still refuses"
    thread.refusing = False
    assert await catch_up(agora, table.id)
    assert thread.text().count("sealed.bid_placed") == 1
    assert agora.untold == set()
    assert await agora.service.announced_through(table.id) == 1


async def test_the_next_outcome_tells_the_missed_lines_first(agora: Agora, thread: Thread) -> None:
    table = await started(agora)
    thread.refusing = True
    await deliver(agora, await agora.service.act(table.id, ADA, Bid(coins=3)), actor_id=ADA, board=False)
    thread.refusing = False
    await deliver(agora, await agora.service.act(table.id, BO, Bid(coins=1)), actor_id=BO, board=False)
    text = thread.text()
    assert text.count("sealed.bid_placed") == 2, text
    assert text.index("sealed.bid_placed(seat=Ada)") < text.index("sealed.bid_placed(seat=Bo)")
    assert await agora.service.announced_through(table.id) == 2
    assert agora.untold == set()


async def test_outcomes_delivered_out_of_order_are_told_in_log_order_once(
    agora: Agora, thread: Thread
) -> None:
    table = await started(agora)
    ada = await agora.service.act(table.id, ADA, Bid(coins=3))
    bo = await agora.service.act(table.id, BO, Bid(coins=1))
    await deliver(agora, bo, actor_id=BO, board=False)
    await deliver(agora, ada, actor_id=ADA, board=False)
    text = thread.text()
    assert text.count("sealed.bid_placed") == 2, text
    assert text.index("sealed.bid_placed(seat=Ada)") < text.index("sealed.bid_placed(seat=Bo)")


async def test_a_story_told_again_after_a_crash_edits_the_same_message(
    agora: Agora, thread: Thread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash between the telling and the mark: what the restart tells again goes into the same
    story message, which then shows it once."""
    table = await started(agora)

    async def dies(table_id: int, seq: int, **kwargs: object) -> None:
        raise RuntimeError("the process dies before the mark is written")

    outcome = await agora.service.act(table.id, ADA, Bid(coins=3))
    with monkeypatch.context() as patch:
        patch.setattr(agora.service, "mark_announced", dies)
        with pytest.raises(RuntimeError):
            await deliver(agora, outcome, actor_id=ADA, board=False)
    stories = len(thread.posts)
    assert await catch_up(agora, table.id)  # what the restart's announcements send
    assert thread.text().count("sealed.bid_placed(seat=Ada)") == 1, thread.text()
    assert [op for op, _ in thread.ops[-2:]] == ["edit", "edit"] and len(thread.posts) == stories


async def test_a_new_story_message_posted_again_after_a_crash_carries_the_same_nonce(
    agora: Agora, thread: Thread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord drops a message whose nonce it has just seen: the end of the game, a chapter of its
    own, posted again after a crash between the post and the mark, shows once."""
    table = await started(agora)
    outcome, user = await last_move(agora, table)

    async def dies(table_id: int, seq: int, **kwargs: object) -> None:
        raise RuntimeError("the process dies before the mark is written")

    with monkeypatch.context() as patch:
        patch.setattr(agora.service, "mark_announced", dies)
        with pytest.raises(RuntimeError):
            await deliver(agora, outcome, actor_id=user, board=False)
    ending = [m for m in thread.posts if m.nonce is not None]
    assert ending, "the end of the game went into a new message with a nonce"
    assert await catch_up(agora, table.id)
    assert thread.text().count("The game is over.") == 1, thread.text()
    assert [m.nonce for m in thread.posts if m.nonce is not None] == [m.nonce for m in ending]


async def test_words_that_tell_of_no_log_entry_never_reuse_the_nonce_of_one_that_was_told(
    agora: Agora, thread: Thread
) -> None:
    """A seat taken back from a stand-in tells of no new log entry (it goes from the entry after
    the head up to the head); a message it starts carries no nonce, so Discord cannot take it for
    the message the head's own entry started and hand that back in its place."""
    table = await started(agora)
    opening = thread.text()
    head = await agora.service.announced_through(table.id)
    status = await agora.service.status(table.id)
    taken_back = Outcome(table=status.table, waiting=list(status.waiting),
                         public=[Line(msg("service.reclaimed", seat=1), seq=head, chapter=True)],
                         announce_from=head + 1, announce_through=head)
    assert await tell_thread(agora, taken_back, taken_back.public, taken_back.announce_from, board=False)
    assert opening.split("\n")[0] in thread.text(), "the opening message was overwritten"
    assert "Bo is back and plays their own seat again." in thread.text()
