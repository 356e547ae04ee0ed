"""The e2e fake Discord, extended for fault and load runs: it times every interaction and can send
any interaction at all (a forged ``custom_id``, a mangled select value, a modal nobody opened).

:class:`TimedDiscord` adds, per interaction token, the moment the fake dispatched it, the moment
the bot first acknowledged it (the interaction callback), and the moment its first follow-up (a
new message or an edit of the original) and its first picture arrived. The fake itself is reused
as is; only its hooks are wrapped.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from tests.e2e.fakediscord import FakeDiscord, FakeUser, Ix


@dataclass
class Timing:
    """When one interaction was sent and answered (``time.perf_counter`` seconds)."""

    sent: float
    acknowledged: float | None = None
    followed: float | None = None
    picture: float | None = None


class TimedDiscord(FakeDiscord):
    """A :class:`FakeDiscord` that times interactions and can inject arbitrary ones."""

    def __init__(self) -> None:
        super().__init__()
        self.timings: dict[str, Timing] = {}
        self.on_acknowledged: Callable[[Ix], None] | None = None
        """Called when the bot acknowledges an interaction (the chaos driver kills the bot here)."""
        self._followed_events: dict[str, asyncio.Event] = {}
        """Called when the bot acknowledges an interaction (the chaos driver kills the bot here)."""

    # ---- timing hooks -------------------------------------------------------------------------

    async def _dispatch(
        self, event: str, data: dict[str, Any], ws: web.WebSocketResponse | None = None
    ) -> None:
        if event == "INTERACTION_CREATE":
            self.timings[str(data["token"])] = Timing(sent=time.perf_counter())
        await super()._dispatch(event, data, ws)

    async def _callback(self, request: web.Request) -> web.Response:
        response = await super()._callback(request)
        token = request.match_info["token"]
        timing = self.timings.get(token)
        if response.status == 200 and timing is not None and timing.acknowledged is None:
            timing.acknowledged = time.perf_counter()
            if self.on_acknowledged is not None:
                self.on_acknowledged(self.interactions[token])
        return response

    async def _followup(self, request: web.Request) -> web.Response:
        response = await super()._followup(request)
        self._followed(request.match_info["token"], response)
        return response

    async def _webhook_message(self, request: web.Request) -> web.Response:
        response = await super()._webhook_message(request)
        if request.method == "PATCH":
            self._followed(request.match_info["token"], response)
        return response

    def _followed(self, token: str, response: web.StreamResponse) -> None:
        timing = self.timings.get(token)
        ix = self.interactions.get(token)
        if timing is None or ix is None or response.status >= 300:
            return
        now = time.perf_counter()
        if timing.followed is None:
            timing.followed = now
            self._followed_events.setdefault(token, asyncio.Event()).set()
        if timing.picture is None and ix.outputs and ix.outputs[-1].pngs:
            timing.picture = now

    # ---- any interaction ----------------------------------------------------------------------

    async def component(
        self, user: FakeUser, message_id: int, custom_id: str, *, values: list[str] | None = None
    ) -> Ix:
        """A click (or, with ``values``, a select choice) on ``message_id`` with any ``custom_id``.

        Discord only sends clicks on components a message has, and discord.py only dispatches
        those; so the interaction carries a forged copy of the message that has this component (a
        tampered client, or a bug on our side that put a bad id on a message). The stored message
        is left as it was.
        """
        message = dict(self.messages[message_id])
        component: dict[str, Any]
        if values is None:
            component = {"type": 2, "style": 1, "label": "forged", "custom_id": custom_id}
            data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        else:
            options = [{"label": v[:100] or "-", "value": v} for v in values] or [
                {"label": "-", "value": "-"}
            ]
            component = {
                "type": 3,
                "custom_id": custom_id,
                "options": options,
                "min_values": 0,
                "max_values": max(1, len(values)),
            }
            data = {"custom_id": custom_id, "component_type": 3, "values": values}
        message["components"] = [{"type": 1, "components": [component]}]
        return await self._interact(user, 3, data, int(message["channel_id"]), message)

    async def modal(self, user: FakeUser, message_id: int, custom_id: str, values: dict[str, str]) -> Ix:
        """Submit a modal ``custom_id`` from ``message_id`` with ``values``, opened or not."""
        message = self.messages[message_id]
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": cid, "value": value}]}
            for cid, value in values.items()
        ]
        data = {"custom_id": custom_id, "components": rows}
        return await self._interact(user, 5, data, int(message["channel_id"]), message)

    async def followed(self, ix: Ix, timeout: float = 60.0) -> None:
        """Wait for the bot's first follow-up to ``ix`` (a message, or an edit of the original).

        Unlike :meth:`FakeDiscord.wait_for`, this does not re-check every waiter on every request,
        so thousands of simulated players can wait at once without loading the machine.
        """
        event = self._followed_events.setdefault(ix.token, asyncio.Event())
        try:
            await asyncio.wait_for(event.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"no follow-up to {ix.payload['data']} within {timeout} s") from None

    def answered(self, ix: Ix) -> bool:
        """Whether the bot acknowledged ``ix`` at all (an unanswered click shows "interaction failed")."""
        return ix.callback_type is not None
