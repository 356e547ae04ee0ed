"""Pillow pictures of what a seat may see: one module per game over the shared :mod:`render.kit`.

A renderer is a pure function of a view: ``render_board(view, ...) -> bytes`` (PNG). Same view,
same bytes. The bot calls renderers in a worker process (or thread), never on the event loop.

A picture is never taller than 1.6 times its width (a phone shows it whole): a game whose table
does not fit one such picture draws it as several, sent together; :func:`pictures` gives them all.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence
from functools import cache
from types import ModuleType
from typing import Any


def for_game(game_id: str) -> ModuleType | None:
    """The renderer module ``render.<game_id>``, or ``None`` if the game has no pictures yet.

    A renderer module exposes ``render_board(view, names=()) -> bytes`` (the public picture, from
    the spectator view) and ``render_private(view, seat, names=()) -> bytes`` (one seat's private
    picture); ``names`` are the players' names in seat order, shown instead of ``Seat N``. A module
    whose table takes several pictures also exposes ``board_pictures(view, names=())`` and
    ``private_pictures(view, seat, names=())``, each a list of PNGs in the order they are shown
    (its ``render_board`` and ``render_private`` give the first of them).
    """
    try:
        return importlib.import_module(f"render.{game_id}")
    except ModuleNotFoundError as exc:
        if exc.name == f"render.{game_id}":
            return None
        raise


def pictures(
    module: ModuleType, view: Any, seat: int | None, names: Sequence[str] = (), locale: str = "en"
) -> list[bytes]:
    """Every picture of ``view``: the public board's when ``seat`` is ``None``, else that seat's
    private pictures; the words in ``locale`` where the renderer draws words of the catalogues (one
    that draws none is called without it)."""
    if seat is None:
        many = getattr(module, "board_pictures", None)
        one = module.render_board
        args: tuple[Any, ...] = (view, names)
    else:
        many = getattr(module, "private_pictures", None)
        one = module.render_private
        args = (view, seat, names)
    if many is not None:
        return list(_in_language(many, locale)(*args))
    return [_in_language(one, locale)(*args)]


def drawn(
    game_id: str, view: Any, seat: int | None, names: Sequence[str] = (), locale: str = "en"
) -> list[bytes]:
    """:func:`pictures` by game ``game_id``'s renderer (none without one): what a process that draws
    for the bot is asked for (everything it takes and gives can be pickled)."""
    module = for_game(game_id)
    return [] if module is None else pictures(module, view, seat, names, locale)


def load(game_ids: Sequence[str]) -> list[str]:
    """Import the renderers of ``game_ids`` (a process that draws, started ahead of its first
    picture); the games that have one."""
    return [game_id for game_id in game_ids if for_game(game_id) is not None]


def _in_language(renderer: Callable[..., Any], locale: str) -> Callable[..., Any]:
    if not _takes_locale(renderer):
        return renderer

    def draw(*args: Any) -> Any:
        return renderer(*args, locale=locale)

    return draw


@cache
def _takes_locale(renderer: Callable[..., Any]) -> bool:
    """Whether ``renderer`` draws words of the catalogues (takes a ``locale``), told once for each."""
    return "locale" in inspect.signature(renderer).parameters
