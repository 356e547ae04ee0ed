"""The pictures: mid-game and end-game views from seeded selfplay render deterministically."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.patchistory import render_board, render_private
from rules.core import Rng, random_choice
from rules.patchistory import ENGINE
from rules.patchistory.state import State


@pytest.fixture(scope="module")
def states() -> dict[str, State]:
    rng = Rng.from_seed(21)
    state = ENGINE.new_game(3, {}, 21)
    found: dict[str, State] = {}
    steps = 0
    while prompts := ENGINE.pending(state):
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        steps += 1
        if steps == 250:
            found["mid"] = state
    found["end"] = state
    return found


@pytest.mark.parametrize("moment", ["mid", "end"])
def test_board_picture_is_deterministic_and_phone_sized(states: dict[str, State], moment: str) -> None:
    view = ENGINE.view(states[moment], None)
    first, again = render_board(view), render_board(view)
    assert first == again
    image = Image.open(io.BytesIO(first))
    assert image.width == 1000 and 600 < image.height < 3000
    assert len(first) < 8 * 1024 * 1024


@pytest.mark.parametrize("moment", ["mid", "end"])
def test_private_picture_is_deterministic_for_each_seat(states: dict[str, State], moment: str) -> None:
    for seat in range(3):
        view = ENGINE.view(states[moment], seat)
        assert render_private(view, seat) == render_private(view, seat)


def test_private_pictures_differ_between_seats(states: dict[str, State]) -> None:
    pictures = {render_private(ENGINE.view(states["mid"], s), s) for s in range(3)}
    assert len(pictures) == 3


def test_board_picture_changes_when_the_table_changes(states: dict[str, State]) -> None:
    assert render_board(ENGINE.view(states["mid"], None)) != render_board(ENGINE.view(states["end"], None))
