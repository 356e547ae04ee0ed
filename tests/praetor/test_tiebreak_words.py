"""The winner's tie-breakers in order (spec §10.4: morale, then wall tiles, then city tiles, then
the last round's turn order) and the words that tell them. In each test the criterion after the
deciding one favours the other seat, so a swapped order names another winner or rule."""

from __future__ import annotations

from rules.core.messages import render
from rules.praetor import ENGINE
from rules.praetor.scoring import deciding_tiebreak, final_scoring, score_events
from rules.praetor.state import State
from tests.praetor.helpers import MINES, set_city, table

PACKAGES = ("rules.praetor", "bot.service", "rules.core")
NAMES = ("Ann", "Bo", "Cy")


def _tied() -> State:
    """Ann and Bo end on 50 favour each, Cy far behind; nothing else tells them apart yet."""
    state = table(ENGINE, 3)
    state.phase = "over"
    base = state.players[0].morale
    for seat, favour in enumerate((50, 50, 10)):
        state.players[seat].favour = favour
        state.players[seat].morale = base
        state.players[seat].walls = []
    set_city(state)
    state.order = [0, 1, 2]
    return state


def test_higher_morale_decides_before_wall_tiles() -> None:
    state = _tied()
    state.players[1].morale += 1
    state.players[0].walls = ["W01", "W02"]
    assert deciding_tiebreak(ENGINE.content, state) == (1, "morale")
    result = ENGINE.result(state)
    assert result is not None and result.ranks == {1: 1, 0: 2, 2: 3}


def test_wall_tiles_decide_before_city_tiles() -> None:
    state = _tied()
    state.players[0].walls = ["W01"]
    set_city(state, (MINES[0], 0, 0, 1), (MINES[1], 1, 0, 1))
    assert deciding_tiebreak(ENGINE.content, state) == (0, "walls")


def test_city_tiles_decide_before_turn_order() -> None:
    state = _tied()
    set_city(state, (MINES[0], 0, 0, 1))
    assert deciding_tiebreak(ENGINE.content, state) == (1, "tiles")


def test_turn_order_decides_last() -> None:
    state = _tied()
    state.order = [2, 1, 0]
    assert deciding_tiebreak(ENGINE.content, state) == (1, "order")


def test_no_tie_break_is_named_when_the_most_favour_is_not_shared() -> None:
    state = _tied()
    state.players[0].favour = 51
    assert deciding_tiebreak(ENGINE.content, state) is None
    result = ENGINE.result(state)
    assert result is not None and result.tiebreak == ()


def test_the_tie_break_that_decided_is_told_in_words() -> None:
    state = _tied()
    state.players[1].morale += 1
    result = ENGINE.result(state)
    assert result is not None
    trail = [render(m, "en", PACKAGES, NAMES) for m in result.tiebreak]
    assert trail == ["Tied on favour: Bo wins on higher morale."]
    told = [e.message for e in score_events(ENGINE.content, state)]
    assert told[-1] == result.tiebreak[0], "the table is told the tie-break once, in the same words"


def test_each_seats_final_score_is_told_by_source() -> None:
    state = table(ENGINE, 2)
    state.phase = "over"
    state.final = final_scoring(ENGINE.content, state)
    parts = state.final[0]
    told = [render(e.message, "en", PACKAGES, NAMES) for e in score_events(ENGINE.content, state)]
    assert told[0] == (
        f"Ann: {parts['total']} favour ({parts['before']} during the game, {parts['workers']} from the "
        f"workers' experience, {parts['apprentices']} from apprentices, {parts['morale']} from morale, "
        f"{parts['resources']} from resources)."
    )
    assert len(told) == 2
