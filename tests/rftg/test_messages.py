"""The English and Greek catalogues: same keys, same placeholders, and every message the engine
produces in a game is in them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from rules.core import Message, Rng
from rules.core.messages import MESSAGE, catalogue, placeholders, render
from rules.rftg import ENGINE

PACKAGE = "rules.rftg"
EN, EL = catalogue(PACKAGE, "en"), catalogue(PACKAGE, "el")


def test_english_and_greek_have_the_same_keys() -> None:
    assert set(EN) == set(EL)


def test_english_and_greek_entries_have_the_same_placeholders() -> None:
    assert {k: placeholders(v) for k, v in EN.items()} == {k: placeholders(v) for k, v in EL.items()}


def test_every_key_is_prefixed_with_the_game_id() -> None:
    assert all(k.startswith("rftg.") for k in EN)


def test_every_error_key_in_the_code_is_in_the_catalogue() -> None:
    source = "\n".join(p.read_text("utf-8") for p in Path("rules/rftg").glob("*.py"))
    keys = set(re.findall(r'key="(rftg\.[a-z_.]+)"', source))
    assert keys and keys <= set(EN)


def _check(message: Message, seen: set[str]) -> None:
    assert message.key in EN, message.key
    assert placeholders(EN[message.key]) <= set(message.params), message
    for param in message.params.values():
        for value in param if isinstance(param, list) else [param]:
            if isinstance(value, str) and value.startswith("@"):
                assert value[1:] in EN, value
    seen.add(message.key)


def _messages(state: Any, events: list[Any]) -> list[Message]:
    out = [e.message for e in events]
    for prompt in ENGINE.pending(state).values():
        out.append(prompt.title)
        out += [o.label for o in prompt.options]
    return out


def test_every_message_of_seeded_games_is_in_the_catalogue() -> None:
    seen: set[str] = set()
    for players, seed in ((2, 3), (4, 4)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        events: list[Any] = []
        while prompts := ENGINE.pending(state):
            for m in _messages(state, events):
                _check(m, seen)
            seat = rng.choice(sorted(prompts))
            state, events = ENGINE.apply(state, seat, rng.choice(prompts[seat].options).action)
    assert len(seen) > 60


def test_a_message_reads_in_greek_with_its_words_translated() -> None:
    text = render(Message(key="rftg.opt.select", params={"phase": "@rftg.phase.ship"}), "el", (PACKAGE,))
    assert text == "Επιλογή: Αποστολή"


TILE_ACTIONS = {"split", "place", "return", "give_back", "rearrange", "choose", "recruit_dice", "workers",
                "stock_many"}
"""Options that must say what they cost and give (a tile, a die, a recruit, a set of workers)."""


def _rendered(message: Message) -> list[str]:
    """``message`` in English and Greek after the JSON round trip storage gives it."""
    again = MESSAGE.validate_json(MESSAGE.dump_json(message))
    return [render(again, locale, (PACKAGE,), ("Ann", "Bo", "Cy", "Di")) for locale in ("en", "el")]


def _finished(text: str) -> None:
    assert not re.search(r"[{}@]|rftg\.|\(s\)|\(ες\)|Ο/Η|του/της", text), text


def test_every_text_of_played_games_is_finished_words_in_both_languages() -> None:
    """Titles, labels, descriptions and events, stored and read back: no braces, keys or hedges;
    descriptions fit a Discord select line (100 characters); tile options all have one."""
    for players, seed in ((2, 5), (4, 6)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        events: list[Any] = []
        while True:
            for event in events:
                for text in _rendered(event.message):
                    _finished(text)
            prompts = ENGINE.pending(state)
            if not prompts:
                break
            for prompt in prompts.values():
                for text in _rendered(prompt.title):
                    _finished(text)
                for option in prompt.options:
                    for text in _rendered(option.label):
                        _finished(text)
                    if getattr(option.action, "kind", "") in TILE_ACTIONS:
                        assert option.description is not None, option
                    if option.description is not None:
                        for text in _rendered(option.description):
                            _finished(text)
                            assert len(text) <= 100, text
            seat = rng.choice(sorted(prompts))
            state, events = ENGINE.apply(state, seat, rng.choice(prompts[seat].options).action)
