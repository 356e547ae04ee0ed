"""The English and Greek catalogues agree, and every message a game produces is in them."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from rules.ancient_world import ENGINE
from rules.core import Message, Rng, random_choice
from rules.core.messages import placeholders


def _catalogue(locale: str) -> dict[str, str]:
    text = resources.files("rules.ancient_world").joinpath("messages", f"{locale}.json").read_text("utf-8")
    data: dict[str, str] = json.loads(text)
    return data


EN, EL = _catalogue("en"), _catalogue("el")


def test_catalogues_have_the_same_keys() -> None:
    assert set(EN) == set(EL)


def test_catalogues_have_the_same_placeholders() -> None:
    for key, template in EN.items():
        assert placeholders(template) == placeholders(EL[key]), key


def test_every_key_is_prefixed_with_the_game_id() -> None:
    assert all(key.startswith("ancient_world.") for key in EN)


def _messages(value: Any) -> list[Message]:
    found = []
    if isinstance(value, Message):
        found.append(value)
        words = [p for p in value.params.values() if isinstance(p, str) and p.startswith("@")]
        found += [Message(key=p[1:]) for p in words]
    return found


def test_every_message_of_a_played_game_is_in_the_catalogue() -> None:
    rng = Rng.from_seed(3)
    state = ENGINE.new_game(4, {}, 3)
    seen: list[Message] = []
    while prompts := ENGINE.pending(state):
        for prompt in prompts.values():
            seen += _messages(prompt.title)
            for option in prompt.options:
                seen += _messages(option.label)
        seat = min(prompts)
        state, events = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        for e in events:
            seen += _messages(e.message)
    result = ENGINE.result(state)
    assert result is not None
    seen += [m for m in result.tiebreak]
    missing = sorted({m.key for m in seen} - set(EN))
    assert not missing


def test_rule_errors_carry_catalogued_keys() -> None:
    import re
    from pathlib import Path

    package = Path(resources.files("rules.ancient_world"))  # type: ignore[arg-type]
    used = set()
    for path in package.glob("*.py"):
        used |= set(re.findall(r'refuse\([^)]*?"([a-z_]+)"(?:,|\))', path.read_text("utf-8"), re.S))
    assert used
    assert {f"ancient_world.error.{k}" for k in used} <= set(EN)
