"""The adapter's context: which table a command is about."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.discord.context import Agora
from bot.discord.pictures import Pictures
from bot.service import Preferences, TableService
from bot.settings import Clock, Settings
from storage.sqlite import SqliteRepository

GUILD, CHANNEL = 1, 2


@pytest.fixture
async def agora(tmp_path: Path) -> AsyncIterator[Agora]:
    repo = await SqliteRepository.open(tmp_path / "agora.db")
    service = TableService(repo)
    client = cast(discord.Client, None)  # nothing here talks to Discord
    yield Agora(client, service, Settings(default_locale="en"), Clock(), Pictures(service))
    await repo.close()


def asking(user_id: int, channel_id: int, locale: str = "en-US") -> discord.Interaction[Any]:
    """An interaction as far as the context reads it: who asks, where, with which client language."""
    return cast(
        discord.Interaction[Any],
        SimpleNamespace(
            user=SimpleNamespace(id=user_id), guild_id=GUILD, channel_id=channel_id, locale=locale
        ),
    )


async def test_a_command_in_a_thread_finds_its_table_without_listing_the_server(
    agora: Agora, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = agora.service
    for n in range(3):
        await service.create_table("sealed_bid", GUILD, CHANNEL, 100 + n, "Ann", thread_id=80 + n)
    here = await service.create_table("sealed_bid", GUILD, CHANNEL, 200, "Bo", thread_id=70)

    async def listing(*args: object, **kwargs: object) -> None:
        raise AssertionError("the server's tables were listed to find one thread's table")

    monkeypatch.setattr(service, "tables", listing)
    table = await agora.table_for(asking(300, 70))
    assert table.id == here.id
    assert agora.thread_tables[70] == here.id


async def test_a_player_who_chose_english_keeps_english_on_a_greek_discord_client(agora: Agora) -> None:
    await agora.service.set_preferences(Preferences(user_id=300, locale="en"))
    assert await agora.locale(asking(300, CHANNEL, locale="el")) == "en"


async def test_a_player_who_never_chose_reads_their_greek_discord_clients_language(agora: Agora) -> None:
    assert (await agora.service.preferences(301)).locale is None
    assert await agora.locale(asking(301, CHANNEL, locale="el")) == "el"


async def test_quiet_hours_alone_do_not_choose_a_language(agora: Agora) -> None:
    await agora.service.set_preferences(Preferences(user_id=302, quiet_start=23, quiet_end=7))
    assert await agora.locale(asking(302, CHANNEL, locale="el")) == "el"
    assert await agora.locale(asking(302, CHANNEL, locale="fr")) == "en"


async def test_the_thread_reads_in_the_tables_language_whatever_its_creator_reads(agora: Agora) -> None:
    table = await agora.service.create_table(
        "sealed_bid", GUILD, CHANNEL, 400, "Ann", locale="en", table_locale="el"
    )
    assert agora.table_words(table).locale == "el"


async def test_a_table_made_before_tables_had_a_language_reads_in_its_creators(agora: Agora) -> None:
    table = await agora.service.create_table("sealed_bid", GUILD, CHANNEL, 401, "Eleni", locale="el")
    assert table.locale is None
    assert agora.table_words(table).locale == "el"
