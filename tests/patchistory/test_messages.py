"""The English and Greek catalogues match, and every message the engine speaks is in them."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from rules.core import Message, Rng, random_choice
from rules.core.messages import placeholders
from rules.patchistory import ENGINE

PACKAGE = Path(__file__).parents[2] / "rules" / "patchistory"
EN = json.loads((PACKAGE / "messages" / "en.json").read_text("utf-8"))
EL = json.loads((PACKAGE / "messages" / "el.json").read_text("utf-8"))


def test_english_and_greek_catalogues_have_the_same_keys_and_placeholders() -> None:
    assert set(EN) == set(EL)
    for key in EN:
        assert placeholders(EN[key]) == placeholders(EL[key]), key


def test_every_key_is_prefixed_with_the_game_id() -> None:
    assert all(key.startswith("patchistory.") for key in EN)


def check(message: Message) -> None:
    assert message.key in EN, message.key
    assert placeholders(EN[message.key]) <= set(message.params), message.key
    for value in message.params.values():
        for word in value if isinstance(value, list) else [value]:
            if isinstance(word, str) and word.startswith("@"):
                assert word[1:] in EN, word


@pytest.mark.parametrize("players", [2, 3])
def test_every_prompt_option_and_event_of_a_game_is_in_the_catalogue(players: int) -> None:
    rng = Rng.from_seed(3)
    state = ENGINE.new_game(players, {}, 3)
    while prompts := ENGINE.pending(state):
        for prompt in prompts.values():
            check(prompt.title)
            for option in prompt.options:
                check(option.label)
            if prompt.number is not None:
                check(prompt.number.label)
        seat = rng.choice(sorted(prompts))
        state, events = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        for event in events:
            check(event.message)


def test_every_rule_error_key_in_the_engine_is_in_the_catalogue() -> None:
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "fail" and len(node.args) == 2:
                key = node.args[1]
                if isinstance(key, ast.Constant):
                    assert f"patchistory.error.{key.value}" in EN, key.value
    for reason in (
        "no_overlap",
        "sea_covered",
        "statue",
        "sea_hidden",
        "half_space",
        "seas_adjacent",
        "too_big",
    ):
        assert f"patchistory.error.patch.{reason}" in EN
