"""Phase 3, Movement (§9): workers in the territory, then on general and alliance routes.

Territory workers move first, route workers after them (p. 11): once a route worker has moved, no
territory worker moves this phase, so a worker coming home from the end of a route does not move
twice. While the territory workers move, several may stand on one space and two may swap places;
only when the territory moves are over must every space hold one worker (p. 11, "at the end of
Movement make sure there is only one worker per space"). A territory move is offered only if the
workers still to move can then leave one worker per space, so a player can never get stuck.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache, lru_cache
from types import MappingProxyType

from rules.core import Event, Message, Option, Prompt, Seat, msg
from rules.core.unchecked import construct, option, question
from rules.patchistory.actions import Advance, Done, Move, Rest
from rules.patchistory.common import (
    MAX_MENU,
    Ctx,
    ask_turn_order_option,
    back,
    cell_options,
    change_words,
    event,
    fail,
    gains,
    in_turn_order,
    label,
    pick,
    stat,
    waits_for_turn,
)
from rules.patchistory.content import STATS, Cell, Stat
from rules.patchistory.empire import Grid, SpaceKey, framed_symbols, grid_of, layout_key, reachable
from rules.patchistory.menus import SEPARATOR
from rules.patchistory.state import Phase, Player, State, options_key

FRESH_REST = 1
"""``Worker.step`` of a worker sent to Rest/Return this Movement (home at the end of the next one)."""

MOVES_KEPT = 4096
"""How many territory moves :func:`move_action` keeps (the oldest used going first)."""


def start(ctx: Ctx, state: State) -> list[Event]:
    """Read T (#39); T = 0 sends route workers to rest (p. 11), on alliance routes too unless
    the table reads that rule as written for general routes only (#40); declared wars advance (#19).

    A worker left on an alliance route at T = 0 cannot move and so owes no move this phase.
    """
    state.phase = Phase.MOVEMENT
    state.in_turn_order = False
    events = [event("phase.movement")]
    war_step = ctx.content.routes.war
    for seat, p in enumerate(state.players):
        clear_movement(p)
        transport = stat(ctx, state, seat, Stat.TRANSPORT)
        if p.transport != transport:
            p.transport = transport
        for i, w in enumerate(p.workers):
            if w.where != "route":
                continue
            route = state.routes[w.route]
            if route.kind == "general" and route.war_attackers and w.step == ctx.content.routes.negotiation:
                p.workers[i] = replace(w, step=war_step)
                p.moved.append(i)
                events.append(event("to_war", seat=seat, route=w.route + 1))
            elif p.transport == 0 and (route.kind == "general" or state.options.alliance_rest_at_t0):
                p.workers[i] = replace(w, where="rest", step=FRESH_REST)
                p.moved.append(i)
                events.append(event("rest", seat=seat, route=w.route + 1))
    return events


def clear_movement(p: Player) -> None:
    """The player's part of the last Movement cleared for this one: done, no worker moved, the
    menu closed and the territory moves open again. Each written only where it is not clear
    already (the round's start cleared the moves, each move closed the menu, and most rounds move
    no route worker)."""
    if p.done:
        p.done = False
    if p.moved:
        p.moved = []
    if p.menu:
        p.menu = []
    if p.routes_moving:
        p.routes_moving = False


def must_move(ctx: Ctx, state: State, seat: Seat) -> list[int]:
    """Route workers that still have to move forward this phase."""
    p = state.players[seat]
    return [
        i
        for i, w in enumerate(p.workers)
        if w.where == "route" and i not in p.moved and max_steps(ctx, state, p, i) > 0
    ]


def max_steps(ctx: Ctx, state: State, p: Player, worker: int) -> int:
    w = p.workers[worker]
    route = state.routes[w.route]
    if route.kind == "general":
        return min(p.transport, ctx.content.routes.negotiation - w.step)
    return min(p.transport, len(ctx.content.routes.alliance) - 1 - w.step)


def destinations(ctx: Ctx, p: Player, worker: int, grid: Grid | None = None) -> list[tuple[int, int]]:
    """Spaces within T the worker may end its move on (p. 11).

    Another worker may stand there for now; a space is offered only if every worker that has not
    moved yet can still end on a space of its own (:func:`spreading`). ``grid`` is the empire's
    grid where found already (:func:`prompt` finds it once for every worker).
    """
    grid = grid_of(p, ctx.content) if grid is None else grid
    w = p.workers[worker]
    here = grid.space_at((w.row, w.col))
    taken = [grid.space_at((o.row, o.col)) for o in p.workers if o.where == "land"]
    spread = len(taken) == len(set(taken))
    if spread and not p.routes_moving:
        return open_spaces(grid, p, worker, here)
    found = []
    spreads: Callable[[SpaceKey], bool] | None = None
    for key, d in reachable(grid, (w.row, w.col), p.transport).items():
        if d == 0 or key == here:
            continue
        if not (spread and key not in taken):
            if spreads is None:
                spreads = spreading(ctx, p, worker, grid)
            if not spreads(key):
                continue
        found.append(grid.spaces[key][0])
    return sorted(found)


def open_spaces(grid: Grid, p: Player, worker: int, here: SpaceKey | None) -> list[Cell]:
    """:func:`destinations` where every territory worker holds a space of its own and the
    territory moves are still open: every space within T but those of the workers that have moved
    (they stay where they are). A worker still to move that stands there takes the space this one
    leaves, as near it as this one came (the spaces' distances go both ways), and every other one
    stays: what :func:`spreading` finds for each such space, without drawing it (the first
    Movement prompt of a round asks this of every worker, and most prompts after)."""
    stays = staying_put(grid, p)
    w = p.workers[worker]
    away = reachable(grid, (w.row, w.col), p.transport)
    spaces = grid.spaces
    return sorted([spaces[key][0] for key in away if key != here and key not in stays])


def staying_put(grid: Grid, p: Player) -> set[SpaceKey | None]:
    """The spaces of the territory workers that have moved this phase: they stay where they are."""
    moved = p.moved
    return {grid.space_at((o.row, o.col)) for i, o in enumerate(p.workers)
            if i in moved and o.where == "land"}


def may_end_on(
    ctx: Ctx, p: Player, worker: int, grid: Grid | None = None
) -> Callable[[SpaceKey | None], bool]:
    """Whether territory worker ``worker`` may end its move on a space: one of its
    :func:`destinations`, found without going through every space the worker reaches (a move is
    checked by this alone). :func:`destinations` asks the same of every space in its own loop: a
    worker's menu is drawn on most moves of the phase. ``grid`` is the empire's grid where found
    already."""
    grid = grid_of(p, ctx.content) if grid is None else grid
    w = p.workers[worker]
    here = grid.space_at((w.row, w.col))
    taken = [grid.space_at((o.row, o.col)) for o in p.workers if o.where == "land"]
    spread = len(taken) == len(set(taken))
    away = reachable(grid, (w.row, w.col), p.transport)

    def ends(key: SpaceKey | None) -> bool:
        if key is None or not away.get(key) or key == here:
            return False
        if spread and not p.routes_moving:
            # No space shared: only a moved worker's space is closed (:func:`open_spaces`).
            return key not in taken or key not in staying_put(grid, p)
        return (spread and key not in taken) or spreading(ctx, p, worker, grid)(key)

    return ends


def spreading(ctx: Ctx, p: Player, worker: int, grid: Grid | None = None) -> Callable[[SpaceKey], bool]:
    """Whether the territory workers can end Movement one per space (p. 11) once ``worker`` ends
    on a given space: workers that have moved stay where they are, each other worker may stay or
    move up to T spaces, and a matching of those to free spaces decides it (:func:`matched`).
    What does not hang on the space ``worker`` ends on (the other workers' spaces and the spaces
    each unmoved one reaches) is read once for all the spaces a worker's menu tries, the spaces
    reached only when a matching is sought. ``grid`` is the empire's grid where found already."""
    grid = grid_of(p, ctx.content) if grid is None else grid
    fixed: set[SpaceKey] = set()
    clash = False
    free_cells: list[Cell] = []
    staying: list[SpaceKey | None] = []
    steps = p.transport if not p.routes_moving else 0
    for i, w in enumerate(p.workers):
        if w.where != "land" or i == worker:
            continue
        key = grid.space_at((w.row, w.col)) if i in p.moved else None
        if key is not None:
            clash = clash or key in fixed
            fixed.add(key)
            continue
        free_cells.append((w.row, w.col))
        staying.append(grid.space_at((w.row, w.col)))
    stay = set(staying)
    all_stay = len(stay) == len(staying) and not fixed.intersection(staying)
    w = p.workers[worker]
    here = grid.space_at((w.row, w.col)) if w.where == "land" else None
    # The worker's own space is left free for the one it displaces (see below).
    swaps = all_stay and here is not None and here not in stay and here not in fixed
    near = reachable(grid, (w.row, w.col), steps) if swaps and steps > 0 else {}
    free_workers: list[set[SpaceKey]] = []

    def spreads(key: SpaceKey) -> bool:
        if clash or key in fixed:
            return False
        if all_stay and key not in stay:
            return True  # every worker still to move may stay where it is
        if key in near:
            # The unmoved worker standing there is as near the space ``worker`` leaves (the
            # spaces' distances go both ways): it moves there, every other one stays.
            return True
        if not free_workers and free_cells:
            free_workers.extend(set(reachable(grid, cell, steps)) for cell in free_cells)
        return matched(free_workers, fixed | {key})

    return spreads


def matched(free_workers: list[set[SpaceKey]], fixed: set[SpaceKey]) -> bool:
    """Whether each worker can end on a space of its own among those it reaches (``free_workers``)
    but ``fixed`` (Kuhn's augmenting paths; an empire holds at most a few workers)."""
    holder: dict[SpaceKey, int] = {}

    def place(i: int, seen: set[SpaceKey]) -> bool:
        for key in free_workers[i] - fixed:
            if key in seen:
                continue
            seen.add(key)
            if key not in holder or place(holder[key], seen):
                holder[key] = i
                return True
        return False

    return all(place(i, set()) for i in range(len(free_workers)))


def stacked(ctx: Ctx, p: Player, grid: Grid | None = None) -> bool:
    """Whether two territory workers share a space (allowed only while territory workers move);
    ``grid`` is the empire's grid where found already."""
    grid = grid_of(p, ctx.content) if grid is None else grid
    keys = [grid.space_at((w.row, w.col)) for w in p.workers if w.where == "land"]
    return len(keys) != len(set(keys))


def asked_table(state: State) -> tuple[object, ...]:
    """What every seat's Movement prompt, folded, is drawn from besides its own player
    (:func:`asked_key`): the kind of each route, whose turn it would be when played in turn
    order, and the table options."""
    ordered = in_turn_order(state, state.options.movement_in_turn_order)
    return (
        "movement",
        tuple([r.kind for r in state.routes]),
        state.in_turn_order,
        (state.first, tuple([q.done for q in state.players])) if ordered else None,
        options_key(state.options),
    )


def asked_key(ctx: Ctx, state: State, seat: Seat) -> tuple[object, ...]:
    """All that the seat's Movement prompt, folded, is drawn from (:func:`prompt`) besides
    :func:`asked_table`: its empire (layers and tokens), its workers, T, its menu, whether it is
    done, which workers have moved and whether its route workers have begun; another seat's move
    changes none of it but the turn. The rest of the seat's player (goods, cards, tiles in hand,
    PP, the round's other flags) is left out: no rule of Movement reads it, and the key is read
    for every seat after every move."""
    p = state.players[seat]
    return (
        seat,
        layout_key(p, ctx.content),
        p.transport,
        tuple(p.menu),
        p.done,
        tuple(p.moved),
        p.routes_moving,
    )


def prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    p = state.players[seat]
    if p.done:
        return None
    if in_turn_order(state, state.options.movement_in_turn_order) and waits_for_turn(
        state, seat, lambda s: not state.players[s].done
    ):
        return None
    title = movement_title(ctx, p.transport)
    path = p.path
    if path and path[0].startswith("w:"):
        worker = int(path[0][2:])
        moves_here, _ = cell_options(
            destinations(ctx, p, worker),
            lambda r, c: move_action(worker, r, c),
            path[1:],
            "",
            "move.to",
            move_words(ctx, p, worker),
        )
        return question(seat=seat, title=title, options=(*moves_here, back()), simultaneous=True)
    if path and path[0].startswith("r:"):
        worker = int(path[0][2:])
        steps = [route_move(ctx, state, p, worker, a) for a in route_steps(ctx, state, p, worker)]
        return question(seat=seat, title=title, options=(*steps[:MAX_MENU], back()), simultaneous=True)
    # The empire's grid found once for the whole menu: each worker's moves and words read it.
    grid = grid_of(p, ctx.content)
    spread = not stacked(ctx, p, grid)
    land = [
        i
        for i, w in enumerate(p.workers)
        if i not in p.moved and w.where == "land" and not p.routes_moving and p.transport > 0
    ]
    land_moves = {i: found for i in land if (found := destinations(ctx, p, i, grid))}
    route = must_move(ctx, state, seat) if spread else []
    route_moves = {i: route_steps(ctx, state, p, i) for i in route}
    # Each worker's moves are answers of this menu while they fit (leaving room for the request of
    # turn order and End movement); the workers left over open their own menu.
    room = MAX_MENU - 1 - len(land_moves) - len(route_moves)
    options: list[Option] = []
    for i, cells in land_moves.items():
        w = p.workers[i]
        if len(cells) <= room + 1:
            room -= len(cells) - 1
            options += move_options(ctx, p, i, cells, grid)
        else:
            options.append(
                option(
                    action=pick(f"w:{i}"),
                    label=label("worker", worker=i + 1, row=w.row, col=w.col),
                    description=label("describe.worker_moves", count=len(cells), transport=p.transport),
                )
            )
    for i, moves in route_moves.items():
        w = p.workers[i]
        if len(moves) <= room + 1:
            room -= len(moves) - 1
            options += [route_move(ctx, state, p, i, a) for a in moves]
        else:
            options.append(
                option(
                    action=pick(f"r:{i}"),
                    label=label("route_worker", worker=i + 1, route=w.route + 1),
                    description=label("describe.route_worker_moves", most=max_steps(ctx, state, p, i)),
                )
            )
    if options:
        options += ask_turn_order_option(state, state.options.movement_in_turn_order, "turn_order.movement")
    elif spread and not route:
        return movement_ended(seat, p.transport)
    if spread and not route:
        options.append(end_movement())
    return question(seat=seat, title=title, options=tuple(options[:25]), simultaneous=True)


@cache
def movement_ended(seat: Seat, transport: int) -> Prompt:
    """The prompt of a seat with nothing left to move: End movement alone (frozen), made once per
    seat and T. Every Movement ends with each seat asked it, and it is played for the seat."""
    return question(seat=seat, title=label("movement.title", transport=transport),
                    options=(end_movement(),), simultaneous=True)


def movement_title(ctx: Ctx, transport: int) -> Message:
    """The Movement prompt's title, worded once per T (``Ctx.words``): every prompt of the phase
    says it."""
    key = ("movement.title", transport)
    found = ctx.words.get(key)
    if found is None:
        found = ctx.words[key] = label("movement.title", transport=transport)
    return found


@cache
def end_movement() -> Option:
    """End movement, one option (frozen) made once: nearly every Movement prompt offers it."""
    return option(action=Done(), label=label("movement.done"), description=label("describe.movement_done"))


def step_count(ctx: Ctx, state: State, seat: Seat, choice: str) -> int | None:
    """How many answers the menu step ``choice`` of the seat's Movement prompt opens, counted
    without drawing them (``menus.Kept.count``): a worker's moves (``w:i``) are its
    :func:`destinations`, or one row step for each of their rows where they do not fit one menu,
    and a row's (``w:i/row:r``) those in the row; a route worker's (``r:i``) its
    :func:`route_steps`, at most a menu's worth. None of them is offered by another step: each
    worker's moves are reached by one step only. A fold draws a worker's menu (its moves and
    their words) only when it replaces the step by it, which most steps do not fit."""
    p = state.players[seat]
    path = [*p.path, *choice.split(SEPARATOR)]
    head = path[0]
    if head.startswith("w:"):
        cells = destinations(ctx, p, int(head[2:]))
        picked_row = next((int(m.split(":")[1]) for m in path[1:] if m.startswith("row:")), None)
        if picked_row is not None:
            return sum(1 for r, _ in cells if r == picked_row)
        return len(cells) if len(cells) <= MAX_MENU else len({r for r, _ in cells})
    if head.startswith("r:"):
        return min(len(route_steps(ctx, state, p, int(head[2:]))), MAX_MENU)
    return None


def route_steps(ctx: Ctx, state: State, p: Player, worker: int) -> list[Advance | Rest]:
    """A route worker's moves: 1 to T spaces forward, or to Rest/Return on a general route (p. 11)."""
    moves: list[Advance | Rest] = [
        Advance(worker=worker, steps=k) for k in range(1, max_steps(ctx, state, p, worker) + 1)
    ]
    if state.routes[p.workers[worker].route].kind == "general":
        moves.append(Rest(worker=worker))
    return moves


def move_words(ctx: Ctx, p: Player, worker: int) -> Callable[[int, int], Message]:
    """What moving territory worker ``worker`` to a space says: how far it is and what the move
    changes, the framed symbols worked there instead of here (p. 3, p. 11); a space another worker
    already works gains nothing, and one another worker still works loses nothing."""
    said = move_says(ctx, p, worker)
    return lambda r, c: move_description(ctx, said(r, c))


def move_says(
    ctx: Ctx, p: Player, worker: int, grid: Grid | None = None
) -> Callable[[int, int], tuple[object, ...]]:
    """All that :func:`move_words` of a space are drawn from: how far it is and the change of
    each track (in the order of ``STATS``); ``grid`` is the empire's grid where found already."""
    grid = grid_of(p, ctx.content) if grid is None else grid
    w = p.workers[worker]
    here = grid.space_at((w.row, w.col))
    others = {
        grid.space_at((o.row, o.col)) for i, o in enumerate(p.workers) if i != worker and o.where == "land"
    }
    away = reachable(grid, (w.row, w.col), p.transport)
    shared = here in others
    content = ctx.content
    # What the worker adds here, read once for every space it may go to.
    gone = NONE if shared else framed_symbols(grid.squares[(w.row, w.col)], content)
    kept = grid.moves
    squares = grid.squares
    row, col = w.row, w.col

    def said(r: int, c: int) -> tuple[object, ...]:
        # A space of the grid: the square read once, for its space and its framed symbols.
        sq = squares[(r, c)]
        worked = sq.key in others
        # One flat tuple: fewer objects made, and kept, per space than cells within a key.
        key = (row, col, shared, r, c, worked)
        found = kept.get(key)
        if found is None:
            # What a worker adds there (p. 3) less what it adds here: the squares' framed symbols, as
            # ``common.worker_adds`` reads them.
            come = NONE if worked else framed_symbols(sq, content)
            found = kept[key] = ("move", away[sq.key], change_of(come, gone))
        return found

    return said


def change_of(come: Mapping[Stat, int], gone: Mapping[Stat, int]) -> tuple[int, ...]:
    """The change of each track (in the order of ``STATS``) when a worker works the framed
    symbols ``come`` instead of ``gone``. Most spaces frame no symbol: a move between two of them
    changes nothing, one tuple for all."""
    if not come and not gone:
        return UNCHANGED
    return tuple([come.get(s, 0) - gone.get(s, 0) for s in STATS])


NONE: Mapping[Stat, int] = MappingProxyType({})
"""No symbols (a space another worker works, or left by a worker sharing it)."""

UNCHANGED: tuple[int, ...] = (0,) * len(STATS)
"""No track changed (:func:`change_of`)."""


def move_description(ctx: Ctx, said: tuple[object, ...]) -> Message:
    """A territory move's words (:func:`move_words`), made once per distance and change
    (``Ctx.words``): the same few recur on every empire."""
    found = ctx.words.get(said)
    if found is None:
        _, steps, change = said
        assert isinstance(change, tuple)
        tracks = dict(zip(STATS, change, strict=True))
        found = ctx.words[said] = label("describe.move", steps=steps, change=change_words(tracks))
    return found


def move_options(
    ctx: Ctx, p: Player, worker: int, cells: list[Cell], grid: Grid | None = None
) -> list[Option]:
    """The territory moves of ``worker`` to each of ``cells``, each kept by the worker, where it
    stands, the space and what the move says (``Ctx.cells``). One loop for all of a worker's moves,
    one read of the memo each and no closure made: the first Movement prompt of a round finds or
    makes each worker's moves from where it now stands on a new grid, some dozen a seat. ``grid``
    is the empire's grid where found already."""
    w = p.workers[worker]
    row, col = w.row, w.col
    said = move_says(ctx, p, worker, grid)
    kept = ctx.cells
    found: list[Option] = []
    for r, c in cells:
        words = said(r, c)
        key = ("move", worker, row, col, r, c, words)
        move = kept.get(key)
        if move is None:
            move = kept.put(key, option(
                action=move_action(worker, r, c),
                label=msg(MOVE_LABEL, worker=worker + 1, row=row, col=col, to_row=r, to_col=c),
                description=move_description(ctx, words),
            ))
        found.append(move)
    return found


MOVE_LABEL = "patchistory.move.worker_to"
"""A territory move's label (``common.label("move.worker_to", …)``)."""


@lru_cache(maxsize=MOVES_KEPT)
def move_action(worker: int, row: int, col: int) -> Move:
    """The territory move of ``worker`` to (row, col), made once (an action is frozen): the first
    Movement prompt of a round offers each worker's moves from where it now stands, worded on a new
    grid, and the same few moves recur from round to round and from one empire to another."""
    return construct(Move, worker=worker, row=row, col=col)


def route_move(ctx: Ctx, state: State, p: Player, worker: int, move: Advance | Rest) -> Option:
    """A route worker's move, saying where it ends (p. 11): a route space and what it yields in
    Production (p. 13), Return/Preparation (a Negotiation, p. 12), the ally's Start (home), or
    Rest/Return (home at the end of the next Movement)."""
    w = p.workers[worker]
    if isinstance(move, Rest):
        says = label("describe.rest")
    else:
        general = state.routes[w.route].kind == "general"
        spaces = ctx.content.routes.general if general else ctx.content.routes.alliance
        to = w.step + move.steps
        if general and to == ctx.content.routes.negotiation:
            says = label("describe.to_negotiation")
        elif not general and to == len(spaces) - 1:
            says = label("describe.to_ally_start")
        else:
            says = label("describe.advance", space=to, gains=gains(dict(spaces[to].yields)))
    return option(action=move, label=route_move_label(state, p, worker, move), description=says)


def route_move_label(state: State, p: Player, worker: int, move: Advance | Rest) -> Message:
    route = p.workers[worker].route + 1
    if isinstance(move, Rest):
        return label("move.worker_rest", worker=worker + 1, route=route)
    return label("move.worker_advance", worker=worker + 1, route=route, steps=move.steps)


def opens(ctx: Ctx, state: State, seat: Seat, choice: str) -> bool:
    """Whether ``w:i`` / ``r:i`` names a worker that can move now (the menu a bigger choice opens)."""
    p = state.players[seat]
    kind, _, index = choice.partition(":")
    if not index.isdigit() or int(index) >= len(p.workers) or int(index) in p.moved:
        return False
    i = int(index)
    if kind == "w":
        return p.workers[i].where == "land" and not p.routes_moving and bool(destinations(ctx, p, i))
    return kind == "r" and not stacked(ctx, p) and i in must_move(ctx, state, seat)


def check(state: State, seat: Seat, worker: int) -> Player:
    p = state.players[seat]
    if state.phase != Phase.MOVEMENT or p.done:
        raise fail("Movement is not open for you now.", "not_movement")
    if not 0 <= worker < len(p.workers) or worker in p.moved:
        raise fail("That worker cannot move now.", "no_worker")
    if p.menu:
        # Written only where still open: a move made from the top of the menu leaves it closed.
        p.menu = []
    return p


def play_move(ctx: Ctx, state: State, seat: Seat, action: Move) -> list[Event]:
    p = check(state, seat, action.worker)
    if p.workers[action.worker].where != "land":
        raise fail("That worker is not in your territory.", "no_worker")
    if p.routes_moving:
        raise fail("Territory workers move before route workers.", "territory_first")
    grid = grid_of(p, ctx.content)
    key = grid.space_at((action.row, action.col))
    if key is None or not may_end_on(ctx, p, action.worker, grid)(key):
        raise fail(
            f"Move to a space at most {p.transport} spaces away that leaves room for every worker.",
            "move_far",
            t=p.transport,
        )
    row, col = grid.spaces[key][0]
    w = p.workers[action.worker] = replace(p.workers[action.worker], row=row, col=col)
    p.moved.append(action.worker)
    return [event("moved", seat=seat, worker=action.worker + 1, row=w.row, col=w.col)]


def start_route_moves(ctx: Ctx, p: Player) -> None:
    """The territory moves are over once a route worker moves: each space must hold one worker."""
    if stacked(ctx, p):
        raise fail("First leave one worker per space in your territory.", "stacked")
    p.routes_moving = True


def play_advance(ctx: Ctx, state: State, seat: Seat, action: Advance) -> list[Event]:
    p = check(state, seat, action.worker)
    w = p.workers[action.worker]
    if w.where != "route":
        raise fail("That worker is not on a trade route.", "no_worker")
    top = max_steps(ctx, state, p, action.worker)
    if not 1 <= action.steps <= top:
        raise fail(f"Move this worker 1 to {top} spaces forward.", "advance_range", high=top)
    start_route_moves(ctx, p)
    w = p.workers[action.worker] = replace(w, step=w.step + action.steps)
    p.moved.append(action.worker)
    route = state.routes[w.route]
    if route.kind == "alliance" and w.step == len(ctx.content.routes.alliance) - 1:
        # Arriving at the other ally's Start: home at once (p. 11).
        p.workers.pop(action.worker)
        p.moved = [m if m < action.worker else m - 1 for m in p.moved if m != action.worker]
        p.homing += 1
        return [event("arrived", seat=seat, route=w.route + 1)]
    return [event("advanced", seat=seat, route=w.route + 1, steps=action.steps)]


def play_rest(ctx: Ctx, state: State, seat: Seat, action: Rest) -> list[Event]:
    p = check(state, seat, action.worker)
    w = p.workers[action.worker]
    if (
        w.where != "route"
        or state.routes[w.route].kind != "general"
        or w.step >= ctx.content.routes.negotiation
    ):
        raise fail("Only a general-route worker before the negotiation space may rest.", "no_rest")
    start_route_moves(ctx, p)
    w = p.workers[action.worker] = replace(w, where="rest", step=FRESH_REST)
    p.moved.append(action.worker)
    return [event("rest", seat=seat, route=w.route + 1)]


def play_done(ctx: Ctx, state: State, seat: Seat) -> list[Event]:
    p = state.players[seat]
    if state.phase != Phase.MOVEMENT or p.done:
        raise fail("Movement is not open for you now.", "not_movement")
    if must_move(ctx, state, seat):
        raise fail("Your trade-route workers must move at least one space.", "route_must_move")
    if stacked(ctx, p):
        raise fail("First leave one worker per space in your territory.", "stacked")
    p.done = True
    if p.menu:
        p.menu = []
    return [event("movement_done", seat=seat)]


def finish(state: State) -> list[Event]:
    """End of Movement: workers that rested since the last Movement come home (p. 11)."""
    events = []
    for seat, p in enumerate(state.players):
        if not any(w.where == "rest" for w in p.workers):
            # No worker rests: the workers stay as they are (most Movements).
            continue
        kept = []
        for w in p.workers:
            if w.where == "rest" and w.step != FRESH_REST:
                p.homing += 1
                events.append(event("rest_home", seat=seat))
                continue
            kept.append(replace(w, step=0) if w.where == "rest" else w)
        p.workers = kept
    return events
