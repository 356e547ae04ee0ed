"""Rematch through the real bot: the finished game's last message carries a Rematch button that opens
one new table (same game, options and bots) in a new thread; each player takes their seat with one
tap, and the creator starts it as usual."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess, running
from tests.e2e.players import button, done, open_table, play_to_the_end, press, public_text, start


def rematch_message(fake: FakeDiscord, thread_id: int) -> dict[str, Any]:
    posted = [c for c in fake.in_channel(thread_id) if "agora:rematch:" in str(c.body.get("components"))]
    assert posted, "the last message of the game has no Rematch button"
    return fake.messages[posted[-1].message_id]


async def test_a_rematch_opens_one_new_table_with_the_same_game_and_bots(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    thread_id, lobby = await open_table(fake, ann, bo, cy, bots=1, options="starting_coins=6")
    await start(fake, ann, lobby)
    await play_to_the_end(fake, thread_id, [ann, bo, cy], chooser=random.Random(5).randrange)
    last = rematch_message(fake, thread_id)
    fake.leave(cy)
    bot.set_clock(120)  # past the minute the bot believes Cy is still a member
    assert "The game is over." in public_text(fake, thread_id)
    threads = len(fake.threads())

    first = await press(fake, bo, last, button(last, "agora:rematch:"))
    assert first.ephemeral and "Your seat at the rematch, table 2" in first.texts(), first.texts()
    await fake.wait_for(lambda: len(fake.threads()) == threads + 1, what="the rematch's thread")
    new_thread = int(fake.threads()[-1]["id"])
    await fake.wait_for(lambda: f"<@{ann.id}>" in public_text(fake, new_thread), what="Ann invited")
    lobby_text = public_text(fake, new_thread)
    assert "starting_coins=6" in lobby_text and "Bot 2 (random)" in lobby_text, lobby_text
    assert f"<@{cy.id}>" not in lobby_text, "Cy left the server: not invited"
    assert f"<@{bo.id}>" in lobby_text.split("starting_coins")[0], "Bo, who asked, is seated"
    assert "A rematch is open: table 2" in public_text(fake, thread_id)

    again = await press(fake, bo, last, button(last, "agora:rematch:"))
    assert "You already have your seat at the rematch" in again.texts(), again.texts()
    joined = await press(fake, ann, last, button(last, "agora:rematch:"))
    assert "Your seat at the rematch, table 2" in joined.texts(), joined.texts()
    assert len(fake.threads()) == threads + 1, "one rematch only"
    await fake.wait_for(lambda: "Ann joins the table." in public_text(fake, new_thread), what="Ann seated")

    lobby = next(fake.messages[c.message_id] for c in fake.in_channel(new_thread)
                 if "agora:lobby" in str(c.body.get("components")))
    await start(fake, bo, lobby)
    assert "The game of Sealed Bid begins" in public_text(fake, new_thread)


async def test_someone_who_had_no_seat_is_refused_and_no_thread_opens(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_to_the_end(fake, thread_id, [ann, bo], chooser=random.Random(5).randrange)
    last = rematch_message(fake, thread_id)
    threads = len(fake.threads())
    custom_id = button(last, "agora:rematch:")["custom_id"]
    refused = await done(fake, await fake.click(cy, int(last["id"]), custom_id))
    assert refused.ephemeral and "You have no seat at table 1" in refused.texts(), refused.texts()
    assert len(fake.threads()) == threads


async def test_a_player_at_the_limit_of_open_tables_is_refused_before_a_thread_opens(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with running(fake, tmp_path, OPEN_TABLES_PER_USER="1"):
        ann, bo = fake.user("Ann"), fake.user("Bo")
        thread_id, lobby = await open_table(fake, ann, bo)
        await start(fake, ann, lobby)
        await play_to_the_end(fake, thread_id, [ann, bo], chooser=random.Random(5).randrange)
        last = rematch_message(fake, thread_id)
        await open_table(fake, ann)  # Ann's one open table
        threads = len(fake.threads())
        refused = await press(fake, ann, last, button(last, "agora:rematch:"))
        assert refused.ephemeral and "You already have 1 open table" in refused.texts(), refused.texts()
        assert len(fake.threads()) == threads, "a refused rematch opened a thread"
        joined = await press(fake, bo, last, button(last, "agora:rematch:"))
        assert "Your seat at the rematch" in joined.texts(), "Bo, below the limit, opens it"
