"""The real entrypoint, as a subprocess, connects to the fake Discord, syncs its commands and
answers a slash command."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

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


async def test_a_refused_token_is_explained_without_a_traceback(fake: FakeDiscord, tmp_path: Path) -> None:
    process = BotProcess(fake, tmp_path, DISCORD_TOKEN="wrong-token")
    process.proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=tmp_path,
        env=process.env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    output, _ = await asyncio.wait_for(process.proc.communicate(), 60)
    text = output.decode()
    assert process.proc.returncode == 1
    assert "Discord refused the token" in text
    assert "Traceback" not in text


async def test_the_bot_reconnects_when_the_gateway_drops(fake: FakeDiscord, bot: BotProcess) -> None:
    seen = len(bot.lines)
    await fake.drop_gateway()
    await fake.wait_connected(2, timeout=30)
    await bot.wait_log("Agora is ready", since=seen)
    ix = await fake.slash(fake.user("Ann"), "game mine")
    await fake.wait_for(lambda: ix.outputs, what="an answer after the reconnect")
    assert "No table in this server is waiting for you." in ix.texts()
