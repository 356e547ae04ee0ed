"""Each game's pictures at each stage are still the golden ones, as a phone shows them (regenerate:
scripts/golden_pictures.py, then review the pictures by eye)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from tests.scripts import load

GOLDEN = load("golden_pictures")


@pytest.mark.slow
@pytest.mark.parametrize("game", GOLDEN.GAMES)
def test_the_pictures_of_every_stage_are_the_golden_ones(game: str) -> None:
    assert GOLDEN.check(game) == []


def test_the_golden_pictures_are_small() -> None:
    stored = list(GOLDEN.GOLDEN.glob("*/*.png"))
    assert {p.parent.name for p in stored} == set(GOLDEN.GAMES)
    assert sum(p.stat().st_size for p in stored) < 2 * 1024 * 1024


@pytest.fixture
def golden_picture() -> Path:
    found: Path = GOLDEN.path("rftg", "over-board-1")
    return found


def test_a_picture_drawn_a_shade_differently_at_a_few_text_edges_is_the_same(golden_picture: Path) -> None:
    with Image.open(golden_picture) as image:
        picture = image.convert("RGB")
    for x in range(0, 40, 2):
        r, g, b = picture.getpixel((100 + x, 100))  # type: ignore[misc]
        picture.putpixel((100 + x, 100), (min(255, r + 30), g, b))
    assert GOLDEN.difference(golden_picture, picture) == ""


def test_a_digit_more_is_not_the_same_picture(golden_picture: Path) -> None:
    with Image.open(golden_picture) as image:
        picture = image.convert("RGB")
    ImageDraw.Draw(picture).text((300, 60), "1", fill=(0, 0, 0))
    assert "pixels differ" in GOLDEN.difference(golden_picture, picture)


def test_a_picture_of_another_size_is_not_the_same(golden_picture: Path) -> None:
    with Image.open(golden_picture) as image:
        picture = image.convert("RGB")
    shorter = picture.crop((0, 0, picture.width, picture.height - 4))
    assert "stored" in GOLDEN.difference(golden_picture, shorter)
