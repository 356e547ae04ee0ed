"""A move in the actions phase is played on a copy that shares the players it leaves alone
(``State.copy_for``); what changes another player (an owner's fee, a forced pass, the update phase)
first gives the copy that player's own (``State.own``). Every state a game went through stays as it
was to the end of the game, and each move gives the state and events a full copy gives."""

from __future__ import annotations

from functools import cache

import pytest

from rules.core import Engine, Rng, random_choice
from rules.core.contract import EVENT
from rules.praetor import ENGINE
from rules.praetor.bots import GreedyBot
from rules.praetor.state import State


@cache
def _games(players: int) -> list[tuple[State, str, int, object]]:
    """The moves of two seeded games, random and greedy seats mixed: (state before, its JSON when
    the move was made, seat, action)."""
    moves: list[tuple[State, str, int, object]] = []
    for seed in (players, 10 + players):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        greedy = GreedyBot()
        while prompts := ENGINE.prompts(state):
            seat = rng.choice(sorted(prompts))
            if seat % 2:
                action = greedy.choose(ENGINE, state, seat, prompts[seat], rng)
            else:
                action = random_choice(prompts[seat], rng)
            moves.append((state, ENGINE.dump(state), seat, action))
            state, _ = ENGINE.apply(state, seat, action)
    return moves


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_state_a_game_went_through_stays_as_it_was(players: int) -> None:
    moves = _games(players)
    assert [ENGINE.dump(state) for state, _, _, _ in moves] == [dumped for _, dumped, _, _ in moves]


def test_the_games_change_other_players_in_every_way_a_move_can() -> None:
    """The games above pay owners' fees, pass seats by force and reach the update phase."""
    keys = {e.message.key for players in (2, 3, 4, 5) for state, _, seat, action in _games(players)
            for e in ENGINE.apply(state, seat, action)[1]}
    assert {"praetor.ev.paid_owner", "praetor.ev.forced_pass", "praetor.ev.nothing_to_do",
            "praetor.ev.update"} <= keys


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_move_on_a_shared_copy_gives_what_a_full_copy_gives(players: int) -> None:
    for state, _, seat, action in _games(players):
        shared, events = ENGINE.apply(state, seat, action)
        full, full_events = Engine.apply(ENGINE, state, seat, action)
        assert ENGINE.dump(shared) == ENGINE.dump(full)
        assert [EVENT.dump_json(e) for e in events] == [EVENT.dump_json(e) for e in full_events]


def test_a_copy_for_a_seat_owns_that_seats_player_and_shares_the_others() -> None:
    state = ENGINE.new_game(3, {}, 5)
    for seat in (None, 0, 1, 2):
        copy = state.copy_for(seat)
        assert ENGINE.dump(copy) == ENGINE.dump(state) and copy.city is not state.city
        shared = [a is b for a, b in zip(copy.players, state.players, strict=True)]
        assert shared == [s != seat for s in range(3)]
        if seat is not None:
            assert copy.players[seat].stock is not state.players[seat].stock
    owned = copy.own(0)
    assert owned is copy.players[0] and owned is not state.players[0]
    assert owned.stock is not state.players[0].stock and owned.workers is not state.players[0].workers
