"""Words as data: catalogues, fallbacks, seat names and nested keys."""

from dataclasses import FrozenInstanceError

import pytest

from rules.core.messages import MESSAGE, Message, Param, msg, placeholders, render, typed

PACKAGES = ("tests.fixtures.catalogue",)


def test_message_renders_in_the_reader_language() -> None:
    assert render(msg("t.took", seat=1, value=3), "el", PACKAGES) == "1 πήρε 3 νομίσματα."


def test_seat_parameters_become_player_names() -> None:
    text = render(msg("t.took", seat=1, value=3), "en", PACKAGES, seat_names=("Ann", "Bo"))
    assert text == "Bo took 3 coins."


def test_at_parameter_is_translated_as_a_key() -> None:
    assert render(msg("t.phase", phase="@t.explore"), "el", PACKAGES) == "Φάση: Εξερεύνηση"


def test_missing_translation_falls_back_to_english() -> None:
    assert render(msg("t.only_en"), "el", PACKAGES) == "Only in English"


def test_unknown_key_shows_the_key_and_parameters() -> None:
    assert render(Message(key="t.nope", params={"n": 2}), "en", PACKAGES) == "t.nope(n=2)"


def test_placeholders_are_listed() -> None:
    assert placeholders("{seat} took {value} coins.") == {"seat", "value"}


def test_message_parameter_is_rendered_in_the_reader_language() -> None:
    text = render(msg("t.phase", phase=msg("t.explore")), "el", PACKAGES)
    assert text == "Φάση: Εξερεύνηση"


def test_message_with_a_message_parameter_round_trips_through_json() -> None:
    message = msg("t.phase", phase=msg("t.took", seat=0, value=2))
    assert MESSAGE.validate_json(MESSAGE.dump_json(message)) == message


def test_a_count_of_one_takes_the_singular() -> None:
    assert render(msg("t.coins", seat=0, n=1), "en", PACKAGES, ("Ann",)) == "Ann has 1 coin."
    assert render(msg("t.coins", seat=0, n=1), "el", PACKAGES, ("Ann",)) == "Ann: 1 νόμισμα."


def test_other_counts_take_the_plural_zero_included() -> None:
    for n in (0, 2, 5):
        assert render(msg("t.coins", seat=0, n=n), "en", PACKAGES, ("Ann",)) == f"Ann has {n} coins."
        assert render(msg("t.coins", seat=0, n=n), "el", PACKAGES, ("Ann",)) == f"Ann: {n} νομίσματα."


def test_an_exact_branch_comes_before_the_category() -> None:
    assert render(msg("t.dice", n=0, colour="red"), "en", PACKAGES) == "No dice left"
    assert render(msg("t.dice", n=1, colour="red"), "en", PACKAGES) == "One die left: red"
    assert render(msg("t.dice", n=3, colour="κόκκινο"), "el", PACKAGES) == "Έμειναν 3 ζάρια: κόκκινο"


def test_the_count_is_written_with_the_locale_separators() -> None:
    assert render(msg("t.coins", seat=0, n=1825), "en", PACKAGES, ("Ann",)) == "Ann has 1,825 coins."
    assert render(msg("t.coins", seat=0, n=1825), "el", PACKAGES, ("Ann",)) == "Ann: 1.825 νομίσματα."


def test_placeholders_include_plural_counts_and_their_branches() -> None:
    template = "{n, plural, =0 {none} one {one: {colour}} other {# of {colour}}} for {seat}"
    assert placeholders(template) == {"n", "colour", "seat"}


def test_a_plural_block_without_an_other_branch_is_refused() -> None:
    import pytest

    with pytest.raises(ValueError, match="other"):
        placeholders("{n, plural, one {# coin}}")


def test_messages_inside_a_list_survive_a_json_round_trip() -> None:
    message = msg("t.list", parts=[msg("t.explore"), msg("t.took", seat=0, value=2)])
    again = MESSAGE.validate_json(MESSAGE.dump_json(message))
    assert render(again, "el", PACKAGES, ("Ann",)) == "Κόστος: Εξερεύνηση, Ann πήρε 2 νομίσματα."


def test_yes_and_no_are_words_of_the_reader_language() -> None:
    assert render(msg("t.flag", flag=True), "el", PACKAGES) == "Μυστικό: ναι"
    assert render(msg("t.flag", flag=False), "en", PACKAGES) == "Secret: no"


def test_the_engine_core_refusals_speak_greek() -> None:
    from rules.core.messages import catalogue

    english, greek = catalogue("rules.core", "en"), catalogue("rules.core", "el")
    assert set(english) == set(greek)
    for key, template in greek.items():
        assert placeholders(template) <= placeholders(english[key]), key
    assert render(msg("core.not_your_turn"), "el", PACKAGES) == "Δεν είναι η σειρά σας."


def test_msg_builds_the_message_a_validated_one_is() -> None:
    """msg skips the dataclass's ``__init__`` (its parameters are typed where they are written);
    what it builds is the message ``Message(...)`` makes and reading its JSON makes, and frozen."""
    inner = msg("praetor.cost", gold=2)
    params: dict[str, Param] = {"n": 2, "phase": "@rftg.phase.explore", "cost": inner, "parts": [inner, 1],
                                "who": typed("@bot.internal_error"), "flag": True, "none": None}
    built, validated = msg("rftg.scout", **params), Message(key="rftg.scout", params=params)
    assert built == validated
    assert MESSAGE.dump_json(built) == MESSAGE.dump_json(validated)
    assert MESSAGE.validate_json(MESSAGE.dump_json(built)) == built
    with pytest.raises(FrozenInstanceError):
        built.key = "other"  # type: ignore[misc]
