"""Board pictures, rendered off the event loop.

Renderers are pure functions of a view (``render/<game>.py``) and can take a good part of a
second, so they run in a worker thread (:func:`asyncio.to_thread`). A game without a renderer, or a
renderer that fails, gives no picture: the game goes on in words, and the failure is logged.

Pictures speak the reader's language: the thread's board the table's, a private picture its
owner's. A renderer that draws words takes them as ``locale=``; one that draws none is called
without it. A table drawn as several pictures (none taller than 1.6 widths) is sent as several
files of one message.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import OrderedDict

import discord

import render
from bot.discord.text import plain
from bot.service import BoardView, TableInfo, TableService
from bot.service.words import seat_names
from rules.core import RuleError

log = logging.getLogger(__name__)


class Pictures:
    """The public board and each seat's private picture of a table, as Discord files.

    Renders are kept by the hash of the view and names they came from (a renderer is a pure function
    of them), so a panel updated after a step that changed nothing visible costs no new render.
    """

    def __init__(self, service: TableService, cache_size: int = 128) -> None:
        self.service = service
        self.cache_size = cache_size
        self._cache: OrderedDict[tuple[str, int | None, str, bytes], list[bytes]] = OrderedDict()

    async def board(self, table: TableInfo, locale: str) -> list[discord.File]:
        """The public pictures (the spectator's view), their words in ``locale``; none in the lobby
        or without a renderer."""
        if table.status == "lobby":
            return []
        try:
            view = await self.service.view_for(table.id, None)
        except RuleError:
            return []
        return await self._render(view, seat_names(table, locale), f"table-{table.id}-board", locale)

    async def private(self, table: TableInfo, user_id: int, locale: str) -> list[discord.File]:
        """What ``user_id``'s seat alone may see, its words in ``locale``; none without a seat
        or a renderer."""
        if table.status == "lobby" or table.seat_of(user_id) is None:
            return []
        try:
            view = await self.service.view_for(table.id, user_id)
        except RuleError:
            return []
        if view.seat is None:
            return []
        stem = f"table-{table.id}-seat-{view.seat}"
        return await self._render(view, seat_names(table, locale), stem, locale)

    async def _render(
        self, board: BoardView, names: tuple[str, ...], stem: str, locale: str
    ) -> list[discord.File]:
        """The pictures of ``board`` with the players' ``names`` in them (each on one line, in its
        own direction: see :func:`~bot.discord.text.plain`), as ``stem.png``, ``stem-2.png``, …"""
        names = tuple(plain(name) for name in names)
        module = render.for_game(board.game_id)
        if module is None:
            return []
        shown = board.view.model_dump_json() + "\n" + "\n".join(names)
        digest = hashlib.blake2b(shown.encode(), digest_size=16).digest()
        key = (board.game_id, board.seat, locale, digest)
        cached = self._cache.get(key)
        if cached is None:
            try:
                data = await asyncio.to_thread(render.pictures, module, board.view, board.seat, names, locale)
            except Exception:
                log.exception("rendering %s for seat %s failed", board.game_id, board.seat)
                return []
            self._cache[key] = data
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        else:
            data = cached
            self._cache.move_to_end(key)
        return [
            discord.File(io.BytesIO(png), filename=f"{stem}.png" if i == 0 else f"{stem}-{i + 1}.png")
            for i, png in enumerate(data)
        ]
