"""Every table option of every game has its meaning in English and Greek (``<game>.option.<name>``)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bot.discord.commands.options import option_lines, values_of
from bot.discord.i18n import Words
from rules import registry
from rules.core.messages import catalogue

ROOT = Path(__file__).resolve().parents[2]

OPTIONS = [
    (game_id, name)
    for game_id in registry.GAMES
    for name in registry.get(game_id).options_type.model_fields
]


@pytest.mark.parametrize(("game_id", "name"), OPTIONS)
@pytest.mark.parametrize("locale", ["en", "el"])
def test_every_option_has_a_meaning_in_both_languages(game_id: str, name: str, locale: str) -> None:
    assert catalogue(f"rules.{game_id}", locale).get(f"{game_id}.option.{name}")


def test_no_game_entry_names_an_option_the_game_does_not_have() -> None:
    known = {f"{g}.option.{n}" for g, n in OPTIONS}
    for game_id in registry.GAMES:
        for locale in ("en", "el"):
            entries = {k for k in catalogue(f"rules.{game_id}", locale) if k.startswith(f"{game_id}.option.")}
            assert entries <= known


def test_a_yes_no_option_takes_true_or_false() -> None:
    field = registry.get("rftg").options_type.model_fields["first_game"]
    assert values_of(field) == ["true", "false"]


def test_a_number_option_lists_no_values() -> None:
    field = registry.get("patchistory").options_type.model_fields["great_victory_margin"]
    assert values_of(field) == []


def test_the_listing_has_a_line_for_each_option_between_heading_and_how_to() -> None:
    lines = option_lines(registry.get("ancient_world"), Words("el", "ancient_world"))
    assert len(lines) == 2 + len(registry.get("ancient_world").options_type.model_fields)
    assert lines[1].startswith("• `grow_opens_round` (προεπιλογή `2`): `I-1`:")
    assert lines[1].endswith("Τιμές: `2`, `3`.")


def test_the_english_meaning_is_the_options_models_own_docstring() -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    from options_doc import field_docstrings

    drift = [
        (game_id, name)
        for game_id, name in OPTIONS
        if catalogue(f"rules.{game_id}", "en")[f"{game_id}.option.{name}"]
        != field_docstrings(registry.get(game_id).options_type)[name].replace("``", "`")
    ]
    assert drift == [], "write the same meaning in the options model and the English catalogue"
