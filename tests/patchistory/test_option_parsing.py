"""Table options reach a table: the ``/game new`` options text, the engine's parser, the stored set."""

from __future__ import annotations

import re

import pytest

from bot.discord.commands.game import parse_options
from rules.core import InvalidAction
from rules.patchistory import ENGINE
from rules.patchistory import options as options_module
from rules.patchistory.options import Options

SPEC_OPTIONS = {
    "sea_over_land": False,
    "broke_short_culture_gets_coin": False,
    "attack_without_preparation": False,
    "build_over_tiles": False,
    "two_player_both_pay": False,
}


def test_options_written_as_name_value_pairs_reach_the_game() -> None:
    text = " ".join(f"{name}={str(value).lower()}" for name, value in SPEC_OPTIONS.items())
    options = ENGINE.parse_options(parse_options(text))
    assert isinstance(options, Options)
    assert {name: getattr(options, name) for name in SPEC_OPTIONS} == SPEC_OPTIONS


def test_a_new_game_plays_with_the_options_given() -> None:
    state = ENGINE.new_game(3, parse_options("build_over_tiles=false, great_victory_margin=4"), seed=1)
    assert not state.options.build_over_tiles and state.options.great_victory_margin == 4
    assert state.options.sea_over_land  # untouched options keep the spec's choice


def test_a_bad_option_value_is_refused_with_the_option_named() -> None:
    with pytest.raises(InvalidAction) as caught:
        ENGINE.parse_options(parse_options("sea_over_land=sometimes"))
    assert caught.value.key == "core.bad_option"
    assert "sea_over_land" in str(caught.value)


def test_a_value_out_of_range_is_refused() -> None:
    with pytest.raises(InvalidAction, match="great_victory_margin"):
        ENGINE.parse_options({"great_victory_margin": 0})


def test_a_misspelt_option_is_refused_with_its_name() -> None:
    with pytest.raises(InvalidAction, match="sea_over_lands") as caught:
        ENGINE.parse_options(parse_options("sea_over_lands=false"))
    assert caught.value.key == "core.unknown_option"


def test_the_options_fit_one_discord_autocomplete_list() -> None:
    # /game new suggests each option with its default: Discord shows at most 25 suggestions.
    assert len(Options.model_fields) <= 25


def test_every_option_has_a_default_and_a_docstring() -> None:
    defaults = Options()
    for name, field in Options.model_fields.items():
        assert field.description, name
        assert getattr(defaults, name) == field.default, name


def test_the_options_module_says_where_every_spec_19_interpretation_lives() -> None:
    doc = options_module.__doc__ or ""
    assert {int(n) for n in re.findall(r"#(\d+)", doc)} == set(range(1, 44))
    named = set(re.findall(r"``(\w+)``", doc))
    content_tables = {"pp_costs", "land_tiles", "routes"}
    assert named - content_tables <= set(Options.model_fields)
    assert set(Options.model_fields) <= named
