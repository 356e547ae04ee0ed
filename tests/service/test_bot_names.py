"""A bot seat is stored under an English name («Bot 2 (random)») and read in each reader's
language; a person's name is shown as they chose it, whatever it says."""

from __future__ import annotations

from bot.discord.i18n import Words
from bot.discord.lobby import lobby_text
from bot.service import TableService
from bot.service.words import render, seat_names
from tests.service.conftest import ADA, BO, new_table


async def test_a_bot_seat_is_named_in_the_reader_s_language(service: TableService) -> None:
    table = await new_table(service, bots=1)
    assert seat_names(table, "el") == ("Ada", "Bot 2 (τυχαίο)")
    assert seat_names(table, "en") == ("Ada", "Bot 2 (random)")


async def test_a_bot_seat_keeps_its_english_name_in_storage(service: TableService) -> None:
    table = await new_table(service, bots=1)
    assert table.seats[1].name == "Bot 2 (random)"


async def test_a_person_named_like_a_bot_keeps_the_name_they_chose(service: TableService) -> None:
    table = await new_table(service, (BO, "Bot 3 (random)"))
    assert seat_names(table, "el") == ("Ada", "Bot 3 (random)")


async def test_the_seat_order_told_at_the_start_names_the_bot_in_the_reader_s_language(
    service: TableService,
) -> None:
    table = await new_table(service, bots=1)
    outcome = await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    started = next(line.message for line in outcome.public if line.message.key == "service.started")
    assert "Bot 2 (τυχαίο)" in render(started, "el", "sealed_bid", seat_names(outcome.table, "el"))


async def test_the_lobby_lists_the_bot_in_the_reader_s_language(service: TableService) -> None:
    table = await new_table(service, bots=1)
    words = Words("el", table.game_id, seat_names(table, "el"))
    assert "2. Bot 2 (τυχαίο)" in lobby_text(table, words)


async def test_a_bot_taking_a_seat_is_told_by_its_name_in_the_reader_s_language(
    service: TableService,
) -> None:
    table = await new_table(service)
    outcome = await service.add_bot(table.id, ADA, "random")
    joined = outcome.public[0].message
    told = render(joined, "el", "sealed_bid", seat_names(outcome.table, "el"))
    assert told == "Bot 2 (τυχαίο): παίρνει θέση."
