"""``/game``: open, join, start and look after tables.

Every subcommand parses, finds the table (the thread's, or the one named) and calls the table
service; what the service returns is delivered by :mod:`bot.discord.delivery`. Errors go to the
tree's error funnel.
"""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.discord.commands.options import game_choices, option_choices, options
from bot.discord.commands.seats import away_commands, handover_commands
from bot.discord.commands.standing import history, stats
from bot.discord.components import UndoButton, reclaim, send_hand
from bot.discord.context import agora_of
from bot.discord.delivery import chunks, deliver, post, waiting_line
from bot.discord.i18n import Words, choose_locale
from bot.discord.lobby import lobby_text, lobby_view, post_lobby
from bot.discord.notices import show_notices
from bot.discord.threads import open_thread
from bot.service import BadSetting, Preferences, UndoRefused, UnknownGameError
from bot.service.core import check_pace
from rules import registry
from rules.core import InvalidAction, RuleError
from rules.core.messages import msg, typed

if TYPE_CHECKING:
    from bot.discord.context import Agora
    from bot.service import TableInfo

Interaction = discord.Interaction[Any]

TABLE = "Table number (not needed inside the table's thread)"


OPTION_DEPTH = 3
"""How deep options may nest: the options, a value that is a list, a list inside it."""


def parse_options(text: str | None) -> dict[str, Any]:
    """``"starting_coins=7, market_size=3"`` or a JSON object → a mapping of option values.

    Values are JSON (a number, a word, true/false, a list) or else the word as typed; options
    nested deeper than :data:`OPTION_DEPTH` are refused before any game reads them.
    """
    if not text or not text.strip():
        return {}
    text = text.strip()
    if text.startswith("{"):
        try:
            data = _loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidAction(
                f"The options are not valid JSON: {exc.msg}.", key="bot.bad_options", reason=exc.msg
            ) from None
        if not isinstance(data, dict):
            raise InvalidAction("The options must be name=value pairs.", key="bot.bad_options", reason="{}")
        return _shallow(data)
    options: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in text.replace(",", " ").split())):
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise InvalidAction(
                f"Write options as name=value, not {item!r}.", key="bot.bad_options", reason=typed(item)
            )
        try:
            options[name] = _loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
    return _shallow(options)


def too_deep() -> InvalidAction:
    return InvalidAction(
        "Option values are numbers, words, true/false or a list; these options nest too deeply.",
        key="bot.options_too_deep",
    )


def _loads(text: str) -> Any:
    """``json.loads``, refusing text nested too deep for the parser (``[[[[…``) like any other."""
    try:
        return json.loads(text)
    except RecursionError:
        raise too_deep() from None


def _shallow(options: dict[str, Any]) -> dict[str, Any]:
    """``options``, refused when they nest deeper than :data:`OPTION_DEPTH`."""
    level: list[Any] = [options]
    for _ in range(OPTION_DEPTH):
        level = [inner for value in level if isinstance(value, dict | list)
                 for inner in (value.values() if isinstance(value, dict) else value)]
    if any(isinstance(value, dict | list) for value in level):
        raise too_deep()
    return options


class GameCommands(app_commands.Group):
    """Tables: open one in a thread, seat players and bots, start, and look after it."""

    def __init__(self) -> None:
        super().__init__(name="game", description="Board game tables: open, join, start, status, settings")
        for command in (*away_commands(), *handover_commands()):
            self.add_command(command)
        self.add_command(options)
        self.add_command(stats)
        self.add_command(history)

    # ---- lobby ----------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a table for a game in a new thread")
    @app_commands.describe(
        game="The game to play",
        options="Game options as name=value pairs",
        pace="Hours each player has per decision (default 24)",
        stand_ins="Let a bot stand in for a player who misses reminders",
    )
    async def new(
        self,
        interaction: Interaction,
        game: str,
        options: str | None = None,
        pace: app_commands.Range[float, 0.1, 720.0] | None = None,
        stand_ins: bool | None = None,
    ) -> None:
        agora = agora_of(interaction)
        if interaction.guild_id is None or interaction.channel_id is None:
            raise InvalidAction("Open tables in a server channel.", key="bot.server_only")
        try:
            engine = registry.get(game)
        except registry.UnknownGame:
            raise UnknownGameError(
                f"There is no game {game}.", game=typed(game), available=", ".join(registry.available())
            ) from None
        parsed = parse_options(options)
        try:
            engine.parse_options(parsed)
        except InvalidAction as refused:
            if refused.key not in ("core.unknown_option", "core.bad_option", "core.option_not_allowed"):
                raise
            raise InvalidAction(
                f"{refused.sentence} /game options game:{engine.info.id} lists them.",
                key="bot.option_refused", refusal=msg(refused.key, **refused.params), game_id=engine.info.id,
            ) from None
        pace_hours = pace if pace is not None else 24.0
        # Before the thread is made: a table refused leaves nothing behind.
        check_pace(pace_hours)
        await agora.service.check_room_for_table(interaction.guild_id, interaction.user.id)
        await interaction.response.defer(thinking=True)
        channel = interaction.channel
        parent_id = getattr(channel, "parent_id", None) if isinstance(channel, discord.Thread) else None
        parent_id = parent_id or interaction.channel_id
        user = interaction.user
        locale = await agora.locale(interaction)
        # The thread reads in the server's language; each player's own words come in theirs.
        table_locale = choose_locale(str(interaction.guild_locale), None, agora.settings.default_locale)
        thread_id = await open_thread(agora, parent_id, engine.info.title, user.display_name, "Agora table")
        table = await agora.service.create_table(
            engine.info.id,
            interaction.guild_id,
            parent_id,
            user.id,
            user.display_name,
            parsed,
            thread_id=thread_id,
            pace_hours=pace_hours,
            stand_ins=bool(stand_ins),
            locale=locale,
            table_locale=table_locale,
        )
        agora.thread_tables[thread_id] = table.id
        await post_lobby(agora, table, thread_id)
        words = agora.table_words(table)
        await interaction.followup.send(
            words.t(
                "bot.table_opened",
                user=f"<@{user.id}>",
                game=table.title,
                table=table.id,
                thread=f"<#{thread_id}>",
            )
        )

    @new.autocomplete("game")
    async def new_game(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return game_choices(current)

    @new.autocomplete("options")
    async def new_options(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        try:
            engine = registry.get(str(interaction.namespace.game or ""))
        except registry.UnknownGame:
            return []
        words = Words(await agora_of(interaction).locale(interaction), engine.info.id)
        return option_choices(engine, current, words)

    async def _lobby_command(self, interaction: Interaction, table: int | None, what: str) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await agora.table_for(interaction, table)
        user = interaction.user
        if what == "join":
            outcome = await agora.service.join(
                info.id, user.id, user.display_name, locale=await agora.locale(interaction)
            )
        elif what == "leave":
            outcome = await agora.service.leave(info.id, user.id)
        else:
            outcome = await agora.service.start(info.id, user.id)
        words = agora.table_words(outcome.table)
        where = outcome.table.thread_id or outcome.table.channel_id
        await post(agora, where, [lobby_text(outcome.table, words)], view=lobby_view(outcome.table, words))
        if what == "start":
            await deliver(agora, outcome, moved_by=user.id)
        reader = await agora.words(interaction, outcome.table)
        await interaction.followup.send(reader.t("bot.done"), ephemeral=True)
        await show_notices(agora, interaction)

    @app_commands.command(name="join", description="Take a seat at this table")
    @app_commands.describe(table=TABLE)
    async def join(self, interaction: Interaction, table: int | None = None) -> None:
        await self._lobby_command(interaction, table, "join")

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    @app_commands.describe(table=TABLE)
    async def leave(self, interaction: Interaction, table: int | None = None) -> None:
        await self._lobby_command(interaction, table, "leave")

    @app_commands.command(name="start", description="Start the game (the table's creator)")
    @app_commands.describe(table=TABLE)
    async def start(self, interaction: Interaction, table: int | None = None) -> None:
        await self._lobby_command(interaction, table, "start")

    # ---- looking at a table ---------------------------------------------------------------

    @app_commands.command(name="status", description="Whose move it is, deadlines, and the result")
    @app_commands.describe(table=TABLE)
    async def status(self, interaction: Interaction, table: int | None = None) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await agora.table_for(interaction, table)
        status = await agora.service.status(info.id)
        words = await agora.words(interaction, status.table)
        await interaction.followup.send(
            status_text(status, words), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name="board", description="Show the board to everyone here")
    @app_commands.describe(table=TABLE)
    async def board(self, interaction: Interaction, table: int | None = None) -> None:
        agora = agora_of(interaction)
        info = await agora.table_for(interaction, table)
        await interaction.response.defer(thinking=True)
        words = agora.table_words(info)
        files = await agora.pictures.board(info, words.locale)
        text = words.t("bot.board_header", table=info.id, game=info.title)
        if not files:
            await interaction.followup.send(text + "\n" + words.t("bot.no_picture"))
        else:
            await interaction.followup.send(text, files=files)

    @app_commands.command(name="hand", description="Your private view of the table (only you see it)")
    @app_commands.describe(table=TABLE)
    async def hand(self, interaction: Interaction, table: int | None = None) -> None:
        await send_hand(interaction, table)

    @app_commands.command(name="log", description="The last things that happened (what you may see)")
    @app_commands.describe(n="How many lines (default 15)", table=TABLE)
    async def log(
        self, interaction: Interaction, n: app_commands.Range[int, 1, 100] = 15, table: int | None = None
    ) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await agora.table_for(interaction, table)
        user_id = interaction.user.id if info.seat_of(interaction.user.id) is not None else None
        messages = await agora.service.log(info.id, user_id, n)
        words = await agora.words(interaction, info)
        lines = [words.t("bot.log_header", table=info.id, game=info.title)]
        lines += [f"• {words(m)}" for m in messages] or [words.t("bot.log_empty")]
        for text in chunks(lines):
            await interaction.followup.send(
                text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
            )

    @app_commands.command(name="export", description="The game record as JSON, to check with rules.verify")
    @app_commands.describe(table=TABLE)
    async def export(self, interaction: Interaction, table: int | None = None) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await agora.table_for(interaction, table)
        record = await agora.service.export(info.id, interaction.user.id)
        words = await agora.words(interaction, info)
        key = "bot.export_whole" if record.seed is not None else "bot.export_partial"
        file = discord.File(io.BytesIO(record.model_dump_json(indent=1).encode()),
                            filename=f"agora-table-{info.id}.json")
        text = words.t(key, table=info.id, game=info.title)
        await interaction.followup.send(text, file=file, ephemeral=True)

    @app_commands.command(name="mine", description="Every table in this server waiting for you")
    async def mine(self, interaction: Interaction) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = await agora.tables_waiting_on(interaction.guild_id, interaction.user.id)
        if interaction.guild_id is None:
            # From a DM: every server's tables, but not those of servers the caller has left.
            tables = [
                t
                for t in tables
                if await agora.members.is_member(t.guild_id, interaction.user.id) is not False
            ]
        words = await agora.words(interaction)
        if not tables:
            await interaction.followup.send(words.t("bot.mine_none"), ephemeral=True)
            return
        lines = [words.t("bot.mine_header")]
        for t in tables:
            where = f"<#{t.thread_id}>" if t.thread_id else f"<#{t.channel_id}>"
            lines.append(words.t("bot.mine_line", table=t.id, game=t.title, where=where))
        for text in chunks(lines):
            await interaction.followup.send(text, ephemeral=True)

    # ---- changing a table -----------------------------------------------------------------

    @app_commands.command(name="undo", description="Take back your last move")
    @app_commands.describe(table=TABLE)
    async def undo(self, interaction: Interaction, table: int | None = None) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await agora.table_for(interaction, table)
        words = await agora.words(interaction, info)
        try:
            outcome = await agora.service.undo(info.id, interaction.user.id)
        except UndoRefused as refused:
            if refused.key != "service.undo_needs_consent":
                raise
            outcome = await agora.service.request_undo(info.id, interaction.user.id)
            await deliver(agora, outcome, actor_id=interaction.user.id)
            if outcome.table.seq == info.seq:
                view = discord.ui.View(timeout=None)
                table_words = agora.table_words(outcome.table)
                view.add_item(
                    UndoButton(outcome.table.id, outcome.table.seq, table_words.t("bot.undo_agree"))
                )
                where = outcome.table.thread_id or outcome.table.channel_id
                await post(agora, where, [table_words.t("bot.undo_vote")], view=view)
            await interaction.followup.send(words.t("bot.undo_asked"), ephemeral=True)
            return
        await deliver(agora, outcome, actor_id=interaction.user.id)
        await interaction.followup.send(words.t("bot.undo_done"), ephemeral=True)

    @app_commands.command(name="abandon", description="Give the table up (creator at once, others by vote)")
    @app_commands.describe(table=TABLE)
    async def abandon(self, interaction: Interaction, table: int | None = None) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await agora.table_for(interaction, table)
        outcome = await agora.service.abandon(info.id, interaction.user.id)
        await deliver(agora, outcome, actor_id=interaction.user.id)
        words = await agora.words(interaction, outcome.table)
        await interaction.followup.send(words.t("bot.done"), ephemeral=True)

    @app_commands.command(name="reclaim", description="Take your seat back from the bot standing in for you")
    @app_commands.describe(table=TABLE)
    async def reclaim(self, interaction: Interaction, table: int | None = None) -> None:
        await reclaim(interaction, table)

    @app_commands.command(
        name="settings", description="Table pace and stand-ins; your language and quiet hours"
    )
    @app_commands.describe(
        pace="Hours per decision at this table (creator)",
        stand_ins="Let bots stand in after missed reminders (creator)",
        table_language="The language of this table's thread (creator)",
        language="Your language: en or el",
        quiet_from="Your quiet hours start (0–23, your time)",
        quiet_to="Your quiet hours end (0–23, your time)",
        utc_offset="Your time minus UTC, in hours (e.g. 2 or -5)",
        table=TABLE,
    )
    @app_commands.choices(
        table_language=[
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Ελληνικά", value="el"),
        ],
        language=[
            app_commands.Choice(name="English", value="en"),
            app_commands.Choice(name="Ελληνικά", value="el"),
        ],
    )
    async def settings(
        self,
        interaction: Interaction,
        pace: app_commands.Range[float, 0.1, 720.0] | None = None,
        stand_ins: bool | None = None,
        table_language: str | None = None,
        language: str | None = None,
        quiet_from: app_commands.Range[int, 0, 23] | None = None,
        quiet_to: app_commands.Range[int, 0, 23] | None = None,
        utc_offset: app_commands.Range[float, -12.0, 14.0] | None = None,
        table: int | None = None,
    ) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        service = agora.service
        user_id = interaction.user.id
        prefs = await service.preferences(user_id)
        if (quiet_from is None) != (quiet_to is None):
            raise BadSetting("Give both ends of your quiet hours.", reason="quiet_from + quiet_to")
        if language is not None or quiet_from is not None or utc_offset is not None:
            prefs = Preferences(
                user_id=user_id,
                locale=language or prefs.locale,
                quiet_start=quiet_from if quiet_from is not None else prefs.quiet_start,
                quiet_end=quiet_to if quiet_to is not None else prefs.quiet_end,
                utc_offset_minutes=round(utc_offset * 60)
                if utc_offset is not None
                else prefs.utc_offset_minutes,
            )
            await service.set_preferences(prefs)
        lines = []
        words = await agora.words(interaction)
        try:
            info = await agora.table_for(interaction, table)
        except RuleError:
            if pace is not None or stand_ins is not None or table_language is not None:
                raise
            info = None
        if info is not None:
            if pace is not None or stand_ins is not None or table_language is not None:
                before = agora.table_words(info).locale
                info = await service.settings(
                    info.id, user_id, pace_hours=pace, stand_ins=stand_ins, locale=table_language
                )
                await tell_table_language(agora, info, before)
            words = await agora.words(interaction, info)
            lines.append(
                words.t(
                    "bot.settings_table",
                    table=info.id,
                    pace=int(info.pace_hours) if info.pace_hours.is_integer() else info.pace_hours,
                    stand_ins=words.t("bot.yes" if info.stand_ins else "bot.no"),
                )
            )
            lines.append(
                words.t(
                    "bot.settings_table_language",
                    language=words.t(f"bot.cmd.choice.{agora.table_words(info).locale}"),
                )
            )
        quiet = (
            words.t("bot.quiet_hours", start=prefs.quiet_start, end=prefs.quiet_end)
            if prefs.quiet_start is not None
            else words.t("bot.no_quiet_hours")
        )
        lines.append(
            words.t(
                "bot.settings_mine",
                language=prefs.locale or words.locale,
                quiet=quiet,
                offset=f"{prefs.utc_offset_minutes / 60:+g}",
            )
        )
        await interaction.followup.send("\n".join(lines), ephemeral=True)


async def tell_table_language(agora: Agora, table: TableInfo, before: str) -> None:
    """Tell the table's thread, in its new language, that it now reads in it (nothing when the
    language it reads in stayed the same)."""
    words = agora.table_words(table)
    if words.locale == before:
        return
    language = words.t(f"bot.cmd.choice.{words.locale}")
    where = table.thread_id or table.channel_id
    await post(agora, where, [words.t("bot.table_language_changed", language=language)])


def status_text(status: Any, words: Words) -> str:
    """``/game status``: the table's state, whom it waits for and until when, and the result."""
    table = status.table
    lines = [
        words.t(
            "bot.status_header", table=table.id, game=table.title, state=words.t(f"bot.state_{table.status}")
        )
    ]
    if status.waiting:
        lines.append(waiting_line(words, status.waiting))
    if status.result is not None:
        ranked = sorted(status.result.ranks.items(), key=lambda kv: (kv[1], kv[0]))
        for seat, rank in ranked:
            score = status.result.scores.get(seat, 0)
            lines.append(words.t("bot.score_line", rank=rank, seat=seat, score=f"{score:g}"))
    if status.undo_requested_by is not None:
        lines.append(words.t("bot.undo_open", seat=status.undo_requested_by))
    return "\n".join(lines)
