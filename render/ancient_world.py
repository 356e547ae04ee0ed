"""Pictures of The Ancient World: the central board with every city (public), and one player's
stored cards, secret draws and city (private).

Pure functions of a view (:func:`rules.ancient_world.views.view`): the view's ``cards`` table gives
every name and what each card gives, so nothing else is read. Every word comes from the catalogues,
in the reader's language. Pictures are 1000 px wide and at most 1.6 times as tall; text is at least
24 px (2.4% of the width, legible when a phone shows the picture 400 px wide); names and card texts
wrap and are never cut. Where a full picture would be too tall, the cities are told more briefly
(their cards by name, then by count) until it fits.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from render import kit
from rules.core import Message, msg
from rules.core.messages import render

WIDTH = 1000
MAX_HEIGHT = int(WIDTH * 1.6)
PAD = 16
SMALL = 24
BODY = 26
TITLE = 32
LINE = 32
PACKAGES = ("rules.ancient_world",)
COVERED: kit.Colour = (225, 220, 210)
SPACES = ("work", "build", "conscription", "expand", "educate", "rebuild", "recruit", "explore", "grow")

PALETTE = kit.palette(COVERED)


class _Words:
    """The reader's words: catalogue messages in one language with the players' names."""

    def __init__(self, locale: str, names: Sequence[str], seats: int) -> None:
        self.locale = locale
        self.names = tuple(kit.player_name(s, names) for s in range(seats))

    def __call__(self, key: str, **params: object) -> str:
        """The words of ``key`` with ``params``, kept when every parameter is a plain value (the
        same words drawn again after a move, or measured for another level of detail, are not
        put together again)."""
        message = msg(f"ancient_world.{key}", **params)  # type: ignore[arg-type]
        if not all(type(value) in _PLAIN for value in params.values()):
            return self.say(message)
        kept = (self.locale, self.names, key, *params.items())
        found = _SAID.get(kept)
        return _keep(_SAID, kept, self.say(message)) if found is None else found

    def say(self, message: Message) -> str:
        return render(message, self.locale, PACKAGES, self.names)


SAID_KEPT = 4096
"""Words kept by :class:`_Words` (and card lines by :func:`_card_line`) before they start afresh."""
_SAID: dict[Hashable, str] = {}
_PLAIN = (str, int)
"""Parameters that key kept words (exactly these types: a bool would be taken for a number)."""
_LINES: dict[Hashable, str] = {}


def _keep(kept: dict[Hashable, str], key: Hashable, words: str) -> str:
    if len(kept) >= SAID_KEPT:
        kept.clear()
    kept[key] = words
    return words


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, *, size: int = BODY,
          bold: bool = False, colour: kit.Colour = kit.THEME["ink"], anchor: str = "la") -> None:
    assert size >= SMALL
    kit.text(draw, xy, words, size=size, bold=bold, colour=colour, anchor=anchor)


def _wrap(words: str, width: float, *, size: int = BODY, bold: bool = False) -> list[str]:
    """``words`` broken into lines that fit ``width`` (:func:`render.kit.wrap`)."""
    return kit.wrap(words, width, size=size, bold=bold)


def _para(draw: ImageDraw.ImageDraw, x: float, y: float, words: str, *, width: float = WIDTH - 2 * PAD,
          size: int = BODY, bold: bool = False, colour: kit.Colour = kit.THEME["ink"]) -> float:
    """Wrapped text; returns the y below it."""
    for line in _wrap(words, width, size=size, bold=bold):
        _text(draw, (x, y), line, size=size, bold=bold, colour=colour)
        y += size + 6
    return y


def _seat_colour(seat: int) -> kit.Colour:
    return kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]


def _card_line(view: Any, card_id: str, say: _Words, *, brief: bool = False) -> str:
    """A card by its printed name, with its cost and what it gives (``brief``: the name only); kept
    by the card's id, name, cost and symbols in the reader's words (what it gives follows from
    them)."""
    info = view.cards[card_id]
    key = (say.locale, say.names, card_id, brief, info.name, info.kind, info.cost, info.text,
           *info.banners.items(), "|", *info.symbols.items())
    found = _LINES.get(key)
    if found is None:
        found = _keep(_LINES, key, _card_words(info, say, brief=brief))
    return found


def _card_words(info: Any, say: _Words, *, brief: bool) -> str:
    if brief or info.gives is None:
        return str(info.name)
    coins, knowledge = info.cost
    gives = say.say(info.gives)
    match info.kind:
        case "empire":
            return say("pic.empire_card", card=info.name, coins=coins, knowledge=knowledge, gives=gives)
        case "military":
            return say("pic.military_card", card=info.name, coins=coins, gives=gives)
        case "titan":
            arrows = say("arrows.yes" if knowledge else "arrows.no")
            return say("pic.titan_card", card=info.name, defence=coins, arrows=arrows, gives=gives)
    return say("pic.district_card", card=info.name, gives=gives)


def _cards(draw: ImageDraw.ImageDraw, y: float, view: Any, title: str, cards: Sequence[str], say: _Words,
           *, brief: bool = False, notes: Sequence[str] = ()) -> float:
    """A titled list of cards, one paragraph each."""
    _text(draw, (PAD, y), title, size=BODY, bold=True)
    y += LINE + 2
    if not cards:
        return _para(draw, PAD + 12, y, "—", colour=kit.THEME["muted"]) + 6
    if brief:
        names = [_card_line(view, c, say, brief=True) + (f" ({n})" if n else "")
                 for c, n in zip(cards, [*notes, *[""] * len(cards)], strict=False)]
        return _para(draw, PAD + 12, y, ", ".join(names), size=SMALL) + 6
    for i, card_id in enumerate(cards):
        note = notes[i] if i < len(notes) and notes[i] else ""
        line = _card_line(view, card_id, say) + (f" ({note})" if note else "")
        y = _para(draw, PAD + 12, y, "• " + line, size=SMALL, width=WIDTH - 2 * PAD - 12)
    return y + 6


class _Piece(NamedTuple):
    """A part of the picture not drawn yet: its key and how to draw it (:func:`_part`)."""

    key: tuple[Hashable, ...]
    draw: Callable[[ImageDraw.ImageDraw], float]

    def height(self) -> int:
        """The part's height, measured without drawing it (:func:`render.kit.measured`)."""
        return kit.measured(("ancient_world", *self.key), self._cut)

    def _cut(self, draw: ImageDraw.ImageDraw) -> float:
        return int(self.draw(draw)) + 4

    def part(self) -> kit.Part:
        """The part drawn on its own, on a canvas of its measured height; drawn once per process for each
        key, which says everything of the view the part shows (:func:`render.kit.cached`): a card
        goes by its id there, since the view's ``cards`` table gives one printed card an id."""
        return kit.cached(("ancient_world", *self.key), lambda: kit.drawn(
            WIDTH, 3 * MAX_HEIGHT, self._cut, colours=PALETTE, guess=self.height()))


def _part(key: tuple[Hashable, ...], draw_part: Callable[[ImageDraw.ImageDraw], float]) -> _Piece:
    return _Piece(key, draw_part)


def _stack(parts: Sequence[kit.Part]) -> Image.Image:
    """The parts one below the other; their texts are recorded where they end up."""
    image = kit.blank(WIDTH, sum(p.height for p in parts) + PAD, PALETTE)
    y = 0
    for part in parts:
        kit.paste(image, part, (0, y))
        y += part.height
    return image


def _png(image: Image.Image) -> bytes:
    return kit.png(image, PALETTE)


# ---- the parts -----------------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: Any, title: str, say: _Words) -> float:
    _text(draw, (PAD, PAD), title, size=TITLE, bold=True)
    status = say("pic.over") if view.over else say("pic.round", round=view.round, era=view.era)
    return _para(draw, PAD, PAD + TITLE + 10, status, colour=kit.THEME["muted"]) + 4


def _spaces(draw: ImageDraw.ImageDraw, view: Any, say: _Words) -> float:
    """The nine action spaces, 3 × 3, with the citizens in placement order; covered ones shaded."""
    cell_w = (WIDTH - 2 * PAD - 2 * 8) / 3
    cell_h = 70
    for i, space in enumerate(SPACES):
        cx = PAD + (i % 3) * (cell_w + 8)
        cy = 4 + (i // 3) * (cell_h + 8)
        covered = space in view.covered
        kit.box(draw, (cx, cy, cx + cell_w, cy + cell_h), fill=COVERED if covered else kit.THEME["panel"])
        name = say(f"space.{space}") + (" · " + say("pic.covered") if covered else "")
        _text(draw, (cx + 8, cy + 6), name, size=SMALL, bold=True,
              colour=kit.THEME["muted"] if covered else kit.THEME["ink"])
        for j, citizen in enumerate(view.spaces[space]):
            px = cx + 24 + j * 38
            draw.ellipse((px - 15, cy + 36, px + 15, cy + 66), fill=_seat_colour(citizen.seat))
            _text(draw, (px, cy + 51), str(citizen.rank), size=SMALL, bold=True, colour=kit.THEME["white"],
                  anchor="mm")
    return 4 + 3 * (cell_h + 8) + 8


def _market(draw: ImageDraw.ImageDraw, view: Any, say: _Words, *, brief: bool = False) -> float:
    """The Empire and Military rows (``brief``: by name only), the Titans on top and the District."""
    y = _cards(draw, 0, view, say("pic.empire_row", deck=view.empire_deck, discards=view.empire_discard),
               view.empire_row, say, brief=brief)
    y = _cards(draw, y, view, say("pic.military_row", deck=view.military_deck), view.military_row, say,
               brief=brief)
    tops = [(t, stars, left) for stars, (t, left) in enumerate(zip(view.titan_tops, view.titan_decks,
                                                                  strict=True), start=1) if t is not None]
    y = _cards(draw, y, view, say("pic.titans"), [t for t, _, _ in tops], say,
               notes=[say("pic.titan_deck", stars=s, count=n) for _, s, n in tops])
    districts = [view.district_top] if view.district_top is not None else []
    return _cards(draw, y, view, say("pic.district", count=view.district_deck), districts, say)


def _city(draw: ImageDraw.ImageDraw, view: Any, seat: int, say: _Words, detail: int) -> float:
    """One city: resources and citizens, then its cards (``detail`` 2: with what they give, 1: by
    name, 0: by count)."""
    player = view.players[seat]
    colour = _seat_colour(seat)
    marks = []
    if seat == view.first_player:
        marks.append(say("pic.first_player"))
    if seat == view.current and not view.over:
        marks.append(say("pic.to_play"))
    if player.passed:
        marks.append(say("pic.passed"))
    head = say.names[seat] + (" · " + ", ".join(marks) if marks else "")
    if detail < 0:
        line = say("pic.city_line", seat=seat, coins=player.coins, knowledge=player.knowledge,
                   cards=len(player.empire) + len(player.districts) + len(player.titans),
                   armies=len(player.armies))
        y = _para(draw, PAD + 14, 4, line, size=SMALL, bold=True, colour=colour, width=WIDTH - 2 * PAD - 14)
        return y + 2
    y = _para(draw, PAD + 14, 6, head, size=BODY, bold=True, colour=colour, width=WIDTH - 2 * PAD - 14)
    citizens = [say("pic.citizen_" + ("hungry" if r in player.hungry else "placed" if r in player.placed
                                      else "ready"), rank=r) for r in player.owned]
    banners = ", ".join(say(f"gives.banner.{t}", count=n) for t, n in player.banners.items() if n) or "—"
    stats = say("pic.stats", coins=player.coins, knowledge=player.knowledge, food=player.food,
                citizens=len(player.owned), built=len(player.empire), capacity=player.capacity,
                armies=len(player.armies), army_limit=player.army_limit, stored=player.stored_count,
                attack=player.conscription)
    y = _para(draw, PAD + 14, y, stats, size=SMALL, width=WIDTH - 2 * PAD - 14)
    people = say("pic.citizens", list=", ".join(citizens)) + " · " + say("pic.banners", list=banners)
    if detail == 0:
        people += " · " + say("pic.city_counts", cards=len(player.empire) + len(player.districts)
                              + len(player.titans), armies=len(player.armies))
    y = _para(draw, PAD + 14, y, people, size=SMALL, width=WIDTH - 2 * PAD - 14)
    cards = [b.card for b in player.empire] + list(player.districts) + list(player.titans)
    notes = [say("pic.damaged") if b.damaged else say("pic.citizen_on", rank=b.citizen) if b.citizen else ""
             for b in player.empire]
    armies = [a.cards[-1] for a in player.armies]
    army_notes = [say("pic.army_coins", name=a.name_coins, picture=a.picture_coins,
                      retired=len(a.cards) - 1) for a in player.armies]
    if detail > 0:
        y = _cards(draw, y, view, say("pic.city"), cards, say, brief=detail < 2, notes=notes)
        y = _cards(draw, y, view, say("pic.armies"), armies, say, brief=detail < 2, notes=army_notes)
    draw.rectangle((4, 6, 10, y - 4), fill=colour)
    return y + 8


def _scores(draw: ImageDraw.ImageDraw, view: Any, say: _Words) -> float:
    """The final scores, best first, each by source; the winner marked."""
    _text(draw, (PAD, 4), say("pic.final"), size=TITLE, bold=True)
    y: float = 4 + TITLE + 12
    order = sorted(view.final, key=lambda s: (view.final[s]["rank"], s))
    for seat in order:
        row = view.final[seat]
        words = say("pic.score", rank=int(row["rank"]), seat=seat, total=int(row["total"]),
                    banners=int(row["banners"]), special=int(row["special"]), hunger=int(row["hunger"]),
                    coins=view.players[seat].coins)
        if row["rank"] == 1:
            words = say("pic.winner", line=words)
        y = _para(draw, PAD, y, words, size=BODY, bold=row["rank"] == 1, colour=_seat_colour(seat))
    return y + 10


# ---- the pictures --------------------------------------------------------------------------------


def _fitted(layouts: Sequence[Callable[[], list[_Piece]]]) -> Image.Image:
    """The first of ``layouts`` (most detailed first) that keeps the picture within 1.6 widths,
    chosen by the parts' measured heights, so only the parts it shows are drawn."""
    for layout in layouts:
        pieces = layout()
        if sum(p.height() for p in pieces) + PAD <= MAX_HEIGHT:
            break
    return _stack([p.part() for p in pieces])


def _header_part(view: Any, title: str, say: _Words) -> _Piece:
    return _part(("header", say.locale, title, view.over, view.round, view.era),
                 lambda d: _header(d, view, title, say))


def _market_part(view: Any, say: _Words, brief: bool) -> _Piece:
    rows = (view.empire_deck, view.empire_discard, tuple(view.empire_row), view.military_deck,
            tuple(view.military_row), tuple(view.titan_tops), tuple(view.titan_decks), view.district_top,
            view.district_deck)
    return _part(("market", say.locale, brief, rows), lambda d: _market(d, view, say, brief=brief))


def _city_part(view: Any, seat: int, say: _Words, detail: int) -> _Piece:
    key = ("city", say.locale, say.names, seat, detail, kit.fingerprint(view.players[seat]),
           seat == view.first_player, seat == view.current and not view.over)
    return _part(key, lambda d: _city(d, view, seat, say, detail))


def render_board(view: Any, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """The public picture: the action spaces, the card rows, the Titans and District, every city,
    and at the end the final scores. ``names`` are the players' names in seat order."""
    say = _Words(locale, names, len(view.players))
    seats = range(len(view.players))

    def layout(detail: int, brief_market: bool) -> Callable[[], list[_Piece]]:
        def parts() -> list[_Piece]:
            out = [_header_part(view, say("pic.title"), say)]
            if view.final is not None:
                coins = tuple(p.coins for p in view.players)
                scores = ("scores", say.locale, say.names, kit.fingerprint(view.final), coins)
                out.append(_part(scores, lambda d: _scores(d, view, say)))
            else:
                spaces = ("spaces", say.locale, kit.fingerprint(view.covered), kit.fingerprint(view.spaces))
                out += [_part(spaces, lambda d: _spaces(d, view, say)), _market_part(view, say, brief_market)]
            return out + [_city_part(view, s, say, detail) for s in seats]
        return parts

    image = _fitted([layout(2, False), layout(1, False), layout(0, False), layout(0, True), layout(-1, True)])
    return _png(image)


def render_private(view: Any, seat: int, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """One player's private picture: their stored cards, any secret draw, the card rows with what
    each card gives (the board may show them by name only), and their city in full."""
    say = _Words(locale, names, len(view.players))
    player = view.players[seat]
    secret = [c for w in view.waiting if w.seat == seat and w.cards for c in (w.cards or [])]

    stored = list(player.stored or [])
    hidden = ("mine", say.locale, tuple(stored), tuple(secret))

    def mine(draw: ImageDraw.ImageDraw) -> float:
        y = _cards(draw, 0, view, say("pic.stored"), list(player.stored or []), say)
        return _cards(draw, y, view, say("pic.looking"), secret, say) if secret else y

    def layout(detail: int, market: bool | None) -> Callable[[], list[_Piece]]:
        def parts() -> list[_Piece]:
            out = [_header_part(view, say("pic.private", seat=seat), say), _part(hidden, mine)]
            if market is not None and not view.over:
                out.append(_market_part(view, say, market))
            return [*out, _city_part(view, seat, say, detail)]
        return parts

    return _png(_fitted([layout(2, False), layout(1, False), layout(0, False), layout(2, True),
                         layout(2, None), layout(1, None), layout(0, None)]))
