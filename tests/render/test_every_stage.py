"""Every game's pictures at every stage of a game, 2 to the most players, in English and Greek: each
text drawn is legible on a phone (at least 2.25% of the picture's width, 9 px at 400 px), whole (no
ellipsis, nothing off its picture) and words, not an id; no picture is taller than 1.6 widths.

Each game is played once per player count by its greedy bots from a fixed seed; the board and one
seat's private pictures (a different seat at each stage) are drawn early (a tenth of the way in),
in the middle, late (nine tenths) and once it is over. Every text the drawing kit draws is recorded
where it ends up (also the texts of a part drawn earlier and pasted again), so a text drawn by any
renderer's helper is checked.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from PIL import Image

import render
import render.stages
from render import kit
from rules import registry

GAMES = ("rftg", "ancient_world", "praetor", "patchistory")
SEED = 5

ID_LIKE = re.compile(
    r"\b[a-z]+(?:_[a-z0-9]+)+\b"  # snake_case: a content id or a catalogue key's last part
    r"|\b[a-z]+\d*-\d+\b"  # e2-23, culture-4: an id with a number
    r"|\b[a-z_]+\.[a-z_]+\.[a-z_.]+\b"  # game.key.name: a catalogue key left unsaid
    r"|\{[a-z_]+\}"  # a message parameter left unfilled
)
"""Text that is an identifier rather than words a player reads."""


@dataclass(frozen=True)
class Drawn:
    words: str
    size: int
    box: tuple[float, float, float, float]


@cache
def stages(game: str, players: int) -> dict[str, Any]:
    """The states early, in the middle, late and at the end of a seeded greedy game."""
    return render.stages.stages(game, players, SEED)


def cases() -> list[Any]:
    found = []
    for game in GAMES:
        info = registry.get(game).info
        for players in range(info.min_players, info.max_players + 1):
            found.append(pytest.param(game, players, id=f"{game}-{players}"))
    return found


NAMES = ("Alexandra Papadaki", "Κωνσταντίνος Ρήγας", "Bo", "Dee", "Εύα")
"""Players' names as long as a picture shows whole (18 characters)."""


def draw_all(game: str, players: int) -> list[tuple[str, list[bytes], list[Drawn]]]:
    """Every picture of the game's stages, with the texts drawn for each (in the coordinates of
    the picture each is on)."""
    engine = registry.get(game)
    module = render.for_game(game)
    assert module is not None
    out = []
    for i, (stage, state) in enumerate(stages(game, players).items()):
        seat = i % players
        for locale in ("en", "el"):
            for who in (None, seat):
                with kit.recording() as texts:
                    pictures = render.pictures(module, engine.view(state, who), who, NAMES[:players], locale)
                label = f"{stage} {locale} {'board' if who is None else f'seat {who}'}"
                out.append((label, pictures, [Drawn(*t) for t in texts]))
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), cases())
def test_every_picture_at_every_stage_is_legible_whole_and_no_taller_than_1_6_widths(
    game: str, players: int
) -> None:
    problems: list[str] = []
    for label, pictures, texts in draw_all(game, players):
        sizes = [Image.open(io.BytesIO(p)).size for p in pictures]
        assert pictures and texts, label
        width, height = min(w for w, _ in sizes), max(h for _, h in sizes)
        problems += [f"{label}: {w}x{h} is taller than 1.6 widths" for w, h in sizes if h > 1.6 * w]
        for t in texts:
            if t.size < 0.0225 * width:
                problems.append(f"{label}: {t.words!r} at {t.size} px")
            if "…" in t.words:
                problems.append(f"{label}: {t.words!r} is cut")
            x0, y0, x1, y1 = t.box
            if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
                problems.append(f"{label}: {t.words!r} runs off its picture at {t.box}")
            if ID_LIKE.search(t.words):
                problems.append(f"{label}: {t.words!r} looks like an id")
    assert problems == []


def test_the_id_check_tells_ids_from_words() -> None:
    for drawn in ("e2-23", "politics-5", "archivists_of_bol", "patchistory.picture.auction", "{seat}"):
        assert ID_LIKE.search(drawn), drawn
    for words in ("Railway Station", "workers 3/8 · upkeep 2", "1,-3", "-2", "Culture Building ×2", "+3C",
                  "Πλακίδια σε αναμονή: Μουσείο", "I Explore", "★ 12 VP"):
        assert not ID_LIKE.search(words), words
