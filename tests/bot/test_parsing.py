"""What players type: table options for /game new, and moves for /act."""

from __future__ import annotations

import pytest

from bot.discord.commands.game import parse_options
from bot.discord.commands.play import parse_choice
from bot.discord.delivery import chunks
from rules.core import InvalidAction, NumberChoice, Option, Prompt, RuleError, msg
from tests.fixtures.sealed_bid import Bid, Pass, Take


def test_options_as_name_value_pairs() -> None:
    assert parse_options("starting_coins=7, market_size=3") == {"starting_coins": 7, "market_size": 3}


def test_options_as_json() -> None:
    assert parse_options('{"variant": "short", "fast": true}') == {"variant": "short", "fast": True}


def test_option_values_that_are_not_json_stay_text() -> None:
    assert parse_options("variant=short") == {"variant": "short"}


def test_no_options() -> None:
    assert parse_options(None) == {} == parse_options("  ")


@pytest.mark.parametrize(
    "text",
    [
        '{"starting_coins": {"a": {"b": [1, {"c": null}]}}}',
        '{"market_size": [[[1]]]}',
        '{"a":' * 3000 + "1" + "}" * 3000,
        "starting_coins=" + "[" * 3000 + "]" * 3000,
        "starting_coins=" + "[" * 3000,
    ],
)
def test_options_nested_too_deep_are_refused(text: str) -> None:
    with pytest.raises(InvalidAction) as refused:
        parse_options(text)
    assert refused.value.key == "bot.options_too_deep"


def test_a_list_of_lists_is_deep_enough() -> None:
    assert parse_options('{"layout": [[1, 2], [3]]}') == {"layout": [[1, 2], [3]]}


def test_an_option_without_a_value_is_refused() -> None:
    with pytest.raises(InvalidAction) as refused:
        parse_options("starting_coins")
    assert refused.value.key == "bot.bad_options"


PROMPT = Prompt(
    seat=0,
    title=msg("sealed.choose"),
    options=(
        Option(action=Take(token=0), label=msg("sealed.take", value=4)),
        Option(action=Pass(), label=msg("sealed.pass")),
    ),
    number=NumberChoice(low=0, high=5, template=Bid(coins=0), field="coins", label=msg("sealed.bid_coins")),
)
LABELS = ["Take 4", "Pass"]


def test_an_autocomplete_value_names_the_option_and_the_prompt_version() -> None:
    pick = parse_choice("12:ab12cd34:o1", PROMPT, LABELS)
    assert (pick.index, pick.number, pick.seq_sig) == (1, None, (12, "ab12cd34"))


def test_an_autocomplete_number() -> None:
    pick = parse_choice("12:ab12cd34:n5", PROMPT, LABELS)
    assert (pick.index, pick.number) == (None, 5)


def test_an_autocomplete_combination_of_the_parts() -> None:
    pick = parse_choice("12:ab12cd34:p3.0.24", PROMPT, LABELS)
    assert pick.picks == [3, 0, 24] and pick.seq_sig == (12, "ab12cd34") and pick.index is None


@pytest.mark.parametrize(
    "choice", ["12:ab12cd34:p", "12:ab12cd34:p1.2.3.4", "12:ab12cd34:p-1", "12:ab12cd34:p1..2"]
)
def test_a_malformed_combination_is_an_unknown_choice(choice: str) -> None:
    with pytest.raises(RuleError, match="not one of your options"):
        parse_choice(choice, PROMPT, LABELS)


def test_a_typed_label_matches_regardless_of_case() -> None:
    assert parse_choice("pass", PROMPT, LABELS).index == 1


def test_a_typed_number() -> None:
    assert parse_choice("3", PROMPT, LABELS).number == 3


@pytest.mark.parametrize(
    "choice",
    [
        "²",
        "-²",
        "12:ab12cd34:o²",
        "²:ab12cd34:o1",
        "12:ab12cd34:n²",
        "١",  # an Arabic-Indic digit: int() reads it, the prompt offers no such thing
        "12:ab12cd34:o-1",  # a negative index would pick the last option
        "12:ab12cd34:n" + "9" * 5000,  # longer than int() reads at all
        "9" * 5000,
    ],
)
def test_what_only_looks_like_a_number_is_an_unknown_choice(choice: str) -> None:
    with pytest.raises(RuleError) as refused:
        parse_choice(choice, PROMPT, LABELS)
    assert refused.value.key == "bot.unknown_choice"


def test_a_negative_number_is_still_a_number() -> None:
    assert parse_choice("-3", PROMPT, LABELS).number == -3
    assert parse_choice("12:ab12cd34:n-3", PROMPT, LABELS).number == -3


def test_anything_else_is_refused_with_a_sentence() -> None:
    with pytest.raises(RuleError) as refused:
        parse_choice("castle", PROMPT, LABELS)
    assert refused.value.key == "bot.unknown_choice"
    assert "castle" in str(refused.value)


def test_long_outputs_are_split_under_discords_limit() -> None:
    parts = chunks(["x" * 900] * 5)
    assert len(parts) == 3
    assert all(len(p) <= 2000 for p in parts)
    assert "".join(parts).count("x") == 4500


def test_a_single_overlong_line_is_cut() -> None:
    assert chunks(["y" * 2500]) == ["y" * 2000]
