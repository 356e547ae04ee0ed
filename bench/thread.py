"""The thread of a game: what the Discord adapter posts, edits and deletes in a table's thread per
game, beside the decisions made (three people at a table, every decision answered by the greedy
bot's choice, seeds 101-103), as issue "a turn on a phone" measures them.

Each outcome of the table service is delivered by the adapter's own code
(:func:`bot.discord.delivery.deliver`) to an in-memory thread that keeps its messages as Discord
would: the story messages (one per chapter, edited while it fills, the last ending with the
"Waiting for" line) and the board pictures (counted, not drawn); and to in-memory DMs. Figures per
game:

* *posted*: messages the thread was sent (each notifies whoever it names and may notify);
* *kept*: messages the thread holds at the end, what a reader scrolls through;
* *story*: of those posted, story messages; *waiting*: "Waiting for" lines posted on their own;
  *pings*: mentions of players whose DMs are closed;
* *edits* and *pictures* (board pictures sent); *rounds*: chapters the game opened;
* *dms*: "your move" DMs sent to whoever newly owes a move; *dms_kept*: those not replaced since.

The targets: at most a quarter as many public messages as decisions, and a few pictures per round.
"""

from __future__ import annotations

import asyncio
import io
import statistics
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord

from bench.common import report, table
from bot.discord.context import Agora
from bot.discord.delivery import deliver
from bot.discord.pictures import Pictures
from bot.service import TableInfo, TableService
from bot.settings import Clock, Settings
from rules import registry
from rules.core import Rng
from storage.sqlite import SqliteRepository

SEEDS = (101, 102, 103)
PEOPLE = (11, 12, 13)
NAMES = ("Ann", "Bo", "Cy")
GUILD = 1
WAITING = "Waiting for"
YOUR_MOVE = "Your move at table"


def kind(text: str) -> str:
    """What a message is: a "Waiting for" line of its own, a thread mention of a player whose DMs
    are closed, a "your move" DM, or a story message (which may end with the Waiting line)."""
    if text.startswith(WAITING) or text.split("\n", 1)[0].count(" · Waiting for"):
        return "waiting"
    if text.endswith(", your move."):
        return "pings"
    return "your_move" if text.startswith(YOUR_MOVE) else "story"


@dataclass
class Thread:
    """A thread that keeps its messages as Discord does and counts what it was asked to do."""

    messages: dict[int, str] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(
        ("posted", "story", "waiting", "pings", "your_move", "edits", "deletes", "pictures"), 0))
    nonces: dict[str, SimpleNamespace] = field(default_factory=dict)
    _next: int = 0

    async def send(self, content: str | None = None, **kwargs: Any) -> SimpleNamespace:
        nonce = kwargs.get("nonce")
        if nonce is not None and nonce in self.nonces:
            return self.nonces[nonce]
        self._next += 1
        message = SimpleNamespace(id=self._next, content=content or "")
        self.messages[message.id] = message.content
        self.counts["posted"] += 1
        self.counts[kind(message.content)] += 1
        self.counts["pictures"] += len(kwargs.get("files") or ())
        if nonce is not None:
            self.nonces[nonce] = message
        return message

    def get_partial_message(self, message_id: int) -> SimpleNamespace:
        async def edit(**kwargs: Any) -> None:
            self.messages[message_id] = kwargs["content"]
            self.counts["edits"] += 1

        async def delete() -> None:
            self.messages.pop(message_id, None)
            self.counts["deletes"] += 1

        return SimpleNamespace(edit=edit, delete=delete)


class CountedPictures(Pictures):
    """Board pictures as one placeholder file each (the render bench times drawing them)."""

    async def board(self, table: TableInfo, locale: str) -> list[discord.File]:
        return [discord.File(fp=io.BytesIO(b"png"), filename="board.png")]

    async def private(
        self, table: TableInfo, user_id: int, locale: str, *, urgent: bool = False,
        wanted: Callable[[], bool] | None = None,
    ) -> list[discord.File]:
        return []


async def one_game(folder: Path, game_id: str, seed: int) -> dict[str, int]:
    engine = registry.get(game_id)
    bots = engine.bots()
    greedy = bots.get("greedy", bots["random"])
    repo = await SqliteRepository.open(folder / f"{game_id}-{seed}.db")
    thread, dms = Thread(), Thread()
    try:
        service = TableService(repo)

        async def create_dm(user: object) -> Thread:
            return dms

        async def get_member(guild_id: int, user_id: int) -> dict[str, Any]:
            return {"user": {"id": user_id}}

        client = cast(discord.Client, SimpleNamespace(get_partial_messageable=lambda channel_id: thread,
                                                      create_dm=create_dm,
                                                      http=SimpleNamespace(get_member=get_member)))
        agora = Agora(client, service, Settings(default_locale="en"), Clock(), CountedPictures(service))
        for person in PEOPLE:
            agora.members.seen(GUILD, person)
        info = await service.create_table(game_id, GUILD, 1, PEOPLE[0], NAMES[0], thread_id=2)
        for user, name in zip(PEOPLE[1:], NAMES[1:], strict=True):
            await service.join(info.id, user, name)
        outcome = await service.start(info.id, PEOPLE[0], seed=seed, shuffle_seats=False)
        await deliver(agora, outcome, actor_id=PEOPLE[0])
        rng = Rng.from_seed(seed)
        decisions = rounds = 0
        while not outcome.finished:
            user = next(w.user_id for w in outcome.waiting if w.user_id is not None)
            sp = await service.prompt_for(info.id, user)
            assert sp is not None
            state = (await service._load(info.id)).state
            assert state is not None
            action = greedy.choose(engine, state, sp.seat, sp.prompt, rng.fork())
            outcome = await service.act(info.id, user, action, expected_seq=sp.seq)
            decisions += 1
            rounds += sum(1 for line in outcome.public if line.chapter and not outcome.finished)
            await deliver(agora, outcome, actor_id=user)
        kept_dms = sum(kind(text) == "your_move" for text in dms.messages.values())
        return {"decisions": decisions, **thread.counts, "kept": len(thread.messages), "rounds": rounds,
                "dms": dms.counts["your_move"], "dms_kept": kept_dms}
    finally:
        await repo.close()


FIGURES = ("decisions", "posted", "kept", "story", "waiting", "pings", "edits", "pictures", "rounds", "dms",
           "dms_kept")


def run(seeds: tuple[int, ...] = SEEDS) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for gid in registry.available():
            if gid == "sealed_bid":
                continue
            games = [asyncio.run(one_game(Path(tmp), gid, seed)) for seed in seeds]
            mean = {k: statistics.mean(g[k] for g in games) for k in FIGURES}
            figures[gid] = {**mean, "games": games}
            rows.append([gid, *(mean[k] for k in FIGURES), mean["posted"] / mean["decisions"],
                         mean["kept"] / mean["decisions"], mean["pictures"] / max(mean["rounds"], 1)])
    print(table("thread (per game, 3 people, greedy choices, seeds " + ", ".join(map(str, seeds)) + ")",
                ["game", *FIGURES, "posted/decision", "kept/decision", "pictures/round"], rows))
    print(f"written to {report('thread', figures)}")
    return figures
