"""The bot's own words (``bot/messages``): English and Greek catalogues with the same keys and
placeholders, and every key the adapter uses present in both."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot.discord.i18n import Words, choose_locale
from rules.core.messages import placeholders

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = ROOT / "bot" / "messages"


def load(locale: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((CATALOGUE / f"{locale}.json").read_text("utf-8"))
    return data


def test_english_and_greek_have_the_same_keys() -> None:
    assert set(load("en")) == set(load("el"))


@pytest.mark.parametrize("key", sorted(load("en")))
def test_english_and_greek_have_the_same_placeholders(key: str) -> None:
    assert placeholders(load("en")[key]) == placeholders(load("el")[key])


def test_every_key_is_prefixed_bot() -> None:
    assert all(key.startswith("bot.") for key in load("en"))


def test_every_key_the_adapter_uses_is_in_the_catalogue() -> None:
    source = "\n".join(p.read_text("utf-8") for p in (ROOT / "bot" / "discord").rglob("*.py"))
    used = set(re.findall(r"[\"'](bot\.[a-z_]+)[\"']", source)) - {"bot.service", "bot.discord"}
    used |= {f"bot.lobby_{what}" for what in ("join", "leave", "bot", "start")}
    used |= {f"bot.state_{state}" for state in ("lobby", "active", "finished", "abandoned")}
    assert used - set(load("en")) == set()


def test_the_membership_refusal_is_found_in_both_languages() -> None:
    assert Words("en").t("bot.not_a_member", table=4).startswith("You are no longer a member")
    assert Words("el").t("bot.not_a_member", table=4).startswith("Δεν είστε πια μέλος")


def test_greek_words_come_from_the_greek_catalogue() -> None:
    assert Words("el").t("bot.lobby_join") == "Συμμετοχή"
    assert Words("en").t("bot.lobby_join") == "Join"


def test_seat_parameters_become_player_names() -> None:
    words = Words("en", names=("Ann", "Bo"))
    assert words.t("bot.undo_open", seat=1) == "Bo asked to take back a move."


def test_a_greek_discord_client_reads_greek() -> None:
    assert choose_locale("el", None) == "el"
    assert choose_locale("en-GB", None) == "en"
    assert choose_locale("fr", None, default="en") == "en"


def test_a_chosen_language_wins_over_the_discord_client() -> None:
    assert choose_locale("en-US", "el") == "el"


def test_a_chosen_english_wins_over_a_greek_discord_client() -> None:
    assert choose_locale("el", "en") == "en"


def test_no_choice_follows_the_discord_client() -> None:
    assert choose_locale("el", None, default="en") == "el"


def test_an_unknown_locale_falls_back_to_english() -> None:
    assert choose_locale("ja", "xx") == "en"
