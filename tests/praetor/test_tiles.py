"""Every city tile's power (spec §8), activated by Yellow on a tile Yellow owns (no cost)."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.praetor import ENGINE
from rules.praetor.actions import Activate, Build, Done, Trade
from rules.praetor.state import State, Stock
from tests.praetor.helpers import (
    ACADEMY,
    APOLLO,
    BLACKSMITH,
    BLUE,
    CAMP,
    COLOSSEUM,
    CURIA,
    ENCAMPMENT,
    FORUM,
    MAIA,
    MARBLE_QUARRY,
    MARKET,
    MERCURY,
    MINES,
    ORACLE,
    OUTPOST,
    PLUTO,
    QUARRY,
    STATUE,
    VENUS,
    YELLOW,
    give_turn,
    play,
    set_city,
    set_workers,
    table,
)

OWNED = (MAIA, APOLLO, PLUTO, MERCURY, VENUS, CURIA, FORUM, COLOSSEUM, ORACLE, BLACKSMITH, QUARRY,
         MARBLE_QUARRY, STATUE, ACADEMY)


def _city(owned: tuple[str, ...] = OWNED) -> State:
    """Yellow owns a Gold Mine and ``owned`` (the marker limit is off so all fit)."""
    state = table(ENGINE, 2, marker_limit=False)
    tiles: list[tuple[str, int, int, int | None]] = [(CAMP, 0, 0, None), (MARKET, 1, 0, None),
                                                     (OUTPOST, -1, 0, None), (MINES[0], 0, 1, YELLOW),
                                                     (MINES[1], 0, -1, BLUE)]
    tiles += [(uid, 2 + i, 0, YELLOW) for i, uid in enumerate(owned)]
    set_city(state, *tiles)
    state.available = ["C10", "C12"]
    state.stack = [u for u in state.stack if u not in {t[0] for t in tiles}]
    give_turn(state, YELLOW)
    set_workers(state, YELLOW, 2, 3)
    state.players[YELLOW].stock = Stock(gold=5, wood=4, stone=3, marble=2, weapons=1)
    return state


def _activate(state: State, uid: str, exp: int = 3, amount: int = 0) -> State:
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=uid, exp=exp, amount=amount))
    return state


def _favour_gain(uid: str, prepare: object = None) -> int:
    state = _city()
    if callable(prepare):
        prepare(state)
    before = state.players[YELLOW].favour
    return _activate(state, uid).players[YELLOW].favour - before


def test_gold_mine_gives_gold_per_experience() -> None:
    assert _activate(_city(), MINES[0]).players[YELLOW].stock.gold == 5 + 3


def test_quarry_gives_stone_per_experience() -> None:
    assert _activate(_city(), QUARRY, exp=2).players[YELLOW].stock.stone == 3 + 2


def test_marble_quarry_gives_marble_per_experience() -> None:
    assert _activate(_city(), MARBLE_QUARRY).players[YELLOW].stock.marble == 2 + 3


def test_blacksmith_forges_up_to_experience_wood_into_weapons() -> None:
    stock = _activate(_city(), BLACKSMITH, exp=3, amount=3).players[YELLOW].stock
    assert (stock.wood, stock.weapons) == (1, 4)


def test_blacksmith_cannot_forge_more_than_experience() -> None:
    with pytest.raises(RuleError, match="0 to 2"):
        _activate(_city(), BLACKSMITH, exp=2, amount=3)


def test_temple_of_maia_gives_2_favour_per_active_worker() -> None:
    assert _favour_gain(MAIA) == 2 * 2


def test_temple_of_apollo_gives_1_favour_per_tile_controlled() -> None:
    assert _favour_gain(APOLLO) == 1 + len(OWNED)


def test_temple_of_pluto_gives_1_favour_per_wood_and_stone_kept() -> None:
    state = _activate(_city(), PLUTO)
    assert (state.players[YELLOW].stock.wood, state.players[YELLOW].stock.stone) == (4, 3)
    assert _favour_gain(PLUTO) == 4 + 3


def test_temple_of_mercury_gives_2_favour_per_marble_and_weapon() -> None:
    assert _favour_gain(MERCURY) == 2 * (2 + 1)


def test_temple_of_venus_gives_the_morale_space_value() -> None:
    def morale_9(state: State) -> None:
        state.players[YELLOW].morale = ENGINE.content.board("A").morale.index(9)

    assert _favour_gain(VENUS, morale_9) == 9


def test_temple_of_venus_gives_nothing_for_a_negative_morale() -> None:
    def low(state: State) -> None:
        state.players[YELLOW].morale = 0

    assert _favour_gain(VENUS, low) == 0


def test_curia_gives_1_gold_per_tile_controlled() -> None:
    assert _activate(_city(), CURIA).players[YELLOW].stock.gold == 5 + 1 + len(OWNED)


def test_forum_gives_2_gold_per_active_worker_placed_ones_included() -> None:
    assert _activate(_city(), FORUM).players[YELLOW].stock.gold == 5 + 2 * 2


def test_colosseum_gives_a_morale_space_per_two_tiles() -> None:
    state = _city((COLOSSEUM, MAIA, APOLLO, PLUTO))
    start = state.players[YELLOW].morale
    assert _activate(state, COLOSSEUM).players[YELLOW].morale == start + 5 // 2


def test_oracle_gives_2_morale_spaces_per_retired_worker() -> None:
    state = _city()
    state.players[YELLOW].retired = 1
    start = state.players[YELLOW].morale
    assert _activate(state, ORACLE).players[YELLOW].morale == start + 2


def test_morale_gains_stop_at_the_top_of_the_track() -> None:
    state = _city()
    state.players[YELLOW].retired = 5
    top = len(ENGINE.content.board("A").morale) - 1
    assert _activate(state, ORACLE).players[YELLOW].morale == top


def test_workers_camp_makes_a_peasant_an_apprentice() -> None:
    yellow = _activate(_city(), CAMP).players[YELLOW]
    assert (yellow.peasants, yellow.level1) == (4, 1)


def test_workers_camp_needs_a_peasant() -> None:
    state = _city()
    state.players[YELLOW].peasants = 0
    with pytest.raises(RuleError, match="needs a peasant"):
        _activate(state, CAMP)


def test_workers_camp_is_not_red_so_its_worker_gains_nothing() -> None:
    state = _activate(_city(), CAMP)
    assert [w.task for w in state.players[YELLOW].workers if w.on == CAMP] == ["plain"]


def test_producers_are_red_so_their_worker_gains_experience() -> None:
    state = _activate(_city(), MINES[0])
    assert [w.task for w in state.players[YELLOW].workers if w.on == MINES[0]] == ["red"]


def test_market_trades_one_unit_at_a_time_at_the_boards_rates() -> None:
    state = _activate(_city(), MARKET)
    assert state.market is not None
    state, _ = play(ENGINE, state, YELLOW, Trade(resource="wood", buy=True),
                    Trade(resource="marble", buy=False))
    stock = state.players[YELLOW].stock
    assert (stock.gold, stock.wood, stock.marble) == (5 - 2 + 2, 5, 1)
    state, _ = ENGINE.apply(state, YELLOW, Done())
    assert state.market is None
    assert state.order[state.turn] == BLUE


def test_no_other_move_while_trading_at_the_market() -> None:
    state = _activate(_city(), MARKET)
    with pytest.raises(RuleError, match="Market trades first"):
        ENGINE.apply(state, YELLOW, Activate(tile=MINES[0], exp=2))


def test_market_refuses_a_sale_of_nothing() -> None:
    state = _activate(_city(), MARKET)
    state.players[YELLOW].stock.weapons = 0
    with pytest.raises(RuleError, match="0 weapons, not 1"):
        ENGINE.apply(state, YELLOW, Trade(resource="weapons", buy=False))


def test_market_trades_any_amount_of_a_good_at_once() -> None:
    """Rulebook p. 8: at the Market you may buy and sell as many resources as you like."""
    state = _activate(_city(), MARKET)
    state.players[YELLOW].stock.wood, gold = 5, state.players[YELLOW].stock.gold
    sell = ENGINE.content.board("A").market["wood"].sell
    state, _ = ENGINE.apply(state, YELLOW, Trade(resource="wood", buy=False, amount=4))
    assert state.players[YELLOW].stock.wood == 1
    assert state.players[YELLOW].stock.gold == gold + 4 * sell
    assert state.market is not None


def test_market_refuses_buying_more_than_the_gold_pays_for() -> None:
    state = _activate(_city(), MARKET)
    price = ENGINE.content.board("A").market["stone"].buy
    state.players[YELLOW].stock.gold = 2 * price + 1
    with pytest.raises(RuleError, match=f"costs {3 * price} gold"):
        ENGINE.apply(state, YELLOW, Trade(resource="stone", buy=True, amount=3))


def test_statue_has_no_activation() -> None:
    with pytest.raises(RuleError, match="no activation slot"):
        _activate(_city(), STATUE)


def test_academy_is_never_an_action() -> None:
    with pytest.raises(RuleError, match="no activation slot"):
        _activate(_city(), ACADEMY)


def test_the_academy_skip_costs_another_owner_1_stone() -> None:
    state = _city()
    state.players[BLUE].level1, state.players[BLUE].peasants = 1, 4
    from rules.praetor.rounds import academy_choices

    choices = academy_choices(ENGINE.content, state, BLUE)
    assert [(c.skip, c.pay_to) for c in choices] == [(True, YELLOW), (False, None)]
    state.players[BLUE].stock.stone = 0
    assert academy_choices(ENGINE.content, state, BLUE) == []


def test_encampment_is_not_activated_with_a_worker() -> None:
    state = _city()
    set_city(state, *[(t.uid, t.x, t.y, t.owner) for t in state.city], (ENCAMPMENT, 0, 2, BLUE))
    with pytest.raises(RuleError, match="no activation slot"):
        _activate(state, ENCAMPMENT)


def test_encampment_worker_may_build_at_experience_six() -> None:
    state = _city()
    set_city(state, *[(t.uid, t.x, t.y, t.owner) for t in state.city], (ENCAMPMENT, 0, 2, YELLOW))
    state.players[YELLOW].retired = 1
    uid = state.available[0]
    state.players[YELLOW].stock = Stock(gold=20, wood=9, stone=9, marble=9, weapons=9)
    state, _ = ENGINE.apply(state, YELLOW, Build(tile=uid, exp=6, x=0, y=3, via=ENCAMPMENT))
    assert [t.owner for t in state.city if t.uid == uid] == [YELLOW]
    assert state.players[YELLOW].lent == [uid]


def test_encampment_cannot_build_when_the_option_is_off() -> None:
    state = table(ENGINE, 2, encampment_can_build=False)
    set_city(state, (CAMP, 0, 0, None), (ENCAMPMENT, 1, 0, YELLOW))
    give_turn(state, YELLOW)
    state.players[YELLOW].retired = 1
    with pytest.raises(RuleError, match="may not build"):
        ENGINE.apply(state, YELLOW, Build(tile=state.available[0], exp=6, x=0, y=1, via=ENCAMPMENT))


def test_the_marker_limit_stops_a_thirteenth_tile() -> None:
    state = table(ENGINE, 2)
    owned = [t.uid for t in ENGINE.content.city_tiles if t.era == 2][:11]
    set_city(state, (CAMP, 0, 0, None), (MINES[0], 0, 1, YELLOW),
             *[(u, 1 + i, 0, YELLOW) for i, u in enumerate(owned)])
    state.available = ["C10"]
    give_turn(state, YELLOW)
    state.players[YELLOW].stock = Stock(gold=50, wood=9, stone=9, marble=9, weapons=9)
    with pytest.raises(RuleError, match="no free marker"):
        ENGINE.apply(state, YELLOW, Build(tile=state.available[0], exp=2, x=0, y=-1))
    state.city.pop()
    state, _ = ENGINE.apply(state, YELLOW, Build(tile=state.available[0], exp=2, x=0, y=-1))
    assert sum(1 for t in state.city if t.owner == YELLOW) == 12


def test_without_the_marker_limit_a_thirteenth_tile_may_be_built() -> None:
    state = table(ENGINE, 2, marker_limit=False)
    owned = [t.uid for t in ENGINE.content.city_tiles if t.era == 2][:11]
    set_city(state, (CAMP, 0, 0, None), (MINES[0], 0, 1, YELLOW),
             *[(u, 1 + i, 0, YELLOW) for i, u in enumerate(owned)])
    state.available = ["C10"]
    give_turn(state, YELLOW)
    state.players[YELLOW].stock = Stock(gold=50, wood=9, stone=9, marble=9, weapons=9)
    state, _ = ENGINE.apply(state, YELLOW, Build(tile=state.available[0], exp=2, x=0, y=-1))
    assert sum(1 for t in state.city if t.owner == YELLOW) == 13
