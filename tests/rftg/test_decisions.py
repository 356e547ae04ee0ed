"""One decision where the rules leave one: folded steps, and answers the engine gives itself.

The rules are those of the rulebook (Assign p. 3, Explore p. 5, Manage Empire p. 8); these tests
hold that each folded menu still offers every legal line and changes the game as the steps did.
"""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.rftg import explore, flow
from rules.rftg.actions import (
    Choose,
    ChoosePhase,
    Confirm,
    DictateWith,
    MoveDie,
    PickDie,
    ReassignFirst,
    RecruitDice,
    Scout,
    Stock,
    StockMany,
)

from .helpers import ENGINE, C, bare, enter, give, options, play, rolled, stack


def _assign(dice: list[tuple[str, str]], seat: int = 0):  # type: ignore[no-untyped-def]
    state = bare(3)
    for s in range(3):
        rolled(state, s, [("white", "ship")] if s != seat else dice)
    return state


def test_phase_and_die_are_one_choice_that_confirms_the_assignment() -> None:
    """Rulebook p. 3: a player selects a phase by placing one of their dice on its slot."""
    state = _assign([("white", "explore"), ("red", "develop")])
    offered = options(state, 0)
    assert Choose(phase="settle", colour="red", column="develop") in offered
    assert len([o for o in offered if isinstance(o, Choose)]) == 10  # 5 phases x 2 dice
    state = play(state, 0, Choose(phase="settle", colour="red", column="develop"))
    a = state.players[0].assign
    assert a is not None and a.confirmed and a.selected == "settle"
    assert 0 not in ENGINE.pending(state)


def test_reassign_first_selects_without_confirming_then_dictate_is_offered() -> None:
    """Rulebook p. 3: a phase is selected before any Reassign power, Dictate included."""
    state = _assign([("white", "explore"), ("red", "develop"), ("blue", "ship")])
    assert ReassignFirst() in options(state, 0)
    state = play(state, 0, ReassignFirst(), Choose(phase="ship", colour="blue", column="ship"))
    a = state.players[0].assign
    assert a is not None and not a.confirmed and a.selected == "ship"
    offered = options(state, 0)
    assert Confirm() in offered
    assert {(o.colour, o.column) for o in offered if isinstance(o, DictateWith)} == {
        ("white", "explore"), ("red", "develop")}


def test_dictate_is_two_choices_the_die_put_down_then_the_die_moved_with_its_column() -> None:
    """Rulebook p. 3: to Dictate, put any worker in the Dictate area, then Reassign another one."""
    state = _assign([("white", "explore"), ("red", "develop"), ("blue", "ship")])
    state = play(state, 0, ReassignFirst(), Choose(phase="ship", colour="blue", column="ship"),
                 DictateWith(colour="white", column="explore"))
    assert MoveDie(colour="red", column="develop", to="settle") in options(state, 0)
    state = play(state, 0, MoveDie(colour="red", column="develop", to="settle"))
    a = state.players[0].assign
    assert a is not None and a.confirmed  # nothing else to do: the engine confirmed
    assert [(d.colour, d.column, d.where) for d in a.dice] == [
        ("white", "explore", "dictate"), ("red", "settle", "column"), ("blue", "ship", "select")]


def test_reassign_first_is_not_offered_when_nothing_could_follow_it() -> None:
    """A single die cannot Dictate (it needs another die to move) and no power is owned."""
    state = _assign([("white", "explore")])
    assert ReassignFirst() not in options(state, 0)
    with pytest.raises(RuleError):
        play(state, 0, ReassignFirst())


def test_a_confirm_that_is_the_only_answer_is_given_by_the_engine() -> None:
    """After Reassign first with two dice, once the selection uses one, Dictate is impossible:
    the assignment is confirmed as part of that move, and the player is told privately."""
    state = _assign([("white", "explore"), ("red", "develop")])
    state, events = ENGINE.apply(state, 0, ReassignFirst())
    state, events = ENGINE.apply(state, 0, Choose(phase="explore", colour="white", column="explore"))
    a = state.players[0].assign
    assert a is not None and a.confirmed
    told = [e for e in events if e.message.key == "rftg.event.forced"]
    assert len(told) == 1 and told[0].visible_to == frozenset({0})


def test_when_phases_and_dice_do_not_fit_one_menu_dice_of_other_columns_come_second() -> None:
    dice = [("white", "explore"), ("red", "develop"), ("blue", "ship"), ("green", "settle"),
            ("brown", "produce"), ("white", "develop")]
    state = _assign(dice)
    offered = options(state, 0)
    assert Choose(phase="develop", colour="red", column="develop") in offered
    assert Choose(phase="develop", colour="blue", column="ship") not in offered
    state = play(state, 0, ChoosePhase(phase="develop"), PickDie(colour="blue", column="ship"))
    a = state.players[0].assign
    assert a is not None and a.confirmed and a.selected == "develop"


def test_recruits_are_paid_in_one_choice_among_the_sets_the_credits_pay_for() -> None:
    """Rulebook p. 8: with fewer credits than Citizenry dice the player picks which to recruit."""
    state = bare(2)
    p = state.players[0]
    p.credits, p.citizenry = 2, ["white", "red", "blue"]
    state.players[1].citizenry = []

    flow.start_manage(ENGINE.content, state)
    offered = options(state, 0)
    assert sorted(o.colours for o in offered) == [("blue", "red"), ("blue", "white"), ("red", "white")]
    state = play(state, 0, RecruitDice(colours=("blue", "white")))
    p = state.players[0]
    assert p.assign is not None  # the next round rolled the cup
    rolled_now = sorted(d.colour for d in p.assign.dice)
    assert (p.credits, p.citizenry, rolled_now) == (1, ["red"], ["blue", "white"])


def test_a_recruit_set_the_credits_do_not_pay_for_exactly_is_refused() -> None:
    state = bare(2)
    p = state.players[0]
    p.credits, p.citizenry = 2, ["white", "red", "blue"]

    flow.start_manage(ENGINE.content, state)
    for wrong in (("blue",), ("blue", "red", "white"), ("yellow", "red")):
        with pytest.raises(RuleError):
            ENGINE.apply(state, 0, RecruitDice(colours=wrong))


def test_explorers_stock_together_in_one_choice() -> None:
    """Rulebook p. 5: each explorer Stocks (+$2) or Scouts; three may Stock at once."""
    state = bare(2)
    enter(state, "explore", {0: ["white", "white", "red"], 1: []})
    prompt = ENGINE.pending(state)[0]
    assert prompt.number is not None and (prompt.number.low, prompt.number.high) == (2, 3)
    events = explore.act(C, state, 0, StockMany(count=3))
    assert state.players[0].credits == 7
    assert state.players[0].columns["explore"] == []
    assert [e.message.params["amount"] for e in events] == [6]


def test_stocking_some_explorers_leaves_the_rest_to_act() -> None:
    state = bare(2)
    enter(state, "explore", {0: ["white", "white", "red"], 1: []})
    explore.act(C, state, 0, StockMany(count=2))
    assert len(state.players[0].columns["explore"]) == 1
    assert Stock(colour=state.players[0].columns["explore"][0]) in options(state, 0)


def test_a_scout_returning_nothing_draws_at_once() -> None:
    """Rulebook p. 5: Scout returns any number of tiles (none too), then draws one more."""
    state = bare(2)
    stack(state, 0, "Space Marines")
    enter(state, "explore", {0: ["white"], 1: []})
    state = play(state, 0, Scout(colour="white", draw=True))
    assert len(state.players[0].work.drawn) == 1
    assert ENGINE.pending(state)[0].title.key == "rftg.explore.place"


def test_a_scout_with_an_empty_zone_is_offered_only_as_draw_at_once() -> None:
    state = bare(2)
    enter(state, "explore", {0: ["white"], 1: []})
    scouts = [o for o in options(state, 0) if isinstance(o, Scout)]
    assert scouts == [Scout(colour="white", draw=True)]


def test_a_single_tile_to_rearrange_is_picked_by_the_engine() -> None:
    """Advanced Logistics with one zone tile: only that tile can move; where it goes is asked."""
    state = bare(2)
    give(state, 0, "Advanced Logistics")
    stack(state, 0, "Space Marines")
    enter(state, "explore", {0: ["white"], 1: []})
    from rules.rftg.actions import Rearrange

    state, events = ENGINE.apply(state, 0, Rearrange(position=-1))
    assert state.players[0].work.logistics == 0
    assert any(e.message.key == "rftg.event.forced" for e in events)
    assert ENGINE.pending(state)[0].title.key == "rftg.explore.rearrange_to"


def test_developers_of_several_colours_go_on_the_top_tile_in_one_choice() -> None:
    """Rulebook p. 6: developers go one by one on the top development; choosing the set that
    lands on it reaches every outcome the one-by-one placing could."""
    from rules.rftg.actions import PlaceWorkers

    state = bare(2)
    stack(state, 0, "Public Works", "Investment Credits")  # cost 1, then cost 4
    enter(state, "develop", {0: ["white", "red", "blue"], 1: []})
    flow.advance(C, state, 1)
    assert options(state, 0) == [PlaceWorkers(colours=(c,)) for c in ("blue", "red", "white")]
    state, events = ENGINE.apply(state, 0, PlaceWorkers(colours=("red",)))
    p = state.players[0]
    assert [b.name for b in p.tableau] == ["Public Works"]
    assert sorted(p.dev_dice) == ["blue", "white"]  # the only set left, placed by the engine
    assert any(e.message.key == "rftg.event.forced" for e in events)


def test_a_worker_set_that_is_not_what_the_top_tile_needs_is_refused() -> None:
    from rules.rftg.actions import PlaceWorkers

    state = bare(2)
    stack(state, 0, "Public Works", "Investment Credits")
    enter(state, "develop", {0: ["white", "red", "blue"], 1: []})
    flow.advance(C, state, 1)
    for wrong in (("red", "blue"), ("yellow",), ()):
        with pytest.raises(RuleError):
            ENGINE.apply(state, 0, PlaceWorkers(colours=wrong))
