"""Pictures speak the reader's language: the renderer is given the locale asked for, a renderer
that draws no words is called without one, and each language's picture is kept apart."""

from __future__ import annotations

import asyncio
import os
import threading
from types import SimpleNamespace
from typing import Any

import pytest
from pydantic import BaseModel

import render
from bot.discord.pictures import DRAWING_NICENESS, InProcesses, Pictures
from bot.service import BoardView


class _View(BaseModel):
    round: int = 1


class _Service:
    async def view_for(self, table_id: int, user_id: int | None) -> BoardView:
        return BoardView(game_id="sealed_bid", seat=None if user_id is None else 0, view=_View())


TABLE = SimpleNamespace(
    id=1, status="active", names=("Ann", "Bo"), seat_of=lambda user_id: 0,
    seats=(SimpleNamespace(name="Ann", bot=None), SimpleNamespace(name="Bo", bot=None)),
)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    calls: list[tuple[str, str]] = []

    def render_board(view: Any, names: Any = (), *, locale: str = "en") -> bytes:
        calls.append(("board", locale))
        return locale.encode()

    def render_private(view: Any, seat: int, names: Any = ()) -> bytes:
        calls.append(("private", "-"))
        return b"private"

    module = SimpleNamespace(render_board=render_board, render_private=render_private)
    monkeypatch.setattr(render, "for_game", lambda game_id: module)
    return calls


async def test_the_board_is_drawn_in_the_language_asked_for(drawn: list[tuple[str, str]]) -> None:
    pictures = Pictures(_Service())  # type: ignore[arg-type]
    [greek] = await pictures.board(TABLE, "el")  # type: ignore[arg-type]
    [english] = await pictures.board(TABLE, "en")  # type: ignore[arg-type]
    assert greek.fp.read() == b"el" and english.fp.read() == b"en"
    assert drawn == [("board", "el"), ("board", "en")], "one picture per language, none shared"


async def test_a_renderer_without_words_is_called_without_a_locale(drawn: list[tuple[str, str]]) -> None:
    pictures = Pictures(_Service())  # type: ignore[arg-type]
    [picture] = await pictures.private(TABLE, 7, "el")  # type: ignore[arg-type]
    assert picture.fp.read() == b"private"


async def test_a_table_drawn_as_several_pictures_is_sent_as_all_of_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def board_pictures(view: Any, names: Any = (), *, locale: str = "en") -> list[bytes]:
        return [b"overview", b"empires", b"auction"]

    module = SimpleNamespace(board_pictures=board_pictures, render_board=lambda view, names=(): b"overview")
    monkeypatch.setattr(render, "for_game", lambda game_id: module)
    files = await Pictures(_Service()).board(TABLE, "en")  # type: ignore[arg-type]
    assert [f.fp.read() for f in files] == [b"overview", b"empires", b"auction"]
    assert [f.filename for f in files] == ["table-1-board.png", "table-1-board-2.png", "table-1-board-3.png"]


class _Moving:
    """A table whose view changes as its log grows."""

    def __init__(self) -> None:
        self.round = 1

    async def view_for(self, table_id: int, user_id: int | None) -> BoardView:
        return BoardView(game_id="sealed_bid", seat=None, view=_View(round=self.round))


def _drawing_rounds(
    monkeypatch: pytest.MonkeyPatch, calls: list[int], gate: threading.Event | None = None
) -> None:
    def render_board(view: Any, names: Any = ()) -> bytes:
        calls.append(view.round)
        if gate is not None:
            gate.wait(10)
        return f"round {view.round}".encode()

    module = SimpleNamespace(render_board=render_board, render_private=lambda view, seat, names=(): b"")
    monkeypatch.setattr(render, "for_game", lambda game_id: module)


async def test_a_kept_picture_is_never_one_of_an_earlier_state(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    _drawing_rounds(monkeypatch, calls)
    table = _Moving()
    pictures = Pictures(table)  # type: ignore[arg-type]
    [first] = await pictures.board(TABLE, "en")  # type: ignore[arg-type]
    table.round = 2
    [second] = await pictures.board(TABLE, "en")  # type: ignore[arg-type]
    assert (first.fp.read(), second.fp.read()) == (b"round 1", b"round 2")
    [again] = await pictures.board(TABLE, "en")  # type: ignore[arg-type]
    assert again.fp.read() == b"round 2" and calls == [1, 2], "the same state was drawn twice"


async def test_a_picture_asked_for_by_several_at_once_is_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    gate = threading.Event()
    _drawing_rounds(monkeypatch, calls, gate)
    pictures = Pictures(_Moving())  # type: ignore[arg-type]
    asked = [asyncio.create_task(pictures.board(TABLE, "en")) for _ in range(3)]  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    gate.set()
    drawn = await asyncio.gather(*asked)
    assert [files[0].fp.read() for files in drawn] == [b"round 1"] * 3
    assert calls == [1]


async def _busy_drawing(
    monkeypatch: pytest.MonkeyPatch, table: _Seated
) -> tuple[Pictures, list[str], threading.Event, asyncio.Task[Any]]:
    """Pictures of ``table`` whose renderers note what they draw, busy drawing round 1's board
    until the event returned is set."""
    calls: list[str] = []
    gate = threading.Event()

    def render_board(view: Any, names: Any = ()) -> bytes:
        calls.append(f"board {view.round}")
        if view.round == 1:
            gate.wait(10)
        return b"board"

    def render_private(view: Any, seat: int, names: Any = ()) -> bytes:
        calls.append("private")
        return b"private"

    module = SimpleNamespace(render_board=render_board, render_private=render_private)
    monkeypatch.setattr(render, "for_game", lambda game_id: module)
    pictures = Pictures(table)  # type: ignore[arg-type]
    busy = asyncio.create_task(pictures.board(TABLE, "en"))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    return pictures, calls, gate, busy


class _Seated(_Moving):
    """:class:`_Moving`, where a user sees their seat's view."""

    async def view_for(self, table_id: int, user_id: int | None) -> BoardView:
        seat = None if user_id is None else 0
        return BoardView(game_id="sealed_bid", seat=seat, view=_View(round=self.round))


async def test_a_panels_picture_that_nobody_shows_any_more_is_not_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pictures, calls, gate, busy = await _busy_drawing(monkeypatch, _Seated())
    panel = 77
    turn = await pictures.shown(panel, _no_edit)
    waiting = asyncio.create_task(
        pictures.private(TABLE, 7, "en", urgent=True, wanted=pictures.showing(panel, turn))  # type: ignore[arg-type]
    )
    await asyncio.sleep(0.05)
    await pictures.shown(panel, _no_edit)  # newer words on the panel: their own picture follows them
    gate.set()
    assert await waiting == []
    await busy
    assert calls == ["board 1"], "a picture nobody would see was drawn"
    assert (pictures.drawn, pictures.skipped) == (1, 1)


async def test_a_panels_picture_is_drawn_before_the_threads_waiting_ahead_of_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = _Seated()
    pictures, calls, gate, busy = await _busy_drawing(monkeypatch, table)
    table.round = 2
    board = asyncio.create_task(pictures.board(TABLE, "en"))  # type: ignore[arg-type]
    await asyncio.sleep(0.01)
    panel = asyncio.create_task(pictures.private(TABLE, 7, "en", urgent=True))  # type: ignore[arg-type]
    await asyncio.sleep(0.05)
    gate.set()
    await asyncio.gather(busy, board, panel)
    assert calls == ["board 1", "private", "board 2"]


async def _no_edit() -> None:
    """The panel's words, shown (nothing to send here)."""


async def test_a_picture_made_urgent_while_it_waits_is_drawn_once_by_several_drawers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    gate = threading.Event()
    _drawing_rounds(monkeypatch, calls, gate)
    pictures = Pictures(_Moving(), drawers=2)  # type: ignore[arg-type]
    later = asyncio.create_task(pictures.board(TABLE, "en"))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    key_again = asyncio.create_task(
        pictures._render(await _Moving().view_for(1, None), ("Ann", "Bo"), "table-1-board", "en", urgent=True)
    )
    await asyncio.sleep(0.05)  # both drawers busy: one drawing, the other free to take the second place
    gate.set()
    drawn = await asyncio.gather(later, key_again)
    assert [files[0].fp.read() for files in drawn] == [b"round 1"] * 2
    assert calls == [1], "one picture drawn twice"


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priorities here")
async def test_the_drawing_processes_yield_the_processor_to_the_bot() -> None:
    drawer = InProcesses(workers=1)
    try:
        niceness = drawer._started().submit(os.nice, 0).result(timeout=60)
    finally:
        await drawer.close()
    assert niceness == min(os.nice(0) + DRAWING_NICENESS, 19)


async def test_closing_the_drawing_processes_leaves_no_thread_for_the_exit_to_wake() -> None:
    drawer = InProcesses(workers=1)
    pool = drawer._started()
    pool.submit(os.getpid).result(timeout=60)
    manager = pool._executor_manager_thread  # type: ignore[attr-defined]
    assert manager is not None and manager.is_alive()
    await drawer.close()
    assert not manager.is_alive(), "the pool's manager thread outlives the close, racing the exit hook"
