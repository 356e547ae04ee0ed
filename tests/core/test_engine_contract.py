"""The base Engine: parsing, seat checks, untouched state on rejection, options, replay."""

import pytest

from rules.core import GameOver, InvalidAction, NotYourTurn, RuleError
from tests.fixtures.sealed_bid import ENGINE, Bid, Take


def test_action_is_parsed_from_json_text_and_mappings() -> None:
    assert ENGINE.parse_action('{"kind": "bid", "coins": 2}') == Bid(coins=2)
    assert ENGINE.parse_action({"kind": "take", "token": 0}) == Take(token=0)


def test_an_action_model_is_validated_again_unless_the_engine_trusts_its_models() -> None:
    bid = Bid.model_construct(coins=2)
    assert ENGINE.parse_action(bid) is not bid, "dumped and validated again"
    trusting = type("Trusting", (type(ENGINE),), {"trusted_actions": frozenset({Bid})})()
    assert trusting.parse_action(bid) is bid, "taken as it is"
    assert trusting.parse_action('{"kind": "take", "token": 0}') == Take(token=0), "text is still validated"


def test_unknown_action_kind_is_an_invalid_action() -> None:
    with pytest.raises(InvalidAction, match="not a valid move"):
        ENGINE.parse_action({"kind": "fly"})


def test_seat_that_owes_nothing_is_told_it_is_not_its_turn() -> None:
    state = ENGINE.new_game(2, {}, 1)
    state, _ = ENGINE.apply(state, 0, Bid(coins=1))
    with pytest.raises(NotYourTurn):
        ENGINE.apply(state, 0, Bid(coins=1))


def test_rejected_action_leaves_the_state_exactly_as_it_was() -> None:
    state = ENGINE.new_game(2, {}, 1)
    before = ENGINE.dump(state)
    with pytest.raises(RuleError, match="Bid 0 to 5"):
        ENGINE.apply(state, 0, Bid(coins=9))
    assert ENGINE.dump(state) == before


def test_apply_returns_a_new_state_and_keeps_the_old_one() -> None:
    state = ENGINE.new_game(2, {}, 1)
    new, events = ENGINE.apply(state, 0, Bid(coins=2))
    assert new.players[0].bid == 2 and state.players[0].bid is None
    assert events


def test_player_count_outside_the_box_is_refused() -> None:
    with pytest.raises(InvalidAction, match="2–4 players, not 5"):
        ENGINE.new_game(5, {}, 0)


def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(InvalidAction, match="'speed'"):
        ENGINE.new_game(2, {"speed": 3}, 0)


def test_bad_option_value_is_refused() -> None:
    with pytest.raises(InvalidAction):
        ENGINE.new_game(2, {"starting_coins": 0}, 0)


def test_finished_game_accepts_nothing() -> None:
    state = ENGINE.new_game(2, {}, 1)
    state.over = True
    with pytest.raises(GameOver):
        ENGINE.apply(state, 0, Bid(coins=0))


def test_replay_rebuilds_the_same_state() -> None:
    log = [(0, Bid(coins=1)), (1, Bid(coins=2)), (1, Take(token=0)), (0, Take(token=0))]
    state = ENGINE.new_game(2, {}, 7)
    for seat, action in log:
        state, _ = ENGINE.apply(state, seat, action)
    assert ENGINE.dump(ENGINE.replay(2, {}, 7, log)) == ENGINE.dump(state)


def test_secret_bid_is_hidden_from_other_seats_until_all_have_bid() -> None:
    state = ENGINE.new_game(2, {}, 1)
    state, _ = ENGINE.apply(state, 0, Bid(coins=3))
    assert ENGINE.view(state, 0).players[0].bid == 3
    assert ENGINE.view(state, 1).players[0].bid is None
    assert ENGINE.view(state, None).players[0].has_bid
    state, events = ENGINE.apply(state, 1, Bid(coins=1))
    assert ENGINE.view(state, 1).players[0].bid == 3
    assert any(e.reveals for e in events)
