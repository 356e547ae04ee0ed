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

import math
from collections.abc import Callable, Hashable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from render import kit
from render.words import Words

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


def _words(locale: str, names: Sequence[str], seats: int) -> Words:
    """The reader's words of this game (:class:`render.words.Words`)."""
    return Words(locale, names, seats, PACKAGES, prefix="ancient_world.")


SAID_KEPT = 4096
"""Card lines kept by :func:`_card_line` (and markets and cities' words) before they start afresh."""
_LINES: dict[Hashable, str] = {}


def _keep(kept: dict[Hashable, str], key: Hashable, words: str) -> str:
    if len(kept) >= SAID_KEPT:
        kept.clear()
    kept[key] = words
    return words


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], words: str, *, size: int = BODY,
          bold: bool = False, colour: kit.Colour = kit.THEME["ink"], anchor: str = "la") -> None:
    assert size >= SMALL
    kit.text(draw, xy, words, size=size, bold=bold, colour=colour, anchor=anchor, apart=True)


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


def _card_line(view: Any, card_id: str, say: Words, *, brief: bool = False) -> str:
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


def _card_words(info: Any, say: Words, *, brief: bool) -> str:
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


def _cards(draw: ImageDraw.ImageDraw, y: float, view: Any, title: str, cards: Sequence[str], say: Words,
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
    below: int = 4
    """Pixels kept below where ``draw`` ends."""
    known: int = 0
    """The part's height where its maker knows it without measuring (0: not known)."""
    made: Callable[[], kit.Part] | None = None
    """How the part is put together where it is not drawn at once by ``draw``."""

    def height(self) -> int:
        """The part's height, measured without drawing it (:func:`render.kit.measured`) unless
        known."""
        return self.known or kit.measured(("ancient_world", *self.key), self._cut)

    def _cut(self, draw: ImageDraw.ImageDraw) -> float:
        return int(self.draw(draw)) + self.below

    def part(self) -> kit.Part:
        """The part drawn on its own, on a canvas of its measured height; drawn once per process for each
        key, which says everything of the view the part shows (:func:`render.kit.cached`): a card
        goes by its id there, since the view's ``cards`` table gives one printed card an id."""
        return kit.cached(("ancient_world", *self.key), self.made or (lambda: kit.drawn(
            WIDTH, 3 * MAX_HEIGHT, self._cut, colours=PALETTE, guess=self.height())))


def _part(key: tuple[Hashable, ...], draw_part: Callable[[ImageDraw.ImageDraw], float], *, cut: int = 4,
          height: int = 0) -> _Piece:
    """A part keyed by ``key``, cut ``cut`` px below where ``draw_part`` ends; ``height``: its
    height, where the caller knows it (where ``draw_part`` ends, and ``cut``)."""
    return _Piece(key, draw_part, cut, height)


def _reach(x: float, lines: Sequence[str], size: int, bold: bool) -> int:
    """How wide a part must be for ``lines`` drawn from ``x`` (:func:`_text`) to fit in it: to the
    end of the widest line's last word, with ``size`` px to spare for a glyph reaching past its
    advance; at most the picture's width. A part only as wide as what it draws is cheaper to fill
    and reduce, and pasted on the picture's background it gives the same pixels."""
    right = x
    for line in lines:
        spread = kit.word_starts(line, size=size, bold=bold)
        if spread:
            word, at = spread[-1]
            right = max(right, x + at + kit.text_width(word, size=size, bold=bold))
    return min(WIDTH, math.ceil(right) + size)


def _stack(parts: Sequence[kit.Part]) -> Image.Image:
    """The parts one below the other; their texts are recorded where they end up."""
    image = kit.blank(WIDTH, sum(p.height for p in parts) + PAD, PALETTE)
    kit.pasted(image, parts)
    return image


def _png(image: Image.Image) -> bytes:
    return kit.png(image, PALETTE)


# ---- the parts -----------------------------------------------------------------------------------


def _header(draw: ImageDraw.ImageDraw, view: Any, title: str, say: Words) -> float:
    _text(draw, (PAD, PAD), title, size=TITLE, bold=True)
    status = say("pic.over") if view.over else say("pic.round", round=view.round, era=view.era)
    return _para(draw, PAD, PAD + TITLE + 10, status, colour=kit.THEME["muted"]) + 4


SPACE_TOP = 4
SPACE_HEIGHT = 70
SPACE_GAP = 8


def _spaces_pieces(view: Any, say: Words) -> list[_Piece]:
    """The nine action spaces, 3 × 3, with the citizens in placement order, covered ones shaded: a
    part a row, each from its row's top but the first (from the top of the whole), the last with
    the space below the grid. A row is put together from a part a space (:func:`_spaces_row`), so a
    citizen placed redraws its space."""
    pieces = []
    for row in range(3):
        spaces = SPACES[3 * row:3 * row + 3]
        shown = tuple((space, space in view.covered, kit.fingerprint(view.spaces[space])) for space in spaces)
        top = SPACE_TOP if row == 0 else 0
        cut = SPACE_GAP if row < 2 else SPACE_GAP + 12
        height = top + SPACE_HEIGHT + cut
        whole = _drawing_spaces(view, say, range(3 * row, 3 * row + 3), top, 0)
        pieces.append(_Piece(("spaces", say.locale, row, shown), whole, cut, height,
                             _making_row(view, say, row, shown, top, height)))
    return pieces


CELL_WIDTH = (WIDTH - 2 * PAD - 2 * 8) / 3


def _making_row(view: Any, say: Words, row: int, shown: tuple[Hashable, ...], top: int, height: int
                ) -> Callable[[], kit.Part]:
    def make() -> kit.Part:
        return _spaces_row(view, say, row, shown, top, height)
    return make


def _spaces_row(view: Any, say: Words, row: int, shown: tuple[Hashable, ...], top: int, height: int
                ) -> kit.Part:
    """A row of the action spaces, its spaces drawn apart and pasted: each on a canvas from an even
    number of pixels left of its cell (its coordinates moved by that many, which Pillow rounds
    alike), each kept by what it shows. A space whose name or citizens would reach past its cell
    sends the row back to being drawn at once."""
    placed = []
    for column, i in enumerate(range(3 * row, 3 * row + 3)):
        cx = PAD + column * (CELL_WIDTH + 8)
        shift = (math.floor(cx) - 2) // 2 * 2
        space = SPACES[i]
        inside = cx + CELL_WIDTH - 4
        if (cx + 8 + kit.text_width(_space_name(view, say, space), size=SMALL, bold=True) > inside
                or cx + 24 + (len(view.spaces[space]) - 1) * 38 + 16 > inside):
            return kit.drawn(WIDTH, height, _drawing_spaces(view, say, range(3 * row, 3 * row + 3), top, 0),
                             colours=PALETTE)
        wide = math.ceil(cx + CELL_WIDTH) + 2 - shift
        key = ("ancient_world", "space", say.locale, column, top, height, shown[column])
        placed.append((kit.cached(key, _drawing_space(view, say, i, top, shift, wide, height)), (shift, 0)))
    return kit.assembled(WIDTH, height, placed, PALETTE)


def _drawing_space(view: Any, say: Words, cell: int, top: int, shift: int, wide: int, height: int
                   ) -> Callable[[], kit.Part]:
    def draw() -> kit.Part:
        return kit.drawn(wide, height, _drawing_spaces(view, say, (cell,), top, shift), colours=PALETTE)
    return draw


def _drawing_spaces(view: Any, say: Words, cells: Sequence[int], top: int, shift: int
                    ) -> Callable[[ImageDraw.ImageDraw], float]:
    """Drawing the spaces ``cells`` to the foot of the canvas (what :func:`_spaces` draws)."""
    def draw_row(draw: ImageDraw.ImageDraw) -> float:
        _spaces(draw, view, say, cells, top, shift)
        high: int = draw.im.size[1]
        return high
    return draw_row


def _space_name(view: Any, say: Words, space: str) -> str:
    return say(f"space.{space}") + (" · " + say("pic.covered") if space in view.covered else "")


def _spaces(draw: ImageDraw.ImageDraw, view: Any, say: Words, cells: Sequence[int], cy: int, shift: int
            ) -> None:
    """The action spaces ``cells`` (of one row), their boxes from ``cy``, ``shift`` px left."""
    for i in cells:
        space = SPACES[i]
        cx = PAD + (i % 3) * (CELL_WIDTH + 8) - shift
        covered = space in view.covered
        fill = COVERED if covered else kit.THEME["panel"]
        kit.box(draw, (cx, cy, cx + CELL_WIDTH, cy + SPACE_HEIGHT), fill=fill)
        _text(draw, (cx + 8, cy + 6), _space_name(view, say, space), size=SMALL, bold=True,
              colour=kit.THEME["muted"] if covered else kit.THEME["ink"])
        for j, citizen in enumerate(view.spaces[space]):
            px = cx + 24 + j * 38
            draw.ellipse((px - 15, cy + 36, px + 15, cy + 66), fill=_seat_colour(citizen.seat))
            _text(draw, (px, cy + 51), str(citizen.rank), size=SMALL, bold=True, colour=kit.THEME["white"],
                  anchor="mm")


def _market_pieces(view: Any, say: Words, brief: bool) -> list[_Piece]:
    """The Empire and Military rows (``brief``: by name only), the Titans on top and the District,
    as parts: each row's title, and each card (or a row's names) apart, so that a card taken or
    a deck drawn from redraws only the lines that changed."""
    tops = [(t, stars, left) for stars, (t, left) in enumerate(zip(view.titan_tops, view.titan_decks,
                                                                  strict=True), start=1) if t is not None]
    districts = [view.district_top] if view.district_top is not None else []
    return [*_card_pieces(view, say("pic.empire_row", deck=view.empire_deck, discards=view.empire_discard),
                          view.empire_row, say, brief=brief),
            *_card_pieces(view, say("pic.military_row", deck=view.military_deck), view.military_row, say,
                          brief=brief),
            *_card_pieces(view, say("pic.titans"), [t for t, _, _ in tops], say,
                          notes=[say("pic.titan_deck", stars=s, count=n) for _, s, n in tops]),
            *_card_pieces(view, say("pic.district", count=view.district_deck), districts, say, below=4)]


class _Markets:
    """The market's parts of one picture, brief or not, made once for all the layouts tried."""

    def __init__(self, view: Any, say: Words) -> None:
        self.view, self.say = view, say
        self.found: dict[bool, list[_Piece]] = {}

    def __call__(self, brief: bool) -> list[_Piece]:
        found = self.found.get(brief)
        if found is None:
            found = self.found[brief] = _kept_market(self.view, self.say, brief)
        return found


_MARKETS: dict[Hashable, tuple[tuple[Any, ...], list[_Piece]]] = {}


def _kept_market(view: Any, say: Words, brief: bool) -> list[_Piece]:
    """:func:`_market_pieces`, kept by what the market shows: the reader's language and the names,
    the rows, the tops and the decks' counts, and the cards' entries in the view's ``cards`` table
    (those of one game are the same objects from view to view, and are otherwise compared) (4,096
    markets before they start afresh)."""
    shown = (*view.empire_row, "|", *view.military_row, "|", *view.titan_tops, view.district_top)
    key = (say.locale, say.names, brief, shown, view.empire_deck, view.empire_discard, view.military_deck,
           tuple(view.titan_decks), view.district_deck)
    infos = tuple(view.cards[c] for c in shown if c is not None and c != "|")
    found = _MARKETS.get(key)
    if found is not None and all(a is b or a == b for a, b in zip(found[0], infos, strict=True)):
        return found[1]
    if len(_MARKETS) >= SAID_KEPT:
        _MARKETS.clear()
    pieces = _market_pieces(view, say, brief)
    _MARKETS[key] = (infos, pieces)
    return pieces


def _card_pieces(view: Any, title: str, cards: Sequence[str], say: Words, *, brief: bool = False,
                 notes: Sequence[str] = (), below: int = 0) -> list[_Piece]:
    """What :func:`_cards` draws, as parts: the title, then each card's paragraph (``brief``: the
    names in one), the last with the space below the list and ``below`` more."""
    def heading(draw: ImageDraw.ImageDraw) -> float:
        _text(draw, (PAD, 0), title, size=BODY, bold=True)
        return LINE + 2

    pieces = [_Piece(("card title", title), heading, 0, LINE + 2,
                     _making_lines([title], PAD, BODY, True, kit.THEME["ink"], LINE + 2))]
    if not cards:
        paras = [("—", BODY, kit.THEME["muted"], WIDTH - 2 * PAD)]
    elif brief:
        names = [_card_line(view, c, say, brief=True) + (f" ({n})" if n else "")
                 for c, n in zip(cards, [*notes, *[""] * len(cards)], strict=False)]
        paras = [(", ".join(names), SMALL, kit.THEME["ink"], WIDTH - 2 * PAD)]
    else:
        paras = []
        for i, card_id in enumerate(cards):
            note = notes[i] if i < len(notes) and notes[i] else ""
            line = _card_line(view, card_id, say) + (f" ({note})" if note else "")
            paras.append(("• " + line, SMALL, kit.THEME["ink"], WIDTH - 2 * PAD - 12))
    for i, (words, size, colour, width) in enumerate(paras):
        cut = 6 + below if i == len(paras) - 1 else 0
        lines = _wrap(words, width, size=size)
        high = len(lines) * (size + 6) + cut
        pieces.append(_Piece(("card para", words, size, colour, width, cut),
                             _drawing_para(words, size, colour, width), cut, high,
                             _making_lines(lines, PAD + 12, size, False, colour, high)))
    return pieces


def _making_lines(lines: Sequence[str], x: int, size: int, bold: bool, colour: kit.Colour, high: int
                  ) -> Callable[[], kit.Part]:
    """The part of ``lines`` drawn from ``x``, each ``size`` + 6 px below the one before (what
    :func:`_para` draws of them), put together from their words (:func:`render.kit.lines_part`) and
    only as wide as they reach (:func:`_reach`)."""
    def make() -> kit.Part:
        placed = [((x, i * (size + 6)), line, size, bold) for i, line in enumerate(lines)]
        return kit.lines_part(_reach(x, lines, size, bold), high, placed, colour, colours=PALETTE)
    return make


def _drawing_para(words: str, size: int, colour: kit.Colour, width: float
                  ) -> Callable[[ImageDraw.ImageDraw], float]:
    def draw_para(draw: ImageDraw.ImageDraw) -> float:
        return _para(draw, PAD + 12, 0, words, size=size, colour=colour, width=width)
    return draw_para


def _city_line(draw: ImageDraw.ImageDraw, view: Any, seat: int, say: Words) -> float:
    """A city in one line: its resources and counts (the least detail)."""
    player = view.players[seat]
    cards = len(player.empire) + len(player.districts) + len(player.titans)
    line = say("pic.city_line", seat=seat, coins=player.coins, knowledge=player.knowledge, cards=cards,
               armies=len(player.armies))
    y = _para(draw, PAD + 14, 4, line, size=SMALL, bold=True, colour=_seat_colour(seat),
              width=WIDTH - 2 * PAD - 14)
    return y + 2


class _CityWords(NamedTuple):
    """What a city's upper lines say: its name and marks, its resources, its citizens and banners,
    and what it holds (added to the citizens' line when the cards are only counted); ``held``
    fingerprints its cards and armies."""

    head: str
    stats: str
    people: str
    counts: str
    held: str


_CITIES: dict[Hashable, _CityWords] = {}


def _city_words(view: Any, seat: int, say: Words) -> _CityWords:
    """A city's words, kept by the reader's language, the names, the seat's marks and its player's
    view as its JSON (4,096 cities before they start afresh)."""
    player = view.players[seat]
    key = (say.locale, say.names, seat, seat == view.first_player, seat == view.current and not view.over,
           player.model_dump_json())
    found = _CITIES.get(key)
    if found is None:
        if len(_CITIES) >= SAID_KEPT:
            _CITIES.clear()
        found = _CITIES[key] = _put_city_words(view, seat, say)
    return found


def _put_city_words(view: Any, seat: int, say: Words) -> _CityWords:
    player = view.players[seat]
    marks = []
    if seat == view.first_player:
        marks.append(say("pic.first_player"))
    if seat == view.current and not view.over:
        marks.append(say("pic.to_play"))
    if player.passed:
        marks.append(say("pic.passed"))
    head = say.names[seat] + (" · " + ", ".join(marks) if marks else "")
    citizens = [say("pic.citizen_" + ("hungry" if r in player.hungry else "placed" if r in player.placed
                                      else "ready"), rank=r) for r in player.owned]
    banners = ", ".join(say(f"gives.banner.{t}", count=n) for t, n in player.banners.items() if n) or "—"
    stats = say("pic.stats", coins=player.coins, knowledge=player.knowledge, food=player.food,
                citizens=len(player.owned), built=len(player.empire), capacity=player.capacity,
                armies=len(player.armies), army_limit=player.army_limit, stored=player.stored_count,
                attack=player.conscription)
    people = say("pic.citizens", list=", ".join(citizens)) + " · " + say("pic.banners", list=banners)
    counts = " · " + say("pic.city_counts", cards=len(player.empire) + len(player.districts)
                         + len(player.titans), armies=len(player.armies))
    held = kit.fingerprint((player.empire, player.districts, player.titans, player.armies))
    return _CityWords(head, stats, people, counts, held)


class _CitiesWords:
    """The cities' words of one picture, put together once for all the layouts tried."""

    def __init__(self, view: Any, say: Words) -> None:
        self.view, self.say = view, say
        self.found: dict[int, _CityWords] = {}

    def __call__(self, seat: int) -> _CityWords:
        found = self.found.get(seat)
        if found is None:
            found = self.found[seat] = _city_words(self.view, seat, self.say)
        return found


def _city_pieces(view: Any, seat: int, say: Words, detail: int, words: _CityWords) -> list[_Piece]:
    """One city (``detail`` 2: its cards with what they give, 1: by name, 0: by count, -1: one
    line) as parts one under the other, each drawn again only when what it shows changes: each
    line of its name and marks, resources, citizens and banners, then its cards and armies. The
    seat's colour bar runs down their left, each part drawing its own stretch of it."""
    if detail < 0:
        key = ("city", say.locale, say.names, seat, detail, kit.fingerprint(view.players[seat]))
        return [_part(key, lambda d: _city_line(d, view, seat, say))]
    pieces = list(_city_lines(seat, detail == 0, words.head, words.stats,
                              words.people + (words.counts if detail == 0 else "")))
    if detail > 0:
        key = ("city cards", say.locale, say.names, seat, detail, words.held)
        pieces.append(_part(key, lambda d: _city_cards(d, view, seat, say, detail), cut=0))
    return pieces


@lru_cache(maxsize=4096)
def _city_lines(seat: int, last: bool, head: str, stats: str, people: str) -> tuple[_Piece, ...]:
    """A city's upper lines as parts (``last``: the city ends with them), kept by their words."""
    colour = _seat_colour(seat)
    width = WIDTH - 2 * PAD - 14
    paras = ((head, BODY, True), (stats, SMALL, False), (people, SMALL, False))
    lines = [(line, size, bold) for text, size, bold in paras
             for line in _wrap(text, width, size=size, bold=bold)]
    pieces = []
    for i, (line, size, bold) in enumerate(lines):
        top = 6 if i == 0 else 0
        ends = last and i == len(lines) - 1
        high = top + size + 6 + (12 if ends else 0)
        pieces.append(_Piece(("city line", seat, line, size, bold, top, ends),
                             _drawing_city_line(line, size, bold, colour, top, ends), 0, high,
                             _making_city_line(line, size, bold, colour, top, ends, high)))
    return tuple(pieces)


def _drawing_city_line(line: str, size: int, bold: bool, colour: kit.Colour, top: int, last: bool
                       ) -> Callable[[ImageDraw.ImageDraw], float]:
    def draw_line(draw: ImageDraw.ImageDraw) -> float:
        _text(draw, (PAD + 14, top), line, size=size, bold=bold, colour=colour if bold else kit.THEME["ink"])
        return _bar(draw, top, top + size + 6, colour, last)
    return draw_line


def _making_city_line(line: str, size: int, bold: bool, colour: kit.Colour, top: int, last: bool, high: int
                      ) -> Callable[[], kit.Part]:
    """The part :func:`_drawing_city_line` draws, put together from its words
    (:func:`render.kit.lines_part`), only as wide as the line reaches (:func:`_reach`)."""
    def make() -> kit.Part:
        bottom = top + size + 6
        bar = (4, top, 10, bottom - 4 if last else bottom - 1)
        ink = colour if bold else kit.THEME["ink"]
        lines = [((PAD + 14, top), line, size, bold)]
        return kit.lines_part(_reach(PAD + 14, (line,), size, bold), high, lines, ink, bars=[(bar, colour)],
                              colours=PALETTE)
    return make


def _bar(draw: ImageDraw.ImageDraw, top: int, bottom: float, colour: kit.Colour, last: bool) -> float:
    """The stretch of a city's colour bar beside a part of it that ends at ``bottom`` (the last part:
    the bar's end, and the space below the city); the part's height."""
    if not last:
        draw.rectangle((4, top, 10, bottom - 1), fill=colour)
        return bottom
    draw.rectangle((4, top, 10, bottom - 4), fill=colour)
    return int(bottom + 8) + 4


def _city_cards(draw: ImageDraw.ImageDraw, view: Any, seat: int, say: Words, detail: int) -> float:
    """A city's cards and armies (``detail`` 2: with what they give, 1: by name)."""
    player = view.players[seat]
    cards = [b.card for b in player.empire] + list(player.districts) + list(player.titans)
    notes = [say("pic.damaged") if b.damaged else say("pic.citizen_on", rank=b.citizen) if b.citizen else ""
             for b in player.empire]
    armies = [a.cards[-1] for a in player.armies]
    army_notes = [say("pic.army_coins", name=a.name_coins, picture=a.picture_coins,
                      retired=len(a.cards) - 1) for a in player.armies]
    y = _cards(draw, 0, view, say("pic.city"), cards, say, brief=detail < 2, notes=notes)
    y = _cards(draw, y, view, say("pic.armies"), armies, say, brief=detail < 2, notes=army_notes)
    return _bar(draw, 0, y, _seat_colour(seat), True)


def _scores(draw: ImageDraw.ImageDraw, view: Any, say: Words) -> float:
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
    chosen by the parts' measured heights, so only the parts it shows are drawn. A layout is given
    up as soon as the parts measured so far pass the height, and a part in several layouts is
    measured once."""
    heights: dict[tuple[Hashable, ...], int] = {}
    for layout in layouts:
        pieces = layout()
        total = PAD
        for piece in pieces:
            high = heights.get(piece.key)
            if high is None:
                high = heights[piece.key] = piece.height()
            total += high
            if total > MAX_HEIGHT:
                break
        else:
            break
    return _stack([p.part() for p in pieces])


def _header_part(view: Any, title: str, say: Words) -> _Piece:
    return _part(("header", say.locale, title, view.over, view.round, view.era),
                 lambda d: _header(d, view, title, say))


def render_board(view: Any, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """The public picture: the action spaces, the card rows, the Titans and District, every city,
    and at the end the final scores. ``names`` are the players' names in seat order."""
    say = _words(locale, names, len(view.players))
    seats = range(len(view.players))
    city = _CitiesWords(view, say)
    spaces = _spaces_pieces(view, say) if view.final is None else []
    market = _Markets(view, say)

    def layout(detail: int, brief_market: bool) -> Callable[[], list[_Piece]]:
        def parts() -> list[_Piece]:
            out = [_header_part(view, say("pic.title"), say)]
            if view.final is not None:
                coins = tuple(p.coins for p in view.players)
                scores = ("scores", say.locale, say.names, kit.fingerprint(view.final), coins)
                out.append(_part(scores, lambda d: _scores(d, view, say)))
            else:
                out += [*spaces, *market(brief_market)]
            return out + [piece for s in seats for piece in _city_pieces(view, s, say, detail, city(s))]
        return parts

    image = _fitted([layout(2, False), layout(1, False), layout(0, False), layout(0, True), layout(-1, True)])
    return _png(image)


def render_private(view: Any, seat: int, names: Sequence[str] = (), *, locale: str = "en") -> bytes:
    """One player's private picture: their stored cards, any secret draw, the card rows with what
    each card gives (the board may show them by name only), and their city in full."""
    say = _words(locale, names, len(view.players))
    player = view.players[seat]
    city = _CitiesWords(view, say)
    markets = _Markets(view, say)
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
                out += markets(market)
            return [*out, *_city_pieces(view, seat, say, detail, city(seat))]
        return parts

    return _png(_fitted([layout(2, False), layout(1, False), layout(0, False), layout(2, True),
                         layout(2, None), layout(1, None), layout(0, None)]))
