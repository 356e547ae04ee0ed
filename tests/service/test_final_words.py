"""The end of a game is told once: "The game is over.", the final scores, and the tie-break that
decided a tie."""

from __future__ import annotations

from types import SimpleNamespace
from typing import cast

from bot.service import Line, Outcome, TableInfo
from bot.service.core import tell_result
from bot.service.words import render
from rules.core import Result, msg

NAMES = ("Ann", "Bo")


def outcome(game_id: str, *lines: Line) -> Outcome:
    return Outcome(table=cast(TableInfo, SimpleNamespace(game_id=game_id)), public=list(lines))


def told(o: Outcome, game_id: str) -> list[str]:
    return [render(line.message, "en", game_id, NAMES) for line in o.public]


def test_the_game_is_over_is_told_once_when_the_game_already_says_it() -> None:
    o = outcome("rftg", Line(msg("rftg.event.game_over"), seq=9))
    tell_result(o, Result(scores={0: 20, 1: 18}, ranks={0: 1, 1: 2}), 9)
    assert told(o, "rftg").count("The game is over.") == 1


def test_the_game_is_over_is_told_by_the_service_when_the_game_does_not_say_it() -> None:
    o = outcome("ancient_world", Line(msg("ancient_world.game_over"), seq=9))
    tell_result(o, Result(scores={0: 20, 1: 18}, ranks={0: 1, 1: 2}), 9)
    assert told(o, "ancient_world").count("The game is over.") == 1


def test_a_tie_is_told_with_the_tie_break_that_decided_it() -> None:
    o = outcome("patchistory")
    tell_result(o, Result(scores={0: 30, 1: 30}, ranks={0: 1, 1: 1},
                          tiebreak=(msg("patchistory.tiebreak_shared"),)), 9)
    assert told(o, "patchistory")[-1] == "Tie-break: Players tied for most culture share the victory."


def test_no_tie_break_is_told_when_nothing_tied() -> None:
    o = outcome("patchistory")
    tell_result(o, Result(scores={0: 31, 1: 30}, ranks={0: 1, 1: 2},
                          tiebreak=(msg("patchistory.tiebreak_shared"),)), 9)
    assert not [text for text in told(o, "patchistory") if text.startswith("Tie-break")]


def test_a_tie_break_the_game_already_told_is_not_told_again() -> None:
    decided = msg("ancient_world.tiebreak.coins")
    o = outcome("ancient_world", Line(decided, seq=9))
    tell_result(o, Result(scores={0: 30, 1: 30}, ranks={0: 1, 1: 2}, tiebreak=(decided,)), 9)
    assert not [text for text in told(o, "ancient_world") if text.startswith("Tie-break")]
