"""The pictures render from real selfplay states, deterministically and at a sane size."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image

import render
from render import ancient_world as picture
from rules.ancient_world import ENGINE
from rules.core import Rng, random_choice


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
    assert image.width == picture.WIDTH and 1000 < image.height < 6000
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


def test_damaged_cards_change_the_board() -> None:
    state = _states()["mid"].model_copy(deep=True)
    before = picture.render_board(ENGINE.view(state, None))
    state.players[1].empire[0].damaged = True
    assert picture.render_board(ENGINE.view(state, None)) != before


def test_the_renderer_is_found_by_game_id() -> None:
    assert render.for_game("ancient_world") is picture


def test_symbol_text_separates_front_and_legacy() -> None:
    symbols = {"swords": 2, "legacy_swords": 1}
    assert picture.symbol_text(symbols) == "2⚔"
    assert picture.symbol_text(symbols, legacy=True) == "1⚔"
