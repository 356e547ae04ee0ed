"""The worked examples of the spec (§12, X1–X27), each as a test named for its rule."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.rftg import ENGINE, build, explore, flow, manage, phase_end, produce, ship
from rules.rftg.actions import (
    Completer,
    Confirm,
    Dictate,
    Draw,
    GiveBack,
    PickDie,
    PlaceTile,
    Produce,
    Recruit,
    RemoveDie,
    ReturnTile,
    Scout,
    Select,
    ShipGood,
    Shipper,
    Stock,
    ToColumn,
    UsePower,
)
from rules.rftg.assign import limit
from rules.rftg.scoring import result, score
from rules.rftg.state import AssignDie, AssignState
from rules.rftg.tableau import effective_cost

from .helpers import C, bare, enter, give, stack, tile_id

# ---- X1: recruiting ----------------------------------------------------------------------------


def _manage(state, seat):  # type: ignore[no-untyped-def]
    state.stage = "manage"
    state.phase = None
    for p in state.players:
        p.work.done = True
    state.players[seat].work = type(state.players[seat].work)()
    return manage.advance(C, state, seat)


def test_x1_recruit_as_many_as_credits_allow_then_zero_becomes_one() -> None:
    state = bare()
    p = state.players[0]
    p.credits, p.citizenry = 4, ["white", "white", "red", "blue", "green"]
    _manage(state, 0)
    for colour in ("white", "red", "blue", "green"):
        manage.act(C, state, 0, Recruit(colour=colour))
    assert p.credits == 1
    assert sorted(p.cup) == ["blue", "green", "red", "white"]
    assert p.citizenry == ["white"]


@pytest.mark.parametrize(
    ("credits", "citizens", "after", "left"), [(2, 2, 1, 0), (5, 2, 3, 0), (3, 0, 3, 0)]
)
def test_x1_recruit_variants(credits: int, citizens: int, after: int, left: int) -> None:
    state = bare()
    p = state.players[0]
    p.credits, p.citizenry = credits, ["white"] * citizens
    _manage(state, 0)
    assert (p.credits, len(p.citizenry), len(p.cup)) == (after, left, citizens)


def test_x1_recruit_needs_a_die_of_the_citizenry() -> None:
    state = bare()
    p = state.players[0]
    p.credits, p.citizenry = 1, ["white", "red"]
    _manage(state, 0)
    with pytest.raises(RuleError):
        manage.act(C, state, 0, Recruit(colour="yellow"))


# ---- X2, X9, X26: scoring ----------------------------------------------------------------------


def test_x2_final_score_with_galactic_federation_and_new_galactic_order() -> None:
    state = bare()
    give(state, 0, "Space Piracy", "Hidden Fortress", "Damaged Alien Factory",
         "Galactic Federation", "New Galactic Order", "Public Works")
    state.players[0].cup = ["red", "red"]
    state.players[0].citizenry = ["red", "red"]
    assert score(C, state.players[0]) == 25


@pytest.mark.parametrize(("reds", "bonus"), [(0, 0), (1, 2), (3, 2), (4, 4), (6, 4), (7, 6)])
def test_x9_new_galactic_order_rounds_sets_of_three_up(reds: int, bonus: int) -> None:
    state = bare()
    give(state, 0, "New Galactic Order")
    state.players[0].cup = ["red"] * reds
    assert score(C, state.players[0]) == 6 + bonus


def test_x26_tie_break_is_cup_dice_plus_credits_then_shared() -> None:
    state = bare()
    a, b = state.players
    give(state, 0, "Alien Sentinels")
    give(state, 1, "Lost Alien Battle Fleet")
    a.cup, a.credits = ["white"] * 3, 4
    b.cup, b.credits = ["white"] * 5, 1
    b.dev_dice = ["white"] * 4  # dice on stacks do not count
    state.stage = "over"
    assert result(C, state).ranks == {0: 1, 1: 2}
    b.credits = 2
    assert result(C, state).ranks == {0: 1, 1: 1}


# ---- X3: end trigger -------------------------------------------------------------------------


def _end_round(state):  # type: ignore[no-untyped-def]
    state.stage = "manage"
    for p in state.players:
        p.work.done = True
    return flow.maybe_end_round(C, state)


def test_x3_twelve_tiles_counting_the_faction_as_two_end_the_game() -> None:
    state = bare()
    give(state, 0, "Space Piracy", "Hidden Fortress", "Old Earth")
    for t in C.tiles[:9]:
        give(state, 0, t.development.name)
    assert len(state.players[0].tableau) == 12
    _end_round(state)
    assert state.stage == "over"


def test_x3_eleven_tiles_do_not_end_the_game() -> None:
    state = bare()
    give(state, 0, "Space Piracy", "Hidden Fortress", "Old Earth")
    for t in C.tiles[:8]:
        give(state, 0, t.development.name)
    for t in C.tiles[8:12]:
        stack(state, 0, t.world.name)  # construction-zone tiles never count
    state.players[0].citizenry = ["white"]  # a die to play on with
    _end_round(state)
    assert state.stage != "over" and state.round >= 2


def test_x3_exhausting_the_initial_vp_pool_ends_the_game() -> None:
    state = bare()
    state.vp_pool = 0
    state.pool_exhausted = True
    _end_round(state)
    assert state.stage == "over"


# ---- X4, X5, X15, X27: Ship ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("good", "shipper", "world", "vp"),
    [("blue", "purple", "blue", 3), ("blue", "blue", "blue", 3), ("white", "blue", "blue", 2),
     ("white", "white", "blue", 1), ("purple", "purple", "brown", 3), ("blue", "red", "blue", 2)],
)
def test_x4_consume_earns_one_plus_colour_matches_purple_matching_all(
    good: str, shipper: str, world: str, vp: int
) -> None:
    assert ship.consume_vp(good, shipper, world) == vp  # type: ignore[arg-type]


def _ship(state, seat, world, good, shipper, consume):  # type: ignore[no-untyped-def]
    enter(state, "ship", {seat: [shipper]})
    ship.advance(C, state, seat)
    index = next(i for i, b in enumerate(state.players[seat].tableau) if b.name == world)
    return ship.act(C, state, seat, ShipGood(world=index, colour=good, consume=consume))


def test_x4_consume_sends_both_dice_to_the_citizenry_and_takes_chips_from_the_pool() -> None:
    state = bare()
    give(state, 0, "Space Port", goods={"Space Port": ["blue"]})
    pool = state.vp_pool
    _ship(state, 0, "Space Port", "blue", "purple", consume=True)
    p = state.players[0]
    assert (p.vp, state.vp_pool, sorted(p.citizenry)) == (3, pool - 3, ["blue", "purple"])


@pytest.mark.parametrize(("world", "value"), [("Space Port", 3), ("Asteroid Belt", 4),
                                              ("Plague World", 5), ("Alien Robot Scout Ship", 6)])
def test_x5_trade_value_comes_from_the_world_colour(world: str, value: int) -> None:
    state = bare()
    give(state, 0, world, goods={world: ["white"]})
    _ship(state, 0, world, "white", "white", consume=False)
    assert state.players[0].credits == 1 + value


def test_x5_credits_over_ten_are_lost() -> None:
    state = bare()
    give(state, 0, "Plague World", goods={"Plague World": ["green"]})
    state.players[0].credits = 8
    _ship(state, 0, "Plague World", "green", "white", consume=False)
    assert state.players[0].credits == 10


def test_x15_organic_shipyards_green_shipper_consumes_a_blue_good_on_a_genes_world_for_2() -> None:
    state = bare()
    give(state, 0, "Organic Shipyards", "Plague World", goods={"Plague World": ["blue"]})
    enter(state, "ship", {})
    ship.act(C, state, 0, Shipper(colour="green", virtual=True))
    ship.act(C, state, 0, ShipGood(world=1, colour="blue", consume=True))
    assert state.players[0].vp == 2
    assert state.players[0].citizenry == ["blue"]  # a virtual shipper is not a die


def test_x15_the_green_virtual_shipper_gains_nothing_on_a_brown_world() -> None:
    state = bare()
    give(state, 0, "Organic Shipyards", "Asteroid Belt", goods={"Asteroid Belt": ["blue"]})
    enter(state, "ship", {})
    ship.act(C, state, 0, Shipper(colour="green", virtual=True))
    ship.act(C, state, 0, ShipGood(world=1, colour="blue", consume=True))
    assert state.players[0].vp == 1


@pytest.mark.parametrize(("credits", "after"), [(9, 10), (10, 10), (3, 5)])
def test_x27_stock_gains_two_credits_up_to_ten(credits: int, after: int) -> None:
    state = bare()
    state.players[0].credits = credits
    enter(state, "explore", {0: ["white"]})
    explore.act(C, state, 0, Stock(colour="white"))
    assert state.players[0].credits == after


# ---- X6, X7, X19, X24: Develop and Settle ---------------------------------------------------------


def test_x6_galactic_recycling_pays_for_the_next_development_not_itself() -> None:
    state = bare()
    stack(state, 0, "Galactic Recycling", "Advanced Logistics")
    enter(state, "develop", {0: ["white"] * 4})
    build.advance(C, state, 0, "develop")
    p = state.players[0]
    assert [b.name for b in p.tableau] == ["Galactic Recycling", "Advanced Logistics"]
    assert (len(p.citizenry), p.cup, p.credits) == (3, ["white"], 2)


def test_x7_public_works_pays_for_each_later_development() -> None:
    state = bare()
    stack(state, 0, "Public Works", "Advanced Logistics", "Diversification")
    enter(state, "develop", {0: ["white"] * 3})
    build.advance(C, state, 0, "develop")
    assert state.players[0].credits == 1 + 2


def test_x19_workers_stay_on_top_when_their_tile_is_returned_and_complete_the_next_develop() -> None:
    state = bare()
    stack(state, 0, "Conscription", "Galactic Recycling")  # cost 4, then cost 2
    p = state.players[0]
    p.dev_dice = ["red", "red"]
    enter(state, "explore", {0: ["white"]})
    explore.act(C, state, 0, Scout(colour="white"))
    explore.act(C, state, 0, ReturnTile(position=0))
    assert p.dev_stack == [tile_id("Galactic Recycling")] and p.dev_dice == ["red", "red"]
    assert [b.name for b in p.tableau] == []  # nothing moves during Explore
    explore.act(C, state, 0, Draw())
    for t in list(p.work.drawn):
        explore.act(C, state, 0, PlaceTile(tile=t, as_world=True))
    enter(state, "develop", {0: ["white"]})
    build.advance(C, state, 0, "develop")
    assert p.tableau[0].name == "Galactic Recycling"
    assert sorted(p.citizenry) == ["red", "red", "white"]  # the explorer, then the completers


def test_x24_settling_planetary_nebula_brings_a_brown_good() -> None:
    state = bare()
    stack(state, 0, "Planetary Nebula")
    enter(state, "settle", {0: ["white"] * 3})
    build.advance(C, state, 0, "settle")
    p = state.players[0]
    assert p.tableau[0].name == "Planetary Nebula" and p.tableau[0].goods == ["brown"]
    assert p.citizenry == ["white"] * 3


def test_settle_surplus_settlers_move_to_the_next_world_and_leftovers_to_the_cup() -> None:
    state = bare()
    stack(state, 0, "Star Nomad Lair", "Secluded World")  # cost 1, then cost 1
    enter(state, "settle", {0: ["white"] * 3})
    build.advance(C, state, 0, "settle")
    p = state.players[0]
    assert len(p.tableau) == 2 and p.cup == ["white"]


def test_developers_on_an_incomplete_tile_stay_there() -> None:
    state = bare()
    stack(state, 0, "Conscription")
    enter(state, "develop", {0: ["white", "white"]})
    build.advance(C, state, 0, "develop")
    p = state.players[0]
    assert p.dev_dice == ["white", "white"] and not p.tableau and state.players[0].work.done


def test_the_owner_chooses_which_dice_complete_an_over_full_tile() -> None:
    state = bare()
    stack(state, 0, "Galactic Recycling", "Conscription")
    p = state.players[0]
    p.dev_dice = ["red", "white", "blue"]
    enter(state, "develop", {0: []})
    build.advance(C, state, 0, "develop")
    build.act(C, state, 0, "develop", Completer(colour="red"))
    build.act(C, state, 0, "develop", Completer(colour="blue"))
    build.advance(C, state, 0, "develop")
    assert p.tableau[0].name == "Galactic Recycling"
    assert sorted(p.citizenry) == ["blue", "red"] and p.dev_dice == ["white"]


# ---- X10: discounts ---------------------------------------------------------------------------


@pytest.mark.parametrize(("world", "ftz", "both"), [("High-Gravity World", 1, 1), ("Fifth Column", 1, 1),
                                                    ("Sentient Robots", 2, 1), ("Trading World", 2, 1),
                                                    ("Tourist World", 2, 1), ("Terraformed World", 3, 2),
                                                    ("Galactic Trendsetters", 4, 3)])
def test_x10_free_trade_zone_then_replicant_robots(world: str, ftz: int, both: int) -> None:
    state = bare()
    p = state.players[0]
    side = C.by_name[world]
    give(state, 0, "Free Trade Zone")
    assert effective_cost(C, p, side) == ftz
    give(state, 0, "Replicant Robots")
    assert effective_cost(C, p, side) == both
    assert score(C, p) == 3 + 4  # scoring uses printed costs


def test_x10_free_trade_zone_does_not_discount_coloured_worlds() -> None:
    state = bare()
    give(state, 0, "Free Trade Zone")
    assert effective_cost(C, state.players[0], C.by_name["Mining World"]) == 3


# ---- X11: Mad Scientists -------------------------------------------------------------------------


@pytest.mark.parametrize(("mine", "theirs", "dice"), [(0, 0, 1), (2, 1, 2), (2, 2, 1), (1, 2, 0)])
def test_x11_mad_scientists_compares_novelty_worlds(mine: int, theirs: int, dice: int) -> None:
    state = bare()
    blues = ["Space Port", "Gem World", "Spice World", "New Vinland"]
    give(state, 0, "Mad Scientists", *blues[:mine])
    give(state, 1, *blues[mine:mine + theirs])
    power = C.by_name["Mad Scientists"].power
    assert power is not None
    assert limit(C, state, 0, power) == dice


# ---- X8, X12, X13: end-of-phase income -----------------------------------------------------------


@pytest.mark.parametrize(("reds", "credits"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_x8_space_piracy_pays_per_two_red_citizens_rounded_up(reds: int, credits: int) -> None:
    state = bare()
    give(state, 0, "Space Piracy")
    state.players[0].citizenry = ["red"] * reds + ["white"]
    state.players[0].credits = 0
    phase_end.apply(C, state, "ship")
    assert state.players[0].credits == credits


def test_x12_space_tourism_pays_two_when_owning_every_highest_world() -> None:
    state = bare()
    give(state, 0, "Space Tourism", "Alien Sentinels", "Galactic Trendsetters")
    give(state, 1, "Mining World")
    phase_end.apply(C, state, "ship")
    assert state.players[0].credits == 1 + 2


def test_x12_space_tourism_pays_one_when_another_owns_a_highest_world() -> None:
    state = bare()
    give(state, 0, "Space Tourism", "Alien Sentinels")
    give(state, 1, "Lost Alien Battle Fleet")
    phase_end.apply(C, state, "ship")
    assert state.players[0].credits == 1 + 1


def test_x13_genetics_lab_counts_green_goods_not_green_worlds() -> None:
    state = bare()
    give(state, 0, "Genetics Lab", "Space Port", "Plague World",
         goods={"Space Port": ["green"], "Plague World": ["blue"]})
    phase_end.apply(C, state, "produce")
    assert state.players[0].credits == 1 + 2


# ---- X14, X25: Produce ---------------------------------------------------------------------------


def test_x14_galactic_reserves_lets_a_world_hold_two_goods_of_any_colours() -> None:
    state = bare()
    give(state, 0, "Galactic Reserves", "Asteroid Belt")
    enter(state, "produce", {0: ["blue", "brown"]})
    produce.act(C, state, 0, Produce(colour="blue", world=1))
    produce.act(C, state, 0, Produce(colour="brown", world=1))
    assert state.players[0].tableau[1].goods == ["blue", "brown"]


def test_x14_without_galactic_reserves_a_world_holds_one_good() -> None:
    state = bare()
    give(state, 0, "Asteroid Belt", goods={"Asteroid Belt": ["white"]})
    enter(state, "produce", {0: ["brown"]})
    with pytest.raises(RuleError):
        produce.act(C, state, 0, Produce(colour="brown", world=0))


def test_x25_a_producer_without_a_free_non_gray_world_returns_to_the_cup() -> None:
    state = bare()
    give(state, 0, "Space Port", "Plague World", "Old Earth", "Asteroid Belt",
         goods={"Asteroid Belt": ["brown"]})
    enter(state, "produce", {0: ["white", "white", "white"]})
    produce.act(C, state, 0, Produce(colour="white", world=0))
    produce.advance(C, state, 0)
    p = state.players[0]
    assert p.tableau[1].goods == ["white"] and p.cup == ["white"] and p.work.done


# ---- X16, X17, X18: Explore and the bag -------------------------------------------------------------


def test_x16_when_the_bag_runs_out_the_returned_tiles_refill_it() -> None:
    state = bare(3)
    state.bag, state.pile = [1], [2, 3]
    state.players[0].dev_stack = [4]
    enter(state, "explore", {0: ["white"]})
    explore.act(C, state, 0, Scout(colour="white"))
    explore.act(C, state, 0, ReturnTile(position=0))
    explore.act(C, state, 0, Draw())
    drawn = state.players[0].work.drawn
    assert drawn[0] == 1 and drawn[1] in (2, 3, 4)
    assert sorted(state.bag + drawn[1:]) == [2, 3, 4] and state.pile == []


def test_x17_when_bag_and_pile_are_empty_large_zones_give_a_tile_back() -> None:
    state = bare(3)
    state.timing = [0, 1, 2]
    state.bag, state.pile = [], []
    state.players[0].dev_stack = [1, 2]
    state.players[1].dev_stack = [3, 4, 5, 6]
    state.players[2].dev_stack = [7, 8, 9]
    enter(state, "explore", {0: ["white"]})
    for s in (1, 2):
        state.players[s].work.done = True
    state = ENGINE.apply(state, 0, Scout(colour="white"))[0]
    state = ENGINE.apply(state, 0, ReturnTile(position=0))[0]
    state = ENGINE.apply(state, 0, Draw())[0]
    p = state.players[0]
    assert p.work.drawn == [1] and p.work.owed == 1
    state = ENGINE.apply(state, 0, PlaceTile(tile=1, as_world=False))[0]
    assert state.giveback == [1, 2] and set(ENGINE.pending(state)) == {1}
    state = ENGINE.apply(state, 1, GiveBack(position=3))[0]
    assert set(ENGINE.pending(state)) == {2}
    state = ENGINE.apply(state, 2, GiveBack(position=0))[0]
    p = state.players[0]
    assert len(p.work.drawn) == 1 and p.work.drawn[0] in (6, 7)
    state = ENGINE.apply(state, 0, PlaceTile(tile=p.work.drawn[0], as_world=True))[0]
    sizes = [len(q.dev_stack) + len(q.world_stack) for q in state.players]
    assert sizes == [3, 3, 2]
    assert len(state.bag) == 1


def test_x18_three_consecutive_scouts_draw_one_more_than_returned() -> None:
    state = bare()
    stack(state, 0, "Public Works", "Space Port")
    p = state.players[0]
    enter(state, "explore", {0: ["white"] * 3})
    explore.act(C, state, 0, Scout(colour="white"))
    explore.act(C, state, 0, Draw())
    n1 = p.work.drawn[0]
    explore.act(C, state, 0, PlaceTile(tile=n1, as_world=True))
    assert (len(p.dev_stack) + len(p.world_stack), len(state.pile)) == (3, 0)
    assert p.world_stack[-1] == n1  # at the bottom
    explore.act(C, state, 0, Scout(colour="white"))
    explore.act(C, state, 0, ReturnTile(position=2))  # N1, drawn by the previous Scout
    explore.act(C, state, 0, Draw())
    n2, n3 = p.work.drawn
    explore.act(C, state, 0, PlaceTile(tile=n2, as_world=False))
    explore.act(C, state, 0, PlaceTile(tile=n3, as_world=True))
    assert (len(p.dev_stack) + len(p.world_stack), len(state.pile)) == (4, 1)
    explore.act(C, state, 0, Scout(colour="white"))
    explore.act(C, state, 0, ReturnTile(position=0))
    explore.act(C, state, 0, ReturnTile(position=2))
    explore.act(C, state, 0, Draw())
    assert len(p.work.drawn) == 3
    for t in list(p.work.drawn):
        explore.act(C, state, 0, PlaceTile(tile=t, as_world=False))
    assert (len(p.dev_stack) + len(p.world_stack), len(state.pile)) == (5, 3)
    bag = len(state.bag)
    state.players[1].work.done = True
    explore.advance(C, state, 0)
    flow.maybe_end_phase(C, state)
    assert len(state.bag) == bag + 3 and state.pile == []


def test_improved_reconnaissance_may_place_a_scouted_tile_on_top() -> None:
    state = bare()
    give(state, 0, "Improved Reconnaissance")
    stack(state, 0, "Public Works")
    enter(state, "explore", {0: ["white"]})
    explore.act(C, state, 0, Scout(colour="white"))
    explore.act(C, state, 0, Draw())
    t = state.players[0].work.drawn[0]
    explore.act(C, state, 0, PlaceTile(tile=t, as_world=False, top=True))
    assert state.players[0].dev_stack[0] == t


def test_without_improved_reconnaissance_no_tile_goes_on_top() -> None:
    state = bare()
    enter(state, "explore", {0: ["white"]})
    explore.act(C, state, 0, Scout(colour="white"))
    explore.act(C, state, 0, Draw())
    with pytest.raises(RuleError):
        explore.act(C, state, 0, PlaceTile(tile=state.players[0].work.drawn[0], as_world=False, top=True))


# ---- X20, X21, X22, X23: the round --------------------------------------------------------------


def _assign(state, seat, dice):  # type: ignore[no-untyped-def]
    """Give ``seat`` rolled dice (colour, face) in Assign."""
    state.stage = "assign"
    a = AssignState(dice=[AssignDie(colour=c, face=f, column=None if f == "wild" else f) for c, f in dice])
    state.players[seat].assign = a


def _confirm_with(state, seat, phase, colour, column, events=None):  # type: ignore[no-untyped-def]
    state = ENGINE.apply(state, seat, Select(phase=phase))[0]
    state = ENGINE.apply(state, seat, PickDie(colour=colour, column=column))[0]
    state, more = ENGINE.apply(state, seat, Confirm())
    if events is not None:
        events += more
    return state


def test_x20_removing_the_only_phase_selecting_die_does_not_cancel_the_phase() -> None:
    state = bare(3)
    stack(state, 0, "Conscription")
    give(state, 1, "Space Port", goods={"Space Port": ["blue"]})
    _assign(state, 0, [("white", "develop")] * 4 + [("purple", "ship")])
    _assign(state, 1, [("white", "develop")])
    state = _confirm_with(state, 0, "ship", "purple", "ship")
    state = _confirm_with(state, 1, "develop", "white", "develop")
    assert state.selected == ["develop", "ship"] and state.phase == "develop"
    prompt = ENGINE.pending(state)[0]
    remove = RemoveDie(place="column", index=4, colour="purple")
    assert remove in [o.action for o in prompt.options]
    before = state.supply["purple"]
    state, events = ENGINE.apply(state, 0, remove)
    assert any(e.message.key == "rftg.event.phase" and e.message.params["phase"] == "@rftg.phase.ship"
               for e in events)
    assert state.supply["purple"] == before + 1
    assert state.players[0].cup.count("red") == 2


def test_x21_the_two_player_phase_die_adds_an_unselected_phase() -> None:
    state = bare(2, seed=5)
    _assign(state, 0, [("white", "develop")])
    _assign(state, 1, [("white", "settle"), ("white", "explore")])
    events: list = []  # type: ignore[type-arg]
    state = _confirm_with(state, 0, "develop", "white", "develop", events)
    state = _confirm_with(state, 1, "settle", "white", "settle", events)
    die = next(e.message.params["phase"] for e in events if e.message.key == "rftg.event.phase_die")
    run = {e.message.params["phase"] for e in events if e.message.key == "rftg.event.phase"}
    assert run == {"@rftg.phase.develop", "@rftg.phase.settle", die}


def test_x22_dictate_puts_a_die_aside_and_moves_another() -> None:
    state = bare()
    _assign(state, 0, [("white", "ship"), ("white", "explore"), ("white", "develop")])
    state = ENGINE.apply(state, 0, Select(phase="develop"))[0]
    state = ENGINE.apply(state, 0, PickDie(colour="white", column="develop"))[0]
    state = ENGINE.apply(state, 0, Dictate())[0]
    state = ENGINE.apply(state, 0, PickDie(colour="white", column="ship"))[0]
    state = ENGINE.apply(state, 0, PickDie(colour="white", column="explore"))[0]
    state = ENGINE.apply(state, 0, ToColumn(phase="produce"))[0]
    a = state.players[0].assign
    assert a is not None
    assert [(d.column, d.where) for d in a.dice] == [("ship", "dictate"), ("produce", "column"),
                                                      ("develop", "select")]
    assert not any(o.action.kind == "dictate" for o in ENGINE.pending(state)[0].options)


def test_x23_local_subsidies_moves_one_white_worker_any_face_once_per_round() -> None:
    state = bare()
    give(state, 0, "Local Subsidies")
    _assign(state, 0, [("white", "ship"), ("red", "explore"), ("white", "develop")])
    state = ENGINE.apply(state, 0, Select(phase="develop"))[0]
    state = ENGINE.apply(state, 0, PickDie(colour="white", column="develop"))[0]
    state = ENGINE.apply(state, 0, UsePower(tile=0))[0]
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, PickDie(colour="red", column="explore"))
    state = ENGINE.apply(state, 0, PickDie(colour="white", column="ship"))[0]
    state = ENGINE.apply(state, 0, ToColumn(phase="settle"))[0]
    assert not any(o.action.kind == "power" for o in ENGINE.pending(state)[0].options)


def test_a_recruit_costs_one_credit_so_no_die_is_recruited_at_zero_credits() -> None:
    """Rulebook p. 8: recruit by paying $1 per die until the Citizenry is empty or the credits run
    out; $0 after recruiting becomes $1. At $0 with dice of several colours nothing is recruited."""
    state = bare()
    p = state.players[0]
    p.credits, p.citizenry = 0, ["white", "red"]
    _manage(state, 0)
    assert sorted(p.citizenry) == ["red", "white"]
    assert p.cup == []
    assert p.credits == 1
    assert p.work.recruited


def test_a_recruit_is_refused_when_no_credit_is_left_to_pay_it() -> None:
    """Rulebook p. 8: a recruit costs $1; with $0 a Recruit action changes nothing."""
    state = bare()
    p = state.players[0]
    p.credits, p.citizenry = 0, ["white", "red"]
    state.stage, state.phase = "manage", None
    with pytest.raises(RuleError):
        manage.act(C, state, 0, Recruit(colour="red"))
    assert (p.credits, sorted(p.citizenry), p.cup) == (0, ["red", "white"], [])


def test_a_tie_on_vp_is_broken_by_cup_dice_plus_credits_and_the_result_says_so() -> None:
    """Rulebook p. 8: tied players compare dice in their cup plus credits."""
    state = bare(3)
    for p in state.players:
        p.vp = 5
    state.players[0].cup, state.players[0].credits = ["white"], 2  # 3
    state.players[1].cup, state.players[1].credits = ["white", "red"], 3  # 5
    state.players[2].vp = 1
    res = result(C, state)
    assert res.ranks == {0: 2, 1: 1, 2: 3}
    assert [m.key for m in res.tiebreak] == ["rftg.tiebreak.won"]
    said = res.tiebreak[0]
    assert said.params["vp"] == 5
    assert [(m.params["seat"], m.params["count"]) for m in said.params["seats"]] == [(0, 3), (1, 5)]


def test_a_tie_also_on_cup_dice_plus_credits_is_a_shared_victory() -> None:
    state = bare(2)
    for p in state.players:
        p.vp, p.credits = 4, 2
    res = result(C, state)
    assert res.ranks == {0: 1, 1: 1}
    assert [m.key for m in res.tiebreak] == ["rftg.tiebreak.shared"]


def test_without_a_tie_no_tie_break_is_told() -> None:
    state = bare(2)
    state.players[0].vp = 3
    assert result(C, state).tiebreak == ()


def test_the_end_tells_each_seats_score_by_source() -> None:
    """Rulebook p. 8: VP chips, the printed costs of the tableau and the 6+ bonuses."""
    from rules.rftg.scoring import final_events

    state = bare(2)
    give(state, 0, "Space Piracy", "Hidden Fortress")
    state.players[0].vp = 4
    said = [e.message for e in final_events(C, state)]
    assert said[0].key == "rftg.event.final_score"
    assert (said[0].params["vp"], said[0].params["chips"], said[0].params["tiles"]) == (6, 4, 2)
