"""A seat's placement menu is worked out once for the empire it is drawn from, the state is copied
field by field, and a seat's prompt is kept by all it is drawn from (docs/patchistory/notes.md,
"What a move costs")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from copy import deepcopy
from dataclasses import fields, is_dataclass, replace
from functools import partial
from itertools import product
from typing import get_args

from pydantic import BaseModel

from rules.core import Event, NumberChoice, Option, Prompt, Rng, RuleError, Seat, chapter, random_choice
from rules.core.engine import adapter
from rules.core.unchecked import option
from rules.patchistory import auction, flow, menus, movement, patching, politics, voting
from rules.patchistory.actions import (
    Aid,
    AnyAction,
    Back,
    BidCoins,
    Commit,
    Done,
    Exchange,
    Move,
    Patch,
    Pick,
    PlaceWorker,
    SealedBid,
)
from rules.patchistory.common import Ctx, back, change_words, event, gains, label, worker_adds
from rules.patchistory.content import STATS, Cell, Stat
from rules.patchistory.empire import (
    _LAID,
    ALL_ZERO,
    Grid,
    PatchedStats,
    SpaceKey,
    _drawn_grid,
    _modified,
    _modified_packed,
    _symbols,
    abilities,
    empty_spaces,
    free_spaces,
    grid_of,
    grid_stats,
    lay,
    packed,
    packed_change,
    patched_grid,
    patched_stats,
    placements,
    reachable,
    retokened,
    routes_owned,
    square_symbols,
    stats,
    try_patch,
    unpacked,
    worked_by,
)
from rules.patchistory.engine import PLAYS, Patchistory, forced_seats, offers
from rules.patchistory.flow import round_start
from rules.patchistory.options import Options
from rules.patchistory.politics import admin_menu, exchange_options, spendable
from rules.patchistory.state import (
    AidOffer,
    Auction,
    Goods,
    Phase,
    Player,
    Reserve,
    Route,
    State,
    Token,
    Worker,
    player_key,
    worker_key,
)
from rules.patchistory.state import options_key as kept_options_key
from tests.copies import shared_mutables
from tests.patchistory.helpers import ENGINE, TILES, at_phase, game, own


def js(value: object) -> bytes:
    """``value`` as JSON, as pydantic writes it (a model's dump, or a dataclass's)."""
    return adapter(type(value)).dump_json(value)


def items(value: object) -> list[tuple[str, object]]:
    """The fields of a model or a dataclass with their values, in order."""
    if is_dataclass(value):
        return [(f.name, getattr(value, f.name)) for f in fields(value)]
    return list(value.__dict__.items())


def fields_set(value: object) -> set[str]:
    """The fields a model was given (every field of a dataclass, which marks none)."""
    if isinstance(value, BaseModel):
        return set(value.model_fields_set)
    return {name for name, _ in items(value)}


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


def menu_steps(engine: Patchistory, state: State, seat: int, options: Sequence[Option],
               prefix: str = "") -> Iterator[str]:
    """Every menu step down the seat's menu ``options``, each followed by the steps it opens
    (``prefix`` the steps taken to reach them)."""
    for o in options:
        if o.navigation or not isinstance(o.action, Pick):
            continue
        choice = prefix + o.action.choice
        yield choice
        inner = menus.submenu(state, seat, choice, engine.unfolded)
        yield from menu_steps(engine, state, seat, tuple(inner or ()), choice + menus.SEPARATOR)


def test_a_kept_placement_menu_is_the_one_drawn_afresh() -> None:
    """A placement menu, whole or of one row (kept), and the words kept for each change a
    placement makes (``Ctx.changes``), are those a fresh engine draws, over 2- and 3-player
    games."""
    checked = 0
    for players, seed in ((3, 7), (2, 3)):
        for state in walk(players, seed, 400):
            if state.phase != Phase.PATCH:
                continue
            for seat, p in enumerate(state.players):
                for reserve, item in enumerate(p.reserve):
                    for side in [item.side] if item.side else ["white", "black"]:
                        legal = placements(p, ENGINE.content, item.tile, side, state.era)
                        for row in (None, *sorted({pl.row for pl in legal})):
                            p.menu = [] if row is None else [f"row:{row}"]
                            kept = patching.placement_options(ENGINE.ctx, state, seat, reserve, side)
                            fresh = Ctx(ENGINE.content)
                            assert kept == patching._placement_options(fresh, state, seat, reserve, side)
                            checked += 1
                        p.menu = []
    assert checked > 50


def test_a_placement_menu_is_drawn_again_when_a_worker_stands_elsewhere() -> None:
    """The change a placement shows counts framed symbols where workers stand (p. 5): a kept
    menu of one row is drawn again for workers standing elsewhere, for every row."""
    state = at_phase(game(), Phase.PATCH)
    p = state.players[0]
    p.reserve = [Reserve(tile=next(iter(TILES.values())), side="white")]
    legal = placements(p, ENGINE.content, p.reserve[0].tile, "white", state.era)
    changed = False
    for row in sorted({pl.row for pl in legal}):
        p.menu = [f"row:{row}"]
        menus = []
        for cell in grid_of(p, ENGINE.content).squares:
            p.workers = [Worker(row=cell[0], col=cell[1])]
            kept = patching.placement_options(ENGINE.ctx, state, 0, 0, "white")
            assert kept == patching._placement_options(ENGINE.ctx, state, 0, 0, "white")
            menus.append(kept)
        changed |= any(menu != menus[0] for menu in menus)
    assert changed


def test_a_placement_menu_is_drawn_again_for_another_empire() -> None:
    """A kept placement menu of one row is its empire's own: the same tile, side, row, workers and
    routes over an empire showing other squares (each square reclaimed in turn, Wasteland
    showing nothing, p. 10) draw the menu afresh."""
    state = at_phase(game(), Phase.PATCH)
    p = state.players[0]
    p.reserve = [Reserve(tile=next(iter(TILES.values())), side="white")]
    p.menu = [f"row:{placements(p, ENGINE.content, p.reserve[0].tile, 'white', state.era)[0].row}"]
    p.workers = []
    menus = []
    for row, col in grid_of(p, ENGINE.content).squares:
        p.tokens = ((row, col, None),)
        kept = patching.placement_options(ENGINE.ctx, state, 0, 0, "white")
        assert kept == patching._placement_options(Ctx(ENGINE.content), state, 0, 0, "white")
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


def test_a_place_covers_a_building_where_keeping_it_keeps_a_token() -> None:
    """A legal place is said to cover a building (:attr:`Placement.covers_building`, read on the
    scan's bitmasks) exactly where :func:`try_patch` keeping the buildings keeps a token that
    laying the tile without keeping them takes away (p. 8), for every tile on both sides."""
    covering = 0
    tiles = sorted(ENGINE.content.tiles_by_id)
    for n, (state, seat) in enumerate(empires()):
        p = state.players[seat]
        if not any(t[2] is not None for t in p.tokens):
            continue
        for tile, side in product(tiles[n % 3 :: 3], ("white", "black")):
            for pl in placements(p, ENGINE.content, tile, side, state.era):
                kept, _ = try_patch(p, ENGINE.content, tile, side, pl.row, pl.col, under=pl.under,
                                    keep_buildings=True, era=state.era)
                lost, _ = try_patch(p, ENGINE.content, tile, side, pl.row, pl.col, under=pl.under,
                                    keep_buildings=False, era=state.era)
                assert kept is not None and lost is not None
                assert pl.covers_building == (not pl.under and kept.tokens != lost.tokens), (tile, side, pl)
                covering += pl.covers_building
    assert covering > 100


def test_a_placement_names_the_stats_of_the_empire_it_makes() -> None:
    """The change a placement option shows is read from the squares the patch leaves
    (:func:`patched_grid`): the same squares, spaces and stats as the empire :func:`try_patch`
    builds, its unstacked workers waiting to be placed again (#23); :func:`patched_stats`, read
    from the squares the tile lies on only, gives those stats."""
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
                    drawn = _drawn_grid(id(ENGINE.content), tuple(built.layers), tuple(built.tokens))
                    assert shown(made) == shown(drawn)
                    kept, _ = patching.unstacked(ENGINE.ctx, built)
                    assert patching.unstacked_on(made, p.workers)[0] == kept
                    built.workers = kept
                    after = stats(built, seat, ENGINE.content, state.routes)
                    assert grid_stats(made, kept, seat, ENGINE.content, state.routes) == after
                    assert patched_stats(
                        grid, p.tokens, len(p.layers), sdef, pl.row, pl.col, under=pl.under,
                        keep_buildings=keep, workers=p.workers, owned=routes_owned(seat, state.routes),
                        content=ENGINE.content,
                    ) == after
                    checked += 1
    assert checked > 1000


def test_the_grid_a_patch_lays_is_the_one_drawn_from_every_tile() -> None:
    """The grid kept for an empire just patched over (:func:`lay`, drawn from the grid before
    for the squares the tile lies on) is, square for square, in the same order and with the same
    spaces, the one :func:`_grid` draws from every tile, for every legal placement over the
    empire of seats of 2-, 3- and 4-player games, a building laid over kept or not: each found
    again by its layers and tokens after all of a tile's placements were laid."""
    checked = under = kept_building = taken = 0
    tiles = sorted(ENGINE.content.tiles_by_id)
    for n, (state, seat) in enumerate(empires()):
        p = state.players[seat]
        tile = tiles[n * 5 % len(tiles)]
        for side in ("white", "black"):
            laid = []
            for pl in placements(p, ENGINE.content, tile, side, state.era):
                for keep in (False, True) if pl.covers_building else (False,):
                    built, _ = try_patch(p, ENGINE.content, tile, side, pl.row, pl.col, under=pl.under,
                                         keep_buildings=keep, era=state.era)
                    assert built is not None
                    lay(p, built, ENGINE.content, tile, side, pl.row, pl.col, under=pl.under,
                        keep_buildings=keep)
                    laid.append(built)
                    kept_building += keep
                    under += pl.under
            waiting = {key: _LAID.get(key) for key in keys(laid)}
            for built, key in zip(laid, keys(laid), strict=True):
                ours = grid_of(built, ENGINE.content)
                taken += ours is waiting[key]
                fresh = _drawn_grid(*key)
                assert list(ours.squares.items()) == list(fresh.squares.items())
                assert list(ours.spaces.items()) == list(fresh.spaces.items())
                checked += 1
    assert checked > 1000 and under > 200 and kept_building > 20 and taken > checked // 2


def test_a_patch_found_among_the_legal_places_is_the_one_checked() -> None:
    """A patch is checked by the legal places kept for the tile (``placements``) before
    ``try_patch`` builds it unchecked: every place of the scan around the empire, over and
    under, is played as ``try_patch`` checking every rule allows or refuses it, and a patch
    played leaves the player ``try_patch`` builds, for every seat holding a tile in the Patch
    states of 2-, 3- and 4-player games."""
    played = refused = 0
    for players, seed in ((2, 61), (3, 62), (4, 63)):
        for state in walk(players, seed, 400):
            if state.phase != Phase.PATCH or any(p.homing for p in state.players):
                continue
            for seat, p in enumerate(state.players):
                if not p.reserve or p.done or p.ally_choice:
                    continue
                item = p.reserve[0]
                side = item.side or "white"
                top, left, bottom, right = grid_of(p, ENGINE.content).bounds()
                for row, col, under in product(range(top - 3, bottom + 2), range(left - 3, right + 2),
                                               (False, True)):
                    action = Patch(reserve=0, side=side, row=row, col=col, under=under)
                    checked, _ = try_patch(p, ENGINE.content, item.tile, side, row, col, under=under,
                                           keep_buildings=False, era=state.era,
                                           diagonal=state.options.sea_adjacency_diagonal,
                                           seas_over_land=state.options.sea_over_land)
                    after = deepcopy(state)
                    try:
                        patching.play_patch(ENGINE.ctx, after, seat, action)
                    except RuleError:
                        assert checked is None
                        refused += 1
                        continue
                    assert checked is not None
                    assert after.players[seat].layers == checked.layers
                    assert after.players[seat].tokens == checked.tokens
                    played += 1
    assert played > 200 and refused > 1000


def keys(players: list[Player]) -> list[tuple[int, tuple[object, ...], tuple[object, ...]]]:
    """What each player's grid is kept by: the content, the layers and the tokens."""
    return [(id(ENGINE.content), tuple(p.layers), tuple(p.tokens)) for p in players]


def shown(grid: Grid) -> tuple[dict[Cell, tuple[object, ...]], list[list[Cell]]]:
    """What a grid shows, whatever keys name its spaces: each square's space, building and
    whether it is reclaimed, and the squares of each space."""
    return (
        {cell: (id(sq.space), sq.building, sq.reclaimed) for cell, sq in grid.squares.items()},
        sorted(grid.spaces.values()),
    )


def same(a: object, b: object, where: str = "state") -> None:
    """``a`` and ``b`` hold the same values of the same types, models that can change with the
    same fields set (a frozen model is shared by the copies of a state, as it was first made), the
    plain classes with the same fields in the same order."""
    assert type(a) is type(b), where
    if frozen(a):
        assert a == b, where
    elif is_dataclass(a):
        for f in fields(a):
            same(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
    elif isinstance(a, BaseModel):
        assert isinstance(b, BaseModel)
        assert list(a.__dict__) == list(b.__dict__), where
        assert fields_set(a) == fields_set(b), where
        assert a.__pydantic_extra__ == b.__pydantic_extra__, where
        for name, value in items(a):
            same(value, b.__dict__[name], f"{where}.{name}")
    elif isinstance(a, list | tuple):
        assert isinstance(b, list | tuple) and len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            same(x, y, f"{where}[{i}]")
    elif isinstance(a, dict):
        assert isinstance(b, dict) and list(a) == list(b), where
        for key, value in a.items():
            same(value, b[key], f"{where}[{key}]")
    else:
        assert a == b, where


def frozen(value: object) -> bool:
    """Whether ``value`` is a frozen model, which a state's copy shares."""
    return isinstance(value, BaseModel) and bool(value.model_config.get("frozen"))


def test_the_state_copy_is_the_round_trip_through_its_dump_sharing_nothing_that_changes() -> None:
    """``State.__deepcopy__`` builds what reading the state's dump builds (the same types, fields
    set and order), and shares no list, dict or model that can change (a frozen one may be
    shared) with the original."""
    seen = 0
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        for state in walk(players, seed, 600)[::5]:
            copy = deepcopy(state)
            same(copy, round_trip(state))
            assert shared_mutables(state, copy, "state") == []
            seen += 1
    assert seen > 100


def round_trip(state: State) -> State:
    """``state`` as reading its dump makes it."""
    return ENGINE.state_adapter.validate_python(ENGINE.state_adapter.dump_python(state))


def test_a_player_key_names_every_field_of_a_player() -> None:
    """A kept prompt (``Ctx.asked``) is found by the seat's whole player: a field left out of
    ``player_key`` would keep a prompt that no longer holds."""
    state = walk(3, 7, 300)[-1]
    p = replace(state.players[0], goods=Goods(food=1, coins=2, resources=3, culture=4, votes=5))
    names = [f.name for f in fields(Player)]
    assert len(player_key(p)) == len(names)
    for name, value in zip(names, player_key(p), strict=True):
        field = getattr(p, name)
        if isinstance(field, Goods):
            assert value == tuple(getattr(field, f.name) for f in fields(Goods)), name
        elif isinstance(field, list):
            assert len(value) == len(field), name  # type: ignore[arg-type]
        else:
            assert value == field, name


def test_a_worker_key_names_every_field_of_a_worker_in_order() -> None:
    """A seat's kept prompts are found by its workers (``layout_key``, ``player_key``): a field of
    a worker left out of ``worker_key`` would keep a prompt drawn for a worker elsewhere."""
    worker = Worker(where="route", row=1, col=2, route=3, step=4)
    assert worker_key(worker) == tuple(getattr(worker, f.name) for f in fields(Worker))
    for state in walk(2, 7, 300)[::10]:
        for p in state.players:
            assert [worker_key(w) for w in p.workers] == [
                tuple(getattr(w, f.name) for f in fields(Worker)) for w in p.workers
            ]


def test_a_kept_prompt_is_the_one_drawn_afresh() -> None:
    """A prompt kept by all it is drawn from (the 2-player secret bid, Patch, Administration,
    Movement), a bid kept by its tile, place and coins, and a Build or Reclaim menu of squares
    kept by its tile and empire (``Ctx.squares``), are those built again from the state, for
    every seat after every move."""
    kept = 0
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        for state in walk(players, seed, 2000):
            if state.phase not in (Phase.AUCTION, Phase.PATCH, Phase.ADMINISTRATION, Phase.MOVEMENT):
                continue
            prompts = ENGINE.prompts(state)
            fresh = Patchistory(ENGINE.content).pending(round_trip(state))
            assert {s: js(p) for s, p in prompts.items()} == {
                s: js(p) for s, p in fresh.items()
            }
            kept += 1
    assert kept > 100


def test_a_kept_exchange_menu_and_title_are_those_drawn_afresh() -> None:
    """Every step of the Exchange menu (the good, the amount, the mix) kept by
    ``politics.exchange_key`` (``Ctx.exchanges``), and the Administration title kept by its PP and
    goods, are those a fresh context draws, for every seat of every Administration state of 2-,
    3- and 4-player games, one context keeping them all."""
    kept = Ctx(ENGINE.content)
    steps = 0
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        for state in walk(players, seed, 2000):
            if state.phase != Phase.ADMINISTRATION:
                continue
            for seat, p in enumerate(state.players):
                fresh = Ctx(ENGINE.content)
                title = "administration.title"
                assert spendable(kept, state, seat, title) == spendable(fresh, state, seat, title)
                paths: list[list[str]] = [[]]
                paths += [[g] for g in ("food", "coins", "resources") if getattr(p.goods, g) > 0]
                paths += [
                    [*path, o.action.choice]
                    for path in paths[1:]
                    for o in exchange_options(fresh, state, seat, path)
                    if isinstance(o.action, Pick)
                ]
                for path in paths:
                    ours = exchange_options(kept, state, seat, path)
                    theirs = exchange_options(Ctx(ENGINE.content), state, seat, path)
                    assert [js(o) for o in ours] == [js(o) for o in theirs]
                    steps += 1
    assert steps > 500


def test_an_overview_board_kept_beside_its_grid_is_the_one_counted_afresh() -> None:
    """``grid_stats`` keeps an empire's overview board beside its grid by the spaces worked, the
    number of workers (Great Wall) and the routes owned (Genghis Khan, Petra, Apollo 11, p. 16):
    for every seat of 2-, 3- and 4-player games, with a worker fewer and a route more, it is the
    board a grid drawn afresh counts."""

    checked = 0
    abilities: set[str] = set()
    for players, seed in ((2, 31), (3, 32), (4, 33)):
        for state in walk(players, seed, 2000)[::7]:
            for seat, p in enumerate(state.players):
                grid = grid_of(p, ENGINE.content)
                fresh = _drawn_grid(id(ENGINE.content), tuple(p.layers), tuple(p.tokens))
                abilities |= {sq.space.ability for sq in grid.squares.values() if sq.space.ability}
                more = [*state.routes, Route(kind="general", start=seat, end=(seat + 1) % players)]
                for workers, routes in ((p.workers, state.routes), (p.workers[1:], state.routes),
                                        (p.workers, more)):
                    ours = grid_stats(grid, workers, seat, ENGINE.content, routes)
                    assert ours == grid_stats(fresh, workers, seat, ENGINE.content, routes)
                    ours[next(iter(ours))] += 100  # the caller's own dict
                    checked += 1
    assert checked > 300
    assert {"great_wall", "genghis_khan"} & abilities
    # A worker on a route works no space but counts for Great Wall; a route more for Genghis Khan.
    state = game()
    own(state, 0, "great_wall")
    own(state, 0, "genghis_khan", row=3)
    p = state.players[0]
    grid = grid_of(p, ENGINE.content)
    land = [Worker(row=0, col=0)]
    routed = [*land, Worker(where="route", route=0, step=1)]
    more = [*state.routes, Route(kind="general", start=0, end=2)]
    board = grid_stats(grid, land, 0, ENGINE.content, state.routes)
    assert grid_stats(grid, routed, 0, ENGINE.content, state.routes)[Stat.DEFENCE] == board[Stat.DEFENCE] + 1
    assert grid_stats(grid, land, 0, ENGINE.content, more)[Stat.MILITARY] == board[Stat.MILITARY] + 1


def menus_asked(
    engine: Patchistory, games: tuple[tuple[int, int], ...]
) -> Iterator[tuple[State, int, Prompt]]:
    """Every seat's prompt, unfolded, in every Diplomacy and Administration state of ``games``
    (players, seed), as ``engine`` draws it."""
    for players, seed in games:
        for state in walk(players, seed, 2000):
            if state.phase not in (Phase.DIPLOMACY, Phase.ADMINISTRATION):
                continue
            if any(p.homing for p in state.players):
                continue
            for seat in range(players):
                prompt = engine.unfolded(state, seat)
                if prompt is not None:
                    yield state, seat, prompt


def test_a_kept_submenu_is_the_one_drawn_afresh() -> None:
    """Every step of the Diplomacy and Administration menus, and every step it opens, looked up
    by its own key (``politics.diplomacy_submenu_key``, ``politics.submenu_key``,
    ``Ctx.submenus``) with each Build or Reclaim square kept by the tile's place and the square's
    face (``Ctx.cells``), opens the answers a fresh engine draws, for every seat of every
    Diplomacy and Administration state of 2-, 3- and 4-player games, one engine keeping them
    all."""
    kept = Patchistory(ENGINE.content)
    steps = 0
    heads: set[str] = set()
    for state, seat, prompt in menus_asked(kept, ((2, 41), (3, 42), (4, 43))):
        choices = [o.action.choice for o in prompt.options if isinstance(o.action, Pick)]
        while choices:
            choice = choices.pop()
            ours = menus.submenu(state, seat, choice, kept.unfolded, kept.kept)
            theirs = menus.submenu(state, seat, choice, Patchistory(ENGINE.content).unfolded)
            assert [js(o) for o in ours or ()] == [
                js(o) for o in theirs or ()
            ], choice
            assert (ours is None) == (theirs is None)
            choices += [f"{choice}/{o.action.choice}" for o in theirs or () if isinstance(o.action, Pick)]
            heads.add(choice.split("/")[0])
            steps += 1
    assert steps > 1000
    assert {"trade", "exchange", "build", "reclaim", "birth", "campaign", "aid", "threat"} <= heads


def test_a_kept_auction_step_opens_what_a_fresh_engine_draws() -> None:
    """A tile's step of the auction (``tile:i``), looked up by its own key
    (``auction.submenu_key``), opens what a fresh engine draws (a range of coins, which folds
    into nothing), for every tile on offer and every seat of every auction state of 2-, 3- and
    4-player games, the tiles a seat cannot bid on (whose step opens every bid) among them; and
    every seat's folded auction prompt is the fresh engine's."""
    kept = Patchistory(ENGINE.content)
    steps = opened = 0
    for players, seed in ((2, 51), (3, 52), (4, 53)):
        for state in walk(players, seed, 1500):
            if state.phase != Phase.AUCTION or any(p.homing for p in state.players):
                continue
            fresh = Patchistory(ENGINE.content)
            for seat in range(players):
                for tile in range(len(state.auction.offers)):
                    choice = f"tile:{tile}"
                    ours = menus.submenu(state, seat, choice, kept.unfolded, kept.kept)
                    theirs = menus.submenu(state, seat, choice, fresh.unfolded)
                    assert [js(o) for o in ours or ()] == [
                        js(o) for o in theirs or ()
                    ], choice
                    assert (ours is None) == (theirs is None)
                    opened += theirs is not None
                    steps += 1
                ours_folded, theirs_folded = kept.folded(state, seat), fresh.folded(state, seat)
                assert (ours_folded is None) == (theirs_folded is None)
                if ours_folded is not None and theirs_folded is not None:
                    assert js(ours_folded) == js(theirs_folded)
    assert steps > 1000 and opened > 50


def test_a_kept_break_alliance_step_says_the_pp_it_takes() -> None:
    """Break Alliance takes all the PP (p. 10): its step is kept by them too (the random games
    above seldom ally)."""
    kept = Patchistory(ENGINE.content)
    state = at_phase(game(), Phase.DIPLOMACY)
    state.active = state.order().index(0)
    state.routes.append(Route(kind="alliance", start=0, end=1))
    for pp in (2, 4):
        state.players[0].pp = pp
        ours = menus.submenu(state, 0, "break", kept.unfolded, kept.kept)
        theirs = menus.submenu(state, 0, "break", Patchistory(ENGINE.content).unfolded)
        assert ours and [js(o) for o in ours] == [js(o) for o in theirs or ()]


def test_a_kept_schwerer_gustav_step_names_the_routes_it_may_remove() -> None:
    """Schwerer Gustav's step (§20.1 item 21) is kept by the routes it may remove and their ends."""
    kept = Patchistory(ENGINE.content)
    state = at_phase(game(), Phase.DIPLOMACY)
    state.active = state.order().index(0)
    own(state, 0, "schwerer_gustav")
    for end in (1, 2):
        state.routes = [Route(kind="general", start=0, end=end)]
        ours = menus.submenu(state, 0, "gustav", kept.unfolded, kept.kept)
        theirs = menus.submenu(state, 0, "gustav", Patchistory(ENGINE.content).unfolded)
        assert ours and [js(o) for o in ours] == [js(o) for o in theirs or ()]


def test_a_kept_territory_move_is_the_one_drawn_afresh() -> None:
    """Each territory move kept by the worker, where it stands, the space and what the move says
    (``Ctx.cells``), its words by the distance and the change (``Ctx.words``), are those a fresh
    engine draws, for every seat of every Movement state of 2-, 3- and 4-player games (each
    worker's own menu too), one engine keeping them all."""
    kept = Patchistory(ENGINE.content)
    moves = 0
    for players, seed in ((2, 51), (3, 52), (4, 53), (2, 54), (3, 55), (4, 56)):
        for state in walk(players, seed, 2000):
            if state.phase != Phase.MOVEMENT or any(p.homing for p in state.players):
                continue
            for seat in range(players):
                ours = kept.unfolded(state, seat)
                theirs = Patchistory(ENGINE.content).unfolded(state, seat)
                assert (ours is None) == (theirs is None)
                if ours is None or theirs is None:
                    continue
                assert js(ours) == js(theirs)
                moves += sum(1 for o in ours.options if type(o.action).__name__ == "Move")
                for o in ours.options:
                    if isinstance(o.action, Pick):
                        mine = menus.submenu(state, seat, o.action.choice, kept.unfolded, kept.kept)
                        ask = Patchistory(ENGINE.content).unfolded
                        fresh = menus.submenu(state, seat, o.action.choice, ask)
                        assert [js(a) for a in mine or ()] == [
                            js(a) for a in fresh or ()
                        ]
    assert moves > 300


def test_the_spaces_counted_beside_a_grid_are_those_counted_afresh() -> None:
    """Wonders and Personalities (``count_kind``) and the 1x1 spaces (``one_by_one_cells``, by
    seas, reclaimed ones and ones holding a building) kept beside an empire's grid are those a
    grid drawn afresh shows, for every seat of 2-, 3- and 4-player games."""
    from rules.patchistory.empire import count_kind
    from rules.patchistory.politics import _one_by_one_cells, one_by_one_cells

    ctx = ENGINE.ctx
    checked = 0
    for players, seed in ((2, 61), (3, 62), (4, 63)):
        for state in walk(players, seed, 2000)[::5]:
            for p in state.players:
                fresh = _drawn_grid(id(ENGINE.content), tuple(p.layers), tuple(p.tokens))
                for kind in ("wonder", "personality"):
                    shown = sum(
                        1 for cells in fresh.spaces.values() if fresh.squares[cells[0]].space.kind == kind
                    )
                    assert count_kind(p, ENGINE.content, kind) == shown
                for seas, reclaimed, built in product((False, True), repeat=3):
                    ours = one_by_one_cells(ctx, p, seas=seas, reclaimed=reclaimed, built=built)
                    assert ours == _one_by_one_cells(fresh, seas=seas, reclaimed=reclaimed, built=built)
                    ours.clear()  # the caller's own list
                    checked += 1
    assert checked > 1000


def test_a_kept_administration_action_is_the_one_drawn_afresh() -> None:
    """An Administration action kept by what its words are drawn from (``Ctx.actions``) is the
    one a fresh engine draws, for every seat of every Administration state of 2-, 3- and
    4-player games, one engine keeping them all, and so is the menu folded."""
    kept = Patchistory(ENGINE.content)
    folds = 0
    for state, seat, prompt in menus_asked(kept, ((2, 71), (3, 72), (4, 73))):
        if state.phase != Phase.ADMINISTRATION:
            continue
        fresh = Patchistory(ENGINE.content)
        assert [js(o) for o in admin_menu(kept.ctx, state, seat)] == [
            js(o) for o in admin_menu(fresh.ctx, state, seat)
        ]
        ours = kept.fold(state, seat, prompt)
        theirs = menus.fold(state, seat, fresh.unfolded(state, seat) or prompt, fresh.unfolded)
        assert js(ours) == js(theirs)
        folds += 1
    assert folds > 300


def test_a_territory_move_is_checked_by_the_spaces_it_may_end_on() -> None:
    """A territory move is checked by the one space it ends on (``movement.may_end_on``), which
    says the same as the worker's destinations for every space of the empire (and none off it),
    for every unmoved territory worker of every Movement state of 2-, 3- and 4-player games:
    spaces another worker holds too, where the workers must still spread one per space."""
    checked = held = 0
    for players, seed in ((2, 61), (3, 62), (4, 63), (2, 64)):
        for state in walk(players, seed, 2000):
            if state.phase != Phase.MOVEMENT or any(p.homing for p in state.players):
                continue
            for p in state.players:
                grid = grid_of(p, ENGINE.content)
                taken = {grid.space_at((o.row, o.col)) for o in p.workers if o.where == "land"}
                for i, w in enumerate(p.workers):
                    if w.where != "land" or i in p.moved:
                        continue
                    ends = movement.may_end_on(ENGINE.ctx, p, i)
                    found = set(movement.destinations(ENGINE.ctx, p, i))
                    assert not ends(None)
                    for key, cells in grid.spaces.items():
                        assert ends(key) == (cells[0] in found), (key, cells)
                        held += key in taken
                    checked += 1
    assert checked > 300 and held > 300


def _kept_after_a_change(state: State, changed: State, seat: int) -> bool:
    """Whether ``seat``'s prompt of ``changed`` (a state that differs from ``state`` only outside
    the seat's own player) differs from the seat's prompt of ``state``; and if it does, that an
    engine which kept the prompts of ``state`` asks, for every seat, what a fresh engine asks."""
    before = Patchistory(ENGINE.content).pending(state)
    after = Patchistory(ENGINE.content).pending(changed)
    if before.get(seat) == after.get(seat):
        return False
    kept = Patchistory(ENGINE.content)
    kept.pending(state)
    assert {s: js(p) for s, p in kept.pending(changed).items()} == {
        s: js(p) for s, p in after.items()
    }
    return True


def test_a_kept_movement_prompt_is_drawn_again_when_a_route_changes_kind() -> None:
    """A seat's Movement prompt is kept by the kind of every route (``movement.asked_table``): a
    worker on a general route may go to Rest, one on an alliance route may not (p. 11). With a
    route's kind changed and the seat's own player the same, an engine that kept the seat's
    prompt asks what a fresh engine asks, for every route worker of Movement states of 2-, 3- and
    4-player games."""
    changed_prompts = 0
    for players, seed in ((2, 81), (3, 82), (4, 83)):
        for state in walk(players, seed, 1500):
            if state.phase != Phase.MOVEMENT or any(p.homing for p in state.players):
                continue
            for seat, p in enumerate(state.players):
                for w in p.workers:
                    if w.where != "route":
                        continue
                    changed = deepcopy(state)
                    route = changed.routes[w.route]
                    kind = "alliance" if route.kind == "general" else "general"
                    changed.routes[w.route] = replace(route, kind=kind)
                    changed_prompts += _kept_after_a_change(state, changed, seat)
    assert changed_prompts > 10


def test_a_kept_administration_prompt_is_drawn_again_when_another_seat_takes_a_route() -> None:
    """A seat's Administration prompt is kept by every seat's route workers
    (``politics.admin_table``): a Trade enters only a general route no worker is on (p. 10). With
    another seat's worker put on a route the seat may trade on, and the seat's own player the
    same, an engine that kept the seat's prompt asks what a fresh engine asks, for every seat of
    Administration states of 2-, 3- and 4-player games."""
    changed_prompts = 0
    for players, seed in ((2, 84), (3, 85), (4, 86)):
        for state in walk(players, seed, 1500):
            if state.phase != Phase.ADMINISTRATION or any(p.homing for p in state.players):
                continue
            for seat in range(players):
                other = (seat + 1) % players
                for route in politics.trade_routes(state, seat):
                    if not state.players[other].workers:
                        continue
                    changed = deepcopy(state)
                    changed.players[other].workers[0] = Worker(where="route", route=route)
                    changed_prompts += _kept_after_a_change(state, changed, seat)
    assert changed_prompts > 10


def stacked_too(p: Player) -> Iterator[tuple[int, Worker, Player]]:
    """Each unmoved territory worker of ``p``, and again with another territory worker put on
    its space (two workers share a space while territory workers move, p. 11)."""
    land = [i for i, w in enumerate(p.workers) if w.where == "land"]
    for i in land:
        if i in p.moved:
            continue
        yield i, p.workers[i], p
        for j in land:
            if j != i:
                q = deepcopy(p)
                q.workers[j] = Worker(where="land", row=p.workers[i].row, col=p.workers[i].col)
                yield i, q.workers[i], q
                break


def test_what_a_territory_move_says_kept_on_its_grid_is_the_one_read_afresh() -> None:
    """What a territory move says (``movement.move_says``: how far, and what each track gains or
    loses), kept on the grid by where the worker stands, T, whether another worker shares its
    space, where it goes and whether another worker works there (``Grid.moves``), is what a grid
    drawn afresh reads, for every space every unmoved territory worker may go to, in every
    Movement state of 2-, 3- and 4-player games, also with another worker on the worker's space."""
    checked = 0
    for players, seed in ((2, 91), (3, 92), (4, 93)):
        for state in walk(players, seed, 2000):
            if state.phase != Phase.MOVEMENT or any(p.homing for p in state.players):
                continue
            for player in state.players:
                fresh = _drawn_grid(id(ENGINE.content), tuple(player.layers), tuple(player.tokens))
                for i, w, p in stacked_too(player):
                    said = movement.move_says(ENGINE.ctx, p, i)
                    others = {fresh.space_at((o.row, o.col)) for j, o in enumerate(p.workers)
                              if j != i and o.where == "land"}
                    away = reachable(fresh, (w.row, w.col), p.transport)
                    here = fresh.space_at((w.row, w.col))
                    left = {} if here in others else worker_adds(ENGINE.ctx, fresh, (w.row, w.col))
                    for key, d in away.items():
                        r, c = fresh.spaces[key][0]
                        change = {s: -n for s, n in left.items()}
                        if key not in others:
                            for s, n in worker_adds(ENGINE.ctx, fresh, (r, c)).items():
                                change[s] = change.get(s, 0) + n
                        assert said(r, c) == ("move", d, tuple(change.get(s, 0) for s in STATS))
                        checked += 1
    assert checked > 1000


def test_a_kept_fold_words_each_answer_as_a_fresh_fold_does() -> None:
    """Every seat's Diplomacy and Administration prompt folded by one engine keeping each step's
    answers worded as answers of the step (``menus.worded``, ``Kept.worded``) is the prompt
    folded afresh, for every seat of every Diplomacy and Administration state of 2-, 3- and
    4-player games."""
    kept = Patchistory(ENGINE.content)
    folds = 0
    for state, seat, prompt in menus_asked(kept, ((2, 81), (3, 82), (4, 83))):
        fresh = Patchistory(ENGINE.content)
        ours = kept.fold(state, seat, prompt)
        theirs = menus.fold(state, seat, fresh.unfolded(state, seat) or prompt, fresh.unfolded)
        assert js(ours) == js(theirs)
        folds += 1
    assert folds > 500
    assert len(kept.kept.worded) <= menus.WORDED


def test_kept_words_follow_the_step_and_the_answers_they_are_kept_for() -> None:
    """A step's worded answers are found again only for the same answers opened by a step that
    words them alike (its choice, name and description, ``menus.same_step``): under one key, a
    step named otherwise or answers drawn again are worded afresh."""
    kept = Patchistory(ENGINE.content).kept
    opened = next(
        o
        for s in walk(2, 41, 2000)
        if s.phase == Phase.ADMINISTRATION
        for seat in range(2)
        if ENGINE.unfolded(s, seat) is not None
        and len(o := menus.submenu(s, seat, "exchange", ENGINE.unfolded) or ()) > 2
    )
    step = option(action=Pick(choice="exchange"), label=label("action.exchange"), description=None)
    other = option(action=Pick(choice="exchange"), label=label("action.trade"), description=None)
    redrawn = tuple(reversed([replace(o) for o in opened]))
    for s, answers in ((step, opened), (other, opened), (step, opened), (step, redrawn)):
        words = menus.worded(kept, "key", s, answers, list(answers))
        assert [js(w) for w in words] == [
            js(menus.inside(s, o)) for o in answers
        ]
    again = menus.worded(kept, "key", step, redrawn, list(redrawn[1:]))
    assert [js(w) for w in again] == [
        js(menus.inside(step, o)) for o in redrawn[1:]
    ]


def test_a_placement_menu_counted_is_the_one_drawn() -> None:
    """Where a Patch menu step's answers are counted without drawing them
    (:func:`patching.placement_count`), the count is that of the answers the step opens, at every
    step down every seat's menu; and a fold drawing only the steps it replaces is the fold
    drawing every step, over 2-, 3- and 4-player games."""
    engine = Patchistory(ENGINE.content)
    drawing = menus.Kept(engine.submenu_keys, engine.ctx.submenus)

    counted = 0
    for players, seed in ((2, 3), (2, 5), (3, 7), (4, 1)):
        for state in walk(players, seed, 300):
            if state.phase != Phase.PATCH:
                continue
            for seat in range(players):
                prompt = engine.unfolded(state, seat)
                if prompt is None:
                    continue
                assert engine.fold(state, seat, prompt) == menus.fold(
                    state, seat, prompt, engine.unfolded, drawing
                )
                for choice in menu_steps(engine, state, seat, prompt.options):
                    n = engine.submenu_count(state, seat, choice)
                    if n is not None:
                        inner = menus.submenu(state, seat, choice, engine.unfolded)
                        assert n == len(inner or ()), choice
                        counted += 1
    assert counted > 200



def test_an_event_is_the_one_its_fields_validated_make() -> None:
    """Every event of 2-, 3- and 4-player games (built without validation, ``common.event``) is the
    ``Event`` validating its message, who may see it and whether it reveals makes (and its data,
    where it opens a chapter): the same values of the same types, the same fields set."""
    checked = 0
    for players, seed in ((2, 51), (3, 52), (4, 53)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        while prompts := ENGINE.pending(state):
            seat = rng.choice(sorted(prompts))
            state, events = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
            for e in events:
                given = {"message": e.message, "visible_to": e.visible_to, "reveals": e.reveals}
                # An event opening a chapter is marked so after it is made (``chapter``).
                made = Event(**given, **({"data": e.data} if e.data else {}))
                assert list(items(e)) == list(items(made)), e
                assert [type(v) for _, v in items(e)] == [type(v) for _, v in items(made)], e
                assert fields_set(e) == fields_set(made), e
                checked += 1
    assert checked > 1000


def test_a_prompt_offers_one_answer_exactly_where_its_answers_count_fewer_than_two() -> None:
    """A forced answer is played or held where a prompt offers fewer than two answers (nobody is
    asked a question with one possible answer); counting a prompt's answers only up to two
    (``engine.forced_seats``) says so exactly where ``Prompt.answers`` does: for every seat's
    prompt, held ones included, after every move of 2-, 3- and 4-player games, and for one
    answer beside Back, Back alone, two answers and a range of one number or of two."""
    prompts: list[Prompt] = []
    for players, seed in ((2, 5), (3, 6), (4, 7)):
        for state in walk(players, seed, 400):
            prompts += ENGINE.asked(state).values()
    title = label("auction.coins")
    done = option(action=Done(), label=title)
    for low, high in ((3, 3), (3, 4)):
        bid = BidCoins(tile=0, coins=0)
        number = NumberChoice(low=low, high=high, template=bid, field="coins", label=title)
        prompts.append(Prompt(seat=0, title=title, options=(back(),), number=number))
    for options in ((done, back()), (back(), done, done)):
        prompts.append(Prompt(seat=0, title=title, options=options))
    prompts.append(Prompt(seat=0, title=title, options=(back(),)))
    forced = forced_seats(dict(enumerate(prompts)))
    assert 0 < len(forced) < len(prompts)
    assert forced == [i for i, prompt in enumerate(prompts) if prompt.answers < 2]


def test_every_tiles_bid_range_read_in_one_pass_is_the_one_read_tile_by_tile() -> None:
    """The next bidder's menu shows each tile's bids from the lowest total it may reach to all
    its coins (p. 6-7): the ranges read in one pass over the bids (``auction.bid_ranges``) are
    ``auction.bid_range`` of each tile, for every seat in every auction state of 3- and 4-player
    games: seats with no bid yet, seats outbid and seats whose bid is on top (no range)."""
    seen = set()
    for players, seed in ((3, 21), (4, 22), (4, 23)):
        for state in walk(players, seed, 1200):
            if state.phase != Phase.AUCTION or state.auction.vasco:
                continue
            for seat in range(players):
                ranges = {
                    tile: found
                    for tile in range(len(state.auction.offers))
                    if (found := auction.bid_range(state, seat, tile)) is not None
                }
                assert auction.bid_ranges(state, seat) == ranges
                seen.add((bool(ranges), auction.bid_of(state.auction, seat) is None))
    assert seen >= {(True, True), (True, False), (False, False)}


def test_an_auction_prompt_is_its_own_fold() -> None:
    """An auction's steps each open a tile's range of coins as a number (p. 6-7, p. 15), which a
    fold leaves a step: the engine does not fold an auction prompt, and folding it
    (``menus.fold``, each step drawn afresh) changes nothing, for every seat after every move of
    the auctions of 2-, 3- and 4-player games and of a 3-player auction whose seats hold more
    coins than a menu shows."""
    states = [s for players, seed in ((2, 31), (3, 32), (4, 33)) for s in walk(players, seed, 600)]
    rich = game(3)
    rich.round = 2
    for p in rich.players:
        p.goods.coins = 20
    rich.stack = list(ENGINE.content.era_tiles(1))
    auction.lay_out(ENGINE.ctx, rich)
    states += [rich]
    steps = 0
    for state in states:
        if state.phase != Phase.AUCTION or any(p.homing for p in state.players):
            continue
        for seat in range(len(state.players)):
            prompt = ENGINE.unfolded(state, seat)
            if prompt is None:
                continue
            assert ENGINE.fold(state, seat, prompt) is prompt
            # Each step drawn afresh, not found by its key.
            folded = menus.fold(state, seat, prompt, ENGINE.unfolded)
            assert js(folded) == js(prompt)
            steps += sum(isinstance(o.action, Pick) for o in prompt.options)
    assert steps > 20


def test_an_exchange_first_step_is_kept_by_the_most_of_each_good_that_may_be_given() -> None:
    """The first step of an Exchange offers each good held, saying the most of it that may be
    given, up to T (p. 10): any goods and T that name the same key (``politics.exchange_key``)
    draw the same step, over every holding of 0 to 4 of each good and T from 0 to 3, so a step
    kept for one is the step of the others."""
    drawn: dict[tuple[object, ...], list[str]] = {}
    holdings = 0
    for food, coins, resources, t in product(range(5), range(5), range(5), range(4)):
        goods = Goods(food=food, coins=coins, resources=resources)
        step = [js(o) for o in politics._exchange_options(Ctx(ENGINE.content), goods, t, [])]
        key = politics.exchange_key(goods, t, [])
        assert drawn.setdefault(key, step) == step, (food, coins, resources, t)
        holdings += 1
    assert holdings == 500 and len(drawn) < holdings


def test_a_grid_is_drawn_again_for_other_tuples_of_tiles_and_tokens() -> None:
    """An empire's grid is found again by the very tuples it was drawn from (``empire._RECENT``):
    a token replaced (a new tuple of tokens, as many, under the same layers) shows at once, a
    tuple of layers equal to the one shown but not the same object finds an equal grid, and the
    grid of every player of a played game is the one drawn from every tile."""
    for state in walk(2, 71, 400)[::20]:
        for p in state.players:
            fresh = _drawn_grid(id(ENGINE.content), tuple(p.layers), tuple(p.tokens))
            grid = grid_of(p, ENGINE.content)
            assert grid.squares == fresh.squares and grid.spaces == fresh.spaces
    state = walk(2, 71, 400)[-1]
    p = deepcopy(next(q for q in state.players if q.tokens))
    shown = grid_of(p, ENGINE.content)
    p.layers = tuple(list(p.layers))
    before = grid_of(p, ENGINE.content)
    assert before.squares == shown.squares
    row, col, building = p.tokens[0]
    p.tokens = ((row, col, None if building is not None else ENGINE.content.buildings[0].id), *p.tokens[1:])
    after = grid_of(p, ENGINE.content)
    assert after.squares[(row, col)] != before.squares[(row, col)]
    assert after.squares == _drawn_grid(id(ENGINE.content), tuple(p.layers), tuple(p.tokens)).squares


def test_the_abilities_read_beside_a_grid_are_those_its_squares_show() -> None:
    """The abilities an empire shows, read once per grid (``Grid.shown``), are those of the
    Wonders and Personalities on its visible squares, for every player of every tenth state of
    2-, 3- and 4-player games, and each caller gets a set of its own: changing one changes no
    later answer."""
    seen = 0
    for players, seed in ((2, 81), (3, 82), (4, 83)):
        for state in walk(players, seed, 2000)[::10]:
            for p in state.players:
                grid = grid_of(p, ENGINE.content)
                shown = {sq.space.ability for sq in grid.squares.values() if sq.space.ability}
                first = abilities(p, ENGINE.content)
                assert first == shown
                first.add("not_an_ability")
                first.clear()
                assert abilities(p, ENGINE.content) == shown
                seen += bool(shown)
    assert seen > 20


def test_a_done_seat_is_asked_nothing_in_administration_and_movement() -> None:
    """A seat done with Administration or Movement is asked nothing, found without its key
    (``engine.DONE_ASKS_NOTHING``): that is what its phase's prompt, drawn afresh and folded, says,
    for every done seat of every such state of a 2-, a 3- and a 4-player game."""
    done = 0
    for players, seed in ((2, 21), (3, 22), (4, 23)):
        for state in walk(players, seed, 2000):
            phase = state.phase
            if phase not in (Phase.ADMINISTRATION, Phase.MOVEMENT) or any(p.homing for p in state.players):
                continue
            asked = ENGINE.asked(state)
            for seat, p in enumerate(state.players):
                if p.done:
                    assert seat not in asked
                    assert Patchistory(ENGINE.content).folded(state, seat) is None
                    done += 1
    assert done > 20


def test_the_options_key_is_every_field_of_the_options_it_is_asked_for() -> None:
    """The options' key kept by the object's id (``state.options_key``) holds the fields of that
    very object: the object is kept beside it, so that no new options with other values take its id
    while the key is kept."""
    names = [n for n, f in Options.model_fields.items() if f.annotation is bool]
    for i in range(200):
        options = Options(**{names[i % len(names)]: bool(i % 2)})
        assert kept_options_key(options) == tuple([v for _, v in items(options)])
        assert kept_options_key(options) is kept_options_key(options)
        del options


def test_a_workers_moves_counted_are_those_its_menu_opens() -> None:
    """Where a Movement menu step's answers are counted without drawing them
    (:func:`movement.step_count`: a worker's moves, its rows, a row's moves, a route worker's
    steps), the count is that of the answers the step opens, at every step down every seat's menu
    of the Movement states of 2-, 3- and 4-player games; and a fold drawing only the steps it
    replaces is the fold drawing every step."""
    engine = Patchistory(ENGINE.content)
    drawing = menus.Kept(engine.submenu_keys, engine.ctx.submenus)

    counted: dict[str, int] = {}
    for players, seed in ((2, 9), (2, 25), (3, 3), (3, 12)):
        for state in walk(players, seed, 2000):
            if state.phase != Phase.MOVEMENT or any(p.homing for p in state.players):
                continue
            for seat in range(players):
                prompt = engine.unfolded(state, seat)
                if prompt is None:
                    continue
                assert engine.fold(state, seat, prompt) == menus.fold(
                    state, seat, prompt, engine.unfolded, drawing
                )
                for choice in menu_steps(engine, state, seat, prompt.options):
                    n = engine.submenu_count(state, seat, choice)
                    inner = menus.submenu(state, seat, choice, engine.unfolded)
                    assert n == len(inner or ()), choice
                    kind = "row" if "row:" in choice else choice[:2]
                    counted[kind] = counted.get(kind, 0) + 1
    assert counted["w:"] > 40 and counted["row"] > 100 and counted["r:"] > 1


def test_an_empires_symbols_are_its_spaces_framed_ones_where_worked() -> None:
    """The symbols an empire shows (``empire._symbols``: those outside the frames counted once
    per grid, the framed ones of each worked space added) are each visible space's symbols, the
    framed ones where a worker stands (p. 3), counted space by space: for every seat of 2-, 3-
    and 4-player games, with its workers, with none, and with each worker alone, the same grid
    asked again and again."""
    content = ENGINE.content
    checked = 0
    for players, seed in ((2, 41), (3, 42), (4, 43)):
        for state in walk(players, seed, 2000)[::5]:
            for p in state.players:
                grid = grid_of(p, content)
                for workers in (p.workers, [], *([w] for w in p.workers)):
                    worked = frozenset(worked_by(workers, grid))
                    counted = dict.fromkeys(STATS, 0)
                    for space, cells in grid.spaces.items():
                        shown, framed = square_symbols(grid.squares[cells[0]], content)
                        for stat, n in [*shown.items(), *(framed.items() if space in worked else ())]:
                            counted[stat] += n
                    assert _symbols(grid, worked, content) == counted
                    checked += 1
    assert checked > 1000


def test_a_menu_step_is_offered_exactly_where_an_option_is_that_step() -> None:
    """A menu step (``Pick``, ``Back``) is checked against the prompt it is taken in by its kind
    and fields (``engine.offers``), which says what the models' equality says: for every step
    every seat's prompt offers in 2-, 3- and 4-player games, the step as offered, the same step
    read back from its JSON, another step of the same menu's kind that is not offered, and Back."""
    checked = 0
    for players, seed in ((2, 61), (3, 62), (4, 63)):
        for state in walk(players, seed, 2000)[::3]:
            for prompt in ENGINE.asked(state).values():
                actions = [o.action for o in prompt.options]
                for o in prompt.options:
                    if not isinstance(o.action, Pick | Back):
                        continue
                    read = type(o.action).model_validate_json(js(o.action))
                    others = [Back()]
                    if isinstance(o.action, Pick):
                        others.append(Pick(choice=o.action.choice + menus.SEPARATOR + "none"))
                    for step in (o.action, read, *others):
                        assert offers(prompt, step) == (step in actions), step
                        checked += 1
    assert checked > 2000


def test_an_overview_board_shows_no_track_below_zero() -> None:
    """The overview board read from an empire's symbols (``empire._modified``, which keeps the
    counted tracks as they are where none is below 0) shows every track at 0 or more (p. 3), in
    the tracks' order: for every track at -2, -1, 0 and 3, the others at 1."""
    for stat, n in product(STATS, (-2, -1, 0, 3)):
        total = dict.fromkeys(STATS, 1)
        total[stat] = n
        board = _modified(dict(total), set(), 0, 0)
        assert board == {s: max(0, v) for s, v in total.items()}
        assert list(board) == list(STATS)


def test_a_packed_board_is_the_board_counted_track_by_track() -> None:
    """An overview board packed into one number (``empire.packed``, each track in its own bits)
    and modified there (``empire._modified_packed``) reads, track by track, as the board
    ``empire._modified`` counts in a dict: for every track at -40, -2, -1, 0, 3 and 40, the others
    at 1, with each set of the abilities that modify the board, no worker or route and several;
    and two packed boards' difference reads as each track's change (``empire.packed_change``)."""
    modifiers = ("great_wall", "genghis_khan", "petra", "apollo_11", "che_guevara")
    for stat, n in product(STATS, (-40, -2, -1, 0, 3, 40)):
        total = dict.fromkeys(STATS, 1)
        total[stat] = n
        for chosen in product((False, True), repeat=len(modifiers)):
            have = {name for name, on in zip(modifiers, chosen, strict=True) if on}
            for workers, owned in ((0, 0), (3, 2)):
                board = _modified(dict(total), have, workers, owned)
                made = _modified_packed(ALL_ZERO + packed(total), have, workers, owned)
                assert unpacked(made) == board, (stat, n, have, workers, owned)
                change = tuple(board[s] - v for s, v in total.items())
                assert packed_change(made - ALL_ZERO - packed(total)) == change


def test_a_placement_menus_board_before_is_the_empires_overview_board() -> None:
    """The board a placement's change is read from (``PatchedStats.before``, counted from what
    the placements' stats read of the empire already) is the empire's overview board
    (:func:`stats`), for every seat of random games every 40 moves."""
    for state, seat in empires():
        p = state.players[seat]
        sdef = next(iter(ENGINE.content.tiles_by_id.values())).side("white")
        owned = routes_owned(seat, state.routes)
        made = PatchedStats(grid_of(p, ENGINE.content), p.tokens, len(p.layers), sdef, p.workers, owned,
                            ENGINE.content)
        assert unpacked(made.before) == stats(p, seat, ENGINE.content, state.routes)


def test_one_reading_of_a_seats_step_keys_keys_every_step_as_each_alone() -> None:
    """The keys of a seat's Administration steps read once for the whole menu
    (``politics.submenu_keys``: the steps taken, the Transport and the empire read once, as a fold
    reads them) are, step after step down every seat's menu, the keys each step read alone
    has, for every seat of every Administration state of 2-, 3- and 4-player games."""
    engine = Patchistory(ENGINE.content)
    steps = 0
    heads: set[str] = set()
    for state, seat, prompt in menus_asked(engine, ((2, 41), (3, 42), (4, 43))):
        if state.phase != Phase.ADMINISTRATION:
            continue
        once = politics.submenu_keys(engine.ctx, state, seat)
        choices = [o.action.choice for o in prompt.options if isinstance(o.action, Pick)]
        while choices:
            choice = choices.pop()
            assert once(choice) == politics.submenu_keys(engine.ctx, state, seat)(choice), choice
            inner = menus.submenu(state, seat, choice, engine.unfolded)
            choices += [f"{choice}/{o.action.choice}" for o in inner or () if isinstance(o.action, Pick)]
            heads.add(choice.split("/")[0])
            steps += 1
    assert steps > 1000
    assert {"exchange", "build", "reclaim"} <= heads


def test_an_exchange_is_fair_exactly_where_it_is_one_of_the_mixes_offered() -> None:
    """An Exchange is checked by its numbers (``politics.fair_exchange``): it takes none of the good
    given, none of another below zero and exactly the value given, exactly where it is one of
    ``exchange_mixes`` for its good and amount (#35), over every good, amount 1–6 and every
    take of -1 to 13 food and coins and -1 to 7 resources."""
    checked = fair = 0
    goods = ("food", "coins", "resources")
    for give in goods:
        for amount in range(1, 7):
            mixes = politics.exchange_mixes(give, amount)
            for food, coins, resources in product(range(-1, 14), range(-1, 14), range(-1, 8)):
                action = Exchange(give=give, amount=amount, food=food, coins=coins, resources=resources)
                assert politics.fair_exchange(action) == (action in mixes), action
                fair += action in mixes
                checked += 1
    assert fair == sum(len(politics.exchange_mixes(g, n)) for g in goods for n in range(1, 7))
    assert checked > 10_000


def test_what_a_worker_adds_kept_by_its_squares_face_is_the_one_worded_afresh() -> None:
    """What one more worker on a space adds (``patching.worker_there``), kept by the square's
    printed space, building, whether reclaimed and the Great Wall (``Ctx.words``), is what a fresh
    context words for every square of every empire of every tenth state of 2-, 3- and 4-player
    games, with and without the Great Wall, one context keeping them all."""
    kept = Ctx(ENGINE.content)
    checked = built = 0
    for players, seed in ((2, 61), (3, 62), (4, 63)):
        for state in walk(players, seed, 2000)[::10]:
            for p in state.players:
                grid = grid_of(p, ENGINE.content)
                for cell, sq in grid.squares.items():
                    for wall in (False, True):
                        ours = patching.worker_there(kept, grid, cell, wall)
                        assert ours == patching.worker_there(Ctx(ENGINE.content), grid, cell, wall), cell
                        checked += 1
                    built += sq.building is not None or sq.reclaimed
    assert checked > 5000
    assert built > 50


def test_a_fold_offers_no_answer_an_earlier_replacement_brought() -> None:
    """A fold keeps what the menu offers up to date with each replacement (``menus.fold``'s
    ``kinds``): a step first looked up after another step was replaced by its answers leaves out
    an answer that replacement brought, as it leaves out one the menu offered from the start."""
    state = game(2)
    done = option(action=Done(), label=label("patch.done"))
    place = option(action=PlaceWorker(row=0, col=0), label=label("place.at", row=0, col=0))
    deeper = option(action=Pick(choice="b"), label=label("menu.row", row=1))
    menu = {
        "": (option(action=Pick(choice="a"), label=label("menu.row", row=0)), done),
        "a": (place, deeper),
        "a/b": (place, option(action=PlaceWorker(row=1, col=0), label=label("place.at", row=1, col=0))),
    }

    def ask(state: State, seat: int) -> Prompt:
        path = "/".join(state.players[seat].path)
        return Prompt(seat=0, title=label("patch.choose_tile"), options=menu[path])

    folded = menus.fold(state, 0, ask(state, 0), ask)
    assert [o.action for o in folded.options] == [
        PlaceWorker(row=0, col=0), PlaceWorker(row=1, col=0), Done()
    ]


def test_a_kept_worker_placement_menu_is_the_one_drawn_afresh() -> None:
    """Where a worker is owed a space, each seat's placement menu (``patching.place_prompt``:
    each empty space kept by the square and what a worker there adds, ``Ctx.cells``), and each
    row's where they do not fit one menu, is what a fresh context draws, in every such state of
    2-, 3- and 4-player games, one context keeping them all."""
    kept = Ctx(ENGINE.content)
    asked = 0
    for players, seed in ((2, 71), (2, 72), (2, 75), (3, 73), (3, 76), (4, 74), (4, 77)):
        for state in walk(players, seed, 2000):
            for seat, p in enumerate(state.players):
                if p.homing <= 0 or p.menu:
                    continue
                ours = patching.place_prompt(kept, state, seat)
                assert ours == patching.place_prompt(Ctx(ENGINE.content), state, seat)
                asked += 1
                assert ours is not None
                for o in ours.options:
                    if isinstance(o.action, Pick):
                        p.menu = [o.action.choice]
                        drawn = patching.place_prompt(kept, state, seat)
                        assert drawn == patching.place_prompt(Ctx(ENGINE.content), state, seat)
                        p.menu = []
    assert asked > 60


def test_the_free_spaces_counted_are_the_empty_spaces_found() -> None:
    """How many spaces have no worker (``empire.free_spaces``, which Birth and a worker owed a space
    read) is how many ``empire.empty_spaces`` finds, for every player of every state of 2-, 3- and
    4-player games."""
    checked = worked = 0
    for players, seed in ((2, 81), (3, 82), (4, 83)):
        for state in walk(players, seed, 2000):
            for p in state.players:
                grid = grid_of(p, ENGINE.content)
                assert free_spaces(p, grid) == len(empty_spaces(p, grid))
                checked += 1
                worked += any(w.where == "land" for w in p.workers)
    assert checked > 1000
    assert worked > 500


def test_a_tiles_secret_bids_kept_for_fewer_coins_are_those_drawn_afresh_for_more() -> None:
    """A tile's secret bids are made as a run on its first sight at a place (``auction.sealed_run``)
    and kept: a seat with more coins than the one asked before is offered every bid up to its
    coins, and one with fewer the first of them, as a fresh engine draws them, whichever seat is
    asked first (2-player auctions of three games, coins up to past a menu's worth)."""
    asked = 0
    for seed in (61, 62, 63):
        for state in walk(2, seed, 800):
            if state.phase != Phase.AUCTION or state.auction.first_choice is not None:
                continue
            for first, second in ((2, 9), (9, 2), (1, 13), (20, 4), (5, 5)):
                state.players[0].goods.coins, state.players[1].goods.coins = first, second
                kept = Patchistory(ENGINE.content)
                for seat in (0, 1):
                    ours = kept.unfolded(state, seat)
                    theirs = Patchistory(ENGINE.content).unfolded(state, seat)
                    assert (ours is None) == (theirs is None)
                    if ours is not None and theirs is not None:
                        assert js(ours) == js(theirs)
                        asked += 1
    assert asked > 50


def test_every_kind_of_action_is_played_by_its_own_rule() -> None:
    """Every kind of action but a menu step is in the table the engine plays them from
    (``engine.PLAYS``, looked up by the action's type), and nothing else is."""
    assert set(PLAYS) == set(get_args(AnyAction)) - {Pick, Back}


def test_the_round_start_is_the_chapter_opening_event() -> None:
    """The round's first event, made marked (``flow.round_start``), is the one
    ``chapter(event("round_start", …))`` makes: its message, its data and the fields set."""
    state = walk(2, 64, 1)[-1]
    made = round_start(state)
    copied = chapter(event("round_start", era=state.era, round=state.round, first_seat=state.first))
    assert js(made) == js(copied)
    assert fields_set(made) == fields_set(copied)


def test_each_event_holds_a_data_dict_of_its_own() -> None:
    """Each game event (``common.event``, its fields written out) holds a new empty ``data``, as
    validation makes it, which the log may fill: never one shared with another event
    (``test_an_event_is_the_one_its_fields_validated_make`` holds its values and fields set)."""
    for to, reveals in product((None, 0), (False, True)):
        first, second = (event("forced", to=to, reveals=reveals, choice=label("done")) for _ in range(2))
        assert first.data == {} and first.data is not second.data


def test_a_secret_bid_is_the_option_validation_makes() -> None:
    """Each secret bid offered (``auction.sealed_run``, its fields written out) is the ``Option``
    and ``SealedBid`` validating its values make: the same values, the same fields set (a bid's
    kind is its default), in every 2-player auction of two games."""
    bids = 0
    for seed in (65, 66):
        for state in walk(2, seed, 800):
            if state.phase != Phase.AUCTION or state.auction.first_choice is not None:
                continue
            for prompt in Patchistory(ENGINE.content).pending(state).values():
                for o in prompt.options:
                    if not isinstance(o.action, SealedBid):
                        continue
                    action = SealedBid(tile=o.action.tile, coins=o.action.coins)
                    made = Option(action=action, label=o.label, description=o.description)
                    assert list(items(o)) == list(items(made))
                    assert fields_set(o) == fields_set(made)
                    assert fields_set(o.action) == fields_set(action)
                    bids += 1
    assert bids > 200


def test_a_placement_is_the_option_validation_makes() -> None:
    """Each placement offered (``patching._placement_options``, its fields written out) is the
    ``Option`` and ``Patch`` validating its values make: the same values, the same fields set
    (``under`` given, ``keep_buildings`` given only where the buildings are kept), its label the
    place's own words, over the Patch menus of 2- and 3-player games."""
    placed = kept = 0
    for players, seed in ((2, 3), (3, 7), (2, 11)):
        for state in walk(players, seed, 500):
            if state.phase != Phase.PATCH:
                continue
            for seat, p in enumerate(state.players):
                for reserve, item in enumerate(p.reserve):
                    for side in [item.side] if item.side else ["white", "black"]:
                        for o in patching._placement_options(ENGINE.ctx, state, seat, reserve, side):
                            a = o.action
                            if not isinstance(a, Patch):
                                continue
                            action = (
                                Patch(reserve=reserve, side=side, row=a.row, col=a.col, under=False,
                                      keep_buildings=True)
                                if a.keep_buildings
                                else Patch(reserve=reserve, side=side, row=a.row, col=a.col, under=a.under)
                            )
                            how = "keep" if a.keep_buildings else "under" if a.under else "over"
                            change = o.label.params["change"]
                            words = label(f"patch.{how}", row=a.row, col=a.col, change=change)
                            made = Option(action=action, label=words, description=o.description)
                            assert list(items(o)) == list(items(made))
                            assert fields_set(o) == fields_set(made)
                            assert list(items(a)) == list(items(action))
                            assert fields_set(a) == fields_set(action)
                            placed += 1
                            kept += a.keep_buildings
    assert placed > 500 and kept > 0


def test_a_placements_patch_is_that_of_the_tile_side_and_place_it_offers() -> None:
    """A placement's patch, kept by the won tile's place in the reserve, the side, the row and
    column, whether laid under and whether keeping buildings (``patching.patch_at``), is the one
    of the tile, side and place the option offers: every tile of every reserve of two or more
    tiles, on both sides, in the Patch states of 3- and 4-player games, each menu drawn after
    the others have kept theirs."""
    patches = 0
    for players, seed in ((3, 7), (4, 5), (4, 12)):
        for state in walk(players, seed, 600):
            if state.phase != Phase.PATCH:
                continue
            for seat, p in enumerate(state.players):
                if len(p.reserve) < 2:
                    continue
                for reserve, side in product(range(len(p.reserve)), ("white", "black")):
                    for o in patching._placement_options(Ctx(ENGINE.content), state, seat, reserve, side):
                        a = o.action
                        if not isinstance(a, Patch):
                            continue
                        how = "keep" if a.keep_buildings else "under" if a.under else "over"
                        assert (a.reserve, a.side) == (reserve, side)
                        assert o.label.key == f"patchistory.patch.{how}"
                        assert (a.row, a.col) == (o.label.params["row"], o.label.params["col"])
                        patches += 1
    assert patches > 200


def test_a_placements_words_name_each_track_it_changes_in_the_boards_order() -> None:
    """A placement's shorthand and words (``patching.placement_words``, each track's part made
    once) say each track it changes, in the board's order, and "±0" and no change where it
    changes none: every change of one or two tracks by −2 to +2."""
    changes = [(0,) * len(STATS)]
    for i, j in product(range(len(STATS)), repeat=2):
        for n, m in product((-2, -1, 1, 2), repeat=2):
            tracks = [0] * len(STATS)
            tracks[i] = n
            tracks[j] = m
            changes.append(tuple(tracks))
    short = {Stat.COINS: "C", Stat.FOOD: "F", Stat.RESOURCES: "R", Stat.CULTURE: "Cu",
             Stat.POLITICS: "P", Stat.TRANSPORT: "T", Stat.MILITARY: "M", Stat.DEFENCE: "D"}
    for change in changes:
        board = dict(zip(STATS, change, strict=True))
        said = " ".join(f"{'+' if n > 0 else ''}{n}{short[s]}" for s, n in board.items() if n) or "±0"
        words = label("describe.square", change=change_words(board))
        assert patching.placement_words(Ctx(ENGINE.content), packed(board)) == (said, words)


def test_a_kept_diplomacy_step_and_answer_are_those_drawn_afresh() -> None:
    """The steps of the Diplomacy menu, its Done, the mixes of goods an Aid may give and the
    answers to an Aid are kept by all their words are drawn from (``politics.diplomacy_step``,
    ``politics.aid_mix``, ``politics.aid_answer``, ``Ctx.actions``): one engine asking a seat
    with 2 and 4 PP, a break giving votes or not, an Aid to either other seat and an Aid from
    either, draws what a fresh engine draws."""
    kept = Patchistory(ENGINE.content)
    asked = 0
    steps: set[str] = set()
    for votes in (True, False):
        state = at_phase(game(break_alliance_gives_votes=votes), Phase.DIPLOMACY)
        state.routes += [Route(kind="alliance", start=0, end=1), Route(kind="general", start=0, end=2)]
        own(state, 0, "schwerer_gustav")
        state.players[0].goods = Goods(food=3, coins=3, resources=3)
        for pp in (2, 4):
            state.players[0].pp = pp
            state.aid = None
            state.active = state.order().index(0)
            ours, theirs = kept.unfolded(state, 0), Patchistory(ENGINE.content).unfolded(state, 0)
            assert ours is not None and theirs is not None
            assert js(ours) == js(theirs)
            steps |= {o.action.choice for o in ours.options if isinstance(o.action, Pick)}
            for target in (1, 2):
                # The mixes of goods an Aid to each seat may give.
                state.players[0].menu = ["aid", f"aid:{target}"]
                ours, theirs = kept.unfolded(state, 0), Patchistory(ENGINE.content).unfolded(state, 0)
                assert ours is not None and theirs is not None
                assert js(ours) == js(theirs)
                assert any(isinstance(o.action, Aid) for o in ours.options)
                state.players[0].menu = []
            for giver in (1, 2):
                state.aid = AidOffer(giver=giver, target=0, food=1, coins=pp, resources=0)
                ours, theirs = kept.unfolded(state, 0), Patchistory(ENGINE.content).unfolded(state, 0)
                assert ours is not None and theirs is not None
                assert js(ours) == js(theirs)
                asked += 1
    assert asked == 8 and steps == {"aid", "threat", "break", "gustav"}


def test_a_tile_laid_under_names_the_stats_of_the_grid_it_makes() -> None:
    """A tile laid under the empire (``PatchedStats.under``) shows only where no square lies:
    its stats are those of the grid :func:`patched_grid` lays, a token's face (a building, or
    reclaimed) where one lies on a square it fills, each Wonder or Personality counted for every
    square it shows. Every tile, under every empire of the games of :func:`empires`, with and
    without a token on the first square it fills."""
    checked = tokened = 0
    content = ENGINE.content
    building = next(iter(content.buildings_by_id))
    for n, (state, seat) in enumerate(empires()[::3]):
        p = state.players[seat]
        grid = grid_of(p, content)
        owned = routes_owned(seat, state.routes)
        for tile in sorted(content.tiles_by_id)[n % 4 :: 4]:
            for side in ("white", "black"):
                sdef = content.tiles_by_id[tile].side(side)
                for pl in placements(p, content, tile, side, state.era):
                    if not pl.under:
                        continue
                    holes = [
                        (pl.row + r, pl.col + c)
                        for sp in sdef.spaces for r, c in sorted(sp.cells)
                        if (pl.row + r, pl.col + c) not in grid.squares
                    ]
                    faces = [(*holes[0], building), (*holes[0], None)] if holes else []
                    for token in (None, *faces):
                        tokens = [*p.tokens, *((token,) if token else ())]
                        made = patched_grid(grid, tokens, len(p.layers), sdef, pl.row, pl.col, under=True,
                                            keep_buildings=False)
                        assert patched_stats(
                            grid, tokens, len(p.layers), sdef, pl.row, pl.col, under=True,
                            keep_buildings=False, workers=p.workers, owned=owned, content=content,
                        ) == grid_stats(made, p.workers, seat, content, state.routes)
                        checked += 1
                        tokened += token is not None
    assert checked > 500 and tokened > 300


def test_a_stats_words_made_once_are_those_worded_afresh() -> None:
    """Symbols in words (``common.gains``, each stat's count made once) say each stat with its
    count in the order given, by the stat or by its name alike, and "nothing" for none."""
    assert gains({}) == gains({Stat.FOOD: 0}) == [label("gain.nothing")]
    for a, b in product(STATS, repeat=2):
        for n, m in product((-1, 1, 2, 5), repeat=2):
            if a == b:
                continue
            said = [label(f"gain.{a.value}", n=n), label(f"gain.{b.value}", n=m)]
            assert gains({a: n, b: m}) == said
            assert gains({a.value: n, b.value: m}) == said


def test_a_kept_secret_bid_prompt_is_drawn_again_when_the_seats_coins_change() -> None:
    """A seat's secret bid prompt (2 players, p. 15) is kept by its coins, its menu and whether it
    has bid (``auction.asked_key``), not by its whole player: the bids offered run up to its coins.
    With the seat's coins changed and all else the same, an engine that kept the seat's prompt
    asks what a fresh engine asks, for every seat yet to bid in the auction states of three
    games."""
    changed_prompts = 0
    for seed in (71, 72, 73):
        for state in walk(2, seed, 800):
            if state.phase != Phase.AUCTION or state.auction.first_choice is not None:
                continue
            for seat, p in enumerate(state.players):
                if seat in state.auction.sealed:
                    continue
                for coins in (p.goods.coins + 1, max(1, p.goods.coins - 1), 30):
                    changed = deepcopy(state)
                    changed.players[seat].goods.coins = coins
                    changed_prompts += _kept_after_a_change(state, changed, seat)
    assert changed_prompts > 50


def test_a_rounds_auction_is_a_new_one_sharing_nothing_with_another() -> None:
    """The auction a round lays out (``auction.new_auction``) is ``Auction()``, or
    ``Auction(vasco=…)``, and no two auctions share a list or dict (a rule fills them in place)."""
    for vasco in (None, [], [1], [0, 2]):
        made = auction.new_auction(None if vasco is None else list(vasco))
        assert made == (Auction() if vasco is None else Auction(vasco=list(vasco)))
        other = auction.new_auction(None if vasco is None else list(vasco))
        assert shared_mutables(made, other, "auction") == []


def test_the_rounds_start_clears_each_players_flags_moves_and_menu() -> None:
    """A round's start clears what a player may do once a round, whether it is done, its moved
    workers and its menu (``flow.clear_round``, which writes only what is not clear already), as
    writing every one of them does, whichever of them were set."""
    state = ENGINE.new_game(2, {}, 5)
    names = ("accepted_aid", "campaigned", "built_route", "used_gustav", "diplomacy_acted", "done")
    for flags in product((False, True), repeat=len(names) + 2):
        p = deepcopy(state.players[0])
        for name, on in zip(names, flags, strict=False):
            setattr(p, name, on)
        p.moved = [0] if flags[-2] else []
        p.menu = ["w:0"] if flags[-1] else []
        written = deepcopy(p)
        written.accepted_aid = written.campaigned = written.built_route = False
        written.used_gustav = written.diplomacy_acted = written.done = False
        written.moved = []
        written.menu = []
        flow.clear_round(p)
        assert p == written


def changed_fields(p: Player) -> Iterator[tuple[str, Player]]:
    """``p`` with one field changed at a time (a flag turned, a number raised, a list shortened or
    lengthened, a good raised), each field of a player as far as a change of it can be made."""
    for name, value in ((f.name, getattr(p, f.name)) for f in fields(p)):
        q = deepcopy(p)
        if isinstance(value, bool):
            setattr(q, name, not value)
        elif isinstance(value, int):
            setattr(q, name, value + 1)
        elif name == "capital":
            q.capital = "equality" if value == "liberty" else "liberty"
        elif isinstance(value, str):
            setattr(q, name, value + "x")
        elif isinstance(value, Goods):
            q.goods = replace(value, food=value.food + 1, coins=value.coins + 1)
        elif isinstance(value, list) and name in ("buildings", "cards", "menu"):
            setattr(q, name, [*value, "w:0" if name == "menu" else value[0] if value else "x"])
        elif isinstance(value, list) and value:
            setattr(q, name, value[:-1])
        else:
            continue
        yield name, q


def prompts_changed_past_key(
    phase: Phase,
    key: Callable[[State, Seat], Hashable],
    games: Sequence[tuple[int, int]],
    every: int = 1,
    *,
    skip_done: bool = True,
    errors: tuple[type[Exception], ...] = (RuleError, KeyError, IndexError, ValueError),
) -> int:
    """How many changes of one field of a seat's player changed the ``phase`` prompt a fresh
    engine draws, over every ``every``-th such state of ``games`` (players, seed); each time,
    ``key`` is asserted to change too (a prompt kept by ``key`` is never a stale one). A change
    the rules cannot draw a prompt for (``errors``) is passed over."""
    changed_prompts = 0
    for players, seed in games:
        for state in walk(players, seed, 1500)[::every]:
            if state.phase != phase or any(p.homing for p in state.players):
                continue
            for seat, p in enumerate(state.players):
                if skip_done and p.done:
                    continue
                before = Patchistory(ENGINE.content).folded(state, seat)
                for name, q in changed_fields(p):
                    if q.homing:
                        continue  # a worker owed a space: no prompt is kept (``Patchistory.asked``)
                    changed = deepcopy(state)
                    changed.players[seat] = q
                    try:
                        after = Patchistory(ENGINE.content).folded(changed, seat)
                    except errors:
                        continue
                    if after != before:
                        assert key(changed, seat) != key(state, seat), name
                        changed_prompts += 1
    return changed_prompts


def test_a_movement_prompt_changes_only_where_its_key_does() -> None:
    """A seat's Movement prompt is kept by the parts of its player the phase reads
    (``movement.asked_key``), not by the whole player: wherever one field of the seat's player
    changed changes the prompt a fresh engine draws, the key changes too, for every seat still
    moving in every third Movement state of 2-, 3- and 4-player games."""
    games = ((2, 94), (3, 95), (4, 96))
    assert prompts_changed_past_key(Phase.MOVEMENT, partial(movement.asked_key, ENGINE.ctx), games, 3) > 100


def test_a_patch_prompt_changes_only_where_its_key_does() -> None:
    """A seat's Patch prompt is kept by the parts of its player the phase reads
    (``patching.asked_key``), not by the whole player: wherever one field of the seat's player
    changed changes the prompt a fresh engine draws, the key changes too, for every seat in every
    Patch state of 2-, 3- and 4-player games."""
    games = ((2, 94), (3, 95), (4, 96))
    key = partial(patching.asked_key, ENGINE.ctx)
    assert prompts_changed_past_key(Phase.PATCH, key, games, skip_done=False) > 100


def test_an_administration_prompt_changes_only_where_its_key_does() -> None:
    """A seat's Administration prompt is kept by the parts of its player the phase reads
    (``politics.admin_key``), not by the whole player: wherever one field of the seat's player
    changed changes the prompt a fresh engine draws, the key changes too, for every seat still
    acting in every other Administration state of 2-, 3- and 4-player games."""
    games = ((2, 97), (3, 98), (4, 99))
    errors = (RuleError, KeyError, IndexError, ValueError, StopIteration)
    assert prompts_changed_past_key(
        Phase.ADMINISTRATION, partial(politics.admin_key, ENGINE.ctx), games, 2, errors=errors
    ) > 100


def test_an_administration_or_diplomacy_menu_reaches_each_answer_one_way_only() -> None:
    """A fold of an Administration or Diplomacy menu does not check whether the menu offers a
    step's answers already (``engine.ONE_WAY``): each action is reached by one way down the menu
    only, so the fold is the one that checks every answer, for every seat of every such state of
    2-, 3- and 4-player games, at the top of the menu and down it."""
    engine = Patchistory(ENGINE.content)
    folds: Counter[Phase] = Counter()
    for state, seat, prompt in menus_asked(engine, ((2, 41), (3, 42), (4, 43))):
        assert engine.fold(state, seat, prompt) == menus.fold(state, seat, prompt, engine.unfolded)
        folds[state.phase] += 1
    assert folds[Phase.ADMINISTRATION] > 300
    assert folds[Phase.DIPLOMACY] > 100


def test_a_title_worded_from_each_goods_kept_words_is_the_one_gains_words() -> None:
    """The Administration and Diplomacy titles say the goods with each good's words kept by the
    good and number (``common.gain``, through ``gains``): for every holding of 0–3 of each good, one context
    keeping them all, the title is the one worded afresh through ``gains``."""
    state = at_phase(game(), Phase.ADMINISTRATION)
    p = state.players[0]
    kept = Ctx(ENGINE.content)
    for food, coins, resources in product(range(4), repeat=3):
        p.goods = Goods(food=food, coins=coins, resources=resources)
        for title in ("administration.title", "diplomacy.title"):
            goods = gains({"food": food, "coins": coins, "resources": resources})
            assert spendable(kept, state, 0, title) == label(title, pp=p.pp, goods=goods)


def sealed_states(seeds: Sequence[int]) -> Iterator[State]:
    """The 2-player secret auction states of random games (no tie to choose on)."""
    for seed in seeds:
        for state in walk(2, seed, 800):
            if state.phase == Phase.AUCTION and state.auction.first_choice is None:
                yield state


def test_a_secret_bid_names_the_place_of_the_tile_it_is_offered_for() -> None:
    """Each secret bid's action (``auction.sealed_bid``, made once for its place and coins and
    shared by every tile laid out there) names the place and the coins its label says, in every
    2-player auction of two games."""
    bids = places = 0
    for state in sealed_states((67, 68)):
        for prompt in Patchistory(ENGINE.content).pending(state).values():
            for o in prompt.options:
                if not isinstance(o.action, SealedBid):
                    continue
                said = o.label.params
                assert o.action == SealedBid(tile=int(str(said["number"])) - 1, coins=said["coins"])
                bids += 1
                places += o.action.tile
    assert bids > 200 and places > 50


def test_a_secret_bid_prompt_is_the_one_validation_makes() -> None:
    """Each seat's secret bid prompt (``auction.sealed_prompt``, its fields written out, its title
    kept by the coins) is the ``Prompt`` validating its values makes, its title saying the seat's
    own coins: the same values, the same fields set, whatever coins each seat has."""
    asked = 0
    for state in sealed_states((69,)):
        for first, second in ((3, 8), (8, 3), (1, 1)):
            state.players[0].goods.coins, state.players[1].goods.coins = first, second
            for seat in (0, 1):
                prompt = auction.sealed_prompt(ENGINE.ctx, state, seat)
                if prompt is None or prompt.number is not None:
                    continue
                coins = state.players[seat].goods.coins
                made = Prompt(seat=seat, title=label("auction.sealed", coins=coins),
                              options=prompt.options, secret=True, simultaneous=True)
                assert list(items(prompt)) == list(items(made))
                assert fields_set(prompt) == fields_set(made)
                asked += 1
    assert asked > 20


def test_the_end_of_movement_leaves_workers_that_do_not_rest_as_they_are() -> None:
    """Movement's end (``movement.finish``) sends home the workers that rested since the last
    Movement and brings back to the start the ones resting now, and leaves a seat none of whose
    workers rests as it is: each seat's workers, with and without a resting one."""
    state = at_phase(walk(2, 71, 300)[-1], Phase.MOVEMENT)
    p, q = state.players
    resting = Worker(where="rest", step=movement.FRESH_REST)
    p.workers = [Worker(where="land"), Worker(where="rest", step=3), resting]
    q.workers = [Worker(where="land", row=1, col=1)]
    before = q.workers
    events = movement.finish(state)
    assert [e.message.key for e in events] == ["patchistory.rest_home"]
    assert p.homing == 1 and p.workers == [Worker(where="land"), Worker(where="rest", step=0)]
    assert q.workers is before and q.homing == 0


def test_a_move_made_down_a_menu_closes_the_seats_menu() -> None:
    """A move that is not a menu step closes the menu it was made down (``Patchistory.step``
    writes the menu only where it is still open): every answer that is not a step, made from a
    menu opened in three 2-player games, leaves the seat's menu empty."""
    closed = 0
    for seed in (72, 73, 74):
        for state in walk(2, seed, 800):
            for seat, prompt in ENGINE.pending(state).items():
                if not state.players[seat].menu:
                    continue
                answers = [o.action for o in prompt.options
                           if not o.navigation and not isinstance(o.action, Pick | Back)]
                if prompt.number is not None:
                    answers.append(prompt.number.action(prompt.number.low))
                if not answers:
                    continue
                answer = answers[0]
                after, _ = ENGINE.apply(state, seat, answer)
                assert after.players[seat].menu == []
                closed += 1
    assert closed > 30


def test_a_seat_with_nothing_left_to_move_is_asked_end_movement_alone_under_its_own_t() -> None:
    """A seat with nothing left to move is asked End movement alone (``movement.movement_ended``,
    made once per seat and T): the prompt validation makes, its title naming the seat's own T, in
    the Movement states of 2- and 3-player games."""
    ended: Counter[tuple[int, int]] = Counter()
    for players, seed in ((2, 75), (3, 76), (2, 77)):
        for state in walk(players, seed, 800):
            if state.phase != Phase.MOVEMENT:
                continue
            for seat, p in enumerate(state.players):
                prompt = movement.prompt(ENGINE.ctx, state, seat)
                if prompt is None or [type(o.action) for o in prompt.options] != [Done]:
                    continue
                made = Prompt(seat=seat, title=label("movement.title", transport=p.transport),
                              options=(movement.end_movement(),), simultaneous=True)
                assert js(prompt) == js(made)
                assert fields_set(prompt) == fields_set(made)
                ended[seat, p.transport] += 1
    assert len({seat for seat, _ in ended}) > 1 and len({t for _, t in ended}) > 1


def test_a_territory_moves_action_made_once_is_the_one_validation_makes() -> None:
    """A territory move's action made once (``movement.move_action``) is the ``Move`` validating
    its worker, row and column makes (its fields and the fields set), for each worker and every
    space of a grid of 15 by 15, asked in turn and then again."""
    for _ in range(2):
        for worker, row, col in product(range(6), range(-7, 8), range(-7, 8)):
            made = movement.move_action(worker, row, col)
            validated = Move(worker=worker, row=row, col=col)
            assert made == validated
            assert fields_set(made) == fields_set(validated)


def framed_faces() -> list[Mapping[Stat, int]]:
    """The framed symbols of every space of every tile side and of every building, and none."""
    content = ENGINE.content
    faces: list[Mapping[Stat, int]] = [movement.NONE]
    for tile in content.land_tiles:
        for side in (tile.white, tile.black):
            faces += [space.framed for space in side.spaces]
    faces += [b.framed for b in content.buildings]
    return faces


def test_a_moves_change_is_each_tracks_framed_symbols_there_less_here() -> None:
    """What a territory move changes (``movement.change_of``) is, track by track, the framed
    symbols of the space reached less those of the space left, for every pair of faces a tile
    side's space or a building shows (the many framing nothing changing nothing)."""
    faces = framed_faces()
    empty = 0
    for come, gone in product(faces, repeat=2):
        assert movement.change_of(come, gone) == tuple(come.get(s, 0) - gone.get(s, 0) for s in STATS)
        empty += not come and not gone
    assert empty > 100 and len(faces) ** 2 - empty > 1000


def spreads_by_matching(p: Player, worker: int, key: SpaceKey) -> bool:
    """Whether the territory workers can end one per space once ``worker`` ends on ``key``, found
    by a matching alone: moved workers stay, each other one ends within T (none once the route
    workers have begun) on a space of its own."""
    grid = grid_of(p, ENGINE.content)
    steps = 0 if p.routes_moving else p.transport
    fixed = [grid.space_at((w.row, w.col)) for i, w in enumerate(p.workers)
             if w.where == "land" and i != worker and i in p.moved]
    if len(set(fixed)) != len(fixed) or key in fixed:
        return False
    free = [set(reachable(grid, (w.row, w.col), steps)) for i, w in enumerate(p.workers)
            if w.where == "land" and i != worker and i not in p.moved]
    return movement.matched(free, {k for k in fixed if k is not None} | {key})


def crowded(p: Player) -> Player:
    """``p`` with a moved worker on every space no territory worker holds: only the spaces the
    unmoved workers leave are free."""
    q = deepcopy(p)
    grid = grid_of(q, ENGINE.content)
    taken = {grid.space_at((w.row, w.col)) for w in q.workers if w.where == "land"}
    for key, cells in grid.spaces.items():
        if key not in taken:
            q.moved.append(len(q.workers))
            q.workers.append(Worker(where="land", row=cells[0][0], col=cells[0][1]))
    return q


def begun(p: Player) -> Player:
    """``p`` once its route workers have begun to move: the territory workers stay put."""
    q = deepcopy(p)
    q.routes_moving = True
    return q


def test_a_worker_may_end_on_a_space_exactly_where_the_others_can_then_spread() -> None:
    """Whether the territory workers can end one per space once a worker ends on a space
    (``movement.spreading``, which lets the unmoved worker standing there take the space the
    worker leaves) is what a matching of the others to free spaces finds, for every space every
    unmoved territory worker reaches in every Movement state of 2-, 3- and 4-player games, also
    with another worker on its space, with every other space held by a moved worker, and with the
    route workers begun."""
    checked = swapped = 0
    for players, seed in ((2, 71), (3, 72), (4, 73)):
        for state in walk(players, seed, 2000):
            if state.phase != Phase.MOVEMENT or any(p.homing for p in state.players):
                continue
            for player in state.players:
                for i, w, p in stacked_too(player):
                    for q in (p, crowded(p), begun(p)):
                        spreads = movement.spreading(ENGINE.ctx, q, i)
                        grid = grid_of(q, ENGINE.content)
                        taken = {grid.space_at((o.row, o.col)) for o in q.workers if o.where == "land"}
                        for key in reachable(grid, (w.row, w.col), max(q.transport, 1)):
                            assert spreads(key) == spreads_by_matching(q, i, key), (i, key)
                            checked += 1
                            swapped += key in taken
    assert checked > 3000 and swapped > 300


def other_tokens(p: Player, grid: Grid) -> Iterator[tuple[Token, ...]]:
    """Token sets an empire of the same tiles as ``p`` may show: each of its tokens taken away, a
    reclaimed square and a building put on squares without one, and a building reclaimed."""
    tokens = tuple(p.tokens)
    for n in range(len(tokens)):
        yield tokens[:n] + tokens[n + 1:]
        row, col, building = tokens[n]
        swapped = (row, col, None if building else ENGINE.content.buildings[0].id)
        yield (*tokens[:n], swapped, *tokens[n + 1:])
    bare = [cell for cell in grid.squares if all((t[0], t[1]) != cell for t in tokens)]
    for row, col in bare[::7]:
        yield (*tokens, (row, col, None))
        yield ((row, col, ENGINE.content.buildings[0].id), *tokens)


def test_a_grid_drawn_from_the_same_tiles_under_other_tokens_is_the_one_drawn_from_every_tile() -> None:
    """The grid of an empire drawn from the grid of the same tiles under other tokens
    (``empire.retokened``: a building built, a square reclaimed, a token gone) is, square for
    square, in the same order and with the same spaces, the one drawn from every tile, for every
    seat of every tenth state of 2-, 3- and 4-player games, both ways between its tokens and each
    of several others."""
    cid = id(ENGINE.content)
    checked = 0
    for players, seed in ((2, 81), (3, 82), (4, 83)):
        for state in walk(players, seed, 2000)[::10]:
            for p in state.players:
                layers, tokens = tuple(p.layers), tuple(p.tokens)
                grid = _drawn_grid(cid, layers, tokens)
                for other in other_tokens(p, grid):
                    for was, now in ((other, tokens), (tokens, other)):
                        ours = retokened(_drawn_grid(cid, layers, was), was, now)
                        fresh = _drawn_grid(cid, layers, now)
                        assert list(ours.squares.items()) == list(fresh.squares.items())
                        assert list(ours.spaces.items()) == list(fresh.spaces.items())
                        checked += 1
    assert checked > 2000


def test_movements_start_clears_each_players_part_of_the_last_movement() -> None:
    """Movement's start (``movement.start``, which writes a seat's flags and lists only where they
    are not clear already, and T only where it changed) leaves the state and events that writing
    each of them leaves: every mix of a seat done, a worker moved, a menu open, the route workers
    begun and T one off what the empire reads, in the states of a 2- and a 3-player game."""
    checked = 0
    for players, seed in ((2, 84), (3, 85)):
        for state in walk(players, seed, 1500)[::40]:
            for done, moved, menu, begun, off in product((False, True), repeat=5):
                ours = at_phase(deepcopy(state), Phase.ADMINISTRATION)
                for p in ours.players:
                    p.done, p.routes_moving = done, begun
                    p.moved = [0] if moved else []
                    p.menu = ["w:0"] if menu else []
                    p.transport = stats(p, 0, ENGINE.content, ours.routes)[Stat.TRANSPORT] + off
                written = deepcopy(ours)
                for p in written.players:
                    p.done = p.routes_moving = False
                    p.moved, p.menu = [], []
                events = movement.start(ENGINE.ctx, ours)
                assert events == movement.start(ENGINE.ctx, written)
                assert ENGINE.dump(ours) == ENGINE.dump(written)
                for seat, p in enumerate(ours.players):
                    assert p.transport == stats(p, seat, ENGINE.content, ours.routes)[Stat.TRANSPORT]
                checked += 1
    assert checked > 300


def commit_prompt_made(state: State, seat: int) -> Prompt:
    """The seat's prompt to commit a prosperity card as validation makes it, each card's standing
    measured afresh (``voting.measure`` reading each seat's overview board itself)."""
    p = state.players[seat]
    content = ENGINE.content
    categories = [content.cards_by_id[c].category for c in p.cards]
    options = []
    for c, category in zip(p.cards, categories, strict=True):
        alike = [d for d, k in zip(p.cards, categories, strict=True) if k == category]
        measured = [voting.measure(ENGINE.ctx, state, s, category) for s in range(len(state.players))]
        options.append(Option(
            action=Commit(card=c),
            label=label("vote.card", category=f"@patchistory.category.{category}",
                        number=alike.index(c) + 1 if len(alike) > 1 else 0),
            description=label("vote.card_rank", rank=voting.demoted_ranks(measured)[seat],
                              players=len(state.players)),
        ))
    return Prompt(seat=seat, title=label("vote.commit"), options=tuple(options), secret=True,
                  simultaneous=True)


def test_a_commit_prompt_is_the_one_drawn_with_each_card_ranked_afresh() -> None:
    """A seat's prompt to commit a prosperity card (``voting.commit_prompt``: each category ranked
    once, every seat's overview board read once for them all, the words kept, each ``Commit``
    built without validation) is the prompt validation makes with each card's standing measured
    afresh, its values and the fields set of it and each option, and every category measured on
    the boards read once as measured afresh: every seat in the Voting states of 2-, 3- and
    4-player games, the Military card read as printed and as Military only."""
    asked: Counter[str] = Counter()
    for players, seed in ((2, 86), (3, 87), (4, 88)):
        for only in (False, True):
            state = ENGINE.new_game(players, {"military_card_counts_military_only": only}, seed)
            rng = Rng.from_seed(seed)
            while prompts := ENGINE.pending(state):
                if state.phase == Phase.VOTE_COMMIT:
                    for seat in range(players):
                        ours = voting.commit_prompt(ENGINE.ctx, state, seat)
                        if ours is None:
                            continue
                        made = commit_prompt_made(state, seat)
                        assert js(ours) == js(made)
                        assert fields_set(ours) == fields_set(made)
                        for o, m in zip(ours.options, made.options, strict=True):
                            assert fields_set(o) == fields_set(m)
                            assert fields_set(o.action) == fields_set(m.action)
                        cards = state.players[seat].cards
                        asked.update(ENGINE.content.cards_by_id[c].category for c in cards)
                    # Each category measured on the boards read once, as read afresh seat by seat.
                    read = voting.boards(ENGINE.ctx, state)
                    for category in {c.category for c in ENGINE.content.prosperity}:
                        for s in range(players):
                            measured = voting.measure(ENGINE.ctx, state, s, category)
                            assert voting.measure(ENGINE.ctx, state, s, category, read[s]) == measured
                seat = rng.choice(sorted(prompts))
                state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
    assert len(asked) >= 6 and asked["military"] > 0


def test_a_workers_destinations_are_the_spaces_where_the_others_can_then_spread() -> None:
    """A territory worker's destinations (``movement.destinations``, which takes every space in
    reach but the moved workers' at once where no space is shared and the territory moves are
    open, ``movement.open_spaces``), and the spaces a move of it is let end on
    (``movement.may_end_on``), are the spaces within T where a matching of the others to free
    spaces finds room for them all, for every unmoved territory worker in every third Movement
    state of 2-, 3- and 4-player games, also with another worker on its space, with every other
    space held by a moved worker, and with the route workers begun."""
    opened = checked = 0
    for players, seed in ((2, 71), (3, 72), (4, 73)):
        for state in walk(players, seed, 2000)[::3]:
            if state.phase != Phase.MOVEMENT or any(p.homing for p in state.players):
                continue
            for player in state.players:
                for i, w, p in stacked_too(player):
                    for q in (p, crowded(p), begun(p)):
                        grid = grid_of(q, ENGINE.content)
                        here = grid.space_at((w.row, w.col))
                        found = sorted(grid.spaces[key][0]
                                       for key in reachable(grid, (w.row, w.col), q.transport)
                                       if key != here and spreads_by_matching(q, i, key))
                        assert movement.destinations(ENGINE.ctx, q, i) == found, i
                        ends = movement.may_end_on(ENGINE.ctx, q, i)
                        for key in reachable(grid, (w.row, w.col), q.transport):
                            assert ends(key) == (grid.spaces[key][0] in found), (i, key)
                        taken = [grid.space_at((o.row, o.col)) for o in q.workers if o.where == "land"]
                        opened += len(taken) == len(set(taken)) and not q.routes_moving and bool(found)
                        checked += 1
    assert checked > 1000 and opened > 100


def test_what_administration_reads_of_an_empire_is_what_each_rule_reads_afresh() -> None:
    """What Administration reads of a seat's empire (``politics.empire_reads``, kept beside the
    grid by the spaces worked) is what each rule reads afresh: the Transport of the overview
    board, the spaces with no worker and Genghis Khan, for every seat of every fifth state of 2-,
    3- and 4-player games (workers move, are born and leave for routes on the same grids, and
    routes are built and removed), and of every hundredth with one worker on each square in turn
    (the same number of spaces worked, each with its own framed symbols)."""
    checked = 0
    read = set()
    for players, seed in ((2, 91), (3, 92), (4, 93)):
        states = walk(players, seed, 2000)[::5]
        for state in states[::20]:
            for cell in grid_of(state.players[0], ENGINE.content).squares:
                one = deepcopy(state)
                one.players[0].workers = [Worker(row=cell[0], col=cell[1])]
                states.append(one)
        for state in states:
            for seat, p in enumerate(state.players):
                reads = politics.empire_reads(ENGINE.ctx, state, seat)
                grid = grid_of(p, ENGINE.content)
                assert reads == politics.EmpireReads(
                    transport=stats(p, seat, ENGINE.content, state.routes)[Stat.TRANSPORT],
                    free=len(empty_spaces(p, grid)),
                    genghis="genghis_khan" in abilities(p, ENGINE.content),
                ), seat
                checked += 1
                read.add((id(grid), reads))
    assert checked > 500
    assert len(read) > 150


def test_two_messages_say_the_same_exactly_where_they_are_equal() -> None:
    """Two messages are the same words (``menus.same_words``, which a fold asks of a kept step's
    name and description) exactly where pydantic's equality finds them equal: every pair of the
    names and descriptions of the options of every tenth Administration and Patch state of a 2-
    and a 3-player game, each also against a copy of itself (the same words, another object)."""
    words: list[object] = []
    for players, seed in ((2, 95), (3, 96)):
        for state in walk(players, seed, 1500)[::10]:
            if state.phase not in (Phase.ADMINISTRATION, Phase.PATCH):
                continue
            for prompt in ENGINE.pending(state).values():
                for o in prompt.options:
                    words += [o.label, o.description]
    found = {id(w): w for w in words}
    distinct = list({repr(w): w for w in found.values()}.values())
    same = different = 0
    for a in distinct:
        copy = None if a is None else deepcopy(a)
        assert menus.same_words(a, copy) and (a == copy)  # type: ignore[arg-type]
        for b in distinct:
            assert menus.same_words(a, b) == (a == b), (a, b)  # type: ignore[arg-type]
            same += a == b
            different += a != b
    assert len(distinct) > 100
    assert different > 10_000


def test_a_workers_placement_is_the_option_validation_makes() -> None:
    """Each space offered to a worker owed one (``patching.place_option``, its placement and name
    made once per square, ``patching.placed_at``) is the ``Option`` validating its values makes:
    a ``PlaceWorker`` on the space's square, named by that square, with the same fields set, over
    the placement menus of 2-, 3- and 4-player games."""
    placed = 0
    for players, seed in ((2, 71), (3, 73), (4, 74)):
        for state in walk(players, seed, 2000):
            for seat, p in enumerate(state.players):
                if p.homing <= 0 or p.menu:
                    continue
                prompt = patching.place_prompt(ENGINE.ctx, state, seat)
                assert prompt is not None
                for o in prompt.options:
                    a = o.action
                    if not isinstance(a, PlaceWorker):
                        continue
                    made = Option(
                        action=PlaceWorker(row=a.row, col=a.col),
                        label=label("place.at", row=a.row, col=a.col),
                        description=o.description,
                    )
                    assert list(items(o)) == list(items(made))
                    assert fields_set(o) == fields_set(made)
                    assert fields_set(a) == fields_set(made.action)
                    placed += 1
    assert placed > 250


def test_a_grids_name_names_the_tiles_and_tokens_of_one_empire() -> None:
    """A grid's name (``Grid.name``), which the keys of the square menus hold in place of the
    empire's tiles and tokens (``politics.empire_key``), names one empire only: over every seat of
    every state of 2-, 3- and 4-player games, no two empires' grids share a name, and a seat whose
    empire is the same keeps its grid's name."""
    named: dict[int, tuple[object, ...]] = {}
    held = []
    for players, seed in ((2, 97), (3, 98), (4, 99)):
        for state in walk(players, seed, 2000):
            for p in state.players:
                grid = grid_of(p, ENGINE.content)
                held.append(grid.name)
                empire = (tuple(p.layers), tuple(p.tokens))
                assert named.setdefault(id(grid.name), empire) == empire
                assert grid_of(p, ENGINE.content).name is grid.name
    assert len(named) > 100
