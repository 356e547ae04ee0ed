"""Pillow pictures of what a seat may see: one module per game over the shared :mod:`render.kit`.

A renderer is a pure function of a view: ``render_board(view, ...) -> bytes`` (PNG). Same view,
same bytes. The bot calls renderers in a worker thread, never on the event loop.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def for_game(game_id: str) -> ModuleType | None:
    """The renderer module ``render.<game_id>``, or ``None`` if the game has no pictures yet.

    A renderer module exposes ``render_board(view, names=()) -> bytes`` (the public picture, from
    the spectator view) and ``render_private(view, seat, names=()) -> bytes`` (one seat's private
    picture); ``names`` are the players' names in seat order, shown instead of ``Seat N``.
    """
    try:
        return importlib.import_module(f"render.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"render.{game_id}":
            return None
        raise
