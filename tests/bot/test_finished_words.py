"""Finished words: a game of every title, played by bots, reads without raw data in English and
Greek. Every prompt (title, option labels and descriptions, number label, its parts' button, menus
and choices) and every event, each after a JSON round trip (as storage keeps them), and the table
service's closing lines are rendered as a player reads them, and none shows a brace, a message key
or an internal id."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import cast

import pytest

from bot.discord.i18n import Words
from bot.service import Line, Outcome, TableInfo
from bot.service.core import tell_result
from rules import registry
from rules.core import Event, Message, Prompt, Rng
from rules.core.contract import EVENT, PROMPT
from rules.core.messages import MESSAGE

GAMES = [gid for gid in registry.available() if gid != "sealed_bid"]
NAMES = ("Ann", "Bo", "Cy", "Dee")
KEY = re.compile(r"\b[a-z][a-z0-9_]*\.[a-z0-9_]+(?:\.[a-z0-9_]+)*\b")
"""A catalogue key (``rftg.event.game_over``): what a message with no catalogue entry shows."""
INTERNAL_ID = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\b[a-z]\d+-\d+\b|'key'|\bparams\b")
"""Snake-case identifiers (``workers_camp``), tile ids (``e1-14``) and dumped message data."""


def raw_data(text: str) -> list[str]:
    found = [c for c in text if c in "{}"]
    found += [m.group() for m in KEY.finditer(text)]
    found += [m.group() for m in INTERNAL_ID.finditer(text)]
    return found


def prompt_messages(prompt: Prompt) -> Iterator[Message]:
    yield prompt.title
    for option in prompt.options:
        yield option.label
        if option.description is not None:
            yield option.description
    if prompt.number is not None:
        yield prompt.number.label
    if prompt.parts is not None:
        yield prompt.parts.label
        if prompt.parts.description is not None:
            yield prompt.parts.description
        for part in prompt.parts.menus:
            yield part.label
            for choice in part.choices:
                yield choice.label
                if choice.description is not None:
                    yield choice.description


def a_game(game_id: str, seed: int) -> tuple[list[Message], int]:
    """Every message a bot-played game of ``game_id`` shows, and its number of seats."""
    engine = registry.get(game_id)
    players = max(engine.info.min_players, min(3, engine.info.max_players))
    state = engine.new_game(players, {}, seed)
    bots = engine.bots()
    bot = bots.get("greedy") or next(iter(bots.values()))
    rng = Rng.from_seed(seed)
    shown: list[Message] = []
    last: list[Event] = []
    for _ in range(engine.info.max_actions):
        if engine.result(state) is not None:
            break
        pending = engine.prompts(state)
        seat = min(pending)
        for prompt in pending.values():
            shown += prompt_messages(PROMPT.validate_json(PROMPT.dump_json(prompt)))
        state, events = engine.apply(state, seat, bot.choose(engine, state, seat, pending[seat], rng))
        last = [EVENT.validate_json(EVENT.dump_json(e)) for e in events]
        shown += [e.message for e in last]
    result = engine.result(state)
    assert result is not None, f"the {game_id} game did not end"
    closing = Outcome(
        table=cast(TableInfo, SimpleNamespace(game_id=game_id)),
        public=[Line(e.message) for e in last if e.visible_to is None],
    )
    tell_result(closing, result, 0)
    shown += [line.message for line in closing.public]
    return shown, players


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_word_of_a_game_reads_as_words_in_english_and_greek(game_id: str) -> None:
    shown, players = a_game(game_id, 101)
    for locale in ("en", "el"):
        words = Words(locale, game_id, NAMES[:players])
        bad = {}
        for message in {MESSAGE.dump_json(m).decode(): m for m in shown}.values():
            for text in (words(message), words.label(message)):
                found = raw_data(text)
                if found:
                    bad[text] = found
        assert not bad, f"{game_id} ({locale}): {len(bad)} texts show raw data, e.g. {list(bad.items())[:8]}"
