"""The fake Discord models the rules the bot must respect: one acknowledgement per interaction,
within three seconds; unknown routes are recorded (and fail the e2e test that caused them); users
leave the server, are banned and come back, as a member lookup and their DMs show."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import pytest

from tests.e2e.fakediscord import FakeDiscord, Ix
from tests.e2e.fakediscord import payloads as P


@pytest.fixture
async def server() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord()
    await fake.start()
    yield fake
    await fake.stop()


def pending_interaction(fake: FakeDiscord, sent_at: float) -> Ix:
    user = fake.user("Ann")
    payload = P.interaction(
        kind=2,
        app_id=fake.app_id,
        user=user,
        data={"name": "play", "type": 1},
        channel=fake.channels[fake.channel_id],
        guild_id=fake.guild_id,
    )
    ix = Ix(payload=payload, user=user, channel_id=fake.channel_id, sent_at=sent_at)
    fake.interactions[ix.token] = ix
    return ix


async def callback(fake: FakeDiscord, ix: Ix) -> tuple[int, dict[str, object]]:
    url = f"{fake.api_base}/interactions/{ix.payload['id']}/{ix.token}/callback?with_response=1"
    async with (
        aiohttp.ClientSession() as http,
        http.post(url, json={"type": 4, "data": {"content": "hi"}}) as r,
    ):
        return r.status, await r.json()


async def test_a_second_acknowledgement_is_refused(server: FakeDiscord) -> None:
    ix = pending_interaction(server, asyncio.get_running_loop().time())
    assert (await callback(server, ix))[0] == 200
    status, body = await callback(server, ix)
    assert (status, body["code"]) == (400, 40060)


async def test_an_acknowledgement_after_three_seconds_is_refused(server: FakeDiscord) -> None:
    ix = pending_interaction(server, asyncio.get_running_loop().time() - 3.5)
    status, body = await callback(server, ix)
    assert (status, body["code"]) == (404, 10062)
    assert server.late == [ix]


async def test_an_unknown_route_is_recorded(server: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http, http.get(f"{server.api_base}/guilds/1/bans") as r:
        assert r.status == 404
    assert server.unhandled == [("GET", "/api/v10/guilds/1/bans")]


async def test_a_closed_dm_refuses_messages(server: FakeDiscord) -> None:
    bo = server.user("Bo", dms_open=False)
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{server.api_base}/users/@me/channels", json={"recipient_id": bo.id}) as r:
            channel = await r.json()
        async with http.post(
            f"{server.api_base}/channels/{channel['id']}/messages", json={"content": "x"}
        ) as r:
            assert (r.status, (await r.json())["code"]) == (403, 50007)
    assert server.captured == []


async def test_a_message_with_a_nonce_already_taken_is_not_made_again(server: FakeDiscord) -> None:
    url = f"{server.api_base}/channels/{server.channel_id}/messages"
    async with aiohttp.ClientSession() as http:
        ids = []
        for text in ("first", "again"):
            body = {"content": text, "nonce": "7:1-2:0", "enforce_nonce": True}
            async with http.post(url, json=body) as r:
                ids.append((await r.json())["id"])
        async with http.post(url, json={"content": "other", "nonce": "7:3-3:0", "enforce_nonce": True}) as r:
            ids.append((await r.json())["id"])
    assert ids[0] == ids[1] != ids[2]
    assert [c.text() for c in server.in_channel(server.channel_id)] == ["first", "other"]


async def test_a_failing_route_fails_until_the_test_lifts_it(server: FakeDiscord) -> None:
    url = f"{server.api_base}/channels/{server.channel_id}/messages"
    server.failing[rf"POST /api/v10/channels/{server.channel_id}/messages"] = (403, 50001)
    async with aiohttp.ClientSession() as http:
        for _ in range(2):
            async with http.post(url, json={"content": "x"}) as r:
                assert r.status == 403
        server.failing.clear()
        async with http.post(url, json={"content": "x"}) as r:
            assert r.status == 200
    assert len(server.in_channel(server.channel_id)) == 1


async def member_lookup(server: FakeDiscord, user_id: int) -> tuple[int, dict[str, object]]:
    url = f"{server.api_base}/guilds/{server.guild_id}/members/{user_id}"
    async with aiohttp.ClientSession() as http, http.get(url) as r:
        return r.status, await r.json()


async def test_a_member_lookup_finds_a_member(server: FakeDiscord) -> None:
    ann = server.user("Ann")
    status, body = await member_lookup(server, ann.id)
    assert status == 200 and body["user"] == ann.payload()


@pytest.mark.parametrize("how", ["leave", "ban"])
async def test_a_member_lookup_of_someone_who_left_or_was_banned_is_unknown_member(
    server: FakeDiscord, how: str
) -> None:
    ann = server.user("Ann")
    getattr(server, how)(ann)
    status, body = await member_lookup(server, ann.id)
    assert (status, body["code"]) == (404, 10007)


async def test_a_banned_user_rejoins_only_once_unbanned(server: FakeDiscord) -> None:
    ann = server.user("Ann")
    server.ban(ann)
    with pytest.raises(AssertionError, match="banned"):
        server.rejoin(ann)
    server.unban(ann)
    server.rejoin(ann)
    assert (await member_lookup(server, ann.id))[0] == 200


async def test_a_dm_to_someone_who_shares_no_server_with_the_bot_is_refused(server: FakeDiscord) -> None:
    bo = server.user("Bo")
    server.leave(bo)
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{server.api_base}/users/@me/channels", json={"recipient_id": bo.id}) as r:
            channel = await r.json()
        async with http.post(
            f"{server.api_base}/channels/{channel['id']}/messages", json={"content": "x"}
        ) as r:
            assert (r.status, (await r.json())["code"]) == (403, 50007)
    assert server.captured == []


async def test_someone_out_of_the_server_cannot_use_its_channels(server: FakeDiscord) -> None:
    bo = server.user("Bo")
    server.leave(bo)
    with pytest.raises(AssertionError, match="not in the server"):
        await server._interact(bo, 3, {"custom_id": "agora:play:1", "component_type": 2}, server.channel_id)
