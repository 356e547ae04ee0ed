"""Every tile power (spec §8.3, data file), one behaviour per test."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.rftg import build, explore, flow, phase_end, produce, ship
from rules.rftg.actions import (
    Bankers,
    Confirm,
    Dictate,
    DictateWith,
    Finish,
    MoveDie,
    MoveTile,
    PickDie,
    PlaceTile,
    PlaceWorker,
    Rearrange,
    RemoveDie,
    Scout,
    Select,
    ShipGood,
    Stock,
    ToColumn,
    ToCup,
    UsePower,
)
from rules.rftg.options import Options
from rules.rftg.scoring import bonus, score
from rules.rftg.setup import setup
from rules.rftg.tableau import effective_cost

from .helpers import ENGINE, C, bare, columns, enter, give, options, play, rolled, stack, tile_id

# ---- Reassign powers (Assign) ----------------------------------------------------------------------


def _selected(state, seat, dice, phase, colour, column, *tiles):  # type: ignore[no-untyped-def]
    give(state, seat, *tiles)
    rolled(state, seat, dice)
    return play(state, seat, Select(phase=phase), PickDie(colour=colour, column=column))


def _power_index(state, seat, name):  # type: ignore[no-untyped-def]
    return next(i for i, b in enumerate(state.players[seat].tableau) if b.name == name)


def test_a_reassign_power_needs_a_selected_phase_first() -> None:
    state = bare()
    give(state, 0, "Galactic Influence")
    rolled(state, 0, [("white", "explore"), ("white", "ship")])
    assert not any(isinstance(a, UsePower) for a in options(state, 0))
    with pytest.raises(RuleError):
        play(state, 0, UsePower(tile=0))


def test_galactic_influence_moves_one_worker_to_any_phase() -> None:
    state = _selected(
        bare(), 0, [("red", "explore"), ("white", "ship")], "ship", "white", "ship", "Galactic Influence"
    )
    state = play(
        state, 0, UsePower(tile=0), PickDie(colour="red", column="explore"), ToColumn(phase="settle")
    )
    assert ("settle", "red", "column") in columns(state, 0)


def test_colonial_affinity_moves_one_worker_to_settle_only() -> None:
    state = _selected(
        bare(), 0, [("red", "explore"), ("white", "ship")], "ship", "white", "ship", "Colonial Affinity"
    )
    state = play(state, 0, UsePower(tile=0), PickDie(colour="red", column="explore"))
    assert ("settle", "red", "column") in columns(state, 0)


@pytest.mark.parametrize(
    ("tile", "target"), [("Technology Affinity", "develop"), ("Shipping Affinity", "ship")]
)
def test_affinities_move_one_worker_to_their_phase(tile: str, target: str) -> None:
    state = _selected(
        bare(), 0, [("red", "settle"), ("white", "produce")], "produce", "white", "produce", tile
    )
    state = play(state, 0, UsePower(tile=0), PickDie(colour="red", column="settle"))
    assert (target, "red", "column") in columns(state, 0)


def test_operations_affinity_moves_one_worker_to_explore_or_produce() -> None:
    state = _selected(
        bare(), 0, [("red", "settle"), ("white", "ship")], "ship", "white", "ship", "Operations Affinity"
    )
    state = play(state, 0, UsePower(tile=0), PickDie(colour="red", column="settle"))
    assert sorted(a.phase for a in options(state, 0) if isinstance(a, ToColumn)) == ["explore", "produce"]


def test_diversification_moves_only_a_white_explorer() -> None:
    state = _selected(
        bare(),
        0,
        [("white", "explore"), ("white", "ship"), ("red", "explore")],
        "ship",
        "white",
        "ship",
        "Diversification",
    )
    state = play(state, 0, UsePower(tile=0))
    picks = [a for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))]
    assert {(a.colour, a.column) for a in picks} == {("white", "explore")}


def test_hydroponics_guild_moves_a_blue_or_green_worker() -> None:
    state = _selected(
        bare(),
        0,
        [("blue", "ship"), ("green", "settle"), ("red", "develop"), ("white", "explore")],
        "explore",
        "white",
        "explore",
        "Hydroponics Guild",
    )
    state = play(state, 0, UsePower(tile=0))
    assert {a.colour for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))} == {"blue", "green"}


def test_space_mercenaries_moves_a_red_or_brown_worker() -> None:
    state = _selected(
        bare(),
        0,
        [("blue", "ship"), ("brown", "develop"), ("red", "settle"), ("white", "explore")],
        "explore",
        "white",
        "explore",
        "Space Mercenaries",
    )
    state = play(state, 0, UsePower(tile=0))
    assert {a.colour for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))} == {"brown", "red"}


def test_system_diversification_moves_one_or_two_non_white_workers() -> None:
    state = _selected(
        bare(),
        0,
        [("blue", "ship"), ("white", "develop"), ("red", "settle"), ("white", "explore")],
        "explore",
        "white",
        "explore",
        "System Diversification",
    )
    state = play(state, 0, UsePower(tile=0))
    assert {a.colour for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))} == {"blue", "red"}
    state = play(
        state,
        0,
        PickDie(colour="blue", column="ship"),
        ToColumn(phase="produce"),
        PickDie(colour="red", column="settle"),
        ToColumn(phase="develop"),
    )
    assert ("produce", "blue", "column") in columns(state, 0) and ("develop", "red", "column") in columns(
        state, 0
    )


def test_nanotechnology_may_stop_after_one_die() -> None:
    state = _selected(
        bare(),
        0,
        [("red", "settle"), ("red", "develop"), ("white", "explore")],
        "explore",
        "white",
        "explore",
        "Nanotechnology",
    )
    state = play(state, 0, UsePower(tile=0), PickDie(colour="red", column="settle"), ToColumn(phase="ship"))
    assert Finish() in options(state, 0)
    state = play(state, 0, Finish())
    assert Confirm() in options(state, 0)


def test_isolation_policy_moves_up_to_two_explorers() -> None:
    state = _selected(
        bare(),
        0,
        [("red", "explore"), ("blue", "explore"), ("white", "ship"), ("red", "develop")],
        "ship",
        "white",
        "ship",
        "Isolation Policy",
    )
    state = play(state, 0, UsePower(tile=0))
    assert {a.column for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))} == {"explore"}


@pytest.mark.parametrize("tile", ["Propaganda Campaign", "Homeworld Patriotism"])
def test_selected_phase_powers_move_dice_into_the_selected_column(tile: str) -> None:
    state = _selected(
        bare(),
        0,
        [("white", "explore"), ("white", "ship"), ("white", "settle")],
        "settle",
        "white",
        "settle",
        tile,
    )
    state = play(state, 0, UsePower(tile=0), PickDie(colour="white", column="explore"))
    assert ("settle", "white", "column") in columns(state, 0)


def test_homeworld_patriotism_moves_only_white_workers() -> None:
    state = _selected(
        bare(),
        0,
        [("red", "explore"), ("white", "ship"), ("white", "settle")],
        "settle",
        "white",
        "settle",
        "Homeworld Patriotism",
    )
    state = play(state, 0, UsePower(tile=0))
    assert {a.colour for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))} == {"white"}


def test_executive_power_moves_exactly_two_dice_from_one_column_to_the_selected_phase() -> None:
    state = _selected(
        bare(),
        0,
        [
            ("red", "explore"),
            ("blue", "explore"),
            ("white", "ship"),
            ("green", "produce"),
            ("white", "settle"),
        ],
        "settle",
        "white",
        "settle",
        "Executive Power",
    )
    state = play(state, 0, UsePower(tile=0))
    assert {a.column for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))} == {"explore"}
    state = play(state, 0, PickDie(colour="red", column="explore"))
    assert Finish() not in options(state, 0)
    state = play(state, 0, PickDie(colour="blue", column="explore"))
    assert [c for c, _, w in columns(state, 0)].count("settle") == 3


def test_mad_scientists_with_no_novelty_worlds_anywhere_moves_one_die() -> None:
    state = _selected(
        bare(),
        0,
        [("red", "explore"), ("blue", "develop"), ("white", "ship")],
        "ship",
        "white",
        "ship",
        "Mad Scientists",
    )
    state = play(
        state, 0, UsePower(tile=0), PickDie(colour="red", column="explore"), ToColumn(phase="settle")
    )
    assert not any(isinstance(a, (PickDie, Finish)) for a in options(state, 0))


def test_each_reassign_power_is_used_once_per_round() -> None:
    state = _selected(
        bare(),
        0,
        [("red", "explore"), ("blue", "develop"), ("white", "ship")],
        "ship",
        "white",
        "ship",
        "Galactic Influence",
    )
    state = play(
        state, 0, UsePower(tile=0), PickDie(colour="red", column="explore"), ToColumn(phase="settle")
    )
    with pytest.raises(RuleError):
        play(state, 0, UsePower(tile=0))


def test_the_selection_die_cannot_be_reassigned() -> None:
    state = _selected(
        bare(), 0, [("white", "ship"), ("red", "settle")], "ship", "white", "ship", "Galactic Influence"
    )
    state = play(state, 0, UsePower(tile=0))
    assert {(a.colour, a.column) for a in options(state, 0) if isinstance(a, (PickDie, MoveDie))} == {
        ("red", "settle")
    }


def test_backup_planning_allows_a_second_dictate() -> None:
    state = _selected(
        bare(),
        0,
        [("white", "ship"), ("red", "settle"), ("red", "explore"), ("white", "develop"), ("blue", "produce")],
        "ship",
        "white",
        "ship",
        "Backup Planning",
    )
    state = play(
        state,
        0,
        Dictate(),
        PickDie(colour="red", column="settle"),
        PickDie(colour="red", column="explore"),
        ToColumn(phase="develop"),
    )
    assert any(isinstance(a, (Dictate, DictateWith)) for a in options(state, 0))


def test_galactic_mandate_lets_a_dictate_move_up_to_three_dice() -> None:
    state = _selected(
        bare(),
        0,
        [("white", "ship"), ("red", "settle"), ("red", "explore"), ("white", "develop"), ("blue", "produce")],
        "ship",
        "white",
        "ship",
        "Galactic Mandate",
    )
    state = play(
        state,
        0,
        Dictate(),
        PickDie(colour="red", column="settle"),
        PickDie(colour="red", column="explore"),
        ToColumn(phase="develop"),
    )
    assert Finish() in options(state, 0)
    state = play(
        state,
        0,
        PickDie(colour="blue", column="produce"),
        ToColumn(phase="develop"),
        PickDie(colour="white", column="develop"),
        ToColumn(phase="settle"),
    )
    assert Dictate() not in options(state, 0) and Confirm() in options(state, 0)


def test_undo_steps_back_and_reset_restores_the_roll() -> None:
    state = _selected(
        bare(), 0, [("white", "ship"), ("red", "settle"), ("red", "explore")], "ship", "white", "ship"
    )
    state = play(state, 0, Dictate(), PickDie(colour="red", column="settle"))
    from rules.rftg.actions import Reset, Undo

    undone = play(state, 0, Undo())
    assert ("settle", "red", "column") in columns(undone, 0)
    reset = play(state, 0, Reset())
    assert [w for _, _, w in columns(reset, 0)] == ["column"] * 3 and reset.players[0].assign.selected is None


def test_moves_after_an_undo_leave_the_states_before_it_as_they_were() -> None:
    """A state's Assign history is shared with the states copied from it: playing on after an
    Undo changes none of the earlier states."""
    state = _selected(
        bare(), 0, [("white", "ship"), ("red", "settle"), ("red", "explore")], "ship", "white", "ship"
    )
    state = play(state, 0, Dictate(), PickDie(colour="red", column="settle"))
    before = ENGINE.dump(state)
    from rules.rftg.actions import MoveDie, Undo

    undone = play(state, 0, Undo())
    play(undone, 0, PickDie(colour="red", column="explore"))
    play(undone, 0, PickDie(colour="red", column="settle"),
         MoveDie(colour="red", column="explore", to="develop"))
    assert ENGINE.dump(state) == before


def test_wild_dice_go_to_any_column_before_selection() -> None:
    state = bare()
    rolled(state, 0, [("red", "wild"), ("white", "ship")])
    assert not any(isinstance(a, Select) for a in options(state, 0))
    state = play(state, 0, ToColumn(phase="develop"))
    assert columns(state, 0)[0] == ("develop", "red", "column")


# ---- Explore --------------------------------------------------------------------------------------


def test_alien_archaeology_stocks_for_4_with_a_yellow_explorer() -> None:
    state = bare()
    give(state, 0, "Alien Archaeology")
    enter(state, "explore", {0: ["yellow", "white"]})
    explore.act(C, state, 0, Stock(colour="yellow"))
    explore.act(C, state, 0, Stock(colour="white"))
    assert state.players[0].credits == 1 + 4 + 2


def test_major_research_labs_gives_a_virtual_white_explorer() -> None:
    state = bare()
    give(state, 0, "Major Research Labs")
    enter(state, "explore", {})
    explore.act(C, state, 0, Stock(colour="white", virtual=True))
    assert state.players[0].credits == 3 and state.players[0].citizenry == []


def test_alien_research_ship_gives_virtual_white_and_yellow_explorers() -> None:
    state = bare()
    give(state, 0, "Alien Research Ship")
    enter(state, "explore", {})
    assert sorted(state.players[0].work.virtual) == ["white", "yellow"]


def test_alien_research_team_draws_a_tile_after_everyone_and_pays_for_a_yellow_scout() -> None:
    state = bare()
    give(state, 0, "Alien Research Team")
    state.players[1].work.done = True
    enter(state, "explore", {0: ["yellow"]})
    state.players[1].work.done = True
    explore.act(C, state, 0, Scout(colour="yellow"))
    from rules.rftg.actions import Draw

    explore.act(C, state, 0, Draw())
    explore.act(C, state, 0, PlaceTile(tile=state.players[0].work.drawn[0], as_world=True))
    explore.advance(C, state, 0)
    flow.maybe_end_phase(C, state)
    p = state.players[0]
    assert len(p.work.drawn) == 1 and p.credits == 2 and state.explore_end


def test_advanced_logistics_moves_a_tile_to_the_other_stack() -> None:
    state = bare()
    give(state, 0, "Advanced Logistics")
    stack(state, 0, "Public Works", "Space Port")
    enter(state, "explore", {0: ["white"]})
    explore.act(C, state, 0, Rearrange(position=-1))
    explore.act(C, state, 0, Rearrange(position=0))
    explore.act(C, state, 0, MoveTile(as_world=True, top=True))
    p = state.players[0]
    assert p.dev_stack == [] and p.world_stack == [tile_id("Public Works"), tile_id("Space Port")]


def test_technology_unions_pays_only_a_strict_leader_in_developments() -> None:
    state = bare()
    give(state, 0, "Technology Unions", "Public Works")
    give(state, 1, "Export Duties")
    phase_end.apply(C, state, "explore")
    assert state.players[0].credits == 2
    give(state, 1, "Space Docks")
    phase_end.apply(C, state, "produce")
    assert state.players[0].credits == 2


# ---- Develop and Settle ---------------------------------------------------------------------------


def test_investment_credits_discounts_later_developments_to_at_least_one() -> None:
    state = bare()
    give(state, 0, "Investment Credits")
    p = state.players[0]
    assert effective_cost(C, p, C.by_name["Conscription"]) == 3
    assert effective_cost(C, p, C.by_name["Public Works"]) == 1


def test_biological_adaptation_discounts_only_reassign_developments() -> None:
    state = bare()
    give(state, 0, "Biological Adaptation", "Investment Credits")
    p = state.players[0]
    assert effective_cost(C, p, C.by_name["Propaganda Campaign"]) == 2
    assert effective_cost(C, p, C.by_name["Conscription"]) == 3


def test_alien_uplift_blueprints_discounts_green_and_yellow_worlds() -> None:
    state = bare()
    give(state, 0, "Alien Uplift Blueprints")
    p = state.players[0]
    assert effective_cost(C, p, C.by_name["Plague World"]) == 2
    assert effective_cost(C, p, C.by_name["Mining World"]) == 3


def test_galactic_federation_sends_one_or_two_completers_to_the_cup() -> None:
    state = bare()
    give(state, 0, "Galactic Federation")
    stack(state, 0, "Galactic Recycling")
    enter(state, "develop", {0: ["red", "white"]})
    build.act(C, state, 0, "develop", PlaceWorker(colour="red"))
    build.advance(C, state, 0, "develop")
    prompt = build.prompt(C, state, 0, "develop")
    assert prompt is not None
    assert ToCup(first="red", second="white") in [o.action for o in prompt.options]
    build.act(C, state, 0, "develop", ToCup(first="red"))
    p = state.players[0]
    assert p.cup == ["red"] and p.citizenry == ["white"]


def test_new_galactic_order_sends_red_settlers_to_the_cup() -> None:
    state = bare()
    give(state, 0, "New Galactic Order")
    stack(state, 0, "Mining World")
    enter(state, "settle", {0: ["red", "red", "white"]})
    build.act(C, state, 0, "settle", PlaceWorker(colour="white"))
    build.advance(C, state, 0, "settle")
    p = state.players[0]
    assert sorted(p.cup) == ["red", "red"] and p.citizenry == ["white"]


def test_galactic_exchange_sends_one_or_two_settlers_to_the_cup() -> None:
    state = bare()
    give(state, 0, "Galactic Exchange")
    stack(state, 0, "Secluded World")
    enter(state, "settle", {0: ["green"]})
    build.advance(C, state, 0, "settle")
    assert state.players[0].cup == ["green"]


def test_terraforming_robots_pays_one_per_world_and_one_more_for_brown() -> None:
    state = bare()
    give(state, 0, "Terraforming Robots")
    stack(state, 0, "Asteroid Belt", "Space Port")
    enter(state, "settle", {0: ["white"] * 4})
    build.advance(C, state, 0, "settle")
    assert state.players[0].credits == 1 + 2 + 1


def test_galactic_recycling_pays_for_worlds_too() -> None:
    state = bare()
    give(state, 0, "Galactic Recycling")
    stack(state, 0, "Space Port")
    enter(state, "settle", {0: ["white"] * 2})
    build.advance(C, state, 0, "settle")
    assert state.players[0].credits == 2


@pytest.mark.parametrize(
    ("tile", "colour", "count", "credits"),
    [("Conscription", "red", 2, 0), ("Information Tech", "blue", 2, 0), ("Space Marines", "red", 1, 1)],
)
def test_immediate_developments_remove_a_die_then_add_dice(
    tile: str, colour: str, count: int, credits: int
) -> None:
    state = bare()
    stack(state, 0, tile)
    p = state.players[0]
    p.citizenry = ["white", "purple"]
    enter(state, "develop", {0: ["white"] * C.by_name[tile].cost})
    build.advance(C, state, 0, "develop")
    build.act(C, state, 0, "develop", RemoveDie(place="citizenry", colour="purple"))
    assert "purple" not in p.citizenry
    assert p.cup.count(colour) == count and p.credits == 1 + credits


@pytest.mark.parametrize(
    ("world", "cup", "citizenry", "credits"),
    [
        ("Rebel Miners", [], ["red", "red"], 0),
        ("Rebel Warrior Race", [], ["green", "red"], 0),
        ("Former Penal Colony", ["red"], [], 0),
    ],
)
def test_worlds_that_remove_a_die_then_grant_dice(
    world: str, cup: list[str], citizenry: list[str], credits: int
) -> None:
    state = bare()
    stack(state, 0, world)
    p = state.players[0]
    p.cup = ["purple"]
    enter(state, "settle", {0: ["white"] * C.by_name[world].cost})
    build.advance(C, state, 0, "settle")
    build.act(C, state, 0, "settle", RemoveDie(place="cup", colour="purple"))
    assert sorted(p.cup) == cup
    assert sorted(d for d in p.citizenry if d != "white") == citizenry


def test_a_world_with_credits_pays_them_when_settled() -> None:
    state = bare()
    stack(state, 0, "Alien Sentinels")
    enter(state, "settle", {0: ["white"] * 6})
    build.advance(C, state, 0, "settle")
    p = state.players[0]
    assert p.credits == 4 and p.cup == ["yellow"]


def test_galactic_investors_pays_at_the_end_of_the_develop_phase_it_is_built() -> None:
    state = bare()
    stack(state, 0, "Galactic Investors")
    enter(state, "develop", {0: ["white"] * 5})
    build.advance(C, state, 0, "develop")
    phase_end.apply(C, state, "develop")
    assert state.players[0].credits == 3


def test_galactic_religion_pays_per_blue_die_in_the_citizenry_after_develop() -> None:
    state = bare()
    give(state, 0, "Galactic Religion")
    state.players[0].citizenry = ["blue", "blue", "red"]
    phase_end.apply(C, state, "develop")
    assert state.players[0].credits == 3


def test_robot_surveyors_pays_two_at_the_end_of_settle() -> None:
    state = bare()
    give(state, 0, "Robot Surveyors")
    phase_end.apply(C, state, "settle")
    assert state.players[0].credits == 3


# ---- Produce --------------------------------------------------------------------------------------


def test_merchant_guild_consumer_markets_and_mining_league_pay_after_produce() -> None:
    state = bare()
    give(
        state,
        0,
        "Merchant Guild",
        "Consumer Markets",
        "Mining League",
        "Space Port",
        "Asteroid Belt",
        goods={"Space Port": ["white"], "Asteroid Belt": ["white"]},
    )
    state.players[0].credits = 0
    phase_end.apply(C, state, "produce")
    assert state.players[0].credits == 2 + 1 + 1


def test_gray_worlds_never_hold_goods() -> None:
    state = bare()
    give(state, 0, "Old Earth")
    assert produce.open_worlds(C, state, 0) == []


# ---- Ship -----------------------------------------------------------------------------------------


def _ship(state, good_world, good, shipper, consume, *tiles):  # type: ignore[no-untyped-def]
    give(state, 0, *tiles, good_world, goods={good_world: [good]})
    enter(state, "ship", {0: [shipper]})
    ship.advance(C, state, 0)
    if state.players[0].work.shipper is None:
        from rules.rftg.actions import Shipper

        ship.act(C, state, 0, Shipper(colour=shipper))
    ship.act(C, state, 0, ShipGood(world=len(state.players[0].tableau) - 1, colour=good, consume=consume))
    return state.players[0]


@pytest.mark.parametrize(
    ("tile", "world", "credits"),
    [
        ("Export Duties", "Space Port", 3 + 1),
        ("Galactic Demand", "Space Port", 3 + 2),
        ("Galactic Demand", "Asteroid Belt", 4),
        ("Jumpdrive Research", "Asteroid Belt", 4 + 1),
    ],
)
def test_trade_bonuses(tile: str, world: str, credits: int) -> None:
    p = _ship(bare(), world, "white", "white", False, tile)
    assert p.credits == 1 + credits


@pytest.mark.parametrize(
    ("tile", "world", "vp", "credits"),
    [
        ("Trade Levies", "Space Port", 1, 1),
        ("New Economy", "Space Port", 1, 2),
        ("Mining Industry", "Asteroid Belt", 1, 1),
        ("Mining Industry", "Space Port", 1, 0),
        ("Galactic Renaissance", "Space Port", 2, 0),
        ("Space Refineries", "Asteroid Belt", 2, 0),
        ("Space Refineries", "Space Port", 1, 0),
        ("Minor Research Labs", "Plague World", 2, 0),
        ("Minor Research Labs", "Space Port", 1, 0),
    ],
)
def test_consume_bonuses(tile: str, world: str, vp: int, credits: int) -> None:
    p = _ship(bare(), world, "white", "white", True, tile)
    assert (p.vp, p.credits) == (vp, 1 + credits)


def test_galactic_bankers_may_buy_one_vp_for_one_credit_after_a_trade() -> None:
    state = bare()
    p = _ship(state, "Space Port", "white", "white", False, "Galactic Bankers")
    assert p.work.bankers
    ship.act(C, state, 0, Bankers(buy=True))
    assert (p.credits, p.vp) == (3, 1)


def test_space_docks_gives_a_virtual_white_shipper() -> None:
    state = bare()
    give(state, 0, "Space Docks")
    enter(state, "ship", {})
    assert state.players[0].work.virtual == ["white"]


def test_galactic_salon_and_free_trade_association_pay_at_the_end_of_ship() -> None:
    state = bare()
    give(state, 0, "Galactic Salon", "Free Trade Association")
    pool = state.vp_pool
    phase_end.apply(C, state, "ship")
    assert (state.players[0].vp, state.players[0].credits, state.vp_pool) == (1, 3, pool - 1)


def test_the_vp_pool_running_out_sets_the_end_trigger() -> None:
    state = bare()
    state.vp_pool = 2
    _ship(state, "Space Port", "blue", "blue", True)
    assert state.pool_exhausted and state.vp_pool == 0 and state.vp_reserve == 9


# ---- Six-plus bonuses (spec §6) ---------------------------------------------------------------------


def test_galactic_bankers_bonus_counts_developments() -> None:
    state = bare()
    give(state, 0, "Galactic Bankers", "Public Works", "Space Port")
    assert score(C, state.players[0]) == 6 + 1 + 2 + 2


def test_new_economy_bonus_counts_developments_without_reassign() -> None:
    state = bare()
    give(state, 0, "New Economy", "Public Works", "Local Subsidies")
    assert score(C, state.players[0]) == 6 + 1 + 2 + 2


def test_galactic_exchange_bonus_counts_distinct_die_colours() -> None:
    state = bare()
    give(state, 0, "Galactic Exchange")
    state.players[0].cup = ["white", "red", "purple"]
    state.players[0].citizenry = ["purple"]
    assert score(C, state.players[0]) == 6 + 3


def test_free_trade_association_bonus_is_half_the_novelty_world_costs_rounded_up() -> None:
    state = bare()
    give(state, 0, "Free Trade Association", "Space Port", "Galactic Resort")
    assert score(C, state.players[0]) == 6 + 2 + 3 + 3


def test_mining_league_bonus_is_two_per_brown_world() -> None:
    state = bare()
    give(state, 0, "Mining League", "Asteroid Belt")
    assert score(C, state.players[0]) == 6 + 2 + 2


@pytest.mark.parametrize(("chips", "extra"), [(0, 0), (1, 1), (2, 1), (3, 2), (6, 3), (9, 3), (10, 4)])
def test_galactic_renaissance_bonus_is_triangular_in_vp_chips(chips: int, extra: int) -> None:
    state = bare()
    give(state, 0, "Galactic Renaissance")
    state.players[0].vp = chips
    assert score(C, state.players[0]) == 6 + chips + extra


def test_galactic_reserves_bonus_is_one_per_good() -> None:
    state = bare()
    give(state, 0, "Galactic Reserves", "Asteroid Belt", goods={"Asteroid Belt": ["white", "red"]})
    assert score(C, state.players[0]) == 6 + 2 + 2


def test_system_diversification_bonus_is_half_the_reassign_development_costs() -> None:
    state = bare()
    give(state, 0, "System Diversification", "Local Subsidies", "Public Works")
    assert score(C, state.players[0]) == 6 + 2 + 1 + 4


def test_galactic_federation_bonus_counts_the_faction_development() -> None:
    state = bare()
    give(state, 0, "Galactic Federation", "Space Piracy", "Hidden Fortress", "Public Works")
    sides = [C.by_name[b.name] for b in state.players[0].tableau]
    bonus_value = bonus(C, state.players[0], C.by_name["Galactic Federation"].endgame)  # type: ignore[arg-type]
    assert bonus_value == 3 and sum(s.cost for s in sides) == 9


# ---- Setup ------------------------------------------------------------------------------------------


def test_setup_gives_five_white_dice_and_the_world_grants() -> None:
    for seed in range(10):
        state = setup(C, 4, Options(), seed)
        for p in state.players:
            whites = (p.cup + p.citizenry).count("white")
            assert whites == 5 and len(p.tableau) in (3,)
            assert len(p.start_tiles) == 2 and not p.dev_stack
            if p.home == "Doomed World":
                assert p.credits == 8
            else:
                assert p.credits == 1


def test_destroyed_colony_gives_the_dice_of_both_its_worlds() -> None:
    for seed in range(40):
        state = setup(C, 5, Options(), seed)
        for p in state.players:
            if p.faction == 9:
                assert "purple" in p.cup and "red" in p.citizenry
                return
    raise AssertionError("no seed dealt faction 9")


def test_the_vp_pool_is_twelve_per_player_plus_a_reserve_of_ten() -> None:
    for players in (2, 3, 4, 5):
        state = setup(C, players, Options(), 1)
        assert (state.vp_pool, state.vp_reserve) == (12 * players, 10)


def test_first_game_shows_the_cheaper_development_then_the_cheaper_world() -> None:
    state = ENGINE.new_game(3, {"first_game": True}, 4)
    for p in state.players:
        dev = C.side_of(p.dev_stack[0], False).cost
        other = next(t.id for t in C.tiles if t.id in p.world_stack)
        assert dev <= C.side_of(other, False).cost
    assert state.stage == "assign"


def test_timing_order_starts_at_the_lowest_faction_and_goes_clockwise() -> None:
    state = setup(C, 4, Options(), 3)
    first = min(range(4), key=lambda s: state.players[s].faction)
    assert state.timing == [(first + i) % 4 for i in range(4)]


def test_removing_a_die_among_many_picks_the_place_first() -> None:
    from rules.rftg.actions import RemoveFrom

    state = bare()
    worlds = [
        "Space Port",
        "Galactic Resort",
        "Spice World",
        "New Vinland",
        "Asteroid Belt",
        "Plague World",
        "Mining World",
    ]
    give(state, 0, "Galactic Reserves", *worlds, goods={w: ["white", "red"] for w in worlds})
    stack(state, 0, "Conscription")
    p = state.players[0]
    p.cup = ["white", "red", "blue", "green"]
    p.citizenry = ["white", "red", "blue", "green", "brown", "purple"]
    p.world_dice = ["red", "blue"]
    enter(state, "develop", {0: ["white"] * 4})
    build.advance(C, state, 0, "develop")
    prompt = build.prompt(C, state, 0, "develop")
    assert prompt is not None and all(isinstance(o.action, RemoveFrom) for o in prompt.options)
    build.act(C, state, 0, "develop", RemoveFrom(place="good", index=3))
    prompt = build.prompt(C, state, 0, "develop")
    assert prompt is not None
    assert [o.action for o in prompt.options] == [
        RemoveDie(place="good", index=3, colour="white"),
        RemoveDie(place="good", index=3, colour="red"),
    ]
    build.act(C, state, 0, "develop", RemoveDie(place="good", index=3, colour="red"))
    assert p.tableau[3].goods == ["white"] and p.cup.count("red") == 3


def test_alien_research_team_with_an_empty_bag_and_pile_draws_nothing_and_explore_ends() -> None:
    state = bare()
    give(state, 0, "Alien Research Team")
    state.bag, state.pile = [], []
    state.selected = ["explore", "ship"]
    state.stage = "phase"
    for p in state.players:
        p.assign = None
        p.columns = {"explore": []}
    state.players[1].citizenry = ["white"]  # someone has a die for the next round
    flow.next_phase(C, state, None)
    assert state.stage == "assign" and state.round == 2 and not state.giveback
