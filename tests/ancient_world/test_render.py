"""The pictures render from real selfplay states, deterministically, legible on a phone (text at
least 2.25% of the width), never cut, no taller than 1.6 widths, in the reader's language."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image

import render
from render import ancient_world as picture
from render.kit import recording
from rules.ancient_world import ENGINE
from rules.core import Rng, random_choice

from .helpers import damage


@cache
def _states() -> dict[str, Any]:
    state = ENGINE.new_game(4, {}, 7)
    rng = Rng.from_seed(7)
    history = [state]
    while prompts := ENGINE.pending(state):
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        history.append(state)
    return {"mid": history[len(history) // 2], "end": history[-1]}


@pytest.mark.parametrize("stage", ["mid", "end"])
def test_board_picture_is_deterministic_and_phone_sized(stage: str) -> None:
    view = ENGINE.view(_states()[stage], None)
    first, again = picture.render_board(view), picture.render_board(view)
    assert first == again
    image = Image.open(io.BytesIO(first))
    assert image.width == picture.WIDTH and image.height <= 1.6 * image.width
    assert len(first) < 8 * 1024 * 1024


@pytest.mark.parametrize("stage", ["mid", "end"])
def test_private_picture_is_deterministic(stage: str) -> None:
    view = ENGINE.view(_states()[stage], 2)
    assert picture.render_private(view, 2) == picture.render_private(view, 2)
    assert Image.open(io.BytesIO(picture.render_private(view, 2))).width == picture.WIDTH


def test_private_picture_shows_stored_cards() -> None:
    state = _states()["mid"].model_copy(deep=True)
    empty = picture.render_private(ENGINE.view(state, 0), 0)
    state.players[0].stored = ["palace", "market", "granary"]
    assert picture.render_private(ENGINE.view(state, 0), 0) != empty


def test_damaged_cards_change_the_owners_picture() -> None:
    state = _states()["mid"].model_copy(deep=True)
    before = picture.render_private(ENGINE.view(state, 1), 1)
    damage(state, 1, 0)
    assert picture.render_private(ENGINE.view(state, 1), 1) != before


def test_the_renderer_is_found_by_game_id() -> None:
    assert render.for_game("ancient_world") is picture


NAMES = ("Ann", "Βασίλης Παπαδάκης", "Cy", "Dee")
"""Names up to the 18 characters a picture shows whole."""


def _played(players: int, seed: int, steps: int) -> Any:
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    bot = ENGINE.bots()["greedy"]
    for _ in range(steps):
        prompts = ENGINE.pending(state)
        if not prompts:
            break
        seat = min(prompts)
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))
    return state


@cache
def _stages() -> dict[str, Any]:
    stages = {f"{players}p-{stage}": _played(players, 20 + players, steps)
              for players in (2, 4) for stage, steps in (("early", 3), ("late", 60 * players))}
    stages["4p-over"] = _played(4, 24, 5000)
    stages["4p-random-mid"] = _states()["mid"]
    return stages


def _check(data: bytes, drawn: list[tuple[str, int, tuple[float, float, float, float]]]) -> None:
    image = Image.open(io.BytesIO(data))
    assert image.mode == "P", "a palette PNG"
    width, height = image.size
    assert height <= 1.6 * width
    assert drawn
    for words, size, (x0, y0, x1, y1) in drawn:
        assert size >= 0.0225 * width, (words, size)
        assert "…" not in words, words
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height, (words, (x0, y0, x1, y1))


@pytest.mark.parametrize("locale", ["en", "el"])
@pytest.mark.parametrize("stage", ["2p-early", "2p-late", "4p-early", "4p-late", "4p-over", "4p-random-mid"])
def test_the_board_is_legible_uncut_and_no_taller_than_1_6_widths(stage: str, locale: str) -> None:
    with recording() as drawn:
        data = picture.render_board(ENGINE.view(_stages()[stage], None), NAMES, locale=locale)
    _check(data, drawn)


@pytest.mark.parametrize("locale", ["en", "el"])
@pytest.mark.parametrize("stage", ["2p-late", "4p-late", "4p-over"])
def test_every_private_picture_is_legible_and_uncut(stage: str, locale: str) -> None:
    state = _stages()[stage]
    for seat in range(len(state.players)):
        with recording() as drawn:
            data = picture.render_private(ENGINE.view(state, seat), seat, NAMES, locale=locale)
        _check(data, drawn)


def test_the_final_picture_gives_every_score_and_marks_the_winner() -> None:
    state = _stages()["4p-over"]
    with recording() as drawn:
        picture.render_board(ENGINE.view(state, None), NAMES)
    lines = [words for words, _, _ in drawn if " VP (banners " in words]
    assert len(lines) == 4
    assert sum(1 for line in lines if line.startswith("★ 1. ")) >= 1


def test_greek_readers_read_greek_words_and_card_names_as_printed() -> None:
    state = _stages()["2p-early"]
    with recording() as drawn:
        picture.render_board(ENGINE.view(state, None), NAMES, locale="el")
    words = " ".join(w for w, _, _ in drawn)
    assert "Σειρά καρτών Αυτοκρατορίας" in words and "Empire row" not in words
    assert any(ENGINE.view(state, None).cards[c].name in words for c in state.empire_row)


def test_a_damaged_card_is_marked_in_the_readers_words() -> None:
    state = _stages()["2p-late"].model_copy(deep=True)
    damage(state, 0, 0)
    with recording() as drawn:
        picture.render_private(ENGINE.view(state, 0), 0, NAMES, locale="el")
    assert any("χτυπημένη" in w for w, _, _ in drawn)
