"""The pictures: mid-game and end-game views from seeded selfplay render deterministically, as
pictures a phone shows whole with every word legible, tiles, buildings and cards by their names."""

from __future__ import annotations

import io
import re
from contextvars import ContextVar

import pytest
from PIL import Image

from render import kit
from render.patchistory import (
    MAX_HEIGHT,
    SMALLEST,
    board_pictures,
    private_pictures,
    render_board,
    render_private,
)
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
        if steps == 120:
            found["mid"] = state
    found["end"] = state
    return found


@pytest.mark.parametrize("moment", ["mid", "end"])
def test_board_picture_is_deterministic_and_phone_sized(states: dict[str, State], moment: str) -> None:
    view = ENGINE.view(states[moment], None)
    first, again = render_board(view), render_board(view)
    assert first == again
    image = Image.open(io.BytesIO(first))
    assert image.width == 1000 and 600 < image.height <= 1600
    assert len(first) < 8 * 1024 * 1024
    assert board_pictures(view)[0] == first


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
    """Every text a picture draws for the rest of the test, with its font size (the drawing kit's
    :func:`render.kit.recording`, also of parts drawn earlier and pasted again)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: kit.Drawn = []
        monkeypatch.setattr(kit, "_recording", ContextVar("recording", default=self.drawn))

    @property
    def texts(self) -> list[tuple[str, int]]:
        return [(words, size) for words, size, _ in self.drawn]

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
    private_pictures(ENGINE.view(state, seat), seat)
    marked = {w for w in drawn.words() if re.fullmatch(r"-?\d+,-?\d+", w)}
    assert marked == spots


def test_board_picture_numbers_every_row_and_column_of_each_empire(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["mid"], None)
    drawn = Drawn(monkeypatch)
    board_pictures(view)
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
    board_pictures(ENGINE.view(states[moment], None), LONG_NAMES)
    for seat in range(3):
        private_pictures(ENGINE.view(states[moment], seat), seat, LONG_NAMES)
    cut = [w for w in drawn.words() if "…" in w]
    assert drawn.texts and not cut


def test_tile_names_are_drawn_whole_on_the_empires(
    states: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(states["end"], None)
    names = {sq.name for p in view.players for sq in p.squares if sq.name}
    assert any(" " in name for name in names)
    drawn = Drawn(monkeypatch)
    board_pictures(view)
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
    board_pictures(view, locale="el")
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
    board_pictures(view, locale="el")
    words = " ".join(drawn.words())
    assert "Εμπορικές Οδοί" in words and "Νομίσματα" in words
    assert not re.search(r"\b(red|green|blue|yellow|general|alliance|coins|workers)\b", words)


@pytest.fixture(scope="module")
def four_players() -> dict[str, State]:
    """A seeded 4-player game in the patching phase of era 2 (the auction out, routes built) and over."""
    rng = Rng.from_seed(3)
    state = ENGINE.new_game(4, {}, 3)
    found: dict[str, State] = {}
    while prompts := ENGINE.pending(state):
        if "mid" not in found and state.era == 2 and state.phase.value == "patch" and state.routes:
            found["mid"] = state
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
    found["over"] = state
    return found


@pytest.mark.parametrize("moment", ["mid", "over"])
def test_a_four_player_table_is_split_into_pictures_no_taller_than_1_6_widths(
    four_players: dict[str, State], moment: str
) -> None:
    pictures = [Image.open(io.BytesIO(p)) for p in board_pictures(ENGINE.view(four_players[moment], None))]
    assert len(pictures) > 1
    assert [p.size for p in pictures if p.width != 1000 or p.height > 1.6 * p.width] == []
    assert MAX_HEIGHT == 1600


@pytest.mark.parametrize("moment", ["mid", "over"])
def test_every_word_is_at_least_2_25_percent_of_the_pictures_width(
    four_players: dict[str, State], moment: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = Drawn(monkeypatch)
    board_pictures(ENGINE.view(four_players[moment], None), LONG_NAMES, locale="el")
    for seat in range(4):
        private_pictures(ENGINE.view(four_players[moment], seat), seat, LONG_NAMES)
    assert SMALLEST == 23
    assert drawn.texts and [(w, size) for w, size in drawn.texts if size < 0.0225 * 1000] == []


def test_no_tile_building_or_card_is_drawn_by_its_id(
    four_players: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    content = ENGINE.content
    ids = {t.id for t in content.land_tiles} | set(content.buildings_by_id) | set(content.cards_by_id)
    state = four_players["mid"]
    assert state.auction.offers and any(p.reserve and p.buildings and p.cards for p in state.players)
    drawn = Drawn(monkeypatch)
    board_pictures(ENGINE.view(state, None))
    for seat in range(4):
        private_pictures(ENGINE.view(state, seat), seat)
    tokens = {token.strip(",.():#") for words in drawn.words() for token in words.split()}
    assert tokens and sorted(tokens & ids) == []


def test_the_auction_names_each_tile_by_its_printed_name(
    four_players: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    state = four_players["mid"]
    names = [ENGINE.content.tile_name(o.tile) for o in state.auction.offers]
    assert names and all(names)
    drawn = Drawn(monkeypatch)
    board_pictures(ENGINE.view(state, None))
    words = " ".join(drawn.words())
    assert [f"{i + 1}. {name}" for i, name in enumerate(names) if f"{i + 1}. {name}" not in words] == []


def test_a_name_too_long_for_its_space_is_given_a_letter_and_written_whole_beneath(
    four_players: dict[str, State], monkeypatch: pytest.MonkeyPatch
) -> None:
    view = ENGINE.view(four_players["over"], None)
    printed = {render(Message(key=name_key(sq.name)), "el", PACKAGES)
               for p in view.players for sq in p.squares if sq.name}
    drawn = Drawn(monkeypatch)
    board_pictures(view, locale="el")
    words = drawn.words()
    matches = (re.fullmatch(r"([A-Z]) ([^:]+)(: .*)?", w) for w in words)
    lettered = [m for m in matches if m and m.group(2) in printed]
    assert lettered, "no space too small for its name in the seeded game"
    assert all(m.group(1) in words for m in lettered)
