"""Table options (spec 19): each reading the table may change, played both ways."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import Prompt, RuleError
from rules.core.messages import MESSAGE
from rules.patchistory import auction, flow, movement, voting
from rules.patchistory.actions import (
    BidCoins,
    BreakAlliance,
    Build,
    Choose,
    Done,
    Patch,
    Pick,
    SealedBid,
    Spend,
    TakeTile,
)
from rules.patchistory.empire import grid_of
from rules.patchistory.options import Options
from rules.patchistory.state import Negotiation, Phase, Reserve, Route, State, Voting, War, Worker
from tests.patchistory.helpers import CONTENT, ENGINE, at_phase, empire, game, own

CTX = ENGINE.ctx


def auction_with_a_broke_player(players: int, culture: int, **options: object) -> State:
    """Round 2 of era 1: the last seat has no coins and ``culture`` culture when tiles are laid out."""
    state = game(players, **options)
    state.round = 2
    broke = state.players[-1]
    broke.goods.coins, broke.goods.culture = 0, culture
    state.stack = list(CONTENT.era_tiles(1))
    auction.lay_out(CTX, state)
    return state


# 19 #9: a broke player short of culture ----------------------------------------------------------


def test_broke_player_with_two_culture_pays_all_and_gets_a_coin() -> None:
    state = auction_with_a_broke_player(3, culture=2)
    assert (state.players[2].goods.coins, state.players[2].goods.culture) == (1, 0)
    assert 2 not in state.auction.skip


def test_broke_player_without_three_culture_gets_no_coin_when_strict() -> None:
    state = auction_with_a_broke_player(3, culture=2, broke_short_culture_gets_coin=False)
    assert (state.players[2].goods.coins, state.players[2].goods.culture) == (0, 2)
    assert state.auction.skip == [2]


def test_broke_player_with_enough_culture_converts_even_when_strict() -> None:
    state = auction_with_a_broke_player(3, culture=5, broke_short_culture_gets_coin=False)
    assert (state.players[2].goods.coins, state.players[2].goods.culture) == (1, 2)


def test_an_auction_without_the_broke_player_ends_when_each_bidder_holds_a_tile() -> None:
    state = auction_with_a_broke_player(3, culture=2, broke_short_culture_gets_coin=False)
    tiles = [o.tile for o in state.auction.offers]
    state, _ = ENGINE.apply(state, 0, BidCoins(tile=0, coins=1))
    assert set(ENGINE.pending(state)) == {1}
    state, _ = ENGINE.apply(state, 1, BidCoins(tile=2, coins=1))
    assert state.phase == Phase.PATCH
    assert [r.tile for r in state.players[0].reserve] == [tiles[0]]
    assert [r.tile for r in state.players[1].reserve] == [tiles[2]]
    assert state.players[2].reserve == []


def test_the_lone_bidder_of_a_two_player_auction_takes_the_tile_named_when_strict() -> None:
    state = auction_with_a_broke_player(2, culture=1, broke_short_culture_gets_coin=False)
    second = state.auction.offers[1].tile
    assert set(ENGINE.pending(state)) == {0}
    coins = state.players[0].goods.coins
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=1, coins=2))
    assert [r.tile for r in state.players[0].reserve] == [second]
    assert state.players[0].goods.coins == coins - 2
    assert state.players[1].reserve == []


# 19 #7: who pays in the two-player auction ---------------------------------------------------------


def contested_two_player_auction(**options: object) -> State:
    """Both players bid on tile #1: seat 0 two coins, seat 1 three coins (seat 1 wins it)."""
    state = game(2, **options)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=2))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=0, coins=3))
    return state


def test_two_player_outbid_player_still_pays_the_coins_revealed() -> None:
    coins = [p.goods.coins for p in game(2).players]
    state = contested_two_player_auction()
    assert [p.goods.coins for p in state.players] == [coins[0] - 2, coins[1] - 3]


def test_two_player_outbid_player_takes_the_other_tile_free_when_only_winners_pay() -> None:
    coins = [p.goods.coins for p in game(2).players]
    state = contested_two_player_auction(two_player_both_pay=False)
    assert [p.goods.coins for p in state.players] == [coins[0], coins[1] - 3]
    assert len(state.players[0].reserve) == 1


def test_two_player_bids_on_different_tiles_are_both_paid_when_only_winners_pay() -> None:
    start = game(2, two_player_both_pay=False)
    coins = [p.goods.coins for p in start.players]
    state, _ = ENGINE.apply(start, 0, SealedBid(tile=0, coins=2))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=1, coins=1))
    assert [p.goods.coins for p in state.players] == [coins[0] - 2, coins[1] - 1]


# 19 #1: may a new sea lie over land? ----------------------------------------------------------------


def patching_a_sea(**options: object) -> State:
    """Seat 0 holds the test tile whose white side has a sea in its top-left square."""
    state = at_phase(game(3, **options), Phase.PATCH)
    state.players[0].reserve = [Reserve(tile="t-sea", side="white")]
    return state


SEA_OVER_CAPITAL = Patch(reserve=0, side="white", row=1, col=0)
"""The sea square lands on the capital's bottom-left square, the rest of the tile below it."""


def test_a_new_sea_may_be_laid_over_a_land_square() -> None:
    state = patching_a_sea()
    state, _ = ENGINE.apply(state, 0, SEA_OVER_CAPITAL)
    assert grid_of(state.players[0], CONTENT).squares[(1, 0)].sea


def test_a_new_sea_may_not_lie_over_any_square_when_seas_stay_off_land() -> None:
    state = patching_a_sea(sea_over_land=False)
    with pytest.raises(RuleError, match="sea") as caught:
        ENGINE.apply(state, 0, SEA_OVER_CAPITAL)
    assert caught.value.key == "patchistory.error.patch.sea_over_land"


def offered_patches(state: State) -> list[Patch]:
    """Every patch seat 0's prompt offers for its first reserve tile, opening each row menu."""
    state.players[0].menu = ["r:0"]
    found = []
    for option in ENGINE.pending(state)[0].options:
        if isinstance(option.action, Pick):
            state.players[0].menu = ["r:0", option.action.choice]
            found += [o.action for o in ENGINE.pending(state)[0].options if isinstance(o.action, Patch)]
        elif isinstance(option.action, Patch):
            found.append(option.action)
    state.players[0].menu = []
    return found


def test_the_patch_prompt_offers_no_sea_over_land_when_seas_stay_off_land() -> None:
    everywhere = {(a.row, a.col, a.under) for a in offered_patches(patching_a_sea())}
    off_land = {(a.row, a.col, a.under) for a in offered_patches(patching_a_sea(sea_over_land=False))}
    assert (1, 0, False) in everywhere and (1, 0, False) not in off_land
    assert off_land and off_land < everywhere


# 19 #17: an attacker who cannot pay the war preparation ------------------------------------------


def negotiating_without_resources(**options: object) -> State:
    """Era 2 (preparation 1 resource): seat 0's route worker negotiates with seat 1; seat 0 has no
    resources, seat 1 exactly one."""
    state = at_phase(game(3, **options), Phase.NEGOTIATION)
    state.era = 2
    state.players[0].workers = [Worker(where="route", route=0, step=CONTENT.routes.negotiation)]
    state.players[0].goods.resources = 0
    state.players[1].goods.resources = 1
    state.negotiation = Negotiation(route=0)
    return state


def colours_offered(state: State, seat: int) -> list[str]:
    """The colours the seat's choice offers (a single one is held and played for it)."""
    return [o.action.colour for o in ENGINE.asked(state)[seat].options if isinstance(o.action, Choose)]


def test_an_attacker_short_of_the_war_preparation_still_declares_war() -> None:
    state = negotiating_without_resources()
    assert colours_offered(state, 0) == ["red", "blue"]
    state, _ = ENGINE.apply(state, 0, Choose(colour="red"))
    state, _ = ENGINE.apply(state, 1, Choose(colour="blue"))
    assert state.routes[0].war_attackers == [0]
    assert state.players[0].goods.resources == 0


def test_a_player_short_of_the_war_preparation_may_only_choose_blue_when_it_must_be_paid() -> None:
    state = negotiating_without_resources(attack_without_preparation=False)
    assert colours_offered(state, 0) == ["blue"]
    assert colours_offered(state, 1) == ["red", "blue"]
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Choose(colour="red"))
    state, _ = ENGINE.apply(state, 1, Choose(colour="red"))
    assert state.routes[0].war_attackers == [1]


# 19 #24: where Build Building may go ---------------------------------------------------------------


def administration(**options: object) -> State:
    """Seat 0 in Administration with PP and resources; every capital square holds a building tile
    (the test empire), and a plain tile below the capital has four free 1x1 spaces."""
    state = at_phase(game(3, **options), Phase.ADMINISTRATION)
    for seat in range(3):
        empire(state, seat, politics=6)
    state.players[0].layers += (("t-plain", "white", 2, 0),)
    state.players[0].goods.resources = 3
    state.players[0].buildings = ["economy-1", "economy-4", "culture-1", "culture-4"]
    state.players[0].pp = 6
    return state


def build_squares(state: State) -> set[tuple[int, int]]:
    """The squares the Build Building menu offers for seat 0's first building tile."""
    state.players[0].menu = ["build", "b:0"]
    prompt = ENGINE.pending(state)[0]
    return {(o.action.row, o.action.col) for o in prompt.options if isinstance(o.action, Build)}


def test_a_building_may_replace_a_building_already_built() -> None:
    state = administration()
    assert {(1, 1), (2, 0)} <= build_squares(state)
    state, _ = ENGINE.apply(state, 0, Build(building=0, row=1, col=1))
    assert grid_of(state.players[0], CONTENT).squares[(1, 1)].building == "economy-1"


def test_a_building_goes_only_on_a_free_space_when_tiles_may_not_be_covered() -> None:
    state = administration(build_over_tiles=False)
    assert build_squares(state) == {(2, 0), (2, 1), (3, 0), (3, 1)}
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, 0, Build(building=0, row=1, col=1))
    assert caught.value.key == "patchistory.error.build_free_space"
    state, _ = ENGINE.apply(state, 0, Build(building=0, row=2, col=0))
    assert grid_of(state.players[0], CONTENT).squares[(2, 0)].building == "economy-1"


def test_build_building_is_not_offered_without_a_free_space_when_tiles_may_not_be_covered() -> None:
    state = administration(build_over_tiles=False)
    state.players[0].layers = state.players[0].layers[:-1]
    state.players[0].menu = []
    assert not offers_build(ENGINE.pending(state)[0])
    assert offers_build(ENGINE.pending(administration())[0])


def offers_build(prompt: Prompt) -> bool:
    """Whether Build Building is among the answers, on its own or folded into the menu."""
    return any(
        isinstance(o.action, Build)
        or (isinstance(o.action, Pick) and o.action.choice.split("/")[0] == "build")
        for o in prompt.options
    )


# The options the table had before: each reading played both ways ---------------------------------


def with_options(state: State, **options: object) -> State:
    """``state`` with some table options changed (validated like a table's options)."""
    state.options = Options.model_validate({**state.options.model_dump(), **options})
    return state


def normal_auction(**options: object) -> State:
    """A 3-player auction of round 2 (tiles laid out W-B-W), seat 0 first."""
    state = game(3, **options)
    state.round = 2
    state.next_white = True
    state.stack = list(CONTENT.era_tiles(1))
    auction.lay_out(CTX, state)
    return state


def each_seat_buys_a_tile(state: State) -> State:
    for seat in range(3):
        state, _ = ENGINE.apply(state, seat, BidCoins(tile=seat, coins=1))
    assert state.phase == Phase.PATCH
    return state


def test_the_first_tile_of_the_game_shows_its_white_side() -> None:  # 19 #5
    assert game(3).auction.offers[0].side == "white"


def test_the_first_tile_of_the_game_shows_its_black_side_when_the_table_says_so() -> None:
    assert game(3, first_tile_white=False).auction.offers[0].side == "black"


def test_a_buyer_in_three_players_keeps_the_side_shown() -> None:  # 19 #4
    state = each_seat_buys_a_tile(normal_auction())
    assert [p.reserve[0].side for p in state.players] == ["white", "black", "white"]


def test_a_buyer_in_three_players_chooses_the_side_when_the_table_says_so() -> None:
    state = each_seat_buys_a_tile(normal_auction(buyer_keeps_shown_side=False))
    assert [p.reserve[0].side for p in state.players] == [None, None, None]


def unpatched_after_the_first_auction(**options: object) -> State:
    """Two players win a tile each and both leave it unpatched."""
    state = game(2, **options)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=1))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=1, coins=1))
    state, _ = ENGINE.apply(state, 0, Done())
    state, _ = ENGINE.apply(state, 1, Done())
    assert state.phase == Phase.PLACEMENT
    return state


def test_a_tile_left_unpatched_stays_in_reserve_for_later_rounds() -> None:  # 19 #6
    state = unpatched_after_the_first_auction()
    assert [len(p.reserve) for p in state.players] == [1, 1]


def test_a_tile_left_unpatched_is_discarded_when_the_table_says_so() -> None:
    state = unpatched_after_the_first_auction(unpatched_tiles="round")
    assert [len(p.reserve) for p in state.players] == [0, 0]


def end_of_an_era_with_unpatched_tiles(**options: object) -> tuple[State, list[str]]:
    """Seat 0 holds an unpatched tile as era 1 ends; the state and the event keys of the era's end."""
    state = at_phase(game(2, **options), Phase.VOTE)
    state.round = 5
    state.voting = Voting()
    state.players[0].reserve = [Reserve(tile="t-plain", side=None)]
    events = flow.end_of_era(CTX, state)
    return state, [e.message.key for e in events]


def test_unused_land_tiles_of_the_previous_era_are_set_aside_when_an_era_starts() -> None:
    """p. 15: "set aside all unused land tiles of the previous era": the unpatched ones too."""
    state, keys = end_of_an_era_with_unpatched_tiles()
    assert state.era == 2 and state.players[0].reserve == []
    assert "patchistory.tiles_set_aside" in keys


def test_unpatched_tiles_stay_across_eras_when_the_table_says_so() -> None:
    """The spec's reading of p. 15 (only the undrawn stack is set aside), kept as a table option."""
    state, keys = end_of_an_era_with_unpatched_tiles(unpatched_tiles="game")
    assert state.era == 2 and len(state.players[0].reserve) == 1
    assert "patchistory.tiles_set_aside" not in keys


def test_the_earlier_yes_no_option_for_unpatched_tiles_still_loads() -> None:
    """A game stored with ``keep_unpatched_tiles`` keeps the behaviour it was started with."""
    assert Options.model_validate({"keep_unpatched_tiles": True}).unpatched_tiles == "game"
    assert Options.model_validate({"keep_unpatched_tiles": False}).unpatched_tiles == "round"


def test_the_broke_conversion_price_is_a_table_option() -> None:  # p. 7, 19 #9
    state = auction_with_a_broke_player(3, culture=20, broke_conversion_culture=5)
    assert (state.players[2].goods.coins, state.players[2].goods.culture) == (1, 15)


def breaking_an_alliance(**options: object) -> tuple[int, int, int]:
    """Seat 0 opens Diplomacy with 5 PP and an alliance route to seat 1, and breaks it: its PP and
    votes after, and the votes its event announces."""
    state = at_phase(game(3, **options), Phase.DIPLOMACY)
    state.players[0].pp = 5
    state.routes.append(Route(kind="alliance", start=0, end=1))
    state.alliance_left -= 1
    state, events = ENGINE.apply(state, 0, BreakAlliance(route=len(state.routes) - 1))
    (told,) = [e.message.params["votes"] for e in events if e.message.key.endswith("alliance_broken")]
    return state.players[0].pp, state.players[0].goods.votes, told


def test_break_alliance_gives_a_vote_per_pp_spent() -> None:  # 19 #11
    assert breaking_an_alliance() == (0, 5, 5)


def test_break_alliance_gives_no_votes_when_the_table_says_so() -> None:
    assert breaking_an_alliance(break_alliance_gives_votes=False) == (0, 0, 0)


def patching_over_a_building(**options: object) -> State:
    state = at_phase(game(3, **options), Phase.PATCH)
    state.players[0].tokens = ((0, 0, "economy-1"),)
    state.players[0].reserve = [Reserve(tile="t-plain", side="white")]
    return state


def keeps_offered(state: State) -> list[Patch]:
    return [a for a in offered_patches(state) if a.keep_buildings]


def test_a_tile_laid_over_a_building_may_keep_the_building_on_top() -> None:  # 19 #37
    state = patching_over_a_building()
    keep = Patch(reserve=0, side="white", row=-1, col=-1, keep_buildings=True)
    assert keep in keeps_offered(state)
    state, _ = ENGINE.apply(state, 0, keep)
    assert state.players[0].tokens == ((0, 0, "economy-1"),)


def test_a_tile_laid_over_a_building_always_covers_it_when_the_table_says_so() -> None:
    state = patching_over_a_building(patch_between_building=False)
    assert keeps_offered(state) == []
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Patch(reserve=0, side="white", row=-1, col=-1, keep_buildings=True))
    state, _ = ENGINE.apply(state, 0, Patch(reserve=0, side="white", row=-1, col=-1))
    assert state.players[0].tokens == ()


def vasco_auction(broke: bool = False, **options: object) -> State:
    state = game(3, **options)
    state.round = 2
    own(state, 1, "vasco_da_gama")
    if broke:
        state.players[1].goods.coins = 0
    state.stack = list(CONTENT.era_tiles(1))
    auction.lay_out(CTX, state)
    return state


def test_vasco_da_gama_must_take_a_tile_before_the_auction() -> None:  # 19 #22
    state = vasco_auction()
    assert set(ENGINE.pending(state)) == {1}
    assert all(isinstance(o.action, TakeTile) for o in ENGINE.pending(state)[1].options)


def test_vasco_da_gama_bids_as_usual_when_the_table_says_so() -> None:
    state = vasco_auction(vasco_mandatory=False)
    assert set(ENGINE.pending(state)) == {0} and state.auction.skip == []
    with pytest.raises(RuleError):
        ENGINE.apply(state, 1, TakeTile(tile=0))


def test_vasco_da_gama_s_owner_buys_no_coin_with_culture() -> None:
    """p. 7, p. 16: the 3-culture coin is for the auction, which Vasco da Gama's owner skips."""
    state = vasco_auction(broke=True)
    assert (state.players[1].goods.coins, state.players[1].goods.culture) == (0, 20)


def test_vasco_da_gama_s_owner_who_bids_as_usual_buys_the_coin() -> None:
    """p. 7: with Vasco optional the owner is in the auction, so a broke owner buys the coin."""
    state = vasco_auction(broke=True, vasco_mandatory=False)
    assert (state.players[1].goods.coins, state.players[1].goods.culture) == (1, 17)


def war_won_by_four(**options: object) -> State:
    """Seat 0 (military 14) attacks seat 1 (military 10); no resources are spent (seat 1 has none,
    so its commitment of 0 is played for it)."""
    state = with_options(at_phase(game(3), Phase.NEGOTIATION), **options)
    empire(state, 0, military=14)
    empire(state, 1, military=10)
    state.routes[0] = replace(state.routes[0], war_attackers=[0])
    state.players[0].workers = [Worker(where="route", route=0, step=CONTENT.routes.war)]
    state.war = War(route=0, attackers=[0], defender=1)
    state, _ = ENGINE.apply(state, 0, Spend(resources=0))
    assert state.war is None
    return state


def test_a_win_by_four_is_no_great_victory() -> None:  # p. 12
    culture = game(3).players[1].goods.culture
    assert war_won_by_four().players[1].goods.culture == culture


def test_the_great_victory_margin_and_steal_are_table_options() -> None:
    culture = game(3).players[1].goods.culture
    state = war_won_by_four(great_victory_margin=4, great_victory_steal=3)
    assert state.players[1].goods.culture == culture - 3


def test_every_card_tied_for_fewest_votes_is_discarded_in_three_or_more_players() -> None:  # 19 #28
    state = game(4)
    state.voting.totals, state.voting.standings = [4, 2, 2, 7], [[1, 2, 3, 4]] * 4
    before = [p.goods.culture for p in state.players]
    voting.score(state)
    assert [p.goods.culture - b for p, b in zip(state.players, before, strict=True)] == [11, 5, 0, -5]


def test_only_one_card_tied_for_fewest_votes_is_discarded_when_the_table_says_so() -> None:
    state = with_options(game(4), discard_all_tied_lowest=False)
    state.voting.totals, state.voting.standings = [4, 2, 2, 7], [[1, 2, 3, 4]] * 4
    before = [p.goods.culture for p in state.players]
    voting.score(state)
    assert [p.goods.culture - b for p, b in zip(state.players, before, strict=True)] == [13, 6, 0, -6]


def test_the_military_strength_card_compares_the_military_track() -> None:  # 19 #29
    state = game(3)
    empire(state, 0, military=3, defence=2)
    assert voting.measure(CTX, state, 0, "military") == 3


def test_the_military_strength_card_adds_defence_when_the_table_says_so() -> None:
    state = game(3, military_card_counts_military_only=False)
    empire(state, 0, military=3, defence=2)
    assert voting.measure(CTX, state, 0, "military") == 5


def test_two_players_patch_at_once_when_the_table_says_so() -> None:  # p. 15
    state = game(2, two_player_patch_in_turn_order=False)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=1))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=1, coins=1))
    assert state.phase == Phase.PATCH and set(ENGINE.pending(state)) == {0, 1}


# 19 #40: an alliance-route worker when T is 0 -----------------------------------------------------


def movement_at_transport_zero(**options: object) -> State:
    """Seat 0 has T = 0 and a worker one space along its alliance route with seat 1."""
    state = at_phase(game(3, **options), Phase.ADMINISTRATION)
    empire(state, 0)
    state.routes.append(Route(kind="alliance", start=0, end=1))
    state.players[0].workers = [Worker(where="route", route=len(state.routes) - 1, step=1)]
    movement.start(CTX, state)
    return state


def test_transport_zero_sends_an_alliance_route_worker_to_rest() -> None:
    state = movement_at_transport_zero()
    assert state.players[0].workers[0].where == "rest"


def test_transport_zero_leaves_an_alliance_route_worker_in_place_when_read_for_general_routes() -> None:
    state = movement_at_transport_zero(alliance_rest_at_t0=False)
    w = state.players[0].workers[0]
    assert (w.where, w.step) == ("route", 1)
    state, _ = ENGINE.apply(state, 0, Done())  # the other seats' Done is played for them
    assert state.phase != Phase.MOVEMENT
    assert (state.players[0].workers[0].where, state.players[0].workers[0].step) == ("route", 1)


def test_each_negotiation_colour_says_what_it_leads_to_and_what_war_costs() -> None:
    """p. 12: red declares war and pays the war preparation; blue defends, and two blues may ally."""
    from rules.core.messages import render
    from rules.patchistory.flow import war_prep

    state = negotiating_without_resources()
    prompt = ENGINE.asked(state)[0]
    told = {}
    for option in prompt.options:
        assert option.description is not None
        stored = MESSAGE.validate_json(MESSAGE.dump_json(option.description))
        told[option.action.colour] = {
            locale: render(stored, locale, ("rules.patchistory", "rules.core"), ("Ann", "Bo", "Cy"))
            for locale in ("en", "el")
        }
    cost = war_prep(state.era)
    assert f"you pay {cost} resource" in told["red"]["en"] and "war preparation" in told["red"]["en"]
    assert f"{cost} Πόρ" in told["red"]["el"]
    assert "ally" in told["blue"]["en"]
    assert all(len(text) <= 100 for words in told.values() for text in words.values())
