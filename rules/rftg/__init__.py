"""Roll for the Galaxy for 2–5 players (spec: shared/rules/roll_for_the_galaxy.md).

``ENGINE`` plays with the shipped content; ``build_engine(content_dir)`` with an owner's corrected
``tiles.json``.
"""

from __future__ import annotations

from pathlib import Path

from rules.rftg.content import load_content
from rules.rftg.engine import RollForTheGalaxy


def build_engine(content_dir: Path | None = None) -> RollForTheGalaxy:
    """An engine whose tiles come from ``content_dir/tiles.json`` (the shipped file when ``None``)."""
    return RollForTheGalaxy(load_content(content_dir))


ENGINE = RollForTheGalaxy()

__all__ = ["ENGINE", "RollForTheGalaxy", "build_engine"]
