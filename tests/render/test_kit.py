"""The drawing kit names players the way their friends know them, legibly."""

import importlib
import io
import math
import random

import pytest
from PIL import Image

from render import kit
from render.kit import NAME_LENGTH, player_name
from rules import registry


def test_a_seat_is_named_by_its_player() -> None:
    assert player_name(1, ("Ada", "Βασίλης")) == "Βασίλης"


def test_a_seat_without_a_name_is_seat_n() -> None:
    assert player_name(2, ("Ada", "Bo")) == "Seat 3"
    assert player_name(0) == "Seat 1"


def test_symbols_the_fonts_cannot_draw_are_left_out() -> None:
    assert player_name(0, ("🎲 Ada 🐉",)) == "Ada"
    assert player_name(0, ("🎲🐉",)) == "Seat 1"


def test_a_long_name_is_cut_with_an_ellipsis() -> None:
    name = player_name(0, ("Konstantinos-Alexandros Papadopoulos",))
    assert len(name) == NAME_LENGTH and name.endswith("…")


@pytest.mark.parametrize("game", ["rftg", "ancient_world", "praetor", "patchistory"])
def test_every_picture_draws_the_players_names(game: str) -> None:
    engine = registry.get(game)
    module = importlib.import_module(f"render.{game}")
    state = engine.new_game(2, {}, 3)
    names = ("Ada", "Βασίλης")
    board, board_named = module.render_board(engine.view(state, None)), module.render_board(
        engine.view(state, None), names)
    mine, mine_named = module.render_private(engine.view(state, 0), 0), module.render_private(
        engine.view(state, 0), 0, names)
    assert board != board_named and mine != mine_named
    assert Image.open(io.BytesIO(board_named)).size == Image.open(io.BytesIO(board)).size


def test_a_picture_is_stored_as_a_palette_png_that_keeps_its_flat_colours() -> None:
    from render.kit import PALETTE, THEME, png

    image = Image.new("RGB", (120, 60), THEME["panel"])
    image.paste(THEME["bad"], (10, 10, 50, 50))
    stored = Image.open(io.BytesIO(png(image, PALETTE)))
    assert stored.mode == "P"
    assert stored.convert("RGB").getpixel((20, 20)) == THEME["bad"]
    assert stored.convert("RGB").getpixel((100, 5)) == THEME["panel"]
    assert png(image, PALETTE) == png(image, PALETTE)


def test_a_picture_of_colours_no_palette_names_keeps_them() -> None:
    from render.kit import png

    image = Image.new("RGB", (120, 60), (49, 51, 56))
    image.paste((88, 101, 242), (10, 10, 50, 50))
    stored = Image.open(io.BytesIO(png(image))).convert("RGB")
    assert stored.getpixel((20, 20)) == (88, 101, 242) and stored.getpixel((100, 5)) == (49, 51, 56)


_WORDS = ("Ada", "Βασίλης", "coins", "knowledge", "·", "5", "Tourist", "World", "(deck", "36,", "AV", "Ty.",
          "«Λάρισα»", "", "—", "Galactic", "Recycling", "W.", "fi", "ffi")


def _laid_out_whole(words: str, width: float, size: int, bold: bool) -> list[str]:
    """The lines of laying out each try whole (what :func:`render.kit.wrap` gives)."""
    lines: list[str] = []
    for word in words.split(" "):
        if lines and kit.font(size, bold=bold).getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def test_wrapping_by_the_words_widths_breaks_where_laying_out_each_line_whole_does() -> None:
    rng = random.Random(5)
    for _ in range(400):
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 24)))
        size, bold = rng.choice((18, 24, 26)), rng.random() < 0.3
        width = rng.uniform(20, 700)
        wrapped = kit.wrap(words, width, size=size, bold=bold)
        assert wrapped == _laid_out_whole(words, width, size, bold), words


@pytest.mark.parametrize("xy", [(10, 20), (10.5, 20), (10.25, 20.75), (3, 7.5)])
def test_a_drawn_text_keeps_the_box_pillow_gives_it(xy: tuple[float, float]) -> None:
    for anchor in ("la", "mm", "ra", "ms"):
        words = f"Box {xy} {anchor} Ώ"
        _, draw = kit.canvas(300, 100)
        right = kit.text(draw, xy, words, size=24, bold=True, anchor=anchor)
        box = kit.font(24, bold=True).getbbox(words, "L", anchor=anchor)
        assert right == xy[0] + box[2]
        assert kit.text_box(xy, words, size=24, bold=True, anchor=anchor) == (
            xy[0] + box[0], xy[1] + box[1], xy[0] + box[2], xy[1] + box[3])


@pytest.mark.parametrize("xy", [(10, 20), (10.4, 20), (10.6, 20.5), (3.5, 7.25)])
def test_a_line_drawn_apart_is_its_words_drawn_each_from_the_nearest_whole_pixel(
        xy: tuple[float, float]) -> None:
    words = " Πολίτες: 1 έτοιμος,  2 placed · Wg AV"
    for bold in (False, True):
        mine, draw = kit.canvas(600, 80)
        pillow, theirs = kit.canvas(600, 80)
        right = kit.text(draw, xy, words, size=24, bold=bold, colour=kit.THEME["bad"], apart=True)
        face = kit.font(24, bold=bold)
        boxes = []
        for i, word in enumerate(words.split(" ")):
            if word:
                # Where the line laid out whole puts the word, to the nearest whole pixel.
                at = face.getlength(" ".join(words.split(" ")[:i]) + " ") if i else 0.0
                where = (math.floor(xy[0] + at + 0.5), xy[1])
                theirs.text(where, word, font=face, fill=kit.THEME["bad"])
                boxes.append(theirs.textbbox(where, word, font=face))
        assert mine.tobytes() == pillow.tobytes()
        box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
               max(b[3] for b in boxes))
        assert kit.text_box(xy, words, size=24, bold=bold, apart=True) == box
        assert right == box[2]
