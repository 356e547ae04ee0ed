"""Every card power named in the rulebook (§12), each in its own test."""

from __future__ import annotations

from rules.ancient_world import ENGINE, city, scoring
from rules.ancient_world.actions import (
    Accept,
    Attack,
    Citizen,
    Confirm,
    Decline,
    Hideout,
    OpponentCard,
    Pass,
    Pay,
    Place,
    PutNext,
    Store,
    StoreBlind,
    UseCard,
)
from rules.ancient_world.state import Space, State, StepKind

from .helpers import (
    CONTENT,
    army_coins,
    forced_actions,
    give_empire,
    keys,
    new_game,
    option_actions,
    play,
    put_titan_on_top,
)


def test_aqueduct_pays_a_coin_per_food_when_a_citizen_is_gained() -> None:
    state = new_game(2)
    state.round = 2
    give_empire(state, 0, "aqueduct")
    state.players[0].coins = 3
    state, events = play(state, 0, Citizen(rank=1), Place(space=Space.GROW))
    assert state.players[0].coins == 0 + 3
    assert "aqueduct" in keys(events)


def test_a_citizen_symbol_puts_the_new_citizen_in_the_hunger_box() -> None:
    state = new_game(2)
    state.empire_row = ["village"]
    state.players[0].coins = 10
    from rules.ancient_world.actions import Build

    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="row", index=0))
    assert state.players[0].owned == [1, 2, 3, 4] and state.players[0].hungry == [4]


def test_option_citizen_symbol_makes_the_citizen_available_at_once() -> None:
    state = new_game(2, citizen_symbol_available=True)
    state.empire_row = ["village"]
    state.players[0].coins = 10
    from rules.ancient_world.actions import Build

    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="row", index=0))
    assert 4 in state.players[0].available()


def test_archivists_of_bol_add_a_coin_of_income() -> None:
    state = new_game(2)
    give_empire(state, 0, "archivists_of_bol")
    assert city.total(CONTENT, state.players[0], "income_coins") == 6


def test_bridge_uses_an_opponents_card_action_even_when_occupied() -> None:
    state = new_game(2)
    give_empire(state, 0, "bridge")
    give_empire(state, 1, "harbour")
    state.players[1].on_cards["harbour"] = 1
    coins = state.players[0].coins
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="bridge"),
                    OpponentCard(owner_seat=1, card="harbour"))
    assert state.players[0].coins == coins + 3
    assert state.players[1].on_cards == {"harbour": 1}


def test_bridge_cannot_target_your_own_cards() -> None:
    state = new_game(2)
    give_empire(state, 0, "bridge", "harbour")
    give_empire(state, 1, "academy")
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="bridge"))
    assert forced_actions(state, 0) == [OpponentCard(owner_seat=1, card="academy")]


def test_bridge_needs_an_opponent_card_with_an_action() -> None:
    state = new_game(2)
    give_empire(state, 0, "bridge")
    state, _ = play(state, 0, Citizen(rank=1))
    assert UseCard(card="bridge") not in option_actions(state, 0)


def test_trade_city_works_like_bridge() -> None:
    state = new_game(2)
    give_empire(state, 0, "trade_city")
    give_empire(state, 1, "academy")
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="trade_city"),
                    OpponentCard(owner_seat=1, card="academy"))
    assert state.players[0].knowledge == 2


def test_a_damaged_card_has_no_action() -> None:
    state = new_game(2)
    give_empire(state, 0, "harbour", damaged=True)
    state, _ = play(state, 0, Citizen(rank=1))
    assert UseCard(card="harbour") not in option_actions(state, 0)


def test_desert_caravan_pays_a_coin_per_food() -> None:
    state = new_game(2)
    give_empire(state, 0, "desert_caravan")
    coins = state.players[0].coins
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="desert_caravan"))
    assert state.players[0].coins == coins + 3


def _left_neighbour_of_a_scribe_guild_educates() -> State:
    """Seat 0 owns Scribe Guild; seat 1, on its left, Educates."""
    state = new_game(3)
    give_empire(state, 0, "scribe_guild")
    state.current = 1
    state.players[1].coins = 5
    state, _ = play(state, 1, Citizen(rank=1), Place(space=Space.EDUCATE))
    return state


def _right_neighbour_of_a_distant_outpost_educates() -> State:
    """Seat 1 owns Distant Outpost with 2 coins on an army's picture; seat 0 Educates."""
    state = new_game(3)
    give_empire(state, 1, "distant_outpost")
    army_coins(state, 1, 0, picture=2)
    state.players[0].coins = 5
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.EDUCATE))
    return state


def test_scribe_guild_offers_a_knowledge_when_the_left_neighbour_educates() -> None:
    state = _left_neighbour_of_a_scribe_guild_educates()
    assert state.steps[0].kind is StepKind.SCRIBE and state.steps[0].seat == 0
    coins = state.players[0].coins
    state, _ = play(state, 0, Accept())
    assert (state.players[0].coins, state.players[0].knowledge) == (coins - 1, 1)
    assert state.current == 2


def test_scribe_guild_times_out_to_declining() -> None:
    prompt = ENGINE.pending(_left_neighbour_of_a_scribe_guild_educates())[0]
    assert prompt.default is not None and prompt.options[prompt.default].action == Decline()


def test_distant_outpost_times_out_to_declining() -> None:
    prompt = ENGINE.pending(_right_neighbour_of_a_distant_outpost_educates())[1]
    assert prompt.default is not None and prompt.options[prompt.default].action == Decline()


def test_scribe_guild_ignores_the_right_neighbour() -> None:
    state = new_game(3)
    give_empire(state, 0, "scribe_guild")
    state.current = 2
    state.players[2].coins = 5
    state, _ = play(state, 2, Citizen(rank=1), Place(space=Space.EDUCATE))
    assert not state.steps


def test_distant_outpost_may_be_declined() -> None:
    state = _right_neighbour_of_a_distant_outpost_educates()
    assert state.steps[0].kind is StepKind.OUTPOST and state.steps[0].seat == 1
    assert option_actions(state, 1)[0] == Decline()
    state, _ = play(state, 1, Decline())
    assert state.players[1].armies[0].picture_coins == 2


def test_town_hall_gives_knowledge_and_the_token_when_hand_down() -> None:
    state = new_game(2)
    give_empire(state, 1, "town_hall")
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.WORK))
    state, _ = play(state, 1, Citizen(rank=1), UseCard(card="town_hall"))
    assert (state.first_player, state.token_hand_up, state.players[1].knowledge) == (1, True, 1)


def test_zori_dramatists_stores_from_the_row_on_the_first_pass() -> None:
    state = new_game(2)
    give_empire(state, 0, "zori_dramatists")
    row = list(state.empire_row)
    state, _ = play(state, 0, Pass())
    assert state.steps[0].kind is StepKind.ZORI
    assert option_actions(state, 0)[0] == Decline()
    state, _ = play(state, 0, Store(index=0))
    assert state.players[0].stored == [row[0]] and state.empire_row == row[1:]


def test_zori_dramatists_may_store_blind_from_the_deck() -> None:
    state = new_game(2)
    give_empire(state, 0, "zori_dramatists")
    top = state.empire_deck[0]
    state, events = play(state, 0, Pass(), StoreBlind())
    assert state.players[0].stored == [top]
    private = [e for e in events if e.visible_to is not None]
    assert private and all(e.visible_to == frozenset({0}) for e in private)


def test_zori_dramatists_only_for_the_first_to_pass() -> None:
    state = new_game(2)
    give_empire(state, 1, "zori_dramatists")
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, Pass())
    assert not any(s.kind is StepKind.ZORI for s in state.steps)


def test_forest_hideout_reorders_and_may_attack_the_new_top() -> None:
    state = new_game(2)
    give_empire(state, 0, "forest_hideout")
    state.players[0].conscription = 3
    seen = state.titan_decks[0][:4]
    state, events = play(state, 0, Citizen(rank=1), UseCard(card="forest_hideout"), Hideout(deck=1))
    assert state.steps[0].kind is StepKind.HIDEOUT_ORDER
    assert next(e for e in events if e.message.key.endswith("hideout_seen")).visible_to == frozenset({0})
    weakest = min(range(4), key=lambda i: CONTENT.titan(seen[i]).defence)
    state, _ = play(state, 0, PutNext(index=weakest), PutNext(index=0), PutNext(index=0))
    assert state.titan_decks[0][0] == seen[weakest]
    assert sorted(state.titan_decks[0][:4]) == sorted(seen)
    assert state.steps[0].kind is StepKind.HIDEOUT_ATTACK
    state, _ = play(state, 0, Attack(deck=1), Pay(army=0), Pay(army=1), Confirm())
    assert seen[weakest] in state.players[0].titans


def test_forest_hideout_order_is_hidden_from_the_others() -> None:
    state = new_game(2)
    give_empire(state, 0, "forest_hideout")
    state, _ = play(state, 0, Citizen(rank=1), UseCard(card="forest_hideout"), Hideout(deck=1))
    assert ENGINE.view(state, 1).waiting[0].cards is None
    assert ENGINE.view(state, 0).waiting[0].cards is not None


def test_moon_festival_scores_sets_of_five_colours_uncapped() -> None:
    state = new_game(2)
    give_empire(state, 0, "moon_festival", "palace", "shrine", "crane", "granary")
    # red 2 (palace, crane), green 2, blue 4, yellow 3, purple 2 (with the starting cards): 2 sets
    assert scoring.breakdown(CONTENT, state.players[0])["special"] == 2


def test_crane_does_not_waive_knowledge() -> None:
    from rules.ancient_world.actions import Build

    state = new_game(2)
    give_empire(state, 0, "crane")
    state.empire_row = ["archivists_of_bol"]
    state.players[0].coins = 0
    state.players[0].knowledge = 1
    state, _ = play(state, 0, Citizen(rank=1), Place(space=Space.BUILD), Build(source="row", index=0))
    assert state.players[0].knowledge == 0
    assert "crane" in state.empire_discard


def test_hall_of_heroes_scores_per_titan() -> None:
    state = new_game(2)
    give_empire(state, 0, "hall_of_heroes")
    state.players[0].titans = ["mud_golem", "ash_hound"]
    assert scoring.breakdown(CONTENT, state.players[0])["special"] == 4


def test_the_p13_example_card_has_income_and_a_knowledge_action() -> None:
    card = CONTENT.empire_card("lamp_house")
    assert card.income_coins == 1 and card.action is not None and card.action.knowledge == 1


def test_stone_being_attack_is_offered_only_when_it_can_be_won() -> None:
    state = new_game(2)
    deck = put_titan_on_top(state, "stone_being")
    assert not [a for a in option_actions(state, 0) if isinstance(a, Attack) and a.deck == deck]
    state.players[0].conscription = 4
    assert [a for a in option_actions(state, 0) if isinstance(a, Attack) and a.deck == deck]


def test_events_name_cards_as_printed() -> None:
    state = new_game(2)
    give_empire(state, 0, "harbour")
    _, events = play(state, 0, Citizen(rank=1), UseCard(card="harbour"))
    assert events[0].message.params["card"] == "Harbour"
