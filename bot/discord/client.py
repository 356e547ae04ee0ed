"""The Discord client: intents, command tree, persistent components, the scheduler, and startup.

Agora asks for no privileged intent: only ``guilds`` (to know its servers' channels and threads).
Everything players do arrives as interactions (slash commands, buttons, menus, modals), which need
no intent at all, and messages are never read.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import signal
from datetime import timedelta
from typing import Any

import discord
import yarl
from discord import app_commands

from bot.discord.commands.card import card
from bot.discord.commands.game import GameCommands
from bot.discord.commands.play import act, play
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.components import on_interaction as answer_unclaimed
from bot.discord.context import Agora
from bot.discord.delivery import deliver
from bot.discord.funnel import report
from bot.discord.handover import HandoverButton
from bot.discord.notices import show_notices
from bot.discord.pictures import InProcesses, Pictures
from bot.discord.rematch import RematchButton
from bot.discord.reminders import ReminderScheduler
from bot.discord.translator import CatalogueTranslator
from bot.service import TableService
from bot.settings import Clock, Settings, extra_game_items
from rules import registry
from storage import Repository, open_repository

log = logging.getLogger(__name__)


def intents() -> discord.Intents:
    """The gateway intents Agora needs: ``guilds`` only, none privileged."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


def repoint(settings: Settings) -> None:
    """Testing hook: send discord.py's REST and gateway traffic to a local fake Discord."""
    if settings.discord_api_base:
        discord.http.Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


class AgoraClient(discord.AutoShardedClient):
    """discord.py client with Agora's command tree; the table service is opened in setup.

    Sharded (``SHARD_COUNT``, ``SHARD_IDS``): one process may run every shard, or several processes
    a range each on one PostgreSQL database. Each process serves the interactions its shards
    receive; the reminder scheduler runs in every process, and the leases of the table service
    (:class:`~bot.service.TableService`) see to it that each reminder is sent by one of them.
    """

    agora: Agora

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        super().__init__(
            intents=intents(),
            shard_count=settings.shard_count,
            shard_ids=settings.shards,  # type: ignore[arg-type]  # None (all) is discord.py's default
            guild_ready_timeout=settings.guild_ready_timeout,
            allowed_mentions=discord.AllowedMentions.none(),
            **kwargs,
        )
        self.settings = settings
        self.tree = app_commands.CommandTree(self)
        self.tree.on_error = self._on_tree_error  # type: ignore[method-assign]
        self.repo: Repository | None = None
        self.scheduler: ReminderScheduler | None = None
        self.drawer: InProcesses | None = None

    async def _on_tree_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await report(interaction, error)

    async def setup_hook(self) -> None:
        settings = self.settings
        clock = Clock.from_settings(settings)
        self.repo = await open_repository(settings.database_url)
        service = TableService(
            self.repo,
            clock=clock.now,
            open_tables_per_user=settings.open_tables_per_user or None,
            open_tables_per_server=settings.open_tables_per_server or None,
            owner=settings.process_name,
            lease=timedelta(seconds=settings.lease_seconds),
        )
        if settings.seed is not None:
            seeds = itertools.count(settings.seed)
            service.seed_source = lambda: next(seeds)
        self.drawer = InProcesses(modules=[module for module, _ in extra_game_items(settings.extra_games)])
        self.drawer.warm(registry.available())
        pictures = Pictures(service, drawer=self.drawer, drawers=self.drawer.workers)
        self.agora = Agora(self, service, settings, clock, pictures)
        # Import every game now, so that no interaction waits for a game's content to load.
        log.info("games: %s", ", ".join(registry.available()))
        self.add_dynamic_items(*DYNAMIC_ITEMS, RematchButton, HandoverButton)
        games = GameCommands()
        games.add_command(card)
        self.tree.add_command(games)
        self.tree.add_command(play)
        self.tree.add_command(act)
        await self.tree.set_translator(CatalogueTranslator())
        if settings.dev_guild_id:
            guild = discord.Object(id=settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))
        self.scheduler = ReminderScheduler(self.agora, settings.reminder_poll_seconds)
        self.scheduler.start()
        # Before the gateway connects, so that no player's command can reach a table whose thread
        # has not yet been told what a crash left untold (its mark would skip those entries).
        await self._resume_tables()

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: app_commands.Command[Any, Any, Any]
    ) -> None:
        """After any command, show the caller what could not reach them by DM."""
        if interaction.response.is_done() and interaction.type == discord.InteractionType.application_command:
            try:
                await show_notices(self.agora, interaction)
            except Exception:
                log.exception("could not show notices after /%s", command.qualified_name)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        await answer_unclaimed(interaction)

    async def on_ready(self) -> None:
        log.info("Agora is ready as %s in %d servers (shards %s of %s)", self.user, len(self.guilds),
                 ",".join(map(str, sorted(self.shards))), self.shard_count)

    async def _resume_tables(self) -> None:
        """Finish what a crash cut short between a command's writes (bot seats owed a move, a
        deadline not yet written, a finished game not marked so), then tell every table what its
        thread has not been told: the moves committed before the crash and never delivered, the
        moves resuming made, and the result of a game that ended meanwhile. Runs once, at start,
        before any interaction can arrive (it needs only the REST API).

        Resuming's own outcomes are not delivered as such: what they tell is part of the
        announcements, which start from the last entry each thread was told about.
        """
        service = self.agora.service
        try:
            resumed = await service.resume_all()
            log.info("resumed %d tables", len(resumed))
        except Exception:
            log.exception("could not resume the tables")
        try:
            untold = await service.announcements_all()
        except Exception:
            log.exception("could not gather what the tables were not told")
            untold = []
        for outcome in untold:
            try:
                await deliver(self.agora, outcome)
            except Exception:
                log.exception("could not tell table %s what it missed", outcome.table.id)
            try:
                await service.done_recovering(outcome.table.id)
            except Exception:
                log.exception("could not give up table %s's recovery lease", outcome.table.id)

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await self._drain()
        if self.drawer is not None:
            self.agora.pictures.close()
            await self.drawer.close()
        await super().close()
        if self.repo is not None:
            await self.repo.close()
            self.repo = None

    async def _drain(self, timeout: float = 10.0) -> None:
        """Let interactions being handled finish before storage closes (a clean shutdown loses
        nothing a player was about to be told)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while busy := [t for t in asyncio.all_tasks() if _handles_interaction(t) and not t.done()]:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                log.warning("%d interactions still running at shutdown", len(busy))
                return
            log.info("waiting for %d interactions to finish", len(busy))
            # A finished command schedules its completion handler: look again after each round.
            await asyncio.wait(busy, timeout=left)


INTERACTION_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
    "discord.py: on_app_command_completion",
    "discord.py: on_interaction",
    "discord.py: on_ready",
)
"""Names discord.py gives the tasks that run command, component and modal handlers, and the
startup announcements (``on_ready``): a shutdown right after a start lets the thread be told, and
the tables marked told, rather than telling them again at the next start."""


def _handles_interaction(task: asyncio.Task[Any]) -> bool:
    return task is not asyncio.current_task() and task.get_name().startswith(INTERACTION_TASKS)


async def run(settings: Settings) -> None:
    """Log in, connect, and serve until SIGINT/SIGTERM."""
    repoint(settings)
    assert settings.discord_token is not None
    client = AgoraClient(settings)
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    async with client:
        await client.login(settings.discord_token.get_secret_value())
        connection = asyncio.create_task(client.connect(reconnect=True))
        stopping = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({connection, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if connection in done:
            connection.result()
        log.info("shutting down")
        await client.close()
        connection.cancel()
