"""Hostile inputs: 10,000 interactions none of which may change anything, sent through the real bot
process (``python -m bot``) and the local fake Discord, :data:`~tests.chaos.hostile.IN_FLIGHT` at
a time, drawn from a seed over every kind in :data:`~tests.chaos.hostile.KINDS` (see
:mod:`tests.chaos.hostile`).

Reported: how many were sent, refused in words and privately, left unanswered, answered with the
generic error or not privately; how many tables' logs, threads' texts or new threads changed; how
many lines of the bot's log show an exception or an error; and the inputs per second. The figure
that matters is the zeros. ``AGORA_HOSTILE_INPUTS`` and ``AGORA_HOSTILE_SEED`` change the count
and the seed.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from typing import Any

from bench.common import report, table
from tests.chaos.fake import TimedDiscord
from tests.chaos.hostile import KINDS, Tally, run_hostile
from tests.e2e.harness import BotProcess

INPUTS = int(os.environ.get("AGORA_HOSTILE_INPUTS", "10000"))
SEED = int(os.environ.get("AGORA_HOSTILE_SEED", "0"))


async def measure(folder: Path, count: int, seed: int) -> tuple[Tally, list[str]]:
    fake = TimedDiscord()
    await fake.start()
    bot = BotProcess(fake, folder)
    try:
        await bot.start()
        tally = await run_hostile(fake, bot, folder / "agora.db", count, seed)
    finally:
        if bot.proc is not None and bot.proc.returncode is None:
            await bot.stop()
        await fake.stop()
    return tally, [f"{method} {path}" for method, path in fake.unhandled]


def run(count: int = INPUTS, seed: int = SEED) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        tally, unhandled = asyncio.run(measure(Path(folder), count, seed))
    figures: dict[str, Any] = {
        "inputs": tally.sent,
        "seed": seed,
        "refused_in_words_privately": tally.refused,
        "unanswered": len(tally.unanswered),
        "generic_error_or_empty": len(tally.internal_errors),
        "not_private": len(tally.not_private),
        "state_changes": tally.state_changes,
        "exceptions_logged": tally.exceptions,
        "routes_the_fake_does_not_know": len(unhandled),
        "seconds": round(tally.seconds, 1),
        "inputs_per_second": round(tally.sent / tally.seconds, 1) if tally.seconds else 0.0,
        "refused_by_kind": {kind: tally.by_kind.get(kind, 0) for kind in KINDS},
        "first_problems": (tally.unanswered + tally.internal_errors + tally.not_private)[:10],
    }
    rows = [[key, value] for key, value in figures.items() if not isinstance(value, dict | list)]
    print(table("hostile inputs through the bot", ["figure", "value"], rows))
    print(table("refused, by kind", ["kind", "refused"], list(figures["refused_by_kind"].items())))
    path = report("hostile", figures)
    print(f"written to {path}")
    return figures
