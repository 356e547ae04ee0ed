"""The greedy player takes a seat, plays legal moves to the end, and beats the random one."""

from __future__ import annotations

import pytest

from rules.core.conformance import check_games
from rules.patchistory import ENGINE


def test_the_engine_offers_random_and_greedy_bots() -> None:
    assert set(ENGINE.bots()) == {"random", "greedy"}


@pytest.mark.slow
@pytest.mark.parametrize("lineup", ["greedy,random", "random,greedy"])
def test_greedy_beats_random_in_two_player_selfplay(lineup: str) -> None:
    summary = check_games(
        ENGINE, players=2, games=1, seed=100, bots=lineup, every_option=False, secrets_every=10**6
    )
    assert summary.wins == {"greedy": 1.0}
