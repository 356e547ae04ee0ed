"""The engine still plays the golden games exactly (regenerate: scripts/golden_rftg.py)."""

from __future__ import annotations

import pytest

from tests.scripts import load

GOLDEN = load("golden_rftg")


@pytest.mark.parametrize(("players", "seed"), GOLDEN.GAMES)
def test_golden_playthrough_is_reproduced(players: int, seed: int) -> None:
    expected = GOLDEN.path(players, seed).read_text("utf-8")
    assert GOLDEN.playthrough(players, seed) == expected
