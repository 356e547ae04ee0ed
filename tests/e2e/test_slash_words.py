"""Slash commands in Greek: the commands the bot syncs carry English and Greek names and
descriptions for every command, subcommand, parameter and choice, from the bot's catalogues."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess

NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command and option names (letters and digits of any script, ``-``, ``_``)."""

SUBCOMMAND = 1


def strings(command: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every named thing in a synced command: the command, its subcommands, parameters and choices."""
    here = f"{path} {command['name']}".strip()
    yield here, command
    for option in command.get("options", []):
        if option.get("type") == SUBCOMMAND:
            yield from strings(option, here)
        else:
            yield f"{here} {option['name']}", option
            for choice in option.get("choices", []):
                yield f"{here} {option['name']}={choice['value']}", {"choice": True, **choice}


def synced(fake: FakeDiscord) -> list[tuple[str, dict[str, Any]]]:
    found = [pair for command in fake.commands for pair in strings(command)]
    assert len(found) > 40, "the whole /game tree and its parameters were synced"
    return found


async def test_every_command_parameter_and_choice_has_a_greek_name(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    missing = [where for where, item in synced(fake) if "el" not in (item.get("name_localizations") or {})]
    assert missing == [], f"no Greek name (bot/messages, bot.cmd.*) for: {missing}"


async def test_every_command_and_parameter_has_a_greek_description(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    missing = [
        where
        for where, item in synced(fake)
        if "choice" not in item and "el" not in (item.get("description_localizations") or {})
    ]
    assert missing == [], f"no Greek description (bot/messages, bot.cmd.*.about) for: {missing}"


async def test_greek_names_follow_discords_name_rules(fake: FakeDiscord, bot: BotProcess) -> None:
    bad = [
        (where, greek)
        for where, item in synced(fake)
        if "choice" not in item
        for greek in [(item.get("name_localizations") or {}).get("el", "")]
        if not NAME.fullmatch(greek) or greek != greek.lower()
    ]
    assert bad == []


async def test_greek_descriptions_and_choices_fit_discords_limit(fake: FakeDiscord, bot: BotProcess) -> None:
    long = [
        where
        for where, item in synced(fake)
        for text in [(item.get("description_localizations") or {}).get("el", ""),
                     (item.get("name_localizations") or {}).get("el", "")]
        if len(text) > 100
    ]
    assert long == []


async def test_greek_names_of_one_command_differ(fake: FakeDiscord, bot: BotProcess) -> None:
    def clashes(command: dict[str, Any]) -> list[str]:
        options = command.get("options", [])
        greek = [(o.get("name_localizations") or {}).get("el") for o in options]
        found = [n for n in set(greek) if n is not None and greek.count(n) > 1]
        return found + [c for o in options if o.get("type") == SUBCOMMAND for c in clashes(o)]

    greek_tops = [(c.get("name_localizations") or {}).get("el") for c in fake.commands]
    assert len(set(greek_tops)) == len(greek_tops)
    assert [c for command in fake.commands for c in clashes(command)] == []


async def test_english_clients_read_the_english_catalogue_which_matches_the_code(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    drift = [
        where
        for where, item in synced(fake)
        for field, localized in (("name", "name_localizations"), ("description", "description_localizations"))
        if field in item and (item.get(localized) or {}).get("en-US", item[field]) != item[field]
    ]
    assert drift == []
    game = next(c for c in fake.commands if c["name"] == "game")
    assert game["name_localizations"]["en-US"] == "game"
    assert game["name_localizations"]["el"] == "παιχνίδι"


async def test_the_language_choice_reads_in_greek(fake: FakeDiscord, bot: BotProcess) -> None:
    game = next(c for c in fake.commands if c["name"] == "game")
    settings = next(o for o in game["options"] if o["name"] == "settings")
    language = next(o for o in settings["options"] if o["name"] == "language")
    greek = {c["value"]: c["name_localizations"]["el"] for c in language["choices"]}
    assert greek == {"en": "Αγγλικά", "el": "Ελληνικά"}
