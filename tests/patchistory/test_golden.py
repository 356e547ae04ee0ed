"""The engine reproduces the golden playthroughs written by ``scripts/golden_patchistory.py``."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).parents[2] / "scripts" / "golden_patchistory.py"


def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_patchistory", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GOLDEN = script()


@pytest.mark.parametrize("name", sorted(GOLDEN.GAMES))
def test_the_engine_reproduces_the_golden_playthrough(name: str) -> None:
    players, seed = GOLDEN.GAMES[name]
    expected = (GOLDEN.GOLDEN_DIR / name).read_text("utf-8")
    assert GOLDEN.playthrough(players, seed) == expected
