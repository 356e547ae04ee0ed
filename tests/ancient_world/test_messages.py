"""The English and Greek catalogues agree, and every message a game produces is in them."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

from rules.ancient_world import ENGINE
from rules.core import Message, Rng, random_choice
from rules.core.messages import MESSAGE, placeholders, render


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
    """The message and every message inside its parameters, lists included."""
    found: list[Message] = []
    if isinstance(value, Message):
        found.append(value)
        for param in value.params.values():
            found += _messages(param)
    elif isinstance(value, list):
        for item in value:
            found += _messages(item)
    elif isinstance(value, str) and value.startswith("@"):
        found.append(Message(key=value[1:]))
    return found


def test_every_message_of_a_played_game_is_in_the_catalogue() -> None:
    rng = Rng.from_seed(3)
    state = ENGINE.new_game(4, {}, 3)
    seen: list[Message] = []
    while prompts := ENGINE.pending(state):
        for prompt in prompts.values():
            seen += _messages(prompt.title)
            for option in prompt.options:
                seen += _messages(option.label) + _messages(option.description)
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


def _played_texts(seed: int, players: int) -> list[Message]:
    """Every title, label, description and event of a random game, after a JSON round trip."""
    rng = Rng.from_seed(seed)
    state = ENGINE.new_game(players, {}, seed)
    seen: list[Message] = []
    while prompts := ENGINE.pending(state):
        for prompt in prompts.values():
            seen.append(prompt.title)
            for option in prompt.options:
                seen += [option.label] + ([option.description] if option.description else [])
        seat = min(prompts)
        state, events = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        seen += [e.message for e in events]
    return [MESSAGE.validate_json(MESSAGE.dump_json(m)) for m in seen]


def test_no_text_of_a_played_game_shows_raw_data_in_either_language() -> None:
    names = ("Ann", "Bo", "Cy")
    for message in _played_texts(5, 3):
        for locale in ("en", "el"):
            text = render(message, locale, ("rules.ancient_world",), names)
            assert not re.search(r"[{}]|ancient_world\.|'key'|\b[a-z]+_[a-z_]+\b", text), (locale, text)


def test_every_option_description_fits_a_select_entry() -> None:
    """A description is shown as the select entry's description line: at most 100 characters."""
    names = ("Ann", "Bo", "Cy")
    rng = Rng.from_seed(8)
    state = ENGINE.new_game(3, {}, 8)
    while prompts := ENGINE.pending(state):
        for prompt in prompts.values():
            for option in prompt.options:
                for locale in ("en", "el"):
                    if option.description is not None:
                        text = render(option.description, locale, ("rules.ancient_world",), names)
                        assert len(text) <= 100, (locale, text)
        seat = min(prompts)
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
