"""The shared drawing kit: fonts with Greek glyphs, a theme of semantic colours, layout helpers.

Fonts (DejaVu Sans, see ``fonts/LICENSE-DejaVu.txt``) ship inside the package so a picture looks the
same on every machine. Pictures are sized for a phone, which shows them about 400 px wide: text no
smaller than :func:`smallest_text` (2.25% of the width, 9 px at 400), no picture taller than
:data:`MAX_RATIO` widths (what does not fit goes into further pictures, :func:`stack`).
"""

from __future__ import annotations

import io
import math
import unicodedata
from collections.abc import Sequence
from functools import cache
from importlib import resources

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


def stack(blocks: Sequence[Image.Image], max_height: int) -> list[Image.Image]:
    """Blocks of one width stacked top to bottom, in order, into as few pictures as keep each one
    no taller than ``max_height`` (a block taller than that has a picture of its own)."""
    pages: list[list[Image.Image]] = []
    for block in blocks:
        if pages and sum(b.height for b in pages[-1]) + block.height <= max_height:
            pages[-1].append(block)
        else:
            pages.append([block])
    pictures = []
    for page in pages:
        size = (max(b.width for b in page), sum(b.height for b in page))
        image = Image.new("RGB", size, THEME["background"])
        y = 0
        for block in page:
            image.paste(block, (0, y))
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


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    words: str,
    *,
    size: int = 20,
    bold: bool = False,
    colour: Colour = THEME["ink"],
    anchor: str = "la",
) -> None:
    """Draw ``words`` at ``xy`` with a Pillow anchor (``"mm"`` centres it)."""
    draw.text(xy, words, font=font(size, bold=bold), fill=colour, anchor=anchor)


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
    lines: list[str] = []
    for word in words.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size=size, bold=bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


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


PALETTE_COLOURS = 256
"""Colours of the palette a picture is stored with (flat fills and anti-aliased text need no more)."""


def png(image: Image.Image) -> bytes:
    """PNG bytes of ``image`` as a palette image; deterministic (no timestamps or metadata).

    A colour picture is reduced to a palette of at most :data:`PALETTE_COLOURS` colours (fast octree,
    no dithering, so that flat fills stay flat) before it is encoded: one byte per pixel instead of
    three makes the encode several times cheaper and the file about a third of the size, for
    pictures drawn from a few flat colours. A picture that is a palette image already is kept as
    it is. Compression level 3: near level 6's size at a fraction of its time.
    """
    if image.mode in ("RGB", "RGBA"):
        image = image.quantize(colors=PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE,
                               dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=3)
    return out.getvalue()
