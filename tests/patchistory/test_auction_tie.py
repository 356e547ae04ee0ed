"""The 2-player auction tie (p. 15, spec 7.4): «Αν οι δύο παίκτες επέλεξαν το ίδιο Πλακίδιο με το ίδιο
Ποσό, ο Πρώτος Παίκτης έχει την αρχική επιλογή» — the first player chooses which tile to take."""

from __future__ import annotations

import pytest

from render.patchistory import render_board
from rules.core import Rng, RuleError
from rules.core.messages import msg, render
from rules.patchistory.actions import FirstChoice, SealedBid
from rules.patchistory.bots import GreedyBot
from rules.patchistory.common import name_key
from rules.patchistory.state import Offer, Phase, State
from tests.patchistory.helpers import ENGINE, game

PACKAGES = ("rules.patchistory", "rules.core")


def tied(coins: int = 2, tile: int = 0, **options: object) -> State:
    """Both players secretly bid ``coins`` on tile ``tile``; seat 0 is the first player."""
    state = game(2, **options)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=tile, coins=coins))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=tile, coins=coins))
    return state


def tiles(state: State) -> list[str]:
    return [o.tile for o in state.auction.offers]


def taken(state: State) -> list[list[str]]:
    return [[r.tile for r in p.reserve] for p in state.players]


def test_equal_bids_on_the_same_tile_ask_the_first_player_which_tile_to_take() -> None:
    state = tied()
    prompts = ENGINE.pending(state)
    assert set(prompts) == {0}
    assert [o.action for o in prompts[0].options] == [FirstChoice(tile=0), FirstChoice(tile=1)]
    assert state.phase == Phase.AUCTION and taken(state) == [[], []]


def test_the_first_choice_options_name_each_tile_by_number_and_name() -> None:
    state = tied()
    first, second = tiles(state)
    prompt = ENGINE.pending(state)[0]
    labels = [render(o.label, "en", PACKAGES) for o in prompt.options]
    names = [ENGINE.content.tile_name(t) for t in (first, second)]
    assert labels == [f"Take tile #1 ({names[0]})", f"Take tile #2 ({names[1]})"]
    assert render(prompt.title, "en", PACKAGES) == "Equal bids of 2 on tile #1: you choose first"


def test_the_tie_is_announced_with_the_bids_revealed() -> None:
    state = game(2)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=1, coins=3))
    state, events = ENGINE.apply(state, 1, SealedBid(tile=1, coins=3))
    keys = [e.message.key.removeprefix("patchistory.auction.") for e in events]
    assert keys == ["sealed_in", "revealed", "tied"]
    assert events[1].reveals and all(e.visible_to is None for e in events)
    assert events[2].message.params == {"seat": 0, "number": 2, "coins": 3}


def test_the_first_player_taking_the_contested_tile_leaves_the_other_to_the_second() -> None:
    state = tied()
    first, second = tiles(state)
    state, _ = ENGINE.apply(state, 0, FirstChoice(tile=0))
    assert taken(state) == [[first], [second]]
    assert state.phase == Phase.PATCH


def test_choosing_the_other_tile_gives_the_contested_tile_to_the_second_player() -> None:
    state = tied()
    first, second = tiles(state)
    state, events = ENGINE.apply(state, 0, FirstChoice(tile=1))
    assert taken(state) == [[second], [first]]
    told = [e.message.params["tile"] for e in events if e.message.key == "patchistory.auction.won"]
    assert told == [msg(name_key(ENGINE.content.tile_name(t))) for t in (second, first)]


def test_each_winner_still_chooses_the_side_of_the_tile_taken_on_a_tie() -> None:
    state, _ = ENGINE.apply(tied(), 0, FirstChoice(tile=1))
    assert [p.reserve[0].side for p in state.players] == [None, None]


def test_after_a_tie_both_pay_the_coins_they_revealed() -> None:
    coins = [p.goods.coins for p in game(2).players]
    state, _ = ENGINE.apply(tied(coins=2), 0, FirstChoice(tile=1))
    assert [p.goods.coins for p in state.players] == [coins[0] - 2, coins[1] - 2]


def test_when_only_winners_pay_the_first_player_taking_the_other_tile_gets_it_free() -> None:
    coins = [p.goods.coins for p in game(2).players]
    state, _ = ENGINE.apply(tied(coins=2, two_player_both_pay=False), 0, FirstChoice(tile=1))
    assert [p.goods.coins for p in state.players] == [coins[0], coins[1] - 2]


def test_when_only_winners_pay_the_first_player_taking_the_contested_tile_pays_for_it() -> None:
    coins = [p.goods.coins for p in game(2).players]
    state, _ = ENGINE.apply(tied(coins=2, two_player_both_pay=False), 0, FirstChoice(tile=0))
    assert [p.goods.coins for p in state.players] == [coins[0] - 2, coins[1]]


def test_the_first_player_in_turn_order_chooses_whatever_the_seat_number() -> None:
    state = ENGINE.new_game(2, {"first_player": 1}, 7)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=1))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=0, coins=1))
    assert set(ENGINE.pending(state)) == {1}
    first, second = tiles(state)
    state, _ = ENGINE.apply(state, 1, FirstChoice(tile=1))
    assert taken(state) == [[first], [second]]


def test_different_amounts_on_the_same_tile_ask_nobody() -> None:
    state = game(2)
    first, second = tiles(state)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=1))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=0, coins=2))
    assert state.phase == Phase.PATCH and state.auction.first_choice is None
    assert taken(state) == [[second], [first]]


def test_equal_amounts_on_different_tiles_ask_nobody() -> None:
    state = game(2)
    first, second = tiles(state)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=1, coins=2))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=0, coins=2))
    assert state.phase == Phase.PATCH and state.auction.first_choice is None
    assert taken(state) == [[second], [first]]


def test_only_the_first_player_may_choose_after_a_tie() -> None:
    state = tied()
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, 1, FirstChoice(tile=0))
    assert caught.value.key == "core.not_your_turn"


def test_the_first_choice_must_name_a_laid_out_tile() -> None:
    state = tied()
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, 0, FirstChoice(tile=2))
    assert caught.value.key == "patchistory.error.no_tile"


def test_no_first_choice_without_a_tie() -> None:
    state = game(2)
    with pytest.raises(RuleError) as caught:
        ENGINE.apply(state, 0, FirstChoice(tile=0))
    assert caught.value.key == "patchistory.error.not_first"


def test_no_second_secret_bid_while_the_first_player_chooses() -> None:
    with pytest.raises(RuleError):
        ENGINE.apply(tied(), 1, SealedBid(tile=1, coins=1))


def test_the_public_view_shows_the_first_player_choosing_and_the_revealed_bids() -> None:
    view = ENGINE.view(tied(coins=2), None)
    assert view.first_choice == 0
    assert view.bids == [(0, 0, 2), (1, 0, 2)]


def test_secret_bids_are_not_in_the_view_until_both_are_in() -> None:
    state, _ = ENGINE.apply(game(2), 0, SealedBid(tile=0, coins=2))
    assert ENGINE.view(state, None).bids == [] and ENGINE.view(state, 1).bids == []
    assert ENGINE.view(state, None).first_choice is None


def test_nobody_is_choosing_once_the_first_player_has_chosen() -> None:
    state, _ = ENGINE.apply(tied(), 0, FirstChoice(tile=0))
    assert ENGINE.view(state, None).first_choice is None


def test_the_board_picture_shows_who_chooses_first() -> None:
    state = tied()
    view = ENGINE.view(state, None)
    nobody = view.model_copy(update={"first_choice": None})
    assert render_board(view, ["Alice", "Bob"]) != render_board(nobody, ["Alice", "Bob"])


def test_a_pending_first_choice_survives_a_json_round_trip() -> None:
    state = tied()
    again = ENGINE.load(ENGINE.dump(state))
    assert ENGINE.dump(again) == ENGINE.dump(state)
    assert ENGINE.pending(again) == ENGINE.pending(state)
    after, _ = ENGINE.apply(again, 0, FirstChoice(tile=1))
    expected, _ = ENGINE.apply(state, 0, FirstChoice(tile=1))
    assert ENGINE.dump(after) == ENGINE.dump(expected)


def test_replaying_the_log_repeats_the_first_choice() -> None:
    log = [
        (0, SealedBid(tile=0, coins=2)),
        (1, SealedBid(tile=0, coins=2)),
        (0, FirstChoice(tile=1)),
    ]
    state = game(2)
    for seat, action in log:
        state, _ = ENGINE.apply(state, seat, action)
    stored = [(seat, ENGINE.parse_action(ENGINE.dump_action(action))) for seat, action in log]
    replayed = ENGINE.replay(2, {"first_player": 0}, 7, stored)
    assert ENGINE.dump(replayed) == ENGINE.dump(state)
    assert taken(replayed)[1] == [tiles(game(2))[0]]


@pytest.mark.parametrize("better", [0, 1])
def test_the_greedy_bot_takes_the_tile_it_values_more(better: int) -> None:
    state = game(2)
    # t-vasco carries symbols on its white side; t-plain carries none.
    names = ["t-plain", "t-plain"]
    names[better] = "t-vasco"
    state.auction.offers = [Offer(tile=name, side="any") for name in names]
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=1))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=0, coins=1))
    prompt = ENGINE.pending(state)[0]
    assert GreedyBot().choose(ENGINE, state, 0, prompt, Rng.from_seed(1)) == FirstChoice(tile=better)
