"""A move is played on a copy that shares the players it cannot change (State.copy_for): every
state a game went through stays as it was, to the end of the game, and a shared copy is the
state a full copy gives. A copy is written out field by field (State.__deepcopy__): it is the
state, and shares nothing a move could change but the Assign undo history, whose versions never
change once kept."""

from __future__ import annotations

import copy as copying
import re

import pytest

from rules.core import Rng, random_choice
from rules.rftg import ENGINE
from rules.rftg.actions import ReturnTile, Scout, Stock
from rules.rftg.state import State
from tests.copies import shared_mutables
from tests.rftg.helpers import bare, enter


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_state_a_game_went_through_stays_as_it_was(players: int) -> None:
    state = ENGINE.new_game(players, {}, 40 + players)
    rng = Rng.from_seed(players)
    went: list[tuple[State, str]] = []
    while prompts := ENGINE.prompts(state):
        went.append((state, ENGINE.dump(state)))
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
    changed = [i for i, (kept, dumped) in enumerate(went) if ENGINE.dump(kept) != dumped]
    assert changed == []
    assert len(went) > 100


def _played(players: int, seed: int) -> list[State]:
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    went = []
    while prompts := ENGINE.prompts(state):
        went.append(state)
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
    return went[::7]


_UNDO_HISTORY = re.compile(r"\.assign\.history\[\d+\]")
"""A kept Assign version: shared by the copies, never changed."""


def _changeable(shared: list[str]) -> list[str]:
    return [where for where in shared if not _UNDO_HISTORY.search(where)]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_copy_is_the_state_and_shares_only_the_kept_assign_versions(players: int) -> None:
    states = _played(players, seed=60 + players)
    histories = 0
    for state in states:
        copy = copying.deepcopy(state)
        assert ENGINE.dump(copy) == ENGINE.dump(state)
        assert copy.model_fields_set == State.model_validate_json(ENGINE.dump(state)).model_fields_set
        shared = shared_mutables(state, copy, "state")
        assert _changeable(shared) == []
        histories += len(shared)
    assert histories > 0 and len(states) > 30


@pytest.mark.parametrize("players", [2, 4])
def test_a_copy_for_a_seat_shares_only_the_other_players_until_it_owns_them(players: int) -> None:
    for state in _played(players, seed=70 + players):
        for seat in range(players):
            copy = state.copy_for(seat)
            assert ENGINE.dump(copy) == ENGINE.dump(state)
            shared = _changeable(shared_mutables(state, copy, "state"))
            others = {f"players[{s}]" for s in range(players) if s != seat}
            assert {where.split(".")[1] for where in shared} == others
            other = (seat + 1) % players
            copy.own(other)
            assert ENGINE.dump(copy) == ENGINE.dump(state)
            assert _changeable(shared_mutables(state.players[other], copy.players[other], "player")) == []


def test_a_copy_for_a_seat_is_the_state_and_owns_that_seats_player() -> None:
    state = ENGINE.new_game(3, {}, 5)
    state, _ = ENGINE.apply(state, 0, random_choice(ENGINE.prompts(state)[0], Rng.from_seed(1)))
    copy = state.copy_for(1)
    assert ENGINE.dump(copy) == ENGINE.dump(state)
    assert copy.players[1] is not state.players[1]
    assert copy.players[1].work is not state.players[1].work
    assert copy.players[0] is state.players[0] and copy.players[2] is state.players[2]
    assert copy.bag is not state.bag and copy.rng is not state.rng


def test_a_scout_that_empties_the_bag_leaves_the_state_before_it_as_it_was() -> None:
    """The returned tiles refill the bag and every player's returned tiles are forgotten (§5.5,
    X16): that move changes other players than its own, so it is played on a full copy."""
    state = bare(3)
    state.bag, state.pile = [1], [2, 3]
    state.players[0].dev_stack = [4]
    enter(state, "explore", {0: ["white"], 1: ["white"]})
    state.players[1].work.returned = [2]
    went: list[tuple[State, str]] = []
    for action in (Scout(colour="white"), ReturnTile(position=0)):  # the Draw follows by itself
        went.append((state, ENGINE.dump(state)))
        state, _ = ENGINE.apply(state, 0, action)
    assert state.players[1].work.returned == [] and state.pile == []
    assert [ENGINE.dump(kept) for kept, _ in went] == [dumped for _, dumped in went]


def test_a_single_answer_a_move_leads_another_seat_to_leaves_the_state_before_it_as_it_was() -> None:
    """In timing order (§11) the next player's question comes once the player before is done; a
    question with a single answer is played at once, on that player's own copy."""
    state = bare(2)
    enter(state, "explore", {0: ["white"]})
    state.sequential, state.timing = True, [0, 1]
    state.players[1].work.scouting = True  # returning tiles, with none left: Draw is all it can do
    before = ENGINE.dump(state)
    after, _ = ENGINE.apply(state, 0, Stock(colour="white"))
    assert ENGINE.dump(state) == before
    assert after.players[1].work.drawn and not state.players[1].work.drawn
