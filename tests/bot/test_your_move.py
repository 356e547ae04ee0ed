"""Whoever newly owes a move is told by a DM of their own, not by a new message in the thread: the
"Waiting for" line ends the story message and is kept current by edits, which notify nobody."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord.context import Agora
from bot.discord.delivery import deliver, dm
from bot.discord.pictures import Pictures
from bot.service import Line, Outcome, Preferences, TableInfo, TableService
from bot.settings import Clock, Settings
from rules.core import msg
from storage.sqlite import SqliteRepository
from tests.bot.sealed_table import ADA, BO, started
from tests.bot.thread import Posted, Thread
from tests.fixtures.sealed_bid import Bid, Take

YOUR_MOVE = "Your move at table"


@dataclass
class People:
    """Each person's DMs, and who left the server."""

    dms: dict[int, Thread] = field(default_factory=lambda: {ADA: Thread(), BO: Thread()})
    left: set[int] = field(default_factory=set)

    def your_moves(self, user_id: int) -> list[Posted]:
        """The "your move" DMs ``user_id`` was ever sent (deleted ones included)."""
        return [m for m in self.dms[user_id].posts if m.content.startswith(YOUR_MOVE)]


@pytest.fixture
def thread() -> Thread:
    return Thread()


@pytest.fixture
def people() -> People:
    return People()


@pytest.fixture
async def agora(tmp_path: Path, thread: Thread, people: People) -> AsyncIterator[Agora]:
    repo = await SqliteRepository.open(tmp_path / "agora.db")
    service = TableService(repo)

    async def create_dm(user: discord.Object) -> Thread:
        return people.dms[user.id]

    async def get_member(guild_id: int, user_id: int) -> dict[str, Any]:
        if user_id in people.left:
            response = SimpleNamespace(status=404, reason="Not Found")
            raise discord.NotFound(cast(Any, response), "Unknown Member")
        return {"user": {"id": user_id}}

    client = cast(discord.Client, SimpleNamespace(get_partial_messageable=lambda channel_id: thread,
                                                  create_dm=create_dm,
                                                  http=SimpleNamespace(get_member=get_member)))
    agora = Agora(client, service, Settings(default_locale="en"), Clock(), Pictures(service))
    yield agora
    await repo.close()


async def move(agora: Agora, table: TableInfo, user_id: int, action: Bid | Take) -> None:
    await deliver(agora, await agora.service.act(table.id, user_id, action), actor_id=user_id, board=False)


async def test_the_newly_awaited_member_is_dmed_once_and_the_mover_is_not(
    agora: Agora, people: People
) -> None:
    table = await started(agora)
    assert people.your_moves(ADA) == [], "Ada started the game herself"
    (dm,) = people.your_moves(BO)
    assert f"table {table.id}" in dm.content and "<#3>" in dm.content, "the table and a link to its thread"
    assert dm.view, "with the Play button"
    await move(agora, table, ADA, Bid(coins=3))
    assert len(people.your_moves(BO)) == 1, "Bo owed his bid already: nobody is told again"
    assert people.your_moves(ADA) == []


async def test_the_thread_gets_no_new_message_to_notify_anyone(agora: Agora, thread: Thread) -> None:
    table = await started(agora)
    (opening,) = thread.messages.values()
    last = opening.content.splitlines()[-1]
    assert last.startswith("Waiting for: <@100>") and "<@200>" in last, "the Waiting line ends the story"
    assert opening.view and opening.mentions is not None and not opening.mentions.users
    await move(agora, table, ADA, Bid(coins=3))
    await move(agora, table, BO, Bid(coins=1))  # Ada bid more: she now owes the first take
    assert [op for op, _ in thread.ops] == ["send", "edit", "edit"]
    last = thread.text().splitlines()[-1]
    assert last.startswith("Waiting for: <@100>") and "<@200>" not in last


async def test_a_member_newly_awaited_again_gets_a_new_dm_and_the_old_one_is_deleted(
    agora: Agora, people: People
) -> None:
    table = await started(agora)
    await move(agora, table, ADA, Bid(coins=3))
    await move(agora, table, BO, Bid(coins=1))
    await move(agora, table, ADA, Take(token=0))  # Bo takes next
    first, second = people.your_moves(BO)
    kept = [m for m in people.dms[BO].messages.values() if m.content.startswith(YOUR_MOVE)]
    assert kept == [second], "only the table's latest \"your move\" DM is kept"
    assert ("delete", first.id) in people.dms[BO].ops


def with_secret_for_bo(outcome: Outcome) -> Outcome:
    """``outcome`` with a private line for Bo's seat (seat 1), as a game's dealt cards would be."""
    return replace(outcome, private={1: [Line(msg("sealed.your_bid", coins=2))]})


def secrets(people: People, user_id: int) -> list[Posted]:
    """The DMs ``user_id`` was sent with a seat's private lines (headed by the table)."""
    return [m for m in people.dms[user_id].posts if not m.content.startswith(YOUR_MOVE)]


async def test_secrets_dmed_with_a_your_move_dm_come_silent_so_a_move_notifies_once(
    agora: Agora, people: People
) -> None:
    await started(agora)  # Bo is told his seat, and that the table waits for his bid
    (your_move,) = people.your_moves(BO)
    (secret,) = secrets(people, BO)
    assert "You play seat 2." in secret.content
    assert not your_move.silent, "the your-move DM notifies"
    assert secret.silent, "the secrets beside it do not notify a second time"


async def test_secrets_dmed_to_a_member_already_awaited_notify(agora: Agora, people: People) -> None:
    table = await started(agora)
    outcome = await agora.service.act(table.id, ADA, Bid(coins=3))  # Bo owed his bid already
    await deliver(agora, with_secret_for_bo(outcome), actor_id=ADA, board=False)
    assert len(people.your_moves(BO)) == 1, "no new your-move DM"
    secret = secrets(people, BO)[-1]
    assert "your_bid" in secret.content
    assert not secret.silent, "no your-move DM went with them: they notify"


async def quiet(agora: Agora, user_id: int, *, hours_from_now: int) -> None:
    """Give ``user_id`` two quiet hours starting ``hours_from_now`` hours from the agora's now."""
    start = (agora.clock.now().hour + hours_from_now) % 24
    quiet_hours = Preferences(user_id=user_id, quiet_start=start, quiet_end=(start + 2) % 24)
    await agora.service.set_preferences(quiet_hours)


async def test_in_quiet_hours_the_your_move_dm_comes_silent(agora: Agora, people: People) -> None:
    await quiet(agora, BO, hours_from_now=-1)
    await started(agora)
    (dm,) = people.your_moves(BO)
    assert dm.silent, "shown without a notification"


async def test_in_quiet_hours_every_dm_comes_silent(agora: Agora, people: People) -> None:
    table = await started(agora)
    await quiet(agora, BO, hours_from_now=-1)
    assert await dm(agora, table, BO, [msg("bot.reminder_default", when="soon", choice="1")])
    assert people.dms[BO].posts[-1].silent


async def test_a_secrets_dm_reads_the_members_preferences_once(
    agora: Agora, people: People, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await started(agora)
    outcome = await agora.service.act(table.id, ADA, Bid(coins=3))
    reads: list[int] = []
    preferences = agora.service.preferences

    async def counted(user_id: int) -> Preferences:
        reads.append(user_id)
        return await preferences(user_id)

    monkeypatch.setattr(agora.service, "preferences", counted)
    await deliver(agora, with_secret_for_bo(outcome), actor_id=ADA, board=False)
    assert "your_bid" in secrets(people, BO)[-1].content
    assert reads == [BO], "its language and its quiet hours come from one read"


async def test_outside_quiet_hours_the_your_move_dm_notifies(agora: Agora, people: People) -> None:
    await quiet(agora, BO, hours_from_now=3)
    await started(agora)
    (dm,) = people.your_moves(BO)
    assert not dm.silent


async def test_closed_dms_fall_back_to_one_mention_in_the_thread(
    agora: Agora, thread: Thread, people: People
) -> None:
    people.dms[BO].refusing = True
    table = await started(agora)
    (ping,) = [m for m in thread.messages.values() if m.content == "<@200>, your move."]
    assert ping.mentions is not None and [u.id for u in ping.mentions.users] == [BO], "it notifies Bo alone"
    await move(agora, table, ADA, Bid(coins=3))
    await move(agora, table, BO, Bid(coins=1))
    await move(agora, table, ADA, Take(token=0))  # Bo owes a move again
    pings = [m for m in thread.messages.values() if m.content.endswith(", your move.")]
    assert len(pings) == 1 and pings[0].id != ping.id, "the new mention replaced the old one"
    kept = [line.key for notice in await agora.service.take_notices(BO) for line in notice.lines]
    assert "bot.your_move" not in kept, "no notice of it: the thread said it"


async def test_a_member_who_left_the_server_is_told_nothing(
    agora: Agora, thread: Thread, people: People
) -> None:
    people.left.add(BO)
    await started(agora)
    assert people.dms[BO].ops == [] and people.your_moves(BO) == []
    assert not [m for m in thread.messages.values() if m.content.endswith(", your move.")]
