"""A fake Discord for end-to-end tests: REST under ``/api/v10``, a gateway websocket, and users.

The real discord.py client (in the bot process) is pointed here with ``DISCORD_API_BASE`` and
``DISCORD_GATEWAY_URL``. The fake keeps the state a bot can observe (channels, threads, DM channels,
messages, interactions by token), records every request, and *captures* every message the bot made
visible, with its audience: a channel (public), a user's DM, or a user's ephemeral reply. Tests play
the users with :meth:`FakeDiscord.slash`, :meth:`FakeDiscord.click`, :meth:`FakeDiscord.select`,
:meth:`FakeDiscord.autocomplete` and :meth:`FakeDiscord.submit_modal`.

Threads go quiet as on Discord: :meth:`FakeDiscord.archive` archives one (as Discord does after
its auto-archive duration without a message), optionally locked. A message to an archived thread
is refused (400, code 50083), and so is an edit or a deletion of one of its messages; the bot may
unarchive it (``PATCH /channels/{id}``); a locked one
only with the Manage Threads permission (:attr:`FakeDiscord.bot_manages_threads`). Interactions
from an archived thread arrive and are answered as anywhere.

Users come and go as on Discord: :meth:`FakeDiscord.leave` and :meth:`FakeDiscord.ban` take a user
out of the server (a member lookup then answers 404 Unknown Member, and a DM to someone who shares
no server with the bot is refused), :meth:`FakeDiscord.rejoin` brings them back (a banned user only
after :meth:`FakeDiscord.unban`). Someone outside the server can still press buttons in their DMs,
but not in the server's channels.

Any request to a route the fake does not know is kept in :attr:`FakeDiscord.unhandled` (and answered
404); the e2e harness fails the test when that list is not empty.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from tests.e2e.fakediscord import payloads as P
from tests.e2e.fakediscord.payloads import EPHEMERAL, FakeUser

Audience = tuple[str, int]
"""("channel", channel id) for public messages, ("dm", user id), or ("ephemeral", user id)."""

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ACK_DEADLINE = 3.0
"""Seconds Discord gives a bot to acknowledge an interaction."""
PATIENCE = 60.0
"""How long a test waits for the bot to do something before it fails: a bound, not a measure. On a
machine busy with other work, a bot process starting (imports, recovery) or a reminder pass can take
well over the few seconds it takes on a quiet one; only a failing test ever waits this long."""


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses JSON only when Content-Type is exactly application/json (no charset).
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status)


@dataclass
class Captured:
    """One message the bot created or edited, with who may see it."""

    audience: Audience
    channel_id: int
    message_id: int
    body: dict[str, Any]
    files: list[tuple[str, bytes]]
    op: str
    """"create" or "edit"."""

    def text(self) -> str:
        """Every word in the message: content, embeds, and component labels and options."""
        parts = [self.body.get("content") or ""]
        for embed in self.body.get("embeds") or []:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            parts += [f"{f.get('name', '')} {f.get('value', '')}" for f in embed.get("fields") or []]
            parts.append((embed.get("footer") or {}).get("text") or "")
        for row in self.body.get("components") or []:
            for comp in row.get("components") or []:
                parts += [comp.get("label") or "", comp.get("placeholder") or ""]
                parts += [
                    f"{o.get('label', '')} {o.get('description') or ''}" for o in comp.get("options") or []
                ]
        return "\n".join(p for p in parts if p)

    @property
    def pngs(self) -> list[bytes]:
        return [data for _, data in self.files if data.startswith(PNG_MAGIC)]


@dataclass
class Ix:
    """An interaction the fake sent on a user's behalf, and what the bot answered to it."""

    payload: dict[str, Any]
    user: FakeUser
    channel_id: int
    callback_type: int | None = None
    original_id: int | None = None
    ephemeral: bool = False
    outputs: list[Captured] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    followups_seen: int = 0
    sent_at: float = 0.0
    """Loop time the interaction was dispatched; Discord refuses a first answer after 3 seconds."""
    shard: int = 0
    """The shard whose gateway connection the interaction was dispatched on."""

    @property
    def token(self) -> str:
        return str(self.payload["token"])

    def texts(self) -> str:
        return "\n".join(c.text() for c in self.outputs)


class FakeDiscord:
    """A local Discord: one server ("guild") with a #games channel, users, threads and DMs."""

    def __init__(self) -> None:
        self.app_id = P.snowflake()
        self.bot_user = FakeUser("Agora", bot=True)
        self.owner = FakeUser("Owner")
        self.guild_id = P.snowflake()
        self.guild_locale = "en-US"
        """The server's language (its community locale), as interactions in it carry it."""
        self.channel_id = P.snowflake()
        self.members: list[FakeUser] = [self.bot_user, self.owner]
        """The server's members now."""
        self.known: dict[int, FakeUser] = {u.id: u for u in self.members}
        """Every user Discord knows, members of the server or not (for DMs)."""
        self.banned: set[int] = set()
        self.channels: dict[int, dict[str, Any]] = {
            self.channel_id: P.text_channel(self.channel_id, self.guild_id, "games")
        }
        self.dm_channels: dict[int, FakeUser] = {}
        """DM channel id → the user it talks to."""
        self.messages: dict[int, dict[str, Any]] = {}
        self.audiences: dict[int, Audience] = {}
        self.interactions: dict[str, Ix] = {}
        self.requests: list[tuple[str, str]] = []
        self.unhandled: list[tuple[str, str]] = []
        self.captured: list[Captured] = []
        self.commands: list[dict[str, Any]] = []
        self.late: list[Ix] = []
        """Interactions the bot tried to acknowledge after Discord's 3-second deadline."""
        self.identified = 0
        self.fail_next: dict[str, tuple[int, int]] = {}
        """Test hook: a route pattern → (HTTP status, Discord code) answered once instead of the route."""
        self.failing: dict[str, tuple[int, int]] = {}
        """Test hook: like :attr:`fail_next`, but every time until the test removes the pattern."""
        self.refused: list[tuple[str, str]] = []
        """The route and body (as JSON text) of every request answered with an injected failure, in
        the order they came: what the bot tried to say that Discord did not take."""
        self.nonces: dict[tuple[int, str], int] = {}
        """(channel id, nonce) → the message created with it (``enforce_nonce`` deduplication)."""
        self.bot_manages_threads = True
        """Whether the bot has the Manage Threads permission (needed to unarchive a locked thread)."""
        self.shards: dict[int, web.WebSocketResponse] = {}
        """Shard id → its gateway connection (an unsharded bot identifies as shard 0 of 1)."""
        self.shard_count = 1
        self.route: dict[int, int] = {}
        """Test hook: user id → the shard whose connection receives that user's interactions, instead
        of the one Discord would pick (the shard of the interaction's server; shard 0 for DMs)."""
        self.hold_next: list[str] = []
        """Test hook: route patterns whose next request is never answered (the caller hangs, as on a
        network that went silent); each pattern holds one request."""
        self.held: list[str] = []
        """The routes of the requests held so far."""
        self.slow: dict[str, float] = {}
        """Test hook: route pattern → seconds each matching request waits before it is handled."""
        self._seq = 0
        self._stopping = asyncio.Event()
        self._ws: web.WebSocketResponse | None = None
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # ---- lifecycle ----------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024, middlewares=[self._record])
        api = "/api/v10"
        r = app.router
        r.add_get("/gateway", self._gateway)
        r.add_get(api + "/gateway/bot", self._gateway_bot)
        r.add_get(api + "/users/@me", self._me)
        r.add_get(api + "/oauth2/applications/@me", self._appinfo)
        r.add_put(api + "/applications/{app}/commands", self._sync)
        r.add_put(api + "/applications/{app}/guilds/{gid}/commands", self._sync)
        r.add_get(api + "/applications/{app}/commands", self._commands)
        r.add_get(api + "/applications/{app}/guilds/{gid}/commands", self._commands)
        r.add_post(api + "/interactions/{iid}/{token}/callback", self._callback)
        r.add_post(api + "/webhooks/{app}/{token}", self._followup)
        r.add_route("*", api + "/webhooks/{app}/{token}/messages/{mid}", self._webhook_message)
        r.add_post(api + "/users/@me/channels", self._open_dm)
        r.add_post(api + "/channels/{cid}/messages", self._send)
        r.add_route("*", api + "/channels/{cid}/messages/{mid}", self._channel_message)
        r.add_post(api + "/channels/{cid}/threads", self._thread)
        r.add_get(api + "/channels/{cid}", self._get_channel)
        r.add_patch(api + "/channels/{cid}", self._edit_channel)
        r.add_get(api + "/guilds/{gid}/members/{uid}", self._get_member)
        r.add_route("*", "/{tail:.*}", self._unknown)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        self._stopping.set()
        if self._ws is not None:
            await self._ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def user(self, name: str, **kwargs: Any) -> FakeUser:
        """A new member of the server."""
        member = FakeUser(name, **kwargs)
        self.members.append(member)
        self.known[member.id] = member
        return member

    def archive(self, thread_id: int, *, locked: bool = False) -> None:
        """Archive a thread (Discord does so after a week without a message); ``locked`` as a
        moderator may, so that only someone with Manage Threads can reopen it."""
        metadata = self.channels[thread_id]["thread_metadata"]
        metadata.update(archived=True, locked=locked, archive_timestamp=P.iso_now())

    def is_archived(self, thread_id: int) -> bool:
        return bool(self.channels[thread_id]["thread_metadata"]["archived"])

    def is_member(self, user: FakeUser) -> bool:
        return any(m.id == user.id for m in self.members)

    def leave(self, user: FakeUser) -> None:
        """``user`` leaves the server (or is kicked)."""
        self.members = [m for m in self.members if m.id != user.id]

    def ban(self, user: FakeUser) -> None:
        """``user`` is banned: out of the server, and kept out until unbanned."""
        self.leave(user)
        self.banned.add(user.id)

    def unban(self, user: FakeUser) -> None:
        self.banned.discard(user.id)

    def rejoin(self, user: FakeUser) -> None:
        """``user`` joins the server again (Discord refuses a banned user)."""
        if user.id in self.banned:
            raise AssertionError(f"{user.name} is banned from the server")
        if not self.is_member(user):
            self.members.append(user)

    # ---- waiting ------------------------------------------------------------------------------

    async def _notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = PATIENCE, what: str = "") -> Any:
        """Wait until ``predicate()`` is truthy (re-checked after every request); return its value."""

        async def until() -> Any:
            async with self._changed:
                while not (value := predicate()):
                    await self._changed.wait()
                return value

        try:
            return await asyncio.wait_for(until(), timeout)
        except TimeoutError:
            raise AssertionError(f"timed out waiting for {what or predicate}") from None

    # ---- the gateway --------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._ws = ws
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}, "s": None, "t": None}))
        async for frame in ws:
            if frame.type != WSMsgType.TEXT:
                continue
            data = json.loads(frame.data)
            if data["op"] == 1:
                await ws.send_str(json.dumps({"op": 11, "d": None}))
            elif data["op"] == 2:
                await self._identify(ws, data["d"].get("shard"))
            elif data["op"] == 6:
                await ws.send_str(json.dumps({"op": 9, "d": False}))
        for shard_id in [i for i, open_ws in self.shards.items() if open_ws is ws]:
            del self.shards[shard_id]
        if self._ws is ws:
            self._ws = next(iter(self.shards.values()), None)
        return ws

    async def _gateway_bot(self, request: web.Request) -> web.Response:
        return _json({"url": self.gateway_url, "shards": 1, "session_start_limit": {
            "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}})

    def shard_of(self, guild_id: int | None) -> int:
        """The shard Discord sends a server's events to (``(guild_id >> 22) % shards``); DMs go to 0."""
        return 0 if guild_id is None else (guild_id >> 22) % self.shard_count

    async def _identify(self, ws: web.WebSocketResponse, shard: list[int] | None) -> None:
        shard_id, self.shard_count = shard or (0, 1)
        self.shards[shard_id] = ws
        ours = self.shard_of(self.guild_id) == shard_id
        ready: dict[str, Any] = {
            "v": 10,
            "user": self.bot_user.payload(),
            "guilds": [{"id": str(self.guild_id), "unavailable": True}] if ours else [],
            "session_id": f"session-{P.snowflake()}",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(self.app_id), "flags": 0},
        }
        if shard is not None:
            ready["shard"] = [shard_id, self.shard_count]
        await self._dispatch("READY", ready, ws)
        if ours:
            channels = [c for c in self.channels.values() if c["type"] == 0]
            await self._dispatch(
                "GUILD_CREATE", P.guild(self.guild_id, "Board gamers", channels, self.members), ws
            )
        self.identified += 1
        await self._notify()

    async def _dispatch(
        self, event: str, data: dict[str, Any], ws: web.WebSocketResponse | None = None
    ) -> None:
        ws = ws or self._ws
        if ws is None or ws.closed:
            raise AssertionError("the bot is not connected to the gateway")
        self._seq += 1
        await ws.send_str(json.dumps({"op": 0, "s": self._seq, "t": event, "d": data}))

    async def drop_gateway(self) -> None:
        """Close the bot's gateway connection as Discord does on an unknown error (code 4000)."""
        if self._ws is not None:
            await self._ws.close(code=4000, message=b"unknown error")

    async def wait_connected(self, count: int = 1, timeout: float = PATIENCE) -> None:
        """Wait until the bot has identified ``count`` times in all (1 = first start)."""
        await self.wait_for(
            lambda: self.identified >= count and self._ws is not None, timeout, "the bot to connect"
        )

    # ---- users act ----------------------------------------------------------------------------

    async def _interact(
        self,
        user: FakeUser,
        kind: int,
        data: dict[str, Any],
        channel_id: int,
        message_payload: dict[str, Any] | None = None,
    ) -> Ix:
        channel = self.channels.get(channel_id)
        if channel is None:
            raise AssertionError(f"no channel {channel_id}")
        guild_id = self.guild_id if channel["type"] != 1 else None
        if guild_id is not None and not self.is_member(user):
            raise AssertionError(f"{user.name} is not in the server: Discord shows them none of its channels")
        payload = P.interaction(
            kind=kind,
            app_id=self.app_id,
            user=user,
            data=data,
            channel=channel,
            guild_id=guild_id,
            message_payload=message_payload,
            guild_locale=self.guild_locale,
        )
        ix = Ix(payload=payload, user=user, channel_id=channel_id, sent_at=asyncio.get_running_loop().time())
        self.interactions[ix.token] = ix
        shard = ix.shard = self.route.get(user.id, self.shard_of(guild_id))
        await self._dispatch("INTERACTION_CREATE", payload, self.shards.get(shard))
        return ix

    def _command(self, name: str) -> dict[str, Any]:
        for command in self.commands:
            if command["name"] == name:
                return command
        raise AssertionError(f"the bot did not sync a /{name} command")

    async def slash(
        self,
        user: FakeUser,
        command: str,
        channel_id: int | None = None,
        focused: str | None = None,
        **options: Any,
    ) -> Ix:
        """``/game new game:sealed_bid`` is ``slash(user, "game new", game="sealed_bid")``.

        With ``focused``, sends an autocomplete request for that option instead (type 4).
        """
        names = command.split()
        spec = self._command(names[0])
        opts: list[dict[str, Any]] = []
        resolved: dict[str, dict[str, Any]] = {}
        for name, value in options.items():
            if value is None:
                continue
            if isinstance(value, FakeUser):  # a user option: Discord sends the id and the user
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                if self.is_member(value):
                    member = {k: v for k, v in value.member().items() if k != "user"}
                    resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            option: dict[str, Any] = {
                "name": name,
                "type": _option_type(spec, names[1:], name),
                "value": value,
            }
            if name == focused:
                option["focused"] = True
            opts.append(option)
        for sub in reversed(names[1:]):
            opts = [{"name": sub, "type": 1, "options": opts}]
        data = {"id": spec["id"], "name": names[0], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        if spec.get("guild_id"):
            data["guild_id"] = spec["guild_id"]
        kind = 4 if focused else 2
        return await self._interact(user, kind, data, channel_id or self.channel_id)

    async def autocomplete(
        self,
        user: FakeUser,
        command: str,
        option: str,
        value: str,
        channel_id: int | None = None,
        **others: Any,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types ``value`` into ``option``."""
        ix = await self.slash(user, command, channel_id, focused=option, **{option: value, **others})
        await self.wait_for(lambda: ix.choices is not None, what=f"autocomplete for {command} {option}")
        assert ix.choices is not None
        return ix.choices

    async def click(self, user: FakeUser, message_id: int, custom_id: str) -> Ix:
        """Press the button ``custom_id`` on message ``message_id``."""
        message = self.messages[message_id]
        data = {"custom_id": custom_id, "component_type": 2}
        return await self._interact(user, 3, data, int(message["channel_id"]), message)

    async def select(self, user: FakeUser, message_id: int, custom_id: str, values: list[str]) -> Ix:
        """Choose ``values`` in the select menu ``custom_id`` on message ``message_id``."""
        message = self.messages[message_id]
        data = {"custom_id": custom_id, "component_type": 3, "values": values}
        return await self._interact(user, 3, data, int(message["channel_id"]), message)

    async def submit_modal(self, user: FakeUser, opened_by: Ix, values: dict[str, str]) -> Ix:
        """Fill in and submit the modal the bot opened in answer to ``opened_by``."""
        modal = opened_by.modal
        assert modal is not None, "the bot opened no modal"
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": cid, "value": value}]}
            for cid, value in values.items()
        ]
        data = {"custom_id": modal["custom_id"], "components": rows}
        message = opened_by.payload.get("message")
        return await self._interact(user, 5, data, opened_by.channel_id, message)

    # ---- what the bot showed ------------------------------------------------------------------

    def visible_to(self, user: FakeUser) -> list[Captured]:
        """Everything ``user`` has been shown privately (ephemeral replies and DMs)."""
        return [c for c in self.captured if c.audience in (("dm", user.id), ("ephemeral", user.id))]

    def in_channel(self, channel_id: int) -> list[Captured]:
        """Every public message posted (or edited) in ``channel_id``, in order."""
        return [c for c in self.captured if c.audience == ("channel", channel_id)]

    def threads(self) -> list[dict[str, Any]]:
        return [c for c in self.channels.values() if c["type"] == 11]

    # ---- REST ---------------------------------------------------------------------------------

    @web.middleware
    async def _record(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        self.requests.append((request.method, request.path))
        route = f"{request.method} {request.path}"
        hold = next((p for p in self.hold_next if re.fullmatch(p, route)), None)
        if hold is not None:
            self.hold_next.remove(hold)
            self.held.append(route)
            await self._notify()
            await self._stopping.wait()
            return _error(503, 0, "held until the server stopped")
        delay = next((seconds for p, seconds in self.slow.items() if re.fullmatch(p, route)), 0.0)
        if delay:
            await asyncio.sleep(delay)
        once = next((p for p in self.fail_next if re.fullmatch(p, route)), None)
        always = next((p for p in self.failing if re.fullmatch(p, route)), None)
        response: web.StreamResponse
        failure = self.fail_next.pop(once) if once is not None else self.failing.get(always or "")
        if failure is not None:
            body, _ = await self._body(request)
            self.refused.append((route, json.dumps(body)))
            response = _error(*failure, "injected failure")
        else:
            response = await handler(request)
        await self._notify()
        return response

    async def _body(self, request: web.Request) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
        if request.content_type.startswith("multipart/"):
            reader = await request.multipart()
            body: dict[str, Any] = {}
            files: list[tuple[str, bytes]] = []
            while (part := await reader.next()) is not None:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data)
                else:
                    files.append((part.filename or "", bytes(data)))  # type: ignore[union-attr]
            return body, files
        if request.can_read_body:
            return await request.json(), []
        return {}, []

    async def _unknown(self, request: web.Request) -> web.Response:
        self.unhandled.append((request.method, request.path))
        return _error(404, 0, f"fake Discord does not know {request.method} {request.path}")

    async def _me(self, request: web.Request) -> web.Response:
        if request.headers.get("Authorization") != "Bot test-token":
            return _error(401, 0, "401: Unauthorized")
        return _json(self.bot_user.payload())

    async def _appinfo(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": str(self.app_id),
                "name": "Agora",
                "description": "",
                "icon": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": self.owner.payload(),
                "verify_key": "0" * 64,
                "flags": 0,
            }
        )

    async def _sync(self, request: web.Request) -> web.Response:
        body, _ = await self._body(request)
        gid = request.match_info.get("gid")
        synced = []
        for command in body:
            command = dict(command, id=str(P.snowflake()), application_id=str(self.app_id), version="1")
            if gid:
                command["guild_id"] = gid
            synced.append(command)
        self.commands = synced
        return _json(synced)

    async def _commands(self, request: web.Request) -> web.Response:
        return _json(self.commands)

    def _author(self) -> dict[str, Any]:
        return self.bot_user.payload()

    def _store(
        self,
        audience: Audience,
        channel_id: int,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        message_id: int | None = None,
        op: str = "create",
    ) -> dict[str, Any]:
        """Create (or replace) a message and capture it."""
        mid = message_id or P.snowflake()
        attachments = [
            {
                "id": str(P.snowflake()),
                "filename": name,
                "size": len(data),
                "url": f"http://127.0.0.1:{self.port}/att/{name}",
                "proxy_url": f"http://127.0.0.1:{self.port}/att/{name}",
            }
            for name, data in files
        ]
        channel = self.channels.get(channel_id, {})
        guild_id = self.guild_id if channel.get("type") in (0, 11) else None
        if op == "edit" and mid in self.messages:
            old = self.messages[mid]
            merged = {
                "content": old["content"],
                "embeds": old["embeds"],
                "components": old["components"],
                "flags": old["flags"],
            }
            merged.update({k: v for k, v in body.items() if k in merged})
            if not files and "attachments" not in body:
                attachments = old["attachments"]
            body = merged
        message = P.message(mid, channel_id, self._author(), body, attachments=attachments, guild_id=guild_id)
        self.messages[mid] = message
        self.audiences[mid] = audience
        self.captured.append(Captured(audience, channel_id, mid, body, files, op))
        return message

    # interactions

    async def _callback(self, request: web.Request) -> web.Response:
        ix = self.interactions.get(request.match_info["token"])
        if ix is None:
            return _error(404, 10062, "Unknown interaction")
        if ix.callback_type is not None:
            return _error(400, 40060, "Interaction has already been acknowledged.")
        if asyncio.get_running_loop().time() - ix.sent_at > ACK_DEADLINE:
            self.late.append(ix)
            return _error(404, 10062, "Unknown interaction")
        body, files = await self._body(request)
        kind = int(body["type"])
        data = body.get("data") or {}
        ix.callback_type = kind
        message: dict[str, Any] | None = None
        if kind in (4, 5):
            ix.ephemeral = bool((data.get("flags") or 0) & EPHEMERAL)
            audience: Audience = ("ephemeral", ix.user.id) if ix.ephemeral else ("channel", ix.channel_id)
            content = data if kind == 4 else {"content": "", "flags": (data.get("flags") or 0) | 128}
            message = self._store(audience, ix.channel_id, content, files)
            ix.original_id = int(message["id"])
            if kind == 4:
                ix.outputs.append(self.captured[-1])
        elif kind in (6, 7):
            mid = int(ix.payload["message"]["id"])
            ix.original_id = mid
            ix.ephemeral = bool(self.messages[mid]["flags"] & EPHEMERAL)
            if kind == 7:
                message = self._store(self.audiences[mid], ix.channel_id, data, files, mid, "edit")
                ix.outputs.append(self.captured[-1])
        elif kind == 8:
            ix.choices = list(data.get("choices") or [])
        elif kind == 9:
            ix.modal = data
        else:
            return _error(400, 50035, f"unknown callback type {kind}")
        result: dict[str, Any] = {
            "interaction": {
                "id": ix.payload["id"],
                "type": ix.payload["type"],
                "response_message_id": str(ix.original_id) if ix.original_id else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ix.ephemeral,
            }
        }
        if message is not None:
            result["resource"] = {"type": kind, "message": message}
        else:
            result["resource"] = {"type": kind}
        return _json(result)

    async def _followup(self, request: web.Request) -> web.Response:
        ix = self.interactions.get(request.match_info["token"])
        if ix is None:
            return _error(404, 10015, "Unknown Webhook")
        if ix.callback_type is None:
            return _error(404, 10015, "Unknown Webhook")
        body, files = await self._body(request)
        ix.followups_seen += 1
        if ix.callback_type == 5 and ix.followups_seen == 1 and ix.original_id is not None:
            # After a "thinking" defer, Discord turns the first followup into the original response.
            message = self._store(
                self.audiences[ix.original_id],
                ix.channel_id,
                dict(body, flags=0 if not ix.ephemeral else EPHEMERAL),
                files,
                ix.original_id,
                "edit",
            )
        else:
            ephemeral = bool((body.get("flags") or 0) & EPHEMERAL)
            audience: Audience = ("ephemeral", ix.user.id) if ephemeral else ("channel", ix.channel_id)
            message = self._store(audience, ix.channel_id, body, files)
        ix.outputs.append(self.captured[-1])
        return _json(message)

    async def _webhook_message(self, request: web.Request) -> web.Response:
        ix = self.interactions.get(request.match_info["token"])
        if ix is None:
            return _error(404, 10015, "Unknown Webhook")
        raw = request.match_info["mid"]
        mid = ix.original_id if raw == "@original" else int(raw)
        if mid is None or mid not in self.messages:
            return _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(self.messages[mid])
        if request.method == "DELETE":
            self.messages.pop(mid, None)
            return web.Response(status=204)
        if request.method != "PATCH":
            return await self._unknown(request)
        body, files = await self._body(request)
        message = self._store(
            self.audiences[mid], int(self.messages[mid]["channel_id"]), body, files, mid, "edit"
        )
        ix.outputs.append(self.captured[-1])
        return _json(message)

    # channels, threads and DMs

    async def _open_dm(self, request: web.Request) -> web.Response:
        body, _ = await self._body(request)
        uid = int(body["recipient_id"])
        user = self.known.get(uid)
        if user is None:
            return _error(404, 10013, "Unknown User")
        for cid, who in self.dm_channels.items():
            if who.id == uid:
                return _json(self.channels[cid])
        cid = P.snowflake()
        self.dm_channels[cid] = user
        self.channels[cid] = P.dm_channel(cid, user)
        return _json(self.channels[cid])

    async def _send(self, request: web.Request) -> web.Response:
        cid = int(request.match_info["cid"])
        if cid not in self.channels:
            return _error(404, 10003, "Unknown Channel")
        if self.channels[cid].get("thread_metadata", {}).get("archived"):
            return _error(400, 50083, "Thread is archived")
        body, files = await self._body(request)
        if cid in self.dm_channels:
            user = self.dm_channels[cid]
            if not user.dms_open or not self.is_member(user):
                # Discord refuses DMs from a bot that shares no server with the user.
                return _error(403, 50007, "Cannot send messages to this user")
            audience: Audience = ("dm", user.id)
        else:
            audience = ("channel", cid)
        nonce = body.get("nonce")
        if nonce is not None and body.get("enforce_nonce"):
            # Discord returns the message already made with this nonce instead of a new one.
            seen = self.nonces.get((cid, str(nonce)))
            if seen is not None and seen in self.messages:
                return _json(self.messages[seen])
        message = self._store(audience, cid, body, files)
        if nonce is not None:
            self.nonces[(cid, str(nonce))] = int(message["id"])
        return _json(message)

    async def _channel_message(self, request: web.Request) -> web.Response:
        cid, mid = int(request.match_info["cid"]), int(request.match_info["mid"])
        if mid not in self.messages or int(self.messages[mid]["channel_id"]) != cid:
            return _error(404, 10008, "Unknown Message")
        if request.method == "GET":
            return _json(self.messages[mid])
        if self.channels[cid].get("thread_metadata", {}).get("archived"):
            return _error(400, 50083, "Thread is archived")
        if request.method == "DELETE":
            self.messages.pop(mid)
            return web.Response(status=204)
        if request.method != "PATCH":
            return await self._unknown(request)
        body, files = await self._body(request)
        return _json(self._store(self.audiences[mid], cid, body, files, mid, "edit"))

    async def _thread(self, request: web.Request) -> web.Response:
        cid = int(request.match_info["cid"])
        parent = self.channels.get(cid)
        if parent is None or parent["type"] != 0:
            return _error(400, 50024, "Cannot execute action on this channel type")
        body, _ = await self._body(request)
        tid = P.snowflake()
        self.channels[tid] = P.thread_channel(tid, self.guild_id, cid, self.bot_user.id, body.get("name", ""))
        return _json(self.channels[tid], 201)

    async def _get_member(self, request: web.Request) -> web.Response:
        """GET /guilds/{guild}/members/{user}: works without the privileged members intent."""
        if int(request.match_info["gid"]) != self.guild_id:
            return _error(404, 10004, "Unknown Guild")
        uid = int(request.match_info["uid"])
        member = next((m for m in self.members if m.id == uid), None)
        if member is None:
            return _error(404, 10007, "Unknown Member")
        return _json(member.member())

    async def _edit_channel(self, request: web.Request) -> web.Response:
        """PATCH /channels/{id}: the bot may unarchive a thread (a locked one with Manage Threads)."""
        cid = int(request.match_info["cid"])
        channel = self.channels.get(cid)
        if channel is None:
            return _error(404, 10003, "Unknown Channel")
        body, _ = await self._body(request)
        metadata = channel.get("thread_metadata")
        if metadata is None or set(body) - {"archived"}:
            return await self._unknown(request)
        if metadata["locked"] and not self.bot_manages_threads:
            return _error(403, 50013, "Missing Permissions")
        metadata.update(archived=bool(body["archived"]), archive_timestamp=P.iso_now())
        return _json(channel)

    async def _get_channel(self, request: web.Request) -> web.Response:
        cid = int(request.match_info["cid"])
        if cid not in self.channels:
            return _error(404, 10003, "Unknown Channel")
        return _json(self.channels[cid])


def _option_type(spec: dict[str, Any], subcommands: list[str], name: str) -> int:
    options = spec.get("options") or []
    for sub in subcommands:
        options = next((o.get("options") or [] for o in options if o["name"] == sub), [])
    for option in options:
        if option["name"] == name:
            return int(option["type"])
    raise AssertionError(f"/{spec['name']} {' '.join(subcommands)} has no option {name!r}")
