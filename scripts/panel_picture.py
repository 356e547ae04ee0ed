"""A private panel drawn as a picture, for the guide (docs/turn.md): the panel's text, then its
components row by row, as a Discord client shows them in its dark theme.

It draws the panel the bot sends (:func:`bot.discord.panels.prompt_text` and ``prompt_view``),
read from the components' JSON (``View.to_components()``, what Discord receives): buttons in their
styles, and a select menu opened, each entry with its label and its description line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render.kit import fit, font, png, text_width, wrap

WIDTH = 760
PAD = 24
TEXT = 19
SMALL = 16
LINE = 27
BUTTON_HEIGHT = 40
GAP = 8

BACKGROUND = (49, 51, 56)
INK = (219, 222, 225)
MUTED = (148, 155, 164)
MENU = (43, 45, 49)
FIELD = (30, 31, 34)
EDGE = (63, 65, 71)
STYLES = {
    1: (88, 101, 242),  # primary
    2: (78, 80, 88),  # secondary
    3: (36, 128, 70),  # success
    4: (218, 55, 60),  # danger
}

MENU_ENTRIES = 8
"""Entries of an opened select menu drawn; the rest are counted in a last line."""

Colour = tuple[int, int, int]


def plain(markdown: str) -> str:
    """Discord markdown as the words shown: no ``**``, no escaping backslash."""
    return re.sub(r"\\(.)", r"\1", markdown.replace("**", ""))


class Sketch:
    """A list of drawing steps laid out top to bottom; the picture's height is known at the end."""

    def __init__(self) -> None:
        self.steps: list[tuple[str, tuple[Any, ...]]] = []
        self.y: float = PAD

    def words(self, line: str, x: float, *, size: int = TEXT, bold: bool = False, colour: Colour = INK,
              down: float = 0) -> None:
        """``line`` at ``x``, ``down`` pixels below the current line."""
        self.steps.append(("text", (x, self.y + down, line, size, bold, colour)))

    def rect(
        self, box: tuple[float, float, float, float], fill: Colour, outline: Colour | None = None
    ) -> None:
        self.steps.append(("rect", (box, fill, outline)))

    def draw(self) -> Image.Image:
        image = Image.new("RGB", (WIDTH, int(self.y + PAD)), BACKGROUND)
        draw = ImageDraw.Draw(image)
        for kind, args in self.steps:
            if kind == "text":
                x, y, line, size, bold, colour = args
                draw.text((x, y), line, font=font(size, bold=bold), fill=colour)
            else:
                box, fill, outline = args
                draw.rounded_rectangle(box, radius=6, fill=fill, outline=outline, width=1 if outline else 0)
        return image


def _content(sketch: Sketch, content: str) -> None:
    sketch.words("Agora", PAD, bold=True)
    sketch.y += LINE + 6
    for raw in content.splitlines():
        bold = raw.startswith("**") and raw.rstrip().endswith("**")
        for line in wrap(plain(raw), WIDTH - 2 * PAD, size=TEXT, bold=bold):
            sketch.words(line, PAD, bold=bold)
            sketch.y += LINE
    sketch.y += 10


def _buttons(sketch: Sketch, buttons: Sequence[dict[str, Any]]) -> None:
    x: float = PAD
    for button in buttons:
        label = str(button.get("label") or "")
        width = text_width(label, size=SMALL, bold=True) + 32
        if x > PAD and x + width > WIDTH - PAD:
            x = PAD
            sketch.y += BUTTON_HEIGHT + GAP
        colour = STYLES.get(int(button.get("style", 2)), STYLES[2])
        sketch.rect((x, sketch.y, x + width, sketch.y + BUTTON_HEIGHT), colour)
        sketch.words(label, x + 16, size=SMALL, bold=True, colour=(255, 255, 255), down=10)
        x += width + GAP
    sketch.y += BUTTON_HEIGHT + GAP


def _select(sketch: Sketch, select: dict[str, Any]) -> None:
    sketch.rect((PAD, sketch.y, WIDTH - PAD, sketch.y + 44), FIELD, EDGE)
    placeholder = fit(str(select.get("placeholder") or ""), WIDTH - 2 * PAD - 60, size=SMALL)
    sketch.words(placeholder, PAD + 14, colour=MUTED, size=SMALL, down=12)
    sketch.words("▾", WIDTH - PAD - 26, colour=MUTED, down=9)
    sketch.y += 48
    options = list(select.get("options") or [])
    top = sketch.y
    entries: list[tuple[str, list[str]]] = []
    for option in options[:MENU_ENTRIES]:
        description = str(option.get("description") or "")
        lines = wrap(description, WIDTH - 2 * PAD - 28, size=SMALL) if description else []
        entries.append((str(option.get("label") or ""), lines))
    height = sum(8 + LINE + len(lines) * 22 + 6 for _, lines in entries)
    more = len(options) - MENU_ENTRIES
    height += LINE + 8 if more > 0 else 0
    sketch.rect((PAD, top, WIDTH - PAD, top + height + 6), MENU, EDGE)
    sketch.y = top + 8
    for label, lines in entries:
        sketch.words(label, PAD + 14, size=SMALL, bold=True)
        sketch.y += LINE
        for line in lines:
            sketch.words(line, PAD + 14, size=SMALL, colour=MUTED)
            sketch.y += 22
        sketch.y += 6 + 8
    if more > 0:
        sketch.words(f"+{more} …", PAD + 14, size=SMALL, colour=MUTED)
        sketch.y += LINE + 8
    sketch.y = top + height + 6 + GAP


def panel_png(content: str, rows: Sequence[dict[str, Any]]) -> bytes:
    """The panel ``content`` with its component ``rows`` (Discord's action rows) as a PNG."""
    sketch = Sketch()
    _content(sketch, content)
    for row in rows:
        components = list(row.get("components") or [])
        selects = [c for c in components if c.get("type") == 3]
        for select in selects:
            _select(sketch, select)
        buttons = [c for c in components if c.get("type") == 2]
        if buttons:
            _buttons(sketch, buttons)
    return png(sketch.draw())
