"""A move never changes the state it is made in (``Engine.apply``: "``state`` is never
modified"), though the state it returns shares parts with it (docs/patchistory/notes.md,
"Twelfth round")."""

from __future__ import annotations

from itertools import product

from rules.core import Rng, random_choice
from tests.patchistory.helpers import ENGINE


def test_a_move_leaves_the_state_it_was_made_in_as_it_was() -> None:
    """Over whole random games at 2, 3 and 4 players, the state given to every move dumps the
    same after the move as before it: nothing the new state shares with it was changed by the
    move, nor by the forced answers and steps played with it."""
    moves = 0
    for players, seed in product((2, 3, 4), range(20, 24)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        prompts = ENGINE.prompts(state)
        while prompts:
            seat = rng.choice(sorted(prompts))
            before = ENGINE.dump(state)
            new, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
            assert ENGINE.dump(state) == before, (players, seed, state.moves)
            state = new
            prompts = ENGINE.prompts(state)
            moves += 1
    assert moves > 1500
