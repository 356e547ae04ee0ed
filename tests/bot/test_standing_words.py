"""How the standing reads: margins in the reader's digits, whole numbers without a decimal point."""

from __future__ import annotations

import dataclasses

from bot.discord.commands.standing import number, stats_lines
from bot.discord.i18n import Words
from bot.service.standing import TitleStanding


def standing(margin: float) -> list[TitleStanding]:
    return [TitleStanding(game_id="praetor", title="Praetor", games=2, average_margin=margin, wins=())]


def test_a_margin_is_written_with_the_readers_decimal_sign() -> None:
    assert "average winning margin 5.5." in stats_lines(standing(5.5), Words("en"))[1]
    assert "μέση διαφορά νίκης 5,5." in stats_lines(standing(5.5), Words("el"))[1]


def test_a_whole_margin_has_no_decimal_point() -> None:
    assert "average winning margin 4." in stats_lines(standing(4.0), Words("en"))[1]
    assert number(4.0) == 4 and isinstance(number(4.0), int)


def test_a_margin_is_rounded_to_one_place() -> None:
    assert number(10 / 3) == 3.3


def test_the_heading_counts_every_finished_game() -> None:
    two_titles = [*standing(1.0), dataclasses.replace(standing(1.0)[0], game_id="rftg", games=3)]
    assert stats_lines(two_titles, Words("en"))[0] == "**Standing in this server**: 5 finished games."
