"""The engine still plays the golden games exactly (regenerate: scripts/golden_rftg.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "golden_rftg.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_rftg", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GOLDEN = _script()


@pytest.mark.parametrize(("players", "seed"), GOLDEN.GAMES)
def test_golden_playthrough_is_reproduced(players: int, seed: int) -> None:
    expected = GOLDEN.path(players, seed).read_text("utf-8")
    assert GOLDEN.playthrough(players, seed) == expected
