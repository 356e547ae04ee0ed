"""The shared drawing kit: fonts with Greek glyphs, a theme of semantic colours, layout helpers.

Fonts (DejaVu Sans, see ``fonts/LICENSE-DejaVu.txt``) ship inside the package so a picture looks the
same on every machine. Pictures are sized for a phone, which shows them about 400 px wide: text no
smaller than :func:`smallest_text` (2.25% of the width, 9 px at 400), no picture taller than
:data:`MAX_RATIO` widths (what does not fit goes into further pictures, :func:`stack`).

A picture is made of parts (:class:`Part`: the heading, a player's panel, an empire), each drawn
once per process for what it shows (:func:`cached`) and pasted; text is drawn from kept FreeType
renderings. Every part is reduced to its game's fixed :func:`palette` as it is drawn, so a picture
is pasted together and written as a palette PNG with nothing more to reduce. What is kept is
bounded: :data:`PART_BUDGET` and :data:`MASK_BUDGET` bytes, and 16,384 text widths and boxes and
4,096 wrapped texts. :func:`recording` collects every text drawn, where it ends up.
"""

from __future__ import annotations

import io
import math
import threading
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, lru_cache
from importlib import resources
from typing import Any, Generic, NamedTuple, TypeVar

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, int, int]

THEME: dict[str, Colour] = {
    "background": (246, 242, 232),
    "panel": (255, 252, 244),
    "ink": (34, 34, 40),
    "muted": (120, 116, 108),
    "line": (196, 188, 170),
    "highlight": (222, 170, 40),
    "good": (52, 140, 72),
    "bad": (190, 56, 48),
    "blue": (50, 100, 190),
    "brown": (140, 90, 50),
    "green": (60, 150, 70),
    "yellow": (230, 190, 40),
    "purple": (140, 70, 170),
    "red": (200, 60, 50),
    "white": (250, 250, 250),
    "grey": (150, 150, 150),
    "black": (30, 30, 30),
    "orange": (230, 130, 40),
}
"""Semantic colour keys; a renderer's callers may pass their own theme to override any of them."""

SEAT_COLOURS: tuple[Colour, ...] = (
    (200, 60, 50),
    (50, 100, 190),
    (60, 150, 70),
    (230, 170, 30),
    (140, 70, 170),
)
"""One colour per seat, in seat order, distinguishable for the common colour-blindnesses by shape too."""


MAX_RATIO = 1.6
"""The tallest a picture may be, in widths: a phone shows it whole."""

SMALLEST_SHARE = 0.0225
"""The smallest text, as a share of the picture's width (9 px when it is shown 400 px wide)."""


def smallest_text(width: int) -> int:
    """The smallest font size a picture ``width`` px wide may draw."""
    return math.ceil(width * SMALLEST_SHARE)


def stack(blocks: Sequence[Part], max_height: int) -> list[Image.Image]:
    """Blocks of one width stacked top to bottom, in order, into as few pictures as keep each one
    no taller than ``max_height`` (a block taller than that has a picture of its own)."""
    pages: list[list[Part]] = []
    for block in blocks:
        if pages and sum(b.height for b in pages[-1]) + block.height <= max_height:
            pages[-1].append(block)
        else:
            pages.append([block])
    pictures = []
    for page in pages:
        image = blank(max(b.image.width for b in page), sum(b.height for b in page), page[0].image)
        y = 0
        for block in page:
            paste(image, block, (0, y))
            y += block.height
        pictures.append(image)
    return pictures


@cache
def font(size: int, *, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The shipped DejaVu Sans at ``size`` pixels (Latin and Greek)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    with resources.as_file(resources.files("render").joinpath("fonts", name)) as path:
        return ImageFont.truetype(str(path), size)


def canvas(
    width: int, height: int, colour: Colour = THEME["background"]
) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A new RGB picture and its drawing context."""
    image = Image.new("RGB", (width, height), colour)
    return image, ImageDraw.Draw(image)


# ---- text ----------------------------------------------------------------------------------------


class Said(NamedTuple):
    """A text as it was drawn: what :func:`text` was given."""

    words: str
    size: int
    bold: bool
    anchor: str
    xy: tuple[float, float]
    apart: bool = False


Box = tuple[float, float, float, float]
Drawn = list[tuple[str, int, Box]]
"""Texts drawn as (words, size, bounding box in the picture's coordinates)."""

_recording: ContextVar[Drawn | None] = ContextVar("recording", default=None)
_collecting: ContextVar[list[Said] | None] = ContextVar("collecting", default=None)
_measuring: ContextVar[bool] = ContextVar("measuring", default=False)


@contextmanager
def recording() -> Iterator[Drawn]:
    """Collect every text drawn meanwhile (also those of a :class:`Part` drawn earlier and pasted
    now) as (words, size, bounding box), in the coordinates of the picture it is pasted into."""
    drawn: Drawn = []
    token = _recording.set(drawn)
    try:
        yield drawn
    finally:
        _recording.reset(token)


def recorded() -> Drawn | None:
    """The texts of the :func:`recording` in progress, or ``None`` when nothing records."""
    return _recording.get()


def _tell(said: Said) -> None:
    """``said`` to the part being drawn, else to the recording in progress."""
    collecting = _collecting.get()
    if collecting is not None:
        collecting.append(said)
        return
    drawn = _recording.get()
    if drawn is not None:
        drawn.append((said.words, said.size, text_box(said.xy, said.words, size=said.size, bold=said.bold,
                                                      anchor=said.anchor, apart=said.apart)))


def text_box(xy: tuple[float, float], words: str, *, size: int = 20, bold: bool = False,
             anchor: str = "la", apart: bool = False) -> Box:
    """The bounding box of ``words`` drawn at ``xy`` (that of ``ImageDraw.textbbox``; ``apart``:
    of the words as :func:`text` draws them apart)."""
    if _apart(words, anchor, apart):
        return _apart_box(xy, words, size, bold)
    x0, y0, x1, y1 = _bbox(words, size, bold, anchor)
    return xy[0] + x0, xy[1] + y0, xy[0] + x1, xy[1] + y1


def _apart(words: str, anchor: str, apart: bool) -> bool:
    """Whether ``words`` are drawn a word at a time (:func:`text`)."""
    return apart and anchor == "la" and bool(words.strip()) and "\n" not in words


@lru_cache(maxsize=16384)
def _spread(words: str, size: int, bold: bool) -> tuple[tuple[str, float], ...]:
    """The words of a line and where each starts from the line's start, as the font lays the line
    out: the widths of the words before it and of the spaces (nothing is kerned across a space)."""
    space = text_width(" ", size=size, bold=bold)
    spread = []
    at = 0.0
    for word in words.split(" "):
        if word:
            spread.append((word, at))
        at += text_width(word, size=size, bold=bold) + space
    return tuple(spread)


def word_starts(words: str, *, size: int = 20, bold: bool = False) -> tuple[tuple[str, float], ...]:
    """The words of a line and where each starts from the line's start, as :func:`text` draws
    them apart (the line's last word ends its width past its start)."""
    return _spread(words, size, bold)


def _placed(x: float, at: float) -> int:
    """The whole pixel a word ``at`` px into a line that starts at ``x`` is drawn from."""
    return math.floor(x + at + 0.5)


def _apart_box(xy: tuple[float, float], words: str, size: int, bold: bool) -> Box:
    """The bounding box of ``words`` drawn a word at a time at ``xy`` (:func:`text`)."""
    x, y = xy
    left = top = math.inf
    right = bottom = -math.inf
    for word, at in _spread(words, size, bold):
        x0, y0, x1, y1 = _bbox(word, size, bold, "la")
        px = _placed(x, at)
        left, top = min(left, px + x0), min(top, y0)
        right, bottom = max(right, px + x1), max(bottom, y1)
    return left, y + top, right, y + bottom


def _apart_right(x: float, words: str, size: int, bold: bool) -> float:
    """The right edge of ``words`` drawn a word at a time from ``x``: its last word's."""
    word, at = _spread(words, size, bold)[-1]
    return _placed(x, at) + _bbox(word, size, bold, "la")[2]


BOXES_KEPT = 16384
"""Text boxes kept (:func:`_bbox`) before they start afresh."""

_boxes: dict[tuple[str, int, bool, str], Box] = {}


def _bbox(words: str, size: int, bold: bool, anchor: str) -> Box:
    """``ImageFont.getbbox`` of ``words``, kept; a text drawn has its box kept from its rendering
    (:func:`_mask`), without laying it out again."""
    key = (words, size, bold, anchor)
    found = _boxes.get(key)
    if found is None:
        found = _keep_box(key, font(size, bold=bold).getbbox(words, "L", anchor=anchor))
    return found


def _keep_box(key: tuple[str, int, bool, str], box: Box) -> Box:
    if len(_boxes) >= BOXES_KEPT:
        _boxes.clear()
    _boxes[key] = box
    return box


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Lru(Generic[K, V]):
    """A least-recently-used cache holding at most ``budget`` bytes (each value's size as
    ``weigh`` tells it); safe to share between the threads pictures are drawn in."""

    def __init__(self, budget: int, weigh: Callable[[V], int]) -> None:
        self.budget = budget
        self.weigh = weigh
        self.used = 0
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: K, value: V) -> V:
        weight = self.weigh(value)
        with self._lock:
            if key in self._items:
                self.used -= self._items.pop(key)[1]
            self._items[key] = (value, weight)
            self.used += weight
            while self.used > self.budget and len(self._items) > 1:
                self.used -= self._items.popitem(last=False)[1][1]
        return value

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.used = 0

    def __len__(self) -> int:
        return len(self._items)


MASK_BUDGET = 8 * 1024 * 1024
"""Bytes of rendered text kept for drawing again (one byte a pixel)."""

_masks: Lru[tuple[str, int, bool, str, float, float], tuple[Any, tuple[int, int]]] = Lru(
    MASK_BUDGET, lambda found: found[0].size[0] * found[0].size[1] + 200)


def _mask(words: str, size: int, bold: bool, anchor: str, start: tuple[float, float]
          ) -> tuple[Any, tuple[int, int]]:
    """The anti-aliased coverage of ``words`` as FreeType renders it from ``start`` (the fraction of
    a pixel the text begins at), and where it goes from the drawing position."""
    key = (words, size, bold, anchor, *start)
    found = _masks.get(key)
    if found is None:
        found = _masks.put(key, font(size, bold=bold).getmask2(words, "L", anchor=anchor, start=start))
    box = (words, size, bold, anchor)
    if box not in _boxes:
        # The rendering is the text's box, one pixel wider (taller) where it starts at a fraction of
        # a pixel across (down): what Pillow's getmask2 adds for the fraction.
        mask, (left, top) = found
        width, height = mask.size
        _keep_box(box, (left, top, left + width - math.ceil(start[0]), top + height - math.ceil(start[1])))
    return found


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    *,
    size: int = 20,
    bold: bool = False,
    colour: Colour = THEME["ink"],
    anchor: str = "la",
    apart: bool = False,
) -> float:
    """Draw ``words`` at ``xy`` with a Pillow anchor (``"mm"`` centres it); returns the right edge of
    its bounding box. The pixels are those of ``ImageDraw.text``; the rendered text is kept (up to
    :data:`MASK_BUDGET` bytes), so words drawn again cost a copy. While :func:`measured` runs,
    nothing is drawn or told: only the right edge is found.

    ``apart``: a line from its left (anchor ``"la"``) is drawn a word at a time, each word where the
    line lays it out, moved to the nearest whole pixel (less than half a pixel off), from its
    rendering kept by the word alone: a line of words drawn before costs a copy of each, where a
    line never drawn whole would be laid out and rendered by FreeType (its box is the words'
    boxes together, :func:`text_box`)."""
    if _apart(words, anchor, apart):
        if not _measuring.get() and draw.mode == "RGB":
            x, y = xy
            ink = draw._getink(colour)[0]
            assert ink is not None
            start = (0.0, math.modf(y)[0])
            for word, at in _spread(words, size, bold):
                mask, (dx, dy) = _mask(word, size, bold, "la", start)
                draw.draw.draw_bitmap((_placed(x, at) + dx, int(y) + dy), mask, ink)
            _tell(Said(words, size, bold, anchor, xy, True))
        elif not _measuring.get():
            return text(draw, xy, words, size=size, bold=bold, colour=colour, anchor=anchor)
        return _apart_right(xy[0], words, size, bold)
    if _measuring.get():
        return xy[0] + _bbox(words, size, bold, anchor)[2]
    if "\n" in words or draw.mode != "RGB":
        draw.text(xy, words, font=font(size, bold=bold), fill=colour, anchor=anchor)
    else:
        x, y = xy
        mask, (dx, dy) = _mask(words, size, bold, anchor, (math.modf(x)[0], math.modf(y)[0]))
        ink = draw._getink(colour)[0]
        assert ink is not None
        draw.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)
    _tell(Said(words, size, bold, anchor, xy))
    return xy[0] + _bbox(words, size, bold, anchor)[2]


@lru_cache(maxsize=16384)
def text_width(words: str, *, size: int = 20, bold: bool = False) -> float:
    """How wide ``words`` are when drawn."""
    return font(size, bold=bold).getlength(words)


def fit(words: str, width: float, *, size: int = 20, bold: bool = False) -> str:
    """``words`` cut with an ellipsis so they fit in ``width`` pixels."""
    if text_width(words, size=size, bold=bold) <= width:
        return words
    while words and text_width(words + "…", size=size, bold=bold) > width:
        words = words[:-1]
    return words + "…"


NAME_LENGTH = 18
"""Characters of a player's name a picture shows before an ellipsis."""


def wrap(words: str, width: float, *, size: int = 20, bold: bool = False) -> list[str]:
    """``words`` broken at spaces into lines no wider than ``width`` (a word wider than that keeps a
    line of its own, whole): names and effect texts are wrapped, never cut."""
    return list(_wrapped(words, width, size, bold))


@lru_cache(maxsize=4096)
def _wrapped(words: str, width: float, size: int, bold: bool) -> tuple[str, ...]:
    """Each word goes on the line when the line with it is no wider than ``width``. A line's width
    is first told from its words' widths and the spaces' (which is what the font lays out: nothing
    is kerned across a space), and the line laid out whole only when that comes within a quarter
    of the size of ``width``, so the lines are those of laying out each try whole."""
    lines: list[str] = []
    space = text_width(" ", size=size, bold=bold)
    near = size / 4
    high = 0.0
    for word in words.split(" "):
        wide = text_width(word, size=size, bold=bold)
        if lines:
            guess = high + space + wide
            if guess > width + near:
                fits = False
            elif guess > width - near:
                fits = text_width(f"{lines[-1]} {word}", size=size, bold=bold) <= width
            else:
                fits = True
            if fits:
                lines[-1] = f"{lines[-1]} {word}"
                high = guess
                continue
        lines.append(word)
        high = wide
    return tuple(lines) or ("",)


def player_name(seat: int, names: Sequence[str] = ()) -> str:
    """The name a picture gives ``seat``: the player's display name, or ``Seat N`` without one.

    Symbols the shipped fonts cannot draw (emoji and other pictographs) are left out rather than
    drawn as empty boxes; a name left empty by that falls back to ``Seat N``.
    """
    name = names[seat] if 0 <= seat < len(names) else ""
    drawable = "".join(ch for ch in name if unicodedata.category(ch) not in {"So", "Cs", "Co", "Cn", "Cc"})
    drawable = " ".join(drawable.split())
    if not drawable:
        return f"Seat {seat + 1}"
    return drawable if len(drawable) <= NAME_LENGTH else drawable[: NAME_LENGTH - 1].rstrip() + "…"


def box(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float, float, float],
    *,
    fill: Colour = THEME["panel"],
    outline: Colour = THEME["line"],
    radius: int = 8,
    width: int = 2,
) -> None:
    """A rounded panel."""
    draw.rounded_rectangle(xy, radius=radius, fill=fill, outline=outline, width=width)


def pips(draw: ImageDraw.ImageDraw, centre: tuple[float, float], count: int, *, colour: Colour,
         radius: int = 5, gap: int = 14) -> None:
    """``count`` small dots in a row centred on ``centre`` (counters, workers, chips)."""
    x0 = centre[0] - gap * (count - 1) / 2
    for i in range(count):
        x = x0 + i * gap
        draw.ellipse((x - radius, centre[1] - radius, x + radius, centre[1] + radius), fill=colour)


# ---- parts and palettes --------------------------------------------------------------------------


def palette(*colours: Colour) -> Image.Image:
    """A fixed palette for a game's pictures (as a 1 × 1 palette image): the :data:`THEME` and
    :data:`SEAT_COLOURS`, then ``colours`` (the game's own flat fills), each stored exactly, then
    the blends anti-aliased text makes of the inks on the two backgrounds and a 5-level colour cube
    for the rest of the text edges. Reducing a picture to it is one look-up a pixel, and the same
    for every part of a picture, so parts reduced apart are pasted together as they are."""
    exact = list(dict.fromkeys([*THEME.values(), *SEAT_COLOURS, *colours]))
    grounds = (THEME["background"], THEME["panel"])
    fine = [_blend(ink, ground, i / 8) for ink in (THEME["ink"], THEME["muted"]) for ground in grounds
            for i in range(1, 8)]
    inks = [THEME[k] for k in ("bad", "good", "brown", "blue", "highlight")] + list(SEAT_COLOURS)
    coarse = [_blend(ink, ground, i / 4) for ink in inks for ground in grounds for i in range(1, 4)]
    levels = (0, 64, 128, 192, 255)
    cube = [(r, g, b) for r in levels for g in levels for b in levels]
    entries = list(dict.fromkeys([*exact, *fine, *coarse, *cube]))
    assert len(entries) <= 256, "a palette holds 256 colours"
    image = Image.new("P", (1, 1))
    image.putpalette([c for colour in entries for c in colour])
    return image


def _blend(ink: Colour, ground: Colour, share: float) -> Colour:
    r, g, b = (round(base + (top - base) * share) for top, base in zip(ink, ground, strict=True))
    return r, g, b


PALETTE = palette()
"""The palette of a picture whose game names no colours of its own."""


class Part(NamedTuple):
    """A part of a picture, drawn on its own and reduced to a palette, and the texts drawn in it
    (replayed into a :func:`recording` wherever the part is pasted)."""

    image: Image.Image
    said: tuple[Said, ...]

    @property
    def height(self) -> int:
        return self.image.height


def drawn(width: int, height: int, draw_part: Callable[[ImageDraw.ImageDraw], float | None], *,
          colours: Image.Image = PALETTE, colour: Colour = THEME["background"],
          guess: int | None = None) -> Part:
    """A part ``width`` × ``height`` px drawn by ``draw_part`` and cut to the height it returns
    (``None``: the whole), reduced to the ``colours`` palette. With a ``guess`` of the height it
    is drawn that high first (a smaller canvas is cheaper to fill) and again only if it is taller."""
    used: list[float | None] = []

    def make(tall: int) -> Image.Image:
        image, draw = canvas(width, tall, colour)
        used.append(draw_part(draw))
        high = used[-1]
        cut = tall if high is None else max(1, math.ceil(high))
        return image if cut == tall else image.crop((0, 0, width, cut))

    if guess is not None and guess < height:
        first = part(lambda: make(guess), colours=colours)
        high = used[-1]
        if high is not None and high <= guess:
            return first
        height = min(height, math.ceil(high)) if high is not None else height
    return part(lambda: make(height), colours=colours)


def part(make: Callable[[], Image.Image | None], *, colours: Image.Image = PALETTE) -> Part:
    """The picture ``make`` draws as a part: reduced to the ``colours`` palette, with its texts (no
    picture: a part 0 px high)."""
    said: list[Said] = []
    token = _collecting.set(said)
    try:
        image = make()
    finally:
        _collecting.reset(token)
    if image is None:
        return Part(Image.new("P", (0, 0)), ())
    return Part(image.quantize(palette=colours, dither=Image.Dither.NONE), tuple(said))


def lines_part(width: int, height: int, lines: Sequence[tuple[tuple[float, float], str, int, bool]],
               colour: Colour, *, bars: Sequence[tuple[Box, Colour]] = (), colours: Image.Image = PALETTE,
               background: Colour = THEME["background"]) -> Part:
    """A part ``width`` × ``height`` px of ``lines`` (where each starts, its words, size and
    boldness) in ``colour`` drawn apart (:func:`text`), and flat ``bars`` (rectangles at whole
    pixels inside the part, their corners' pixels included) on the ``background``: the part
    :func:`drawn` makes of them, reduced to ``colours``, drawn without a colour canvas. Each
    word's coverage is drawn into one byte a pixel and the coverage turned into the palette's
    colours by a table, which is what reducing the words blended on the background gives where
    words do not overlap (the words of a line stand a space apart)."""
    coverage = Image.new("L", (width, height), 0)
    core_draw = ImageDraw.Draw(coverage).draw
    said: list[Said] = []
    for xy, words, size, bold in lines:
        assert _apart(words, "la", True), words
        x, y = xy
        start = (0.0, math.modf(y)[0])
        for word, at in _spread(words, size, bold):
            mask, (dx, dy) = _mask(word, size, bold, "la", start)
            core_draw.draw_bitmap((_placed(x, at) + dx, int(y) + dy), mask, 255)
        said.append(Said(words, size, bold, "la", xy, True))
    image = coverage._new(coverage.im.point(_coverage(colour, background, colours), None)).convert("P")
    image.putpalette(colours.getpalette() or [])
    for (left, top, right, bottom), fill in bars:
        image.im.paste(_coverage(fill, background, colours)[255],
                       (int(left), int(top), int(right) + 1, int(bottom) + 1))
    return Part(image, tuple(said))


_tables: dict[tuple[Colour, Colour, int], tuple[Image.Image, list[int]]] = {}


def _coverage(colour: Colour, background: Colour, colours: Image.Image) -> list[int]:
    """The palette entry of ``colour`` drawn over ``background`` at each coverage 0-255: what
    :func:`drawn` gives each pixel of a word drawn on a colour canvas and reduced."""
    key = (colour, background, id(colours))
    found = _tables.get(key)
    if found is None or found[0] is not colours:
        image, draw = canvas(256, 1, background)
        draw.draw.draw_bitmap((0, 0), Image.frombytes("L", (256, 1), bytes(range(256))).im,
                              draw._getink(colour)[0])
        table = list(image.quantize(palette=colours, dither=Image.Dither.NONE).tobytes())
        found = _tables[key] = (colours, table)
    return found[1]


PART_BUDGET = 24 * 1024 * 1024
"""Bytes of drawn parts kept for pasting again (one byte a pixel)."""

_parts: Lru[Hashable, Part] = Lru(PART_BUDGET, lambda part: part.image.width * part.image.height + 64 * len(
    part.said) + 200)


def cached(key: Hashable, make: Callable[[], Part]) -> Part:
    """The part ``make`` draws, drawn once per process for each ``key`` (which must say everything
    the part shows: what of the view it draws, the language, the names, the options) and kept while
    the parts drawn since fit in :data:`PART_BUDGET`."""
    found = _parts.get(key)
    if found is None:
        found = _parts.put(key, make())
    return found


_heights: Lru[Hashable, int] = Lru(1024 * 1024, lambda _: 100)


def measured(key: Hashable, draw_part: Callable[[ImageDraw.ImageDraw], float]) -> int:
    """The height of the part :func:`cached` keeps under ``key``, which ``draw_part`` cuts to the
    height it returns, found without drawing it when it is not kept: ``draw_part`` is run on a
    1 × 1 canvas with text measured, not drawn (a layout chosen by height draws only what it
    shows). Heights are kept by ``key`` too (up to 10,000)."""
    found = _parts.get(key)
    if found is not None:
        return found.height
    high = _heights.get(key)
    if high is None:
        token = _measuring.set(True)
        try:
            high = _heights.put(key, max(1, math.ceil(draw_part(canvas(1, 1)[1]))))
        finally:
            _measuring.reset(token)
    return high


def fingerprint(value: Any) -> str:
    """``value`` as a string that changes whenever it does (a pydantic view as its JSON), to key a
    :func:`cached` part with."""
    dump = getattr(value, "model_dump_json", None)
    if dump is not None:
        return str(dump())
    if isinstance(value, list | tuple | dict):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        return "[" + ",".join(f"{k!r}:{fingerprint(v)}" for k, v in items) + "]"
    return repr(value)


def forget() -> None:
    """Drop every kept part and text (a picture drawn next is drawn from nothing)."""
    _parts.clear()
    _masks.clear()
    _heights.clear()


def kept() -> int:
    """Bytes of parts and text kept now."""
    return _parts.used + _masks.used


def blank(width: int, height: int, colours: Image.Image = PALETTE) -> Image.Image:
    """A picture of the background colour, in the ``colours`` palette."""
    image = Image.new("P", (width, height), 0)
    image.putpalette(colours.getpalette() or [])
    return image


def composed(width: int, height: int, parts: Sequence[Part], colours: Image.Image = PALETTE) -> Part:
    """A part ``width`` × ``height`` px of ``parts`` pasted one under the other from its top (the
    background below them), with their texts: a picture kept whole, to be written as it is
    (:func:`alone`) while what it shows stays the same."""
    placed = []
    y = 0
    for part in parts:
        placed.append((part, (0, y)))
        y += part.height
    return assembled(width, height, placed, colours)


def assembled(width: int, height: int, placed: Sequence[tuple[Part, tuple[int, int]]],
              colours: Image.Image = PALETTE) -> Part:
    """A part ``width`` × ``height`` px of the background with each of ``placed`` pasted at its
    place, in order, with their texts."""
    image = blank(width, height, colours)
    core = image.im
    said: list[Said] = []
    for part, (dx, dy) in placed:
        source = part.image
        if source.mode == image.mode:
            core.paste(source.im, (dx, dy, dx + source.width, dy + source.height))
        else:
            image.paste(source, (dx, dy))
        for each in part.said:
            x, y = each.xy
            said.append(Said(each.words, each.size, each.bold, each.anchor, (x + dx, y + dy), each.apart))
    return Part(image, tuple(said))


def alone(part: Part) -> Image.Image:
    """A picture of ``part`` alone: the part's own pixels (a part is drawn in its palette and kept
    unchanged, so it is written as it is rather than pasted into a blank of its size first); its
    texts are told at the picture's top left."""
    if _collecting.get() is not None or _recording.get() is not None:
        for said in part.said:
            _tell(said)
    return part.image


def paste(image: Image.Image, part: Part, xy: tuple[int, int]) -> None:
    """``part`` pasted into ``image`` (of its palette) at ``xy``, its texts told there. A part of the
    picture's mode is copied as it is, straight into the picture's pixels (what ``Image.paste``
    does for it, without its checks: a picture pastes dozens of parts)."""
    source = part.image
    if source.mode == image.mode and not image.readonly:
        left, top = xy
        image.im.paste(source.im, (left, top, left + source.width, top + source.height))
    else:
        image.paste(source, xy)
    if _collecting.get() is None and _recording.get() is None:
        return
    dx, dy = xy
    for said in part.said:
        x, y = said.xy
        _tell(said._replace(xy=(x + dx, y + dy)))


def pasted(image: Image.Image, parts: Sequence[Part]) -> None:
    """``parts`` pasted into ``image`` (of their palette and mode) one under the other from its top,
    as :func:`paste` pastes each."""
    if _collecting.get() is not None or _recording.get() is not None or image.readonly:
        y = 0
        for part in parts:
            paste(image, part, (0, y))
            y += part.height
        return
    core = image.im
    y = 0
    for part in parts:
        source = part.image
        width, height = source.size
        if source.mode == image.mode:
            core.paste(source.im, (0, y, width, y + height))
        else:
            image.paste(source, (0, y))
        y += height


COMPRESS_LEVEL = 2
"""zlib level of the stored PNGs, chosen by measurement (``python -m bench render`` and a timing of
the boards alone): levels 1 to 3 cost about the same, 4 and above up to twice as much; level 2 is
8% smaller than 1, and 3 (5% smaller again) was 10-30% slower where the boards were timed alone."""


def png(image: Image.Image, colours: Image.Image | None = None) -> bytes:
    """PNG bytes of ``image`` as a palette image; deterministic (no timestamps or metadata).

    A colour picture is reduced to the fixed ``colours`` palette (:func:`palette`) first, or, for a
    picture of colours no palette names, to 256 colours of its own (fast octree, no dithering, so
    that flat fills stay flat): one byte per pixel instead of three makes the encode several times
    cheaper and the file about a third of the size. A palette image is written as it is.
    """
    if image.mode in ("RGB", "RGBA"):
        image = image.convert("RGB")
        if colours is None:
            image = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        else:
            image = image.quantize(palette=colours, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=COMPRESS_LEVEL)
    return out.getvalue()
