"""Pictures of The Ancient World: the central board with every city (public), and one player's
stored cards and secret draws (private).

Pure functions of a view (:func:`rules.ancient_world.views.view`): the view's ``cards`` table gives
every name and symbol, so nothing else is read. About 1000 px wide, text at least 18 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import kit

WIDTH = 1000
PAD = 16
LINE = 26
SMALL = 18
NORMAL = 20
TITLE = 26
CARD_W = 154
CARD_H = 96
COVERED: kit.Colour = (225, 220, 210)
TRIBE_COLOURS: dict[str, kit.Colour] = {
    "red": kit.THEME["red"], "green": kit.THEME["green"], "blue": kit.THEME["blue"],
    "yellow": kit.THEME["yellow"], "purple": kit.THEME["purple"],
}
SPACE_NAMES = {
    "work": "Work", "build": "Build", "conscription": "Conscription", "expand": "Expand",
    "educate": "Educate", "rebuild": "Rebuild", "recruit": "Recruit", "explore": "Explore", "grow": "Grow",
}
SYMBOL_WORDS = {
    "food": "food", "capacity": "cap", "army_limit": "army", "swords": "⚔", "arrows": "➶",
    "income_coins": "+coin", "income_knowledge": "+know", "citizens": "citizen", "explore_bonus": "eye",
    "spoils": "spoils", "spy": "spy", "repair": "repair",
}


ICONS = frozenset({"⚔", "➶"})
LEGEND = "⚔ sword  ➶ arrow  cap capacity  +coin/+know income  eye explore  L legacy  S+A arrows count"


def symbol_text(symbols: dict[str, int], *, legacy: bool = False) -> str:
    """Short words for a card's symbols, e.g. ``2 sword 1 food``."""
    words = []
    for name, count in symbols.items():
        is_legacy = name.startswith("legacy_")
        if is_legacy != legacy:
            continue
        word = SYMBOL_WORDS.get(name.removeprefix("legacy_"), name)
        words.append(f"{count}{word}" if word in ICONS else f"{count} {word}")
    return " ".join(words)


def _seat_colour(seat: int) -> kit.Colour:
    return kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]


def _banners(draw: ImageDraw.ImageDraw, x: float, y: float, banners: dict[str, int], *,
             size: int = 14) -> float:
    """Coloured flags, one per banner; returns the x after them."""
    for tribe, count in banners.items():
        for _ in range(count):
            draw.rectangle((x, y, x + size - 4, y + size), fill=TRIBE_COLOURS.get(tribe, kit.THEME["grey"]))
            x += size
    return x


def _card(draw: ImageDraw.ImageDraw, x: float, y: float, info: Any, *, damaged: bool = False,
          note: str = "", width: int = CARD_W) -> None:
    """One card: name, cost or defence, banners, symbols; damaged cards greyed and crossed."""
    fill = kit.THEME["panel"] if not damaged else (215, 210, 200)
    kit.box(draw, (x, y, x + width, y + CARD_H), fill=fill)
    ink = kit.THEME["ink"] if not damaged else kit.THEME["muted"]
    name = kit.fit(info.name, width - 12, size=SMALL, bold=True)
    kit.text(draw, (x + 6, y + 4), name, size=SMALL, bold=True, colour=ink)
    coins, knowledge = info.cost
    if info.kind == "empire":
        cost = f"{coins}c" + (f" {knowledge}k" if knowledge else "")
    elif info.kind == "titan":
        cost = f"def {coins}" + (" S+A" if knowledge else " S")
    elif info.kind == "military":
        cost = f"{coins}c" if coins else ""
    else:
        cost = ""
    if cost:
        kit.text(draw, (x + 6, y + 26), cost, size=SMALL, colour=ink)
    _banners(draw, x + width - 6 - 14 * sum(info.banners.values()), y + 30, info.banners)
    words = symbol_text(info.symbols) or info.text
    kit.text(draw, (x + 6, y + 50), kit.fit(words, width - 12, size=SMALL), size=SMALL, colour=ink)
    extra = note or (("L: " + symbol_text(info.symbols, legacy=True)) if info.kind == "military" else "")
    if extra.strip() and extra != "L: ":
        kit.text(draw, (x + 6, y + 72), kit.fit(extra, width - 12, size=SMALL), size=SMALL,
                 colour=kit.THEME["muted"])
    if damaged:
        draw.line((x + 4, y + 4, x + width - 4, y + CARD_H - 4), fill=kit.THEME["bad"], width=4)
        kit.text(draw, (x + width / 2, y + CARD_H / 2), "DAMAGED", size=SMALL, bold=True,
                 colour=kit.THEME["bad"], anchor="mm")


def _card_row(draw: ImageDraw.ImageDraw, y: float, label: str, cards: list[tuple[Any, bool, str]]) -> float:
    """A labelled, wrapped row of cards; returns the y below it."""
    kit.text(draw, (PAD, y), label, size=NORMAL, bold=True)
    y += LINE + 4
    x = PAD
    if not cards:
        kit.text(draw, (PAD, y), "—", size=NORMAL, colour=kit.THEME["muted"])
        return y + LINE
    for info, damaged, note in cards:
        if x + CARD_W > WIDTH - PAD:
            x = PAD
            y += CARD_H + 8
        _card(draw, x, y, info, damaged=damaged, note=note)
        x += CARD_W + 8
    return y + CARD_H + 12


def _rows_height(count: int) -> int:
    if count == 0:
        return 2 * LINE + 4
    per_row = (WIDTH - 2 * PAD + 8) // (CARD_W + 8)
    rows = max(1, -(-count // per_row))
    return LINE + 4 + rows * (CARD_H + 8) + 12


def _spaces(draw: ImageDraw.ImageDraw, view: Any, y: float) -> float:
    """The nine action spaces, 3 × 3, with the citizens in placement order; covered ones hatched."""
    cell_w = (WIDTH - 2 * PAD - 2 * 8) / 3
    cell_h = 70
    for i, (space, name) in enumerate(SPACE_NAMES.items()):
        cx = PAD + (i % 3) * (cell_w + 8)
        cy = y + (i // 3) * (cell_h + 8)
        covered = space in view.covered
        fill = COVERED if covered else kit.THEME["panel"]
        kit.box(draw, (cx, cy, cx + cell_w, cy + cell_h), fill=fill)
        kit.text(draw, (cx + 8, cy + 6), name + (" (covered)" if covered else ""), size=NORMAL, bold=True,
                 colour=kit.THEME["muted"] if covered else kit.THEME["ink"])
        for j, citizen in enumerate(view.spaces[space]):
            px = cx + 22 + j * 34
            draw.ellipse((px - 14, cy + 38, px + 14, cy + 66), fill=_seat_colour(citizen.seat))
            kit.text(draw, (px, cy + 52), str(citizen.rank), size=SMALL, bold=True, colour=kit.THEME["white"],
                     anchor="mm")
    return y + 3 * (cell_h + 8) + 8


def _titans(draw: ImageDraw.ImageDraw, view: Any, y: float) -> float:
    kit.text(draw, (PAD, y), "Titans and Districts", size=NORMAL, bold=True)
    y += LINE + 4
    x = PAD
    for stars, (top, left) in enumerate(zip(view.titan_tops, view.titan_decks, strict=True), start=1):
        if top is not None:
            _card(draw, x, y, view.cards[top], note=f"{'*' * stars} deck: {left}")
        else:
            kit.box(draw, (x, y, x + CARD_W, y + CARD_H), fill=COVERED)
            kit.text(draw, (x + 8, y + 8), f"{'*' * stars} deck: {left}", size=SMALL,
                     colour=kit.THEME["muted"])
        x += CARD_W + 8
    if view.district_top is not None:
        _card(draw, x, y, view.cards[view.district_top], note=f"Districts: {view.district_deck}")
    else:
        kit.text(draw, (x + 8, y + 8), "No Districts left", size=SMALL, colour=kit.THEME["muted"])
    return y + CARD_H + 12


def _city_height(view: Any, seat: int) -> int:
    player = view.players[seat]
    cards = len(player.empire) + len(player.districts) + len(player.titans)
    return 4 * LINE + 12 + _rows_height(cards) + _rows_height(len(player.armies))


def _city(draw: ImageDraw.ImageDraw, view: Any, seat: int, y: float, names: Sequence[str]) -> float:
    """One player's city: resources, citizens, Empire (damaged marked), Districts, Titans, armies."""
    player = view.players[seat]
    colour = _seat_colour(seat)
    top = y
    draw.rectangle((0, y, 10, y + _city_height(view, seat) - 8), fill=colour)
    marks = []
    if seat == view.first_player:
        marks.append("first player" + (" (taken)" if view.token_hand_up else ""))
    if seat == view.current and not view.over:
        marks.append("to play")
    if player.passed:
        marks.append("passed")
    kit.text(draw, (PAD + 4, y), kit.player_name(seat, names) + (f" — {', '.join(marks)}" if marks else ""),
             size=TITLE, bold=True, colour=colour)
    y += LINE + 8
    built = len(player.empire)
    kit.text(draw, (PAD + 4, y),
             f"Coins {player.coins}   Knowledge {player.knowledge}   "
             f"Food {player.food}/{len(player.owned)}   "
             f"Capacity {built}/{player.capacity}   Armies {len(player.armies)}/{player.army_limit}   "
             f"Stored {player.stored_count}", size=NORMAL)
    y += LINE
    citizens = []
    for rank in player.owned:
        where = "hungry" if rank in player.hungry else "placed" if rank in player.placed else "ready"
        citizens.append(f"{rank} {where}")
    extra = f"   Conscription +{player.conscription}" if player.conscription else ""
    kit.text(draw, (PAD + 4, y), "Citizens: " + ", ".join(citizens) + extra, size=NORMAL)
    y += LINE
    x = _banners(draw, PAD + 4, y + 4, {t: n for t, n in player.banners.items() if n}, size=18)
    kit.text(draw, (x + 8, y), "banners", size=SMALL, colour=kit.THEME["muted"])
    y += LINE + 4
    cards = [(view.cards[b.card], b.damaged, f"citizen {b.citizen}" if b.citizen else "")
             for b in player.empire]
    cards += [(view.cards[d], False, "District") for d in player.districts]
    cards += [(view.cards[t], False, "Titan") for t in player.titans]
    y = _card_row(draw, y, "City", cards)
    armies = []
    for army in player.armies:
        info = view.cards[army.cards[-1]]
        legacies = [symbol_text(view.cards[c].symbols, legacy=True) for c in army.cards[:-1]]
        note = f"coins {army.name_coins}|{army.picture_coins}"
        if legacies:
            note += f" +L {' '.join(legacies)}"
        armies.append((info, False, note))
    y = _card_row(draw, y, "Armies (coins: this round | earlier)", armies)
    assert y <= top + _city_height(view, seat) + 1
    return top + _city_height(view, seat)


def _header(draw: ImageDraw.ImageDraw, view: Any, title: str) -> float:
    kit.text(draw, (PAD, PAD), title, size=TITLE, bold=True)
    status = "Game over" if view.over else f"Round {view.round} of 6 — Empire deck {view.era}"
    kit.text(draw, (WIDTH - PAD, PAD + 4), status, size=NORMAL, anchor="ra")
    return PAD + LINE + 12


def _scores(draw: ImageDraw.ImageDraw, view: Any, y: float, names: Sequence[str]) -> float:
    """The final scores, best first, by source."""
    kit.text(draw, (PAD, y), "Final scores", size=TITLE, bold=True)
    y += LINE + 8
    order = sorted(view.final, key=lambda s: (view.final[s]["rank"], s))
    for seat in order:
        row = view.final[seat]
        line = kit.fit(f"{int(row['rank'])}. {kit.player_name(seat, names)}: {row['total']:g} VP", 320,
                       size=NORMAL, bold=True)
        kit.text(draw, (PAD, y), line, size=NORMAL, bold=True, colour=_seat_colour(seat))
        kit.text(draw, (PAD + 330, y), f"banners {row['banners']:g}   special {row['special']:g}   "
                 f"hunger {row['hunger']:g}   coins {view.players[seat].coins}", size=NORMAL)
        y += LINE
    return y + 8


def _scores_height(view: Any) -> int:
    return 0 if view.final is None else LINE + 8 + LINE * len(view.final) + 8


def _png(image: Image.Image) -> bytes:
    """PNG bytes of the picture reduced to a 128-colour palette: a third of the size and faster to
    encode, with no visible change for flat colours and antialiased text."""
    return kit.png(image.quantize(colors=128, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE))


def render_board(view: Any, names: Sequence[str] = ()) -> bytes:
    """The public picture: action spaces, rows, Titans, District, every city, and at the end the
    final scores. ``names`` are the players' names in seat order (``Seat N`` where missing)."""
    players = range(len(view.players))
    height = (PAD + 2 * LINE + 12 + _scores_height(view) + 3 * 78 + 8 + _rows_height(len(view.empire_row))
              + _rows_height(len(view.military_row)) + CARD_H + LINE + 16
              + sum(_city_height(view, s) for s in players) + PAD)
    image, draw = kit.canvas(WIDTH, height)
    y = _header(draw, view, "The Ancient World")
    legend = kit.fit(LEGEND, WIDTH - 2 * PAD, size=SMALL)
    kit.text(draw, (PAD, y - 6), legend, size=SMALL, colour=kit.THEME["muted"])
    y += LINE
    if view.final is not None:
        y = _scores(draw, view, y, names)
    y = _spaces(draw, view, y)
    y = _card_row(draw, y, f"Empire row (deck {view.empire_deck}, discards {view.empire_discard})",
                  [(view.cards[c], False, "") for c in view.empire_row])
    y = _card_row(draw, y, f"Military row (deck {view.military_deck})",
                  [(view.cards[c], False, "") for c in view.military_row])
    y = _titans(draw, view, y)
    for seat in players:
        y = _city(draw, view, seat, y, names)
    return _png(image)


def render_private(view: Any, seat: int, names: Sequence[str] = ()) -> bytes:
    """One player's private picture: their stored cards, any secret draw, and their city."""
    player = view.players[seat]
    stored = [(view.cards[c], False, "stored") for c in (player.stored or [])]
    secret = [w for w in view.waiting if w.seat == seat and w.cards]
    drawn = [(view.cards[c], False, "") for w in secret for c in (w.cards or [])]
    height = (PAD + LINE + 12 + _rows_height(len(stored)) + (_rows_height(len(drawn)) if drawn else 0)
              + _city_height(view, seat) + PAD)
    image, draw = kit.canvas(WIDTH, height)
    y = _header(draw, view, f"{kit.player_name(seat, names)} — private")
    y = _card_row(draw, y, "Stored Empire cards", stored)
    if drawn:
        y = _card_row(draw, y, "Cards you are looking at", drawn)
    _city(draw, view, seat, y, names)
    return _png(image)
