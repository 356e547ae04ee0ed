"""The pictures: deterministic, legible on a phone, nothing cut, in the reader's language, tiles
with their VP and powers, stacks with the workers they need, the final scores with the winner."""

from __future__ import annotations

import io
from functools import cache
from typing import Any

import pytest
from PIL import Image

from render.kit import recording
from render.rftg import board_pictures, render_board, render_private
from rules.core import Rng
from rules.rftg import ENGINE

NAMES = ("Ann", "Βασίλης Παπαδάκης", "Cy", "Dee", "Eve")
"""Names up to the 18 characters a picture shows whole."""


@cache
def _stages(players: int, seed: int) -> dict[str, Any]:
    """States early (round 1 Assign), in the middle (round 6) and at the end of a greedy game."""
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    bot = ENGINE.bots()["greedy"]
    out: dict[str, Any] = {}
    while prompts := ENGINE.pending(state):
        if state.stage == "assign" and state.round in (1, 6):
            out.setdefault("early" if state.round == 1 else "middle", state)
        if state.stage == "phase" and state.round == 6:
            out.setdefault("phase", state)
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng.fork()))
    out["over"] = state
    return out


STAGES = [(players, stage) for players in (2, 3, 4, 5) for stage in ("early", "middle", "phase", "over")]


def _size(data: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(data)) as image:
        assert image.mode == "P", "a palette PNG"
        return image.size


Drawn = list[tuple[str, int, tuple[float, float, float, float]]]


def _check(picture: bytes | list[bytes], drawn: Drawn) -> None:
    """Each text (in the coordinates of the picture it is on) legible, whole and on its picture."""
    sizes = [_size(p) for p in (picture if isinstance(picture, list) else [picture])]
    assert {w for w, _ in sizes} == {1000}
    width, height = 1000, max(h for _, h in sizes)
    for words, size, (x0, y0, x1, y1) in drawn:
        assert size >= 0.0225 * width, (words, size)
        assert "…" not in words, words
        assert x0 >= 0 and x1 <= width and y0 >= 0 and y1 <= height, (words, (x0, y0, x1, y1))


@pytest.mark.parametrize("locale", ["en", "el"])
@pytest.mark.parametrize(("players", "stage"), STAGES)
def test_the_board_is_legible_and_nothing_is_cut(players: int, stage: str, locale: str) -> None:
    """Text at least 2.25% of the width (9 px at 400 px), no ellipsis, nothing off the picture."""
    view = ENGINE.view(_stages(players, 11)[stage], None)
    with recording() as drawn:
        pictures = board_pictures(view, NAMES, locale=locale)
    _check(pictures, drawn)
    assert pictures == board_pictures(view, NAMES, locale=locale)
    assert pictures[0] == render_board(view, NAMES, locale=locale)


@pytest.mark.parametrize(("players", "stage"), STAGES)
def test_every_board_picture_is_no_taller_than_1_6_widths(players: int, stage: str) -> None:
    pictures = board_pictures(ENGINE.view(_stages(players, 11)[stage], None), NAMES)
    assert [(w, h) for w, h in map(_size, pictures) if h > 1.6 * w] == []


@pytest.mark.parametrize("players", [4, 5])
def test_a_four_or_five_player_end_board_is_cut_between_the_players_panels(players: int) -> None:
    view = ENGINE.view(_stages(players, 11)["over"], None)
    with recording() as drawn:
        pictures = board_pictures(view, NAMES)
    assert len(pictures) >= 2
    last = [words for words, _, _ in drawn if words in NAMES[:players]]
    assert sorted(last) == sorted(NAMES[:players]), "every player's panel is on one of the pictures"


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("stage", ["early", "middle", "over"])
def test_the_private_picture_is_legible_and_nothing_is_cut(players: int, stage: str) -> None:
    state = _stages(players, 12)[stage]
    with recording() as drawn:
        picture = render_private(ENGINE.view(state, 1), 1, NAMES, locale="el")
    _check(picture, drawn)
    width, height = _size(picture)
    assert height <= 1.6 * width


def test_the_final_picture_gives_every_score_by_source_and_marks_the_winner() -> None:
    state = _stages(3, 11)["over"]
    result = ENGINE.result(state)
    assert result is not None
    with recording() as drawn:
        render_board(ENGINE.view(state, None), NAMES)
    words = [w for w, _, _ in drawn]
    for seat, score in result.scores.items():
        line = next(w for w in words if w.lstrip("★ ").startswith(f"{NAMES[seat]}: {int(score)} VP ="))
        assert "chips" in line and "tiles" in line and "bonuses" in line
        assert line.startswith("★") == (result.ranks[seat] == 1)


def test_tableau_tiles_show_their_vp_and_power_phases() -> None:
    state = _stages(3, 11)["over"]
    view = ENGINE.view(state, None)
    with recording() as drawn:
        render_board(view, NAMES)
    words = [w for w, _, _ in drawn]
    tile = next(t for p in view.players for t in p.tableau if t.kind == "development")
    assert tile.name in " ".join(words)
    assert str(tile.cost) in words
    assert any(set(w.split()) <= {"I", "II", "III", "IV", "V", "A", "6+"} and w for w in words)


def test_a_construction_stack_shows_the_workers_its_top_tile_needs() -> None:
    state = _stages(3, 11)["middle"]
    view = ENGINE.view(state, None)
    p = next(p for p in view.players if p.dev_top is not None)
    with recording() as drawn:
        render_board(view, NAMES)
    assert any(p.dev_top in w and f"needs {p.dev_cost}" in w for w, _, _ in drawn)


def test_the_board_speaks_the_readers_language() -> None:
    view = ENGINE.view(_stages(3, 11)["middle"], None)
    with recording() as drawn:
        render_board(view, NAMES, locale="el")
    words = " ".join(w for w, _, _ in drawn)
    assert "Γύρος" in words and "Κύπελλο" in words and "Round" not in words


def test_a_white_die_is_drawn_with_a_dark_rim_and_a_pip() -> None:
    """A white die must not look like an empty slot: its rim and centre pip are dark."""
    from render.kit import canvas
    from render.rftg import DIE, _die

    image, draw = canvas(60, 60)
    _die(draw, 10, 10, "white")
    rim = image.getpixel((10 + 1, 10 + DIE // 2))
    pip = image.getpixel((10 + DIE // 2, 10 + DIE // 2))
    face = image.getpixel((10 + 6, 10 + 6))
    assert max(rim) < 100 and max(pip) < 100 and min(face) > 240


def test_the_private_picture_shows_the_seats_own_dice_during_assign() -> None:
    state = _stages(3, 12)["early"].model_copy(deep=True)
    mine = render_private(ENGINE.view(state, 1), 1)
    state.players[1].assign = None  # nothing rolled: a different picture
    assert mine != render_private(ENGINE.view(state, 1), 1)
