"""The Ancient World (Red Raven Games, 1st edition): 2–4 players, 6 rounds of worker placement,
Empire building and Titan hunting. Rules: shared/rules/the_ancient_world.md.

``ENGINE`` plays with the shipped content; :func:`build_engine` loads an owner's corrected
``cards.json`` from another folder (see ``content/README.md``).
"""

from __future__ import annotations

from pathlib import Path

from rules.ancient_world.content import load_content
from rules.ancient_world.engine import AncientWorld


def build_engine(content_dir: Path | None = None) -> AncientWorld:
    """An engine on the content of ``content_dir`` (the shipped content when ``None``).

    :raises ContentError: with a sentence per problem when the file is not valid.
    """
    return AncientWorld(load_content(content_dir))


ENGINE = build_engine()

__all__ = ["ENGINE", "AncientWorld", "build_engine"]
