"""Rules of the round, the city update, final scoring and the winner (spec §6, §9, §10, §11)."""

from __future__ import annotations

import pytest

from rules.core import RandomBot, Rng, RuleError
from rules.praetor import ENGINE
from rules.praetor.actions import Activate, Build, Pass
from rules.praetor.grid import largest_area, square_bonus
from rules.praetor.legal import specials
from rules.praetor.scoring import final_scoring
from rules.praetor.state import State, Stock, Worker
from tests.praetor.helpers import (
    BLUE,
    CAMP,
    ENCAMPMENT,
    MINES,
    PURPLE,
    STATUE,
    YELLOW,
    give_turn,
    set_city,
    set_workers,
    table,
)


def _finish_round(state: State) -> State:
    start = state.round
    while state.phase == "actions" and state.round == start:
        state, _ = ENGINE.apply(state, state.order[state.turn], Pass())
    return state


def test_a_player_may_pass_with_workers_left_and_takes_no_more_actions() -> None:
    state = table(ENGINE, 2)
    seat = state.order[state.turn]
    state, _ = ENGINE.apply(state, seat, Pass())
    assert state.players[seat].passed and state.players[seat].pool()
    assert seat not in ENGINE.pending(state)


def test_the_rotation_skips_passed_players() -> None:
    state = table(ENGINE, 3)
    first, second, third = state.order
    state, _ = ENGINE.apply(state, first, Pass())
    state, _ = ENGINE.apply(state, second, Activate(tile=MINES[second], exp=1))
    state, _ = ENGINE.apply(state, third, Pass())
    assert state.order[state.turn] == second


def test_a_seat_that_owes_nothing_cannot_act() -> None:
    state = table(ENGINE, 3)
    idle = state.order[1]
    with pytest.raises(RuleError):
        ENGINE.apply(state, idle, Pass())


def test_the_display_is_refilled_to_players_plus_one() -> None:
    state = table(ENGINE, 3)
    state.available = state.available[:1]
    state = _finish_round(state)
    assert len(state.available) == 4


def test_a_partial_refill_when_the_stack_runs_out() -> None:
    state = table(ENGINE, 3)
    state.available, state.stack = state.available[:1], state.stack[:2]
    state = _finish_round(state)
    assert (len(state.available), state.stack, state.last_round) == (3, [], True)


def test_an_untaken_wall_tile_leaves_the_game_and_the_next_is_revealed() -> None:
    state = table(ENGINE, 2)
    old, nxt = state.wall, state.walls[0]
    state = _finish_round(state)
    assert state.wall == nxt and old not in state.walls


def test_slots_and_specials_are_free_again_next_round() -> None:
    state = table(ENGINE, 2)
    seat = state.order[state.turn]
    state, _ = ENGINE.apply(state, seat, Activate(tile=CAMP, exp=1))
    state.players[seat].specials = [ENCAMPMENT]
    state = _finish_round(state)
    assert not any(t.activated for t in state.city)
    assert state.players[seat].specials == []


def test_wages_count_workers_made_active_and_retired_this_update() -> None:
    state = table(ENGINE, 2)
    for seat in (YELLOW, BLUE):
        set_workers(state, seat, 1)
    state.players[YELLOW].level2 = 1
    state.players[YELLOW].stock.gold = 10
    state = _finish_round(state)
    board = ENGINE.content.board("A")
    assert state.players[YELLOW].stock.gold == 10 - sum(board.wages[:2])


def test_retirement_favour_moves_markers_in_turn_order() -> None:
    state = table(ENGINE, 2)
    state.players[YELLOW].favour = state.players[BLUE].favour = 20
    for seat in (YELLOW, BLUE):
        set_workers(state, seat, 5)
        state.players[seat].workers[0] = Worker(exp=5, on=CAMP, task="red")
        state.players[seat].peasants = 0
    state.order = [BLUE, YELLOW]
    give_turn(state, BLUE)
    state.players[YELLOW].passed = True
    state, _ = ENGINE.apply(state, BLUE, Pass())
    assert state.players[YELLOW].moved > state.players[BLUE].moved
    assert state.order[0] == YELLOW


def test_the_encampment_is_not_offered_without_a_legal_target() -> None:
    state = table(ENGINE, 2)
    set_city(state, (CAMP, 0, 0, None), (ENCAMPMENT, 1, 0, BLUE))
    state.mark(CAMP, activated=True)
    state.available = []
    give_turn(state, YELLOW)
    state.players[YELLOW].retired = 1
    assert specials(ENGINE.content, state, YELLOW) == []
    state.mark(CAMP, activated=False)
    assert specials(ENGINE.content, state, YELLOW) == [ENCAMPMENT]


def test_special_tiles_need_an_active_worker_unless_the_option_allows() -> None:
    state = table(ENGINE, 2)
    set_city(state, (CAMP, 0, 0, None), (ENCAMPMENT, 1, 0, BLUE))
    give_turn(state, YELLOW)
    state.players[YELLOW].retired, state.players[YELLOW].stock.weapons = 1, 1
    set_workers(state, YELLOW)
    with pytest.raises(RuleError, match="must pass"):
        ENGINE.apply(state, YELLOW, Activate(tile=CAMP, exp=6, via=ENCAMPMENT))
    state.options = state.options.model_copy(update={"special_actions_without_workers": True})
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=CAMP, exp=6, via=ENCAMPMENT))
    assert state.players[YELLOW].level1 == 1


def test_a_retired_worker_works_at_experience_six_only() -> None:
    state = table(ENGINE, 2)
    set_city(state, (CAMP, 0, 0, None), (ENCAMPMENT, 1, 0, YELLOW))
    give_turn(state, YELLOW)
    state.players[YELLOW].retired = 1
    with pytest.raises(RuleError, match="experience 6"):
        ENGINE.apply(state, YELLOW, Activate(tile=CAMP, exp=3, via=ENCAMPMENT))


def test_a_worker_placed_this_round_cannot_be_placed_again() -> None:
    state = table(ENGINE, 2)
    set_city(state, (CAMP, 0, 0, None), (MINES[0], 0, 1, YELLOW))
    give_turn(state, YELLOW)
    set_workers(state, YELLOW, 2, 3)
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=CAMP, exp=2))
    give_turn(state, YELLOW)
    with pytest.raises(RuleError, match="experience 2"):
        ENGINE.apply(state, YELLOW, Activate(tile=MINES[0], exp=2))


def test_a_tile_built_this_round_can_be_activated_this_round() -> None:
    state = table(ENGINE, 2)
    set_city(state, (CAMP, 0, 0, None))
    state.available = ["C09"]
    give_turn(state, YELLOW)
    set_workers(state, YELLOW, 1, 2)
    state, _ = ENGINE.apply(state, YELLOW, Build(tile="C09", exp=1, x=1, y=0))
    give_turn(state, YELLOW)
    wood = state.players[YELLOW].stock.wood
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile="C09", exp=2))
    assert state.players[YELLOW].stock.wood == wood + 2


def test_the_square_bonus_is_at_most_12_with_diagonals_and_8_without() -> None:
    same = {"NW": "a", "NE": "a", "SW": "a", "SE": "a"}
    around = {(x, y): same for x in (-1, 0, 1) for y in (-1, 0, 1) if (x, y) != (0, 0)}
    assert square_bonus(around.get, same, (0, 0)) == 12
    assert square_bonus(around.get, same, (0, 0), diagonal_matches=False) == 8


def test_largest_area_is_orthogonally_connected() -> None:
    assert largest_area([(0, 0), (1, 0), (2, 0), (5, 5), (6, 6)]) == 3
    assert largest_area([(0, 0), (1, 1)]) == 1


def test_final_scoring_counts_workers_apprentices_morale_and_gold() -> None:
    state = table(ENGINE, 2)
    yellow = state.players[YELLOW]
    set_workers(state, YELLOW, 2, 4)
    yellow.level1, yellow.level2, yellow.favour = 1, 1, 30
    yellow.morale = ENGINE.content.board("A").morale.index(9)
    yellow.stock = Stock(gold=20)
    details = final_scoring(ENGINE.content, state)[YELLOW]
    parts = (details["workers"], details["apprentices"], details["morale"], details["resources"])
    assert parts == (6, 2, 9, 2)
    assert state.players[YELLOW].favour == 30 + 6 + 2 + 9 + 2


def test_negative_morale_at_the_end_cannot_take_favour_below_zero() -> None:
    state = table(ENGINE, 2)
    yellow = state.players[YELLOW]
    set_workers(state, YELLOW)
    yellow.favour, yellow.morale, yellow.stock = 3, 0, Stock(gold=25)
    final_scoring(ENGINE.content, state)
    assert yellow.favour == 0 + 2


def test_expert_majorities_are_added_at_final_scoring() -> None:
    state = table(ENGINE, 3, expert=True)
    set_city(state, (CAMP, 0, 0, None), (MINES[0], 1, 0, YELLOW), (STATUE, 2, 0, YELLOW),
             (MINES[1], 0, 1, BLUE), (MINES[2], 5, 5, PURPLE))
    state.players[BLUE].walls = ["W01", "W02"]
    state.players[PURPLE].peasants = 7
    details = final_scoring(ENGINE.content, state)
    assert details[YELLOW]["area"] == 12 and details[BLUE]["area"] == details[PURPLE]["area"] == 6
    assert (details[BLUE]["walls"], details[YELLOW]["walls"]) == (18, 9)
    assert details[PURPLE]["peasants"] == 20


def _ended(favours: tuple[int, int, int]) -> State:
    state = table(ENGINE, 3)
    state.phase = "over"
    for seat, favour in enumerate(favours):
        state.players[seat].favour = favour
    return state


def test_the_most_favour_wins() -> None:
    result = ENGINE.result(_ended((40, 55, 30)))
    assert result is not None and result.ranks == {0: 2, 1: 1, 2: 3}


def test_a_favour_tie_goes_to_higher_morale_then_walls_then_tiles() -> None:
    state = _ended((50, 50, 10))
    state.players[1].morale += 1
    result = ENGINE.result(state)
    assert result is not None and result.ranks[1] == 1
    state = _ended((50, 50, 10))
    state.players[0].walls = ["W01"]
    result = ENGINE.result(state)
    assert result is not None and result.ranks[0] == 1


def test_the_last_tie_breaker_is_the_last_rounds_turn_order() -> None:
    state = _ended((50, 50, 10))
    state.order = [2, 1, 0]
    result = ENGINE.result(state)
    assert result is not None and (result.ranks[1], result.ranks[0]) == (1, 2)


def test_a_shared_victory_when_the_table_chooses_it() -> None:
    state = _ended((50, 50, 10))
    state.options = state.options.model_copy(update={"shared_victory": True})
    result = ENGINE.result(state)
    assert result is not None and (result.ranks[0], result.ranks[1]) == (1, 1)


def test_the_view_hides_only_the_order_of_the_stacks() -> None:
    state = table(ENGINE, 3)
    view = ENGINE.view(state, 0)
    text = view.model_dump_json()
    assert view.stack_size == len(state.stack) and view.walls_left == len(state.walls)
    assert view.stack_era == ENGINE.content.tile(state.stack[0]).era
    assert all(uid not in text for uid in state.stack[1:] + state.walls)
    assert ENGINE.view(state, None).players == view.players


def test_every_player_always_has_eight_workers() -> None:
    state = table(ENGINE, 4, seed=9)
    rng, bot = Rng.from_seed(9), RandomBot()
    while prompts := ENGINE.pending(state):
        seat = min(prompts)
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))
        assert all(p.dice() == 8 for p in state.players)
    assert state.round <= 14


def test_hard_variant_still_converts_resources_at_the_boards_rates() -> None:
    state = table(ENGINE, 3, hard=True)
    yellow = state.players[YELLOW]
    set_workers(state, YELLOW)
    yellow.stock = Stock(gold=5, marble=3)
    assert final_scoring(ENGINE.content, state)[YELLOW]["resources"] == (5 + 3 * 2) // 10


def test_a_retired_worker_sent_to_the_market_opens_trading() -> None:
    from rules.praetor.actions import Done, Trade
    from tests.praetor.helpers import MARKET

    state = table(ENGINE, 2)
    set_city(state, (CAMP, 0, 0, None), (MARKET, 1, 0, None), (ENCAMPMENT, 2, 0, YELLOW))
    give_turn(state, YELLOW)
    state.players[YELLOW].retired = 1
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=MARKET, exp=6, via=ENCAMPMENT))
    assert state.market is not None and state.players[YELLOW].lent == [MARKET]
    state, _ = ENGINE.apply(state, YELLOW, Trade(resource="wood", buy=False))
    state, _ = ENGINE.apply(state, YELLOW, Done())
    assert state.market is None and state.order[state.turn] == BLUE
