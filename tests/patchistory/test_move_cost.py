"""A seat's placement menu is worked out once for the empire it is drawn from
(docs/patchistory/notes.md, "What a move costs")."""

from __future__ import annotations

from itertools import product

from rules.core import Rng, random_choice
from rules.patchistory import patching
from rules.patchistory.content import Cell
from rules.patchistory.empire import Grid, grid_of, grid_stats, patched_grid, placements, stats, try_patch
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


def empires() -> list[tuple[State, int]]:
    """Seats of random games every 40 moves, their empires grown by patches, buildings and
    reclaimed wastelands."""
    return [
        (state, seat)
        for players, seed in ((2, 1), (3, 2), (4, 3))
        for state in walk(players, seed, 500)[::40]
        for seat in range(players)
    ]


def test_the_places_a_tile_may_go_are_those_try_patch_allows() -> None:
    """:func:`placements` reads only the squares a tile lies on (§7.7): every place of the scan
    it keeps, and only those, is a patch :func:`try_patch` accepts, over every reading of the sea
    rules (#1, #2) and the eras' size limits."""
    checked = 0
    tiles = sorted(ENGINE.content.tiles_by_id)
    for n, (state, seat) in enumerate(empires()):
        p = state.players[seat]
        grid = grid_of(p, ENGINE.content)
        top, left, bottom, right = grid.bounds()
        tile = tiles[n * 7 % len(tiles)]
        for side, era, diagonal, over in product(("white", "black"), (1, 3), (False, True), (False, True)):
            legal = placements(p, ENGINE.content, tile, side, era, diagonal=diagonal, seas_over_land=over)
            found = {(pl.row, pl.col, pl.under) for pl in legal}
            allowed = {
                (row, col, under)
                for row in range(top - 4, bottom + 2)
                for col in range(left - 4, right + 2)
                for under in (False, True)
                if try_patch(p, ENGINE.content, tile, side, row, col, under=under, keep_buildings=False,
                             era=era, build=False, diagonal=diagonal, seas_over_land=over)[0] is not None
            }
            assert found == allowed, (tile, side, era, diagonal, over)
            checked += len(found)
    assert checked > 1000


def test_a_placement_names_the_stats_of_the_empire_it_makes() -> None:
    """The change a placement option shows is read from the squares the patch leaves
    (:func:`patched_grid`): the same squares, spaces and stats as the empire :func:`try_patch`
    builds, its unstacked workers waiting to be placed again (#23)."""
    checked = 0
    tiles = sorted(ENGINE.content.tiles_by_id)
    for n, (state, seat) in enumerate(empires()):
        p = state.players[seat]
        grid = grid_of(p, ENGINE.content)
        tile = tiles[n * 5 % len(tiles)]
        for side in ("white", "black"):
            sdef = ENGINE.content.tiles_by_id[tile].side(side)
            for pl in placements(p, ENGINE.content, tile, side, state.era):
                for keep in (False, True) if pl.covers_building else (False,):
                    built, _ = try_patch(p, ENGINE.content, tile, side, pl.row, pl.col, under=pl.under,
                                         keep_buildings=keep, era=state.era)
                    assert built is not None
                    made = patched_grid(grid, p.tokens, len(p.layers), sdef, pl.row, pl.col, under=pl.under,
                                        keep_buildings=keep)
                    drawn = grid_of(built, ENGINE.content)
                    assert shown(made) == shown(drawn)
                    kept, _ = patching.unstacked(ENGINE.ctx, built)
                    assert patching.unstacked_on(made, p.workers)[0] == kept
                    built.workers = kept
                    assert grid_stats(made, kept, seat, ENGINE.content, state.routes) == stats(
                        built, seat, ENGINE.content, state.routes
                    )
                    checked += 1
    assert checked > 1000


def shown(grid: Grid) -> tuple[dict[Cell, tuple[object, ...]], list[list[Cell]]]:
    """What a grid shows, whatever keys name its spaces: each square's space, building and
    whether it is reclaimed, and the squares of each space."""
    return (
        {cell: (id(sq.space), sq.building, sq.reclaimed) for cell, sq in grid.squares.items()},
        sorted(grid.spaces.values()),
    )
