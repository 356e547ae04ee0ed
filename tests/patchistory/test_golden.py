"""The engine reproduces the golden playthroughs written by ``scripts/golden_patchistory.py``."""

from __future__ import annotations

import pytest

from tests.scripts import load

GOLDEN = load("golden_patchistory")


@pytest.mark.parametrize("name", sorted(GOLDEN.GAMES))
def test_the_engine_reproduces_the_golden_playthrough(name: str) -> None:
    players, seed = GOLDEN.GAMES[name]
    expected = (GOLDEN.GOLDEN_DIR / name).read_text("utf-8")
    assert GOLDEN.playthrough(players, seed) == expected
