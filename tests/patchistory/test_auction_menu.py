"""The auction's one menu (p. 6-7): a bid names its tile and its total at once, by printed names."""

from __future__ import annotations

import pytest

from rules.core.messages import MESSAGE, render
from rules.patchistory import auction
from rules.patchistory.actions import BidCoins, Pick, SealedBid
from rules.patchistory.common import label
from rules.patchistory.state import Offer, State
from tests.patchistory.helpers import CONTENT, ENGINE, game

CTX = ENGINE.ctx
PACKAGES = ("rules.patchistory", "rules.core")


def auction_with(coins: int) -> State:
    """A 3-player auction of round 2, seat 0 first, holding ``coins`` coins."""
    state = game(3)
    state.round = 2
    state.players[0].goods.coins = coins
    state.stack = list(CONTENT.era_tiles(1))
    auction.lay_out(CTX, state)
    return state


def test_a_bid_is_one_answer_naming_the_tile_and_the_total() -> None:
    """p. 6-7: one choice places the coins on the tile; nothing is asked after it."""
    state = auction_with(3)
    actions = [o.action for o in ENGINE.pending(state)[0].options]
    assert {BidCoins(tile=t, coins=c) for t in range(3) for c in (1, 2, 3)} <= set(actions)
    state, _ = ENGINE.apply(state, 0, BidCoins(tile=1, coins=2))
    assert 0 not in ENGINE.pending(state)


def test_bids_name_tiles_by_their_printed_names_and_say_what_they_cost() -> None:
    state = auction_with(3)
    option = ENGINE.pending(state)[0].options[0]
    tile = state.auction.offers[0].tile
    assert CONTENT.tile_name(tile) in render(option.label, "en", PACKAGES)
    assert tile not in render(option.label, "en", PACKAGES)
    assert option.description is not None
    described = render(option.description, "en", PACKAGES)
    assert "coin" in described and len(described) <= 100


def test_higher_totals_that_do_not_fit_the_menu_open_a_number_for_that_tile() -> None:
    """The totals a player may bid run to all their coins (p. 6): past the menu, a number."""
    state = auction_with(20)
    prompt = ENGINE.pending(state)[0]
    assert len(prompt.options) <= 25
    more = [o.action for o in prompt.options if isinstance(o.action, Pick)]
    assert more == [Pick(choice=f"tile:{t}") for t in range(3)]
    state, _ = ENGINE.apply(state, 0, more[0])
    number = ENGINE.pending(state)[0].number
    assert number is not None and number.high == 20


def secret_auction_with(coins: int) -> State:
    """The 2-player secret auction (p. 15), seat 0 holding ``coins`` coins."""
    state = game(2)
    state.players[0].goods.coins = coins
    return state


def test_a_secret_bid_is_one_answer_naming_the_tile_and_the_coins() -> None:
    """p. 15: each player secretly puts coins on one tile; the bid is typed once."""
    state = secret_auction_with(3)
    prompt = ENGINE.pending(state)[0]
    assert prompt.secret
    actions = [o.action for o in prompt.options]
    assert actions == [SealedBid(tile=t, coins=c) for t in range(2) for c in (1, 2, 3)]
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=1, coins=2))
    assert 0 not in ENGINE.pending(state)
    assert state.auction.sealed[0] == (1, 2)
    assert "3 coins" in render(prompt.title, "en", PACKAGES, ("Ann", "Bo"))


def test_higher_secret_bids_that_do_not_fit_the_menu_open_a_number_for_that_tile() -> None:
    state = secret_auction_with(30)
    options = ENGINE.pending(state)[0].options
    assert len(options) == 24
    assert Pick(choice="tile:1") in [o.action for o in options]
    state, _ = ENGINE.apply(state, 0, Pick(choice="tile:1"))
    number = ENGINE.pending(state)[0].number
    assert number is not None and (number.low, number.high) == (1, 30)


def test_a_secret_bid_recorded_in_two_steps_is_still_accepted() -> None:
    state = secret_auction_with(3)
    state, _ = ENGINE.apply(state, 0, Pick(choice="tile:0"))
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=3))
    assert state.auction.sealed[0] == (0, 3)


@pytest.mark.parametrize("side", ["white", "black"])
def test_every_bid_says_what_it_costs_and_what_the_side_gives_within_a_select_line(side: str) -> None:
    """Every land tile's side on offer, the highest extra a bid can ask: at most 100 characters in
    English and Greek after the JSON round trip, a select entry's description line."""
    for tile in CONTENT.tiles_by_id:
        gives = auction.side_summary(CTX, Offer(tile=tile, side=side))
        bid = label("auction.bid_pays", extra=12, side_gives=gives)
        message = MESSAGE.validate_json(MESSAGE.dump_json(bid))
        for locale in ("en", "el"):
            text = render(message, locale, PACKAGES, ("Ann", "Bo", "Cy"))
            assert len(text) <= 100, text
            assert "{" not in text and "patchistory." not in text, text
