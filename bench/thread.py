"""The thread of a game: public messages, board pictures and decisions per game, as issue "a turn
on a phone" measures them (three people at a table, every decision answered by the greedy bot's
choice, seeds 101-103).

Each outcome of the table service is counted as the Discord adapter posts it
(:func:`bot.discord.delivery.tell_thread`): its public lines and the "Waiting for" line, in as
few messages as Discord's limit allows, with the board picture when the outcome asks for one.
The target is at most a quarter as many public messages as decisions, and a few pictures per round.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
from pathlib import Path
from typing import Any

from bench.common import report, table
from bot.discord.delivery import chunks, waiting_line
from bot.discord.i18n import Words
from bot.service import Outcome, TableService
from rules import registry
from rules.core import Rng
from storage.sqlite import SqliteRepository

SEEDS = (101, 102, 103)
PEOPLE = (11, 12, 13)
NAMES = ("Ann", "Bo", "Cy")


def posted(outcome: Outcome, words: Words) -> tuple[int, int]:
    """(messages, pictures) the thread is sent for ``outcome``."""
    texts = [words(line.message) for line in outcome.public]
    if outcome.waiting and not outcome.finished:
        texts.append(waiting_line(words, outcome.waiting))
    picture = any(p.seat is None for p in outcome.pictures)
    messages = len(chunks([t for t in texts if t]))
    if picture and not messages:
        messages = 1
    return messages, int(picture)


async def one_game(folder: Path, game_id: str, seed: int) -> dict[str, int]:
    engine = registry.get(game_id)
    bots = engine.bots()
    greedy = bots.get("greedy", bots["random"])
    repo = await SqliteRepository.open(folder / f"{game_id}-{seed}.db")
    try:
        service = TableService(repo)
        info = await service.create_table(game_id, 1, 1, PEOPLE[0], NAMES[0], thread_id=2)
        for user, name in zip(PEOPLE[1:], NAMES[1:], strict=True):
            await service.join(info.id, user, name)
        outcome = await service.start(info.id, PEOPLE[0], seed=seed, shuffle_seats=False)
        words = Words("en", game_id, NAMES)
        rng = Rng.from_seed(seed)
        messages, pictures = posted(outcome, words)
        decisions = 0
        while not outcome.finished:
            user = next(w.user_id for w in outcome.waiting if w.user_id is not None)
            sp = await service.prompt_for(info.id, user)
            assert sp is not None
            state = (await service._load(info.id)).state
            assert state is not None
            action = greedy.choose(engine, state, sp.seat, sp.prompt, rng.fork())
            outcome = await service.act(info.id, user, action, expected_seq=sp.seq)
            decisions += 1
            m, p = posted(outcome, words)
            messages, pictures = messages + m, pictures + p
        return {"decisions": decisions, "messages": messages, "pictures": pictures}
    finally:
        await repo.close()


def run(seeds: tuple[int, ...] = SEEDS) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for gid in registry.available():
            if gid == "sealed_bid":
                continue
            games = [asyncio.run(one_game(Path(tmp), gid, seed)) for seed in seeds]
            mean = {k: statistics.mean(g[k] for g in games) for k in ("decisions", "messages", "pictures")}
            figures[gid] = {**mean, "games": games}
            rows.append([gid, mean["decisions"], mean["messages"], mean["pictures"],
                         mean["messages"] / mean["decisions"]])
    print(table("thread (per game, 3 people, greedy choices, seeds " + ", ".join(map(str, seeds)) + ")",
                ["game", "decisions", "public messages", "pictures", "messages per decision"], rows))
    print(f"written to {report('thread', figures)}")
    return figures
