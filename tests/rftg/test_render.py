"""The pictures: deterministic, phone-sized, for mid-game and end-game states from selfplay."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image

from render.rftg import render_board, render_private
from rules.core import Rng
from rules.rftg import ENGINE


@cache
def _states(players: int, seed: int) -> tuple[Any, Any]:
    """A state in the middle of a game (during Assign) and the final state."""
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    middle = None
    while prompts := ENGINE.pending(state):
        if middle is None and state.round == 6 and state.stage == "assign":
            middle = state
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, rng.choice(prompts[seat].options).action)
    assert middle is not None
    return middle, state


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        return image.size


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("which", [0, 1])
def test_the_board_picture_is_deterministic_and_phone_sized(players: int, which: int) -> None:
    state = _states(players, 11)[which]
    view = ENGINE.view(state, None)
    first = render_board(view)
    assert first == render_board(ENGINE.view(state, None))
    width, height = _size(first)
    assert width == 1000 and 300 < height < 4000
    assert len(first) < 8 * 1024 * 1024


@pytest.mark.parametrize("which", [0, 1])
def test_the_private_picture_is_deterministic(which: int) -> None:
    state = _states(3, 12)[which]
    view = ENGINE.view(state, 1)
    first = render_private(view, 1)
    assert first == render_private(ENGINE.view(state, 1), 1)
    assert _size(first)[0] == 1000


def test_the_private_picture_shows_the_seats_own_dice_during_assign() -> None:
    state = _states(3, 12)[0].model_copy(deep=True)
    mine = render_private(ENGINE.view(state, 1), 1)
    state.players[1].assign = None  # nothing rolled: a different picture
    assert mine != render_private(ENGINE.view(state, 1), 1)
