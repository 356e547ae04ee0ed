"""Whether a user still belongs to a table's server, when their interaction does not say so.

An interaction inside a server carries its member: that is proof enough. A DM carries only the
user, and a player who left the server, or was banned from it, keeps the DMs the bot sent them, with
their Play buttons. Those interactions, and the DMs the bot is about to send, are checked with a
REST member lookup (``GET /guilds/{guild}/members/{user}``), which works without the privileged
members intent Agora does not ask for.

Answers are kept briefly (:data:`MEMBER_TTL`, :data:`NOT_MEMBER_TTL`), so that a burst of clicks
costs one lookup, and clicks that arrive while a lookup is on its way wait for it rather than
sending their own.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta

import aiohttp
import discord

log = logging.getLogger(__name__)

MEMBER_TTL = timedelta(seconds=60)
"""How long "is a member" is believed: a player's burst of clicks costs one lookup a minute."""
NOT_MEMBER_TTL = timedelta(seconds=10)
"""How long "is not a member" is believed: short, so that a player who rejoins the server can play
again within seconds (a command inside the server clears it at once)."""
KEEP_AT_MOST = 10_000
"""Answers kept before the expired ones are swept out (a long-running bot meets many users)."""
LOOKUP_BUDGET = 2.5
"""Seconds a lookup may take before it counts as "could not check" (discord.py retries some 5xx
for much longer, and a player is waiting)."""


class Membership:
    """Membership of users in servers, as far as Discord last told us.

    :meth:`is_member` answers ``True`` (a member), ``False`` (Discord answered 404: "Unknown
    Member", for a user who left, was kicked or banned; or "Unknown Guild", for a server the bot is
    no longer in) or ``None``: **could not check** (any other Discord error — 5xx, rate limit,
    missing access — or no answer within the budget). Callers let a seated player act when the
    answer is ``None``: the player is seated at the table, a Discord hiccup must not stall the game
    for everyone, and the worst a departed player can do meanwhile is play the seat they still
    hold. Each such failure is logged as a warning, and it is not remembered: the next click asks
    again.
    """

    def __init__(self, client: discord.Client, now: Callable[[], datetime]) -> None:
        self.client = client
        self.now = now
        self._known: dict[tuple[int, int], tuple[datetime, bool]] = {}
        self._asking: dict[tuple[int, int], asyncio.Task[bool | None]] = {}

    def seen(self, guild_id: int, user_id: int) -> None:
        """``user_id`` just interacted inside server ``guild_id``: a member, without asking."""
        self._remember(guild_id, user_id, True)

    def _remember(self, guild_id: int, user_id: int, member: bool) -> None:
        now = self.now()
        if len(self._known) >= KEEP_AT_MOST:
            self._known = {key: known for key, known in self._known.items() if known[0] > now}
        self._known[(guild_id, user_id)] = (now + (MEMBER_TTL if member else NOT_MEMBER_TTL), member)

    def forget(self, guild_id: int, user_id: int) -> None:
        self._known.pop((guild_id, user_id), None)

    async def is_member(self, guild_id: int, user_id: int, *, budget: float = LOOKUP_BUDGET) -> bool | None:
        """Whether ``user_id`` is a member of server ``guild_id``; ``None`` when it could not be checked."""
        key = (guild_id, user_id)
        known = self._known.get(key)
        if known is not None:
            until, member = known
            if self.now() < until:
                return member
            del self._known[key]
        task = self._asking.get(key)
        if task is None:
            task = asyncio.create_task(
                self._lookup(guild_id, user_id), name=f"agora-member-{guild_id}-{user_id}"
            )
            self._asking[key] = task
            task.add_done_callback(lambda _: self._asking.pop(key, None))
        try:
            return await asyncio.wait_for(asyncio.shield(task), budget)
        except TimeoutError:
            log.warning(
                "could not check whether user %s is in server %s: no answer in %s s; letting them act",
                user_id,
                guild_id,
                budget,
            )
            return None

    async def _lookup(self, guild_id: int, user_id: int) -> bool | None:
        try:
            await self.client.http.get_member(guild_id, user_id)
        except discord.NotFound:
            self._remember(guild_id, user_id, False)
            return False
        except discord.HTTPException as exc:
            log.warning(
                "could not check whether user %s is in server %s (%s %s); letting them act",
                user_id,
                guild_id,
                exc.status,
                exc.text,
            )
            return None
        except (aiohttp.ClientError, OSError, TimeoutError) as exc:
            log.warning(
                "could not check whether user %s is in server %s (%r); letting them act",
                user_id,
                guild_id,
                exc,
            )
            return None
        self._remember(guild_id, user_id, True)
        return True
