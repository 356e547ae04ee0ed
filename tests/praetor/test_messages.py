"""The message catalogues: same keys and placeholders in English and Greek, every key used exists."""

from __future__ import annotations

import re
from pathlib import Path

from rules.core import RandomBot, Rng
from rules.core.messages import catalogue, placeholders, render
from rules.praetor import ENGINE

PACKAGE = "rules.praetor"
SOURCE = Path(__file__).parents[2] / "rules" / "praetor"


def test_english_and_greek_have_the_same_keys_and_placeholders() -> None:
    en, el = catalogue(PACKAGE, "en"), catalogue(PACKAGE, "el")
    assert en and set(en) == set(el)
    for key in en:
        assert placeholders(en[key]) == placeholders(el[key]), key


def test_every_key_is_prefixed_with_the_game_id() -> None:
    assert all(k.startswith("praetor.") for k in catalogue(PACKAGE, "en"))


def test_every_key_in_the_code_is_in_the_catalogue() -> None:
    en = catalogue(PACKAGE, "en")
    used = set()
    for path in SOURCE.glob("*.py"):
        used |= set(re.findall(r'"(praetor\.(?:ask|opt|ev|err|tie|res)\.[a-z_]+)"', path.read_text("utf-8")))
    used |= {f"praetor.opt.group_{g}" for g in ("build", "activate", "special")}
    assert used and used <= set(en), sorted(used - set(en))


def test_the_events_and_prompts_of_a_game_have_their_placeholders_filled() -> None:
    en = catalogue(PACKAGE, "en")
    rng = Rng.from_seed(5)
    bot = RandomBot()
    state = ENGINE.new_game(3, {}, 2)
    seen: set[str] = set()
    while prompts := ENGINE.pending(state):
        seat = min(prompts)
        messages = [prompts[seat].title, *(o.label for o in prompts[seat].options)]
        state, events = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))
        for message in messages + [e.message for e in events]:
            assert placeholders(en[message.key]) <= set(message.params), message
            seen.add(message.key)
    assert "praetor.ev.game_over" in seen and "praetor.ev.built" in seen


def test_option_labels_fit_a_discord_button_in_both_languages() -> None:
    names = tuple("Maximilianus Aurelius " + str(s) for s in range(4))
    rng = Rng.from_seed(8)
    bot = RandomBot()
    state = ENGINE.new_game(4, {}, 8)
    while prompts := ENGINE.pending(state):
        seat = min(prompts)
        for option in prompts[seat].options:
            for locale in ("en", "el"):
                assert len(render(option.label, locale, (PACKAGE,), names)) <= 100
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))


def test_a_cost_reads_in_the_players_language() -> None:
    from rules.praetor.table import cost_message

    cost = cost_message({"wood": 1, "gold": 2})
    assert render(cost, "en", (PACKAGE,)) == "2 gold, 1 wood"
    assert render(cost, "el", (PACKAGE,)) == "2 Χρυσό, 1 Ξύλο"
    assert render(cost_message({}), "el", (PACKAGE,)) == "τίποτα"
