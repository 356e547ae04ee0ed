"""Setup (spec §4) and the turn-order phase (§6.1)."""

from __future__ import annotations

import pytest

from rules.core import InvalidAction
from rules.praetor import ENGINE
from rules.praetor.rounds import turn_order

CONTENT = ENGINE.content


def test_s1_three_player_setup() -> None:
    state = ENGINE.new_game(3, {}, 7)
    assert [p.favour for p in state.players] == [10, 9, 8]
    assert state.order == [2, 1, 0]
    for p in state.players:
        assert p.stock.as_dict() == {"gold": 10, "wood": 4, "stone": 3, "marble": 2, "weapons": 1}
        assert sorted(w.exp for w in p.workers) == [1, 2, 3]
        assert p.peasants == 5
        assert CONTENT.board(p.board).morale[p.morale] == 0
    assert [sum(1 for t in state.city if t.owner == s) for s in range(3)] == [1, 1, 1]
    assert len(state.available) == 4
    assert state.wall is not None
    assert CONTENT.tile(state.stack[0]).era == 1


def test_tiles_are_filtered_by_player_count_mark() -> None:
    for players in range(2, 6):
        state = ENGINE.new_game(players, {}, 1)
        in_play = [t.uid for t in state.city] + state.available + state.stack
        assert all(CONTENT.tile(u).min_players <= players for u in in_play)
        expected = sum(1 for t in CONTENT.city_tiles if t.min_players <= players and t.era > 0)
        assert len(state.available) + len(state.stack) == expected


def test_era_one_tiles_lie_over_era_two_tiles() -> None:
    state = ENGINE.new_game(4, {}, 3)
    eras = [CONTENT.tile(u).era for u in state.available + state.stack]
    assert eras == sorted(eras)


def test_all_fourteen_wall_tiles_are_used_at_every_count() -> None:
    state = ENGINE.new_game(2, {}, 3)
    assert len(state.walls) + 1 == 14


def test_the_shuffle_depends_on_the_seed_only() -> None:
    assert ENGINE.new_game(4, {}, 11).stack == ENGINE.new_game(4, {}, 11).stack
    assert ENGINE.new_game(4, {}, 11).stack != ENGINE.new_game(4, {}, 12).stack


def test_hard_variant_removes_every_market_tile() -> None:
    state = ENGINE.new_game(5, {"hard": True}, 3)
    in_play = [t.uid for t in state.city] + state.available + state.stack
    assert not [u for u in in_play if CONTENT.type_of(u).effect == "market"]


def test_expert_variant_needs_three_players() -> None:
    with pytest.raises(InvalidAction):
        ENGINE.new_game(2, {"expert": True}, 1)
    assert ENGINE.new_game(3, {"expert": True}, 1).options.expert


def test_board_sides_are_chosen_per_seat() -> None:
    state = ENGINE.new_game(3, {"boards": ["B2", "A", "B5"]}, 1)
    assert [p.board for p in state.players] == ["B2", "A", "B5"]
    assert CONTENT.board("B2").morale[state.players[0].morale] == 0
    with pytest.raises(InvalidAction):
        ENGINE.new_game(3, {"boards": ["Z9"]}, 1)


def test_s7_turn_order_ties_put_the_latest_arrival_first() -> None:
    state = ENGINE.new_game(3, {}, 1)
    yellow, blue, purple = state.players
    yellow.favour, blue.favour, purple.favour = 69, 66, 66
    blue.moved, purple.moved, yellow.moved = 5, 9, 7
    assert turn_order(state) == [2, 1, 0]


def test_turn_order_is_least_favour_first() -> None:
    state = ENGINE.new_game(4, {}, 1)
    for seat, favour in enumerate((30, 12, 50, 20)):
        state.players[seat].favour = favour
    assert turn_order(state) == [1, 3, 0, 2]
