"""Random selfplay keeps the engine contract for every player count (rules.core.conformance)."""

from __future__ import annotations

import pytest

from rules.core.conformance import check_games
from rules.rftg import ENGINE


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_contract(players: int) -> None:
    summary = check_games(ENGINE, players=players, games=1, seed=100 + players, every_option=False,
                          secrets_every=10, forced_answers_played=True)
    assert summary.games == 1


def test_first_game_option_keeps_the_contract() -> None:
    summary = check_games(ENGINE, players=2, games=1, seed=7, every_option=False, secrets_every=9,
                          options={"first_game": True}, forced_answers_played=True)
    assert summary.games == 1
