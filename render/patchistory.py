"""Patchistory pictures: the public table and each seat's private screen.

``render_board(view)`` draws the spectator view: era, round and phase, the auction row with its bids,
every empire's grid (symbols, gold frames, seas, wastelands, buildings, named spaces and workers), the
overview stats, and the trade routes with their workers. ``render_private(view, seat)`` draws what is
behind that seat's screen: goods, building tiles, prosperity cards and its secret commitments, next to
its own empire. Pure functions of the view: the same view gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render import kit
from render.kit import THEME, Colour, box, canvas, png, text, text_width
from rules.core.messages import catalogue, msg, render
from rules.patchistory.common import name_key
from rules.patchistory.views import PlayerView, SquareView, View

PACKAGES = ("rules.patchistory", "rules.core")

WIDTH = 1000
CELL = 52
SMALL = 30
"""Squares of the auction tiles."""

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




def say(key: str, locale: str, **params: str | int) -> str:
    """The catalogue's words for ``patchistory.<key>`` in ``locale``."""
    return render(msg(f"patchistory.{key}", **params), locale, PACKAGES)


def printed_name(name: str, locale: str) -> str:
    """A printed name (a place, a wonder, a personality) as the reader's rulebook gives it."""
    key = name_key(name)
    return render(msg(key), locale, PACKAGES) if key in catalogue("rules.patchistory", "en") else name


wrap = kit.wrap


def symbols(values: dict[str, int]) -> str:
    return " ".join(f"{n}{STAT_LETTERS[k]}" for k, n in values.items() if n)


AXIS = 30
"""Room for the row numbers left of an empire and the column numbers above it."""


Cell = tuple[int, int]


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


def draw_squares(
    draw: ImageDraw.ImageDraw,
    squares: list[SquareView],
    x0: float,
    y0: float,
    cell: int,
    *,
    worker_colour: Colour | None = None,
    size: int = 18,
    axes: bool = False,
    locale: str = "en",
    spots: Sequence[Cell] = (),
) -> None:
    """A grid of squares with its top-left visible square at (x0, y0); with ``axes`` the row and
    column numbers of the empire (the coordinates the patch options use) run along its left and top
    edges first, and each of ``spots`` is outlined and labelled with its coordinates."""
    if not squares and not spots:
        return
    r0, c0, rows, cols = bounds(squares, spots)
    if axes:
        for i in range(cols):
            text(draw, (x0 + AXIS + (i + 0.5) * cell, y0 + AXIS / 2), str(c0 + i), size=size,
                 colour=THEME["muted"], anchor="mm")
        for i in range(rows):
            text(draw, (x0 + AXIS / 2, y0 + AXIS + (i + 0.5) * cell), str(r0 + i), size=size,
                 colour=THEME["muted"], anchor="mm")
        x0, y0 = x0 + AXIS, y0 + AXIS
    spaces: dict[int, list[SquareView]] = {}
    for sq in squares:
        spaces.setdefault(sq.space, []).append(sq)
    for members in spaces.values():
        first = members[0]
        xs = [x0 + (s.col - c0) * cell for s in members]
        ys = [y0 + (s.row - r0) * cell for s in members]
        rect = (min(xs) + 1, min(ys) + 1, max(xs) + cell - 1, max(ys) + cell - 1)
        fill = (
            SEA if first.sea else WASTE if first.wasteland else KIND_FILL.get(first.kind, KIND_FILL["land"])
        )
        draw.rectangle(rect, fill=fill, outline=THEME["line"], width=1)
        if first.framed:
            draw.rectangle((rect[0] + 3, rect[1] + 3, rect[2] - 3, rect[3] - 3), outline=GOLD, width=3)
        cx, cy = (rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2
        width = rect[2] - rect[0] - 6
        lines = []
        if first.name:
            named = wrap(printed_name(first.name, locale), width, size=size - 2, bold=True)
            lines += [(w, THEME["ink"], True) for w in named]
        if first.yields:
            made = wrap(symbols(first.yields), width, size=size, bold=True)
            lines += [(w, THEME["ink"], True) for w in made]
        if first.framed:
            lines += [(w, (150, 110, 10), False) for w in wrap("+" + symbols(first.framed), width, size=size)]
        if cell < 40:
            lines = lines[-1:] if lines else []
        step = size + 2
        top = cy - step * (len(lines) - 1) / 2
        for i, (words, colour, bold) in enumerate(lines):
            text(
                draw,
                (cx, top + i * step),
                words,
                size=size if not bold or first.name == "" else size - 2,
                bold=bold,
                colour=colour,
                anchor="mm",
            )
        if first.worker and worker_colour is not None:
            wx, wy = rect[0] + 10, rect[1] + 10
            draw.ellipse((wx - 7, wy - 7, wx + 7, wy + 7), fill=worker_colour, outline=THEME["ink"], width=2)
    for row, col in spots:
        sx, sy = x0 + (col - c0) * cell, y0 + (row - r0) * cell
        draw.rectangle((sx + 2, sy + 2, sx + cell - 2, sy + cell - 2), outline=THEME["highlight"], width=3)
        words = spot_label(row, col)
        w = text_width(words, size=size, bold=True) + 6
        cx, cy = sx + cell / 2, sy + cell - size / 2 - 5
        tag = (cx - w / 2, cy - size / 2 - 3, cx + w / 2, cy + size / 2 + 3)
        draw.rectangle(tag, fill=THEME["highlight"])
        text(draw, (cx, cy), words, size=size, bold=True, colour=THEME["ink"], anchor="mm")


def grid_size(
    squares: list[SquareView], cell: int, *, axes: bool = False, spots: Sequence[Cell] = ()
) -> tuple[int, int]:
    _, _, rows, cols = bounds(squares, spots)
    margin = AXIS if axes else 0
    return cols * cell + margin, rows * cell + margin


def colour_name(view: View, seat: int, locale: str) -> str:
    return say(f"picture.colour.{view.players[seat].colour}", locale)


def player_name(view: View, seat: int, names: Sequence[str] = (), locale: str = "en") -> str:
    return f"{kit.player_name(seat, names)} ({colour_name(view, seat, locale)})"


def panel_scale(view: View, seat: int, width: float) -> int:
    """Square size that fits the empire across the panel (the full 52 px up to 8 columns)."""
    _, _, _, cols = bounds(view.players[seat].squares)
    return min(CELL, int((width - 40 - AXIS) / max(1, cols)))


def panel_words(
    view: View, seat: int, width: float, names: Sequence[str] = (), locale: str = "en"
) -> tuple[list[str], list[str]]:
    """The panel's title lines (name, colour, first player) and its lines of counts, wrapped."""
    p = view.players[seat]
    mark = " " + say("picture.first", locale) if view.first == seat else ""
    title = wrap(player_name(view, seat, names, locale) + mark, width - 40, size=22, bold=True)
    route_workers = sum(1 for wk in p.workers if wk.where != "land")
    waiting = len(p.reserve)
    info = say("picture.info", locale, born=p.born, routes=route_workers, upkeep=p.upkeep, waiting=waiting)
    if view.scores is not None:
        info = say("picture.info_over", locale, culture=view.scores[seat], born=p.born, upkeep=p.upkeep)
    return title, wrap(info, width - 40, size=18)


def panel_height(
    view: View, seat: int, width: float, names: Sequence[str] = (), locale: str = "en"
) -> float:
    scale = panel_scale(view, seat, width)
    _, h = grid_size(view.players[seat].squares, scale, axes=True)
    title, info = panel_words(view, seat, width, names, locale)
    return 16 + 28 * len(title) + h + 62 + 24 * len(info)


def draw_player(
    draw: ImageDraw.ImageDraw,
    view: View,
    seat: int,
    x: float,
    y: float,
    width: float,
    names: Sequence[str] = (),
    locale: str = "en",
) -> float:
    """One player's panel: name, empire grid, the overview stats and the descendant track; its height."""
    p = view.players[seat]
    colour = SEAT_COLOURS.get(p.colour, THEME["ink"])
    scale = panel_scale(view, seat, width)
    _, h = grid_size(p.squares, scale, axes=True)
    height = panel_height(view, seat, width, names, locale)
    box(draw, (x, y, x + width, y + height))
    draw.rectangle((x + 2, y + 2, x + 14, y + height - 2), fill=colour)
    title, info = panel_words(view, seat, width, names, locale)
    for i, line in enumerate(title):
        text(draw, (x + 24, y + 10 + 28 * i), line, size=22, bold=True)
    top = y + 16 + 28 * len(title)
    draw_squares(
        draw, p.squares, x + 24, top, scale, worker_colour=colour, size=18 if scale >= 44 else 16,
        axes=True,
        locale=locale,
    )
    sx, sy = x + 24, top + h + 10
    for k, v in p.stats.items():
        words = f"{STAT_LETTERS[k]} {v}"
        text(draw, (sx, sy), words, size=20, bold=True, colour=STAT_COLOURS[k])
        sx += max(46, 13 * len(words) + 6)
    for i, line in enumerate(info):
        text(draw, (x + 24, sy + 32 + 24 * i), line, size=18, colour=THEME["muted"])
    return height


def auction_heading(view: View, names: Sequence[str] = (), locale: str = "en") -> list[str]:
    title = say("picture.auction", locale)
    if view.first_choice is not None:
        chooser = player_name(view, view.first_choice, names, locale)
        title = say("picture.auction_tie", locale, name=chooser)
    return wrap(title, WIDTH - 30, size=22, bold=True)


def draw_auction(
    draw: ImageDraw.ImageDraw, view: View, x: float, y: float, names: Sequence[str] = (), locale: str = "en"
) -> float:
    """The laid-out tiles with the bids on them, and who the auction waits for on a 2-player tie."""
    if not view.offers:
        return 0
    heading = auction_heading(view, names, locale)
    for i, line in enumerate(heading):
        text(draw, (x, y + 28 * i), line, size=22, bold=True)
    cx = x
    top = y + 32 + 28 * (len(heading) - 1)
    for i, offer in enumerate(view.offers):
        label = f"#{i + 1} {offer.tile}"
        text(draw, (cx, top), label, size=18, bold=True)
        sx = cx
        for name, squares in offer.sides.items():
            draw_squares(draw, squares, sx, top + 26, SMALL * 2, size=14)
            side = say(f"side.{name}", locale)
            text(draw, (sx, top + 26 + SMALL * 4 + 4), side, size=18, colour=THEME["muted"])
            sx += SMALL * 4 + 10
        bx = cx + 14
        for s, t, c in view.bids:
            if t != i:
                continue
            by = top + 26 + SMALL * 4 + 40
            colour = SEAT_COLOURS.get(view.players[s].colour, THEME["ink"])
            draw.ellipse((bx - 14, by - 14, bx + 14, by + 14), fill=colour, outline=THEME["ink"])
            text(draw, (bx, by), str(c), size=18, bold=True, colour=THEME["white"], anchor="mm")
            bx += 34
        cx = sx + 24
    return top - y + 26 + SMALL * 4 + 60


def draw_routes(
    draw: ImageDraw.ImageDraw, view: View, x: float, y: float, width: float, locale: str = "en"
) -> float:
    if not view.routes:
        return 0
    text(
        draw,
        (x, y),
        say("picture.routes", locale, general=view.general_left, alliance=view.alliance_left),
        size=22,
        bold=True,
    )
    yy = y + 34
    for i, r in enumerate(view.routes):
        a, b = colour_name(view, r.start, locale), colour_name(view, r.end, locale)
        kind = say("picture.route_kind." + ("alliance" if r.kind == "alliance" else "general"), locale)
        war = " " + say("picture.war", locale) if r.war_attackers else ""
        text(
            draw,
            (x, yy),
            say("picture.route", locale, number=i + 1, start=a, end=b, kind=kind) + war,
            size=18,
            colour=THEME["bad"] if war else THEME["ink"],
        )
        spaces = 5
        for k in range(spaces):
            bx = x + 330 + k * 46
            draw.rectangle((bx, yy, bx + 40, yy + 22), outline=THEME["line"], fill=THEME["panel"])
        for seat, where, step in r.workers:
            colour = SEAT_COLOURS.get(view.players[seat].colour, THEME["ink"])
            if where == "rest":
                bx = x + 330 + spaces * 46 + 10
                text(draw, (bx + 30, yy), say("picture.rest", locale), size=18, colour=THEME["muted"])
            else:
                pos = step if seat == r.start or r.kind == "general" else spaces - 1 - step
                bx = x + 330 + pos * 46
            draw.ellipse((bx + 11, yy + 2, bx + 29, yy + 20), fill=colour, outline=THEME["ink"])
        yy += 30
    return yy - y


def header(view: View, locale: str = "en") -> str:
    phase = say(f"picture.phase.{view.phase.value}", locale)
    return say("picture.header", locale, era=view.era, round=view.round, phase=phase)


def render_board(view: View, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """The public picture: everything the spectator view holds; ``names`` in seat order; the words
    of the catalogues in ``locale``."""
    n = len(view.players)
    cols = 2 if n > 1 else 1
    panel_w = (WIDTH - 30 - 10 * (cols - 1)) / cols
    heights = [panel_height(view, s, panel_w, names, locale) for s in range(n)]
    legend = wrap(
        " · ".join(f"{letter} {say(f'picture.stat.{k}', locale)}" for k, letter in STAT_LETTERS.items()),
        WIDTH - 30,
        size=18,
    )
    auction = view.phase.value in ("auction", "patch") and bool(view.offers)
    rows = (n + cols - 1) // cols
    total = (
        70
        + (SMALL * 4 + 122 + 28 * len(auction_heading(view, names, locale)) if auction else 0)
        + sum(max(heights[r * cols : (r + 1) * cols]) + 12 for r in range(rows))
        + 50
        + 30 * len(view.routes)
        + 56
        + 24 * len(legend)
    )
    image, draw = canvas(WIDTH, int(total))
    text(draw, (15, 14), header(view, locale), size=26, bold=True)
    y = 60.0
    if auction:
        y += draw_auction(draw, view, 15, y, names, locale)
    for r in range(rows):
        row_h = 0.0
        for c in range(cols):
            s = r * cols + c
            if s < n:
                row_h = max(row_h, draw_player(
                    draw, view, s, 15 + c * (panel_w + 10), y, panel_w, names, locale
                ))
        y += row_h + 12
    y += draw_routes(draw, view, 15, y + 8, WIDTH - 30, locale) + 12
    for i, line in enumerate(legend):
        text(draw, (15, y + 24 * i), line, size=18, colour=THEME["muted"])
    return png(image)


def render_private(view: View, seat: int, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """What is behind ``seat``'s screen, beside its own empire; the catalogues' words in ``locale``."""
    p: PlayerView = view.players[seat]
    lines: list[str] = [header(view, locale), player_name(view, seat, names, locale)]
    g = p.goods
    if g is not None:
        lines.append(say("picture.goods", locale, food=g.food, coins=g.coins, resources=g.resources))
        lines.append(say("picture.culture_votes", locale, culture=g.culture, votes=g.votes))
    if p.buildings:
        lines.append(say("picture.buildings", locale, tiles=", ".join(p.buildings)))
    if p.cards and p.card_categories:
        cards = [
            f"{say(f'category.{k}', locale)} ({c})" for c, k in zip(p.cards, p.card_categories, strict=True)
        ]
        lines.append(say("picture.prosperity", locale, cards=", ".join(cards)))
    if view.my_sealed is not None:
        lines.append(say("picture.secret_bid", locale, number=view.my_sealed[0] + 1, coins=view.my_sealed[1]))
    if view.my_choice is not None:
        lines.append(say("picture.my_choice", locale, choice=view.my_choice))
    if view.my_spend is not None:
        lines.append(say("picture.war_spend", locale, resources=view.my_spend[0], votes=view.my_spend[1]))
    if view.my_card is not None:
        lines.append(say("picture.card_committed", locale, card=view.my_card))
    if view.my_vote is not None:
        lines.append(say("picture.my_votes", locale, votes=view.my_vote))
    if view.categories:
        voted = ", ".join(say(f"category.{k}", locale) for k in view.categories)
        lines.append(say("picture.voting_on", locale, categories=voted))
    if p.reserve:
        lines.append(say("picture.waiting", locale, tiles=", ".join(r.tile for r in p.reserve)))
    spots = [(r, c) for r, c in view.spots]
    _, _, _, cols = bounds(p.squares, spots)
    cell = min(CELL, int((430 - AXIS) / max(1, cols)))
    w, h = grid_size(p.squares, cell, axes=True, spots=spots)
    shown = [(part, i == 0) for i, line in enumerate(lines) for part in wrap(line, 520, size=20, bold=i == 0)]
    height = max(40 + 30 * len(shown), 60 + h + 20)
    image, draw = canvas(WIDTH, int(height) + 20)
    colour = SEAT_COLOURS.get(p.colour, THEME["ink"])
    draw.rectangle((0, 0, 10, height + 20), fill=colour)
    for i, (line, bold) in enumerate(shown):
        text(draw, (24, 16 + 30 * i), line, size=20, bold=bold)
    draw_squares(
        draw,
        p.squares,
        WIDTH - 20 - w,
        60,
        cell,
        worker_colour=colour,
        size=18 if cell >= 44 else 16,
        axes=True,
        spots=spots,
        locale=locale,
    )
    return png(image)
