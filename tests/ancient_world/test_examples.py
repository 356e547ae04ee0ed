"""The worked examples of spec §14 (S1–S18), each as a test named for it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.ancient_world import ENGINE, build_engine, scoring
from rules.ancient_world.actions import (
    Attack,
    Build,
    Citizen,
    Confirm,
    Done,
    Explore,
    Hungry,
    Outpost,
    Pass,
    Pay,
    Place,
    UseCard,
    UseCrane,
)
from rules.ancient_world.content import CONTENT_DIR
from rules.ancient_world.state import Citizen as Token
from rules.ancient_world.state import Space, StepKind
from rules.core import RuleError

from .helpers import (
    BLANK,
    CONTENT,
    ONE_COIN,
    ONE_TITAN,
    damage,
    give_empire,
    keys,
    new_game,
    option_actions,
    play,
    put_titan_on_top,
    rig_dice,
    set_army,
)


def _pass_all(state, players):  # type: ignore[no-untyped-def]
    """Every seat passes until the round ends (stopping at a pending decision)."""
    start = state.round
    while ENGINE.pending(state) and not state.steps and state.round == start:
        state, _ = play(state, state.current, Pass())
    return state


# ---- S1 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "coins", "empire_row"), [
    (2, [6, 7], 4), (3, [6, 7, 8], 5), (4, [6, 7, 8, 8], 6),
])
def test_s1_setup_coins_rows_and_starting_cards(players: int, coins: list[int], empire_row: int) -> None:
    state = new_game(players)
    assert [p.coins for p in state.players] == coins
    assert len(state.empire_row) == empire_row
    assert len(state.military_row) == players
    for p in state.players:
        assert p.owned == [1, 2, 3]
        assert [b.card for b in p.empire] == ["fishing_port", "wheat_fields"]
        assert [a.cards for a in p.armies] == [("city_guard",), ("militia",)]


def test_s1_extra_coins_follow_the_first_player_clockwise() -> None:
    state = ENGINE.new_game(4, {}, 2)
    first = state.first_player
    assert [state.players[(first + i) % 4].coins for i in range(4)] == [6, 7, 8, 8]


# ---- S2 ------------------------------------------------------------------------------------------


def test_s2_military_use_cost_is_coins_on_the_card_plus_one() -> None:
    state = new_game(3)
    set_army(state, 0, 0, "city_guard", picture=3)
    state.players[0].coins = 10
    state.players[0].conscription = 1
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, BLANK)
    state, _ = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm())
    army = state.players[0].armies[0]
    assert (army.picture_coins, army.name_coins) == (3, 4)
    assert state.players[0].coins == 6


# ---- S3 ------------------------------------------------------------------------------------------


def _timos(engine=ENGINE):  # type: ignore[no-untyped-def]
    state = new_game(3)
    set_army(state, 0, 0, "city_guard", "merkian_troops", picture=1)
    state.players[0].armies.pop(1)
    give_empire(state, 0, "watchtower", "city_walls")
    state.players[0].coins = 5
    deck = put_titan_on_top(state, "stone_being")
    return state, deck


def test_s3_timos_defeats_stone_being_with_merkian_troops() -> None:
    state, deck = _timos()
    rig_dice(state, BLANK, ONE_COIN)
    state, events = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm())
    timos = state.players[0]
    defeated = next(e for e in events if e.message.key.endswith("titan_defeated"))
    assert (defeated.message.params["total"], defeated.message.params["defence"]) == (8, 8)
    assert "stone_being" in timos.titans
    assert (timos.armies[0].picture_coins, timos.armies[0].name_coins) == (1, 2)
    roll = next(e for e in events if e.message.key.endswith("damage_roll"))
    assert roll.message.params["dice"] == 2
    assert timos.coins == 5 - 3
    assert state.titan_face_up[deck - 1] and state.titan_decks[deck - 1][0] != "stone_being"


def test_s3_a_swords_only_stone_being_would_resist_timos(tmp_path: Path) -> None:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    for titan in raw["titans"]:
        if titan["id"] == "stone_being":
            titan["arrows_allowed"] = False
    (tmp_path / "cards.json").write_text(json.dumps(raw), "utf-8")
    engine = build_engine(tmp_path)
    state, deck = _timos(engine)
    with pytest.raises(RuleError):
        engine.apply(state, 0, Attack(deck=deck))


# ---- S4 ------------------------------------------------------------------------------------------


def test_s4_starting_food_feeds_the_three_citizens() -> None:
    state = new_game(3)
    from rules.ancient_world import city

    assert all(city.food(CONTENT, p) == 3 for p in state.players)
    state = _pass_all(state, 3)
    assert state.round == 2
    assert all(p.hungry == [] for p in state.players)


# ---- S5 ------------------------------------------------------------------------------------------


def test_s5_grow_pays_three_and_citizen_four_goes_hungry() -> None:
    state = new_game(3)
    state.round = 2
    state.players[0].coins = 5
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.GROW))
    grower = state.players[0]
    assert grower.coins == 2
    assert grower.owned == [1, 2, 3, 4] and grower.hungry == [4]
    assert 4 not in grower.available()


def test_s5_feeding_check_after_grow_asks_who_goes_hungry() -> None:
    state = new_game(2)
    state.round = 2
    state.players[0].coins = 5
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.GROW), )
    state, _ = play(state, 1, Pass())
    state, _ = play(state, 0, Pass())
    assert state.steps[0].kind is StepKind.HUNGER and state.steps[0].count == 1
    state, _ = play(state, 0, Hungry(rank=2))
    assert state.players[0].hungry == [2]
    assert state.round == 3


# ---- S6 ------------------------------------------------------------------------------------------


def test_s6_citadel_gives_three_for_five_red_banners() -> None:
    state = new_game(2)
    give_empire(state, 0, "citadel", "crane", "zori_dramatists", "barracks")
    details = scoring.breakdown(CONTENT, state.players[0])
    assert details["special"] == 3


# ---- S7 ------------------------------------------------------------------------------------------


def test_s7_income_card_pays_a_coin_each_round_and_its_action_a_knowledge() -> None:
    state = new_game(2)
    give_empire(state, 0, "lamp_house")
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="lamp_house"))
    assert state.players[0].knowledge == 1
    state.players[0].coins = 0
    state.players[1].coins = 0
    state, _ = play(state, 1, Pass())
    state, _ = play(state, 0, Pass())
    assert state.players[0].coins == 6 and state.players[1].coins == 5


def test_s7_a_card_action_is_used_once_per_round() -> None:
    state = new_game(2)
    give_empire(state, 0, "lamp_house")
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="lamp_house"))
    state, _ = play(state, 1, Citizen(rank=1), Place(space=Space.WORK))
    state, _ = play(state, 0, Citizen(rank=2))
    assert UseCard(card="lamp_house") not in option_actions(state, 0)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, UseCard(card="lamp_house"))


# ---- S8 ------------------------------------------------------------------------------------------


def test_s8_rank_rule_against_an_opponent() -> None:
    state = new_game(2)
    state.spaces[Space.WORK].append(Token(seat=1, rank=2))
    for rank in (1, 2):
        state_, _ = play(state, 0, Citizen(rank=rank))
        with pytest.raises(RuleError):
            ENGINE.apply(state_, 0, Place(space=Space.WORK))
    state, _ = play(state, 0, Citizen(rank=3), Place(space=Space.WORK))
    assert [c.rank for c in state.spaces[Space.WORK]] == [2, 3]


def test_s8_rank_rule_against_my_own_citizen() -> None:
    state = new_game(2)
    state.players[0].owned = [1, 2, 3, 4]
    state.spaces[Space.WORK].append(Token(seat=0, rank=3))
    state.players[0].placed = [3]
    state, _ = play(state, 0, Citizen(rank=2))
    assert Place(space=Space.WORK) not in option_actions(state, 0)


# ---- S9 ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("present", "rank", "surcharge"), [
    ([], 1, 0), ([3], 1, 1), ([3], 4, 0), ([2, 4], 3, 1), ([3], 3, 1),
])
def test_s9_build_surcharge(present: list[int], rank: int, surcharge: int) -> None:
    state = new_game(2)
    state.players[0].owned = [1, 2, 3, 4]
    state.spaces[Space.BUILD] = [Token(seat=1, rank=r) for r in present]
    state.empire_row = ["granary"]
    state.players[0].coins = 10
    state, events = play(state, 0, Citizen(rank=rank), Place(space=Space.BUILD), Build(source="row", index=0))
    assert state.players[0].coins == 10 - surcharge - CONTENT.empire_card("granary").cost_coins
    paid = [e.message.params["coins"] for e in events if e.message.key.endswith(".surcharge")]
    assert paid == ([surcharge] if surcharge else [])


# ---- S10 -----------------------------------------------------------------------------------------


def test_s10_rebuild_takes_the_token_once_per_round() -> None:
    state = new_game(3)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.WORK))
    coins_b = state.players[1].coins
    state, _ = play(state, 1, Citizen(rank=1), Place(space=Space.REBUILD))
    assert (state.first_player, state.token_hand_up) == (1, True)
    assert state.players[1].coins == coins_b + 1
    coins_c = state.players[2].coins
    give_empire(state, 2, "town_hall")
    state, _ = play(state, 2, Citizen(rank=1), Place(space=Space.REBUILD))
    assert state.first_player == 1 and state.players[2].coins == coins_c + 1
    state, _ = play(state, 0, Citizen(rank=2), Place(space=Space.WORK))
    state, _ = play(state, 1, Pass())
    state, _ = play(state, 2, Citizen(rank=2), UseCard(card="town_hall"))
    assert state.first_player == 1
    state = _pass_all(state, 3)
    assert state.round == 2 and state.current == 1 and not state.token_hand_up


def test_s10_turn_order_does_not_change_when_the_token_moves() -> None:
    state = new_game(3)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.WORK))
    state, _ = play(state, 1, Citizen(rank=1), Place(space=Space.REBUILD))
    assert state.current == 2


# ---- S11 -----------------------------------------------------------------------------------------


def test_s11_a_titan_symbol_without_intact_cards_does_nothing() -> None:
    state = new_game(2)
    damage(state, 0)
    state.players[0].conscription = 5
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, ONE_TITAN)
    state, events = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm())
    assert "damage_roll" in keys(events)
    assert state.current == 1 and not state.steps


def test_s11_a_coin_symbol_at_zero_coins_does_nothing() -> None:
    state = new_game(2)
    state.players[0].coins = 1
    state.players[0].conscription = 5
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, ONE_COIN)
    state, events = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm())
    assert state.players[0].coins == 0
    roll = next(e for e in events if e.message.key.endswith("damage_roll"))
    assert roll.message.params["coins"] == 0


# ---- S12 -----------------------------------------------------------------------------------------


def test_s12_round_six_gives_no_income_but_feeds_and_scores_hunger() -> None:
    state = new_game(2)
    state.round = 6
    state.players[0].coins = 0
    damage(state, 0, 0, 1)
    state = _pass_all(state, 2)
    assert state.players[0].coins == 0
    assert state.steps[0].kind is StepKind.HUNGER and state.steps[0].count == 2
    state, _ = play(state, 0, Hungry(rank=1), Hungry(rank=2))
    assert state.over
    assert scoring.breakdown(CONTENT, state.players[0])["hunger"] == -4


# ---- S13 -----------------------------------------------------------------------------------------


def test_s13_conscription_counts_every_citizen_on_the_space() -> None:
    state = new_game(3)
    state.spaces[Space.CONSCRIPTION] = [Token(seat=1, rank=1), Token(seat=2, rank=2)]
    state, _ = play(state, 0, Citizen(rank=3), Place(space=Space.CONSCRIPTION))
    assert state.players[0].conscription == 3


# ---- S14 -----------------------------------------------------------------------------------------


def test_s14_explore_with_archivists_of_bol_draws_seven_and_stores_one() -> None:
    state = new_game(2)
    state.round = 2
    give_empire(state, 0, "archivists_of_bol")
    discard = len(state.empire_discard)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EXPLORE), Explore(mode="deck"))
    assert len(state.steps[0].cards) == 7
    from rules.ancient_world.actions import Store

    state, _ = play(state, 0, Store(index=0))
    assert len(state.players[0].stored) == 1
    assert len(state.empire_discard) == discard + 6


# ---- S15 -----------------------------------------------------------------------------------------


def test_s15_distant_outpost_makes_a_used_card_unused_again() -> None:
    state = new_game(2)
    give_empire(state, 0, "distant_outpost")
    set_army(state, 0, 0, "city_guard", name=1)
    state.current = 1
    state.players[1].coins = 5
    state, _ = play(state, 1, Citizen(rank=1), Place(space=Space.EDUCATE))
    assert state.steps[0].kind is StepKind.OUTPOST and state.steps[0].seat == 0
    state, _ = play(state, 0, Outpost(army=0, area="name"))
    army = state.players[0].armies[0]
    assert not army.used and army.use_cost == 1


# ---- S16 -----------------------------------------------------------------------------------------


def test_s16_losing_army_limit_discards_a_whole_army() -> None:
    from rules.ancient_world.actions import Damage, DiscardArmy

    state = new_game(2)
    give_empire(state, 0, "barracks")
    set_army(state, 0, 2, "archers", "spearmen")
    state.players[0].conscription = 5
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, ONE_TITAN)
    state, _ = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm())
    state, _ = play(state, 0, Damage(index=2))
    assert state.steps[0].kind is StepKind.DISCARD_ARMY
    state, _ = play(state, 0, DiscardArmy(army=2))
    assert len(state.players[0].armies) == 2
    assert {"archers", "spearmen"} <= set(state.military_discard)


# ---- S17 -----------------------------------------------------------------------------------------


def test_s17_explore_and_grow_are_covered_in_round_one() -> None:
    state = new_game(2)
    state, _ = play(state, 0, Citizen(rank=1))
    places = option_actions(state, 0)
    assert Place(space=Space.EXPLORE) not in places and Place(space=Space.GROW) not in places
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Place(space=Space.EXPLORE))


def test_s17_crypta_ship_explores_while_explore_is_covered() -> None:
    state = new_game(2)
    give_empire(state, 0, "crypta_ship")
    coins = state.players[0].coins
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="crypta_ship"))
    assert state.players[0].coins == coins + 2
    assert state.steps[0].kind is StepKind.EXPLORE_MODE


def test_s17_round_two_uncovers_both_by_default() -> None:
    state = _pass_all(new_game(2), 2)
    state, _ = play(state, state.current, Citizen(rank=1))
    places = option_actions(state, state.current)
    assert Place(space=Space.EXPLORE) in places
    state.players[state.current].coins = 5
    assert Place(space=Space.GROW) in option_actions(state, state.current)


def test_s17_with_the_option_grow_opens_in_round_three() -> None:
    state = new_game(2, grow_opens_round=3)
    state.round = 2
    state.players[0].coins = 9
    state, _ = play(state, 0, Citizen(rank=1))
    assert Place(space=Space.GROW) not in option_actions(state, 0)
    state.round = 3
    assert Place(space=Space.GROW) in option_actions(state, 0)


# ---- S18 -----------------------------------------------------------------------------------------


def _crane_table(**options: object):  # type: ignore[no-untyped-def]
    state = new_game(2, **options)
    give_empire(state, 0, "crane", "granary")
    state.spaces[Space.BUILD] = [Token(seat=1, rank=3)]
    state.empire_row = ["academy"]
    state.players[0].coins = 1
    state.players[0].knowledge = 1
    return state


def test_s18_crane_on_an_occupied_build_space_still_pays_the_surcharge() -> None:
    state = _crane_table()
    cost = CONTENT.empire_card("academy")
    assert cost.cost_coins >= 1
    state, events = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="row", index=0))
    player = state.players[0]
    assert "academy" in [b.card for b in player.empire] and "crane" not in [b.card for b in player.empire]
    assert player.coins == 0 and player.knowledge == 1 - cost.cost_knowledge
    assert "crane" in keys(events)


def test_s18_without_the_surcharge_coin_the_placement_is_illegal() -> None:
    state = _crane_table()
    state.players[0].coins = 0
    state, _ = play(state, 0, Citizen(rank=1))
    assert Place(space=Space.BUILD) not in option_actions(state, 0)


def test_s18_option_crane_also_waives_the_surcharge() -> None:
    state = _crane_table(crane_waives_surcharge=True)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="row", index=0))
    assert state.players[0].coins == 1


def test_crane_is_asked_when_both_ways_are_possible() -> None:
    state = new_game(2)
    give_empire(state, 0, "crane")
    state.empire_row = ["market"]
    state.players[0].coins = 10
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="row", index=0))
    assert state.steps[0].kind is StepKind.CRANE
    state, _ = play(state, 0, UseCrane(use=False))
    assert state.players[0].coins == 10 - CONTENT.empire_card("market").cost_coins


def test_rebuild_repairs_up_to_two() -> None:
    from rules.ancient_world.actions import Repair

    state = new_game(2)
    damage(state, 0)
    give_empire(state, 0, "granary", damaged=True)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.REBUILD), Repair(index=0), Repair(index=1))
    assert [b.damaged for b in state.players[0].empire] == [False, False, True]
    assert state.current == 1


def test_rebuild_may_stop_early() -> None:
    state = new_game(2)
    damage(state, 0, 0)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.REBUILD), Done())
    assert state.players[0].empire[0].damaged


def test_s9_an_equal_rank_on_build_pays_the_coin_and_is_told_why() -> None:
    """Build (p.10): a citizen whose rank "does not match" those already there, an equal rank
    included, pays 1 coin; the event says the rank was not higher, not that it went below."""
    from rules.core.messages import render

    state = new_game(2)
    state.spaces[Space.BUILD] = [Token(seat=1, rank=2)]
    state.empire_row = ["granary"]
    state.players[0].coins = 10
    state, events = play(state, 0, Citizen(rank=2), Place(space=Space.BUILD))
    told = [render(e.message, "en", ("rules.ancient_world",), ("Ann", "Bo"))
            for e in events if e.message.key.endswith(".surcharge")]
    assert told == ["Ann pays 1 coin: citizen 2 is not higher than every citizen already on Build."]
