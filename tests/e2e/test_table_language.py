"""The table's language: its thread reads in it (by default the server's), each player's own
panels and answers in theirs; the creator changes it with /game settings."""

from __future__ import annotations

from tests.e2e.fakediscord.server import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.players import done, open_panel, open_table, public_text, start


async def test_a_greek_servers_table_tells_its_thread_in_greek_and_an_english_player_in_english(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    fake.guild_locale = "el"
    ann, bo = fake.user("Ann"), fake.user("Bo")
    await done(fake, await fake.slash(ann, "game settings", language="en"))
    thread_id, lobby = await open_table(fake, ann, bo)
    assert "Πατήστε Συμμετοχή" in lobby["content"]
    await start(fake, ann, lobby)
    await fake.wait_for(lambda: "ξεκινά" in public_text(fake, thread_id), what="the start told in Greek")
    assert "begins" not in public_text(fake, thread_id)
    status = await done(fake, await fake.slash(ann, "game status", channel_id=thread_id))
    assert status.ephemeral and "in play" in status.texts() and "Waiting for" in status.texts()
    panel = await open_panel(fake, ann, thread_id)
    assert "table 1" in panel["content"] and "τραπέζι" not in panel["content"]


async def test_the_creator_switches_the_threads_language_and_the_thread_is_told_in_the_new_one(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    assert "Press Join" in lobby["content"]
    refused = await done(
        fake, await fake.slash(bo, "game settings", channel_id=thread_id, table_language="el")
    )
    assert "Only the table's creator" in refused.texts()
    assert "Από εδώ και πέρα" not in public_text(fake, thread_id)
    changed = await done(
        fake, await fake.slash(ann, "game settings", channel_id=thread_id, table_language="el")
    )
    assert changed.ephemeral and "Its thread reads in Ελληνικά." in changed.texts()
    told = "Από εδώ και πέρα το νήμα αυτού του τραπεζιού γράφεται στα Ελληνικά."
    await fake.wait_for(
        lambda: told in public_text(fake, thread_id),
        what="the thread told of its new language in Greek",
    )
    await start(fake, ann, lobby)
    await fake.wait_for(lambda: "ξεκινά" in public_text(fake, thread_id), what="the start told in Greek")
