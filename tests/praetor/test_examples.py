"""The worked examples of spec §12 (S2–S16), one behaviour per test."""

from __future__ import annotations

from typing import Any

import pytest

from rules.core import RuleError
from rules.praetor import ENGINE
from rules.praetor.actions import Academy, Activate, Build, Emergency, Pass
from rules.praetor.rounds import upkeep
from rules.praetor.scoring import final_scoring, majority
from rules.praetor.state import State, Stock, Worker
from tests.praetor.helpers import (
    ACADEMY,
    BLUE,
    CAMP,
    ENCAMPMENT,
    MARBLE_QUARRY,
    MINES,
    OUTPOST,
    PURPLE,
    SAWMILL,
    WHITE,
    YELLOW,
    engine_with,
    give_turn,
    keys,
    play,
    set_city,
    set_workers,
    table,
)

UPPER, RIGHT, DIAGONAL = "C10", "C11", "C12"


def _corners(data: dict[str, Any]) -> None:
    tiles = {t["uid"]: t for t in data["city_tiles"]}
    tiles[SAWMILL]["corners"] = {"NW": "a", "NE": "b", "SW": "c", "SE": "d"}
    tiles[UPPER]["corners"] = {"NW": "c", "NE": "d", "SW": "a", "SE": "b"}
    tiles[RIGHT]["corners"] = {"NW": "b", "NE": "c", "SW": "a", "SE": "c"}
    tiles[DIAGONAL]["corners"] = {"NW": "c", "NE": "c", "SW": "b", "SE": "c"}


SQUARES = engine_with(_corners)


def _sawmill_table(*, diagonal: bool = False, **options: Any) -> State:
    state = table(SQUARES, 3, **options)
    tiles = [(UPPER, 0, 1, None), (RIGHT, 1, 0, None)] + ([(DIAGONAL, 1, 1, None)] if diagonal else [])
    set_city(state, *tiles)
    state.available = [SAWMILL]
    give_turn(state, YELLOW)
    set_workers(state, YELLOW, 3)
    return state


def test_s2_yellow_builds_the_sawmill_for_4_favour() -> None:
    state = _sawmill_table()
    before = state.players[YELLOW].model_copy(deep=True)
    state, events = SQUARES.apply(state, YELLOW, Build(tile=SAWMILL, exp=3, x=0, y=0))
    yellow = state.players[YELLOW]
    assert yellow.stock.gold == before.stock.gold - 2
    assert yellow.favour == before.favour + 4
    assert [t.owner for t in state.city if t.uid == SAWMILL] == [YELLOW]
    assert [(w.on, w.task) for w in yellow.workers] == [(SAWMILL, "build")]
    assert keys(events)[0] == "praetor.ev.built"


def test_s2_the_square_bonus_is_one_favour_move() -> None:
    state = _sawmill_table()
    moves = state.moves
    state, _ = SQUARES.apply(state, YELLOW, Build(tile=SAWMILL, exp=3, x=0, y=0))
    assert state.moves == moves + 1


def test_s2_the_builder_gains_one_experience_at_the_update() -> None:
    state = _sawmill_table()
    for seat in (BLUE, PURPLE):
        state.players[seat].passed = True
    state, _ = SQUARES.apply(state, YELLOW, Build(tile=SAWMILL, exp=3, x=0, y=0))
    assert state.round == 2
    assert [w.exp for w in state.players[YELLOW].workers] == [4]


def test_s2_building_without_2_gold_is_illegal() -> None:
    state = _sawmill_table()
    state.players[YELLOW].stock.gold = 1
    with pytest.raises(RuleError, match="costs 2 gold"):
        SQUARES.apply(state, YELLOW, Build(tile=SAWMILL, exp=3, x=0, y=0))


def test_s2_a_tile_must_share_an_edge_with_the_city() -> None:
    state = _sawmill_table()
    with pytest.raises(RuleError, match="sharing an edge"):
        SQUARES.apply(state, YELLOW, Build(tile=SAWMILL, exp=3, x=2, y=2))
    with pytest.raises(RuleError, match="sharing an edge"):
        SQUARES.apply(state, YELLOW, Build(tile=SAWMILL, exp=3, x=0, y=1))


@pytest.mark.parametrize(("diagonal_matches", "favour"), [(True, 5), (False, 4)])
def test_s2b_the_diagonal_tile_counts_only_with_diagonal_matches(diagonal_matches: bool, favour: int) -> None:
    state = _sawmill_table(diagonal=True, diagonal_matches=diagonal_matches)
    before = state.players[YELLOW].favour
    state, _ = SQUARES.apply(state, YELLOW, Build(tile=SAWMILL, exp=3, x=0, y=0))
    assert state.players[YELLOW].favour - before == favour


def _sawmill_built() -> State:
    state = table(ENGINE, 3)
    set_city(state, (CAMP, 0, 0, None), (OUTPOST, -1, 0, None), (SAWMILL, 1, 0, YELLOW),
             (MINES[1], 0, -1, BLUE), (MINES[2], 0, 1, PURPLE), (MARBLE_QUARRY, 2, 0, YELLOW),
             (ENCAMPMENT, -1, 1, BLUE))
    return state


def test_s3_purple_pays_yellow_1_gold_and_gains_3_wood_at_the_sawmill() -> None:
    state = _sawmill_built()
    give_turn(state, PURPLE)
    set_workers(state, PURPLE, 3)
    purple, yellow = state.players[PURPLE].stock.model_copy(), state.players[YELLOW].stock.model_copy()
    state, _ = ENGINE.apply(state, PURPLE, Activate(tile=SAWMILL, exp=3))
    assert state.players[PURPLE].stock.gold == purple.gold - 1
    assert state.players[PURPLE].stock.wood == purple.wood + 3
    assert state.players[YELLOW].stock.gold == yellow.gold + 1
    assert [t.activated for t in state.city if t.uid == SAWMILL] == [True]


def test_s3_an_activation_cost_must_be_paid_before_the_benefit() -> None:
    state = _sawmill_built()
    give_turn(state, PURPLE)
    state.players[PURPLE].stock.gold = 0
    with pytest.raises(RuleError, match="costs 1 gold"):
        ENGINE.apply(state, PURPLE, Activate(tile=SAWMILL, exp=3))


def test_s4_white_takes_a_wall_tile_at_the_outpost_for_10_favour() -> None:
    state = table(ENGINE, 4)
    state.wall = next(w.uid for w in ENGINE.content.wall_tiles if w.favour == 10)
    give_turn(state, WHITE)
    white = state.players[WHITE]
    white.stock.marble, white.stock.weapons = 2, 2
    set_workers(state, WHITE, 2)
    before, gold = white.favour, white.stock.gold
    state, _ = ENGINE.apply(state, WHITE, Activate(tile=OUTPOST, exp=2))
    white = state.players[WHITE]
    assert white.favour - before == 10
    assert (white.stock.marble, white.stock.weapons, white.stock.gold) == (0, 0, gold)
    assert len(white.walls) == 1
    assert state.wall is None


def test_s4_no_second_wall_tile_in_a_round() -> None:
    state = table(ENGINE, 4)
    state.wall = None
    give_turn(state, WHITE)
    with pytest.raises(RuleError, match="No wall tile"):
        ENGINE.apply(state, WHITE, Activate(tile=OUTPOST, exp=2))


def test_s5_a_tile_activated_this_round_cannot_be_activated_again() -> None:
    state = _sawmill_built()
    give_turn(state, PURPLE)
    state, _ = ENGINE.apply(state, PURPLE, Activate(tile=SAWMILL, exp=3))
    give_turn(state, BLUE)
    with pytest.raises(RuleError, match="activated this round"):
        ENGINE.apply(state, BLUE, Activate(tile=SAWMILL, exp=3))


def test_s5_blue_activates_his_own_gold_mine_free_for_3_gold() -> None:
    state = _sawmill_built()
    give_turn(state, BLUE)
    gold = state.players[BLUE].stock.gold
    state, _ = ENGINE.apply(state, BLUE, Activate(tile=MINES[1], exp=3))
    assert state.players[BLUE].stock.gold == gold + 3


def _encampment_round() -> State:
    state = _sawmill_built()
    for seat in (PURPLE, BLUE):
        state.players[seat].retired = 1
    give_turn(state, PURPLE)
    return state


def test_s6_purple_pays_blue_a_weapon_and_sends_a_retired_worker_to_his_gold_mine() -> None:
    state = _encampment_round()
    purple = state.players[PURPLE]
    gold, weapons, pool = purple.stock.gold, purple.stock.weapons, purple.pool()
    blue_weapons = state.players[BLUE].stock.weapons
    state, _ = ENGINE.apply(state, PURPLE, Activate(tile=MINES[2], exp=6, via=ENCAMPMENT))
    purple = state.players[PURPLE]
    assert (purple.stock.gold, purple.stock.weapons) == (gold + 6, weapons - 1)
    assert state.players[BLUE].stock.weapons == blue_weapons + 1
    assert purple.pool() == pool
    assert (purple.retired, purple.lent) == (0, [MINES[2]])


def test_s6_the_retired_worker_returns_in_the_update_without_experience() -> None:
    state = _encampment_round()
    for seat in (YELLOW, BLUE):
        state.players[seat].passed = True
    state.players[PURPLE].workers, state.players[PURPLE].peasants = [], 0
    state.options = state.options.model_copy(update={"special_actions_without_workers": True})
    state, _ = ENGINE.apply(state, PURPLE, Activate(tile=MINES[2], exp=6, via=ENCAMPMENT))
    assert state.round == 2
    assert (state.players[PURPLE].retired, state.players[PURPLE].lent) == (1, [])


def test_s6_blue_uses_his_own_encampment_free_at_yellows_marble_quarry() -> None:
    state = _encampment_round()
    state, _ = ENGINE.apply(state, PURPLE, Activate(tile=MINES[2], exp=6, via=ENCAMPMENT))
    give_turn(state, BLUE)
    blue = state.players[BLUE].stock.model_copy()
    yellow_gold = state.players[YELLOW].stock.gold
    state, _ = ENGINE.apply(state, BLUE, Activate(tile=MARBLE_QUARRY, exp=6, via=ENCAMPMENT))
    after = state.players[BLUE].stock
    assert (after.marble, after.gold, after.weapons) == (blue.marble + 6, blue.gold - 1, blue.weapons)
    assert state.players[YELLOW].stock.gold == yellow_gold + 1


def test_s6_a_special_tile_is_once_per_player_per_round() -> None:
    state = _encampment_round()
    state.players[PURPLE].retired = 2
    state, _ = ENGINE.apply(state, PURPLE, Activate(tile=MINES[2], exp=6, via=ENCAMPMENT))
    give_turn(state, PURPLE)
    with pytest.raises(RuleError, match="used this special tile"):
        ENGINE.apply(state, PURPLE, Activate(tile=SAWMILL, exp=6, via=ENCAMPMENT))


def test_s6_the_encampment_needs_a_retired_worker() -> None:
    state = _encampment_round()
    state.players[PURPLE].retired = 0
    with pytest.raises(RuleError, match="needs a retired worker"):
        ENGINE.apply(state, PURPLE, Activate(tile=MINES[2], exp=6, via=ENCAMPMENT))


def test_s6_the_marble_quarry_used_through_the_encampment_is_spent_for_the_round() -> None:
    state = _encampment_round()
    state, _ = ENGINE.apply(state, PURPLE, Activate(tile=MARBLE_QUARRY, exp=6, via=ENCAMPMENT))
    give_turn(state, BLUE)
    with pytest.raises(RuleError, match="activated this round"):
        ENGINE.apply(state, BLUE, Activate(tile=MARBLE_QUARRY, exp=3))


def test_s8_purples_full_update_phase_ends_at_morale_4() -> None:
    state = table(ENGINE, 3, seed=2)
    set_city(state, (CAMP, 0, 0, None), (OUTPOST, -1, 0, None), (SAWMILL, 1, 0, PURPLE),
             (MARBLE_QUARRY, 2, 0, YELLOW), (ENCAMPMENT, 0, -1, BLUE), (ACADEMY, 0, 1, YELLOW),
             (MINES[0], 1, 1, YELLOW), (MINES[1], -1, -1, BLUE), (MINES[2], 1, -1, PURPLE))
    state.stack = [u for u in state.stack if ENGINE.content.tile(u).era == 1]
    state.wall = next(w.uid for w in ENGINE.content.wall_tiles if w.favour == 10)
    purple = state.players[PURPLE]
    set_workers(state, PURPLE, 1, 2, 5)
    purple.retired, purple.peasants = 1, 4
    purple.morale = ENGINE.content.board("A").morale.index(9)
    purple.stock.gold, purple.stock.marble, purple.stock.weapons, purple.stock.stone = 4, 2, 3, 3
    for seat in (YELLOW, BLUE):
        state.players[seat].passed = True
    give_turn(state, PURPLE)
    favour = purple.favour
    state, _ = play(ENGINE, state, PURPLE, Activate(tile=CAMP, exp=1), Activate(tile=OUTPOST, exp=2),
                    Activate(tile=MARBLE_QUARRY, exp=6, via=ENCAMPMENT), Activate(tile=SAWMILL, exp=5))
    assert state.phase == "academy"
    yellow_stone = state.players[YELLOW].stock.stone
    state, _ = ENGINE.apply(state, PURPLE, Academy(skip=True, pay_to=YELLOW))
    purple = state.players[PURPLE]
    assert sorted(w.exp for w in purple.workers) == [1, 1, 2]
    assert (purple.retired, purple.peasants, purple.level1, purple.level2) == (2, 3, 0, 0)
    assert purple.dice() == 8
    assert purple.stock.gold == 0
    assert ENGINE.content.board("A").morale[purple.morale] == 4
    assert purple.favour - favour == 10 + 12
    assert (purple.stock.stone, state.players[YELLOW].stock.stone) == (2, yellow_stone + 1)
    assert (purple.stock.marble, purple.stock.wood) == (6, 4 + 5)


def test_s8_retirement_gives_8_favour_in_era_two() -> None:
    state = table(ENGINE, 2)
    state.stack = [u for u in state.stack if ENGINE.content.tile(u).era == 2]
    set_workers(state, YELLOW, 5)
    give_turn(state, YELLOW)
    state.players[BLUE].passed = True
    state.players[YELLOW].workers[0] = Worker(exp=5, on=SAWMILL, task="red")
    favour = state.players[YELLOW].favour
    state, events = ENGINE.apply(state, YELLOW, Pass())
    assert "praetor.ev.retired" in keys(events)
    assert state.players[YELLOW].retired == 1
    assert state.players[YELLOW].favour == favour + 8


def test_s9_at_the_lowest_morale_each_missing_gold_costs_5_favour_down_to_0() -> None:
    state = table(ENGINE, 2)
    yellow = state.players[YELLOW]
    yellow.morale, yellow.favour, yellow.stock.gold = 0, 7, 0
    set_workers(state, YELLOW, 1, 2)
    upkeep(ENGINE.content, state, YELLOW)
    assert (yellow.favour, yellow.morale) == (0, 0)


def test_s9_missing_gold_first_moves_morale_down() -> None:
    state = table(ENGINE, 2)
    yellow = state.players[YELLOW]
    yellow.morale, yellow.favour, yellow.stock.gold = 1, 20, 0
    set_workers(state, YELLOW, 1, 2)
    upkeep(ENGINE.content, state, YELLOW)
    assert (yellow.morale, yellow.favour) == (0, 15)


def _all_pass(state: State) -> State:
    """Every seat passes until this round's actions are over."""
    start = state.round
    while state.phase == "actions" and state.round == start:
        seat = state.order[state.turn]
        state, _ = ENGINE.apply(state, seat, Pass())
    return state


def test_s10_emergency_worker_for_5_favour() -> None:
    state = table(ENGINE, 2)
    set_workers(state, YELLOW)
    state.players[YELLOW].favour = 12
    state = _all_pass(state)
    assert state.phase == "emergency"
    assert set(ENGINE.pending(state)) == {YELLOW}
    state, _ = ENGINE.apply(state, YELLOW, Emergency(hire=True))
    yellow = state.players[YELLOW]
    assert ([w.exp for w in yellow.workers], yellow.favour, yellow.peasants) == ([1], 7, 4)


def test_s10_no_emergency_worker_below_5_favour() -> None:
    state = table(ENGINE, 2)
    set_workers(state, YELLOW)
    state.players[YELLOW].favour = 4
    state = _all_pass(state)
    assert state.round == 2


def test_s11_the_academy_owner_sends_level_one_apprentices_to_active_free() -> None:
    state = table(ENGINE, 2)
    state.city.append(state.city[0].model_copy(update={"uid": ACADEMY, "x": 5, "y": 5, "owner": YELLOW}))
    state.players[YELLOW].level1, state.players[YELLOW].peasants = 2, 3
    stone = state.players[YELLOW].stock.stone
    state = _all_pass(state)
    state, _ = ENGINE.apply(state, YELLOW, Academy(skip=True))
    yellow = state.players[YELLOW]
    assert (len(yellow.workers), yellow.level1, yellow.level2, yellow.stock.stone) == (5, 0, 0, stone)


def test_apprentices_without_academy_advance_one_level() -> None:
    state = table(ENGINE, 2)
    state.players[YELLOW].level1, state.players[YELLOW].level2, state.players[YELLOW].peasants = 1, 1, 3
    state = _all_pass(state)
    yellow = state.players[YELLOW]
    assert (len(yellow.workers), yellow.level1, yellow.level2) == (4, 0, 1)


def test_s12_wall_back_bonus_adds_every_held_back() -> None:
    def walls(data: dict[str, Any]) -> None:
        data["wall_tiles"][1].update(back=2)
        data["wall_tiles"][2].update(back=3)
        data["wall_tiles"][3].update(favour=8, demand={"gold": 1})

    engine = engine_with(walls)
    state = table(engine, 2)
    state.players[YELLOW].walls = ["W02", "W03"]
    state.wall = "W04"
    give_turn(state, YELLOW)
    favour = state.players[YELLOW].favour
    state, _ = engine.apply(state, YELLOW, Activate(tile=OUTPOST, exp=1))
    assert state.players[YELLOW].favour == favour + 13


def test_s13_an_empty_wall_stack_makes_the_next_round_the_last() -> None:
    state = table(ENGINE, 2)
    state.walls = state.walls[:1]
    state = _all_pass(state)
    assert (state.round, state.last_round, state.walls) == (2, True, [])
    state = _all_pass(state)
    assert state.phase == "over"
    assert ENGINE.result(state) is not None


def test_s13_no_city_update_in_the_last_round() -> None:
    state = table(ENGINE, 2)
    state.last_round = True
    available, wall = list(state.available), state.wall
    state = _all_pass(state)
    assert (state.phase, state.available, state.wall) == ("over", available, wall)


def test_s13_a_game_never_exceeds_fourteen_rounds() -> None:
    state = table(ENGINE, 2, seed=4)
    while state.phase != "over":
        state = _all_pass(state)
        while state.phase in ("academy", "emergency"):
            seat = min(ENGINE.pending(state))
            state, _ = ENGINE.apply(state, seat, ENGINE.pending(state)[seat].options[-1].action)
    assert state.round == 14


def test_s14_a_player_without_active_workers_is_passed_automatically() -> None:
    state = table(ENGINE, 2)
    give_turn(state, BLUE)
    set_workers(state, YELLOW)
    state, events = ENGINE.apply(state, BLUE, Pass())
    assert "praetor.ev.forced_pass" in keys(events)
    assert state.players[YELLOW].passed


def test_s15_two_tied_for_most_peasants_share_20_and_10() -> None:
    assert majority({0: 4, 1: 4, 2: 2}, (20, 10, 5)) == {0: 15, 1: 15, 2: 5}


def test_three_tied_for_first_area_share_the_three_awards() -> None:
    assert majority({0: 6, 1: 6, 2: 6, 3: 1}, (12, 8, 4)) == {0: 8, 1: 8, 2: 8, 3: 0}


def test_zero_counts_can_be_left_out_of_the_majorities() -> None:
    assert majority({0: 3, 1: 0, 2: 0}, (18, 12, 6), zeros=False) == {0: 18, 1: 0, 2: 0}
    assert majority({0: 3, 1: 0, 2: 0}, (18, 12, 6)) == {0: 18, 1: 9, 2: 9}


def test_s16_37_gold_scores_3_favour() -> None:
    state = table(ENGINE, 2)
    yellow = state.players[YELLOW]
    yellow.stock = Stock(gold=37)
    set_workers(state, YELLOW)
    details = final_scoring(ENGINE.content, state)
    assert details[YELLOW]["resources"] == 3


def test_s16_resources_convert_at_the_boards_sell_rates() -> None:
    state = table(ENGINE, 2)
    yellow = state.players[YELLOW]
    yellow.stock = Stock(gold=6, wood=2, stone=1, marble=1)
    details = final_scoring(ENGINE.content, state)
    assert details[YELLOW]["resources"] == (6 + 2 * 1 + 1 * 1 + 1 * 2) // 10
