"""Random seeded games keep the engine contract at every step (rules.core.conformance)."""

from __future__ import annotations

import pytest

from rules.ancient_world import ENGINE
from rules.core.conformance import check_games


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_contract(players: int) -> None:
    summary = check_games(ENGINE, players=players, games=1, seed=11, forced_answers_played=True)
    assert summary.games == 1


@pytest.mark.parametrize("options", [
    {"expand_plus": True, "voluntary_retire": True},
    {"grow_opens_round": 3, "citizen_symbol_available": True, "crane_waives_surcharge": True},
    {"retired_coins_to_bank": True, "auto_pass": False},
])
def test_table_options_keep_the_contract(options: dict[str, object]) -> None:
    summary = check_games(ENGINE, players=3, games=1, seed=5, options=options, every_option=False,
                          forced_answers_played=True)
    assert summary.games == 1


def test_greedy_games_ask_no_question_with_a_single_answer() -> None:
    summary = check_games(ENGINE, players=3, games=1, seed=101, bots="greedy", every_option=False,
                          forced_answers_played=True)
    assert summary.games == 1
