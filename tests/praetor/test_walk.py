"""A complete move is reached by tapping the options the prompts offer (:meth:`Engine.toward`), and
the walk leaves the game where the move itself would."""

from __future__ import annotations

from typing import Any

from rules.core import Rng
from rules.praetor import ENGINE
from rules.praetor.actions import Activate, Build, Pick, Trade
from rules.praetor.bots import GreedyBot
from rules.praetor.state import Placed, State
from tests.praetor.helpers import (
    CAMP,
    MARKET,
    MINES,
    SAWMILL,
    YELLOW,
    give_turn,
    set_city,
    set_workers,
    table,
)


def _yellow_to_play() -> State:
    state = table(ENGINE, 3, seed=4)
    give_turn(state, YELLOW)
    return state


def _walk(state: State, move: Any) -> tuple[State, list[Any]]:
    """Tap the offered options towards ``move``; every tap must be an option of its prompt."""
    taps: list[Any] = []
    target = move
    while True:
        prompt = ENGINE.pending(state)[YELLOW]
        step = ENGINE.toward(state, YELLOW, prompt, target)
        assert step is not None, f"no option leads to {target}"
        answer, rest = step
        assert prompt.offers(answer) or any(o.action == answer for o in prompt.options)
        taps.append(answer)
        state, _ = ENGINE.apply(state, YELLOW, answer)
        if rest is None:
            return state, taps
        target = rest


def test_a_build_is_reached_in_one_answer_of_the_build_panel() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None))
    set_workers(state, YELLOW, 1, 2)
    tile = state.available[0]
    move = Build(tile=tile, exp=2, x=1, y=0)
    walked, taps = _walk(state, move)
    direct, _ = ENGINE.apply(state, YELLOW, move)
    assert taps == [move]
    assert walked == direct


def test_a_build_is_reached_by_the_panel_then_the_cell_when_the_cells_do_not_fit_it() -> None:
    state = _yellow_to_play()
    state.city = [Placed(uid=t.uid, x=i * 2, y=0) for i, t in enumerate(ENGINE.content.city_tiles[:20])]
    set_workers(state, YELLOW, 1, 2)
    tile = state.available[0]
    move = Build(tile=tile, exp=2, x=1, y=0)
    walked, taps = _walk(state, move)
    assert taps[0] == Pick(build=tile, exp=2) and taps[-1] == move
    assert walked == ENGINE.apply(state, YELLOW, move)[0]


def test_an_activation_is_reached_by_the_type_the_tile_and_the_worker_when_they_do_not_fit() -> None:
    state = _yellow_to_play()
    set_workers(state, YELLOW, 1, 2, 3, 4, 5)
    move = Activate(tile=MINES[1], exp=3)
    walked, taps = _walk(state, move)
    assert taps == [Pick(type="gold_mine"), Pick(tile=MINES[1]), move]
    assert walked == ENGINE.apply(state, YELLOW, move)[0]


def test_an_amount_the_market_menu_does_not_show_is_traded_one_unit_then_the_rest() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (MARKET, 1, 0, None), (MINES[0], 0, 1, YELLOW))
    stock = state.players[YELLOW].stock
    stock.gold, stock.wood, stock.stone, stock.marble, stock.weapons = 40, 9, 9, 9, 9
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=MARKET, exp=1))
    move = Trade(resource="wood", buy=False, amount=5, more=False)
    assert not ENGINE.pending(state)[YELLOW].offers(move)
    walked, taps = _walk(state, move)
    one = Trade(resource="wood", buy=False, amount=1, more=True)
    assert taps[0] == one and taps[-1] != one
    assert walked.players[YELLOW].stock == ENGINE.apply(state, YELLOW, move)[0].players[YELLOW].stock


def test_a_move_the_options_do_not_lead_to_has_no_walk() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (SAWMILL, 1, 0, None))
    set_workers(state, YELLOW, 1, 3)
    state, _ = ENGINE.apply(state, YELLOW, Pick(type="sawmill"))
    other = Build(tile=state.available[0], exp=1, x=0, y=1)
    assert ENGINE.toward(state, YELLOW, ENGINE.pending(state)[YELLOW], other) is None


def test_every_move_of_a_greedy_game_is_reached_through_the_options() -> None:
    state = ENGINE.new_game(3, {}, 101)
    bot = GreedyBot()
    rng = Rng.from_seed(101)
    while prompts := ENGINE.pending(state):
        seat = min(prompts)
        move = bot.choose(ENGINE, state, seat, prompts[seat], rng)
        if seat != YELLOW:
            state, _ = ENGINE.apply(state, seat, move)
            continue
        direct, _ = ENGINE.apply(state, seat, move)
        walked, _ = _walk(state, move)
        assert _same_game(walked, direct)
        state = direct


def _same_game(walked: State, direct: State) -> bool:
    """Equal but for the count of Market trades made (one-unit trades then the rest count more)."""
    if walked.market is not None and direct.market is not None:
        walked = walked.model_copy(update={"market": walked.market.model_copy(
            update={"trades": direct.market.trades})})
    return walked == direct
