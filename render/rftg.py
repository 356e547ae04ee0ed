"""Pictures of Roll for the Galaxy: the public tableau board and one seat's private picture.

Both are drawn from a :class:`rules.rftg.views.View` only, in the reader's language: every word
comes from the catalogues. Pictures are 1000 px wide; no text is smaller than 2.25% of the width
(23 px), so it stays legible on a phone that shows the picture 400 px wide, and names wrap rather
than being cut. ``render_board(view)`` draws what everyone sees: every player's credits, VP chips
and tile count, cup and Citizenry dice, the top tile of each construction stack with the workers
it needs and those on it, and the tableau, each tile with its VP (its cost), its kind, the phases
its power works in (I–V, A for Assign) and its goods; at the end every seat's score by source,
the winner marked; a board taller than 1.6 widths (4 or 5 players late on) is cut between the
players' panels into several pictures (``board_pictures``). ``render_private(view, seat)`` draws
that seat's secrets: rolled dice by column, both construction stacks in full, tiles drawn. Dice
are squares with a dark rim and a centre pip, so a white die never looks like an empty slot.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from PIL import ImageDraw

from render import kit
from render.kit import THEME, Colour, box, text_width
from render.words import Words
from rules.rftg.content import CONTENT
from rules.rftg.views import PlayerView, TileView, View

PACKAGES = ("rules.rftg",)
WIDTH = 1000
SMALL = 23
"""The smallest text: 2.25% of the width, rounded up."""
BODY = 24
LARGE = 30
MARGIN = 16
LINE = 34
DIE = 26
MAX_HEIGHT = int(WIDTH * 1.6)
ROW_GUESS = 6 * LINE
"""The height a row of a player's panel is drawn at first (a taller one is drawn again)."""

PHASES = ("explore", "develop", "settle", "produce", "ship")
NUMERAL = {"explore": "I", "develop": "II", "settle": "III", "produce": "IV", "ship": "V", "assign": "A"}
WORLD_FILL: dict[str, Colour] = {
    "gray": (206, 206, 202), "blue": (176, 200, 236), "brown": (218, 190, 156),
    "green": (180, 222, 172), "yellow": (246, 226, 140),
}
DEV_FILL: Colour = (228, 222, 238)
DIE_FILL: dict[str, Colour] = {
    "white": (255, 255, 255), "red": THEME["red"], "purple": THEME["purple"], "blue": THEME["blue"],
    "brown": THEME["brown"], "green": THEME["green"], "yellow": THEME["yellow"],
}

FINAL_FILL: Colour = (255, 246, 214)
PALETTE = kit.palette(*WORLD_FILL.values(), DEV_FILL, *DIE_FILL.values(), FINAL_FILL)


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, *, size: int = BODY,
          bold: bool = False, colour: Colour = THEME["ink"], anchor: str = "la") -> float:
    """Draw ``words``; return the x where they end."""
    assert size >= SMALL
    return kit.text(draw, xy, words, size=size, bold=bold, colour=colour, anchor=anchor, apart=True)


def _part(key: tuple[Hashable, ...], height: int,
          draw_part: Callable[[ImageDraw.ImageDraw], int], guess: int = MAX_HEIGHT // 2) -> kit.Part:
    """A part of a picture drawn on its own from its top, cut to the height it used; drawn once per
    process for each ``key``, which says everything of the view the part shows."""
    return kit.cached(("rftg", *key), lambda: kit.drawn(WIDTH, height, draw_part, colours=PALETTE,
                                                        guess=guess))


def _wrap(words: str, width: float, *, size: int = BODY, bold: bool = False) -> list[str]:
    """``words`` broken into lines that fit ``width`` (:func:`render.kit.wrap`)."""
    return kit.wrap(words, width, size=size, bold=bold)


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, colour: str, size: int = DIE,
         mark: str = "") -> None:
    """A die: its colour, a dark rim and a centre pip (or a face letter)."""
    draw.rounded_rectangle((x, y, x + size, y + size), radius=5, fill=DIE_FILL.get(colour, THEME["grey"]),
                           outline=THEME["ink"], width=3)
    ink = THEME["ink"] if colour in ("white", "yellow") else THEME["white"]
    if mark:
        _text(draw, (x + size / 2, y + size / 2), mark, size=SMALL, bold=True, colour=ink, anchor="mm")
    else:
        r = max(3, size // 8)
        cx, cy = x + size / 2, y + size / 2
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ink)


def _dice(draw: ImageDraw.ImageDraw, x: float, y: float, dice: Sequence[str], right: float) -> float:
    """A row of dice from ``x``; a row that would pass ``right`` ends with a count of the rest."""
    step = DIE + 4
    room = max(1, int((right - x - 50) // step))
    shown = dice if len(dice) * step <= right - x else dice[:room]
    for i, d in enumerate(shown):
        _die(draw, x + i * step, y + (LINE - DIE) / 2, d)
    end = x + len(shown) * step
    if len(shown) < len(dice):
        end = _text(draw, (end + 4, y + 2), f"+{len(dice) - len(shown)}", size=SMALL)
    return end


# ---- the public picture --------------------------------------------------------------------------


def board_pictures(view: View, names: Sequence[str] = (), *, locale: str = "en") -> list[bytes]:
    """The public pictures; ``names`` are the players' names in seat order (``Seat N`` where
    missing). The tableaus go two tiles a row, or three when that keeps the board one picture
    within 1.6 widths; a board that is taller even so (4 or 5 players late in the game) is cut
    between the players' panels into pictures within 1.6 widths each, the heading on the first."""
    say = Words(locale, names, len(view.players), PACKAGES)
    top = [_part(("title", locale, view.phase, view.stage, view.round, view.bag, view.vp_pool), 200,
                 lambda d: _title(d, view, say)),
           _part(("phases", locale, tuple(view.selected)), 200, lambda d: _phases(d, view, say))]
    if view.stage == "over":
        scores = tuple((p.score, kit.fingerprint(p.breakdown)) for p in view.players)
        top.append(_part(("final", locale, say.names, scores), MAX_HEIGHT, lambda d: _final(d, view, 0, say)))
    panels = [_player_parts(view, seat, say, 2) for seat in range(len(view.players))]
    high = sum(p.height for p in top + _flat(panels))
    if high + MARGIN > MAX_HEIGHT:
        wider = high - sum(_tableau_height(p.tableau, 2) - _tableau_height(p.tableau, 3)
                           for p in view.players)
        if wider + MARGIN <= MAX_HEIGHT:
            panels = [_player_parts(view, seat, say, 3) for seat in range(len(view.players))]
    parts = top + _flat(panels)
    cuts = [sum(p.height for p in top)]
    for panel in panels:
        cuts.append(cuts[-1] + sum(p.height for p in panel))
    pages = _pages(cuts) if cuts[-1] + MARGIN > MAX_HEIGHT else [(0, cuts[-1] + MARGIN)]
    image = kit.blank(WIDTH, max(bottom for _, bottom in pages), PALETTE)
    drawn = kit.recorded()
    start = len(drawn) if drawn is not None else 0
    y = 0
    for part in parts:
        kit.paste(image, part, (0, y))
        y += part.height
    if drawn is not None:
        drawn[start:] = [_on_page(entry, pages) for entry in drawn[start:]]
    return [kit.png(image if (top_, bottom) == (0, image.height) else image.crop((0, top_, WIDTH, bottom)),
                    PALETTE) for top_, bottom in pages]


def _player_parts(view: View, seat: int, say: Words, columns: int) -> list[kit.Part]:
    """A player's panel as parts one under the other, each drawn again only when what it shows
    changes: name and counts, cup and Citizenry, construction stacks, workers (after Reveal), each
    row of the tableau and the panel's end."""
    p = view.players[seat]
    if view.stage == "assign":
        step: Hashable = "assigned" if p.confirmed else p.rolled
        counts: tuple[Hashable, ...] = (p.credits, p.vp, p.tiles, "assign", step)
    else:
        counts = (p.credits, p.vp, p.tiles, p.chose)
    rows = [_row(("name", say.locale, say.names[seat], counts),
                 lambda d: _name_row(d, say.names[seat], _counts(p, view.stage, say)), first=True),
            _row(("dice", say.locale, tuple(p.cup), tuple(p.citizenry)), lambda d: _dice_row(d, p, say)),
            _row(("stacks", say.locale, p.dev_size, p.dev_top, p.dev_cost, tuple(p.dev_dice), p.world_size,
                  p.world_top, p.world_cost, tuple(p.world_dice)), lambda d: _stacks_row(d, p, say))]
    if any(p.columns.get(ph) for ph in PHASES):  # type: ignore[call-overload]
        columns_shown = tuple(tuple(p.columns.get(ph) or ()) for ph in PHASES)  # type: ignore[call-overload]
        rows.append(_row(("workers", columns_shown), lambda d: _workers_row(d, p)))
    tiles = p.tableau
    chips = [_chip_row_part(tiles[row:row + columns], columns) for row in range(0, len(tiles), columns)]
    return [*rows, *chips, _part(("panel end",), 100, _panel_end, guess=ROW_GUESS)]


def _chip_row_part(tiles: Sequence[TileView], columns: int) -> kit.Part:
    shown = tuple((t.name, t.kind, t.cost, t.colour, tuple(t.goods)) for t in tiles)
    return _row(("chips", columns, shown), lambda d: _chip_row(d, tiles, columns))


def _tableau_height(tiles: Sequence[TileView], columns: int) -> int:
    """The height of a tableau's rows ``columns`` tiles a row (:func:`_chip_row`), found without
    drawing them (three a row are drawn only when the board is shown so)."""
    width = _chip_width(columns)
    return sum(max(_chip_height(t, width) for t in tiles[row:row + columns]) + 6
               for row in range(0, len(tiles), columns))


def _row(key: tuple[Hashable, ...], draw_row: Callable[[ImageDraw.ImageDraw], int], *,
         first: bool = False) -> kit.Part:
    """A row of a player's panel with the panel's outline at its sides (and its top on the first)."""
    def drawn(draw: ImageDraw.ImageDraw) -> int:
        bottom = draw_row(draw)
        _outline(draw, 0 if first else -MAX_HEIGHT, bottom + MAX_HEIGHT)
        return bottom

    return _part(key, 4000, drawn, guess=ROW_GUESS)


def _flat(panels: Sequence[Sequence[kit.Part]]) -> list[kit.Part]:
    return [part for panel in panels for part in panel]


def _pages(cuts: Sequence[int]) -> list[tuple[int, int]]:
    """Where the tall drawing is cut: after the heading and between panels (``cuts`` are the
    bottoms of the heading and of each panel), each picture within :data:`MAX_HEIGHT`."""
    pages: list[tuple[int, int]] = []
    top, last = 0, cuts[0]
    for bottom in cuts[1:]:
        if bottom + MARGIN - top > MAX_HEIGHT and last > top:
            pages.append((top, last + MARGIN - 10))
            top = last - 10
        last = bottom
    pages.append((top, last + MARGIN - 10))
    return pages


def _on_page(entry: tuple[str, int, tuple[float, float, float, float]],
             pages: Sequence[tuple[int, int]]) -> tuple[str, int, tuple[float, float, float, float]]:
    """A recorded text in the coordinates of the picture it is on."""
    words, size, (x0, y0, x1, y1) = entry
    top = max(t for t, _ in pages if t <= y0)
    return words, size, (x0, y0 - top, x1, y1 - top)


def render_board(view: View, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """The first of :func:`board_pictures` (the whole board, but for 4 or 5 players late on)."""
    return board_pictures(view, names, locale=locale)[0]


def _title(draw: ImageDraw.ImageDraw, view: View, say: Words) -> int:
    """The round and its step, and the tiles in the bag and the VP chips in the pool."""
    if view.phase:
        stage = say(f"rftg.phase.{view.phase}")
    else:
        stage = say({"manage": "rftg.pic.manage", "over": "rftg.pic.over"}.get(view.stage, "rftg.pic.assign"))
    _text(draw, (MARGIN, 12), say("rftg.pic.round", round=view.round, stage=stage), size=LARGE, bold=True)
    _text(draw, (WIDTH - MARGIN, 16), say("rftg.pic.bag", bag=view.bag, pool=view.vp_pool), size=BODY,
          colour=THEME["muted"], anchor="ra")
    return 56


def _phases(draw: ImageDraw.ImageDraw, view: View, say: Words) -> int:
    """The five phases, those selected this round marked (drawn apart from the title, which
    changes more often)."""
    x: float = MARGIN
    y = 0
    w = (WIDTH - 2 * MARGIN - 4 * 8) / 5
    for ph in PHASES:
        on = ph in view.selected
        draw.rounded_rectangle((x, y, x + w, y + LINE), radius=6,
                               fill=THEME["highlight"] if on else THEME["panel"], outline=THEME["line"])
        _text(draw, (x + w / 2, y + LINE / 2), f"{NUMERAL[ph]} {say(f'rftg.phase.{ph}')}", size=SMALL,
              bold=on, anchor="mm")
        x += w + 8
    return y + LINE + 12


def _final(draw: ImageDraw.ImageDraw, view: View, y: int, say: Words) -> int:
    """Every seat's score by source, best first, the winner marked."""
    scores = [(p.score or 0, s) for s, p in enumerate(view.players)]
    best = max(scores)[0] if scores else 0
    lines: list[tuple[str, bool]] = []
    for score, seat in sorted(scores, key=lambda t: (-t[0], t[1])):
        parts = view.players[seat].breakdown or {}
        line = say("rftg.pic.final_score", seat=seat, vp=score, chips=parts.get("chips", 0),
                   tiles=parts.get("tiles", 0), bonuses=parts.get("bonuses", 0))
        lines.append((("★ " if score == best else "") + line, score == best))
    wrapped = [(part, win) for line, win in lines for part in _wrap(line, WIDTH - 2 * MARGIN - 24, size=BODY)]
    height = 16 + LINE * (len(wrapped) + 1)
    box(draw, (MARGIN, y, WIDTH - MARGIN, y + height), fill=FINAL_FILL)
    _text(draw, (MARGIN + 12, y + 8), say("rftg.pic.final"), size=LARGE, bold=True)
    for i, (part, win) in enumerate(wrapped):
        _text(draw, (MARGIN + 12, y + 8 + LINE * (i + 1)), part, size=BODY, bold=win)
    return y + height + 10


PANEL_INNER = MARGIN + 12
"""Where a panel's contents start, inside its outline."""


def _outline(draw: ImageDraw.ImageDraw, top: float, bottom: float) -> None:
    """A panel's outline from ``top`` to ``bottom``; a part draws the whole outline from beyond its
    edge, so that the parts of a panel pasted one under the other show one outline."""
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, bottom), radius=8, outline=THEME["line"], width=2)


def _counts(p: PlayerView, stage: str, say: Words) -> str:
    """A player's credits, chips, tiles and Assign or selection, as the name row says them."""
    items = [say("rftg.pic.credits", credits=p.credits), say("rftg.pic.chips", n=p.vp),
             say("rftg.pic.tiles", n=p.tiles)]
    if stage == "assign":
        items.append(say("rftg.pic.assigned") if p.confirmed else say("rftg.pic.assigning", n=p.rolled))
    elif p.chose:
        items.append(say("rftg.pic.selected", phase=say(f"rftg.phase.{p.chose}")))
    return " · ".join(items)


def _name_row(draw: ImageDraw.ImageDraw, name: str, rest: str) -> int:
    """The player's name and counts (:func:`_counts`); returns its bottom."""
    inner, right = PANEL_INNER, WIDTH - MARGIN - 12
    y = 8
    name_w = text_width(name, size=LARGE - 4, bold=True)
    if name_w + 16 + text_width(rest, size=BODY) <= right - inner:
        _text(draw, (inner, y), name, size=LARGE - 4, bold=True)
        _text(draw, (inner + name_w + 16, y + 2), rest, size=BODY)
        return y + LINE + 4
    _text(draw, (inner, y), name, size=LARGE - 4, bold=True)
    y += LINE
    for line in _wrap(rest, right - inner, size=BODY):
        _text(draw, (inner, y), line, size=BODY)
        y += LINE
    return y


def _dice_row(draw: ImageDraw.ImageDraw, p: PlayerView, say: Words) -> int:
    """The cup and the Citizenry."""
    inner, right = PANEL_INNER, WIDTH - MARGIN - 12
    x = _text(draw, (inner, 3), say("rftg.pic.cup"), size=SMALL, colour=THEME["muted"]) + 8
    x = _dice(draw, x, 0, p.cup, (inner + right) / 2 - 10) + 24
    x = max(x, (inner + right) / 2)
    x = _text(draw, (x, 3), say("rftg.pic.citizenry"), size=SMALL, colour=THEME["muted"]) + 8
    _dice(draw, x, 0, p.citizenry, right)
    return LINE + 4


def _stacks_row(draw: ImageDraw.ImageDraw, p: PlayerView, say: Words) -> int:
    """The top tile of each construction stack, the workers it needs and those on it."""
    inner, right = PANEL_INNER, WIDTH - MARGIN - 12
    y = 0
    stacks = []
    for key, size, top_name, need, dice in (
        ("rftg.pic.dev_stack", p.dev_size, p.dev_top, p.dev_cost, p.dev_dice),
        ("rftg.pic.world_stack", p.world_size, p.world_top, p.world_cost, p.world_dice),
    ):
        line = say(key + "_empty") if top_name is None else say(key, size=size, tile=top_name, need=need or 0,
                                                                 placed=len(dice))
        stacks.append((line, dice))
    half = (right - inner) / 2 - 12
    if all(text_width(line, size=SMALL) + len(dice) * (DIE + 4) + 12 <= half for line, dice in stacks):
        for i, (line, dice) in enumerate(stacks):
            x = inner + i * (half + 24)
            end = _text(draw, (x, y + 3), line, size=SMALL)
            _dice(draw, end + 8, y, dice, x + half)
        return y + LINE
    for line, dice in stacks:
        for part in _wrap(line, right - inner - (len(dice) * (DIE + 4) + 12), size=SMALL):
            end = _text(draw, (inner, y + 3), part, size=SMALL)
            y += LINE
        if dice:
            _dice(draw, end + 12, y - LINE, dice, right)
    return y


def _workers_row(draw: ImageDraw.ImageDraw, p: PlayerView) -> int:
    """The workers in each phase's column after Reveal."""
    inner, right = PANEL_INNER, WIDTH - MARGIN - 12
    x: float = inner
    y = 0
    for ph in PHASES:
        col = p.columns.get(ph)  # type: ignore[call-overload]
        if not col:
            continue
        if x + 40 + len(col) * (DIE + 4) > right:
            x, y = inner, y + LINE
        x = _text(draw, (x, y + 3), NUMERAL[ph], size=SMALL, bold=True) + 6
        x = _dice(draw, x, y, col, right) + 16
    return y + LINE + 4


def _panel_end(draw: ImageDraw.ImageDraw) -> int:
    """The bottom of a player's panel: the end of its outline."""
    _outline(draw, -MAX_HEIGHT, 6)
    return 16


def _chip_row(draw: ImageDraw.ImageDraw, tiles: Sequence[TileView], columns: int) -> int:
    """One row of the tableau, ``columns`` tiles a row; each tile says its VP, kind, power phases and
    goods."""
    width = _chip_width(columns)
    heights = [_chip_height(t, width) for t in tiles]
    for i, t in enumerate(tiles):
        _chip(draw, PANEL_INNER + i * (width + 8), 0, t, heights[i], width)
    return max(heights) + 6


def _chip_width(columns: int) -> int:
    return (WIDTH - 2 * MARGIN - 24 - 8 * (columns - 1)) // columns


def _chip_lines(t: TileView, width: int) -> tuple[list[str], str]:
    side = CONTENT.by_name.get(t.name)
    marks = " ".join(NUMERAL[ph] for ph in (side.phases if side else []))
    if side is not None and side.endgame is not None:
        marks = (marks + " 6+").strip()
    room = width - 16 - 44 - text_width(marks, size=SMALL, bold=True) - len(t.goods) * (DIE + 4)
    return _wrap(t.name, max(room, 100), size=SMALL, bold=True), marks


def _chip_height(t: TileView, width: int) -> int:
    return max(1, len(_chip_lines(t, width)[0])) * (LINE - 4) + 8


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, t: TileView, h: int, width: int) -> None:
    fill = DEV_FILL if t.kind == "development" else WORLD_FILL.get(t.colour or "gray", WORLD_FILL["gray"])
    draw.rounded_rectangle((x, y, x + width, y + h), radius=4 if t.kind == "development" else 14,
                           fill=fill, outline=THEME["line"], width=2)
    lines, marks = _chip_lines(t, width)
    cx = x + 8
    draw.ellipse((cx, y + 5, cx + 32, y + 37), fill=THEME["panel"], outline=THEME["ink"], width=2)
    _text(draw, (cx + 16, y + 21), str(t.cost), size=SMALL, bold=True, anchor="mm")
    for i, line in enumerate(lines):
        _text(draw, (cx + 40, y + 5 + i * (LINE - 4)), line, size=SMALL, bold=True)
    end = x + width - 8
    for i, g in enumerate(t.goods):
        _die(draw, end - (i + 1) * (DIE + 4), y + 4, g)
    end -= len(t.goods) * (DIE + 4) + (6 if t.goods else 0)
    if marks:
        _text(draw, (end, y + 5), marks, size=SMALL, bold=True, colour=THEME["muted"], anchor="ra")


# ---- the private picture -------------------------------------------------------------------------


def render_private(view: View, seat: int, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """One seat's private picture: its dice this round and its whole construction zone. The picture
    is kept whole by what it shows, and put together from parts (the heading, the dice, each line
    of the stacks and of the tiles in hand), each drawn again only when what it shows changes."""
    say = Words(locale, names, len(view.players), PACKAGES)
    p = view.players[seat]
    shown = (say.names, seat, view.round, kit.fingerprint(p.assign), tuple(p.dev_stack or []),
             tuple(p.world_stack or []), tuple(p.drawn or []), tuple(p.start_tiles or []))
    whole = kit.cached(("rftg", "private picture", locale, shown), lambda: _private(view, seat, p, say))
    return kit.png(kit.alone(whole), PALETTE)


def _private(view: View, seat: int, p: PlayerView, say: Words) -> kit.Part:
    parts = [_part(("private", say.locale, say.names, seat, view.round), 1000,
                   lambda d: _private_heading(d, view, seat, say), guess=ROW_GUESS)]
    if p.assign is not None:
        assign = p.assign
        parts.append(_part(("your dice", say.locale, kit.fingerprint(assign)), MAX_HEIGHT * 2,
                           lambda d: _private_dice(d, assign, say),
                           guess=LINE + 52 * max(1, len(assign.dice))))
    stacks = (("rftg.pic.dev_list", p.dev_stack or []), ("rftg.pic.world_list", p.world_stack or []))
    for key, tiles in stacks:
        # Each line: its words, bold, colour, and whether it is a tile's whole numbered line.
        lines = [(say(key), True, THEME["ink"], False)]
        if not tiles:
            lines.append(("—", False, THEME["muted"], False))
        for i, name in enumerate(tiles):
            wrapped = _wrap(f"{i + 1}. {name}", WIDTH - 2 * MARGIN, size=BODY)
            lines += [(line, False, THEME["ink"], len(wrapped) == 1) for line in wrapped]
        for i, (words, bold, colour, numbered) in enumerate(lines):
            high = LINE + (6 if i == len(lines) - 1 else 0)
            parts.append(_numbered_part(words, high) if numbered else _line_part(words, bold, colour, high))
    extra = (p.drawn or []) + (p.start_tiles or [])
    if extra:
        parts.append(_line_part(say("rftg.pic.in_hand"), True, THEME["ink"], LINE))
        parts += [_line_part(line, False, THEME["ink"], LINE) for t in extra
                  for line in _wrap(t, WIDTH - 2 * MARGIN, size=BODY)]
    return kit.composed(WIDTH, max(sum(part.height for part in parts) + MARGIN, 200), parts, PALETTE)


def _private_heading(draw: ImageDraw.ImageDraw, view: View, seat: int, say: Words) -> int:
    y = 12
    for line in _wrap(say("rftg.pic.private", seat=seat, round=view.round), WIDTH - 2 * MARGIN,
                      size=LARGE - 4, bold=True):
        _text(draw, (MARGIN, y), line, size=LARGE - 4, bold=True)
        y += LINE + 2
    return y


def _private_dice(draw: ImageDraw.ImageDraw, assign: Any, say: Words) -> int:
    """The seat's dice this round, by where they are."""
    y = 0
    _text(draw, (MARGIN, y), say("rftg.pic.your_dice"), size=SMALL, colour=THEME["muted"])
    y += LINE
    places: dict[str, list[tuple[str, str]]] = {}
    for d in assign.dice:
        if d.where == "dictate":
            where = say("rftg.pic.dictate")
        elif d.column is None:
            where = say("rftg.pic.unplaced")
        elif d.where == "select":
            where = say("rftg.pic.selecting", phase=say(f"rftg.phase.{d.column}"))
        else:
            where = f"{NUMERAL[d.column]} {say(f'rftg.phase.{d.column}')}"
        places.setdefault(where, []).append((d.colour, NUMERAL.get(d.face, "*")))
    for where, dice in places.items():
        _text(draw, (MARGIN, y + 6), where, size=SMALL, bold=True)
        x = 330
        for colour, mark in dice:
            if x + 46 > WIDTH - MARGIN:
                x, y = 330, y + 48
            _die(draw, x, y, colour, size=42, mark=mark)
            x += 48
        y += 52
    return y


def _numbered_part(words: str, height: int) -> kit.Part:
    """A numbered line of a stack (``"2. Name"``), its number and its name kept as parts of their
    own and pasted side by side, so a stack renumbered when its top is taken pastes the names it
    drew before. The name is drawn where it stands in the whole line (the words' widths and the
    space's, which the font does not kern across), on a canvas from a few pixels left of it: the
    same pixels as the line drawn whole. Both are drawn a line high, whatever the space below the
    line. A line whose number or name would reach into the other's canvas is drawn whole."""
    return kit.cached(("rftg", "numbered line", words, height), lambda: _numbered(words, height))


def _numbered(words: str, height: int) -> kit.Part:
    number, _, name = words.partition(" ")
    x = MARGIN + text_width(number, size=BODY) + text_width(" ", size=BODY)
    shift = int(x) - 3
    if (not name or kit.text_box((MARGIN, 0), number, size=BODY, apart=True)[2] > shift - 1
            or kit.text_box((x, 0), name, size=BODY, apart=True)[0] < shift + 1):
        return _line_part(words, False, THEME["ink"], height)

    def number_part() -> kit.Part:
        return kit.drawn(shift, LINE, _drawing_words(number, MARGIN, LINE), colours=PALETTE)

    def name_part() -> kit.Part:
        return kit.drawn(WIDTH - shift, LINE, _drawing_words(name, x - shift, LINE), colours=PALETTE)

    placed = [(kit.cached(("rftg", "number", number, shift), number_part), (0, 0)),
              (kit.cached(("rftg", "name", name, x - shift), name_part), (shift, 0))]
    image = kit.assembled(WIDTH, height, placed, PALETTE).image
    return kit.Part(image, (kit.Said(words, BODY, False, "la", (MARGIN, 0), True),))


def _drawing_words(words: str, x: float, height: int) -> Callable[[ImageDraw.ImageDraw], int]:
    def draw_words(draw: ImageDraw.ImageDraw) -> int:
        _text(draw, (x, 0), words, size=BODY)
        return height
    return draw_words


def _line_part(words: str, bold: bool, colour: Colour, height: int) -> kit.Part:
    """A line of the private picture's lists, ``height`` px high."""
    def line(draw: ImageDraw.ImageDraw) -> int:
        _text(draw, (MARGIN, 0), words, size=BODY, bold=bold, colour=colour)
        return height

    return _part(("private line", words, bold, colour, height), height, line, guess=height)
