"""Table options (spec 19): each reading the table may change, played both ways."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.patchistory import auction
from rules.patchistory.actions import BidCoins, Build, Choose, Patch, Pick, SealedBid
from rules.patchistory.empire import grid_of
from rules.patchistory.state import Negotiation, Phase, Reserve, State, Worker
from tests.patchistory.helpers import CONTENT, ENGINE, at_phase, empire, game

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


def test_the_patch_prompt_offers_no_sea_over_land_when_seas_stay_off_land() -> None:
    def offered(state: State) -> set[tuple[int, int, bool]]:
        state.players[0].menu = ["r:0"]
        found = set()
        for option in ENGINE.pending(state)[0].options:
            action = option.action
            if isinstance(action, Pick):  # a row menu: open every row
                state.players[0].menu = ["r:0", action.choice]
                found |= {
                    (a.row, a.col, a.under)
                    for o in ENGINE.pending(state)[0].options
                    if isinstance(a := o.action, Patch)
                }
            elif isinstance(action, Patch):
                found.add((action.row, action.col, action.under))
        return found

    everywhere = offered(patching_a_sea())
    off_land = offered(patching_a_sea(sea_over_land=False))
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
    return [o.action.colour for o in ENGINE.pending(state)[seat].options if isinstance(o.action, Choose)]


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
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, 0, Choose(colour="red"))
    assert caught.value.key == "patchistory.error.war_prep"


# 19 #24: where Build Building may go ---------------------------------------------------------------


def administration(**options: object) -> State:
    """Seat 0 in Administration with PP and resources; every capital square holds a building tile
    (the test empire), and a plain tile below the capital has four free 1x1 spaces."""
    state = at_phase(game(3, **options), Phase.ADMINISTRATION)
    for seat in range(3):
        empire(state, seat, politics=6)
    state.players[0].layers.append(("t-plain", "white", 2, 0))
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
    state.players[0].layers.pop()
    state.players[0].menu = []
    offered = [o.action for o in ENGINE.pending(state)[0].options if isinstance(o.action, Pick)]
    assert Pick(choice="build") not in offered
    assert Pick(choice="build") in [
        o.action for o in ENGINE.pending(administration())[0].options if isinstance(o.action, Pick)
    ]
