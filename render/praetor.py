"""Praetor pictures: the shared city and tracks (public), and one player's board (private).

Both are drawn from a :class:`rules.praetor.views.View` only, in the reader's language: every word
comes from the catalogues. Pictures are 1000 px wide and at most 1.6 times as tall; no text is
smaller than 2.25% of the width (23 px), so it stays legible on a phone that shows the picture
400 px wide. The public picture shows the turn order with favour, the city on a grid whose columns
(A, B, …) and rows (1, 2, …) are labelled as the placement options name them, each empty space a
tile may go on marked with that name, the available tiles with cost, favour and effect, the wall
tile, and a legend of the tiles' short names with their effect and activation cost. At the end it
gives every seat's score by source, the winner marked. The private picture is one player's board:
morale track, village, apprentices, active and retired workers with wages and pensions, resources,
Market rates and wall tiles taken.

Seats wear the rulebook's player colours (p. 2: blue, yellow, white, black, purple): red and green
are the tiles' activation colours.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw

from render import kit
from render.kit import THEME, Colour, box, text_width
from render.words import Words
from rules.praetor.describe import effect_message
from rules.praetor.grid import cell_name, column_name, open_cells, row_name
from rules.praetor.state import Placed
from rules.praetor.views import PlayerView, TileView, View

PACKAGES = ("rules.praetor",)
WIDTH = 1000
MAX_HEIGHT = int(WIDTH * 1.6)
SMALL = 23
"""The smallest text: 2.25% of the width, rounded up."""
BODY = 24
LARGE = 30
MARGIN = 16
LINE = 32
SEAT_COLOURS: tuple[Colour, ...] = ((50, 100, 190), (232, 182, 30), (248, 248, 244), (40, 40, 44),
                                   (132, 68, 168))
"""The rulebook's player colours, in seat order: blue, yellow, white, black, purple."""
LIGHT_SEATS = (1, 2)
"""Seats whose colour needs dark ink on it."""
PATTERNS: dict[str, Colour] = {"a": (214, 92, 60), "b": (70, 130, 200), "c": (236, 196, 60),
                               "d": (90, 170, 90)}
"""Corner-square patterns by colour (public sources say matching is by the square's colour)."""
SLOT: dict[str, Colour] = {"red": (242, 196, 186), "green": (204, 232, 198), "grey": (222, 222, 222),
                           "none": (240, 232, 210)}
RESOURCE_COLOURS: dict[str, Colour] = {"gold": (222, 170, 40), "wood": (230, 130, 40),
                                       "stone": (150, 150, 150), "marble": (235, 235, 235),
                                       "weapons": (40, 40, 40)}
RESOURCES = ("gold", "wood", "stone", "marble", "weapons")

PALETTE = kit.palette(*SEAT_COLOURS, *PATTERNS.values(), *SLOT.values(), *RESOURCE_COLOURS.values())


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, *, size: int = BODY,
          bold: bool = False, colour: Colour = THEME["ink"], anchor: str = "la") -> None:
    assert size >= SMALL
    kit.text(draw, xy, words, size=size, bold=bold, colour=colour, anchor=anchor)


def _wrap(words: str, width: float, *, size: int = BODY, bold: bool = False) -> list[str]:
    """``words`` broken into lines that fit ``width`` (:func:`render.kit.wrap`)."""
    return kit.wrap(words, width, size=size, bold=bold)


class _Words(Words):
    """The reader's words (:class:`render.words.Words`), with Praetor's tiles and costs."""

    def abbr(self, tile: TileView) -> str:
        return self(f"praetor.abbr.{tile.type}")

    def name(self, tile: TileView) -> str:
        return self(f"praetor.tile.{tile.type}")

    def cost(self, costs: dict[str, int]) -> str:
        parts = [self(f"praetor.amount.{r}", n=costs[r]) for r in RESOURCES if costs.get(r)]
        return ", ".join(parts) if parts else self("praetor.cost.nothing")

    def effect(self, tile: TileView) -> str:
        return self.say(effect_message(tile.effect, tile.amount, tile.resource))


def seat_colour(seat: int | None) -> Colour:
    return THEME["muted"] if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> Colour:
    return THEME["ink"] if seat % len(SEAT_COLOURS) in LIGHT_SEATS else THEME["white"]


def _png(image: Image.Image) -> bytes:
    return kit.png(image, PALETTE)


# ---- the public picture --------------------------------------------------------------------------

def render_board(view: View, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """The public picture of the table; ``names`` are the players' names in seat order. The city
    takes the height the other parts leave, so the picture is never taller than 1.6 times its width."""
    say = _Words(locale, names, len(view.players), PACKAGES)
    if view.phase == "over":
        lower = _part(("final", locale, say.names, kit.fingerprint(view.final)),
                      lambda d: _final(d, view, 0, say), guess=MAX_HEIGHT // 2)
    else:
        shown = (tuple(view.available), _tiles(view, view.available), kit.fingerprint(view.wall))
        lower = _part(("display", locale, shown), lambda d: _display(d, view, 0, say), guess=MAX_HEIGHT // 2)
    kinds = _kinds(view)
    legend = _part(("legend", locale, kinds), lambda d: _legend(d, view, 0, say), guess=MAX_HEIGHT // 4)
    header = _part(("header", locale, view.last_round, view.round, view.stack_era, view.stack_size,
                    view.walls_left), lambda d: _header(d, view, say), guess=HEADER_HEIGHT)
    order = _order_pieces(view, say, locale)
    room = MAX_HEIGHT - header.height - order[0][0].height - lower.height - legend.height - MARGIN
    city = _city_pieces(view, room, say, locale)
    blocks = ([(header, (0, 0))], order, city, [(lower, (0, 0))], [(legend, (0, 0))])
    heights = [pieces[0][0].height for pieces in blocks]
    image = kit.blank(WIDTH, min(MAX_HEIGHT, sum(heights) + MARGIN), PALETTE)
    y = 0
    for pieces, height in zip(blocks, heights, strict=True):
        for part, (dx, dy) in pieces:
            kit.paste(image, part, (dx, y + dy))
        y += height
    return _png(image)


Piece = tuple[kit.Part, tuple[int, int]]
"""A part and where it goes in its block (the first piece of a block spans it)."""


def _kinds(view: View) -> tuple[str, ...]:
    """The tile types in the city, in the order they are first seen."""
    return tuple(dict.fromkeys(view.tiles[t.uid].type for t in view.city))


def _tiles(view: View, uids: Sequence[str]) -> tuple[str, ...]:
    return tuple(kit.fingerprint(view.tiles[uid]) for uid in uids)


def _part(key: tuple[Hashable, ...], draw_part: Callable[[ImageDraw.ImageDraw], int], *,
          guess: int = MAX_HEIGHT) -> kit.Part:
    """A part of the picture drawn on its own from its top, cut to the height it used; drawn once
    per process for each ``key``, which says everything of the view the part shows. It is drawn on
    a canvas ``guess`` px high (a small canvas is cheaper to fill), again on a taller one only when
    it took more."""
    return kit.cached(("praetor", *key), lambda: kit.drawn(WIDTH, MAX_HEIGHT, draw_part, colours=PALETTE,
                                                           guess=guess))


HEADER_HEIGHT = 66 + LINE + 10
"""The most the round and the stacks take (:func:`_header`)."""


def _header(draw: ImageDraw.ImageDraw, view: View, say: _Words) -> int:
    """Round and stacks; the stacks go on a line of their own when they do not fit beside the round."""
    key = "praetor.pic.round_last" if view.last_round else "praetor.pic.round"
    title = say(key, round=view.round)
    era = "—" if view.stack_era is None else ["0", "I", "II"][view.stack_era]
    status = say("praetor.pic.stacks", tiles=view.stack_size, era=era, walls=view.walls_left)
    room = WIDTH - 2 * MARGIN - 28 - 24
    beside = text_width(title, size=LARGE, bold=True) + text_width(status, size=SMALL) <= room
    bottom = 66 if beside else 66 + LINE
    box(draw, (MARGIN, MARGIN, WIDTH - MARGIN, bottom))
    _text(draw, (MARGIN + 14, 41), title, size=LARGE, bold=True, anchor="lm")
    if beside:
        _text(draw, (WIDTH - MARGIN - 14, 41), status, size=SMALL, colour=THEME["muted"], anchor="rm")
    else:
        _text(draw, (MARGIN + 14, 41 + LINE), status, size=SMALL, colour=THEME["muted"], anchor="lm")
    return bottom + 10


def _order_height(view: View) -> int:
    """The height :func:`_order` takes from its top."""
    return 12 + LINE * len(view.order) + 10


def _order_pieces(view: View, say: _Words, locale: str) -> list[Piece]:
    """The turn order as its panel and each row drawn on its own, so that a move redraws only the
    rows it changed (the same picture as :func:`_order` draws at once: each row is drawn inside
    its own band of the panel); as one part when a row does not fit its band."""
    frame = _part(("order_panel", len(view.order)), lambda d: _order(d, view, 0, say, rows=False),
                  guess=_order_height(view))
    rows = [_order_row_piece(view, i, seat, say, locale) for i, seat in enumerate(view.order)]
    if any(row is None for row in rows):
        seats = tuple((p.passed, p.favour, p.morale_value) for p in view.players)
        key = ("order", locale, say.names, tuple(view.order), view.turn_seat, seats)
        return [(_part(key, lambda d: _order(d, view, 0, say), guess=_order_height(view)), (0, 0))]
    return [(frame, (0, 0)), *(row for row in rows if row is not None)]


ROW_INSIDE = (MARGIN + 8, WIDTH - MARGIN - 8)
"""The columns of the turn order's panel a row may draw in (clear of the panel's rounded edge)."""


def _order_row_piece(view: View, i: int, seat: int, say: _Words, locale: str) -> Piece | None:
    """Row ``i`` of the turn order and where it goes, or ``None`` when it draws outside its band."""
    player = view.players[seat]
    key = ("order_row", locale, say.names[seat], i, seat, view.turn_seat == seat, player.passed,
           player.favour, player.morale_value)
    inside = (ROW_INSIDE[0], CUT_MARGIN, ROW_INSIDE[1], CUT_MARGIN + LINE)
    size = (WIDTH, LINE + 2 * CUT_MARGIN)
    part = kit.cached(("praetor", *key),
                      lambda: _cut(size, lambda d: _order_row(d, view, i, seat, CUT_MARGIN, say), inside))
    if part.height == 0:
        return None
    return part, (ROW_INSIDE[0], 6 + i * LINE)


def _order(draw: ImageDraw.ImageDraw, view: View, y: int, say: _Words, *, rows: bool = True) -> int:
    """Turn order, one row per seat: place, name, favour, passed; the seat to act is outlined
    (the panel alone when ``rows`` is false: :func:`_order_pieces`)."""
    height = 12 + LINE * len(view.order)
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + height))
    for i, seat in enumerate(view.order if rows else ()):
        _order_row(draw, view, i, seat, y + 6 + i * LINE, say)
    return y + height + 10


def _order_row(draw: ImageDraw.ImageDraw, view: View, i: int, seat: int, ry: int, say: _Words) -> None:
    """Seat ``seat``, ``i``-th in turn order, in the row whose top is ``ry``."""
    player = view.players[seat]
    acting = view.turn_seat == seat
    outline = THEME["highlight"] if acting else THEME["ink"]
    draw.rounded_rectangle((MARGIN + 10, ry + 3, MARGIN + 38, ry + LINE - 3), radius=6,
                           fill=seat_colour(seat), outline=outline, width=4 if acting else 1)
    _text(draw, (MARGIN + 24, ry + LINE / 2), str(i + 1), size=SMALL, bold=True, colour=seat_ink(seat),
          anchor="mm")
    _text(draw, (MARGIN + 52, ry + LINE / 2), say.names[seat], size=BODY, bold=True, anchor="lm")
    state = say("praetor.pic.passed") if player.passed else ""
    line = say("praetor.pic.favour_morale", favour=player.favour, morale=f"{player.morale_value:+d}")
    _text(draw, (WIDTH - MARGIN - 14, ry + LINE / 2), f"{line}  {state}".rstrip(), size=BODY, anchor="rm")


def _bounds(view: View) -> tuple[int, int, int, int]:
    cells = [(t.x, t.y) for t in view.city] or [(0, 0)]
    cells += open_cells((t.x, t.y) for t in view.city)
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return min(xs), max(xs), min(ys), max(ys)


class _Grid(NamedTuple):
    """Where the city's cells go: its bounds in cells and the side of a cell in pixels."""

    west: int
    north: int
    cols: int
    rows: int
    cell: int

    @property
    def height(self) -> int:
        """The height :func:`_city` takes from its top."""
        return CITY_BAND + 6 + self.rows * self.cell + 18

    @property
    def origin(self) -> tuple[float, int]:
        """Where the north-west cell's corner is (centred across the picture)."""
        return (WIDTH - self.cols * self.cell - CITY_BAND) / 2 + CITY_BAND, CITY_BAND + 6

    def corner(self, x: int, y: int) -> tuple[float, float]:
        """Where cell (x, y)'s north-west corner is."""
        left, top = self.origin
        return left + (x - self.west) * self.cell, top + (self.north - y) * self.cell


CITY_BAND = 36
"""The band of the column and row names."""


def _city_grid(view: View, room: int) -> _Grid:
    """The city's grid in at most ``room`` pixels of height: every tile and every open cell, cells
    at most 110 px wide."""
    west, east, south, north = _bounds(view)
    cols, rows = east - west + 1, north - south + 1
    cell = int(min(110, (WIDTH - 2 * MARGIN - CITY_BAND - 8) / cols, (room - CITY_BAND - 24) / rows))
    return _Grid(west, north, cols, rows, cell)


def _city_pieces(view: View, room: int, say: _Words, locale: str) -> list[Piece]:
    """The city as its grid (frame, names and open cells) and each tile with its dice drawn on its
    own, so that a move redraws only the tiles it changed. The pieces make the same picture as
    :func:`_city` does at once because nothing of a tile is drawn outside its cell, nor anything
    else inside it; when a tile or a name does not fit its cell (a city too large for its room),
    the city is drawn as one part."""
    grid = _city_grid(view, room)
    tiles = [_tile_piece(view, t, grid, say, locale) for t in view.city] if _names_fit(view, grid) else [None]
    if any(piece is None for piece in tiles):
        key = ("city", locale, room, kit.fingerprint(view.city), kit.fingerprint(view.on), _kinds(view),
               _tiles(view, [t.uid for t in view.city]))
        return [(_part(key, lambda d: _city(d, view, 0, room, say), guess=grid.height), (0, 0))]
    frame = _part(("city_grid", room, tuple((t.x, t.y) for t in view.city)),
                  lambda d: _city(d, view, 0, room, say, tiles=False), guess=grid.height)
    return [(frame, (0, 0)), *(piece for piece in tiles if piece is not None)]


def _names_fit(view: View, grid: _Grid) -> bool:
    """Whether every open cell's name lies inside its cell (the rest of the grid is outside the
    cells)."""
    cell = grid.cell
    for x, y in open_cells((t.x, t.y) for t in view.city):
        cx, cy = grid.corner(x, y)
        name = cell_name(x, y)
        x0, y0, x1, y1 = kit.text_box((cx + cell / 2, cy + cell / 2), name, size=SMALL, anchor="mm")
        if x0 < cx + 1 or y0 < cy + 1 or x1 > cx + cell - 1 or y1 > cy + cell - 1:
            return False
    return True


CUT_MARGIN = 24
"""Pixels around a piece drawn on its own (a tile, a row) where drawing outside it would show
(:func:`_cut`; even: see :func:`_tile_piece`)."""


def _tile_piece(view: View, placed: Placed, grid: _Grid, say: _Words, locale: str) -> Piece | None:
    """A city tile with its dice, drawn on its own, and where it goes: the whole pixels of its
    cell; ``None`` when something of it is drawn outside them.

    The pixels are those :func:`_city` draws: every coordinate is worked out as there and moved by
    an even whole number of pixels (exact in floating point, and Pillow rounds a coordinate
    alike after any such move)."""
    cx, cy = grid.corner(placed.x, placed.y)
    shift = (math.floor(cx) // 2 * 2 - CUT_MARGIN, math.floor(cy) // 2 * 2 - CUT_MARGIN)
    inside = (math.ceil(cx) - shift[0], math.ceil(cy) - shift[1],
              math.floor(cx + grid.cell) - shift[0], math.floor(cy + grid.cell) - shift[1])
    tile = view.tiles[placed.uid]
    dice = tuple(view.on.get(placed.uid, [])[:2])
    key = ("city_tile", locale, kit.fingerprint(tile), placed.owner, placed.activated, dice, grid.cell,
           cx, cy)
    part = kit.cached(("praetor", *key), lambda: _tile_part(tile, placed, dice, (cx, cy), grid.cell, shift,
                                                            inside, say))
    if part.height == 0:
        return None
    return part, (shift[0] + inside[0], shift[1] + inside[1])


def _tile_part(tile: TileView, placed: Placed, dice: tuple[tuple[int, int], ...], xy: tuple[float, float],
               cell: int, shift: tuple[int, int], inside: tuple[int, int, int, int], say: _Words) -> kit.Part:
    """The tile drawn as :func:`_city` draws it, moved by ``shift`` and cut to ``inside`` (the
    texts told where they are in the cut); 0 px high when something is drawn outside."""
    cx, cy = xy
    side = cell + 2 + 2 * CUT_MARGIN

    def draw_tile(draw: ImageDraw.ImageDraw) -> None:
        _tile(draw, tile, (cx, cy), cell, say, owner=placed.owner, activated=placed.activated, shift=shift)
        for i, (seat, exp) in enumerate(dice):
            _die(draw, _die_centre((cx, cy), cell, i), cell * 0.28, seat, exp, shift=shift)

    return _cut((side, side), draw_tile, inside)


def _cut(size: tuple[int, int], draw_piece: Callable[[ImageDraw.ImageDraw], None],
         inside: tuple[int, int, int, int]) -> kit.Part:
    """What ``draw_piece`` draws on a panel-coloured canvas of ``size``, cut to ``inside`` (its texts
    told where they are in the cut); 0 px high when it draws anything outside ``inside``."""

    def make() -> Image.Image | None:
        image, draw = kit.canvas(*size, THEME["panel"])
        draw_piece(draw)
        used = ImageChops.difference(image, Image.new("RGB", image.size, THEME["panel"])).getbbox()
        x0, y0, x1, y1 = inside
        if used is not None and (used[0] < x0 or used[1] < y0 or used[2] > x1 or used[3] > y1):
            return None
        return image.crop(inside)

    part = kit.part(make, colours=PALETTE)
    return part._replace(said=tuple(said._replace(xy=(said.xy[0] - inside[0], said.xy[1] - inside[1]))
                                    for said in part.said))


def _die_centre(corner: tuple[float, float], cell: int, i: int) -> tuple[float, float]:
    """Where the ``i``-th die on a tile whose cell's north-west corner is ``corner`` goes."""
    cx, cy = corner
    return cx + cell * 0.24 + i * cell * 0.3, cy + cell * 0.76


def _moved(points: tuple[float, ...], shift: tuple[int, int]) -> tuple[float, ...]:
    """``points`` (x, y, x, y, ...) moved back by ``shift``."""
    return tuple(v - shift[i % 2] for i, v in enumerate(points))


def _city(draw: ImageDraw.ImageDraw, view: View, y: int, room: int, say: _Words, *,
          tiles: bool = True) -> int:
    """The city on its labelled grid, in at most ``room`` pixels of height; every empty space a
    tile may go on carries its name, the one its placement option uses (without the tiles when
    ``tiles`` is false: :func:`_city_pieces`)."""
    grid = _city_grid(view, room)
    west, north, cols, rows, cell = grid
    band = CITY_BAND
    left, top = grid.origin
    top += y
    box(draw, (MARGIN / 2, y, WIDTH - MARGIN / 2, top + rows * cell + 8))
    for c in range(cols):
        _text(draw, (left + (c + 0.5) * cell, y + 6 + band / 2), column_name(west + c), size=SMALL, bold=True,
              colour=THEME["muted"], anchor="mm")
    for r in range(rows):
        _text(draw, (left - band / 2 - 2, top + (r + 0.5) * cell), row_name(north - r), size=SMALL, bold=True,
              colour=THEME["muted"], anchor="mm")
    for x, yy in open_cells((t.x, t.y) for t in view.city):
        cx, cy = grid.corner(x, yy)
        cy += y
        draw.rounded_rectangle((cx + 4, cy + 4, cx + cell - 4, cy + cell - 4), radius=8,
                               outline=THEME["line"], width=2)
        _text(draw, (cx + cell / 2, cy + cell / 2), cell_name(x, yy), size=SMALL, colour=THEME["muted"],
              anchor="mm")
    for t in view.city if tiles else ():
        cx, cy = grid.corner(t.x, t.y)
        cy += y
        _tile(draw, view.tiles[t.uid], (cx, cy), cell, say, owner=t.owner, activated=t.activated)
        for i, (seat, exp) in enumerate(view.on.get(t.uid, [])[:2]):
            _die(draw, _die_centre((cx, cy), cell, i), cell * 0.28, seat, exp)
    return top + rows * cell + 18


def _tile(draw: ImageDraw.ImageDraw, tile: TileView, xy: tuple[float, float], size: float, say: _Words, *,
          owner: int | None, activated: bool, shift: tuple[int, int] = (0, 0)) -> None:
    """A city tile with its cell's north-west corner at ``xy``, drawn moved back by ``shift``."""
    x, y = xy
    pad = max(2, size * 0.03)
    outline = THEME["ink"] if activated else THEME["line"]
    x0, y0, x1, y1 = _moved((x + pad, y + pad, x + size - pad, y + size - pad), shift)
    box(draw, (x0, y0, x1, y1), fill=SLOT[tile.activation], outline=outline, radius=6,
        width=3 if activated else 2)
    corner = size * 0.15
    far = size - pad - corner
    spots = {"NW": (x + pad, y + pad), "NE": (x + far, y + pad),
             "SW": (x + pad, y + far), "SE": (x + far, y + far)}
    for name, (qx, qy) in spots.items():
        pattern = tile.corners.get(name)
        if pattern is not None:
            draw.rectangle(_moved((qx, qy, qx + corner, qy + corner), shift),
                           fill=PATTERNS.get(pattern, THEME["muted"]))
    ax, ay = _moved((x + size / 2, y + size * 0.3), shift)
    _text(draw, (ax, ay), say.abbr(tile), size=BODY, bold=True, anchor="mm")
    nx, ny = _moved((x + size / 2, y + size * 0.54), shift)
    _text(draw, (nx, ny), f"#{tile.uid[1:]}", size=SMALL, anchor="mm")
    if owner is not None:
        r = size * 0.14
        ox, oy = x + size - pad - r - 3, y + size - pad - r - 3
        draw.ellipse(_moved((ox - r, oy - r, ox + r, oy + r), shift), fill=seat_colour(owner),
                     outline=THEME["ink"], width=2)


def _die(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, seat: int, exp: int, *,
         shift: tuple[int, int] = (0, 0)) -> None:
    """A worker die of ``seat`` centred at ``centre``, drawn moved back by ``shift``."""
    x, y = centre
    half = max(size / 2, 14)
    draw.rounded_rectangle(_moved((x - half, y - half, x + half, y + half), shift), radius=4,
                           fill=seat_colour(seat), outline=THEME["ink"])
    tx, ty = _moved((x, y), shift)
    _text(draw, (tx, ty), "R" if exp == 0 else str(exp), size=SMALL, bold=True, colour=seat_ink(seat),
          anchor="mm")


def _display(draw: ImageDraw.ImageDraw, view: View, y: int, say: _Words) -> int:
    """The available city tiles, one line each (name, cost, favour, effect), and the wall tile."""
    lines: list[tuple[str, str]] = []
    for uid in view.available:
        tile = view.tiles[uid]
        head = f"{say.abbr(tile)} {say.name(tile)} #{uid[1:]}"
        body = say("praetor.pic.available_tile", cost=say.cost(tile.build_cost), favour=tile.favour,
                   effect=say.effect(tile))
        lines.append((head, body))
    if view.wall is not None:
        wall = say("praetor.pic.wall", cost=say.cost(view.wall.demand), favour=view.wall.favour,
                   back=view.wall.back)
    else:
        wall = say("praetor.pic.wall_taken")
    wrapped = [(head, _wrap(body, WIDTH - 2 * MARGIN - 40, size=SMALL)) for head, body in lines]
    wall_lines = _wrap(wall, WIDTH - 2 * MARGIN - 28, size=BODY, bold=True)
    height = 48 + sum(LINE * (1 + len(b)) for _, b in wrapped) + LINE * len(wall_lines) + 12
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + height))
    _text(draw, (MARGIN + 14, y + 22), say("praetor.pic.available"), size=BODY, bold=True, anchor="lm")
    ry = y + 48
    for title, rows in wrapped:
        _text(draw, (MARGIN + 14, ry + LINE / 2), title, size=BODY, bold=True, anchor="lm")
        ry += LINE
        for line in rows:
            _text(draw, (MARGIN + 40, ry + LINE / 2), line, size=SMALL, anchor="lm")
            ry += LINE
    for line in wall_lines:
        _text(draw, (MARGIN + 14, ry + LINE / 2), line, size=BODY, bold=True, colour=THEME["brown"],
              anchor="lm")
        ry += LINE
    return y + height + 10


def _legend(draw: ImageDraw.ImageDraw, view: View, y: int, say: _Words) -> int:
    """The short names drawn on the city, each with its tile's name (effects and activation costs
    are in every player's own picture)."""
    kinds: dict[str, TileView] = {}
    for t in view.city:
        kinds.setdefault(view.tiles[t.uid].type, view.tiles[t.uid])
    entries = " · ".join(f"{say.abbr(k)}\u00a0{say.name(k)}".replace(" ", "\u00a0") for k in kinds.values())
    lines = _wrap(entries, WIDTH - 2 * MARGIN - 28, size=SMALL)
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 16 + LINE * len(lines)))
    for i, line in enumerate(lines):
        _text(draw, (MARGIN + 14, y + 8 + i * LINE + LINE / 2), line, size=SMALL, anchor="lm")
    return y + 16 + LINE * len(lines) + 10


def _reference(draw: ImageDraw.ImageDraw, view: View, y: int, say: _Words) -> int:
    """Every tile type in the city: short name, name, effect and activation cost to its owner."""
    kinds: dict[str, TileView] = {}
    for t in view.city:
        kinds.setdefault(view.tiles[t.uid].type, view.tiles[t.uid])
    entries = []
    for tile in kinds.values():
        fee = say.cost(tile.activation_cost) if tile.activation_cost else say("praetor.fee.none")
        entries.append(_wrap(say("praetor.pic.legend", abbr=say.abbr(tile), name=say.name(tile),
                                 effect=say.effect(tile), fee=fee), WIDTH - 2 * MARGIN - 28, size=SMALL))
    room = MAX_HEIGHT - y - MARGIN - 48
    shown, used = [], 0
    for entry in entries:
        if used + LINE * len(entry) > room:
            break
        shown.append(entry)
        used += LINE * len(entry)
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 48 + used))
    _text(draw, (MARGIN + 14, y + 22), say("praetor.pic.legend_title"), size=BODY, bold=True, anchor="lm")
    ry = y + 44
    for entry in shown:
        for i, line in enumerate(entry):
            _text(draw, (MARGIN + 14 + (26 if i else 0), ry + LINE / 2), line, size=SMALL, anchor="lm")
            ry += LINE
    return y + 48 + used


def _final(draw: ImageDraw.ImageDraw, view: View, y: int, say: _Words) -> int:
    """Every seat's final score by source, best first, the winner marked."""
    seats = sorted(view.final, key=lambda s: -view.final[s].get("total", 0))
    lines = []
    for rank, seat in enumerate(seats):
        parts = view.final[seat]
        head = say("praetor.pic.final_seat", seat=seat, total=parts.get("total", 0))
        mark = say("praetor.pic.winner") if rank == 0 else ""
        body = say("praetor.pic.final_parts", before=parts.get("before", 0), workers=parts.get("workers", 0),
                   apprentices=parts.get("apprentices", 0), morale=parts.get("morale", 0),
                   resources=parts.get("resources", 0))
        if "area" in parts:
            body += " · " + say("praetor.pic.final_expert", area=parts["area"], walls=parts.get("walls", 0),
                                peasants=parts.get("peasants", 0))
        lines.append((seat, f"{head} {mark}".rstrip(), _wrap(body, WIDTH - 2 * MARGIN - 40, size=SMALL)))
    height = 48 + sum(LINE * (1 + len(b)) for _, _, b in lines) + 8
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + height))
    _text(draw, (MARGIN + 14, y + 22), say("praetor.pic.final"), size=BODY, bold=True, anchor="lm")
    ry = y + 48
    for seat, title, rows in lines:
        draw.rounded_rectangle((MARGIN + 12, ry + 4, MARGIN + 36, ry + LINE - 4), radius=5,
                               fill=seat_colour(seat), outline=THEME["ink"])
        _text(draw, (MARGIN + 48, ry + LINE / 2), title, size=LARGE, bold=True, anchor="lm")
        ry += LINE
        for line in rows:
            _text(draw, (MARGIN + 48, ry + LINE / 2), line, size=SMALL, anchor="lm")
            ry += LINE
    return y + height + 10


# ---- the private picture -------------------------------------------------------------------------

def render_private(view: View, seat: int, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """``seat``'s own board in full."""
    say = _Words(locale, names, len(view.players), PACKAGES)
    player = view.players[seat]
    kinds = tuple(kit.fingerprint(view.tiles[t.uid]) for t in view.city)
    part = _part(("private", locale, say.names, seat, kit.fingerprint(player), kinds),
                 lambda d: _private(d, view, seat, player, say))
    return _png(kit.alone(part))


def _private(draw: ImageDraw.ImageDraw, view: View, seat: int, player: PlayerView, say: _Words) -> int:
    box(draw, (MARGIN, MARGIN, WIDTH - MARGIN, 76), fill=seat_colour(seat), outline=THEME["ink"])
    ink = seat_ink(seat)
    _text(draw, (MARGIN + 16, 46), say("praetor.pic.board", seat=seat, board=player.board.id), size=LARGE,
          bold=True, colour=ink, anchor="lm")
    _text(draw, (WIDTH - MARGIN - 16, 46), say("praetor.pic.favour", favour=player.favour), size=LARGE,
          bold=True, colour=ink, anchor="rm")
    y = _morale(draw, player, 92, say)
    y = _people(draw, player, y + 10, say)
    y = _stock(draw, player, y + 10, say)
    y = _market(draw, player, y + 10, say)
    y = _reference(draw, view, y + 10, say)
    return min(MAX_HEIGHT, y + MARGIN)


def _morale(draw: ImageDraw.ImageDraw, player: PlayerView, y: int, say: _Words) -> int:
    track = player.board.morale_track
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 100))
    _text(draw, (MARGIN + 14, y + 22), say("praetor.pic.morale"), size=BODY, bold=True, anchor="lm")
    step = (WIDTH - 2 * MARGIN - 24) / len(track)
    for i, value in enumerate(track):
        x = MARGIN + 12 + i * step
        here = i == player.morale
        fill = THEME["highlight"] if here else THEME["panel"]
        box(draw, (x, y + 44, x + step - 6, y + 90), fill=fill, radius=6, width=3 if here else 1)
        _text(draw, (x + (step - 6) / 2, y + 67), f"{value:+d}", size=BODY, bold=here, anchor="mm")
    return y + 100


def _people(draw: ImageDraw.ImageDraw, player: PlayerView, y: int, say: _Words) -> int:
    retired = player.retired + player.lent
    rows = [say("praetor.pic.village", count=player.peasants),
            say("praetor.pic.apprentices", level1=player.level1, level2=player.level2),
            say("praetor.pic.retired", count=retired, gold=sum(player.board.pensions[:retired]))]
    if player.lent:
        rows.append(say("praetor.pic.lent", count=player.lent))
    wages = sum(player.board.wages[: len(player.workers)])
    height = 20 + LINE * len(rows) + 70
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + height))
    for i, line in enumerate(rows):
        _text(draw, (MARGIN + 14, y + 10 + i * LINE + LINE / 2), line, size=BODY, anchor="lm")
    ry = y + 20 + LINE * len(rows) + 6
    _text(draw, (MARGIN + 14, ry + 22), say("praetor.pic.active"), size=BODY, bold=True, anchor="lm")
    start = MARGIN + 24 + text_width(say("praetor.pic.active"), size=BODY, bold=True)
    for i, worker in enumerate(player.workers):
        x = start + i * 56
        fill = seat_colour(player.seat) if worker.on is None else THEME["line"]
        draw.rounded_rectangle((x, ry, x + 44, ry + 44), radius=6, fill=fill, outline=THEME["ink"])
        colour = seat_ink(player.seat) if worker.on is None else THEME["ink"]
        _text(draw, (x + 22, ry + 22), str(worker.exp), size=LARGE, bold=True, colour=colour, anchor="mm")
    _text(draw, (WIDTH - MARGIN - 14, ry + 22), say("praetor.pic.wages", gold=wages), size=SMALL,
          colour=THEME["muted"], anchor="rm")
    return y + height


def _stock(draw: ImageDraw.ImageDraw, player: PlayerView, y: int, say: _Words) -> int:
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 2 * LINE + 24))
    for i, resource in enumerate(RESOURCES):
        col, row = i % 3, i // 3
        x, ry = MARGIN + 16 + col * 320, y + 12 + row * (LINE + 4)
        draw.rectangle((x, ry + 4, x + 24, ry + 28), fill=RESOURCE_COLOURS[resource], outline=THEME["ink"])
        _text(draw, (x + 34, ry + 16), f"{player.stock.get(resource)} {say(f'praetor.res.{resource}')}",
              size=BODY, bold=True, anchor="lm")
    return y + 2 * LINE + 24


def _market(draw: ImageDraw.ImageDraw, player: PlayerView, y: int, say: _Words) -> int:
    """Market rates (buy and sell per unit, in gold) and the wall tiles taken."""
    goods = list(player.board.market.items())
    height = 48 + LINE * len(goods) + 8
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + height))
    _text(draw, (MARGIN + 14, y + 22), say("praetor.pic.market"), size=BODY, bold=True, anchor="lm")
    for i, (good, (buy, sell)) in enumerate(goods):
        ry = y + 44 + i * LINE + LINE / 2
        _text(draw, (MARGIN + 14, ry), say(f"praetor.res.{good}"), size=BODY, anchor="lm")
        _text(draw, (MARGIN + 260, ry), say("praetor.pic.rate", buy=buy, sell=sell), size=BODY, anchor="lm")
    y += height + 10
    walls = [say("praetor.pic.wall_taken_one", favour=w.favour, back=w.back) for w in player.walls]
    line = say("praetor.pic.walls", walls=", ".join(walls)) if walls else say("praetor.pic.no_walls")
    lines = _wrap(line, WIDTH - 2 * MARGIN - 28, size=BODY)
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 16 + LINE * len(lines)))
    for i, part in enumerate(lines):
        _text(draw, (MARGIN + 14, y + 8 + i * LINE + LINE / 2), part, size=BODY, anchor="lm")
    return y + 16 + LINE * len(lines)
