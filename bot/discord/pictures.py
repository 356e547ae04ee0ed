"""Board pictures, drawn off the event loop.

Renderers are pure functions of a view (``render/<game>.py``) and can take a good part of a
second, so they run elsewhere: in the bot, in a worker process of their own (:class:`InProcesses`),
so that drawing takes nothing from the loop that answers clicks; by default (and in tests) in a
worker thread. Whatever shows a picture sends its words first and the picture when it is drawn
(the panel: see :func:`bot.discord.components.send_panel`). A game without a renderer, or a
renderer that fails, gives no picture: the game goes on in words, and the failure is logged.

A picture is drawn once: renders are kept (a bounded cache) by what they show, the view at the
table's head, the seat, the language and the names; a picture asked for again while it waits to be
drawn or is being drawn (the follow-up, a DM and the thread after one move) waits for that same
drawing. Pictures wait their turn in one queue, a few drawn at a time: a panel's picture
(``urgent``) before the thread's and the DMs', and a picture that nobody still wants when its turn
comes (a panel that moved on meanwhile: ``wanted``) is not drawn at all.

Pictures speak the reader's language: the thread's board the table's, a private picture its
owner's. A renderer that draws words takes them as ``locale=``; one that draws none is called
without it. A table drawn as several pictures (none taller than 1.6 widths) is sent as several
files of one message.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ctypes
import hashlib
import importlib
import io
import itertools
import logging
import multiprocessing
import os
import signal
import sys
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

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

DRAWERS = 2
"""Worker processes drawing for the bot, each one picture at a time (``python -m bench bot``, 500
late-game tables on the 2-core machine: the panels' pictures came at p50 12 to 18 s with one, 11.5
to 12 s with two)."""


DRAWING_NICENESS = 10
"""How much lower the drawing processes' processor priority is than the bot's (``nice``): on a
machine with fewer cores than busy processes, the loop that answers clicks runs first and the
pictures are drawn in the time it leaves, instead of the drawers taking two shares of it to the
loop's one."""


class Drawer(Protocol):
    """Where pictures are drawn: ``await drawer(game_id, view, seat, names, locale)``."""

    def __call__(
        self, game_id: str, view: Any, seat: int | None, names: tuple[str, ...], locale: str
    ) -> Awaitable[list[bytes]]: ...


async def in_thread(
    game_id: str, view: Any, seat: int | None, names: tuple[str, ...], locale: str
) -> list[bytes]:
    """Draw in a worker thread of the loop's (off the loop, but in the bot's process)."""
    return await asyncio.to_thread(render.drawn, game_id, view, seat, names, locale)


class InProcesses:
    """Draw in worker processes of their own, so that drawing holds nothing the loop needs.

    The workers are started afresh (``spawn``: nothing of the bot's threads or connections is
    copied into them) and, on Linux, die with the bot (:func:`_die_with_parent`): a bot killed
    leaves no worker behind. A worker that dies (killed, out of memory) fails the pictures it was
    drawing; the next ones start a new worker."""

    def __init__(self, workers: int = DRAWERS, modules: Sequence[str] = ()) -> None:
        self.workers = workers
        self.modules = tuple(modules)
        """Modules each worker imports as it starts: those that install games the bot registered
        beside the shipped ones (``AGORA_EXTRA_GAMES``), whose renderers a fresh process lacks."""
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None

    def _started(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_start_worker,
                initargs=(os.getpid(), self.modules))
        return self._pool

    async def __call__(
        self, game_id: str, view: Any, seat: int | None, names: tuple[str, ...], locale: str
    ) -> list[bytes]:
        pool = self._started()
        try:
            return await asyncio.get_running_loop().run_in_executor(
                pool, render.drawn, game_id, view, seat, names, locale)
        except concurrent.futures.BrokenExecutor:
            if self._pool is pool:
                self._pool = None
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
            raise

    def warm(self, game_ids: Sequence[str]) -> None:
        """Start the workers now, each importing the renderers of ``game_ids``, rather than at the
        first picture."""
        pool = self._started()
        for _ in range(self.workers):
            pool.submit(render.load, list(game_ids))

    async def close(self) -> None:
        """Stop the workers (the bot is closing); pictures still queued are not drawn.

        Waits, off the loop, until the pool has let its workers and its manager thread go: a manager
        thread still closing when the interpreter exits races the exit hook that wakes it, which
        then writes to a pipe just closed (``OSError: Bad file descriptor`` on the way out)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


PR_SET_PDEATHSIG = 1
"""``prctl(2)``: the signal a process gets when its parent dies."""


def _start_worker(parent: int, modules: Sequence[str]) -> None:
    """Set a drawing process up: it dies with the bot, yields the processor to it
    (:data:`DRAWING_NICENESS`), and knows the games the bot registered."""
    _die_with_parent(parent)
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(DRAWING_NICENESS)
    for name in modules:
        importlib.import_module(name)


def _die_with_parent(parent: int) -> None:
    """Ask Linux to kill this process when the bot that started it (``parent``) dies, and leave at
    once if it died already, while this process was starting; a Ctrl-C is the bot's to handle (it
    closes the workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != parent:
            os._exit(0)


@dataclass
class _Job:
    """A picture waiting for its turn: what to draw, and who waits for it."""

    board: BoardView
    names: tuple[str, ...]
    locale: str
    done: asyncio.Future[list[bytes] | None]
    wanted: list[Callable[[], bool] | None] = field(default_factory=list)
    """One per reader waiting: whether they still want it (``None``: always)."""
    started: bool = False
    """Taken by a drawer (a picture made urgent is in the queue twice)."""

    def still_wanted(self) -> bool:
        """Whether anyone waiting still wants the picture (a board always is)."""
        return any(w is None or w() for w in self.wanted)


class Pictures:
    """The public board and each seat's private picture of a table, as Discord files.

    Renders are kept by the hash of the view and names they came from (a renderer is a pure function
    of them), so a panel updated after a step that changed nothing visible costs no new render.
    """

    def __init__(
        self, service: TableService, cache_size: int = 128, drawer: Drawer = in_thread, drawers: int = 1
    ) -> None:
        self.service = service
        self.cache_size = cache_size
        self.drawer = drawer
        self.drawers = drawers
        """Pictures drawn at the same moment (as many as ``drawer`` draws side by side)."""
        self._cache: OrderedDict[Key, list[bytes]] = OrderedDict()
        self._jobs: dict[Key, _Job] = {}
        self._queue: asyncio.PriorityQueue[tuple[int, int, Key]] = asyncio.PriorityQueue()
        self._order = itertools.count()
        self._drawers: list[asyncio.Task[None]] = []
        self._turns: OrderedDict[int, int] = OrderedDict()
        # A message's lock lives while someone holds it (so the map does not grow without end).
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.drawn = 0
        """Pictures drawn (not found in the cache, and still wanted when their turn came)."""
        self.skipped = 0
        """Pictures not drawn: nobody wanted them any more when their turn came."""

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

    def showing(self, message_id: int, turn: int) -> Callable[[], bool]:
        """Whether message ``message_id`` still shows the words of turn ``turn`` (its pictures are
        still wanted)."""
        return lambda: self._turns.get(message_id) == turn

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

    async def private(
        self, table: TableInfo, user_id: int, locale: str, *, urgent: bool = False,
        wanted: Callable[[], bool] | None = None,
    ) -> list[discord.File]:
        """What ``user_id``'s seat alone may see, its words in ``locale``; none without a seat
        or a renderer. ``urgent``: for a panel, drawn before the pictures of threads and DMs;
        ``wanted``: not drawn if it says no when the picture's turn comes (none given then)."""
        if table.status == "lobby" or table.seat_of(user_id) is None:
            return []
        try:
            view = await self.service.view_for(table.id, user_id)
        except RuleError:
            return []
        if view.seat is None:
            return []
        stem = f"table-{table.id}-seat-{view.seat}"
        return await self._render(view, seat_names(table, locale), stem, locale, urgent=urgent, wanted=wanted)

    async def _render(
        self, board: BoardView, names: tuple[str, ...], stem: str, locale: str, *, urgent: bool = False,
        wanted: Callable[[], bool] | None = None,
    ) -> list[discord.File]:
        """The pictures of ``board`` with the players' ``names`` in them (each on one line, in its
        own direction: see :func:`~bot.discord.text.plain`), as ``stem.png``, ``stem-2.png``, …"""
        names = tuple(plain(name) for name in names)
        if render.for_game(board.game_id) is None:
            return []
        shown = board.view.model_dump_json() + "\n" + "\n".join(names)
        digest = hashlib.blake2b(shown.encode(), digest_size=16).digest()
        key = (board.game_id, board.seat, locale, digest)
        data = self._cache.get(key)
        if data is not None:
            self._cache.move_to_end(key)
        else:
            job = self._jobs.get(key)
            if job is None:
                job = self._jobs[key] = _Job(board, names, locale, asyncio.get_running_loop().create_future())
                self._queue.put_nowait((0 if urgent else 1, next(self._order), key))
            elif urgent:
                self._queue.put_nowait((0, next(self._order), key))  # ahead of its first place
            job.wanted.append(wanted)
            self._start_drawers()
            # Shielded: one reader giving up (a cancelled interaction) stops no one else's picture.
            data = await asyncio.shield(job.done)
            if data is None:
                return []
        return [
            discord.File(io.BytesIO(png), filename=f"{stem}.png" if i == 0 else f"{stem}-{i + 1}.png")
            for i, png in enumerate(data)
        ]

    def _start_drawers(self) -> None:
        self._drawers = [task for task in self._drawers if not task.done()]
        while len(self._drawers) < self.drawers:
            self._drawers.append(asyncio.create_task(self._drawing(), name="agora-pictures"))

    async def _drawing(self) -> None:
        """Draw the pictures in the queue, most urgent first, each once; done when it is empty."""
        while not self._queue.empty():
            _, _, key = self._queue.get_nowait()
            job = self._jobs.get(key)
            if job is None or job.started:
                continue  # drawn already, or being drawn (it was queued twice)
            job.started = True
            if not job.still_wanted():
                self.skipped += 1
                del self._jobs[key]
                job.done.set_result(None)
                continue
            job.done.set_result(await self._draw(key, job))

    async def _draw(self, key: Key, job: _Job) -> list[bytes] | None:
        """Draw and keep the pictures; ``None`` (logged) if the renderer fails."""
        board = job.board
        try:
            self.drawn += 1
            data = await self.drawer(board.game_id, board.view, board.seat, job.names, job.locale)
        except Exception:
            log.exception("rendering %s for seat %s failed", board.game_id, board.seat)
            return None
        finally:
            self._jobs.pop(key, None)
        self._cache[key] = data
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return data

    def close(self) -> None:
        """Stop drawing (the bot is closing): whoever waits for a picture gets none."""
        for task in self._drawers:
            task.cancel()
        for job in self._jobs.values():
            if not job.done.done():
                job.done.set_result(None)
        self._jobs.clear()
