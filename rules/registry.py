"""The games Agora knows, by id.

Shipped games are listed in :data:`GAMES` and imported on first use, so one game's import error
never takes the others down. Each game package exposes ``ENGINE`` (with its shipped content) and,
where its content can be corrected by an owner of the physical game, ``build_engine(content_dir)``.
Tests may :func:`register` an engine of their own.
"""

from __future__ import annotations

import importlib
import logging
from pathlib import Path
from typing import Any

from rules.core.engine import Engine

GAMES: dict[str, str] = {
    "rftg": "rules.rftg",
    "ancient_world": "rules.ancient_world",
    "praetor": "rules.praetor",
    "patchistory": "rules.patchistory",
}
"""Game id → the package whose ``ENGINE`` attribute is its engine."""

ALIASES: dict[str, str] = {
    "roll_for_the_galaxy": "rftg",
    "roll-for-the-galaxy": "rftg",
    "the_ancient_world": "ancient_world",
    "taw": "ancient_world",
}

_log = logging.getLogger(__name__)
_registered: dict[str, Engine[Any, Any]] = {}
_content_dir: Path | None = None


def set_content_dir(directory: Path | None) -> None:
    """Load games' content from ``directory/<game id>/`` where it exists (owners' corrections).

    A game package exposes ``build_engine(content_dir)``; a game without a folder there keeps its
    shipped content. Engines already built are rebuilt on next use.
    """
    global _content_dir
    _content_dir = directory
    for gid in GAMES:
        _registered.pop(gid, None)


class UnknownGame(LookupError):
    """No game with that id is available."""


def register(engine: Engine[Any, Any]) -> None:
    """Make ``engine`` available under its ``info.id`` (tests use this for fixture games)."""
    _registered[engine.info.id] = engine


def unregister(game_id: str) -> None:
    """Forget an engine added with :func:`register`."""
    _registered.pop(game_id, None)


def get(game_id: str) -> Engine[Any, Any]:
    """The engine for ``game_id`` (or an alias).

    :raises UnknownGame: with the list of available games.
    """
    gid = ALIASES.get(game_id, game_id)
    if gid in _registered:
        return _registered[gid]
    if gid in GAMES:
        try:
            module = importlib.import_module(GAMES[gid])
        except ModuleNotFoundError as exc:
            if exc.name and GAMES[gid].startswith(exc.name):
                raise UnknownGame(f"{gid!r} is not available yet.") from exc
            raise
        if not hasattr(module, "ENGINE"):
            raise UnknownGame(f"{gid!r} is not available yet.")
        folder = _content_dir / gid if _content_dir else None
        if folder is not None and folder.is_dir() and hasattr(module, "build_engine"):
            engine: Engine[Any, Any] = module.build_engine(folder)
        else:
            engine = module.ENGINE
        _registered[gid] = engine
        return engine
    known = ", ".join(available()) or "none"
    raise UnknownGame(f"No game {game_id!r}. Available: {known}.")


def available() -> list[str]:
    """Ids of every game that can be played now, shipped or registered."""
    ids = []
    for gid in list(GAMES) + [g for g in _registered if g not in GAMES]:
        try:
            get(gid)
        except UnknownGame:
            continue
        except Exception:  # a broken game must not hide the others; get() still raises it
            _log.exception("game %s failed to load", gid)
            continue
        ids.append(gid)
    return ids
