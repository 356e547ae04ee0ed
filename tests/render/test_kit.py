"""The drawing kit names players the way their friends know them, legibly."""

import importlib
import io

import pytest
from PIL import Image

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
