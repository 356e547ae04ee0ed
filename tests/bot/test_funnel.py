"""The error funnel: every refusal and failure becomes one sentence in the reader's language."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord.funnel import describe, report, sentence
from bot.discord.i18n import Words
from bot.service import NotCreator
from rules.core import RuleError
from storage import StorageUnavailable

EN, EL = Words("en"), Words("el")


def http_error(kind: type[discord.HTTPException], status: int) -> discord.HTTPException:
    response = SimpleNamespace(status=status, reason="reason")
    return kind(response, {"code": 0, "message": "refused"})  # type: ignore[arg-type]


def test_a_service_refusal_is_said_from_its_catalogue_entry() -> None:
    error = NotCreator("Only the table's creator can do that.")
    assert sentence(error, EN) == "Only the table's creator can do that."
    assert sentence(error, EL) != sentence(error, EN)


def test_a_refusal_without_a_catalogue_entry_keeps_its_english_sentence() -> None:
    error = RuleError("Build needs 3 coins; you have 2.", key="nogame.build_short", need=3, have=2)
    assert sentence(error, EL) == "Build needs 3 coins; you have 2."


def test_a_missing_permission_is_explained() -> None:
    assert "permission" in sentence(http_error(discord.Forbidden, 403), EN)


def test_a_vanished_message_is_explained() -> None:
    assert "gone" in sentence(http_error(discord.NotFound, 404), EN)


def test_a_discord_outage_asks_to_try_again() -> None:
    assert "try again" in sentence(http_error(discord.DiscordServerError, 503), EN)


def test_a_bug_is_not_described_to_the_player() -> None:
    text = sentence(KeyError("seat"), EN)
    assert "seat" not in text and "KeyError" not in text
    assert "went wrong" in text


def test_the_log_names_a_command_and_its_options_but_not_what_was_chosen() -> None:
    command = SimpleNamespace(qualified_name="act")
    data = {"options": [{"name": "choice", "value": "12:ab12cd34:n5"}, {"name": "table", "value": 3}]}
    text = describe(cast(Any, SimpleNamespace(command=command, data=data)))
    assert text == "/act ['choice', 'table']"


def test_the_log_names_a_component_but_not_the_number_on_it() -> None:
    data = {"custom_id": "agora:val:3:1:12:ab12cd34:5", "values": ["4"]}
    text = describe(cast(Any, SimpleNamespace(command=None, data=data)))
    assert text == "component agora:val:3:1:12"


def test_storage_trouble_tells_the_player_nothing_was_lost_in_their_language() -> None:
    full = StorageUnavailable("disk_full", "agora.db: database or disk is full")
    assert "nothing you did was lost" in sentence(full, EN)
    assert "τίποτα από όσα κάνατε δεν χάθηκε" in sentence(full, EL)
    assert "went wrong" not in sentence(full, EN)


def test_a_lock_held_too_long_asks_to_try_again_in_a_moment() -> None:
    locked = StorageUnavailable("locked", "agora.db: database is locked")
    assert "try again in a moment" in sentence(locked, EN)
    assert sentence(locked, EN) != sentence(StorageUnavailable("io_error", "disk I/O error"), EN)


async def test_storage_trouble_is_one_log_line_with_cause_and_fix_and_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    told: list[str] = []

    async def send_message(text: str, ephemeral: bool) -> None:
        told.append(text)

    interaction = SimpleNamespace(
        data={"custom_id": "agora:act:1"}, command=None, locale="el", user=SimpleNamespace(id=7),
        client=SimpleNamespace(),
        response=SimpleNamespace(is_done=lambda: False, send_message=send_message),
    )
    error = StorageUnavailable("read_only", "agora.db: attempt to write a readonly database")
    with caplog.at_level(logging.ERROR, logger="bot.discord.funnel"):
        await report(interaction, error)  # type: ignore[arg-type]
    assert [r.getMessage() for r in caplog.records] == [f"{error.operator_line()} (in component agora:act:1)"]
    assert caplog.records[0].exc_info is None
    assert "writable" in caplog.records[0].getMessage()
    assert told == [sentence(error, EL)]
