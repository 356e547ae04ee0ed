"""A forced answer in a simultaneous step is committed like any other (issue #13, item 1): a seat
left with nothing but "End Administration" is not asked, and its end of Administration comes where
a player who answered last would have made it, so what the other seats see (the events told them,
their views, their prompts, the order of commitments) does not show when its PP and goods ran out.

Administration is played simultaneously (p. 9); PP and goods are behind the screen (§15)."""

from __future__ import annotations

from copy import deepcopy
from typing import Any

from rules.core import Event, Rng, Seat
from rules.patchistory import ENGINE
from rules.patchistory.actions import Done, Vote
from rules.patchistory.state import Phase, State
from tests.patchistory.helpers import at_phase, game

HELD = 1
"""The seat whose secrets decide whether it has a choice."""
OBSERVER = 0


def before_administration() -> tuple[State, Seat, Any]:
    """A greedy 3-player game just before the move that opens its first Administration, the seat
    making that move and the move (by a seat other than :data:`HELD`)."""
    bot = ENGINE.bots()["greedy"]
    rng = Rng.from_seed(7)
    state = ENGINE.new_game(3, {}, 101)
    while prompts := ENGINE.pending(state):
        seat = min(prompts)
        action = bot.choose(ENGINE, state, seat, prompts[seat], rng)
        after, _ = ENGINE.apply(state, seat, action)
        if state.phase == Phase.DIPLOMACY and after.phase == Phase.ADMINISTRATION and seat != HELD:
            return state, seat, action
        state = after
    raise AssertionError("the game reached no Administration")


def with_pp(state: State, pp: int) -> State:
    """``state`` with :data:`HELD` holding ``pp`` Political Points and nothing it can be asked
    to spend them on but a Campaign."""
    changed = deepcopy(state)
    held = changed.players[HELD]
    held.pp = pp
    held.campaigned = False
    held.goods.food = held.goods.coins = held.goods.resources = 0
    held.buildings = []
    return changed


class Observed:
    """What :data:`OBSERVER` is shown while a step is played."""

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.views: list[object] = []
        self.prompts: list[object] = []
        self.held_asked = False

    def apply(self, state: State, seat: Seat, action: Any) -> State:
        state, events = ENGINE.apply(state, seat, action)
        self.events += [e for e in events if e.visible(OBSERVER)]
        return state

    def look(self, state: State) -> None:
        self.views.append(ENGINE.view(state, OBSERVER))
        self.prompts.append(ENGINE.pending(state).get(OBSERVER))


def play_administration(state: State, mover: Seat, move: Any, *, held_answers: bool) -> Observed:
    """Open Administration with ``move``; every seat but :data:`HELD` ends it, first the
    observer; :data:`HELD` ends it last when it has a choice (``held_answers``)."""
    seen = Observed()
    state = seen.apply(state, mover, move)
    others = sorted(s for s in range(len(state.players)) if s != HELD)
    seen.look(state)
    for seat in others:
        seen.held_asked |= HELD in ENGINE.pending(state)
        state = seen.apply(state, seat, Done())
        if seat != others[-1]:
            seen.look(state)
    if held_answers:
        state = seen.apply(state, HELD, Done())
    assert state.phase != Phase.ADMINISTRATION
    seen.look(state)
    return seen


def test_the_held_seat_differs_only_in_what_it_holds_behind_its_screen() -> None:
    state, _, _ = before_administration()
    assert ENGINE.view(with_pp(state, 0), OBSERVER) == ENGINE.view(with_pp(state, 1), OBSERVER)


def test_a_seat_with_nothing_to_spend_is_not_asked_and_is_told_privately() -> None:
    state, mover, move = before_administration()
    state, _ = ENGINE.apply(with_pp(state, 0), mover, move)
    assert state.phase == Phase.ADMINISTRATION and not state.players[HELD].done
    told: list[Event] = []
    for seat in sorted(s for s in range(len(state.players)) if s != HELD):
        assert HELD not in ENGINE.pending(state)
        state, events = ENGINE.apply(state, seat, Done())
        told += [e for e in events if e.message.key == "patchistory.forced"]
    assert [e.visible_to for e in told] == [frozenset({HELD})]


def test_a_forced_end_of_administration_shows_the_others_what_ending_it_last_shows() -> None:
    state, mover, move = before_administration()
    forced = play_administration(with_pp(state, 0), mover, move, held_answers=False)
    chosen = play_administration(with_pp(state, 1), mover, move, held_answers=True)
    assert forced.events == chosen.events
    assert forced.views == chosen.views
    assert forced.prompts == chosen.prompts


def test_a_forced_end_of_administration_is_committed_after_every_other_seat_has_ended_it() -> None:
    state, mover, move = before_administration()
    state, events = ENGINE.apply(with_pp(state, 0), mover, move)
    ends: list[object] = []
    for seat in sorted(s for s in range(len(state.players)) if s != HELD):
        state, events = ENGINE.apply(state, seat, Done())
        ends += [e.message.params["seat"] for e in events if e.message.key == "patchistory.admin_done"]
    assert ends == [0, 2, HELD]


def voting_on_one_card(held_votes: int) -> State:
    """3 players voting on one prosperity card; :data:`HELD` holds ``held_votes`` votes, a secret
    (p. 13: votes are placed in secret, §15)."""
    state = at_phase(game(3), Phase.VOTE)
    state.voting.cards = ["p01"]
    state.voting.standings = [[1, 2, 3]]
    for seat, p in enumerate(state.players):
        p.goods.votes = held_votes if seat == HELD else 2
    return state


def votes_told(state: State, votes: dict[Seat, int]) -> list[Event]:
    """The events the observer is told while the seats of ``votes`` vote in turn (the engine plays
    what is left, the forced answers)."""
    told: list[Event] = []
    for seat, n in votes.items():
        state, events = ENGINE.apply(state, seat, Vote(votes=n))
        told += [e for e in events if e.visible(OBSERVER)]
    return told


def test_a_seat_without_votes_is_not_asked_and_its_vote_of_0_comes_where_a_last_vote_would() -> None:
    without = voting_on_one_card(0)
    with_one = voting_on_one_card(1)
    assert ENGINE.view(without, OBSERVER) == ENGINE.view(with_one, OBSERVER)
    assert HELD not in ENGINE.pending(without)
    forced = votes_told(without, {0: 2, 2: 1})
    assert forced == votes_told(with_one, {0: 2, 2: 1, HELD: 0})
