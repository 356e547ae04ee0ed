"""Patching won tiles into the empire (§7.7), placing workers owed to the territory (7.6, 9.1,
19 #23), and the abilities that trigger when a tile is patched in (Moses, Constantine, p. 16).

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from rules.core import Event, Message, Option, Prompt, Seat, msg
from rules.core.memo import Memo
from rules.core.messages import Param
from rules.core.unchecked import built, construct, option, question
from rules.patchistory.actions import AllyWith, Done, Patch, PlaceWorker
from rules.patchistory.auction import side_summary, side_words
from rules.patchistory.common import (
    DELTA_KEYS,
    MAX_MENU,
    Ctx,
    back,
    change_words,
    delta,
    event,
    fail,
    label,
    pick,
    row_options,
    tile_name,
    waits_for_turn,
    worded,
    worker_adds,
)
from rules.patchistory.content import STATS, Cell, Stat
from rules.patchistory.empire import (
    Grid,
    PatchedStats,
    Placement,
    abilities,
    empty_spaces,
    free_spaces,
    grid_of,
    lay,
    layout_key,
    packed_change,
    placements,
    routes_owned,
    try_patch,
)
from rules.patchistory.menus import SEPARATOR
from rules.patchistory.state import (
    Offer,
    Phase,
    Player,
    Reserve,
    Route,
    State,
    Worker,
    options_key,
    routes_key,
)

SHORT = {
    Stat.COINS: "C",
    Stat.FOOD: "F",
    Stat.RESOURCES: "R",
    Stat.CULTURE: "Cu",
    Stat.POLITICS: "P",
    Stat.TRANSPORT: "T",
    Stat.MILITARY: "M",
    Stat.DEFENCE: "D",
}


def asked_table(state: State) -> tuple[object, ...]:
    """What every seat's Patch prompt, folded, is drawn from besides its own player
    (:func:`asked_key`): the routes (what the empire shows, the free alliance of Constantine),
    the era, whose turn it would be where two players patch in turn order, and the table
    options."""
    return (
        "patch",
        routes_key(state.routes),
        state.era,
        (state.first, tuple([(bool(q.reserve), q.done) for q in state.players])) if in_turns(state) else None,
        options_key(state.options),
    )


def asked_key(ctx: Ctx, state: State, seat: Seat) -> tuple[object, ...]:
    """All that the seat's Patch prompt, folded, is drawn from (:func:`patch_prompt`) besides
    :func:`asked_table`: its empire (layers and tokens), its workers (the stats a placement
    changes), its won tiles, its menu, whether it is done and whether Constantine's alliance is
    owed; another seat's patch changes none of it but the turn. The rest of the seat's player
    (goods, cards, PP, Transport, the round's other flags) is left out: no rule of Patch reads
    it, and the key is read for every seat after every move."""
    p = state.players[seat]
    return (
        seat,
        layout_key(p, ctx.content),
        tuple([(r.tile, r.side) for r in p.reserve]),
        tuple(p.menu),
        p.done,
        p.ally_choice,
    )


def in_turns(state: State) -> bool:
    """Whether the seats patch in turn order: only two players, where the table asks it."""
    return len(state.players) == 2 and state.options.two_player_patch_in_turn_order


def _waits(state: State, seat: Seat) -> bool:
    """Whether the seat waits its turn to patch: in turn order, while a seat before it still has
    won tiles to patch."""
    return in_turns(state) and waits_for_turn(
        state, seat, lambda s: bool(state.players[s].reserve) and not state.players[s].done
    )


def _chosen_tile(path: Sequence[str]) -> int | None:
    """The won tile (its place in the reserve) the Patch menu ``path`` has chosen, if any."""
    return next((int(m[2:]) for m in path if m.startswith("r:")), None)


def _chosen_side(item: Reserve, path: Sequence[str]) -> str | None:
    """The side ``item`` is laid on: the one it was bought on, else the one the Patch menu
    ``path`` has chosen (``None``: not chosen yet)."""
    return item.side or next((m[5:] for m in path if m.startswith("side:")), None)


def patch_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    p = state.players[seat]
    if p.done:
        return None
    if p.ally_choice:
        return ally_prompt(state, seat)
    if not p.reserve:
        return None
    if _waits(state, seat):
        return None
    menu = p.path
    reserve = _chosen_tile(menu)
    known = p.reserve[0].side if len(p.reserve) == 1 else None
    if reserve is None and known is not None:
        # One tile on a known side: where it goes and "keep it unpatched" share one menu.
        item = p.reserve[0]
        places = placement_options(ctx, state, seat, 0, known)[: MAX_MENU - 1]
        return question(
            seat=seat,
            title=label("patch.choose_square", tile=tile_name(ctx, item.tile)),
            options=(*places, keep_unpatched(state), *((back(),) if menu else ())),
            simultaneous=True,
        )
    if reserve is None or reserve >= len(p.reserve):
        options = [
            option(
                action=pick(f"r:{i}"),
                label=label("patch.tile", tile=tile_name(ctx, r.tile)),
                description=side_summary(ctx, Offer(tile=r.tile, side=r.side or "any")),
            )
            for i, r in enumerate(p.reserve)
        ]
        options.append(keep_unpatched(state))
        return question(seat=seat, title=label("patch.choose_tile"), options=options, simultaneous=True)
    item = p.reserve[reserve]
    side = _chosen_side(item, menu)
    if side is None:
        tile = ctx.content.tiles_by_id[item.tile]
        options = [
            option(
                action=pick(f"side:{s}"),
                label=label("patch.side", side=f"@patchistory.side.{s}"),
                description=side_words(ctx, tile.side(s)),
            )
            for s in ("white", "black")
        ]
        return question(
            seat=seat,
            title=label("patch.choose_side", tile=tile_name(ctx, item.tile)),
            options=(*options, back()),
            simultaneous=True,
        )
    return question(
        seat=seat,
        title=label("patch.choose_square", tile=tile_name(ctx, item.tile)),
        options=(*placement_options(ctx, state, seat, reserve, side), back()),
        simultaneous=True,
    )


def keep_unpatched(state: State) -> Option:
    """Leaving the won tiles unpatched: what becomes of them follows the table's reading of #6."""
    return option(
        action=Done(),
        label=label("patch.done"),
        description=label(f"describe.unpatched_{state.options.unpatched_tiles}"),
    )


PLACEMENTS_KEPT = 16
"""How many menus of one row :func:`placement_options` keeps: those of the last move or two, where
such a menu is drawn again (a fold draws the menu of each row that fits, and the seat picks one
next). A menu pushed out is then one the kept prompts still hold, so it is not freed by the move
that draws a new one (with 64 kept, the menus pushed out were freed there: some 10 µs a move at
2 players, where 55 of the 70 picks of a tile open a row's menu and none is found again)."""

_placement_menus: Memo[tuple[object, ...], tuple[Grid, tuple[Option, ...]]] = Memo(PLACEMENTS_KEPT)


def placement_options(ctx: Ctx, state: State, seat: Seat, reserve: int, side: str) -> list[Option]:
    """Each legal placement labelled with its place and the stat change it gives (≤ 24, rows first).

    The menu of one row is kept for the last few by what it is drawn from: the empire's grid (its
    tiles and tokens, found by :func:`grid_of` as one object for equal ones, named in the key by
    its identity and held beside the menu), the workers, the routes the seat owns, the tile, its
    place in the reserve, its side, the era, the row and the table options. A fold draws the menu
    of each row that fits, and the seat's next move picks one (at 3 and 4 players some 35 moves
    of the bench's 15 games find it). Any other menu is drawn each time: it is seldom drawn
    again (6 of the 1 803 menus of the 2-player games), and keeping it cost more than that saves
    (the key, the memo's entry, the oldest menu freed by the move that draws a new one)."""
    p = state.players[seat]
    row = next((m for m in p.path if m.startswith("row:")), None)
    if row is None:
        return _placement_options(ctx, state, seat, reserve, side)
    o = state.options
    grid = grid_of(p, ctx.content)
    key = (
        id(grid), tuple((w.where, w.row, w.col) for w in p.workers), routes_owned(seat, state.routes),
        p.reserve[reserve].tile, reserve, side, state.era, row,
        o.sea_adjacency_diagonal, o.sea_over_land, o.patch_between_building,
    )
    found = _placement_menus.get(key)
    if found is None or found[0] is not grid:
        found = _placement_menus.put(key, (grid, tuple(_placement_options(ctx, state, seat, reserve, side))))
    return list(found[1])


def _placement_options(ctx: Ctx, state: State, seat: Seat, reserve: int, side: str) -> list[Option]:
    """:func:`placement_options` drawn: each place's change read from the empire's board before
    and after, both packed into numbers."""
    p = state.players[seat]
    tile = p.reserve[reserve].tile
    answers = _answers(ctx, state, p, reserve, side)
    # Only the places shown are made into actions and have their change read.
    shown = _shown(answers, p.path)
    if shown is None:
        return row_options(sorted({pl.row for pl, _ in answers}), [pl.row for pl, _ in answers])
    grid = grid_of(p, ctx.content)
    sdef = ctx.content.tiles_by_id[tile].side(side)
    # The workers a patch unstacks wait to be placed again (#23): they work nothing now.
    stats_after = PatchedStats(
        grid, p.tokens, len(p.layers), sdef, p.workers, routes_owned(seat, state.routes), ctx.content
    )
    # Both boards packed into numbers (``empire.packed``): their difference names the change.
    board = stats_after.board
    was = stats_after.before
    options = []
    for pl, keep in shown[:MAX_MENU]:
        under = pl.under and not keep
        place = (reserve, side, pl.row, pl.col, under, keep)
        a = _patches.get(place)
        change, words = placement_words(ctx, board(pl.row, pl.col, pl.under, keep) - was)
        options.append(option(
            patch_at(place) if a is None else a,
            msg(PLACED[keep, under], row=pl.row, col=pl.col, change=change),
            words,
        ))
    return options


def placement_count(ctx: Ctx, state: State, seat: Seat, choice: str) -> int | None:
    """How many answers the menu step ``choice`` of the seat's Patch prompt opens where it opens
    a placement menu (a tile and its side chosen, and a row where the tile has more places than
    a menu holds), counted from the legal places without reading what each changes; ``None``
    where the step opens anything else (:func:`patch_prompt` one step further down)."""
    p = state.players[seat]
    if p.done or p.ally_choice or not p.reserve:
        return None
    path = [*p.path, *choice.split(SEPARATOR)]
    reserve = _chosen_tile(path)
    if reserve is None or reserve >= len(p.reserve) or _waits(state, seat):
        return None
    side = _chosen_side(p.reserve[reserve], path)
    if side is None:
        return None
    shown = _shown(_answers(ctx, state, p, reserve, side), path)
    return None if shown is None else min(len(shown), MAX_MENU)


def _answers(ctx: Ctx, state: State, p: Player, reserve: int, side: str) -> list[tuple[Placement, bool]]:
    """Each answer of the placement menu of the tile ``reserve`` on ``side`` as (place, whether
    it keeps the buildings it covers), in the menu's order."""
    o = state.options
    legal = placements(
        p,
        ctx.content,
        p.reserve[reserve].tile,
        side,
        state.era,
        diagonal=o.sea_adjacency_diagonal,
        seas_over_land=o.sea_over_land,
    )
    answers: list[tuple[Placement, bool]] = []
    for pl in legal:
        answers.append((pl, False))
        if pl.covers_building and o.patch_between_building:
            answers.append((pl, True))
    return answers


def _shown(
    answers: list[tuple[Placement, bool]], path: list[str]
) -> list[tuple[Placement, bool]] | None:
    """The placement menu's ``answers`` it shows: those of the row chosen in ``path`` if any, else
    all of them; ``None`` where they are more than a menu holds and no row is chosen (the menu
    is then one of rows)."""
    row = next((int(m[4:]) for m in path if m.startswith("row:")), None)
    if row is not None:
        return [(pl, keep) for pl, keep in answers if pl.row == row]
    return answers if len(answers) <= MAX_MENU else None


PATCHES_KEPT = 1024
"""How many patches :func:`patch_at` keeps (some 400 places are offered over a 2-player game's
placement menus, each many times)."""

_patches: Memo[tuple[int, str, int, int, bool, bool], Patch] = Memo(PATCHES_KEPT)


def patch_at(place: tuple[int, str, int, int, bool, bool]) -> Patch:
    """The patch of the won tile ``reserve`` on ``side`` at (row, col), laid under or keeping the
    buildings it covers (``construct(Patch, …)``, its fields written out), kept by those
    (:data:`_patches`, read by the caller): a few hundred places are offered over a game, each
    in menu after menu."""
    reserve, side, row, col, under, keep = place
    return _patches.put(place, built(Patch, {
        "kind": PATCH, "reserve": reserve, "side": side, "row": row, "col": col,
        "under": under, "keep_buildings": keep,
    }, PATCH_KEPT_GIVEN if keep else PATCH_GIVEN))


PLACED = {
    (True, False): "patchistory.patch.keep",
    (False, True): "patchistory.patch.under",
    (False, False): "patchistory.patch.over",
}
"""A placement's label, by whether it keeps the buildings it covers and whether it lies under."""

PATCH = Patch.model_fields["kind"].default
"""A patch's kind, the default :func:`placement_options` writes out."""

PATCH_GIVEN = ("reserve", "side", "row", "col", "under")
"""The fields a patch over or under is given (keeping no building: the default)."""

PATCH_KEPT_GIVEN = (*PATCH_GIVEN, "keep_buildings")
"""The fields a patch keeping the buildings it covers is given (``under`` given as ``False``)."""


def placement_words(ctx: Ctx, change: int) -> tuple[str, Message]:
    """A placement's change of the overview board, packed (``empire.packed``: the board after less
    the board before), as its label's shorthand ("+1C −1F") and its description's words, made
    once per change (``Ctx.changes``): read by one ``get``, kept by ``put`` on a miss, without a
    closure made for each placement."""
    found = ctx.changes.get(change)
    return ctx.changes.put(change, _placement_words(change)) if found is None else found


def _placement_words(change: int) -> tuple[str, Message]:
    """:func:`placement_words` made: each track's part of the shorthand and of the words made once
    (:func:`short_change`, ``common.delta``), in the order of ``STATS`` (``empire.packed_change``:
    drawn only for a change not met before)."""
    tracks = packed_change(change)
    short = " ".join([short_change(i, n) for i, n in enumerate(tracks) if n])
    words: list[Param] = [delta(DELTA_KEYS[i][1], n) for i, n in enumerate(tracks) if n]
    return short or "±0", label("describe.square", change=words or [worded("delta.none")])


@cache
def short_change(track: int, n: int) -> str:
    """One track's change in a placement's shorthand ("+1C", "−2F"), the track by its place in
    ``STATS``."""
    return f"{'+' if n > 0 else ''}{n}{SHORT[STATS[track]]}"


def play_patch(ctx: Ctx, state: State, seat: Seat, action: Patch) -> list[Event]:
    p = state.players[seat]
    if state.phase != Phase.PATCH or p.done or p.ally_choice:
        raise fail("You cannot patch a tile now.", "not_patching")
    if not 0 <= action.reserve < len(p.reserve):
        raise fail("You have no such tile waiting to be patched.", "no_reserve")
    item = p.reserve[action.reserve]
    if item.side is not None and action.side != item.side:
        raise fail("You must use the side the tile was bought on.", "wrong_side")
    if action.side not in ("white", "black"):
        raise fail("A land tile has a white and a black side.", "wrong_side")
    if action.keep_buildings and (
        action.under
        or not state.options.patch_between_building
        or not keeps_a_building(ctx, state, seat, action)
    ):
        raise fail(
            "A building stays on top only of a 1x1 space that is not a sea, of a tile laid over it.",
            "keep_building",
        )
    after, why = try_patch(
        p,
        ctx.content,
        item.tile,
        action.side,
        action.row,
        action.col,
        under=action.under,
        keep_buildings=action.keep_buildings,
        era=state.era,
        diagonal=state.options.sea_adjacency_diagonal,
        seas_over_land=state.options.sea_over_land,
        # A place the prompt offered: found among the legal places (kept), not checked again.
        legal=any(
            (pl.row, pl.col, pl.under) == (action.row, action.col, action.under)
            for pl in placements(
                p, ctx.content, item.tile, action.side, state.era,
                diagonal=state.options.sea_adjacency_diagonal, seas_over_land=state.options.sea_over_land,
            )
        ),
    )
    if after is None:
        raise fail(PATCH_REASONS[why], f"patch.{why}")
    lay(p, after, ctx.content, item.tile, action.side, action.row, action.col,
        under=action.under, keep_buildings=action.keep_buildings)
    before = abilities(p, ctx.content)
    # try_patch's copy shares the rest of the player with ``p``, which leaves the state here.
    after.reserve.pop(action.reserve)
    after.menu = []
    state.players[seat] = after
    events = [
        event(
            "patched",
            seat=seat,
            tile=tile_name(ctx, item.tile),
            row=action.row,
            col=action.col,
            under=action.under,
        )
    ]
    events += unstack_workers(ctx, after)
    gained = abilities(after, ctx.content) - before
    if "moses" in gained and after.born() < 8:
        after.homing += 1
        events.append(event("moses", seat=seat))
    if "constantine" in gained and state.alliance_left > 0 and allies_possible(state, seat):
        after.ally_choice = True
    return events


def keeps_a_building(ctx: Ctx, state: State, seat: Seat, action: Patch) -> bool:
    """Whether laying the tile over at (row, col) puts a built building where it can stay (p. 8)."""
    p = state.players[seat]
    o = state.options
    found = placements(
        p,
        ctx.content,
        p.reserve[action.reserve].tile,
        action.side,
        state.era,
        diagonal=o.sea_adjacency_diagonal,
        seas_over_land=o.sea_over_land,
    )
    return any(pl.covers_building and (pl.row, pl.col) == (action.row, action.col) for pl in found)


PATCH_REASONS = {
    "no_overlap": "At least one square must lie over or under your empire.",
    "sea_covered": "A visible sea can never be covered, nor a tile slid under it.",
    "statue": "The Statue of Liberty can never be patched over.",
    "sea_hidden": "A sea of the new tile may never end up hidden.",
    "sea_over_land": "At this table a sea of the new tile may not lie over any square.",
    "half_space": "A space of several squares must be covered whole or not at all.",
    "seas_adjacent": "Two seas may never be next to each other.",
    "too_big": "Your empire would outgrow this era's size limit.",
}


def unstack_workers(ctx: Ctx, player: Player) -> list[Event]:
    """Spec 19 #23: a second worker in one space after a patch must move to an empty space."""
    kept, moved = unstacked(ctx, player)
    player.workers = kept
    player.homing += moved
    return []


def unstacked(ctx: Ctx, player: Player) -> tuple[list[Worker], int]:
    """The workers that keep their space after a patch, and how many must find another (#23)."""
    return unstacked_on(grid_of(player, ctx.content), player.workers)


def unstacked_on(grid: Grid, workers: list[Worker]) -> tuple[list[Worker], int]:
    """:func:`unstacked` for ``workers`` on an empire showing ``grid``."""
    seen: set[tuple[int, int]] = set()
    kept: list[Worker] = []
    moved = 0
    for w in workers:
        if w.where == "land":
            key = grid.space_at((w.row, w.col))
            if key is None or key in seen:
                moved += 1
                continue
            seen.add(key)
        kept.append(w)
    return kept, moved


def allies_possible(state: State, seat: Seat) -> list[Seat]:
    return [s for s in range(len(state.players)) if s != seat and not allied(state, seat, s)]


def allied(state: State, a: Seat, b: Seat) -> bool:
    return any(r.kind == "alliance" and {r.start, r.end} == {a, b} for r in state.routes)


def ally_prompt(state: State, seat: Seat) -> Prompt:
    options = [
        option(action=AllyWith(target=s), label=label("constantine.with", target_seat=s),
               description=label("describe.ally_free"))
        for s in allies_possible(state, seat)
    ]
    options.append(option(action=Done(), label=label("constantine.none"),
                          description=label("describe.ally_none")))
    return question(seat=seat, title=label("constantine.title"), options=tuple(options), simultaneous=True)


def play_ally_with(ctx: Ctx, state: State, seat: Seat, action: AllyWith) -> list[Event]:
    """Constantine the Great: a free alliance route the other player cannot refuse; a war between
    you lapses (p. 16, #41)."""
    p = state.players[seat]
    if not p.ally_choice:
        raise fail("You have no free alliance to place.", "no_constantine")
    if action.target not in allies_possible(state, seat) or state.alliance_left <= 0:
        raise fail("You cannot ally with that player.", "bad_target")
    p.ally_choice = False
    state.alliance_left -= 1
    state.routes.append(Route(kind="alliance", start=seat, end=action.target))
    return [event("alliance", seat=seat, other_seat=action.target)]


def place_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    p = state.players[seat]
    if p.homing <= 0:
        return None
    grid = grid_of(p, ctx.content)
    cells = empty_spaces(p, grid)
    wall = "great_wall" in abilities(p, ctx.content, grid)
    path = p.path
    picked_row = next((int(m.split(":")[1]) for m in path if m.startswith("row:")), None)
    if len(cells) <= MAX_MENU or picked_row is not None:
        options = [place_option(ctx, grid, cell, wall) for cell in cells if picked_row in (None, cell[0])]
    else:
        options = row_options(sorted({r for r, _ in cells}), [r for r, _ in cells])
    if p.menu:
        options.append(back())
    return question(
        seat=seat, title=label("place.title", count=p.homing), options=tuple(options), simultaneous=True
    )


def place_option(ctx: Ctx, grid: Grid, cell: Cell, wall: bool) -> Option:
    """A returning or newborn worker placed on the space at ``cell``, kept by the square and what
    it says (:func:`worker_face`, :attr:`Ctx.cells`): the same empty spaces are offered again and
    again."""
    r, c = cell
    face = worker_face(grid, cell, wall)
    found = ctx.cells.get(("place", r, c, face))
    if found is not None:
        return found
    action, said = placed_at(r, c)
    return ctx.cells.put(
        ("place", r, c, face),
        option(action=action, label=said, description=worker_there(ctx, grid, cell, wall, face)),
    )


@cache
def placed_at(row: int, col: int) -> tuple[PlaceWorker, Message]:
    """The placement on the square at (``row``, ``col``) and its name, made once per square (both
    are frozen): a worker born in a new empire is offered a dozen spaces never offered before,
    and a placement's words are drawn from its face (:func:`worker_face`), not where it lies."""
    return construct(PlaceWorker, row=row, col=col), label("place.at", row=row, col=col)


def worker_there(
    ctx: Ctx, grid: Grid, cell: Cell, wall: bool, face: tuple[object, ...] | None = None
) -> Message:
    """What one more worker on the space at ``cell`` adds: the symbols in its gold frames (p. 3),
    and 1 Defence with the Great Wall (p. 16). Worded once per square's face (its printed space,
    building and whether reclaimed) and Great Wall (``Ctx.words``): a worker born or returning is
    offered every empty space, and the same spaces come back. ``face`` is :func:`worker_face`
    where read already."""
    key = face or worker_face(grid, cell, wall)
    found = ctx.words.get(key)
    if found is None:
        adds = worker_adds(ctx, grid, cell)
        if wall:
            adds[Stat.DEFENCE] = adds.get(Stat.DEFENCE, 0) + 1
        found = ctx.words[key] = label("describe.worker_there", change=change_words(adds, "gain.nothing"))
    return found


def worker_face(grid: Grid, cell: Cell, wall: bool) -> tuple[object, ...]:
    """All that :func:`worker_there` of a square is drawn from: its printed space, building,
    whether reclaimed, and the Great Wall."""
    sq = grid.squares[cell]
    return ("worker_there", id(sq.space), sq.building, sq.reclaimed, wall)


def play_place(ctx: Ctx, state: State, seat: Seat, action: PlaceWorker) -> list[Event]:
    p = state.players[seat]
    if p.homing <= 0:
        raise fail("You have no worker to place.", "no_worker")
    cells = empty_spaces(p, grid_of(p, ctx.content))
    grid = grid_of(p, ctx.content)
    key = grid.space_at((action.row, action.col))
    if key is None or grid.spaces[key][0] not in cells:
        raise fail("Put the worker on an empty space of your territory.", "not_empty")
    first = grid.spaces[key][0]
    p.workers.append(Worker(where="land", row=first[0], col=first[1]))
    p.homing -= 1
    p.menu = []
    return [event("placed", seat=seat, row=first[0], col=first[1])]


def settle_homing(ctx: Ctx, state: State) -> list[Event]:
    """Workers owed a space when none is empty go back to the descendant track (#23)."""
    events = []
    for seat, p in enumerate(state.players):
        if p.homing > 0:
            free = free_spaces(p, grid_of(p, ctx.content))
            if free < p.homing:
                back_to_track = p.homing - free
                p.homing = free
                events.append(event("to_track", seat=seat, count=back_to_track))
    return events
