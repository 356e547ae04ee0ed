"""The rules of spec §5–§10 not covered by a worked example, one behaviour per test."""

from __future__ import annotations

import pytest

from rules.ancient_world import ENGINE, city, scoring
from rules.ancient_world.actions import (
    Attack,
    Back,
    Build,
    Citizen,
    Confirm,
    ExpandPay,
    Pass,
    Pay,
    Place,
    Recruit,
    Retire,
    TakeDistrict,
)
from rules.ancient_world.state import Citizen as Token
from rules.ancient_world.state import Space, StepKind
from rules.core import RuleError
from rules.core.messages import render

from .helpers import (
    BLANK,
    CONTENT,
    army_coins,
    damage,
    forced_actions,
    give_empire,
    keys,
    new_game,
    option_actions,
    play,
    put_titan_on_top,
    rig_dice,
    set_army,
)


def _end_round(state):  # type: ignore[no-untyped-def]
    start = state.round
    while ENGINE.pending(state) and not state.steps and state.round == start:
        state, _ = play(state, state.current, Pass())
    return state


# ---- placement and board actions -------------------------------------------------------------------


def test_work_gains_two_coins() -> None:
    state = new_game(2)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.WORK))
    assert state.players[0].coins == 8


def test_educate_pays_three_coins_for_one_knowledge() -> None:
    state = new_game(2)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EDUCATE))
    assert (state.players[0].coins, state.players[0].knowledge) == (3, 1)


def test_build_needs_free_capacity() -> None:
    state = new_game(2)
    give_empire(state, 0, "granary", "fishery")
    state.players[0].coins = 20
    state, _ = play(state, 0, Citizen(rank=1))
    assert Place(space=Space.BUILD) not in option_actions(state, 0)


def test_damaged_cards_still_use_capacity() -> None:
    state = new_game(2)
    give_empire(state, 0, "granary", "fishery", damaged=True)
    state.players[0].coins = 20
    state, _ = play(state, 0, Citizen(rank=1))
    assert Place(space=Space.BUILD) not in option_actions(state, 0)


def test_a_player_may_not_build_a_second_card_of_the_same_name() -> None:
    state = new_game(2)
    give_empire(state, 0, "granary")
    state.empire_row = ["granary", "market"]
    state.players[0].coins = 20
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD))
    assert forced_actions(state, 0) == [Build(source="row", index=1)]


def test_a_stored_card_can_be_built_later() -> None:
    state = new_game(2)
    state.players[0].stored = ["market"]
    state.players[0].coins = 20
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="stored", index=0))
    assert state.players[0].stored == [] and state.players[0].empire[-1].card == "market"


def test_the_empire_row_is_not_refilled_during_the_round() -> None:
    state = new_game(2)
    state.players[0].coins = 20
    row = len(state.empire_row)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="row", index=0))
    assert len(state.empire_row) == row - 1


def test_expand_pays_knowledge_or_coins_and_takes_the_face_up_district() -> None:
    state = new_game(2)
    state.players[0].knowledge = 1
    top = state.district_deck[0]
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EXPAND))
    assert set(o.currency for o in option_actions(state, 0)) == {"coins", "knowledge"}
    state, _ = play(state, 0, ExpandPay(currency="knowledge"))
    assert state.players[0].districts == [top] and state.players[0].knowledge == 0
    assert city.capacity(CONTENT, state.players[0]) == 4 + CONTENT.district(top).capacity


def test_expand_is_illegal_when_the_district_deck_is_empty() -> None:
    state = new_game(2)
    state.district_deck = []
    state, _ = play(state, 0, Citizen(rank=1))
    assert Place(space=Space.EXPAND) not in option_actions(state, 0)


def test_expand_plus_offers_three_and_returns_two_to_the_bottom() -> None:
    state = new_game(2, expand_plus=True)
    offered = state.district_deck[:3]
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EXPAND), ExpandPay(currency="coins"),
                    TakeDistrict(index=1))
    assert state.players[0].districts == [offered[1]]
    assert state.district_deck[-2:] == [offered[0], offered[2]]


def test_recruit_starts_a_new_army_when_one_is_open() -> None:
    state = new_game(2)
    give_empire(state, 0, "barracks")
    card = state.military_row[0]
    state.players[0].coins = 10
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.RECRUIT), Recruit(index=0))
    assert [a.cards for a in state.players[0].armies][-1] == (card,)


def test_recruit_without_an_open_army_retires_an_unused_card() -> None:
    state = new_game(2)
    army_coins(state, 0, 0, picture=2)
    state.players[0].coins = 10
    card = state.military_row[0]
    cost = CONTENT.military_card(card).recruit_cost
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.RECRUIT), Recruit(index=0))
    assert state.steps[0].kind is StepKind.RETIRE
    assert Retire(army=-1) not in option_actions(state, 0)
    state, _ = play(state, 0, Retire(army=0))
    army = state.players[0].armies[0]
    assert army.cards == ("city_guard", card) and army.picture_coins == 0
    assert state.players[0].coins == 10 - cost + 2


def test_retired_coins_go_to_the_bank_with_the_option() -> None:
    state = new_game(2, retired_coins_to_bank=True)
    army_coins(state, 0, 0, picture=2)
    state.players[0].coins = 10
    cost = CONTENT.military_card(state.military_row[0]).recruit_cost
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.RECRUIT), Recruit(index=0), Retire(army=0))
    assert state.players[0].coins == 10 - cost


def test_recruit_is_illegal_when_every_active_card_has_attacked() -> None:
    state = new_game(2)
    for index in range(len(state.players[0].armies)):
        army_coins(state, 0, index, name=1)
    state, _ = play(state, 0, Citizen(rank=1))
    assert Place(space=Space.RECRUIT) not in option_actions(state, 0)


def test_voluntary_retire_option_offers_retiring_with_an_open_army() -> None:
    state = new_game(2, voluntary_retire=True)
    give_empire(state, 0, "barracks")
    state.players[0].coins = 10
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.RECRUIT), Recruit(index=0))
    assert set(option_actions(state, 0)) == {Retire(army=-1), Retire(army=0), Retire(army=1)}


def test_legacy_abilities_stack_in_an_army() -> None:
    from rules.ancient_world.attack import army_attack

    state = new_game(2)
    set_army(state, 0, 0, "city_guard", "veterans", "spearmen")
    # spearmen 2 swords + city guard legacy 1 + veterans legacy 2
    assert army_attack(CONTENT, state.players[0].armies[0], arrows_allowed=False) == 5


def test_hungry_citizens_cannot_be_placed() -> None:
    state = new_game(2)
    state.players[0].hungry = [1]
    assert Citizen(rank=1) not in option_actions(state, 0)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Citizen(rank=1))


def test_back_cancels_the_chosen_citizen() -> None:
    state = new_game(2)
    before = ENGINE.dump(state)
    state, _ = play(state, 0, Citizen(rank=1), Back())
    assert ENGINE.dump(state) == before


# ---- attacks ---------------------------------------------------------------------------------------


def test_an_attack_needs_enough_strength() -> None:
    state = new_game(2)
    deck = put_titan_on_top(state, "world_eater")
    assert Attack(deck=deck) not in option_actions(state, 0)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Attack(deck=deck))


def test_a_used_military_card_cannot_pay_again_this_round() -> None:
    state = new_game(2)
    state.players[0].conscription = 5
    state.players[0].coins = 20
    for index in range(len(state.players[0].armies)):
        army_coins(state, 0, index, name=1)
    deck = put_titan_on_top(state, "mud_golem")
    assert Attack(deck=deck) not in option_actions(state, 0)


def test_swords_only_titans_ignore_arrows() -> None:
    from rules.ancient_world.attack import attack_total

    state = new_game(2)
    assert attack_total(CONTENT, state, 0, [1], "thorn_beast") == 1
    assert attack_total(CONTENT, state, 0, [1], "mud_golem") == 2


def test_permanent_swords_count_without_payment_but_one_card_must_be_paid() -> None:
    state = new_game(2)
    give_empire(state, 0, "siege_works", "city_walls")
    deck = put_titan_on_top(state, "mud_golem")
    state, _ = play(state, 0, Attack(deck=deck))
    assert Confirm() not in option_actions(state, 0)


def test_military_repair_repairs_before_the_roll_and_spoils_come_after() -> None:
    from rules.ancient_world.actions import Repair

    state = new_game(2)
    set_army(state, 0, 0, "engineers")
    set_army(state, 0, 1, "raiders")
    damage(state, 0, 0)
    state.players[0].conscription = 3
    state.players[0].coins = 5
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, BLANK)
    state, events = play(state, 0, Attack(deck=deck), Pay(army=0), Pay(army=1), Confirm())
    assert forced_actions(state, 0) == [Repair(index=0)]
    assert keys(events).index("repaired") < keys(events).index("damage_roll")
    assert not state.players[0].empire[0].damaged
    assert state.players[0].coins == 5 - 2 + 2


def test_spy_gains_knowledge() -> None:
    state = new_game(2)
    set_army(state, 0, 0, "spies_of_bol")
    state.players[0].conscription = 3
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, BLANK)
    state, _ = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm())
    assert state.players[0].knowledge == 2


def test_the_defeated_titan_gives_capacity_and_banners() -> None:
    state = new_game(2)
    state.players[0].conscription = 5
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, BLANK)
    state, _ = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm())
    assert city.capacity(CONTENT, state.players[0]) == 5
    assert city.banners(CONTENT, state.players[0])["yellow"] == 2


# ---- rounds ------------------------------------------------------------------------------------------


def test_a_player_who_passed_is_skipped() -> None:
    state = new_game(3)
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, Citizen(rank=1), Place(space=Space.WORK))
    state, _ = play(state, 2, Citizen(rank=1), Place(space=Space.EDUCATE))
    assert state.current == 1


def test_end_of_round_income_and_military_coins_slide_to_the_picture() -> None:
    state = new_game(2)
    army_coins(state, 0, 0, name=2)
    state.players[0].coins = 0
    state = _end_round(state)
    army = state.players[0].armies[0]
    assert (army.name_coins, army.picture_coins) == (0, 2)
    assert state.players[0].coins == 5


def test_end_of_round_recalls_citizens_and_conscription() -> None:
    state = new_game(2)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.CONSCRIPTION))
    state = _end_round(state)
    assert all(not v for v in state.spaces.values())
    assert state.players[0].placed == [] and state.players[0].conscription == 0


def test_preparation_deals_fresh_rows() -> None:
    state = new_game(2)
    old = list(state.empire_row)
    state = _end_round(state)
    assert len(state.empire_row) == 4 and len(state.military_row) == 2
    assert set(old) <= set(state.empire_discard) | set(state.empire_row)


def test_round_four_switches_to_empire_deck_b() -> None:
    state = new_game(2)
    for _ in range(3):
        state = _end_round(state)
    assert state.round == 4 and state.era == "B"
    assert all(CONTENT.empire_card(c).deck == "B" for c in state.empire_row + state.empire_deck)
    assert state.empire_discard == []


def test_damaged_food_is_lost_only_at_the_feeding_check() -> None:
    state = new_game(2)
    damage(state, 0, 0)
    state = _end_round(state)
    assert state.steps[0].kind is StepKind.HUNGER and state.steps[0].seat == 0


def test_the_hunger_prompt_is_simultaneous_and_lowest_rank_first() -> None:
    state = new_game(2)
    for seat in range(len(state.players)):
        damage(state, seat, 0)
    state = _end_round(state)
    prompts = ENGINE.pending(state)
    assert set(prompts) == {0, 1}
    assert prompts[0].options[0].action.rank == 1


def test_the_hunger_prompt_times_out_to_the_lowest_rank() -> None:
    state = new_game(2)
    for seat in range(len(state.players)):
        damage(state, seat, 0)
    state = _end_round(state)
    prompt = ENGINE.pending(state)[0]
    assert prompt.default is not None
    assert prompt.options[prompt.default].action.rank == min(o.action.rank for o in prompt.options)


def test_a_player_with_nothing_but_pass_passes_automatically() -> None:
    state = new_game(2)
    state.players[1].hungry = [1, 2, 3]
    state.titan_decks = [[], [], []]
    state, _events = play(state, 0, Citizen(rank=1), Place(space=Space.WORK))
    assert state.players[1].passed and state.current == 0


def test_the_game_ends_after_six_rounds_with_a_result() -> None:
    state = new_game(2)
    for _ in range(6):
        state = _end_round(state)
    assert state.over and not ENGINE.pending(state)
    result = ENGINE.result(state)
    assert result is not None and set(result.ranks) == {0, 1}


# ---- scoring -----------------------------------------------------------------------------------------


def test_banners_per_tribe_are_capped_at_six() -> None:
    state = new_game(2)
    state.players[0].titans = ["fire_titan", "iron_cyclops", "ash_hound", "thorn_beast"]
    # red: fire titan 3 + iron cyclops 2 + ash hound 1 + thorn beast 1 = 7 → 6
    details = scoring.breakdown(CONTENT, state.players[0])
    starting = CONTENT.banner_vp[1] * 2  # one blue, one yellow on the starting cards
    assert details["banners"] == CONTENT.banner_vp[6] + starting


def test_stored_cards_do_not_score_banners() -> None:
    state = new_game(2)
    before = scoring.breakdown(CONTENT, state.players[0])["banners"]
    state.players[0].stored = ["palace"]
    assert scoring.breakdown(CONTENT, state.players[0])["banners"] == before


def test_damaged_cards_are_repaired_for_scoring() -> None:
    state = new_game(2)
    give_empire(state, 0, "citadel", damaged=True)
    state.players[0].titans = ["iron_cyclops", "ash_hound"]
    # five red banners: Citadel 2, Iron Cyclops 2, Ash Hound 1 (S6 scale: +3)
    assert scoring.breakdown(CONTENT, state.players[0])["special"] == 3


def test_ties_are_broken_by_coins_then_cards() -> None:
    state = new_game(3)
    state.over = True
    state.players[0].coins, state.players[1].coins, state.players[2].coins = 5, 5, 4
    state.players[1].districts = ["old_town"]
    result = ENGINE.result(state)
    assert result is not None
    assert len(set(result.scores.values())) == 1
    assert result.ranks == {1: 1, 0: 2, 2: 3}


def test_coins_break_a_tie_before_cards() -> None:
    """p.9: on equal VP the most coins wins, before the cards: here the one with more coins has
    fewer cards, so the order of the two tie-breakers decides the winner."""
    state = new_game(2)
    state.over = True
    state.players[0].coins, state.players[1].coins = 6, 2
    state.players[1].districts = ["old_town"]
    result = ENGINE.result(state)
    assert result is not None and result.ranks == {0: 1, 1: 2}


def test_cards_break_a_tie_before_knowledge() -> None:
    """p.9: with equal coins, the cards decide before knowledge (more cards, less knowledge)."""
    state = new_game(2)
    state.over = True
    state.players[0].coins = state.players[1].coins = 3
    state.players[0].districts = ["old_town"]
    state.players[1].knowledge = 2
    result = ENGINE.result(state)
    assert result is not None and result.ranks == {0: 1, 1: 2}


def test_the_tie_break_that_decided_is_told_with_both_values() -> None:
    state = new_game(2)
    state.over = True
    state.players[0].coins, state.players[1].coins = 2, 6
    result = ENGINE.result(state)
    assert result is not None
    told = [render(m, "en", ("rules.ancient_world",), ("Ann", "Bo")) for m in result.tiebreak]
    assert told == ["Bo is ahead of Ann, both on 2 VP: more coins (6 against 2)."]


def test_no_tie_break_is_told_when_the_scores_differ() -> None:
    state = new_game(2)
    state.over = True
    state.players[0].hungry = [1]
    result = ENGINE.result(state)
    assert result is not None and result.ranks == {1: 1, 0: 2} and result.tiebreak == ()


def test_ties_are_broken_by_knowledge_last() -> None:
    state = new_game(2)
    state.over = True
    state.players[0].coins = state.players[1].coins = 3
    state.players[1].knowledge = 2
    result = ENGINE.result(state)
    assert result is not None and result.ranks == {1: 1, 0: 2}


def test_a_shared_victory_when_everything_ties() -> None:
    state = new_game(2)
    state.over = True
    state.players[0].coins = state.players[1].coins = 3
    result = ENGINE.result(state)
    assert result is not None and result.ranks == {0: 1, 1: 1}


# ---- secrets -----------------------------------------------------------------------------------------


def test_stored_cards_are_seen_only_by_their_owner() -> None:
    state = new_game(2)
    state.players[0].stored = ["market"]
    assert ENGINE.view(state, 0).players[0].stored == ["market"]
    assert ENGINE.view(state, 1).players[0].stored is None
    assert ENGINE.view(state, None).players[0].stored_count == 1
    assert "market" not in ENGINE.view(state, 1).cards


def test_explore_draws_are_seen_only_by_the_explorer() -> None:
    from rules.ancient_world.actions import Explore

    state = new_game(2)
    state.round = 2
    state, events = play(state, 0, Citizen(rank=1), Place(space=Space.EXPLORE), Explore(mode="deck"))
    assert ENGINE.view(state, 1).waiting[0].cards is None
    assert ENGINE.view(state, 1).waiting[0].hidden_cards == 5
    assert len(ENGINE.view(state, 0).waiting[0].cards or []) == 5
    seen = [e for e in events if e.message.key.endswith("explore_seen")]
    assert seen and seen[0].visible_to == frozenset({0})


def test_a_build_surcharge_is_due_on_recruit_too() -> None:
    state = new_game(2)
    state.spaces[Space.RECRUIT] = [Token(seat=1, rank=3)]
    give_empire(state, 0, "barracks")
    state.players[0].coins = 5
    state.military_row = ["spearmen", "archers"]
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.RECRUIT), Recruit(index=0))
    assert state.players[0].coins == 4


def test_an_empty_empire_deck_is_reshuffled_from_the_discards_mid_draw() -> None:
    from rules.ancient_world.actions import Explore

    state = new_game(2)
    state.round = 2
    state.empire_discard = state.empire_deck[2:]
    state.empire_deck = state.empire_deck[:2]
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EXPLORE), Explore(mode="deck"))
    assert len(state.steps[0].cards) == 5


def test_the_spectator_sees_the_final_scores_at_the_end() -> None:
    state = new_game(2)
    assert ENGINE.view(state, None).final is None
    for _ in range(6):
        state = _end_round(state)
    final = ENGINE.view(state, None).final
    assert final is not None and set(final) == {0, 1} and all("total" in row for row in final.values())


def test_the_crane_question_about_a_stored_card_is_private() -> None:
    state = new_game(2)
    give_empire(state, 0, "crane")
    state.players[0].stored = ["market"]
    state.players[0].coins = 10
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="stored", index=0))
    assert state.steps[0].kind is StepKind.CRANE
    assert ENGINE.view(state, 1).waiting[0].cards is None
    assert ENGINE.view(state, 0).waiting[0].cards == ["market"]


def test_damaged_cards_give_no_income() -> None:
    state = new_game(2)
    give_empire(state, 0, "market", damaged=True)
    state.players[0].coins = 0
    state = _end_round(state)
    assert state.players[0].coins == 5


def test_a_damaged_card_gives_no_explore_bonus() -> None:
    from rules.ancient_world.actions import Explore

    state = new_game(2)
    state.round = 2
    give_empire(state, 0, "lookout", damaged=True)
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EXPLORE), Explore(mode="deck"))
    assert len(state.steps[0].cards) == 5


def test_expand_plus_with_fewer_than_three_districts_offers_what_is_left() -> None:
    state = new_game(2, expand_plus=True)
    state.district_deck = state.district_deck[:2]
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EXPAND), ExpandPay(currency="coins"))
    assert len(option_actions(state, 0)) == 2


def test_a_discarded_armys_coins_go_to_the_bank() -> None:
    from rules.ancient_world.actions import Damage, DiscardArmy
    from rules.ancient_world.attack import selection_cost

    from .helpers import ONE_TITAN

    state = new_game(2)
    give_empire(state, 0, "barracks")
    set_army(state, 0, 2, "spearmen", picture=4)
    state.players[0].conscription = 5
    deck = put_titan_on_top(state, "mud_golem")
    rig_dice(state, ONE_TITAN)
    cost = selection_cost(state, 0, [0])
    coins = state.players[0].coins
    state, _ = play(state, 0, Attack(deck=deck), Pay(army=0), Confirm(), Damage(index=2), DiscardArmy(army=2))
    assert state.players[0].coins == coins - cost
