"""Card look-ups shared by /game card and the terminal: names in the reader's language, one game
or all, and the lobby's line on designed values."""

from __future__ import annotations

import pytest

from bot import cards
from bot.service.words import render
from rules import registry

GAMES = ("rftg", "ancient_world", "praetor", "patchistory")


def test_an_autocomplete_value_finds_exactly_its_entry() -> None:
    found = cards.lookup({"patchistory": None}, "patchistory:tile.e2-08", "en")
    assert [f.entry.key for f in found] == ["tile.e2-08"]


def test_a_name_typed_in_full_shows_every_entry_of_that_name() -> None:
    found = cards.lookup({"patchistory": None}, "Library", "en")
    shown = cards.best(found, "Library", "en")
    assert len(shown) == 3  # one Library in each era
    assert all(cards.name(f, "en") == "Library" for f in shown)


def test_a_name_found_nowhere_finds_nothing() -> None:
    assert cards.lookup({gid: None for gid in GAMES}, "Chess board", "en") == []
    message = cards.not_found("Chess board", None)
    assert render(message, "en", "") == "No game here has a card or tile called “Chess board”."


def test_only_the_games_asked_answer() -> None:
    found = cards.lookup({"praetor": None}, "market", "en")
    assert found and {f.game_id for f in found} == {"praetor"}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["en", "el"])
def test_the_lobby_line_names_designed_kinds_of_value_in_words(game: str, locale: str) -> None:
    line = cards.designed_line(game)
    has_designed = any(e.designed for e in registry.get(game).reference())
    assert (line is not None) == has_designed
    if line is not None:
        text = render(line, locale, game)
        assert "{" not in text and ".ref." not in text and "core.reference" not in text
        assert "`/game card`" in text


def test_patchistory_s_lobby_line_names_its_designed_abilities() -> None:
    line = cards.designed_line("patchistory")
    assert line is not None
    assert "ability" in render(line, "en", "patchistory")
