"""Words as data: catalogues, fallbacks, seat names and nested keys."""

from rules.core.messages import Message, msg, placeholders, render

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
    assert Message.model_validate_json(message.model_dump_json()) == message
