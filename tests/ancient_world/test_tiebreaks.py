"""The tie-break order at equal Victory Points (spec I-32): coins in hand first, then built cards
(Empire, Districts, Titans), then knowledge. Each test's data gives a different winner under any
other order, so swapping two criteria fails it."""

from __future__ import annotations

from rules.ancient_world import ENGINE

from .helpers import new_game


def test_coins_break_a_tie_before_cards() -> None:
    state = new_game(2)
    state.over = True
    state.players[0].coins, state.players[1].coins = 5, 4
    state.players[1].districts = ["old_town"]  # more cards, fewer coins
    result = ENGINE.result(state)
    assert result is not None
    assert result.scores[0] == result.scores[1]
    assert result.ranks == {0: 1, 1: 2}


def test_cards_break_a_tie_before_knowledge() -> None:
    state = new_game(2)
    state.over = True
    state.players[0].coins = state.players[1].coins = 3
    state.players[0].districts = ["old_town"]
    state.players[1].knowledge = 3  # more knowledge, fewer cards
    result = ENGINE.result(state)
    assert result is not None
    assert result.scores[0] == result.scores[1]
    assert result.ranks == {0: 1, 1: 2}
