"""Board pictures, rendered off the event loop.

Renderers are pure functions of a view (``render/<game>.py``) and can take a good part of a
second, so they run in a worker thread (:func:`asyncio.to_thread`), and whatever shows a picture
sends its words first and the picture when it is drawn (the panel: see
:func:`bot.discord.components.send_panel`). A game without a renderer, or a renderer that fails,
gives no picture: the game goes on in words, and the failure is logged.

A picture is drawn once: renders are kept (a bounded cache) by what they show, the view at the
table's head, the seat, the language and the names; a picture asked for again while it is being
drawn (the follow-up, a DM and the thread after one move) waits for that same drawing.

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
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from types import ModuleType

import discord

import render
from bot.discord.text import plain
from bot.service import BoardView, TableInfo, TableService
from bot.service.words import seat_names
from rules.core import RuleError

log = logging.getLogger(__name__)

TURNS_KEPT = 10_000
"""Panel messages whose latest words :class:`Pictures` remembers; a panel forgotten meanwhile gets
no late picture (its "Show my hand" button sends one)."""

Key = tuple[str, int | None, str, bytes]
"""What a picture shows: the game, the seat (``None``: the board), the language, and a digest of the
view and the names drawn."""


class Pictures:
    """The public board and each seat's private picture of a table, as Discord files.

    Renders are kept by the hash of the view and names they came from (a renderer is a pure function
    of them), so a panel updated after a step that changed nothing visible costs no new render.
    """

    def __init__(self, service: TableService, cache_size: int = 128) -> None:
        self.service = service
        self.cache_size = cache_size
        self._cache: OrderedDict[Key, list[bytes]] = OrderedDict()
        self._drawing: dict[Key, asyncio.Task[list[bytes] | None]] = {}
        self._turns: OrderedDict[int, int] = OrderedDict()
        # A message's lock lives while someone holds it (so the map does not grow without end).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    # ---- a panel's picture, after its words --------------------------------------------------

    async def shown(self, message_id: int, edit: Callable[[], Awaitable[object]]) -> int:
        """Show a panel's words on message ``message_id`` with ``edit`` (which also takes its old
        pictures off); the turn to give :meth:`attach` for the pictures that go with them."""
        async with self._lock_of(message_id):
            turn = self._turns.pop(message_id, 0) + 1
            self._turns[message_id] = turn
            while len(self._turns) > TURNS_KEPT:
                self._turns.popitem(last=False)
            await edit()
        return turn

    async def attach(
        self, message_id: int, turn: int, files: list[discord.File],
        edit: Callable[[list[discord.File]], Awaitable[object]],
    ) -> bool:
        """Put ``files`` on message ``message_id`` with ``edit``, unless newer words were shown on
        it since turn ``turn`` (their own pictures follow them); whether they were put on."""
        if not files:
            return False
        async with self._lock_of(message_id):
            if self._turns.get(message_id) != turn:
                return False
            await edit(files)
        return True

    def _lock_of(self, message_id: int) -> asyncio.Lock:
        lock = self._locks.get(message_id)
        if lock is None:
            lock = self._locks[message_id] = asyncio.Lock()
        return lock

    # ---- drawing ------------------------------------------------------------------------------

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
        data = self._cache.get(key)
        if data is not None:
            self._cache.move_to_end(key)
        else:
            drawing = self._drawing.get(key)
            if drawing is None:
                drawing = asyncio.create_task(self._draw(key, module, board, names, locale))
                self._drawing[key] = drawing
            # Shielded: one reader giving up (a cancelled interaction) stops no one else's picture.
            data = await asyncio.shield(drawing)
            if data is None:
                return []
        return [
            discord.File(io.BytesIO(png), filename=f"{stem}.png" if i == 0 else f"{stem}-{i + 1}.png")
            for i, png in enumerate(data)
        ]

    async def _draw(
        self, key: Key, module: ModuleType, board: BoardView, names: tuple[str, ...], locale: str
    ) -> list[bytes] | None:
        """Draw in a worker thread and keep the pictures; ``None`` (logged) if the renderer fails."""
        try:
            data = await asyncio.to_thread(render.pictures, module, board.view, board.seat, names, locale)
        except Exception:
            log.exception("rendering %s for seat %s failed", board.game_id, board.seat)
            return None
        finally:
            self._drawing.pop(key, None)
        self._cache[key] = data
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return data
