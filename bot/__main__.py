"""``python -m bot``: run the Agora Discord bot.

With no ``DISCORD_TOKEN`` it explains how to create the bot application, what to enable, how to
invite it and where to put the token, then exits with status 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import sys
from typing import Any

from bot.logs import redact_handlers
from bot.settings import Settings

PERMISSIONS = 309237763072
"""View Channels, Send Messages, Send Messages in Threads, Create Public Threads, Embed Links,
Attach Files, Read Message History."""

NO_TOKEN = f"""\
Agora needs a Discord bot token, and none is set (DISCORD_TOKEN).

1. Create the application: open https://discord.com/developers/applications, click
   "New Application", give it a name (e.g. Agora) and accept the terms.
2. Create the bot user: in the application, open "Bot". Click "Reset Token" and copy the
   token (it is shown once). Leave every "Privileged Gateway Intent" OFF: Agora needs none
   (no Presence, no Server Members, no Message Content). It only uses slash commands,
   buttons and menus, which need no privileged intent.
3. Invite it to your server: open "OAuth2" → "URL Generator", tick the scopes
   "bot" and "applications.commands", and the bot permissions View Channels, Send Messages,
   Send Messages in Threads, Create Public Threads, Embed Links, Attach Files and
   Read Message History. Open the generated URL and pick your server. Or use this URL with
   your application id (shown under "General Information"):
   https://discord.com/oauth2/authorize?client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions={PERMISSIONS}
4. Give Agora the token: put it in a file named .env next to where you run the bot
   (copy .env.example to .env and fill in DISCORD_TOKEN=...), or set the environment
   variable DISCORD_TOKEN. Optionally set DEV_GUILD_ID to your server's id so that the slash
   commands appear at once (global commands can take up to an hour).
5. Run it again: python -m bot
"""


BAD_TOKEN = """\
Discord refused the token in DISCORD_TOKEN. Copy it again from
https://discord.com/developers/applications → your application → Bot → Reset Token,
and put it in .env (DISCORD_TOKEN=...) or in the environment.
"""


def register_extra_games(spec: str) -> list[str]:
    """Register the engines named in ``spec`` (``module:ATTR,module:ATTR``); return their ids.

    A testing hook (``AGORA_EXTRA_GAMES``): lets a test seat a fixture game such as
    ``tests.fixtures.sealed_bid:ENGINE`` next to the shipped games.
    """
    from bot.settings import extra_game_items
    from rules import registry

    ids = []
    for module_name, attr in extra_game_items(spec):
        engine: Any = getattr(importlib.import_module(module_name), attr)
        registry.register(engine)
        ids.append(engine.info.id)
    return ids


async def database_refusal(url: str) -> str | None:
    """Why the database cannot be used (damaged, read-only, unreachable…), before Discord is
    reached: one line with the cause and the fix, or ``None`` when it opens."""
    from storage import StorageUnavailable, open_repository

    try:
        repo = await open_repository(url)
    except StorageUnavailable as exc:
        return f"Agora cannot use its database: {exc.operator_line()}"
    await repo.close()
    return None


def main(argv: list[str] | None = None) -> int:
    """Start the bot; return the process exit status."""
    settings = Settings()
    logging.basicConfig(
        level=settings.log_level.upper(),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    redact_handlers()
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    register_extra_games(settings.extra_games)
    if settings.content_dir is not None:
        from rules import registry

        registry.set_content_dir(settings.content_dir)
    refusal = asyncio.run(database_refusal(settings.database_url))
    if refusal is not None:
        print(refusal, file=sys.stderr)
        return 3
    import discord

    from bot.discord.client import run

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(settings))
    except discord.LoginFailure:
        print(BAD_TOKEN, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
