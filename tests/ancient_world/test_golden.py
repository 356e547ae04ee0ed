"""The engine still plays the golden playthroughs exactly (regenerate with
``python scripts/golden_ancient_world.py`` and review the diff when a change is intended)."""

from __future__ import annotations

import pytest

from tests.scripts import load

SCRIPT = load("golden_ancient_world")


@pytest.mark.parametrize("name", sorted(SCRIPT.GAMES))
def test_golden_playthrough_is_reproduced(name: str) -> None:
    players, seed, bots = SCRIPT.GAMES[name]
    expected = (SCRIPT.GOLDEN_DIR / f"{name}.txt").read_text("utf-8")
    actual = SCRIPT.playthrough(players, seed, bots)
    if actual != expected:
        got, want = actual.splitlines(), expected.splitlines()
        differing = (i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b)
        line = next(differing, min(len(got), len(want)))
        pytest.fail(f"{name} differs from line {line + 1}: {got[line] if line < len(got) else '(end)'!r}")
