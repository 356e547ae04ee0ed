"""A seat's placement menu is worked out once for the empire it is drawn from
(docs/patchistory/notes.md, "What a move costs")."""

from __future__ import annotations

from rules.core import Rng, random_choice
from rules.patchistory import patching
from rules.patchistory.empire import grid_of
from rules.patchistory.state import Phase, Reserve, State, Worker
from tests.patchistory.helpers import ENGINE, TILES, at_phase, game


def walk(players: int, seed: int, moves: int) -> list[State]:
    """The states of a random game, one per move."""
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    states = [state]
    for _ in range(moves):
        prompts = ENGINE.pending(state)
        if not prompts:
            break
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        states.append(state)
    return states


def test_a_kept_placement_menu_is_the_one_drawn_afresh() -> None:
    checked = 0
    for state in walk(3, 7, 400):
        if state.phase != Phase.PATCH:
            continue
        for seat, p in enumerate(state.players):
            for reserve, item in enumerate(p.reserve):
                for side in [item.side] if item.side else ["white", "black"]:
                    kept = patching.placement_options(ENGINE.ctx, state, seat, reserve, side)
                    assert kept == patching._placement_options(ENGINE.ctx, state, seat, reserve, side)
                    checked += 1
    assert checked > 50


def test_a_placement_menu_is_drawn_again_when_a_worker_stands_elsewhere() -> None:
    """The change a placement shows counts framed symbols where workers stand (p. 5)."""
    state = at_phase(game(), Phase.PATCH)
    p = state.players[0]
    p.reserve = [Reserve(tile=next(iter(TILES.values())), side="white")]
    menus = []
    for cell in grid_of(p, ENGINE.content).squares:
        p.workers = [Worker(row=cell[0], col=cell[1])]
        kept = patching.placement_options(ENGINE.ctx, state, 0, 0, "white")
        assert kept == patching._placement_options(ENGINE.ctx, state, 0, 0, "white")
        menus.append(kept)
    assert any(menu != menus[0] for menu in menus)
