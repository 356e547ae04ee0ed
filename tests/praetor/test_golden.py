"""The engine still plays the golden playthroughs of tests/golden/praetor/ move for move."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_praetor", ROOT / "scripts" / "golden_praetor.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()


@pytest.mark.parametrize("name", sorted(SCRIPT.GAMES))
def test_golden_playthrough_is_reproduced(name: str) -> None:
    players, seed, bots, options = SCRIPT.GAMES[name]
    expected = (SCRIPT.GOLDEN / f"{name}.txt").read_text("utf-8")
    assert SCRIPT.playthrough(players, seed, bots, options) == expected


def test_golden_games_end_with_a_final_score() -> None:
    for name in SCRIPT.GAMES:
        text = (SCRIPT.GOLDEN / f"{name}.txt").read_text("utf-8")
        assert "== final" in text and "rank 1" in text
