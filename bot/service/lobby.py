"""The lobby: opening a table, taking and leaving seats, seating bots, and starting the game."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from bot.service import errors
from bot.service.core import TableCore, check_pace, check_table_locale
from bot.service.export import seed_commitment
from bot.service.models import Line, Outcome, TableInfo
from bot.service.tables import Loaded, table_info
from bot.service.words import seat_label
from rules.core import Message, Rng, msg
from rules.core.messages import Param, typed
from storage.records import NewTable, SeatRow, TableFilter
from storage.repository import StorageError


class LobbyCommands(TableCore):
    """Tables before the game: create, join, leave, add a bot, start."""

    async def create_table(
        self,
        game_id: str,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        options: Mapping[str, Any] | None = None,
        *,
        thread_id: int | None = None,
        pace_hours: float = 24.0,
        stand_ins: bool = False,
        locale: str = "en",
        table_locale: str | None = None,
    ) -> TableInfo:
        """Open a table in the lobby with the creator in seat 0, speaking ``locale``; its thread
        is told in ``table_locale`` (``None``: in the creator's language, whatever it is then).

        The options are validated by the game and stored complete (every default filled in), so
        the table replays the same even if a default changes later.

        :raises UnknownGameError: no such game.
        :raises RuleError: an unknown or invalid option (the engine's sentence).
        :raises BadSetting: a pace out of bounds, or a table language no catalogue ships.
        :raises TooManyTables: the creator or the server has as many open tables as allowed.
        """
        engine = self._engine(game_id)
        parsed = engine.parse_options(options or {})
        check_pace(pace_hours)
        check_table_locale(table_locale)
        await self.check_room_for_table(guild_id, creator_id)
        row = await self.repo.create_table(
            NewTable(game_id=engine.info.id, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
                     options_json=parsed.model_dump_json(), thread_id=thread_id, pace_hours=pace_hours,
                     stand_ins=stand_ins, locale=table_locale),
            self.clock(),
        )
        await self.repo.add_seat(SeatRow(row.id, 0, creator_name, user_id=creator_id, locale=locale))
        return table_info(row, await self.repo.seats(row.id), engine, 0)

    async def join(self, table_id: int, user_id: int, name: str, *, locale: str = "en") -> Outcome:
        """Take the next free seat.

        :raises AlreadyStarted, TableFull, AlreadySeated:
        :raises TooManyTables: the user already sits at as many open tables as allowed.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            if t.seat_of(user_id) is not None:
                raise errors.AlreadySeated(f"You already have a seat at table {table_id}.", table=table_id)
            self._check_room(t)
            await self._check_user_tables(user_id)
            position = len(t.seats)
            await self._add_seat(SeatRow(table_id, position, name, user_id=user_id, locale=locale))
            return await self._lobby_outcome(table_id, msg("service.joined", seat=position))

    async def leave(self, table_id: int, user_id: int) -> Outcome:
        """Give up one's seat before the start (the creator leaving closes the table).

        :raises AlreadyStarted, NotSeated:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            seat = self._seat(t, user_id)
            if user_id == t.row.creator_id:
                await self.repo.update_table(table_id, self.clock(), status="abandoned")
                return await self._lobby_outcome(table_id, msg("service.closed"))
            await self.repo.remove_seat(table_id, seat.position)
            return await self._lobby_outcome(table_id, msg("service.left", name=typed(seat.name)))

    async def add_bot(self, table_id: int, user_id: int, kind: str = "greedy") -> Outcome:
        """Seat a bot (any seated player may). ``greedy`` falls back to ``random`` for a game
        without a greedy bot.

        :raises AlreadyStarted, TableFull, NotSeated, BadSetting: (a bot the game does not have)
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            self._seat(t, user_id)
            self._check_room(t)
            kind = self._bot_kind(t.engine, kind)
            position = len(t.seats)
            name = f"Bot {position + 1} ({kind})"
            await self._add_seat(SeatRow(table_id, position, name, bot=kind))
            joined = msg("service.bot_joined", seat=position)
            return await self._lobby_outcome(table_id, joined)

    async def start(
        self, table_id: int, user_id: int, *, seed: int | None = None, shuffle_seats: bool = True
    ) -> Outcome:
        """Start the game (creator only): draw the seed, shuffle the seat order with it (unless
        ``shuffle_seats`` is off), set the game up, and let bot seats play until a person owes a
        decision.

        :raises NotCreator, AlreadyStarted, NotEnoughPlayers:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            if user_id != t.row.creator_id:
                raise errors.NotCreator("Only the table's creator can do that.")
            info = t.engine.info
            if len(t.seats) < info.min_players:
                raise errors.NotEnoughPlayers(
                    f"{info.title} needs at least {info.min_players} players; the table has {len(t.seats)}.",
                    game=info.title, min=info.min_players, players=len(t.seats))
            seed = self.seed_source() if seed is None else seed
            order = list(range(len(t.seats)))
            if shuffle_seats:
                Rng.from_seed(seed).shuffle(order)
            t.engine.new_game(len(order), json.loads(t.row.options_json), seed)  # refuse before storing
            await self.repo.start_table(table_id, seed, order, self.clock(),
                                        rules_version=t.engine.info.rules_version)
            async with self._committed(table_id):
                t = await self._load(table_id)
            outcome = Outcome(table=t.info())
            names: list[Param] = [seat_label(seat) for seat in t.info().seats]
            outcome.public.append(Line(msg("service.started", game=info.title, names=names)))
            outcome.public.append(Line(msg("service.seed_committed", commitment=typed(seed_commitment(t)))))
            for seat in t.seats:
                if seat.user_id is not None:
                    outcome.private.setdefault(seat.position, []).append(
                        Line(msg("service.your_seat", number=seat.position + 1), frozenset({seat.position})))
            return await self._settle(t, outcome, moved=set())

    async def check_room_for_table(self, guild_id: int, user_id: int) -> None:
        """Refuse a new table to a user who sits at as many open tables (in the lobby or playing)
        as allowed, or in a server that has as many as allowed. The Discord adapter asks before it
        opens the table's thread; :meth:`create_table` asks again.

        :raises TooManyTables:
        """
        await self._check_user_tables(user_id)
        most = self.open_tables_per_server
        if most is not None:
            open_here = await self.repo.list_tables(TableFilter(guild_id=guild_id, limit=most + 1))
            if len(open_here) >= most:
                raise errors.TooManyTables(
                    f"This server already has {most} open tables, the most it may have. Finish a game "
                    "or give one up first.", key="service.too_many_tables_server", count=most)

    async def _check_user_tables(self, user_id: int) -> None:
        most = self.open_tables_per_user
        if most is None:
            return
        seated = await self.repo.list_tables(TableFilter(user_id=user_id, limit=most + 1))
        if len(seated) >= most:
            raise errors.TooManyTables(
                f"You already have {most} open tables, the most one player may have. Finish a game or "
                "give one up first.", key="service.too_many_tables_user", count=most)

    def _check_lobby(self, t: Loaded) -> None:
        if t.row.status == "active":
            raise errors.AlreadyStarted(f"Table {t.row.id} has already started.", table=t.row.id)
        if t.row.status != "lobby":
            raise errors.GameOverError(f"The game at table {t.row.id} is over.", table=t.row.id)

    def _check_room(self, t: Loaded) -> None:
        most = t.engine.info.max_players
        if len(t.seats) >= most:
            raise errors.TableFull(f"Table {t.row.id} is full ({most} players).", table=t.row.id, max=most)

    async def _add_seat(self, seat: SeatRow) -> None:
        try:
            await self.repo.add_seat(seat)
        except StorageError as exc:  # another process seated someone meanwhile
            raise errors.StaleAction(
                "This prompt is out of date: the table has moved on. Open it again.") from exc

    async def _lobby_outcome(self, table_id: int, message: Message) -> Outcome:
        t = await self._load(table_id)
        return Outcome(table=t.info(), public=[Line(message)])


__all__ = ["LobbyCommands"]
