"""A player's empire as a grid: visible squares, spaces, derived stats and legal patches (§5, 7.7).

The empire is a stack of tiles (``Player.layers``, bottom to top) plus building tokens above them.
Everything here is computed from that stack, so the overview board can never disagree with it.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from rules.core.memo import Memo
from rules.patchistory.content import STATS, Cell, Content, SideDef, SpaceDef, Stat
from rules.patchistory.state import Layer, Player, Route, Token, Worker, shallow_player, workers_key

SpaceKey = tuple[int, int]
"""(layer index, space index) names a space of the empire."""

SIZE_LIMIT = {1: 5, 2: 6, 3: 7}
"""Bounding box of the visible squares after patching, by era (p. 8)."""


@dataclass(frozen=True)
class Square:
    """The visible square at a cell: the top tile's square, or the building token above it."""

    key: SpaceKey
    space: SpaceDef
    building: str | None = None
    reclaimed: bool = False

    @property
    def sea(self) -> bool:
        return self.space.sea and not self.reclaimed

    @property
    def wasteland(self) -> bool:
        return self.reclaimed or (self.space.wasteland and self.building is None)


@dataclass
class Grid:
    """The visible empire: cell → square, and each visible space's cells."""

    squares: dict[Cell, Square] = field(default_factory=dict)
    spaces: dict[SpaceKey, list[Cell]] = field(default_factory=dict)
    views: dict[object, list[dict[str, Any]]] = field(default_factory=dict)
    """Square data already drawn up for views of this grid (see ``views._square_data``)."""
    symbols: dict[object, dict[Stat, int]] = field(default_factory=dict)
    """Symbol totals already counted for this grid, by the spaces worked, and its overview board by
    the spaces worked, the workers and the routes owned (see ``stats``, ``grid_stats``)."""
    reach: dict[tuple[Cell, int], dict[SpaceKey, int]] = field(default_factory=dict)
    """Spaces within reach already found on this grid, by start and steps (see ``reachable``)."""
    faces: dict[SpaceKey, tuple[dict[Stat, int], dict[Stat, int]]] = field(default_factory=dict)
    """Each visible space's symbols already read, outside and inside the frame (``patched_stats``)."""
    packed_faces: dict[SpaceKey, tuple[int, int]] = field(default_factory=dict)
    """:attr:`faces` packed into numbers (:func:`packed`), already read (``PatchedStats.over``)."""
    counted: dict[str, int] = field(default_factory=dict)
    """Visible spaces of each kind already counted (see ``count_kind``)."""
    singles: dict[tuple[bool, bool, bool], list[Cell]] = field(default_factory=dict)
    """The 1x1 spaces already found, by which of them count (see ``politics.one_by_one_cells``)."""
    shows: dict[str, int] | None = None
    """How many visible squares show each ability, once counted (``patched_stats``)."""
    shown: frozenset[str] | None = None
    """The abilities of the Wonders and Personalities visible, once read (see ``abilities``)."""
    name: object = field(default_factory=object, compare=False, repr=False)
    """An object of the grid's own, equal to itself alone, that names in a key the tiles and
    tokens the grid is drawn from, where their tuples would be hashed again on every lookup (a
    grid is never drawn differently once made; two grids drawn from the same tiles have two names,
    and a key holding the other is only not found)."""
    reads: dict[object, Any] = field(default_factory=dict)
    """What Administration reads of the empire, by the spaces worked (see
    ``politics.empire_reads``)."""
    moves: dict[tuple[int, int, bool, int, int, bool], tuple[object, ...]] = field(default_factory=dict)
    """What a territory move says (``movement.move_says``), already read on this grid: by where
    the worker stands, whether another worker shares its space, where it goes and whether another
    worker works that space (how far it is does not hang on T, only whether it is in reach)."""
    placed: dict[tuple[str, str, int, bool, bool], tuple[Placement, ...]] = field(default_factory=dict)
    """The legal patches of a tile already found on this grid (:func:`placements`), by the tile,
    its side, the era and the readings of the sea rules."""

    def space_at(self, cell: Cell) -> SpaceKey | None:
        sq = self.squares.get(cell)
        return sq.key if sq else None

    def bounds(self) -> tuple[int, int, int, int]:
        rows = [r for r, _ in self.squares]
        cols = [c for _, c in self.squares]
        return min(rows), min(cols), max(rows), max(cols)


def side_of(layer: Layer, content: Content) -> SideDef:
    """The printed side a layer shows."""
    tile, side = layer[0], layer[1]
    if tile.startswith("capital:"):
        cap = next(c for c in content.capitals if c.id == tile.split(":", 1)[1])
        return cap.liberty if side == "liberty" else cap.equality
    return content.tiles_by_id[tile].side(side)


_CONTENTS: dict[int, Content] = {}


def grid_of(player: Player, content: Content) -> Grid:
    """The visible squares of ``player``'s empire (top tile wins; tokens lie above all tiles).

    Cached on the layers and tokens; callers must not modify the grid they get. The grids of the
    empires asked for last are found by the very tuples they were drawn from (:data:`_RECENT`):
    a player's layers and tokens are tuples, shared by a state's copies and replaced where a tile
    or a token is laid, so the same tuples are the same empire, known at two identity checks. A
    grid is asked for some ten times a move.
    """
    layers, tokens = player.layers, player.tokens
    found = _RECENT.get((id(layers), id(tokens)))
    if found is not None and found[0] is layers and found[1] is tokens and found[2] is content:
        return found[3]
    _CONTENTS.setdefault(id(content), content)
    grid = _grid(id(content), layers, tokens)
    _RECENT.put((id(layers), id(tokens)), (layers, tokens, content, grid))
    return grid


def layout_key(player: Player, content: Content) -> tuple[object, ...]:
    """A player's empire as laid out, as one hashable value: its tiles and tokens, named by their
    grid (:attr:`Grid.name`), and its workers, which every phase's kept prompt is drawn from
    (``movement.asked_key``, ``patching.asked_key``, ``politics.admin_key``). The grid's name is
    hashed and compared at once, where the tuples of every tile and token were hashed at each
    lookup of the kept prompts and held by each key kept (a key pushed out of the memo let go of
    each of them in turn)."""
    return grid_of(player, content).name, workers_key(player.workers)


RECENT = 64
"""How many empires' grids :data:`_RECENT` holds, the oldest going first."""

_RECENT: Memo[tuple[int, int], tuple[tuple[Layer, ...], tuple[Token, ...], Content, Grid]] = Memo(RECENT)
"""The grids last found by :func:`grid_of`, by the identities of the layers and tokens they were
drawn from, each held beside its grid with the content (so that no other object takes their
identities meanwhile). Equal tuples draw the same grid, so a grid found here is the one
:func:`_grid` keeps for them (or one equal to it, where that was dropped)."""


_LAID: Memo[tuple[int, tuple[Layer, ...], tuple[Token, ...]], Grid] = Memo(64)
"""Grids of empires just patched, by the content, layers and tokens (:func:`lay`; the oldest go
past 64), each waiting for :func:`_grid` to take it: the grid a patch leaves, drawn from the grid
before it for the squares the tile lies on, not from every tile again."""


def lay(before: Player, after: Player, content: Content, tile: str, side: str, row: int, col: int,
        *, under: bool, keep_buildings: bool) -> None:
    """Keep the grid of ``after``, the empire ``before`` becomes when the side ``side`` of
    ``tile`` is laid at (row, col) (:func:`try_patch`), drawn from the grid before for the
    squares the tile lies on (:func:`patched_grid`; laid under, every space's layer one more):
    the squares, in the order, and the spaces :func:`_grid` draws from every tile."""
    grid = grid_of(before, content)
    sdef = content.tiles_by_id[tile].side(side)
    if under:
        laid = _laid_under(grid, before.tokens, sdef, row, col)
    else:
        laid = patched_grid(grid, before.tokens, len(before.layers), sdef, row, col,
                            under=False, keep_buildings=keep_buildings)
    _LAID.put((id(content), after.layers, after.tokens), laid)


def _laid_under(grid: Grid, tokens: Iterable[Token], sdef: SideDef, row: int, col: int) -> Grid:
    """:func:`_grid` of the empire showing ``grid`` with the side ``sdef`` laid under it at
    (row, col): the new tile is the first layer, so its cells come first (the top space of those
    it shares is the one shown before) and every other space's layer is one more."""
    on = {(t[0], t[1]): t[2] for t in tokens}
    squares: dict[Cell, Square] = {}
    for si, sp in enumerate(sdef.spaces):
        for r, c in sp.cells:
            cell = (row + r, col + c)
            if cell in on:
                squares[cell] = Square((0, si), sp, on[cell], on[cell] is None)
            else:
                squares[cell] = Square((0, si), sp)
    for cell, sq in grid.squares.items():
        squares[cell] = Square((sq.key[0] + 1, sq.key[1]), sq.space, sq.building, sq.reclaimed)
    laid = Grid(squares=squares)
    for cell in sorted(squares):
        laid.spaces.setdefault(squares[cell].key, []).append(cell)
    return laid


@lru_cache(maxsize=4096)
def _grid(content_id: int, layers: tuple[Layer, ...], tokens: tuple[Token, ...]) -> Grid:
    """The grid of an empire of ``layers`` and ``tokens``, kept: the one a patch laid
    (:func:`lay`) where there is one, else drawn from every tile (:func:`_drawn_grid`)."""
    laid = _LAID.pop((content_id, layers, tokens), None)
    if laid is None:
        before = _TOKENED.get((content_id, layers))
        if before is not None and before[0] != tokens:
            laid = retokened(before[1], before[0], tokens)
        else:
            laid = _drawn_grid(content_id, layers, tokens)
    _TOKENED.put((content_id, layers), (tokens, laid))
    return laid


_TOKENED: Memo[tuple[int, tuple[Layer, ...]], tuple[tuple[Token, ...], Grid]] = Memo(64)
"""The grid last made for each set of layers, with the tokens it was made for (the oldest go past
64): an empire built on or reclaimed in Administration shows the same tiles under other tokens,
and its grid is drawn from that one (:func:`retokened`) instead of from every tile."""


def retokened(grid: Grid, tokens: tuple[Token, ...], now: tuple[Token, ...]) -> Grid:
    """:func:`_drawn_grid` of the layers ``grid`` shows, with the tokens ``now`` instead of
    ``tokens``: a token lies on a square without changing which tile's space is on top, so only
    the squares whose token changed are made again; the spaces and the order are those of
    ``grid``."""
    was = {(row, col): building for row, col, building in tokens}
    on = {(row, col): building for row, col, building in now}
    squares = dict(grid.squares)
    for cell in was.keys() | on.keys():
        sq = squares.get(cell)
        if sq is None or (cell in was and cell in on and was[cell] == on[cell]):
            continue
        if cell in on:
            building = on[cell]
            squares[cell] = Square(sq.key, sq.space, building, building is None)
        else:
            squares[cell] = Square(sq.key, sq.space)
    return Grid(squares=squares, spaces={key: cells[:] for key, cells in grid.spaces.items()})


def _drawn_grid(content_id: int, layers: tuple[Layer, ...], tokens: tuple[Token, ...]) -> Grid:
    """The grid of an empire of ``layers`` and ``tokens``, drawn from every tile."""
    content = _CONTENTS[content_id]
    # The top space of each cell first (a cell keeps the place of the first tile laid on it), then
    # one square for each cell shown.
    top: dict[Cell, tuple[SpaceKey, SpaceDef]] = {}
    for li, layer in enumerate(layers):
        side = side_of(layer, content)
        row, col = layer[2], layer[3]
        for si, space in enumerate(side.spaces):
            key = (li, si)
            for r, c in space.cells:
                top[(row + r, col + c)] = (key, space)
    on = {(row, col): building for row, col, building in tokens}
    grid = Grid()
    squares = grid.squares
    for cell, (key, space) in top.items():
        if cell in on:
            building = on[cell]
            squares[cell] = Square(key, space, building, building is None)
        else:
            squares[cell] = Square(key, space)
    spaces = grid.spaces
    for cell in sorted(squares):
        spaces.setdefault(squares[cell].key, []).append(cell)
    return grid


def square_symbols(sq: Square, content: Content) -> tuple[dict[Stat, int], dict[Stat, int]]:
    """(outside-frame, inside-frame) symbols of a visible square's space."""
    if sq.reclaimed:
        return {}, {}
    if sq.building is not None:
        b = content.buildings_by_id[sq.building]
        return dict(b.yields), dict(b.framed)
    return dict(sq.space.yields), dict(sq.space.framed)


def framed_symbols(sq: Square, content: Content) -> Mapping[Stat, int]:
    """The symbols inside the gold frame of a visible square's space (:func:`square_symbols`'
    second), read in place, not copied: a territory move reads those of the square it leaves and
    of the square it reaches, for every space of a worker's menu. Not to be changed."""
    if sq.reclaimed:
        return NO_SYMBOLS
    if sq.building is not None:
        return content.buildings_by_id[sq.building].framed
    return sq.space.framed


NO_SYMBOLS: Mapping[Stat, int] = MappingProxyType({})
"""No symbols: a reclaimed square's (Wasteland shows nothing, p. 10)."""


def worked_spaces(player: Player, grid: Grid) -> set[SpaceKey]:
    """Spaces where one of the owner's workers stands."""
    return worked_by(player.workers, grid)


def worked_by(workers: Iterable[Worker], grid: Grid) -> set[SpaceKey]:
    """Spaces where one of ``workers`` stands."""
    out = set()
    for w in workers:
        if w.where == "land" and (key := grid.space_at((w.row, w.col))) is not None:
            out.add(key)
    return out


def routes_owned(seat: int, routes: Iterable[Route]) -> int:
    """General routes starting at ``seat`` plus alliance routes ``seat`` is part of (p. 16)."""
    return sum(
        1
        for r in routes
        if (r.kind == "general" and r.start == seat) or (r.kind == "alliance" and seat in (r.start, r.end))
    )


def abilities(player: Player, content: Content, grid: Grid | None = None) -> set[str]:
    """Abilities of the Wonders and Personalities visible in the empire (controlled, p. 16)."""
    return set(_shown(grid or grid_of(player, content)))


def _shown(grid: Grid) -> frozenset[str]:
    """:func:`abilities` of an empire showing ``grid``, read once per grid: several rules ask on
    every move, and a grid's squares never change."""
    shown = grid.shown
    if shown is None:
        shown = grid.shown = frozenset(sq.space.ability for sq in grid.squares.values() if sq.space.ability)
    return shown


def stats(player: Player, seat: int, content: Content, routes: Iterable[Route]) -> dict[Stat, int]:
    """The overview board: symbols of visible spaces, framed ones where a worker stands, modifiers.

    Spec 5.2. Che Guevara fixes Politics at 6; Great Wall adds 1 Defence per worker you control;
    Genghis Khan adds 1 Military, Petra and Apollo 11 add 1 coin, per route you own (p. 16).
    """
    return grid_stats(grid_of(player, content), player.workers, seat, content, routes)


def grid_stats(
    grid: Grid, workers: list[Worker], seat: int, content: Content, routes: Iterable[Route]
) -> dict[Stat, int]:
    """:func:`stats` of an empire showing ``grid`` with ``workers``, counted once per spaces
    worked, number of workers and routes owned (kept beside the grid: a new dict each call)."""
    worked = frozenset(worked_by(workers, grid))
    owned = routes_owned(seat, routes)
    key = ("stats", id(content), worked, len(workers), owned)
    found = grid.symbols.get(key)
    if found is None:
        total = dict(_symbols(grid, worked, content))
        found = grid.symbols[key] = _modified(total, _shown(grid), len(workers), owned)
    return dict(found)


def _modified(total: dict[Stat, int], have: Iterable[str], workers: int, owned: int) -> dict[Stat, int]:
    """The overview board from the symbols ``total`` of an empire showing the abilities ``have``,
    with ``workers`` workers and ``owned`` routes (:func:`stats`)."""
    if "great_wall" in have:
        total[Stat.DEFENCE] += workers
    if "genghis_khan" in have:
        total[Stat.MILITARY] += owned
    for coin_wonder in ("petra", "apollo_11"):
        if coin_wonder in have:
            total[Stat.COINS] += owned
    if min(total.values()) < 0:
        total = {s: max(0, v) for s, v in total.items()}
    if "che_guevara" in have:
        total[Stat.POLITICS] = 6
    return total


TRACK_BITS = 16
"""The bits each track takes in a board packed into one number (:func:`packed`): a count on a
board or in a change is far inside ±2**15."""

TRACK_ZERO = 1 << (TRACK_BITS - 1)
"""A track at 0 in a packed board: each track holds its count plus this, so that a count below 0
borrows nothing from the track above and shows as the track's top bit unset."""

TRACK_MASK = (1 << TRACK_BITS) - 1

SHIFTS: dict[Stat, int] = {stat: TRACK_BITS * i for i, stat in enumerate(STATS)}
"""Where each track lies in a packed number, in the order of ``STATS``."""

ALL_ZERO = sum(TRACK_ZERO << shift for shift in SHIFTS.values())
"""A packed board with every track at 0; also every track's top bit, which a board's tracks at 0
or more all have set."""


def packed(symbols: Mapping[Stat, int]) -> int:
    """Symbols, or a change of tracks, as one number: each track's count in its own bits
    (:data:`SHIFTS`). A packed board is :data:`ALL_ZERO` plus its packed tracks; two packed boards
    or symbols add and subtract as the tracks do, each track on its own, so a placement's board
    is read by a few additions instead of one for each track (:class:`PatchedStats`), and two
    boards' difference is one number that names the change (``patching.placement_words``)."""
    return sum(n << SHIFTS[stat] for stat, n in symbols.items())


def unpacked(board: int) -> dict[Stat, int]:
    """The tracks of a packed board (:func:`packed`), in the order of ``STATS``."""
    return {stat: ((board >> shift) & TRACK_MASK) - TRACK_ZERO for stat, shift in SHIFTS.items()}


def packed_change(change: int) -> tuple[int, ...]:
    """Each track's count in a packed change (a packed board less another), in the order of
    ``STATS``."""
    board = change + ALL_ZERO
    return tuple(((board >> shift) & TRACK_MASK) - TRACK_ZERO for shift in SHIFTS.values())


_PACKED: dict[int, tuple[Mapping[Stat, int], int]] = {}


def _packed_symbols(symbols: Mapping[Stat, int]) -> int:
    """:func:`packed` of symbols printed on the components (a space's or a building's, which live
    as long as the content), kept by the mapping itself."""
    found = _PACKED.get(id(symbols))
    if found is None or found[0] is not symbols:
        found = _PACKED[id(symbols)] = (symbols, packed(symbols))
    return found[1]


MILITARY_SHIFT = SHIFTS[Stat.MILITARY]
DEFENCE_SHIFT = SHIFTS[Stat.DEFENCE]
COINS_SHIFT = SHIFTS[Stat.COINS]
POLITICS_SHIFT = SHIFTS[Stat.POLITICS]
POLITICS_TRACK = TRACK_MASK << POLITICS_SHIFT


def _modified_packed(board: int, have: Iterable[str], workers: int, owned: int) -> int:
    """:func:`_modified` of a packed board (:func:`packed`): the same modifiers, each added to its
    track, every track below 0 raised to 0, and Che Guevara's Politics."""
    if "great_wall" in have:
        board += workers << DEFENCE_SHIFT
    if "genghis_khan" in have:
        board += owned << MILITARY_SHIFT
    for coin_wonder in ("petra", "apollo_11"):
        if coin_wonder in have:
            board += owned << COINS_SHIFT
    if board & ALL_ZERO != ALL_ZERO:
        board = ALL_ZERO + packed({stat: max(0, n) for stat, n in unpacked(board).items()})
    if "che_guevara" in have:
        board = board & ~POLITICS_TRACK | (TRACK_ZERO + 6) << POLITICS_SHIFT
    return board


def _symbols(grid: Grid, worked: frozenset[SpaceKey], content: Content) -> dict[Stat, int]:
    """Symbols of the visible spaces, framed ones counted where worked (cached beside the grid):
    those outside the frames, counted once per grid (:func:`_unframed`), and the framed symbols
    of each space worked. Every move of a worker asks it again for the spaces then worked."""
    key = ("symbols", id(content), worked)
    cached = grid.symbols.get(key)
    if cached is not None:
        return cached
    total = dict(_unframed(grid, content))
    for space in worked:
        if space in grid.spaces:
            for stat, n in _space_symbols(grid, space, content)[1].items():
                total[stat] += n
    grid.symbols[key] = total
    return total


def _unframed(grid: Grid, content: Content) -> dict[Stat, int]:
    """Symbols outside the gold frames of the visible spaces, counted once per grid."""
    key = ("unframed", id(content))
    cached = grid.symbols.get(key)
    if cached is not None:
        return cached
    total = dict.fromkeys(STATS, 0)
    squares, buildings = grid.squares, content.buildings_by_id
    # What :func:`square_symbols` reads outside the frame, read in place: a new grid's first
    # count reads every space, and copying each space's symbols took most of it.
    for cells in grid.spaces.values():
        sq = squares[cells[0]]
        if sq.reclaimed:
            continue
        for stat, n in (sq.space.yields if sq.building is None else buildings[sq.building].yields).items():
            total[stat] += n
    grid.symbols[key] = total
    return total


def count_kind(player: Player, content: Content, kind: str) -> int:
    """Visible Wonders or Personalities (each multi-square space counts once), counted once per
    grid (``Grid.counted``)."""
    grid = grid_of(player, content)
    found = grid.counted.get(kind)
    if found is None:
        found = grid.counted[kind] = sum(
            1 for cells in grid.spaces.values() if grid.squares[cells[0]].space.kind == kind
        )
    return found


def wastelands(player: Player, content: Content, *, reclaimed_only: bool = False) -> int:
    """Visible wastelands: printed ones and reclaimed ones (§20.1 item 19)."""
    grid = grid_of(player, content)
    return sum(1 for sq in grid.squares.values() if (sq.reclaimed if reclaimed_only else sq.wasteland))


def seas(player: Player, content: Content) -> int:
    return sum(1 for sq in grid_of(player, content).squares.values() if sq.sea)


def empty_spaces(player: Player, grid: Grid) -> list[Cell]:
    """The first cell of every visible space with no worker, in reading order."""
    worked = worked_spaces(player, grid)
    return [
        cells[0] for key, cells in sorted(grid.spaces.items(), key=lambda kv: kv[1][0]) if key not in worked
    ]


def free_spaces(player: Player, grid: Grid) -> int:
    """How many visible spaces have no worker: ``len(empty_spaces(player, grid))`` without
    finding and ordering them (every space a worker stands on is one of the grid's)."""
    return len(grid.spaces) - len(worked_spaces(player, grid))


def reachable(grid: Grid, start: Cell, steps: int) -> dict[SpaceKey, int]:
    """Spaces within ``steps`` orthogonal moves; a multi-square space is one space (#26).

    Cached on the grid (callers must not modify the result)."""
    cached = grid.reach.get((start, steps))
    if cached is not None:
        return cached
    grid.reach[(start, steps)] = found = _reachable(grid, start, steps)
    return found


def _reachable(grid: Grid, start: Cell, steps: int) -> dict[SpaceKey, int]:
    origin = grid.space_at(start)
    if origin is None:
        return {}
    dist = {origin: 0}
    queue = deque([origin])
    # The squares read straight from the grid's dict (``Grid.space_at`` for each neighbour): the
    # first Movement prompt of a round reads each worker's reach afresh on a new grid.
    squares, spaces = grid.squares, grid.spaces
    while queue:
        key = queue.popleft()
        far = dist[key]
        if far == steps:
            continue
        for r, c in spaces[key]:
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                sq = squares.get(nb)
                if sq is not None and sq.key not in dist:
                    dist[sq.key] = far + 1
                    queue.append(sq.key)
    return dist


@dataclass(frozen=True)
class Placement:
    """A legal patch: the tile's top-left square at (row, col), laid over or slid under."""

    row: int
    col: int
    under: bool
    covers_building: bool
    """Laid over a built building that can stay on top: under a 1x1 space of the new tile that is
    not a sea (p. 8, §7.7 rule 4). A building under a sea or a multi-square space is lost."""


def try_patch(
    player: Player,
    content: Content,
    tile: str,
    side: str,
    row: int,
    col: int,
    *,
    under: bool,
    keep_buildings: bool,
    era: int,
    grid: Grid | None = None,
    build: bool = True,
    diagonal: bool = False,
    seas_over_land: bool = True,
    legal: bool = False,
) -> tuple[Player | None, str]:
    """The player after patching, or ``None`` and the reason it is illegal (§7.7).

    With ``build=False`` only legality is checked and the player returned is the unchanged one.
    ``diagonal`` forbids seas touching at a corner too (#2); ``seas_over_land=False`` keeps
    the new tile's seas off every existing square (the other reading of p. 7, #1). With
    ``legal`` the caller has found the place among :func:`placements` (the same rules), and it is
    not checked again.
    """
    grid = grid or grid_of(player, content)
    sdef = content.tiles_by_id[tile].side(side)
    new_cells = {(row + r, col + c): (si, sp) for si, sp in enumerate(sdef.spaces) for r, c in sp.cells}
    if legal:
        return patched_player(player, grid, new_cells, tile, side, row, col, under=under,
                              keep_buildings=keep_buildings), ""
    overlap = [cell for cell in new_cells if cell in grid.squares]
    if not overlap:
        return None, "no_overlap"
    if any(grid.squares[cell].sea for cell in overlap):
        return None, "sea_covered"
    if not under and any(grid.squares[cell].space.ability == "statue_of_liberty" for cell in overlap):
        return None, "statue"
    squares = dict(grid.squares)
    if under:
        if any(new_cells[cell][1].sea for cell in overlap):
            return None, "sea_hidden"
        for sp in sdef.spaces:
            inside = sum(1 for r, c in sp.cells if (row + r, col + c) in grid.squares)
            if 0 < inside < len(sp.cells):
                return None, "half_space"
        for cell, (si, sp) in new_cells.items():
            squares.setdefault(cell, Square((-1, si), sp))
    else:
        if not seas_over_land and any(new_cells[cell][1].sea for cell in overlap):
            return None, "sea_over_land"
        touched = {grid.squares[cell].key for cell in overlap}
        for key in touched:
            if any(cell not in new_cells for cell in grid.spaces[key]):
                return None, "half_space"
        for cell, (si, sp) in new_cells.items():
            old = grid.squares.get(cell)
            if (
                keep_buildings
                and old is not None
                and old.building is not None
                and len(sp.cells) == 1
                and not sp.sea
            ):
                squares[cell] = Square((len(player.layers), si), sp, old.building)
            else:
                squares[cell] = Square((len(player.layers), si), sp)
    for (r, c), sq in squares.items():
        touching = (
            ((r + 1, c), (r, c + 1), (r + 1, c + 1), (r + 1, c - 1)) if diagonal else ((r + 1, c), (r, c + 1))
        )
        if sq.sea and any((nb := squares.get(cell)) is not None and nb.sea for cell in touching):
            return None, "seas_adjacent"
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    limit = SIZE_LIMIT[min(era, 3)]
    # p. 16: the Statue of Liberty lifts the size limit only once it is patched in, so the patch
    # bringing it in keeps the limit.
    statue = any(sq.space.ability == "statue_of_liberty" for sq in grid.squares.values())
    if not statue and (max(rows) - min(rows) + 1 > limit or max(cols) - min(cols) + 1 > limit):
        return None, "too_big"
    if not build:
        return player, ""
    return patched_player(player, grid, new_cells, tile, side, row, col, under=under,
                          keep_buildings=keep_buildings), ""


def patched_player(
    player: Player, grid: Grid, new_cells: dict[Cell, tuple[int, SpaceDef]], tile: str, side: str,
    row: int, col: int, *, under: bool, keep_buildings: bool,
) -> Player:
    """The player after a legal patch (:func:`try_patch`): a shallow copy with new layer and
    token tuples. Laid over, a building token under the
    new tile stays only where the patch keeps it: a 1x1 space that is not a sea (p. 8)."""
    layer: Layer = (tile, side, row, col)
    if under:
        patched = shallow_player(player)
        patched.layers = (layer, *player.layers)
        return patched
    tokens = tuple([
        t for t in player.tokens
        if (t[0], t[1]) not in new_cells or kept_on(grid, new_cells, t, keep_buildings)
    ])
    patched = shallow_player(player)
    patched.layers = (*player.layers, layer)
    patched.tokens = tokens
    return patched


def kept_on(
    grid: Grid, new_cells: dict[Cell, tuple[int, SpaceDef]], token: Token, keep_buildings: bool
) -> bool:
    """Whether a building token under the tile laid over ``new_cells`` stays on top (p. 8): kept
    buildings only, the one shown there, on a 1x1 space of the new tile that is not a sea."""
    cell = (token[0], token[1])
    old = grid.squares.get(cell)
    sp = new_cells[cell][1]
    return (
        keep_buildings and token[2] is not None and old is not None and old.building == token[2]
        and len(sp.cells) == 1 and not sp.sea
    )


def patched_grid(
    grid: Grid,
    tokens: Iterable[Token],
    layers: int,
    sdef: SideDef,
    row: int,
    col: int,
    *,
    under: bool,
    keep_buildings: bool,
) -> Grid:
    """The grid an empire showing ``grid`` (with ``layers`` tiles and ``tokens``) shows after a
    legal patch of the side ``sdef`` at (row, col), as :func:`try_patch` lays it: the squares
    and spaces it shows, each space under a key of its own (not the keys :func:`grid_of` gives).
    Built from ``grid`` for the squares the tile lies on only: the empire whose stats
    :func:`patched_stats` reads without building it."""
    squares = dict(grid.squares)
    if under:
        on = {(t[0], t[1]): t[2] for t in tokens}
        for si, sp in enumerate(sdef.spaces):
            for r, c in sp.cells:
                cell = (row + r, col + c)
                if cell not in squares:
                    sq = Square((-1, si), sp)
                    if cell in on:
                        sq = Square(sq.key, sp, on[cell], on[cell] is None)
                    squares[cell] = sq
    else:
        for si, sp in enumerate(sdef.spaces):
            key = (layers, si)
            kept = keep_buildings and len(sp.cells) == 1 and not sp.sea
            for r, c in sp.cells:
                cell = (row + r, col + c)
                old = squares.get(cell)
                if kept and old is not None and old.building is not None:
                    squares[cell] = Square(key, sp, old.building)
                else:
                    squares[cell] = Square(key, sp)
    after = Grid(squares=squares)
    for cell, sq in sorted(squares.items()):
        after.spaces.setdefault(sq.key, []).append(cell)
    return after


def patched_stats(
    grid: Grid, tokens: Iterable[Token], layers: int, sdef: SideDef, row: int, col: int, *,
    under: bool, keep_buildings: bool, workers: list[Worker], owned: int, content: Content,
) -> dict[Stat, int]:
    """The overview board of the empire :func:`patched_grid` makes, its ``workers`` unstacked as
    the patch leaves them (#23: a second worker on a space waits to be placed again), with
    ``owned`` routes: :func:`grid_stats` of that grid, read from the squares the tile lies on
    (:class:`PatchedStats`)."""
    return PatchedStats(grid, tokens, layers, sdef, workers, owned, content)(row, col, under, keep_buildings)


class PatchedStats:
    """:func:`patched_stats` of one tile side on one empire, for every place it may go: what the
    empire shows already (its symbols, abilities, worked spaces and workers) is read once.

    The empire's symbols change only in the spaces the tile covers (taken away) and the spaces it
    shows (added); every other space keeps its squares, and so its workers."""

    def __init__(
        self, grid: Grid, tokens: Iterable[Token], layers: int, sdef: SideDef, workers: list[Worker],
        owned: int, content: Content,
    ) -> None:
        self.grid = grid
        self.content = content
        self.owned = owned
        parts = _side_parts(sdef)
        # Each of the tile's spaces with its key laid over the empire and under it.
        self.over_parts = [((layers, si), sp, offsets) for si, sp, offsets in parts]
        self.under_parts = [((-1, si), sp, offsets) for si, sp, offsets in parts]
        self.worked = _worked(grid, workers)
        self.total = _symbols(grid, self.worked, content)
        self.counts = _ability_counts(grid)
        self.have = frozenset(ability for ability, n in self.counts.items() if n > 0)
        self.on = {(t[0], t[1]): t[2] for t in tokens}
        self.land = [(w.row, w.col) for w in workers if w.where == "land"]
        self.idle = len(workers) - len(self.land)
        squares = grid.squares
        # The spaces the workers stand on, which a tile laid under leaves as they are.
        self.seen = {squares[cell].key for cell in self.land if cell in squares}
        self.off_grid = any(cell not in squares for cell in self.land)
        self.layers = layers
        self.laid = _side_laid(sdef)
        self.packed_total = ALL_ZERO + packed(self.total)
        self.before = _modified_packed(self.packed_total, self.have, len(workers), owned)
        """The empire's overview board as it is (:func:`stats`), packed (:func:`packed`): what it
        counts (the symbols, the abilities shown, the workers and the routes) is read here
        already."""

    def __call__(self, row: int, col: int, under: bool, keep_buildings: bool) -> dict[Stat, int]:
        return unpacked(self.board(row, col, under, keep_buildings))

    def board(self, row: int, col: int, under: bool, keep_buildings: bool) -> int:
        """:meth:`__call__` packed (:func:`packed`): a placement's change is the difference of
        two such numbers (:attr:`before`)."""
        if under and not self.off_grid:
            return self.under(row, col)
        if not under and not keep_buildings:
            found = self.over(row, col)
            if found is not None:
                return found
        return ALL_ZERO + packed(self.read(row, col, under, keep_buildings))

    def read(self, row: int, col: int, under: bool, keep_buildings: bool) -> dict[Stat, int]:
        """:meth:`__call__` read square by square, for any legal patch: laid under where a
        worker stands off the grid, keeping the buildings it covers, or covering a space in
        part."""
        grid, content = self.grid, self.content
        squares = grid.squares
        # Each square the tile lays (under another tile: only where none lies), by its cell; the
        # spaces' squares in reading order, so each space's first one laid is the one it shows.
        new: dict[Cell, tuple[SpaceKey, SpaceDef]] = {}
        shown: dict[SpaceKey, Cell] = {}
        # Most places neither cover nor show a Wonder or a Personality: their abilities are the
        # empire's, counted once.
        moved: dict[str, int] = {}
        gone: set[SpaceKey] = set()
        for key, sp, offsets in self.under_parts if under else self.over_parts:
            ability = sp.ability
            for r, c in offsets:
                cell = (row + r, col + c)
                old = squares.get(cell)
                if old is not None:
                    if under:
                        continue
                    gone.add(old.key)
                    if old.space.ability:
                        moved[old.space.ability] = moved.get(old.space.ability, 0) - 1
                new[cell] = (key, sp)
                if key not in shown:
                    shown[key] = cell
                if ability:
                    moved[ability] = moved.get(ability, 0) + 1
        total = dict(self.total)
        for key in gone:
            base, framed = _space_symbols(grid, key, content)
            for stat, n in base.items():
                total[stat] -= n
            if key in self.worked:
                for stat, n in framed.items():
                    total[stat] -= n
            for cell in grid.spaces[key]:
                if cell not in new:
                    shown[key] = cell
                    break
        seen: set[SpaceKey] = set()
        for cell in self.land:
            if cell in new:
                seen.add(new[cell][0])
            elif (old := squares.get(cell)) is not None:
                seen.add(old.key)
        on = self.on
        buildings = content.buildings_by_id
        for key, cell in shown.items():
            laid = new.get(cell)
            if laid is not None:
                sp = laid[1]
                if under and cell in on:
                    base, framed = _face(sp, on[cell], on[cell] is None, content)
                elif keep_buildings and (old := squares.get(cell)) is not None and _kept_under(old, sp):
                    base, framed = _face(sp, old.building, False, content)
                else:
                    base, framed = sp.yields, sp.framed
            else:
                # What :func:`square_symbols` gives of the space's square left showing, read in
                # place.
                sq = squares[cell]
                if sq.reclaimed:
                    continue
                face = sq.space if sq.building is None else buildings[sq.building]
                base, framed = face.yields, face.framed
            for stat, n in base.items():
                total[stat] += n
            if key in seen:
                for stat, n in framed.items():
                    total[stat] += n
        return _modified(total, self._have(moved), self.idle + len(seen), self.owned)

    def over(self, row: int, col: int) -> int | None:
        """:meth:`__call__` of a tile laid over, keeping no building, where it covers whole the
        spaces it covers (as every legal patch does; ``None`` elsewhere): each of its spaces
        shows its own symbols, each space it covers shows nothing, and every other space is as
        it was. A worker on a square the tile covers stands on the tile's space."""
        squares = self.grid.squares
        cells, at, adds, shows = self.laid
        gone: set[SpaceKey] = set()
        covered = 0
        moved = shows
        for r, c in cells:
            old = squares.get((row + r, col + c))
            if old is not None:
                covered += 1
                gone.add(old.key)
                ability = old.space.ability
                if ability:
                    if moved is shows:
                        moved = dict(moved)
                    moved[ability] = moved.get(ability, 0) - 1
        spaces = self.grid.spaces
        if covered != sum(len(spaces[key]) for key in gone):
            return None
        # Packed boards (:func:`packed`): each space's symbols added or taken away at once.
        total = self.packed_total + adds
        worked = self.worked
        for key in gone:
            base, framed = self._faces(key)
            total -= base
            if key in worked:
                total -= framed
        seen: set[SpaceKey] = set()
        for cell in self.land:
            laid = at.get((cell[0] - row, cell[1] - col))
            if laid is not None:
                key = (self.layers, laid[0])
                if key not in seen:
                    seen.add(key)
                    total += laid[1]
            elif (old := squares.get(cell)) is not None:
                seen.add(old.key)
        return _modified_packed(total, self._have(moved), self.idle + len(seen), self.owned)

    def _faces(self, key: SpaceKey) -> tuple[int, int]:
        """:func:`_space_symbols` of a visible space, packed (:func:`packed`), kept beside the
        grid."""
        found = self.grid.packed_faces.get(key)
        if found is None:
            base, framed = _space_symbols(self.grid, key, self.content)
            found = self.grid.packed_faces[key] = (packed(base), packed(framed))
        return found

    def under(self, row: int, col: int) -> int:
        """:meth:`__call__` of a tile laid under the empire: it shows only where no square lies,
        so it covers nothing and the workers stay on the spaces they work (their framed symbols
        are the empire's); each of its spaces shows its first square laid, a token's face where
        one lies there."""
        squares, on, content = self.grid.squares, self.on, self.content
        total = self.packed_total
        moved: dict[str, int] = {}
        for _, sp, offsets in self.under_parts:
            first = None
            laid = 0
            for r, c in offsets:
                cell = (row + r, col + c)
                if cell not in squares:
                    laid += 1
                    if first is None:
                        first = cell
            if first is None:
                continue
            if sp.ability:
                moved[sp.ability] = moved.get(sp.ability, 0) + laid
            if first in on:
                total += packed(_face(sp, on[first], on[first] is None, content)[0])
            else:
                total += _packed_symbols(sp.yields)
        return _modified_packed(total, self._have(moved), self.idle + len(self.seen), self.owned)

    def _have(self, moved: dict[str, int]) -> Iterable[str]:
        """The abilities the patched empire shows: the empire's, counted again only for those the
        tile covers or shows (``moved``: how many squares showing each it adds, less those it
        covers)."""
        if not moved:
            return self.have
        counts = dict(self.counts)
        for ability, n in moved.items():
            counts[ability] = counts.get(ability, 0) + n
        return {ability for ability, n in counts.items() if n > 0}


def _face(space: SpaceDef, building: str | None, reclaimed: bool, content: Content) -> tuple[
    dict[Stat, int], dict[Stat, int]
]:
    """:func:`square_symbols` of a square of ``space`` holding ``building`` (or reclaimed), read
    only."""
    return square_symbols(Square((0, 0), space, building, reclaimed), content)


_SIDE_PARTS: dict[int, tuple[SideDef, tuple[tuple[int, SpaceDef, tuple[Cell, ...]], ...]]] = {}


def _side_parts(sdef: SideDef) -> tuple[tuple[int, SpaceDef, tuple[Cell, ...]], ...]:
    """Each space of a side with its index and squares, in reading order."""
    found = _SIDE_PARTS.get(id(sdef))
    if found is None or found[0] is not sdef:
        parts = tuple((si, sp, tuple(sorted(sp.cells))) for si, sp in enumerate(sdef.spaces))
        found = _SIDE_PARTS[id(sdef)] = (sdef, parts)
    return found[1]


SideLaid = tuple[tuple[Cell, ...], dict[Cell, tuple[int, int]], int, dict[str, int]]
"""A side laid over (:func:`_side_laid`): its squares, each with its space's index and framed
symbols, the symbols outside the frames of all its spaces (both packed, :func:`packed`), and how
many of its squares show each ability."""

_SIDE_LAID: dict[int, tuple[SideDef, SideLaid]] = {}


def _side_laid(sdef: SideDef) -> SideLaid:
    """What a side laid over adds wherever it lies (:meth:`PatchedStats.over`): every space of a
    tile laid over shows, so its symbols and abilities are those of all its spaces; read once
    per side."""
    found = _SIDE_LAID.get(id(sdef))
    if found is None or found[0] is not sdef:
        parts = _side_parts(sdef)
        adds: dict[Stat, int] = {}
        shows: dict[str, int] = {}
        for _, sp, offsets in parts:
            for stat, n in sp.yields.items():
                adds[stat] = adds.get(stat, 0) + n
            if sp.ability:
                shows[sp.ability] = shows.get(sp.ability, 0) + len(offsets)
        cells = tuple(cell for _, _, offsets in parts for cell in offsets)
        at = {cell: (si, packed(sp.framed)) for si, sp, offsets in parts for cell in offsets}
        found = _SIDE_LAID[id(sdef)] = (sdef, (cells, at, packed(adds), shows))
    return found[1]


def _kept_under(old: Square, sp: SpaceDef) -> bool:
    """Whether the building of the square ``old`` stays on top of the new tile's space ``sp``
    laid over it."""
    return old.building is not None and _keeps(sp)


def _keeps(sp: SpaceDef) -> bool:
    """Whether a building laid over stays on top of the new tile's space ``sp`` (p. 8)."""
    return len(sp.cells) == 1 and not sp.sea


def _worked(grid: Grid, workers: list[Worker]) -> frozenset[SpaceKey]:
    return frozenset(worked_by(workers, grid))


def _space_symbols(grid: Grid, key: SpaceKey, content: Content) -> tuple[dict[Stat, int], dict[Stat, int]]:
    """:func:`square_symbols` of a visible space (its first square), kept beside the grid."""
    found = grid.faces.get(key)
    if found is None:
        found = grid.faces[key] = square_symbols(grid.squares[grid.spaces[key][0]], content)
    return found


def _ability_counts(grid: Grid) -> dict[str, int]:
    """How many visible squares show each ability, kept beside the grid."""
    if grid.shows is None:
        counts: dict[str, int] = {}
        for sq in grid.squares.values():
            if sq.space.ability:
                counts[sq.space.ability] = counts.get(sq.space.ability, 0) + 1
        grid.shows = counts
    return grid.shows


def placements(
    player: Player,
    content: Content,
    tile: str,
    side: str,
    era: int,
    *,
    diagonal: bool = False,
    seas_over_land: bool = True,
) -> list[Placement]:
    """Every legal patch of ``tile`` on ``side``, top-left first, over before under.

    Kept beside the empire's grid (:attr:`Grid.placed`), which names its tiles and tokens: the
    grid is found by identity checks (:func:`grid_of`), where keeping them by the layers and
    tokens made tuples hashed them on every call (every fold of a Patch menu counts the places of
    each tile, and the menu, the patch and its check read them again)."""
    grid = grid_of(player, content)
    key = (tile, side, era, diagonal, seas_over_land)
    found = grid.placed.get(key)
    if found is None:
        found = grid.placed[key] = _placements(grid, player.tokens, content, tile, side, era, diagonal,
                                               seas_over_land)
    return list(found)


def _placements(
    grid: Grid, tokens: Iterable[Token], content: Content, tile: str, side: str, era: int, diagonal: bool,
    seas_over_land: bool,
) -> tuple[Placement, ...]:
    """:func:`placements` on the empire showing ``grid``, whose building tokens are ``tokens``."""
    sdef = content.tiles_by_id[tile].side(side)
    r0, c0, r1, c1 = grid.bounds()
    fits = _Fits(grid, sdef, era, diagonal, seas_over_land)
    # Squares of the new tile where a building laid over can stay on top (p. 8), and the squares
    # built on.
    keeps = fits.at_corner(sp.cells[0] for sp in sdef.spaces if len(sp.cells) == 1 and not sp.sea)
    built = fits.mask((t[0], t[1]) for t in tokens if t[2] is not None)
    out = []
    for row in fits.span(r0 - sdef.height + 1, r0, r1, sdef.height):
        for col in fits.span(c0 - sdef.width + 1, c0, c1, sdef.width):
            over, under = fits(row, col)
            if over:
                out.append(Placement(row, col, False, bool((keeps << fits.shift(row, col)) & built)))
            if under:
                out.append(Placement(row, col, True, False))
    return tuple(out)


class _Fits:
    """Whether a tile side may be patched at a place: the rules :func:`try_patch` checks (§7.7),
    each read only where the new tile lies, for trying every place of one tile on one empire.

    What the empire shows already is read once: whether two of its seas touch, whether it holds
    the Statue of Liberty, and its bounds (the size limit is read once per row and column of the
    scan, :meth:`span`). A patch adds squares (under) or replaces uncovered land (over), so the
    seas touching after it are those touching before, or a new square's. Laid over and laid
    under are tried together, sharing the rules they share. Squares are bits of one number, a
    row of the scan's window after another (with a border of one square, so that a neighbour
    never wraps to the next row): the tile at a place is its squares at the window's corner
    moved by as many bits, and each rule a few operations on those numbers."""

    def __init__(self, grid: Grid, sdef: SideDef, era: int, diagonal: bool, seas_over_land: bool) -> None:
        near = (
            ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
            if diagonal
            else ((1, 0), (-1, 0), (0, 1), (0, -1))
        )
        self.seas_over_land = seas_over_land
        top, left, _, right = grid.bounds()
        height, width = sdef.height, sdef.width
        # The window: every square a place of the scan may cover, and one more around.
        self.top, self.left = top - height, left - width
        self.width = right - left + 2 * width + 2
        self.land = self.mask(grid.squares)
        self.seas = self.mask(cell for cell, sq in grid.squares.items() if sq.sea)
        self.statues = self.mask(
            cell for cell, sq in grid.squares.items() if sq.space.ability == "statue_of_liberty"
        )
        # Multi-square spaces only: a space of one square is never half covered.
        self.spaces = [self.mask(cells) for cells in grid.spaces.values() if len(cells) > 1]
        tile_seas = [(r, c) for sp in sdef.spaces if sp.sea for r, c in sp.cells]
        self.tile = self.at_corner((r, c) for sp in sdef.spaces for r, c in sp.cells)
        self.tile_seas = self.at_corner(tile_seas)
        self.tile_spaces = [self.at_corner(sp.cells) for sp in sdef.spaces if len(sp.cells) > 1]
        self.near_seas = self.at_corner({(r + dr, c + dc) for r, c in tile_seas for dr, dc in near})
        seas = {cell for cell, sq in grid.squares.items() if sq.sea}
        self.seas_touch = (
            any((r + dr, c + dc) in seas for r, c in seas for dr, dc in near)
            or bool(self.near_seas & self.tile_seas)
        )
        self.statue = bool(self.statues)
        self.limit = SIZE_LIMIT[min(era, 3)]

    def mask(self, cells: Iterable[Cell]) -> int:
        """The squares ``cells`` as bits of the window."""
        top, left, width = self.top - 1, self.left - 1, self.width
        return sum(1 << ((r - top) * width + (c - left)) for r, c in set(cells))

    def at_corner(self, offsets: Iterable[Cell]) -> int:
        """The squares of the tile at ``offsets`` from its top-left square, the tile laid at the
        window's corner; :meth:`shift` moves it to a place."""
        return self.mask((self.top + r, self.left + c) for r, c in offsets)

    def shift(self, row: int, col: int) -> int:
        """How many bits the tile laid at the window's corner moves to lie at (row, col)."""
        return (row - self.top) * self.width + (col - self.left)

    def span(self, first: int, low: int, high: int, size: int) -> range:
        """The rows (or columns) from ``first`` to ``high`` where a tile ``size`` squares tall
        (or wide) keeps the empire, from ``low`` to ``high``, within the era's size limit (p. 8),
        all of them once the Statue of Liberty is patched in (p. 16)."""
        if self.statue:
            return range(first, high + 1)
        if high - low >= self.limit or size > self.limit:
            return range(0)
        return range(max(first, high - self.limit + 1), min(high, low + self.limit - size) + 1)

    def __call__(self, row: int, col: int) -> tuple[bool, bool]:
        """Whether the tile may be laid over, and whether under, at (row, col), a place of
        :meth:`span` (its size checked there)."""
        shift = (row - self.top) * self.width + (col - self.left)
        tile = self.tile << shift
        covered = tile & self.land
        # No sea is covered, so every sea of the empire is still shown beside the tile's.
        if not covered or covered & self.seas or self.seas_touch or (self.near_seas << shift) & self.seas:
            return False, False
        tile_seas = self.tile_seas << shift
        under = not tile_seas & self.land
        if under:
            for space in self.tile_spaces:
                inside = (space << shift) & self.land
                if inside and inside != space << shift:
                    under = False
                    break
        over = not covered & self.statues and (self.seas_over_land or not tile_seas & self.land)
        if over:
            for space in self.spaces:
                inside = space & tile
                if inside and inside != space:
                    over = False
                    break
        return over, under
