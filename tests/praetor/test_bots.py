"""The engine offers a random and a greedy bot, and the greedy one beats the random one."""

from __future__ import annotations

from rules.core.conformance import check_games
from rules.praetor import ENGINE
from rules.praetor.bots import GreedyBot, standing


def test_the_engine_offers_random_and_greedy_bots() -> None:
    assert set(ENGINE.bots()) == {"random", "greedy"}
    assert isinstance(ENGINE.bots()["greedy"], GreedyBot)


def test_greedy_beats_random_over_seeded_games() -> None:
    wins = 0.0
    for players in (2, 3):
        summary = check_games(ENGINE, players=players, games=3, seed=100, bots="greedy,random",
                              every_option=False, secrets_every=50)
        wins += summary.wins.get("greedy", 0.0)
    assert wins >= 5


def test_standing_counts_a_shortfall_against_the_coming_upkeep() -> None:
    state = ENGINE.new_game(2, {}, 1)
    rich = standing(ENGINE.content, state, 0)
    state.players[0].stock.gold = 0
    assert standing(ENGINE.content, state, 0) < rich - 3 * 3
