"""Pictures of Roll for the Galaxy: the public tableau board and one seat's private picture.

``render_board(view)`` draws what everyone sees (the spectator view): every player's tableau with
goods, construction-zone tops and stack sizes, credits, VP chips, cup and Citizenry dice, the
selected phases. ``render_private(view, seat)`` draws that seat's secrets: rolled dice by colour and
face with their columns, both construction stacks in full, tiles drawn and returned.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import ImageDraw

from render.kit import THEME, Colour, box, canvas, fit, player_name, png, text
from rules.rftg.views import PlayerView, TileView, View

WIDTH = 1000
MARGIN = 16
CARD_W, CARD_H = 234, 58
CARDS_PER_ROW = 4
DIE = 22

PHASE_NAMES = {"explore": "I Explore", "develop": "II Develop", "settle": "III Settle",
               "produce": "IV Produce", "ship": "V Ship"}
FACE_MARK = {"explore": "E", "develop": "D", "settle": "S", "produce": "P", "ship": "Sh", "wild": "*"}
WORLD_FILL: dict[str, Colour] = {
    "gray": (200, 200, 196), "blue": (170, 196, 235), "brown": (214, 184, 150),
    "green": (176, 222, 170), "yellow": (246, 226, 140),
}
DEV_FILL: Colour = (226, 220, 236)


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, mark: str = "", size: int = DIE) -> None:
    fill = THEME.get(colour, THEME["grey"])
    draw.rounded_rectangle((x, y, x + size, y + size), radius=4, fill=fill, outline=THEME["ink"], width=1)
    if mark:
        ink = THEME["ink"] if colour in ("white", "yellow") else THEME["white"]
        text(draw, (x + size / 2, y + size / 2), mark, size=18, bold=True, colour=ink, anchor="mm")


def _dice_row(draw: ImageDraw.ImageDraw, x: float, y: float, dice: Sequence[str], limit: int = 14) -> float:
    for i, d in enumerate(dice[:limit]):
        _die(draw, x + i * (DIE + 3), y, d)
    if len(dice) > limit:
        text(draw, (x + limit * (DIE + 3) + 2, y + 1), f"+{len(dice) - limit}", size=18)
        return x + limit * (DIE + 3) + 40
    return x + len(dice) * (DIE + 3)


def _card(draw: ImageDraw.ImageDraw, x: float, y: float, t: TileView) -> None:
    fill = DEV_FILL if t.kind == "development" else WORLD_FILL.get(t.colour or "gray", WORLD_FILL["gray"])
    shape_radius = 4 if t.kind == "development" else 16
    draw.rounded_rectangle((x, y, x + CARD_W, y + CARD_H), radius=shape_radius, fill=fill,
                           outline=THEME["line"], width=2)
    text(draw, (x + 6, y + 4), fit(t.name, CARD_W - 40, size=18), size=18)
    text(draw, (x + CARD_W - 6, y + 4), str(t.cost), size=18, bold=True, anchor="ra")
    for i, g in enumerate(t.goods):
        _die(draw, x + 6 + i * (DIE + 3), y + CARD_H - DIE - 5, g)


def _player_height(p: PlayerView) -> int:
    rows = max(1, -(-len(p.tableau) // CARDS_PER_ROW))
    return 150 + rows * (CARD_H + 6)


def _player(
    draw: ImageDraw.ImageDraw, y: int, seat: int, p: PlayerView, view: View, names: Sequence[str]
) -> int:
    h = _player_height(p)
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + h))
    x0 = MARGIN + 12
    head = (f"{player_name(seat, names)} · faction {p.faction} · ${p.credits} · {p.vp} VP chips"
            f" · {p.tiles} tiles")
    if p.score is not None:
        head += f" · score {p.score}"
    text(draw, (x0, y + 10), fit(head, WIDTH - 2 * MARGIN - 220, size=22, bold=True), size=22, bold=True)
    status = ""
    if view.stage == "assign":
        status = "assigned" if p.confirmed else f"assigning {p.rolled} dice"
    elif p.chose:
        status = "selected " + PHASE_NAMES[p.chose]
    text(draw, (WIDTH - MARGIN - 12, y + 12), status, size=18, colour=THEME["muted"], anchor="ra")
    text(draw, (x0, y + 44), "Cup", size=18, colour=THEME["muted"])
    end = _dice_row(draw, x0 + 50, y + 42, p.cup, limit=10)
    text(draw, (max(end + 16, 470), y + 44), "Citizenry", size=18, colour=THEME["muted"])
    _dice_row(draw, max(end + 16, 470) + 92, y + 42, p.citizenry, limit=10)
    zy = y + 76
    dev = f"Devs ({p.dev_size}): {p.dev_top or '—'}"
    world = f"Worlds ({p.world_size}): {p.world_top or '—'}"
    text(draw, (x0, zy), fit(dev, 300, size=18), size=18)
    _dice_row(draw, x0 + 310, zy - 2, p.dev_dice, limit=5)
    text(draw, (x0 + 480, zy), fit(world, 320, size=18), size=18)
    _dice_row(draw, x0 + 800, zy - 2, p.world_dice, limit=5)
    workers = [(ph, d) for ph, dice in p.columns.items() for d in dice]
    if workers:
        wx: float = x0
        for ph in PHASE_NAMES:
            col = p.columns.get(ph, [])  # type: ignore[call-overload]
            if col:
                text(draw, (wx, y + 108), FACE_MARK[ph], size=18, bold=True)
                wx = _dice_row(draw, wx + 30, y + 106, col, limit=6) + 12
    for i, t in enumerate(p.tableau):
        cx = x0 + (i % CARDS_PER_ROW) * (CARD_W + 6)
        cy = y + 140 + (i // CARDS_PER_ROW) * (CARD_H + 6)
        _card(draw, cx, cy, t)
    return y + h + 10


def render_board(view: View, names: Sequence[str] = ()) -> bytes:
    """The public picture: every tableau, zone tops and sizes, dice, credits, VP, selected phases.

    ``names`` are the players' names in seat order (``Seat N`` where missing)."""
    height = 70 + sum(_player_height(p) + 10 for p in view.players) + 10
    image, draw = canvas(WIDTH, height)
    title = f"Round {view.round}"
    if view.phase:
        title += f" · {PHASE_NAMES[view.phase]}"
    elif view.stage == "manage":
        title += " · Manage Empire"
    elif view.stage == "over":
        title += " · game over"
    text(draw, (MARGIN, 14), title, size=26, bold=True)
    info = f"bag {view.bag} · VP pool {view.vp_pool}"
    text(draw, (WIDTH - MARGIN, 16), info, size=20, colour=THEME["muted"], anchor="ra")
    x = MARGIN
    for ph, name in PHASE_NAMES.items():
        on = ph in view.selected
        w = 150
        draw.rounded_rectangle((x, 46, x + w, 66), radius=6,
                               fill=THEME["highlight"] if on else THEME["panel"], outline=THEME["line"])
        text(draw, (x + w / 2, 56), name, size=18, bold=on, anchor="mm")
        x += w + 8
    y = 76
    for seat, p in enumerate(view.players):
        y = _player(draw, y, seat, p, view, names)
    return png(image)


def render_private(view: View, seat: int, names: Sequence[str] = ()) -> bytes:
    """One seat's private picture: its dice this round and its whole construction zone."""
    p = view.players[seat]
    lines: list[tuple[str, list[tuple[str, str]]]] = []
    if p.assign is not None:
        by_place: dict[str, list[tuple[str, str]]] = {}
        for d in p.assign.dice:
            where = ("Selected: " if d.where == "select" else "Dictate" if d.where == "dictate" else "") + (
                PHASE_NAMES[d.column] if d.column and d.where != "dictate" else "")
            by_place.setdefault(where or "Unplaced", []).append((d.colour, FACE_MARK[d.face]))
        order = ["Unplaced"] + [f"Selected: {n}" for n in PHASE_NAMES.values()] + list(PHASE_NAMES.values())
        lines = sorted(by_place.items(), key=lambda kv: [*order, kv[0]].index(kv[0]))
    dev = p.dev_stack or []
    world = p.world_stack or []
    extra = (p.drawn or []) + (p.start_tiles or [])
    height = 120 + 44 * len(lines) + 30 * (max(len(dev), len(world), 1) + 1) + 30 * (len(extra) + 2)
    image, draw = canvas(WIDTH, max(height, 300))
    title = f"{player_name(seat, names)} · round {view.round} · your secrets"
    text(draw, (MARGIN, 14), fit(title, WIDTH - 2 * MARGIN, size=24, bold=True), size=24, bold=True)
    y = 56
    if lines:
        legend = "Your dice (face letters: E D S P Sh, * wild)"
        text(draw, (MARGIN, y), legend, size=18, colour=THEME["muted"])
        y += 28
        for where, dice in lines:
            text(draw, (MARGIN, y + 2), where, size=18, bold=True)
            for i, (colour, mark) in enumerate(dice):
                _die(draw, 300 + i * 42, y, colour, mark, size=36)
            y += 44
    text(draw, (MARGIN, y), "Development stack (top first)", size=18, bold=True)
    text(draw, (WIDTH // 2, y), "World stack (top first)", size=18, bold=True)
    y += 28
    if not dev:
        text(draw, (MARGIN, y), "—", size=18, colour=THEME["muted"])
    if not world:
        text(draw, (WIDTH // 2, y), "—", size=18, colour=THEME["muted"])
    for i in range(max(len(dev), len(world))):
        if i < len(dev):
            text(draw, (MARGIN, y), fit(f"{i + 1}. {dev[i]}", WIDTH // 2 - 30, size=18), size=18)
        if i < len(world):
            text(draw, (WIDTH // 2, y), fit(f"{i + 1}. {world[i]}", WIDTH // 2 - 30, size=18), size=18)
        y += 30
    if extra:
        y += 10
        text(draw, (MARGIN, y), "Tiles in hand (development / world)", size=18, bold=True)
        y += 28
        for t in extra:
            text(draw, (MARGIN, y), fit(t, WIDTH - 2 * MARGIN, size=18), size=18)
            y += 30
    return png(image)
