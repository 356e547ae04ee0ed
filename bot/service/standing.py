"""History and standing: the finished games of a server, and of one member in it.

A finished table's result is not stored apart: it is what the engine says of the table's final
state (``Engine.result``), as ``/game status`` shows it, so the standing can never disagree with
the tables themselves. Ranks are the engine's: 1 is a winner, and tied seats share a rank (a
shared victory gives each of them a win).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from bot.service.core import TableCore
from bot.service.models import SeatInfo, TableInfo
from rules.core.contract import Result
from storage.records import TableFilter

MOST_TABLES = 1000
"""How many finished tables one question reads: the latest ones, by table number."""


@dataclass(frozen=True)
class Finished:
    """A finished table and its result."""

    table: TableInfo
    result: Result

    @property
    def winners(self) -> tuple[SeatInfo, ...]:
        return tuple(s for s in self.table.seats if self.result.ranks.get(s.seat) == 1)

    @property
    def margin(self) -> float:
        """The winner's score minus the best score of a seat that did not win (0 when all tie)."""
        top = [self.result.scores.get(s.seat, 0.0) for s in self.winners]
        ranks, scores = self.result.ranks, self.result.scores
        rest = [scores.get(s.seat, 0.0) for s in self.table.seats if ranks.get(s.seat) != 1]
        if not top or not rest:
            return 0.0
        return max(top) - max(rest)


def who(seat: SeatInfo) -> str:
    """A player as the standing counts them: the person (whatever name they used), or the bot."""
    return f"user:{seat.user_id}" if seat.user_id is not None else f"bot:{seat.name}"


@dataclass(frozen=True)
class TitleStanding:
    """One game's standing in a server: how often it was played, who won, and by how much."""

    game_id: str
    title: str
    games: int
    average_margin: float
    wins: tuple[tuple[SeatInfo, int], ...]
    """Each winner (as last seen winning) and their wins, most wins first, then by name."""


def server_standing(finished: list[Finished]) -> list[TitleStanding]:
    """Per game title: games finished, wins per player, and the average winning margin; the titles
    played most first."""
    by_game: dict[str, list[Finished]] = {}
    for game in finished:
        by_game.setdefault(game.table.game_id, []).append(game)
    out = []
    for game_id, games in by_game.items():
        wins: Counter[str] = Counter()
        seen: dict[str, SeatInfo] = {}
        for game in games:
            for seat in game.winners:
                wins[who(seat)] += 1
                seen[who(seat)] = seat
        ranked = sorted(wins.items(), key=lambda kv: (-kv[1], seen[kv[0]].name.casefold(), kv[0]))
        out.append(TitleStanding(
            game_id=game_id,
            title=games[0].table.title,
            games=len(games),
            average_margin=sum(g.margin for g in games) / len(games),
            wins=tuple((seen[key], n) for key, n in ranked),
        ))
    return sorted(out, key=lambda s: (-s.games, s.title))


@dataclass(frozen=True)
class Played:
    """One finished game of a member: where they finished, of how many, with what score."""

    table: TableInfo
    seat: SeatInfo
    rank: int
    players: int
    score: float
    winners: tuple[SeatInfo, ...]


def member_history(finished: list[Finished], user_id: int) -> list[Played]:
    """The finished games ``user_id`` sat at, the latest first."""
    out = []
    for game in finished:
        seat = game.table.seat_of(user_id)
        if seat is None:
            continue
        out.append(Played(
            table=game.table,
            seat=seat,
            rank=game.result.ranks.get(seat.seat, len(game.table.seats)),
            players=len(game.table.seats),
            score=game.result.scores.get(seat.seat, 0.0),
            winners=game.winners,
        ))
    return sorted(out, key=lambda p: (p.table.updated_at, p.table.id), reverse=True)


class StandingCommands(TableCore):
    """Reading the finished tables of a server."""

    async def finished_games(self, guild_id: int, user_id: int | None = None) -> list[Finished]:
        """The finished tables of ``guild_id`` (only those ``user_id`` sat at, when given), with
        their results."""
        rows = await self.repo.list_tables(
            TableFilter(guild_id=guild_id, statuses=("finished",), user_id=user_id, newest_first=True,
                        limit=MOST_TABLES)
        )
        out = []
        for row in rows:
            t = await self._load(row.id)
            result = t.engine.result(t.state) if t.state is not None else None
            if result is not None:
                out.append(Finished(t.info(), result))
        return out
