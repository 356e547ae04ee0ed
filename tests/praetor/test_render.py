"""Praetor pictures render from views of real games, deterministically and at a sane size."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.praetor import render_board, render_private
from rules.core import Rng
from rules.praetor import ENGINE
from rules.praetor.state import State


def _played(players: int, seed: int, steps: int) -> State:
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


MID = _played(4, 3, 60)
END = _played(5, 4, 5000)


@pytest.mark.parametrize("state", [MID, END], ids=["mid-game", "end-game"])
def test_the_board_renders_the_same_bytes_for_the_same_view(state: State) -> None:
    first = render_board(ENGINE.view(state, None))
    assert first == render_board(ENGINE.view(state, None))
    image = Image.open(io.BytesIO(first))
    assert image.width == 1000
    assert 600 < image.height < 3000
    assert len(first) < 8 * 1024 * 1024


@pytest.mark.parametrize("state", [MID, END], ids=["mid-game", "end-game"])
def test_every_private_board_renders(state: State) -> None:
    for seat in range(len(state.players)):
        picture = render_private(ENGINE.view(state, seat), seat)
        assert picture == render_private(ENGINE.view(state, seat), seat)
        assert Image.open(io.BytesIO(picture)).size == (1000, 630)


def test_the_end_game_is_over() -> None:
    assert END.phase == "over"


def test_different_tables_give_different_pictures() -> None:
    assert render_board(ENGINE.view(MID, None)) != render_board(ENGINE.view(END, None))
