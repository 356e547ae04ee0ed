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
        ENGINE,
        players=players,
        games=1,
        seed=11,
        every_option=False,
        secrets_every=secrets_every,
        forced_answers_played=True,
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
        forced_answers_played=True,
    )
    assert summary.games == 1


def test_every_option_of_every_prompt_applies_in_a_two_player_game() -> None:
    summary = check_games(
        ENGINE, players=2, games=1, seed=31, every_option=True, secrets_every=5, forced_answers_played=True
    )
    assert summary.games == 1


NON_DEFAULT_OPTIONS = {
    "capital_side": "liberty",
    "first_tile_white": False,
    "buyer_keeps_shown_side": False,
    "unpatched_tiles": "game",
    "two_player_both_pay": False,
    "broke_conversion_culture": 5,
    "broke_short_culture_gets_coin": False,
    "break_alliance_gives_votes": False,
    "unspent_pp_lost": False,
    "sea_over_land": False,
    "sea_adjacency_diagonal": True,
    "patch_between_building": False,
    "build_over_tiles": False,
    "attack_without_preparation": False,
    "vasco_mandatory": False,
    "great_victory_margin": 3,
    "great_victory_steal": 10,
    "discard_all_tied_lowest": False,
    "aid_block_on_accept_only": False,
    "alliance_rest_at_t0": False,
    "administration_in_turn_order": True,
    "movement_in_turn_order": True,
    "two_player_patch_in_turn_order": False,
    "military_card_counts_military_only": False,
}
"""Every table option set against the spec's choice at once."""


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_games_with_every_option_changed_pass_the_conformance_kit(players: int) -> None:
    summary = check_games(
        ENGINE,
        players=players,
        games=2,
        seed=3,
        every_option=False,
        secrets_every=25,
        options=NON_DEFAULT_OPTIONS,
        forced_answers_played=True,
    )
    assert summary.games == 2
