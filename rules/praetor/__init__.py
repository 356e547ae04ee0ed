"""Praetor (NSKN Games, 2014): build Segedunum and win Caesar's favour. 2–5 players.

``ENGINE`` plays with the shipped content; ``build_engine(directory)`` loads an owner's corrected
``praetor.json`` from ``directory`` (see ``data/FORMAT.md``), validated with clear errors.
"""

from __future__ import annotations

from pathlib import Path

from rules.praetor.content import DATA_FILE, ContentError, load_content
from rules.praetor.engine import Praetor


def build_engine(content_dir: Path | None = None) -> Praetor:
    """An engine over ``content_dir/praetor.json``, or the shipped content when absent.

    :raises ContentError: the file exists but is not valid Praetor content.
    """
    if content_dir is None:
        return Praetor()
    path = Path(content_dir) / DATA_FILE.name
    return Praetor(load_content(path) if path.is_file() else None)


ENGINE = Praetor()

__all__ = ["ENGINE", "ContentError", "Praetor", "build_engine", "load_content"]
