"""Names are shown, never obeyed, through the real bot: a player named like a catalogue key, or
with a mention, markdown and a line break in their name, changes nothing the bot says or whom it
notifies."""

from __future__ import annotations

import re
from typing import Any

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.players import open_table, play_panel, public_text, start

HOUR = 3600
MENTION = re.compile(r"<@!?(\d+)>")


def notified(body: dict[str, Any]) -> set[int] | None:
    """Whom a message may notify: the users its ``allowed_mentions`` lists (``None``: everyone it
    mentions, which the bot never sends)."""
    allowed = body.get("allowed_mentions")
    if allowed is None or "users" in allowed.get("parse", []):
        return None
    return {int(u) for u in allowed.get("users", [])}


async def test_hostile_names_are_shown_as_text_and_a_reminder_notifies_only_its_player(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann = fake.user("@bot.internal_error")
    bo = fake.user(f"<@{ann.id}> **[free](https://example.com)**\n@everyone")
    thread, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread)
    bot.set_clock(25 * HOUR)
    reminder = await fake.wait_for(
        lambda: next((c for c in fake.in_channel(thread) if "is waiting for your move" in c.text()), None),
        what="the reminder to Bo in the thread",
    )
    text = public_text(fake, thread)
    assert "Something went wrong" not in text
    assert notified(reminder.body) == {bo.id}, reminder.body.get("allowed_mentions")
    for captured in fake.in_channel(thread):
        may_notify = notified(captured.body)
        if captured.op == "create" and may_notify is not None:
            assert may_notify <= {ann.id, bo.id}
        assert "@everyone" not in captured.text().replace("@\u200beveryone", ""), captured.text()
        assert "[free](https://example.com)" not in captured.text().replace("\\[free]", ""), captured.text()
    dms = [c for c in fake.visible_to(bo) if c.audience == ("dm", bo.id)]
    assert dms and all("\n@everyone" not in c.text() for c in dms)
