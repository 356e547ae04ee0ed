"""Membership of a table's server, for interactions that do not show it: a lookup, remembered for a
while, with "could not check" when Discord fails."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord import membership
from bot.discord.membership import MEMBER_TTL, NOT_MEMBER_TTL, Membership

GUILD, ANN = 1, 100


def failure(kind: type[discord.HTTPException], status: int, code: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="test")
    return kind(cast(Any, response), {"code": code, "message": "test"})


async def _until(condition: Callable[[], bool]) -> None:
    while not condition():
        await asyncio.sleep(0.01)


class Lookups:
    """A stand-in for discord.py's HTTP client: answers member lookups from a script."""

    def __init__(self) -> None:
        self.members: set[int] = {ANN}
        self.fail: discord.HTTPException | None = None
        self.delay = 0.0
        self.calls = 0

    async def get_member(self, guild_id: int, user_id: int) -> dict[str, Any]:
        self.calls += 1
        await asyncio.sleep(self.delay)
        if self.fail is not None:
            raise self.fail
        if user_id not in self.members:
            raise failure(discord.NotFound, 404, 10007)
        return {"user": {"id": str(user_id)}}


class Clock:
    def __init__(self) -> None:
        self.at = datetime(2026, 11, 30, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def lookups() -> Lookups:
    return Lookups()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def members(lookups: Lookups, clock: Clock) -> Membership:
    client = cast(discord.Client, SimpleNamespace(http=lookups))
    return Membership(client, clock)


async def test_a_member_is_a_member(members: Membership) -> None:
    assert await members.is_member(GUILD, ANN) is True


async def test_unknown_member_means_not_a_member(members: Membership, lookups: Lookups) -> None:
    lookups.members.clear()
    assert await members.is_member(GUILD, ANN) is False


async def test_a_burst_of_checks_costs_one_lookup(members: Membership, lookups: Lookups) -> None:
    lookups.delay = 0.05
    answers = await asyncio.gather(*(members.is_member(GUILD, ANN) for _ in range(10)))
    answers.append(await members.is_member(GUILD, ANN))
    assert answers == [True] * 11
    assert lookups.calls == 1


async def test_a_member_is_asked_again_after_a_minute(
    members: Membership, lookups: Lookups, clock: Clock
) -> None:
    assert await members.is_member(GUILD, ANN) is True
    lookups.members.clear()
    clock.at += MEMBER_TTL - timedelta(seconds=1)
    assert await members.is_member(GUILD, ANN) is True
    clock.at += timedelta(seconds=2)
    assert await members.is_member(GUILD, ANN) is False
    assert lookups.calls == 2


async def test_someone_who_rejoins_is_let_in_after_a_few_seconds(
    members: Membership, lookups: Lookups, clock: Clock
) -> None:
    lookups.members.clear()
    assert await members.is_member(GUILD, ANN) is False
    lookups.members.add(ANN)
    assert await members.is_member(GUILD, ANN) is False
    clock.at += NOT_MEMBER_TTL + timedelta(seconds=1)
    assert await members.is_member(GUILD, ANN) is True


async def test_an_interaction_inside_the_server_proves_membership_at_once(
    members: Membership, lookups: Lookups
) -> None:
    lookups.members.clear()
    assert await members.is_member(GUILD, ANN) is False
    members.seen(GUILD, ANN)
    assert await members.is_member(GUILD, ANN) is True
    assert lookups.calls == 1


@pytest.mark.parametrize(
    ("kind", "status", "code"),
    [
        (discord.DiscordServerError, 503, 0),
        (discord.Forbidden, 403, 50001),
        (discord.HTTPException, 429, 0),
    ],
)
async def test_any_other_discord_error_could_not_check_and_is_not_remembered(
    members: Membership,
    lookups: Lookups,
    kind: type[discord.HTTPException],
    status: int,
    code: int,
    caplog: pytest.LogCaptureFixture,
) -> None:
    lookups.fail = failure(kind, status, code)
    assert await members.is_member(GUILD, ANN) is None
    assert "could not check whether user 100 is in server 1" in caplog.text
    lookups.fail = None
    assert await members.is_member(GUILD, ANN) is True
    assert lookups.calls == 2


async def test_a_lookup_slower_than_the_budget_could_not_check(members: Membership, lookups: Lookups) -> None:
    lookups.delay = 0.5
    assert await members.is_member(GUILD, ANN, budget=0.05) is None
    await asyncio.wait_for(_until(lambda: (GUILD, ANN) in members._known), 10)
    assert await members.is_member(GUILD, ANN) is True, "the answer that came late is kept"
    assert lookups.calls == 1


async def test_expired_answers_are_swept_out_once_many_are_kept(
    members: Membership, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(membership, "KEEP_AT_MOST", 3)
    for user in range(3):
        members.seen(GUILD, user)
    clock.at += MEMBER_TTL + timedelta(seconds=1)
    members.seen(GUILD, 3)
    members.seen(GUILD, 4)
    assert sorted(user for _, user in members._known) == [3, 4]
