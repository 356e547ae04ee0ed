"""Names are shown, never obeyed: a display name is text wherever the bot echoes it.

A name may hold a mention, markdown (a masked link), line breaks or direction overrides; none of
them may take effect in the thread, a DM or a label, and a name that looks like a catalogue key is
shown as it is. A reminder notifies only the player it is for, whatever their name says.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord.context import Agora
from bot.discord.delivery import remind
from bot.discord.i18n import Words, _typed
from bot.discord.pictures import Pictures
from bot.discord.text import plain, shown
from bot.service import TableService
from bot.settings import Clock, Settings
from rules.core import msg
from rules.core.messages import typed
from storage.sqlite import SqliteRepository

ADA, BO, SOMEONE = 100, 200, 123456789012345678
GUILD = 1
MENTION = re.compile(r"<@[!&]?\d+>|@(everyone|here)")
MASKED_LINK = re.compile(r"(?<!\\)\[[^\]]+\]\([^)]+\)")
RLO = "\u202e"


def test_a_mention_in_a_name_mentions_nobody() -> None:
    for name in (f"<@{SOMEONE}>", f"<@!{SOMEONE}>", f"<@&{SOMEONE}>", "@everyone", "@here"):
        assert not MENTION.search(shown(name)), shown(name)


def test_a_masked_link_in_a_name_is_shown_as_text() -> None:
    name = "[free nitro](https://example.com/steal)"
    assert MASKED_LINK.search(name)
    assert not MASKED_LINK.search(shown(name))
    assert "free nitro" in shown(name)


def test_markdown_in_a_name_is_escaped() -> None:
    assert shown("**loud** snake_case") == r"\*\*loud\*\* snake\_case"
    assert shown("# heading") == r"\# heading"


def test_a_name_stays_on_one_line() -> None:
    for name in ("Ann\nIt is your turn, pay 5 coins", "Ann\r\nBo", "Ann\u2028Bo", "Ann\u2029Bo", "Ann\x85Bo"):
        assert "\n" not in shown(name) and "\r" not in shown(name)
        assert len(shown(name).splitlines()) == 1, repr(shown(name))


def test_direction_overrides_are_dropped_from_a_name() -> None:
    name = f"Ann{RLO}gnp.exe\u2066x\u2069\u200f"
    assert plain(name) == "Anngnp.exex"
    assert RLO not in shown(name)


def test_an_ordinary_name_is_shown_unchanged() -> None:
    for name in ("Ann", "Γιώργος", "Zoë 🎲", "Bo Li"):
        assert shown(name) == plain(name) == name


def test_a_seat_name_is_escaped_in_message_text_and_kept_plain_in_labels() -> None:
    words = Words("en", "sealed_bid", ("snake_case", f"<@{SOMEONE}>\n**x**"))
    text = words.t("service.joined", seat=1)
    assert not MENTION.search(text) and "\n" not in text and r"\*\*x\*\*" in text
    assert words.label(msg("service.joined", seat=0)) == "snake_case joins the table."
    assert words.t("service.joined", seat=0) == r"snake\_case joins the table."


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[TableService]:
    repo = await SqliteRepository.open(tmp_path / "agora.db")
    yield TableService(repo)
    await repo.close()


async def test_a_name_that_looks_like_a_catalogue_key_leaves_the_lobby_as_a_name(
    service: TableService,
) -> None:
    table = await service.create_table("sealed_bid", GUILD, 2, ADA, "Ada", thread_id=3)
    await service.join(table.id, BO, "@bot.internal_error")
    outcome = await service.leave(table.id, BO)
    words = Words("en", "sealed_bid", outcome.table.names)
    (line,) = outcome.public
    assert words(line.message) == "@bot.internal\\_error leaves the table."
    assert "went wrong" not in Words("el", "sealed_bid")(line.message)


async def test_names_that_look_like_catalogue_keys_begin_the_game_as_names(service: TableService) -> None:
    table = await service.create_table("sealed_bid", GUILD, 2, ADA, "@service.finished", thread_id=3)
    await service.join(table.id, BO, "@bot.internal_error")
    outcome = await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    text = Words("en", "sealed_bid", outcome.table.names)(outcome.public[0].message)
    assert text.endswith("Seat order: @service.finished, @bot.internal\\_error."), text


class Thread:
    """A channel as :func:`post` uses it: it keeps each message's text and whom it may notify."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, discord.AllowedMentions | None]] = []

    async def send(self, content: str | None = None, **kwargs: Any) -> None:
        self.posts.append((content or "", kwargs.get("allowed_mentions")))


async def test_a_reminder_notifies_only_the_player_it_is_for(tmp_path: Path, service: TableService) -> None:
    thread, dms = Thread(), Thread()

    async def create_dm(user: object) -> Thread:
        return dms

    client = cast(discord.Client, SimpleNamespace(get_partial_messageable=lambda channel_id: thread,
                                                  create_dm=create_dm))
    agora = Agora(client, service, Settings(default_locale="en"), Clock(), Pictures(service))
    agora.members.seen(GUILD, ADA)
    agora.members.seen(GUILD, BO)
    table = await service.create_table("sealed_bid", GUILD, 2, ADA, "Ada", thread_id=3)
    await service.join(table.id, BO, f"<@{SOMEONE}> @everyone")
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    due = await service.due_reminders(service.clock() + timedelta(days=2))
    (reminder,) = [r for r in due if r.user_id == BO]
    await remind(agora, await service.table(table.id), reminder)
    ((text, ping),) = thread.posts
    assert ping is not None
    assert ping.to_dict()["parse"] == [] and ping.to_dict()["users"] == [BO]
    assert text.startswith(f"<@{BO}>") and not MENTION.search(text[len(f"<@{BO}>"):]), text
    assert all(not MENTION.search(text) for text, _ in dms.posts), dms.posts


def test_only_a_message_holding_typed_words_is_rebuilt_for_them() -> None:
    untyped = msg("x.y", n=2, seat=1, flag=True, share=0.5, nothing=None, items=["a", msg("x.z", k=3)])
    assert _typed(untyped, str.upper) is untyped
    nested = msg("x.y", items=["a", msg("x.z", who=typed("ada"))])
    assert _typed(nested, str.upper) == msg("x.y", items=["a", msg("x.z", who=typed("ADA"))])
    assert Words("en").label(msg("x.y", who=typed("ada\nbo"))) == "x.y(who=ada bo)"


def test_a_parameter_of_another_type_is_read_as_before() -> None:
    """A tuple is not a parameter's type: the message is rebuilt, which reads it as a list."""
    assert Words("en").label(msg("x.y", pair=("a", "b"))) == "x.y(pair=a, b)"  # type: ignore[arg-type]
