"""What a reminder says: the table waits for you, and, on the last reminder before the rules answer
for you, what will be chosen and when."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

from bot.discord.delivery import reminder_lines
from bot.discord.i18n import Words
from bot.service import Reminder
from rules.core import msg

DUE = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
TABLE = SimpleNamespace(id=4, title="The Ancient World")


def reminder(**fields: object) -> Reminder:
    return Reminder(table_id=4, game_id="ancient_world", guild_id=1, channel_id=2, thread_id=3, seat=1,
                    user_id=200, name="Bo", due_at=DUE, count=0, **fields)  # type: ignore[arg-type]


def test_a_plain_reminder_says_the_table_waits() -> None:
    assert reminder_lines(TABLE, reminder()) == [  # type: ignore[arg-type]
        msg("service.reminder", seat=1, table=4, game="The Ancient World")]


def test_the_last_call_names_the_choice_and_a_discord_timestamp() -> None:
    lines = reminder_lines(TABLE, reminder(default_choice=msg("bot.lobby_join"),  # type: ignore[arg-type]
                                           default_due=DUE))
    assert lines[1] == msg("bot.reminder_default", when=f"<t:{int(DUE.timestamp())}:R>",
                           choice=msg("bot.lobby_join"))
    said = Words("en")(lines[1])
    assert said.startswith("If you have not answered <t:")
    assert said.endswith("this will be chosen for you: Join.")
    assert Words("el")(lines[1]).startswith("Αν δεν έχετε απαντήσει <t:")
