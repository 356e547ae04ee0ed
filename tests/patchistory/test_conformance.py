"""Random selfplay through the shared conformance kit: legal options apply, illegal ones are refused
with the state untouched, replay, JSON round-trips, secrets and the end of the game."""

from __future__ import annotations

import pytest

from rules.core.conformance import check_games
from rules.patchistory import ENGINE


@pytest.mark.slow
@pytest.mark.parametrize(("players", "secrets_every"), [(2, 3), (3, 9), (4, 25)])
def test_random_games_pass_the_conformance_kit(players: int, secrets_every: int) -> None:
    summary = check_games(
        ENGINE, players=players, games=1, seed=11, every_option=False, secrets_every=secrets_every
    )
    assert summary.games == 1


def test_liberty_capitals_pass_the_conformance_kit() -> None:
    summary = check_games(
        ENGINE,
        players=2,
        games=1,
        seed=5,
        every_option=False,
        secrets_every=4,
        options={"capital_side": "liberty"},
    )
    assert summary.games == 1


def test_every_option_of_every_prompt_applies_in_a_two_player_game() -> None:
    summary = check_games(ENGINE, players=2, games=1, seed=31, every_option=True, secrets_every=5)
    assert summary.games == 1
