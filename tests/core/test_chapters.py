"""Chapters of a game's story: an event may mark that it opens one (docs/contract.md, "Chapters");
each shipped game marks the start of its rounds, and only that."""

from __future__ import annotations

import pytest

from rules import registry
from rules.core import CHAPTER, Event, Rng, chapter, msg
from rules.core.contract import Result

ROUND_STARTS = {
    "rftg": "rftg.event.round",
    "ancient_world": "ancient_world.round",
    "praetor": "praetor.ev.round",
    "patchistory": "patchistory.round_start",
}


def test_an_event_opens_no_chapter_unless_marked() -> None:
    plain = Event(message=msg("x.said"), data={"order": [1, 0]})
    marked = chapter(plain)
    assert not plain.opens_chapter
    assert marked.opens_chapter and marked.data == {"order": [1, 0], CHAPTER: True}
    assert marked.message == plain.message and marked.visible_to == plain.visible_to


@pytest.mark.parametrize("game_id", sorted(ROUND_STARTS))
def test_a_shipped_game_opens_a_chapter_at_each_round_and_nowhere_else(game_id: str) -> None:
    engine = registry.get(game_id)
    bot = engine.bots()["random"]
    rng = Rng.from_seed(7)
    state = engine.new_game(3, {}, seed=7)
    opened: list[str] = []
    result: Result | None = None
    for _ in range(engine.info.max_actions):
        pending = engine.prompts(state)
        if not pending or len(opened) >= 3:
            break
        seat = min(pending)
        state, events = engine.apply(state, seat, bot.choose(engine, state, seat, pending[seat], rng))
        opened += [e.message.key for e in events if e.opens_chapter]
        result = engine.result(state)
    assert result is None or opened, f"{game_id} ended without opening a chapter"
    assert len(opened) >= 2, f"{game_id}: rounds opened {opened}"
    assert set(opened) == {ROUND_STARTS[game_id]}
