"""docs/turn.md's pictures: the panel drawn from the components the bot sends, every picture the
page shows in the repository, and the folder within its size budget."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from typing import Any

from PIL import Image

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.core import Option, Prompt, msg  # noqa: E402
from scripts.panel_picture import BACKGROUND, MENU_ENTRIES, STYLES, panel_png  # noqa: E402
from scripts.turn_pictures import panel_worth_showing  # noqa: E402

PICTURES = ROOT / "docs" / "pictures"
BUDGET = 1.5 * 1024 * 1024
"""docs/pictures stays small enough to clone on a phone's connection."""


def picture(content: str, rows: list[dict[str, Any]]) -> Image.Image:
    return Image.open(io.BytesIO(panel_png(content, rows))).convert("RGB")


def select(entries: int) -> list[dict[str, Any]]:
    options = [{"label": f"Choice {i}", "value": str(i), "description": "What it costs and gives"}
               for i in range(entries)]
    menu = {"type": 3, "custom_id": "s", "placeholder": "Pick", "options": options}
    return [{"type": 1, "components": [menu]}]


def buttons(*styles: int) -> list[dict[str, Any]]:
    return [{"type": 1, "components": [{"type": 2, "style": s, "label": f"B{s}", "custom_id": str(s)}
                                       for s in styles]}]


def test_the_panel_is_drawn_in_discords_dark_theme() -> None:
    image = picture("**Your turn**", buttons(1))
    assert image.getpixel((2, 2)) == BACKGROUND


def test_each_line_of_the_panels_text_takes_a_line_of_the_picture() -> None:
    assert picture("one\ntwo\nthree", []).height > picture("one", []).height


def test_an_opened_menu_shows_each_entry_up_to_its_limit_then_counts_the_rest() -> None:
    counts = (MENU_ENTRIES - 1, MENU_ENTRIES, MENU_ENTRIES + 1, 25)
    heights = {n: picture("x", select(n)).height for n in counts}
    assert heights[MENU_ENTRIES - 1] < heights[MENU_ENTRIES] < heights[MENU_ENTRIES + 1]
    assert heights[MENU_ENTRIES + 1] == heights[25]


def test_buttons_keep_their_styles_choices_blue_and_ways_through_grey() -> None:
    colours = {colour for _, colour in picture("x", buttons(1, 2)).getcolors(1 << 16) or []}
    assert STYLES[1] in colours and STYLES[2] in colours
    assert STYLES[3] not in colours


def option(label: str, *, description: str | None = None, navigation: bool = False) -> Option:
    return Option(label=msg(label), action={"kind": label}, navigation=navigation,
                  description=None if description is None else msg(description))


def test_the_panel_shown_is_one_with_ways_through_it_and_described_choices() -> None:
    back = option("back", navigation=True)
    both = Prompt(seat=0, title=msg("t"), options=[option("a", description="d"), back])
    one = Prompt(seat=0, title=msg("t"), options=[option("a"), back])
    none = Prompt(seat=0, title=msg("t"), options=[option("a")])
    assert [panel_worth_showing(p) for p in (both, one, none)] == [2, 1, 0]


def test_every_picture_the_guide_shows_is_in_the_repository() -> None:
    page = (ROOT / "docs" / "turn.md").read_text("utf-8")
    shown = re.findall(r"\]\((pictures/[^)]+\.png)\)", page)
    assert any(name.endswith("-panel.png") for name in shown)
    assert [name for name in shown if not (ROOT / "docs" / name).exists()] == []


def test_the_pictures_folder_stays_within_its_budget() -> None:
    assert sum(p.stat().st_size for p in PICTURES.glob("*")) < BUDGET
