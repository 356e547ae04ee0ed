"""The real entrypoint, as a subprocess, connects to the fake Discord, syncs its commands and
answers a slash command."""

from __future__ import annotations

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess


async def test_bot_connects_syncs_commands_and_answers(fake: FakeDiscord, bot: BotProcess) -> None:
    names = {c["name"] for c in fake.commands}
    assert {"game", "play", "act"} <= names
    game = next(c for c in fake.commands if c["name"] == "game")
    assert {
        "new",
        "join",
        "start",
        "status",
        "board",
        "hand",
        "log",
        "undo",
        "settings",
        "abandon",
        "mine",
    } <= {o["name"] for o in game["options"]}
    assert all(c.get("guild_id") == str(fake.guild_id) for c in fake.commands)
    ann = fake.user("Ann")
    ix = await fake.slash(ann, "game mine")
    await fake.wait_for(lambda: ix.outputs, what="an answer to /game mine")
    assert ix.ephemeral
    assert "No table in this server is waiting for you." in ix.texts()
