"""Words someone typed are a :class:`Text` parameter: shown verbatim, never read as a catalogue key,
while the ``@key`` parameters engines store keep rendering as before."""

from __future__ import annotations

import pytest

from rules.core import InvalidAction
from rules.core.messages import MESSAGE, Message, msg, render, typed

PACKAGES = ("bot.service", "rules.core", "bot")


def test_typed_words_that_look_like_a_key_are_shown_verbatim() -> None:
    assert render(msg("service.left", name=typed("@bot.internal_error")), "en", PACKAGES) == (
        "@bot.internal_error leaves the table."
    )


def test_a_stored_key_parameter_still_renders_its_sentence() -> None:
    stored = MESSAGE.validate_json('{"key": "service.left", "params": {"name": "@service.finished"}}')
    finished = render(msg("service.finished"), "en", PACKAGES)
    assert render(stored, "en", PACKAGES) == f"{finished} leaves the table."


def test_typed_words_survive_storage_alone_and_in_a_list() -> None:
    message = msg("service.started", game="Sealed Bid", names=[typed("@service.finished"), typed("Bo")])
    stored = MESSAGE.validate_json(MESSAGE.dump_json(message))
    shown = render(stored, "en", PACKAGES)
    assert shown == "The game of Sealed Bid begins. Seat order: @service.finished, Bo."
    left = MESSAGE.validate_json(MESSAGE.dump_json(msg("service.left", name=typed("@x"))))
    assert left == msg("service.left", name=typed("@x"))


def test_a_nested_message_shows_seat_names_too() -> None:
    outer = msg("service.timed_out", seat=0, choice=msg("service.joined", seat=1))
    assert "Bo joins the table." in render(outer, "en", PACKAGES, ("Ada", "Bo"))


def test_an_unknown_option_named_like_a_key_is_named_in_the_refusal() -> None:
    from tests.fixtures.sealed_bid import ENGINE

    with pytest.raises(InvalidAction) as refused:
        ENGINE.parse_options({"@bot.internal_error": 1})
    text = render(Message(key=refused.value.key, params=refused.value.params), "en", PACKAGES)
    assert "@bot.internal_error" in text
    assert "went wrong" not in text
