"""The city as a square grid: where a tile may go, its corner-square bonus, and contiguous areas.

Coordinates are ``(x, y)`` with +x east and +y north; "top" in the rulebook is north (§7.1).

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

Cell = tuple[int, int]
Corners = Mapping[str, str | None]

_NEIGHBOURS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
_CORNER_AT: dict[Cell, str] = {(1, 1): "NE", (-1, 1): "NW", (1, -1): "SE", (-1, -1): "SW"}


CELL_ORIGIN = 12
"""The cell named ``A1`` is (-12, 12): columns A…Y run west to east, rows 1…25 north to south."""


def column_name(x: int) -> str:
    """The letter of column ``x`` (``M`` for 0); a column beyond the letters keeps its own name."""
    column = x + CELL_ORIGIN
    return chr(ord("A") + column) if 0 <= column < 25 else f"x{x}:"


def row_name(y: int) -> str:
    """The number of row ``y``, counted from 1 in the north (13 for 0)."""
    return str(CELL_ORIGIN - y + 1)


def cell_name(x: int, y: int) -> str:
    """A cell's name as the city picture labels it: column letter and row number, e.g. ``M13`` for
    the centre (0, 0)."""
    return column_name(x) + row_name(y)


def open_cells(city: Iterable[Cell]) -> list[Cell]:
    """Empty cells sharing an edge with a built tile (§7 step 3), in a fixed order (north first)."""
    taken = set(city)
    found = {(x + dx, y + dy) for x, y in taken for dx, dy in _NEIGHBOURS} - taken
    return sorted(found, key=lambda c: (-c[1], c[0]))


def is_open_cell(city: Iterable[Cell], cell: Cell) -> bool:
    """Whether ``cell`` is one of :func:`open_cells`: empty and sharing an edge with a built tile."""
    taken = set(city)
    x, y = cell
    return cell not in taken and any((x + dx, y + dy) in taken for dx, dy in _NEIGHBOURS)


def square_bonus(corners_at: Callable[[Cell], Corners | None], new: Corners, cell: Cell,
                 *, diagonal_matches: bool = True) -> int:
    """Favour for the corner squares of a tile placed at ``cell`` (§7.1, the vertex table).

    Each corner of the new tile is a grid vertex shared with up to three tiles already in the city;
    every one whose corner on that vertex shows the same pattern gives +1. ``corners_at`` returns
    the corners of the tile on a cell, or ``None`` for an empty cell.

    >>> city = {(0, 1): {"NW": "c", "NE": "d", "SW": "a", "SE": "b"}}
    >>> square_bonus(city.get, {"NW": "a", "NE": "b", "SW": "c", "SE": "d"}, (0, 0))
    2
    """
    return matching_squares(around_vertices(corners_at, cell, diagonal_matches=diagonal_matches), new)


Around = dict[str, list[str | None]]
"""For each corner of a cell, the patterns the tiles already in the city show on that vertex."""


def around_vertices(corners_at: Callable[[Cell], Corners | None], cell: Cell,
                    *, diagonal_matches: bool = True) -> Around:
    """What :func:`square_bonus` compares a new tile's corners with at ``cell``, worked out once
    for every tile that might go there: on each corner's vertex, the patterns of the tiles sharing
    an edge with the cell (and, with ``diagonal_matches``, the tile diagonally across)."""
    x, y = cell
    around: Around = {}
    for (dx, dy), corner in _CORNER_AT.items():
        checks = [((x + dx, y), _CORNER_AT[(-dx, dy)]), ((x, y + dy), _CORNER_AT[(dx, -dy)])]
        if diagonal_matches:
            checks.append(((x + dx, y + dy), _CORNER_AT[(-dx, -dy)]))
        around[corner] = [other.get(theirs) for other_cell, theirs in checks
                          if (other := corners_at(other_cell)) is not None]
    return around


def matching_squares(around: Around, new: Corners) -> int:
    """The corner squares a tile with corners ``new`` completes among ``around``: +1 for each
    pattern on a vertex that is the same as the new tile's corner there (§7.1)."""
    bonus = 0
    for corner, theirs in around.items():
        mine = new.get(corner)
        if mine is not None:
            bonus += theirs.count(mine)
    return bonus


def largest_area(cells: Iterable[Cell]) -> int:
    """The size of the largest orthogonally connected group of ``cells`` (expert variant, §10.2)."""
    left = set(cells)
    best = 0
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            x, y = todo.pop()
            size += 1
            for dx, dy in _NEIGHBOURS:
                if (x + dx, y + dy) in left:
                    left.remove((x + dx, y + dy))
                    todo.append((x + dx, y + dy))
        best = max(best, size)
    return best
