"""The registry finds games by id and alias, and tests can register fixture games."""

import pytest

from rules import registry
from tests.fixtures.sealed_bid import ENGINE


def test_registered_fixture_game_is_available() -> None:
    registry.register(ENGINE)
    try:
        assert registry.get("sealed_bid") is ENGINE
        assert "sealed_bid" in registry.available()
    finally:
        registry.unregister("sealed_bid")
    assert "sealed_bid" not in registry.available()


def test_unknown_game_lists_what_is_available() -> None:
    with pytest.raises(registry.UnknownGame, match="Available:"):
        registry.get("chess")


def test_shipped_games_are_the_four_of_the_box() -> None:
    assert set(registry.GAMES) == {"rftg", "ancient_world", "praetor", "patchistory"}
