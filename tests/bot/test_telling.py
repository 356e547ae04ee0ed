"""Telling a table's thread: in log order, once, and again when Discord refused it the first time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord.context import Agora
from bot.discord.delivery import catch_up, deliver
from bot.discord.pictures import Pictures
from bot.service import TableInfo, TableService
from bot.settings import Clock, Settings
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid

ADA, BO = 100, 200
GUILD = 1


class Thread:
    """A thread as :func:`post` uses it: it keeps what it took, or refuses while ``refusing``."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, str | None]] = []
        self.refusing = False

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        if self.refusing:
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(cast(Any, response), "Missing Access")
        self.posts.append((content or "", kwargs.get("nonce")))

    def text(self) -> str:
        return "\n".join(content for content, _ in self.posts)


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


async def started(agora: Agora) -> TableInfo:
    """Ada and Bo at a Sealed Bid table whose opening the thread was told."""
    service: TableService = agora.service
    table = await service.create_table("sealed_bid", GUILD, 2, ADA, "Ada", thread_id=3)
    await service.join(table.id, BO, "Bo")
    opening = await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await deliver(agora, opening, actor_id=ADA, board=False)
    return await service.table(table.id)


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


async def test_an_announcement_sent_again_after_a_crash_carries_the_same_nonce(
    agora: Agora, thread: Thread, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord drops a message whose nonce it has just seen: posted again after a crash between
    the post and the mark, the thread still shows it once."""
    table = await started(agora)

    async def dies(table_id: int, seq: int) -> None:
        raise RuntimeError("the process dies before the mark is written")

    outcome = await agora.service.act(table.id, ADA, Bid(coins=3))
    with monkeypatch.context() as patch:
        patch.setattr(agora.service, "mark_announced", dies)
        with pytest.raises(RuntimeError):
            await deliver(agora, outcome, actor_id=ADA, board=False)
    assert await catch_up(agora, table.id)  # what the restart's announcements send
    (first_text, first_nonce), (again_text, again_nonce) = thread.posts[-2:]
    assert first_nonce == again_nonce == f"{table.id}:1-1:0"
    assert "sealed.bid_placed" in first_text and "sealed.bid_placed" in again_text
