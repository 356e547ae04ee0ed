"""Arranging Praetor positions for tests: a content set with chosen values, a table set up by hand."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from rules.core import Event
from rules.praetor import Praetor
from rules.praetor.content import DATA_FILE, Content
from rules.praetor.state import Placed, State, Worker

YELLOW, BLUE, PURPLE, WHITE = 0, 1, 2, 3
"""Seat names used by the rulebook's examples."""

CAMP, MARKET, OUTPOST = "C01", "C02", "C03"
MINES = ("C04", "C05", "C06", "C07", "C08")
SAWMILL = "C09"
"""The Sawmill of the rulebook's example: build 2 gold, 1 favour, red slot, activation 1 gold."""
QUARRY, MARBLE_QUARRY, BLACKSMITH, MAIA, PLUTO, CURIA, FORUM = "C11", "C13", "C14", "C15", "C16", "C17", "C18"
ACADEMY, ENCAMPMENT, COLOSSEUM, STATUE = "C19", "C20", "C21", "C22"
MERCURY, VENUS, APOLLO, ORACLE = "C29", "C31", "C32", "C33"


def raw_content() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA_FILE.read_text("utf-8"))
    return data


def engine_with(change: Callable[[dict[str, Any]], None]) -> Praetor:
    """An engine over the shipped content after ``change`` edits its JSON."""
    data = raw_content()
    change(data)
    return Praetor(Content.model_validate(data))


def table(engine: Praetor, players: int = 3, seed: int = 1, **options: Any) -> State:
    return engine.new_game(players, options, seed)


def set_city(state: State, *tiles: tuple[str, int, int, int | None]) -> None:
    """Replace the city by ``(uid, x, y, owner)`` tiles."""
    state.city = [Placed(uid=u, x=x, y=y, owner=o) for u, x, y, o in tiles]


def give_turn(state: State, seat: int) -> None:
    """Make it ``seat``'s turn in the action phase, with nothing chosen yet."""
    state.phase = "actions"
    if seat not in state.order:
        state.order = [*state.order, seat]
    state.turn = state.order.index(seat)


def set_workers(state: State, seat: int, *exps: int) -> None:
    state.players[seat].workers = [Worker(exp=e) for e in exps]


def play(engine: Praetor, state: State, seat: int, *actions: Any) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for action in actions:
        state, more = engine.apply(state, seat, action)
        events += more
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.message.key for e in events]
