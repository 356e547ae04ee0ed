"""Praetor pictures: legible on a phone, nothing cut, no taller than 1.6 times their width, in the
reader's language, with the city's spaces named as the placement options name them."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import praetor as praetor_pictures
from render.kit import recording
from render.praetor import SEAT_COLOURS, render_board, render_private
from rules.core import Rng, random_choice
from rules.core.messages import render
from rules.praetor import ENGINE
from rules.praetor.actions import Build
from rules.praetor.state import State

NAMES = ("Ann", "Βασίλης Παπαδάκης", "Cy", "Dee", "Eve")
"""Names up to the 18 characters a picture shows whole."""


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


STAGES = {f"{players}p-{stage}": _played(players, 10 + players, steps)
          for players in (2, 3, 4, 5) for stage, steps in (("early", 4), ("middle", 60))}
STAGES.update({f"{players}p-over": _played(players, 10 + players, 5000) for players in (2, 5)})


def _size(picture: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(picture))
    assert image.mode == "P", "a palette PNG"
    return image.size


def _check(picture: bytes, drawn: list[tuple[str, int, tuple[float, float, float, float]]]) -> None:
    width, height = _size(picture)
    assert height <= 1.6 * width
    for words, size, (x0, y0, x1, y1) in drawn:
        assert size >= 0.0225 * width, (words, size)
        assert "…" not in words, words
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height, (words, (x0, y0, x1, y1))


@pytest.mark.parametrize("locale", ["en", "el"])
@pytest.mark.parametrize("stage", sorted(STAGES))
def test_the_board_is_legible_uncut_and_no_taller_than_1_6_widths(stage: str, locale: str) -> None:
    """Issue: text at least 2.25% of the width, never an ellipsis, height at most 1.6 widths."""
    state = STAGES[stage]
    with recording() as drawn:
        picture = render_board(ENGINE.view(state, None), NAMES, locale=locale)
    assert drawn
    _check(picture, drawn)


@pytest.mark.parametrize("locale", ["en", "el"])
@pytest.mark.parametrize("stage", sorted(STAGES))
def test_every_private_board_is_legible_and_uncut(stage: str, locale: str) -> None:
    state = STAGES[stage]
    for seat in range(len(state.players)):
        with recording() as drawn:
            picture = render_private(ENGINE.view(state, seat), seat, NAMES, locale=locale)
        _check(picture, drawn)


def test_the_same_view_gives_the_same_bytes() -> None:
    view = ENGINE.view(STAGES["4p-middle"], None)
    assert render_board(view, NAMES) == render_board(view, NAMES)
    assert render_private(view, 1, NAMES) == render_private(view, 1, NAMES)


def _boards_one_move_apart(players: int, seed: int, moves: int) -> list[State]:
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    out = [state]
    for _ in range(moves):
        prompts = ENGINE.prompts(state)
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        out.append(state)
    return out


@pytest.mark.parametrize("players", [2, 5])
def test_the_board_drawn_in_pieces_is_the_board_drawn_whole(players: int,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """After each move the board pastes the city's tiles and the turn order's rows drawn on their own
    (kept from the moves before); its pixels and its texts are those of the city and the turn order
    drawn whole."""
    states = _boards_one_move_apart(players, 30 + players, 40)
    pieces = []
    for state in states:
        with recording() as drawn:
            pieces.append((render_board(ENGINE.view(state, None), NAMES, locale="el"), drawn))
    monkeypatch.setattr(praetor_pictures, "_tile_piece", lambda *args: None)
    monkeypatch.setattr(praetor_pictures, "_order_row_piece", lambda *args: None)
    for state, (picture, texts) in zip(states, pieces, strict=True):
        with recording() as drawn:
            whole = render_board(ENGINE.view(state, None), NAMES, locale="el")
        assert picture == whole
        assert texts == drawn


def _texts(state: State, locale: str) -> list[str]:
    with recording() as drawn:
        render_board(ENGINE.view(state, None), NAMES, locale=locale)
    return [words for words, _, _ in drawn]


@pytest.mark.parametrize("stage", ["3p-early", "4p-middle", "5p-middle"])
def test_every_space_a_placement_option_names_is_drawn_with_that_name(stage: str) -> None:
    """Each cell option ("M11: +2 favour") names a space the picture labels the same way."""
    state = STAGES[stage].model_copy(deep=True)
    seat = state.order[state.turn]
    state.draft = state.draft.model_copy(update={"build": state.available[0],
                                                 "exp": state.players[seat].pool()[0]})
    options = [o for o in ENGINE.pending(state)[seat].options if isinstance(o.action, Build)]
    assert options
    drawn = set(_texts(state, "en"))
    for option in options:
        cell = str(option.label.params["cell"])
        assert cell in drawn, cell
        assert render(option.label, "en", ("rules.praetor",)).startswith(f"{cell}:")


def test_the_city_carries_column_letters_and_row_numbers() -> None:
    drawn = set(_texts(STAGES["3p-early"], "en"))
    assert {"L", "M", "N"} <= drawn and {"12", "13", "14"} <= drawn


def test_greek_readers_see_the_rulebook_s_tile_names() -> None:
    state = STAGES["3p-middle"]
    greek = " ".join(_texts(state, "el"))
    assert "Χρυσορυχείο" in greek and "Gold Mine" not in greek
    assert "Διαθέσιμα Πλακίδια Πόλης" in greek


def test_the_final_picture_gives_every_seat_s_score_and_marks_the_winner() -> None:
    state = STAGES["5p-over"]
    assert state.phase == "over"
    texts = _texts(state, "en")
    best = max(state.final, key=lambda s: state.final[s]["total"])
    winner = f"{NAMES[best]}: {state.final[best]['total']} favour"
    assert any(t.startswith(winner) and "winner" in t for t in texts)
    for seat in state.final:
        assert any(t.startswith(f"{NAMES[seat]}: {state.final[seat]['total']} favour") for t in texts)


def test_seat_colours_leave_out_the_tiles_red_and_green() -> None:
    """Rulebook p. 2: the players' colours are blue, yellow, white, black and purple."""
    for r, g, b in SEAT_COLOURS:
        assert not (r > 150 and g < 110 and b < 110), "red"
        assert not (g > 120 and r < 110 and b < 110), "green"
