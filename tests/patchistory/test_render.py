"""The pictures: mid-game and end-game views from seeded selfplay render deterministically."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image, ImageDraw

from render.patchistory import render_board, render_private
from rules.core import Prompt, Rng, random_choice
from rules.core.messages import Message, render
from rules.patchistory import ENGINE
from rules.patchistory.actions import Patch
from rules.patchistory.common import name_key
from rules.patchistory.state import State

PACKAGES = ("rules.patchistory", "rules.core")


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


class Drawn:
    """Every text a picture draws, with its font size: ``ImageDraw.text`` wrapped while rendering."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.texts: list[tuple[str, int]] = []
        original = ImageDraw.ImageDraw.text

        def record(draw: ImageDraw.ImageDraw, xy: Any, words: Any, *args: Any, **kwargs: Any) -> None:
            size = getattr(kwargs.get("font"), "size", 0)
            self.texts.append((str(words), int(size)))
            original(draw, xy, words, *args, **kwargs)

        monkeypatch.setattr(ImageDraw.ImageDraw, "text", record)

    def words(self) -> list[str]:
        return [w for w, _ in self.texts]


def placement_prompt() -> tuple[State, int, Prompt]:
    """The first seeded position where a seat is asked where to patch a tile."""
    rng = Rng.from_seed(5)
    state = ENGINE.new_game(3, {}, 5)
    while prompts := ENGINE.pending(state):
        for seat, prompt in sorted(prompts.items()):
            if any(isinstance(o.action, Patch) for o in prompt.options):
                return state, seat, prompt
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
    raise AssertionError("no placement prompt in the seeded game")


def test_private_picture_marks_each_placement_spot_with_its_options_label(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seat, prompt = placement_prompt()
    labels = [render(o.label, "en", PACKAGES) for o in prompt.options if isinstance(o.action, Patch)]
    named = [m.group(1) for label in labels if (m := re.search(r" at (-?\d+,-?\d+)", label))]
    assert len(named) == len(labels) > 1, labels
    spots = set(named)
    drawn = Drawn(monkeypatch)
    render_private(ENGINE.view(state, seat), seat)
    marked = {w for w in drawn.words() if re.fullmatch(r"-?\d+,-?\d+", w)}
    assert marked == spots


def test_board_picture_numbers_every_row_and_column_of_each_empire(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["mid"], None)
    drawn = Drawn(monkeypatch)
    render_board(view)
    numbers = sorted(w for w in drawn.words() if re.fullmatch(r"-?\d+", w))
    shown = view.phase.value in ("auction", "patch") and bool(view.offers)
    expected: list[str] = [str(c) for _, _, c in view.bids] if shown else []
    for p in view.players:
        rows = [sq.row for sq in p.squares]
        cols = [sq.col for sq in p.squares]
        expected += [str(r) for r in range(min(rows), max(rows) + 1)]
        expected += [str(c) for c in range(min(cols), max(cols) + 1)]
    assert numbers == sorted(expected)


LONG_NAMES = ("Alexandra Papadaki", "Κωνσταντίνος Ρήγας", "Bo")
"""Names as long as a picture shows them (18 characters), which it must show whole."""


@pytest.mark.parametrize("moment", ["mid", "end"])
def test_no_text_on_a_picture_is_cut_with_an_ellipsis(
    states: dict[str, State], moment: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = Drawn(monkeypatch)
    assert max(len(name) for name in LONG_NAMES) == 18
    render_board(ENGINE.view(states[moment], None), LONG_NAMES)
    for seat in range(3):
        render_private(ENGINE.view(states[moment], seat), seat, LONG_NAMES)
    cut = [w for w in drawn.words() if "…" in w]
    assert drawn.texts and not cut


def test_tile_names_are_drawn_whole_on_the_empires(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["end"], None)
    names = {sq.name for p in view.players for sq in p.squares if sq.name}
    assert any(" " in name for name in names)
    drawn = Drawn(monkeypatch)
    render_board(view)
    words = " ".join(drawn.words())
    assert [name for name in names if name not in words] == []


def test_board_picture_speaks_greek_for_a_greek_table(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["end"], None)
    drawn = Drawn(monkeypatch)
    render_board(view, locale="el")
    words = " ".join(drawn.words())
    assert "Εποχή 3" in words and "Τέλος παιχνιδιού" in words
    assert "Round" not in words and "Game over" not in words


def test_printed_names_on_the_empires_are_the_greek_rulebook_names(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["end"], None)
    names = {sq.name for p in view.players for sq in p.squares if sq.name}
    greek = {n: render(Message(key=name_key(n)), "el", PACKAGES) for n in names}
    assert any(g != n for n, g in greek.items())
    drawn = Drawn(monkeypatch)
    render_board(view, locale="el")
    words = " ".join(drawn.words())
    assert [n for n, g in greek.items() if g not in words] == []


def test_private_picture_header_is_in_the_readers_language(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = Drawn(monkeypatch)
    render_private(ENGINE.view(states["mid"], 1), 1, locale="el")
    assert any(w.startswith("Patchistory · Εποχή") for w in drawn.words())


def test_private_picture_says_goods_and_cards_in_greek(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["mid"], 1)
    assert view.players[1].goods is not None
    drawn = Drawn(monkeypatch)
    render_private(view, 1, locale="el")
    words = " ".join(drawn.words())
    assert "Τροφή" in words and "Νομίσματα" in words
    assert "Food" not in words and "Coins" not in words


def test_board_picture_routes_colours_and_legend_are_in_greek(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["end"], None)
    assert view.routes
    drawn = Drawn(monkeypatch)
    render_board(view, locale="el")
    words = " ".join(drawn.words())
    assert "Εμπορικές Οδοί" in words and "Νομίσματα" in words
    assert not re.search(r"\b(red|green|blue|yellow|general|alliance|coins|workers)\b", words)
