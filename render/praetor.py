"""Praetor pictures: the shared city and tracks (public), and one player's board (private).

Both are drawn from a :class:`rules.praetor.views.View` only. The public picture shows the city grid
(owners, corner squares, workers placed, slots used, specials used), the favour and turn-order
track, the available tiles and the wall tile, and a summary of every player's board. The private
picture is one player's board in full: morale track, village, apprentices, active workers with
their experience, retired workers, wages, pensions, Market rates and resources.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render.kit import SEAT_COLOURS, THEME, Colour, box, canvas, fit, player_name, png, text, text_width
from rules.praetor.views import PlayerView, TileView, View

WIDTH = 1000
MARGIN = 16
MIN_CELL = 96
"""Smallest city cell, so tile names stay at 18 px; a very wide city widens the picture instead."""
PATTERNS: dict[str, Colour] = {"a": (214, 92, 60), "b": (70, 130, 200), "c": (236, 196, 60),
                               "d": (90, 170, 90)}
"""Corner-square patterns by colour (public sources say matching is by the square's colour)."""
SLOT: dict[str, Colour] = {"red": (240, 200, 190), "green": (206, 232, 200), "grey": (220, 220, 220),
                           "none": (240, 232, 210)}
RESOURCE_COLOURS: dict[str, Colour] = {"gold": (222, 170, 40), "wood": (230, 130, 40),
                                       "stone": (150, 150, 150), "marble": (235, 235, 235),
                                       "weapons": (40, 40, 40)}
SHORT = {"gold": "G", "wood": "W", "stone": "S", "marble": "M", "weapons": "A"}
"""One-letter resource codes used in costs (A for arms, the weapons)."""


def seat_colour(seat: int | None) -> Colour:
    return THEME["muted"] if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def costs(values: dict[str, int]) -> str:
    return " ".join(f"{n}{SHORT[r]}" for r, n in values.items() if n) or "—"


def render_board(view: View, names: Sequence[str] = ()) -> bytes:
    """The public picture of the table; ``names`` are the players' names in seat order."""
    cols, rows, cell = _grid_size(view)
    city_h = rows * cell + 2 * MARGIN
    players_h = 34 + 66 * len(view.players)
    height = 70 + 70 + city_h + 200 + players_h + MARGIN
    image, draw = canvas(max(WIDTH, cols * cell + 2 * MARGIN), height)
    y = _header(draw, view)
    y = _favour_track(draw, view, y, names)
    y = _city(draw, view, y, cols, cell)
    y = _display(draw, view, y)
    _players(draw, view, y, names)
    return png(image)


def render_private(view: View, seat: int, names: Sequence[str] = ()) -> bytes:
    """``seat``'s own board in full."""
    player = view.players[seat]
    image, draw = canvas(WIDTH, 630)
    name = fit(f"{player_name(seat, names)} · board {player.board.id}", WIDTH - 2 * MARGIN - 220, size=28,
               bold=True)
    box(draw, (MARGIN, MARGIN, WIDTH - MARGIN, 70), fill=seat_colour(seat))
    text(draw, (MARGIN + 16, 42), name, size=28, bold=True, colour=THEME["white"], anchor="lm")
    text(draw, (WIDTH - MARGIN - 16, 42), f"{player.favour} favour", size=28, bold=True,
         colour=THEME["white"], anchor="rm")
    y = _morale_track(draw, player, 90)
    y = _workers_panel(draw, player, y + 10)
    y = _stock_panel(draw, player, y + 10)
    _market_panel(draw, player, y + 10)
    return png(image)


# ---- public parts ---------------------------------------------------------------------------

def _header(draw: ImageDraw.ImageDraw, view: View) -> int:
    box(draw, (MARGIN, MARGIN, WIDTH - MARGIN, 62))
    title = f"Praetor · round {view.round}" + (" (last)" if view.last_round else "")
    text(draw, (MARGIN + 14, 39), title, size=26, bold=True, anchor="lm")
    era = "—" if view.stack_era is None else ["0", "I", "II"][view.stack_era]
    status = f"stack {view.stack_size} (era {era}) · walls {view.walls_left} · {view.phase}"
    text(draw, (WIDTH - MARGIN - 14, 39), status, size=20, colour=THEME["muted"], anchor="rm")
    return 72


def _favour_track(draw: ImageDraw.ImageDraw, view: View, y: int, names: Sequence[str]) -> int:
    """Turn order left to right, each chip with its favour; the seat to act is outlined."""
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 58))
    text(draw, (MARGIN + 12, y + 29), "Order", size=20, bold=True, anchor="lm")
    step = (WIDTH - 2 * MARGIN - 100) / max(1, len(view.order))
    for i, seat in enumerate(view.order):
        x = MARGIN + 100 + i * step
        player = view.players[seat]
        outline = THEME["highlight"] if view.turn_seat == seat else THEME["line"]
        box(draw, (x, y + 8, x + step - 10, y + 50), fill=seat_colour(seat), outline=outline, width=4)
        favour = f": {player.favour}" + (" ✓" if player.passed else "")
        room = step - 20 - text_width(favour, size=20, bold=True)
        label = fit(f"{i + 1}. {player_name(seat, names)}", room, size=20, bold=True) + favour
        text(draw, (x + (step - 10) / 2, y + 29), label, size=20, bold=True, colour=THEME["white"],
             anchor="mm")
    return y + 68


def _grid_size(view: View) -> tuple[int, int, int]:
    xs = [t.x for t in view.city] or [0]
    ys = [t.y for t in view.city] or [0]
    cols, rows = max(xs) - min(xs) + 3, max(ys) - min(ys) + 3
    cell = int(max(MIN_CELL, min(130, (WIDTH - 2 * MARGIN) / cols, 900 / rows)))
    return cols, rows, cell


def _city(draw: ImageDraw.ImageDraw, view: View, y: int, cols: int, cell: int) -> int:
    xs = [t.x for t in view.city] or [0]
    ys = [t.y for t in view.city] or [0]
    rows = max(ys) - min(ys) + 3
    width = max(WIDTH, cols * cell + 2 * MARGIN)
    left = (width - cols * cell) / 2
    top = y + MARGIN
    box(draw, (MARGIN / 2, y, width - MARGIN / 2, y + rows * cell + 2 * MARGIN))
    for t in view.city:
        cx = left + (t.x - min(xs) + 1) * cell
        cy = top + (max(ys) - t.y + 1) * cell
        tile = view.tiles[t.uid]
        _tile(draw, tile, (cx, cy), cell, owner=t.owner, activated=t.activated)
        for i, (seat, exp) in enumerate(view.on.get(t.uid, [])):
            _die(draw, (cx + cell * 0.5 + (i - 0.5) * cell * 0.3, cy + cell * 0.62), cell * 0.26, seat, exp)
        for i, seat in enumerate(view.used.get(t.uid, [])):
            r = cell * 0.06
            px, py = cx + cell * 0.2 + i * r * 2.6, cy + cell - cell * 0.28
            draw.ellipse((px - r, py - r, px + r, py + r), fill=seat_colour(seat), outline=THEME["ink"])
    return y + rows * cell + 2 * MARGIN + 10


def _tile(draw: ImageDraw.ImageDraw, tile: TileView, xy: tuple[float, float], size: float, *,
          owner: int | None, activated: bool) -> None:
    x, y = xy
    pad = max(2, size * 0.03)
    outline = THEME["ink"] if activated else THEME["line"]
    box(draw, (x + pad, y + pad, x + size - pad, y + size - pad), fill=SLOT[tile.activation], outline=outline,
        radius=6, width=3 if activated else 2)
    corner = size * 0.16
    far = size - pad - corner
    spots = {"NW": (x + pad, y + pad), "NE": (x + far, y + pad),
             "SW": (x + pad, y + far), "SE": (x + far, y + far)}
    for name, (qx, qy) in spots.items():
        pattern = tile.corners.get(name)
        if pattern is not None:
            draw.rectangle((qx, qy, qx + corner, qy + corner), fill=PATTERNS.get(pattern, THEME["muted"]))
    size_text = 18
    for i, line in enumerate(_name_lines(tile.name)):
        text(draw, (x + size / 2, y + size * 0.26 + i * (size_text + 2)),
             fit(line, size - 2 * pad - 4, size=size_text, bold=True), size=size_text, bold=True, anchor="mm")
    if owner is not None:
        r = size * 0.13
        ox, oy = x + size - pad - r - 2, y + size - pad - r - 2
        draw.ellipse((ox - r, oy - r, ox + r, oy + r), fill=seat_colour(owner), outline=THEME["ink"])
        text(draw, (ox, oy), str(owner + 1), size=size_text, bold=True, colour=THEME["white"], anchor="mm")


def _name_lines(name: str) -> list[str]:
    """A tile name on at most two lines ("Temple of" shortened to "T.")."""
    words = name.replace("Temple of ", "T. ").split()
    if len(words) == 1:
        return words
    if words[0] == "T.":
        return [" ".join(words)]
    return [words[0], " ".join(words[1:])]


def _die(draw: ImageDraw.ImageDraw, centre: tuple[float, float], size: float, seat: int, exp: int) -> None:
    x, y = centre
    half = size / 2
    fill = seat_colour(seat)
    draw.rounded_rectangle((x - half, y - half, x + half, y + half), radius=4, fill=fill,
                           outline=THEME["ink"])
    label = "R" if exp == 0 else str(exp)
    text(draw, (x, y), label, size=max(18, int(size * 0.7)), bold=True, colour=THEME["white"], anchor="mm")


def _display(draw: ImageDraw.ImageDraw, view: View, y: int) -> int:
    """The available city tiles and the face-up wall tile."""
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 190))
    text(draw, (MARGIN + 12, y + 20), "Available", size=20, bold=True, anchor="lm")
    size = 110
    for i, uid in enumerate(view.available):
        tile = view.tiles[uid]
        x = MARGIN + 12 + i * (size + 8)
        _tile(draw, tile, (x, y + 36), size, owner=None, activated=False)
        text(draw, (x + size / 2, y + 36 + size * 0.62), f"+{tile.favour}", size=20, bold=True, anchor="mm")
        text(draw, (x + size / 2, y + 36 + size + 16), fit(costs(tile.build_cost), size, size=18), size=18,
             anchor="mm")
    wx = WIDTH - MARGIN - 190
    box(draw, (wx, y + 30, WIDTH - MARGIN - 12, y + 178), fill=(232, 224, 208))
    text(draw, (wx + 12, y + 50), "Wall tile", size=20, bold=True, anchor="lm")
    if view.wall is None:
        text(draw, (wx + 12, y + 90), "taken", size=20, colour=THEME["muted"], anchor="lm")
    else:
        text(draw, (wx + 12, y + 84), fit(costs(view.wall.demand), 160, size=20), size=20, anchor="lm")
        text(draw, (wx + 12, y + 116), f"{view.wall.favour} favour", size=20, bold=True, anchor="lm")
        text(draw, (wx + 12, y + 148), f"back +{view.wall.back}", size=18, colour=THEME["muted"], anchor="lm")
    return y + 200


def _players(draw: ImageDraw.ImageDraw, view: View, y: int, names: Sequence[str]) -> None:
    text(draw, (MARGIN + 4, y + 14), "Players (G gold, W wood, S stone, M marble, A weapons)", size=18,
         colour=THEME["muted"], anchor="lm")
    y += 30
    for player in view.players:
        box(draw, (MARGIN, y, WIDTH - MARGIN, y + 60), outline=seat_colour(player.seat), width=3)
        label = fit(f"{player_name(player.seat, names)} ({player.board.id})", 250 - MARGIN - 20, size=20,
                    bold=True)
        text(draw, (MARGIN + 12, y + 18), label, size=20, bold=True, colour=seat_colour(player.seat),
             anchor="lm")
        text(draw, (MARGIN + 12, y + 44), f"{player.favour} fav · morale {player.morale_value:+d}", size=18,
             anchor="lm")
        stock = " ".join(f"{player.stock.get(r)}{SHORT[r]}" for r in SHORT)
        text(draw, (250, y + 18), stock, size=20, anchor="lm")
        people = (f"village {player.peasants} · appr {player.level1}+{player.level2} · "
                  f"retired {player.retired + player.lent} · walls {len(player.walls)} · "
                  f"tiles {player.tiles}")
        text(draw, (250, y + 44), fit(people, WIDTH - 270, size=18), size=18, anchor="lm")
        for i, worker in enumerate(player.workers):
            x = 620 + i * 34
            fill = seat_colour(player.seat) if worker.on is None else THEME["line"]
            draw.rounded_rectangle((x, y + 6, x + 28, y + 34), radius=4, fill=fill, outline=THEME["ink"])
            text(draw, (x + 14, y + 20), str(worker.exp), size=18, bold=True, colour=THEME["white"],
                 anchor="mm")
        y += 66


# ---- private parts --------------------------------------------------------------------------

def _morale_track(draw: ImageDraw.ImageDraw, player: PlayerView, y: int) -> int:
    track = player.board.morale_track
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 90))
    text(draw, (MARGIN + 12, y + 20), "Morale (favour at the end)", size=20, bold=True, anchor="lm")
    step = (WIDTH - 2 * MARGIN - 24) / len(track)
    for i, value in enumerate(track):
        x = MARGIN + 12 + i * step
        here = i == player.morale
        fill = THEME["highlight"] if here else THEME["panel"]
        box(draw, (x, y + 40, x + step - 6, y + 80), fill=fill, radius=6, width=3 if here else 1)
        text(draw, (x + (step - 6) / 2, y + 60), f"{value:+d}", size=20, bold=here, anchor="mm")
    return y + 90


def _workers_panel(draw: ImageDraw.ImageDraw, player: PlayerView, y: int) -> int:
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 170))
    rows = [("Village", player.peasants, "peasants at exp 1"),
            ("Apprentices", player.level1 + player.level2,
             f"level 1: {player.level1}, level 2: {player.level2}"),
            ("Retired", player.retired + player.lent,
             f"pensions {sum(player.board.pensions[:player.retired + player.lent])} gold"
             + (f", {player.lent} out on an Encampment" if player.lent else ""))]
    for i, (label, count, note) in enumerate(rows):
        ry = y + 22 + i * 30
        text(draw, (MARGIN + 12, ry), f"{label}: {count}", size=20, bold=True, anchor="lm")
        text(draw, (MARGIN + 230, ry), note, size=18, colour=THEME["muted"], anchor="lm")
    ry = y + 120
    text(draw, (MARGIN + 12, ry + 14), "Active", size=20, bold=True, anchor="lm")
    for i, worker in enumerate(player.workers):
        x = MARGIN + 110 + i * 58
        fill = seat_colour(player.seat) if worker.on is None else THEME["line"]
        draw.rounded_rectangle((x, ry - 8, x + 44, ry + 36), radius=6, fill=fill, outline=THEME["ink"])
        text(draw, (x + 22, ry + 14), str(worker.exp), size=24, bold=True, colour=THEME["white"], anchor="mm")
    wages = sum(player.board.wages[: len(player.workers)])
    text(draw, (WIDTH - MARGIN - 14, ry + 14), f"wages {wages} gold", size=18, colour=THEME["muted"],
         anchor="rm")
    return y + 170


def _stock_panel(draw: ImageDraw.ImageDraw, player: PlayerView, y: int) -> int:
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 70))
    for i, resource in enumerate(SHORT):
        x = MARGIN + 16 + i * 190
        draw.rectangle((x, y + 22, x + 26, y + 48), fill=RESOURCE_COLOURS[resource], outline=THEME["ink"])
        text(draw, (x + 36, y + 35), f"{player.stock.get(resource)} {resource}", size=22, anchor="lm")
    return y + 70


def _market_panel(draw: ImageDraw.ImageDraw, player: PlayerView, y: int) -> None:
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + 60))
    text(draw, (MARGIN + 12, y + 30), "Market", size=20, bold=True, anchor="lm")
    for i, (good, (buy, sell)) in enumerate(player.board.market.items()):
        x = MARGIN + 120 + i * 210
        text(draw, (x, y + 30), f"{good}: buy {buy} / sell {sell}", size=18, anchor="lm")
    walls = ", ".join(f"{w.favour} (back +{w.back})" for w in player.walls) or "none"
    box(draw, (MARGIN, y + 70, WIDTH - MARGIN, y + 130))
    text(draw, (MARGIN + 12, y + 100), fit(f"Wall tiles: {walls}", WIDTH - 2 * MARGIN - 24, size=20), size=20,
         anchor="lm")
