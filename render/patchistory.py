"""Patchistory pictures: the public table and each seat's private screen, legible on a phone.

``board_pictures(view)`` draws the spectator view as a few pictures sent together: the table (era,
round and phase, every seat's overview stats and descendant track, the symbol legend), the auction
row with its bids, the trade routes with their workers, and each empire on a picture of its own
(symbols, gold frames, seas, wastelands, buildings, named spaces and workers, its rows and columns
numbered as the patch options name them). ``private_pictures(view, seat)`` draws what is behind that
seat's screen (goods, building tiles, prosperity cards and its secret commitments) and its own
empire with every spot its patch options offer. ``render_board`` and ``render_private`` give the
first picture of each.

Every text is at least :data:`SMALLEST` px on a 1000 px picture (9 px when a phone shows it 400 px
wide) and no picture is taller than 1.6 widths: the parts are drawn as blocks and stacked into as
many pictures as they need. Tiles, buildings and cards go by their printed names from the
catalogues, never by their ids; a name too long for its space is given a letter there and written
whole in the empire's legend. Pure functions of the view: the same view gives the same bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from string import ascii_uppercase

from PIL import Image, ImageDraw

from render import kit
from render.kit import THEME, Colour, box, canvas, text, text_width
from rules.core.messages import catalogue, msg, render
from rules.patchistory import ENGINE
from rules.patchistory.common import building_name, name_key
from rules.patchistory.views import PlayerView, SquareView, View

PACKAGES = ("rules.patchistory", "rules.core")

WIDTH = 1000
MAX_HEIGHT = int(WIDTH * kit.MAX_RATIO)
SMALLEST = kit.smallest_text(WIDTH)
"""The smallest text drawn (2.25% of the width)."""
BODY = 24
TITLE = 28
HEAD = 32
LINE = 32
"""Height of a line of body text."""
MARGIN = 16
CELL = 150
"""The largest square of an empire; smaller where an empire is wide or tall."""
NAME = SMALLEST
"""Printed names on the empires: the smallest text, plain, so that more of them fit their space."""
OFFER_CELL = 96
"""Squares of the auction tiles (2 by 2)."""
AXIS = 40
"""Room for the row numbers left of an empire and the column numbers above it."""

SEAT_COLOURS: dict[str, Colour] = {
    "red": THEME["red"],
    "green": THEME["green"],
    "blue": THEME["blue"],
    "yellow": THEME["yellow"],
}
STAT_LETTERS = {
    "coins": "C",
    "food": "F",
    "resources": "R",
    "culture": "K",
    "politics": "P",
    "transport": "T",
    "military": "M",
    "defence": "D",
}
STAT_COLOURS: dict[str, Colour] = {
    "coins": THEME["green"],
    "food": (190, 150, 20),
    "resources": THEME["black"],
    "culture": THEME["blue"],
    "politics": THEME["purple"],
    "transport": THEME["orange"],
    "military": THEME["red"],
    "defence": THEME["grey"],
}
KIND_FILL: dict[str, Colour] = {
    "land": (236, 226, 196),
    "wonder": (214, 196, 236),
    "personality": (246, 214, 170),
    "special": (210, 228, 210),
    "building": (200, 214, 236),
}
SEA: Colour = (120, 170, 220)
WASTE: Colour = (170, 130, 90)
GOLD: Colour = (212, 160, 30)
FRAMED_INK: Colour = (150, 110, 10)

PALETTE = kit.palette(*SEAT_COLOURS.values(), *STAT_COLOURS.values(), *KIND_FILL.values(), SEA, WASTE, GOLD,
                      FRAMED_INK)

Cell = tuple[int, int]


def say(key: str, locale: str, **params: object) -> str:
    """The catalogue's words for ``patchistory.<key>`` in ``locale``."""
    return render(msg(f"patchistory.{key}", **params), locale, PACKAGES)  # type: ignore[arg-type]


def printed_name(name: str, locale: str) -> str:
    """A printed name (a place, a wonder, a personality) as the reader's rulebook gives it."""
    key = name_key(name)
    return render(msg(key), locale, PACKAGES) if key in catalogue("rules.patchistory", "en") else name


def tile_name(tile: str, locale: str) -> str:
    """A land tile by the printed name on its Black side (p. 3), in the reader's language."""
    name = ENGINE.content.tile_name(tile) if tile in ENGINE.content.tiles_by_id else ""
    return printed_name(name, locale) if name else say("picture.unnamed_tile", locale)


def building(tile: str, locale: str) -> str:
    """A building tile by its kind and what it shows (p. 3), as the prompts name it."""
    if tile not in ENGINE.content.buildings_by_id:
        return say("picture.unnamed_tile", locale)
    return render(building_name(ENGINE.ctx, tile), locale, PACKAGES)


def card_category(card: str, locale: str) -> str:
    """A prosperity card by the category it ranks the players in (p. 13)."""
    found = ENGINE.content.cards_by_id.get(card)
    return say(f"category.{found.category}", locale) if found else say("picture.unnamed_tile", locale)


def counted(names: Sequence[str], locale: str) -> str:
    """Names joined in order of first appearance, one held twice or more said with its count."""
    counts = Counter(names)
    return ", ".join(
        name if n == 1 else say("picture.times", locale, name=name, n=n) for name, n in counts.items()
    )


def symbols(values: dict[str, int]) -> str:
    return " ".join(f"{n}{STAT_LETTERS[k]}" for k, n in values.items() if n)


wrap = kit.wrap


# ---- an empire --------------------------------------------------------------------------------


def bounds(squares: Sequence[SquareView], spots: Sequence[Cell] = ()) -> tuple[int, int, int, int]:
    """First row and column, and the rows and columns, of the squares and the marked spots."""
    cells = [(s.row, s.col) for s in squares] + list(spots)
    if not cells:
        return 0, 0, 1, 1
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return r0, c0, max(r for r, _ in cells) - r0 + 1, max(c for _, c in cells) - c0 + 1


def spot_label(row: int, col: int) -> str:
    """A placement spot as the patch options name it ("Over at -1,-1: ...")."""
    return f"{row},{col}"


Lines = list[tuple[str, Colour, bool, int]]
"""Lines of words with their colour, weight and size."""


def _fits(lines: Lines, width: float, height: float) -> bool:
    return len(lines) * (BODY + 4) <= height and all(
        text_width(words, size=size, bold=bold) <= width for words, _, bold, size in lines
    )


def space_words(first: SquareView, width: float, height: float, key: str, locale: str) -> tuple[Lines, str]:
    """What a space shows inside ``width`` × ``height``: its name, its symbols and its gold frame's
    symbols, wrapped; where the name does not fit, the letter ``key`` instead, and the legend entry
    that names it in full (with the symbols too when even they do not fit beside the letter)."""
    made: Lines = [(w, THEME["ink"], True, BODY) for w in wrap(symbols(first.yields), width, size=BODY,
                                                                bold=True)]
    if not first.yields:
        made = []
    framed: Lines = []
    if first.framed:
        framed = [(w, FRAMED_INK, False, BODY) for w in wrap("+" + symbols(first.framed), width, size=BODY)]
    if not first.name:
        if _fits(made + framed, width, height):
            return made + framed, ""
        name = ""
    else:
        name = printed_name(first.name, locale)
        named: Lines = [(w, THEME["ink"], False, NAME) for w in wrap(name, width, size=NAME)]
        if _fits(named + made + framed, width, height):
            return named + made + framed, ""
        keyed: Lines = [(key, THEME["ink"], True, BODY)]
        if _fits(keyed + made + framed, width, height):
            return keyed + made + framed, name
    parts = (symbols(first.yields), "+" + symbols(first.framed) if first.framed else "")
    every = " ".join(part for part in parts if part)
    return [(key, THEME["ink"], True, BODY)], f"{name}: {every}" if name else every


def empire_cell(squares: Sequence[SquareView], spots: Sequence[Cell], room: float) -> int:
    """The square size that fits the empire across the picture and within ``room`` px of height."""
    _, _, rows, cols = bounds(squares, spots)
    return int(min(CELL, (WIDTH - 2 * MARGIN - AXIS) / cols, (room - AXIS) / rows))


Space = tuple[tuple[float, float, float, float], SquareView, Lines]


def layout(
    squares: Sequence[SquareView], x0: float, y0: float, cell: int, r0: int, c0: int, locale: str
) -> tuple[list[Space], list[str]]:
    """Each space's rectangle, first square and lines of words, with the grid's top-left visible
    square at (x0, y0); and the legend: the names given a letter in their space, ``"A Pyramids of
    Giza"``."""
    spaces: dict[int, list[SquareView]] = {}
    for sq in squares:
        spaces.setdefault(sq.space, []).append(sq)
    legend: list[str] = []
    laid: list[Space] = []
    for members in spaces.values():
        first = members[0]
        xs = [x0 + (s.col - c0) * cell for s in members]
        ys = [y0 + (s.row - r0) * cell for s in members]
        rect = (min(xs) + 1, min(ys) + 1, max(xs) + cell - 1, max(ys) + cell - 1)
        key = ascii_uppercase[len(legend) % 26]
        inset = 16 if first.framed else 10
        lines, entry = space_words(first, rect[2] - rect[0] - inset, rect[3] - rect[1] - 6, key, locale)
        if entry:
            legend.append(f"{key} {entry}")
        laid.append((rect, first, lines))
    return laid, legend


def empire_legend(squares: Sequence[SquareView], cell: int, locale: str) -> list[str]:
    """The names an empire drawn with ``cell`` px squares gives a letter, in full."""
    return layout(squares, 0, 0, cell, 0, 0, locale)[1]


def draw_empire(
    draw: ImageDraw.ImageDraw,
    squares: Sequence[SquareView],
    x0: float,
    y0: float,
    cell: int,
    *,
    worker_colour: Colour | None = None,
    locale: str = "en",
    spots: Sequence[Cell] = (),
    axes: bool = True,
) -> list[str]:
    """A grid of squares with its top-left visible square at (x0, y0); with ``axes`` the row and
    column numbers of the empire (the coordinates the patch options use) run along its left and top
    edges first. Each of ``spots`` is outlined and labelled with its coordinates. Returns the legend
    (:func:`layout`)."""
    if not squares and not spots:
        return []
    r0, c0, rows, cols = bounds(squares, spots)
    if axes:
        for i in range(cols):
            text(draw, (x0 + AXIS + (i + 0.5) * cell, y0 + AXIS / 2), str(c0 + i), size=BODY,
                 colour=THEME["muted"], anchor="mm")
        for i in range(rows):
            text(draw, (x0 + AXIS / 2, y0 + AXIS + (i + 0.5) * cell), str(r0 + i), size=BODY,
                 colour=THEME["muted"], anchor="mm")
        x0, y0 = x0 + AXIS, y0 + AXIS
    laid, legend = layout(squares, x0, y0, cell, r0, c0, locale)
    for rect, first, lines in laid:
        fill = KIND_FILL.get(first.kind, KIND_FILL["land"])
        fill = SEA if first.sea else WASTE if first.wasteland else fill
        draw.rectangle(rect, fill=fill, outline=THEME["line"], width=1)
        if first.framed:
            draw.rectangle((rect[0] + 3, rect[1] + 3, rect[2] - 3, rect[3] - 3), outline=GOLD, width=3)
        cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
        step = BODY + 4
        top = cy - step * (len(lines) - 1) / 2
        for i, (words, colour, bold, size) in enumerate(lines):
            text(draw, (cx, top + i * step), words, size=size, bold=bold, colour=colour, anchor="mm")
        if first.worker and worker_colour is not None:
            wx, wy = rect[0] + 11, rect[1] + 11
            draw.ellipse((wx - 8, wy - 8, wx + 8, wy + 8), fill=worker_colour, outline=THEME["ink"], width=2)
    for row, col in spots:
        sx, sy = x0 + (col - c0) * cell, y0 + (row - r0) * cell
        draw.rectangle((sx + 2, sy + 2, sx + cell - 2, sy + cell - 2), outline=THEME["highlight"], width=4)
        words = spot_label(row, col)
        w = text_width(words, size=BODY, bold=True) + 8
        cx, cy = sx + cell / 2, sy + cell - BODY / 2 - 6
        tag = (cx - w / 2, cy - BODY / 2 - 3, cx + w / 2, cy + BODY / 2 + 3)
        draw.rectangle(tag, fill=THEME["highlight"])
        text(draw, (cx, cy), words, size=BODY, bold=True, colour=THEME["ink"], anchor="mm")
    return legend


def empire_size(squares: Sequence[SquareView], cell: int, spots: Sequence[Cell] = ()) -> tuple[int, int]:
    _, _, rows, cols = bounds(squares, spots)
    return cols * cell + AXIS, rows * cell + AXIS


def colour_name(view: View, seat: int, locale: str) -> str:
    return say(f"picture.colour.{view.players[seat].colour}", locale)


def player_name(view: View, seat: int, names: Sequence[str] = (), locale: str = "en") -> str:
    return f"{kit.player_name(seat, names)} ({colour_name(view, seat, locale)})"


def _block(height: float) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    return canvas(WIDTH, int(height))


def _lines(draw: ImageDraw.ImageDraw, x: float, y: float, lines: Sequence[str], *, size: int = BODY,
           bold: bool = False, colour: Colour = THEME["ink"], step: int = LINE) -> float:
    for i, line in enumerate(lines):
        text(draw, (x, y + i * step), line, size=size, bold=bold, colour=colour)
    return y + step * len(lines)


def empire_block(view: View, seat: int, names: Sequence[str], locale: str, *,
                 heading: Sequence[str] = (), spots: Sequence[Cell] = ()) -> Image.Image:
    """One seat's empire on a block of its own: its name (and ``heading`` lines above it), the
    grid with its rows and columns numbered and the ``spots`` marked, and the legend of the names
    given a letter."""
    p = view.players[seat]
    colour = SEAT_COLOURS.get(p.colour, THEME["ink"])
    inner = WIDTH - 2 * MARGIN - 20
    top_lines = [line for words in heading for line in wrap(words, inner, size=TITLE, bold=True)]
    title = wrap(player_name(view, seat, names, locale), inner, size=TITLE, bold=True)
    above = MARGIN + LINE * (len(top_lines) + len(title)) + 8
    # The grid gives up height for its legend only where both would not fit.
    room = MAX_HEIGHT - above - MARGIN
    cell = empire_cell(p.squares, spots, room)
    legend_lines = [line for entry in empire_legend(p.squares, cell, locale)
                    for line in wrap(entry, inner, size=BODY)]
    while legend_lines and cell > SMALLEST * 2:
        _, h = empire_size(p.squares, cell, spots)
        if above + h + 8 + LINE * len(legend_lines) + MARGIN <= MAX_HEIGHT:
            break
        cell -= 4
        legend_lines = [line for entry in empire_legend(p.squares, cell, locale)
                        for line in wrap(entry, inner, size=BODY)]
    _, h = empire_size(p.squares, cell, spots)
    image, draw = _block(above + h + (8 + LINE * len(legend_lines) if legend_lines else 0) + MARGIN)
    draw.rectangle((0, 0, 10, image.height), fill=colour)
    y = _lines(draw, MARGIN + 12, MARGIN, top_lines, size=TITLE, bold=True)
    _lines(draw, MARGIN + 12, y, title, size=TITLE, bold=True)
    draw_empire(draw, p.squares, MARGIN + 12, above, cell, worker_colour=colour, locale=locale, spots=spots)
    _lines(draw, MARGIN + 12, above + h + 8, legend_lines, colour=THEME["muted"])
    return image


# ---- the table --------------------------------------------------------------------------------


def header(view: View, locale: str = "en") -> str:
    phase = say(f"picture.phase.{view.phase.value}", locale)
    return say("picture.header", locale, era=view.era, round=view.round, phase=phase)


def seat_words(view: View, seat: int, names: Sequence[str], locale: str) -> tuple[list[str], list[str]]:
    """A seat's overview title (name, colour, first player) and its line of counts, wrapped."""
    p = view.players[seat]
    inner = WIDTH - 2 * MARGIN - 40
    mark = " " + say("picture.first", locale) if view.first == seat else ""
    title = wrap(player_name(view, seat, names, locale) + mark, inner, size=TITLE, bold=True)
    route_workers = sum(1 for wk in p.workers if wk.where != "land")
    info = say("picture.info", locale, born=p.born, routes=route_workers, upkeep=p.upkeep,
               waiting=len(p.reserve))
    if view.scores is not None:
        info = say("picture.info_over", locale, culture=view.scores[seat], born=p.born, upkeep=p.upkeep)
    return title, wrap(info, inner, size=BODY)


def stat_rows(p: PlayerView) -> list[list[tuple[str, Colour]]]:
    """The overview stats as coloured "C 2" words, in rows that fit the picture."""
    rows: list[list[tuple[str, Colour]]] = [[]]
    x = 0.0
    for k, v in p.stats.items():
        words = f"{STAT_LETTERS[k]} {v}"
        w = max(70.0, text_width(words, size=BODY, bold=True) + 18)
        if x + w > WIDTH - 2 * MARGIN - 40 and rows[-1]:
            rows.append([])
            x = 0
        rows[-1].append((words, STAT_COLOURS[k]))
        x += w
    return rows


def table_block(view: View, names: Sequence[str], locale: str) -> Image.Image:
    """The heading, every seat's overview (name, colour, first player, stats, descendant track) and
    the legend of the symbol letters."""
    inner = WIDTH - 2 * MARGIN
    head = wrap(header(view, locale), inner, size=HEAD, bold=True)
    legend = wrap(
        " · ".join(f"{letter} {say(f'picture.stat.{k}', locale)}" for k, letter in STAT_LETTERS.items()),
        inner,
        size=BODY,
    )
    seats = [(seat_words(view, s, names, locale), stat_rows(p)) for s, p in enumerate(view.players)]
    heights = [16 + LINE * (len(t) + len(i) + len(r)) + 8 for (t, i), r in seats]
    total = MARGIN + (HEAD + 8) * len(head) + 8 + sum(h + 10 for h in heights) + LINE * len(legend) + MARGIN
    image, draw = _block(total)
    y = _lines(draw, MARGIN, MARGIN, head, size=HEAD, bold=True, step=HEAD + 8) + 8
    for s, (((title, info), rows), h) in enumerate(zip(seats, heights, strict=True)):
        colour = SEAT_COLOURS.get(view.players[s].colour, THEME["ink"])
        box(draw, (MARGIN, y, WIDTH - MARGIN, y + h))
        draw.rectangle((MARGIN + 2, y + 2, MARGIN + 14, y + h - 2), fill=colour)
        yy = _lines(draw, MARGIN + 26, y + 10, title, size=TITLE, bold=True)
        for row in rows:
            x = MARGIN + 26.0
            for words, ink in row:
                text(draw, (x, yy), words, size=BODY, bold=True, colour=ink)
                x += max(70.0, text_width(words, size=BODY, bold=True) + 18)
            yy += LINE
        _lines(draw, MARGIN + 26, yy, info, colour=THEME["muted"])
        y += h + 10
    _lines(draw, MARGIN, y, legend, colour=THEME["muted"])
    return image


def auction_block(view: View, names: Sequence[str], locale: str) -> Image.Image | None:
    """The laid-out tiles by name, the side(s) a bidder may get, and the bids on them; who the
    auction waits for on a 2-player tie (p. 15)."""
    if not (view.phase.value in ("auction", "patch") and view.offers):
        return None
    title = say("picture.auction", locale)
    if view.first_choice is not None:
        title = say("picture.auction_tie", locale, name=player_name(view, view.first_choice, names, locale))
    heading = wrap(title, WIDTH - 2 * MARGIN, size=TITLE, bold=True)
    sides = max(len(o.sides) for o in view.offers)
    per_row = 2 if sides * (2 * OFFER_CELL + 12) + 24 <= (WIDTH - 2 * MARGIN - 12) / 2 else 1
    panel_w = (WIDTH - 2 * MARGIN - 12 * (per_row - 1)) / per_row
    cell = int(min(OFFER_CELL, (panel_w - 24 - 12 * (sides - 1)) / (2 * sides)))
    labels = [wrap(f"{i + 1}. {tile_name(o.tile, locale)}", panel_w - 24, size=BODY, bold=True)
              for i, o in enumerate(view.offers)]
    side_names = {name: wrap(say(f"side.{name}", locale), 2 * cell, size=BODY)
                  for o in view.offers for name in o.sides}
    bids = {i: [(s, c) for s, t, c in view.bids if t == i] for i in range(len(view.offers))}

    def panel_height(i: int) -> int:
        under = max(len(side_names[n]) for n in view.offers[i].sides)
        chips = 1 + (len(bids[i]) * 40) // int(panel_w - 24) if bids[i] else 0
        return 12 + LINE * len(labels[i]) + 2 * cell + 6 + LINE * under + 44 * chips + 8

    rows = [list(range(r, min(r + per_row, len(view.offers)))) for r in range(0, len(view.offers), per_row)]
    row_h = [max(panel_height(i) for i in row) for row in rows]
    image, draw = _block(MARGIN + LINE * len(heading) + 8 + sum(h + 12 for h in row_h) + MARGIN)
    y = _lines(draw, MARGIN, MARGIN, heading, size=TITLE, bold=True) + 8
    for row, h in zip(rows, row_h, strict=True):
        for c, i in enumerate(row):
            x = MARGIN + c * (panel_w + 12)
            offer = view.offers[i]
            box(draw, (x, y, x + panel_w, y + h))
            yy = _lines(draw, x + 12, y + 10, labels[i], bold=True)
            sx = x + 12
            for name, squares in offer.sides.items():
                draw_empire(draw, squares, sx, yy, cell, locale=locale, axes=False)
                _lines(draw, sx, yy + 2 * cell + 6, side_names[name], colour=THEME["muted"])
                sx += 2 * cell + 12
            under = max(len(side_names[n]) for n in offer.sides)
            bx, by = x + 12 + 18, yy + 2 * cell + 6 + LINE * under + 20
            for s, coins in bids[i]:
                if bx + 18 > x + panel_w - 12:
                    bx, by = x + 12 + 18, by + 44
                colour = SEAT_COLOURS.get(view.players[s].colour, THEME["ink"])
                draw.ellipse((bx - 18, by - 18, bx + 18, by + 18), fill=colour, outline=THEME["ink"])
                text(draw, (bx, by), str(coins), size=BODY, bold=True, colour=THEME["white"], anchor="mm")
                bx += 40
        y += h + 12
    return image


ROUTE_SPACES = 5
BOX = 44


def routes_block(view: View, locale: str) -> Image.Image | None:
    """The trade routes: which seats each joins, general or alliance, at war, its spaces with the
    workers on them and the ones resting."""
    if not view.routes:
        return None
    inner = WIDTH - 2 * MARGIN
    heading = wrap(say("picture.routes", locale, general=view.general_left, alliance=view.alliance_left),
                   inner, size=TITLE, bold=True)
    boxes_w = ROUTE_SPACES * (BOX + 6)
    rest = say("picture.rest", locale)
    rest_w = text_width(rest, size=BODY) + 40
    label_w = inner - boxes_w - rest_w - 16
    labels = []
    for i, r in enumerate(view.routes):
        a, b = colour_name(view, r.start, locale), colour_name(view, r.end, locale)
        kind = say("picture.route_kind." + ("alliance" if r.kind == "alliance" else "general"), locale)
        war = " " + say("picture.war", locale) if r.war_attackers else ""
        labels.append((wrap(say("picture.route", locale, number=i + 1, start=a, end=b, kind=kind) + war,
                            label_w, size=BODY), bool(war)))
    heights = [max(LINE * len(lines), BOX) + 8 for lines, _ in labels]
    image, draw = _block(MARGIN + LINE * len(heading) + 8 + sum(heights) + MARGIN)
    y = _lines(draw, MARGIN, MARGIN, heading, size=TITLE, bold=True) + 8
    for r, (lines, at_war), h in zip(view.routes, labels, heights, strict=True):
        _lines(draw, MARGIN, y, lines, colour=THEME["bad"] if at_war else THEME["ink"])
        x0 = MARGIN + label_w + 16
        for k in range(ROUTE_SPACES):
            bx = x0 + k * (BOX + 6)
            draw.rectangle((bx, y, bx + BOX, y + BOX - 10), outline=THEME["line"], fill=THEME["panel"])
        resting = False
        for seat, where, step in r.workers:
            colour = SEAT_COLOURS.get(view.players[seat].colour, THEME["ink"])
            if where == "rest":
                bx = x0 + boxes_w + 4
                resting = True
            else:
                pos = step if seat == r.start or r.kind == "general" else ROUTE_SPACES - 1 - step
                bx = x0 + pos * (BOX + 6) + (BOX - 24) / 2
            draw.ellipse((bx, y + 5, bx + 24, y + 29), fill=colour, outline=THEME["ink"])
        if resting:
            text(draw, (x0 + boxes_w + 34, y + 4), rest, size=BODY, colour=THEME["muted"])
        y += h
    return image


def _kept(key: tuple[Hashable, ...], make: Callable[[], Image.Image | None]) -> kit.Part | None:
    """A block drawn once per process for each ``key``, which says everything of the view it shows."""
    found = kit.cached(("patchistory", *key), lambda: kit.part(make, colours=PALETTE))
    return None if found.height == 0 else found


def stacked(blocks: Sequence[kit.Part | None]) -> list[bytes]:
    """The blocks stacked into pictures no taller than 1.6 widths, as PNGs."""
    return [kit.png(page, PALETTE) for page in kit.stack([b for b in blocks if b is not None], MAX_HEIGHT)]


def _empire(view: View, seat: int, names: Sequence[str], locale: str, spots: Sequence[Cell] = ()) -> kit.Part:
    p = view.players[seat]
    key = ("empire", locale, tuple(names), seat, p.colour, kit.fingerprint(p.squares), tuple(spots))
    found = _kept(key, lambda: empire_block(view, seat, names, locale, spots=spots))
    assert found is not None
    return found


def board_pictures(view: View, names: Sequence[str] = (), *, locale: str = "en") -> list[bytes]:
    """The public pictures: everything the spectator view holds; ``names`` in seat order; the words
    of the catalogues in ``locale``."""
    colours = tuple(p.colour for p in view.players)
    seats = tuple((p.colour, p.born, p.upkeep, len(p.reserve), kit.fingerprint(p.workers),
                   kit.fingerprint(p.stats)) for p in view.players)
    table = ("table", locale, tuple(names), view.era, view.round, view.phase.value, view.first,
             kit.fingerprint(view.scores), seats)
    auction = ("auction", locale, tuple(names), view.phase.value, kit.fingerprint(view.offers),
               view.first_choice, kit.fingerprint(view.bids), colours)
    routes = ("routes", locale, view.general_left, view.alliance_left, kit.fingerprint(view.routes), colours)
    blocks = [_kept(table, lambda: table_block(view, names, locale)),
              _kept(auction, lambda: auction_block(view, names, locale)),
              _kept(routes, lambda: routes_block(view, locale))]
    blocks += [_empire(view, s, names, locale) for s in range(len(view.players))]
    return stacked(blocks)


def render_board(view: View, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """The first of :func:`board_pictures`: the table's heading and every seat's overview."""
    return board_pictures(view, names, locale=locale)[0]


# ---- behind a seat's screen -------------------------------------------------------------------


def screen_lines(view: View, seat: int, locale: str) -> list[str]:
    """What is behind ``seat``'s screen, a line a thing, every tile and card by its name."""
    p: PlayerView = view.players[seat]
    lines: list[str] = []
    g = p.goods
    if g is not None:
        lines.append(say("picture.goods", locale, food=g.food, coins=g.coins, resources=g.resources))
        lines.append(say("picture.culture_votes", locale, culture=g.culture, votes=g.votes))
    if p.buildings:
        tiles = counted([building(b, locale) for b in p.buildings], locale)
        lines.append(say("picture.buildings", locale, tiles=tiles))
    if p.cards and p.card_categories:
        cards = [say(f"category.{k}", locale) for k in p.card_categories]
        lines.append(say("picture.prosperity", locale, cards=counted(cards, locale)))
    if view.my_sealed is not None:
        number, coins = view.my_sealed
        name = tile_name(view.offers[number].tile, locale) if number < len(view.offers) else ""
        lines.append(say("picture.secret_bid", locale, number=number + 1, tile=name, coins=coins))
    if view.my_choice is not None:
        lines.append(say("picture.my_choice", locale, choice=say(f"negotiation.{view.my_choice}", locale)))
    if view.my_spend is not None:
        lines.append(say("picture.war_spend", locale, resources=view.my_spend[0], votes=view.my_spend[1]))
    if view.my_card is not None:
        lines.append(say("picture.card_committed", locale, card=card_category(view.my_card, locale)))
    if view.my_vote is not None:
        lines.append(say("picture.my_votes", locale, votes=view.my_vote))
    if view.categories:
        voted = ", ".join(say(f"category.{k}", locale) for k in view.categories)
        lines.append(say("picture.voting_on", locale, categories=voted))
    if p.reserve:
        tiles = counted([tile_name(r.tile, locale) for r in p.reserve], locale)
        lines.append(say("picture.waiting", locale, tiles=tiles))
    return lines


def screen_block(view: View, seat: int, names: Sequence[str], locale: str) -> Image.Image:
    p = view.players[seat]
    inner = WIDTH - 2 * MARGIN - 20
    head = wrap(header(view, locale), inner, size=TITLE, bold=True)
    title = wrap(player_name(view, seat, names, locale), inner, size=TITLE, bold=True)
    body = [part for line in screen_lines(view, seat, locale) for part in wrap(line, inner, size=BODY)]
    image, draw = _block(MARGIN + LINE * (len(head) + len(title) + len(body)) + 8 + MARGIN)
    draw.rectangle((0, 0, 10, image.height), fill=SEAT_COLOURS.get(p.colour, THEME["ink"]))
    y = _lines(draw, MARGIN + 12, MARGIN, head, size=TITLE, bold=True)
    y = _lines(draw, MARGIN + 12, y, title, size=TITLE, bold=True) + 8
    _lines(draw, MARGIN + 12, y, body)
    return image


def private_pictures(view: View, seat: int, names: Sequence[str] = (), *, locale: str = "en") -> list[bytes]:
    """What is behind ``seat``'s screen, then its own empire with the spots its patch options offer
    marked; the catalogues' words in ``locale``."""
    spots = [(r, c) for r, c in view.spots]
    p = view.players[seat]
    mine = (view.my_sealed, view.my_choice, view.my_spend, view.my_card, view.my_vote, view.categories)
    screen = ("screen", locale, tuple(names), seat, view.era, view.round, view.phase.value,
              kit.fingerprint(p), kit.fingerprint(mine), kit.fingerprint(view.offers))
    return stacked([_kept(screen, lambda: screen_block(view, seat, names, locale)),
                    _empire(view, seat, names, locale, spots)])


def render_private(view: View, seat: int, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """The first of :func:`private_pictures`."""
    return private_pictures(view, seat, names, locale=locale)[0]
