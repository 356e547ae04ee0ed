"""Every Diplomacy and Administration option says what it costs and gives (p. 9–10), in words a
phone's select menu shows whole: at most 100 characters, in English and Greek, after the JSON round
trip storage makes; and each of those prompts' titles says what the seat has to spend."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from rules.core import Message, Option, Prompt
from rules.core.messages import MESSAGE, render
from rules.patchistory.actions import AnswerAid, PlaceWorker
from rules.patchistory.state import Phase, State
from tests.patchistory.test_option_lengths import played_games

DESCRIBED_PHASES = (Phase.DIPLOMACY, Phase.ADMINISTRATION)
"""The phases whose every answer carries a description."""

PACKAGES = ("rules.patchistory", "rules.core")
NAMES = ("Ann", "Bo", "Cy")
RAW = re.compile(r"[{}]|patchistory\.|\b[a-z]\d+-\d+\b")
"""Braces, message keys and land tile ids ("e1-14") never reach a player."""


def stored(message: Message) -> Message:
    return MESSAGE.validate_python(json.loads(MESSAGE.dump_json(message).decode()))


def greedy_prompts(players: int, seed: int) -> Iterator[tuple[State, Prompt]]:
    """Every prompt met in a game the greedy bot plays in every seat."""
    return played_games(players, seed, ("greedy",))


def answers_needing_words(state: State, prompt: Prompt) -> list[Option]:
    if state.phase not in DESCRIBED_PHASES:
        return []
    return [o for o in prompt.options if not o.navigation]


def problems(state: State, prompt: Prompt) -> list[str]:
    found = []
    for option in answers_needing_words(state, prompt):
        if option.description is None:
            found.append(f"{option.label.key} {option.action!r}: no description")
    if state.phase not in DESCRIBED_PHASES:
        return found
    described = [o.description for o in prompt.options if o.description is not None]
    for message in described:
        for locale in ("en", "el"):
            text = render(stored(message), locale, PACKAGES, NAMES)
            if len(text) > 100 or RAW.search(text):
                found.append(f"{locale}: {text!r} ({len(text)} characters)")
    return found


@pytest.mark.parametrize(("players", "seed"), [(3, 101), (2, 102)])
def test_every_diplomacy_and_administration_option_says_what_it_costs_and_gives(
    players: int, seed: int
) -> None:
    found: list[str] = []
    met = 0
    for state, prompt in greedy_prompts(players, seed):
        met += len(answers_needing_words(state, prompt))
        found += problems(state, prompt)
    assert met > 20
    assert sorted(set(found)) == []


@pytest.mark.parametrize(("players", "seed"), [(3, 101)])
def test_diplomacy_and_administration_titles_say_what_there_is_to_spend(players: int, seed: int) -> None:
    """The seat answering an Aid offer is told what is offered instead; a worker Birth brings is
    placed free, its title saying how many there are to place (test_option_lengths.py)."""
    seen = 0
    for state, prompt in greedy_prompts(players, seed):
        answers = answers_needing_words(state, prompt)
        if not answers or any(isinstance(o.action, AnswerAid | PlaceWorker) for o in answers):
            continue
        g = state.players[prompt.seat].goods
        en = render(stored(prompt.title), "en", PACKAGES, NAMES)
        el = render(stored(prompt.title), "el", PACKAGES, NAMES)
        assert f"{state.players[prompt.seat].pp} PP" in en, en
        if g.food:
            assert f"{g.food} food" in en, en
            assert f"{g.food} Τροφή" in el, el
        seen += 1
    assert seen > 5
