"""Hostile inputs by the thousand, through the adapter's own code paths: the real bot process and
the fake Discord, every input an interaction as Discord would deliver it (or a tampered client
could forge it).

:func:`hostile_inputs` draws, from a seed, inputs none of which may change anything: clicks by a
spectator, on another player's panel, on an outdated prompt, with a value or option the prompt
does not offer, with ids of no known shape, naming tables that do not exist or cannot exist;
select values and typed numbers out of bounds; ``/act`` choices that only look like numbers or
options; ``/game new`` with unknown games, options nested too deep or a pace out of bounds;
``/play`` naming impossible tables. :func:`run_hostile` sends them, a few at a time, and counts
what the bot did: every input must get a clear private refusal, the log of every table and the
text of every thread must stay as they were, no table may be opened, and the bot must log no
exception.
"""

from __future__ import annotations

import asyncio
import random
import string
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.chaos.checks import heads
from tests.chaos.fake import TimedDiscord
from tests.chaos.tables import INTERNAL_ERROR, answer_ids, loading, play_message, started_table, table_of
from tests.e2e.fakediscord import FakeUser, Ix
from tests.e2e.harness import BAD_LOG, BotProcess
from tests.e2e.players import open_panel, public_text

IN_FLIGHT = 20
"""Hostile inputs sent at the same moment."""

KINDS = (
    "spectator",
    "not_yours",
    "outdated",
    "off_the_prompt",
    "garbage_id",
    "impossible_table",
    "select_junk",
    "number_junk",
    "act_junk",
    "new_junk",
    "play_junk",
)


@dataclass
class Input:
    """One hostile interaction: a component click, a select, a form, or a slash command."""

    kind: str
    user: FakeUser
    how: str
    """``"click"``, ``"select"``, ``"form"`` or ``"slash"``."""
    custom_id: str = ""
    values: list[str] = field(default_factory=list)
    command: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    channel_id: int = 0
    message_id: int = 0


@dataclass
class Scene:
    """Two started tables, their players, a spectator, and what the bot showed them."""

    ann: FakeUser
    bo: FakeUser
    cy: FakeUser
    eve: FakeUser
    threads: list[int]
    tables: list[int]
    panels: dict[int, dict[str, Any]]
    """user id → their open panel at the first table."""
    ids: list[str]
    """Every component id the bot showed anyone."""


@dataclass
class Tally:
    """What the bot did with the hostile inputs."""

    sent: int = 0
    refused: int = 0
    unanswered: list[str] = field(default_factory=list)
    not_private: list[str] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    by_kind: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    state_changes: int = 0
    """Tables whose log grew, threads whose text changed, and threads opened."""
    exceptions: int = 0
    """Lines of the bot's log that show an exception or an error."""

    @property
    def clean(self) -> bool:
        return (
            not (
                self.unanswered
                or self.not_private
                or self.internal_errors
                or self.state_changes
                or self.exceptions
            )
            and self.refused == self.sent
        )


async def set_scene(fake: TimedDiscord) -> Scene:
    """Ann and Bo at one Sealed Bid table, Cy and Bo at another, Eve seated nowhere; Ann's, Bo's
    and Cy's panels open."""
    ann, bo, cy, eve = fake.user("Ann"), fake.user("Bo"), fake.user("Cy"), fake.user("Eve")
    first = await started_table(fake, ann, bo)
    second = await started_table(fake, cy, bo)
    panels = {ann.id: await open_panel(fake, ann, first), bo.id: await open_panel(fake, bo, first)}
    cy_panel = await open_panel(fake, cy, second)
    ids = [*answer_ids(panels[ann.id]), *answer_ids(panels[bo.id]), *answer_ids(cy_panel)]
    table, other = table_of(fake, first), table_of(fake, second)
    ids += [f"agora:{what}:{t}" for t in (table, other) for what in ("play", "hand", "reclaim")]
    ids += [f"agora:lobby:{t}:{what}" for t in (table, other) for what in ("join", "leave", "bot", "start")]
    ids += [f"agora:undo:{table}:1", f"agora:undo:{other}:1"]
    return Scene(ann, bo, cy, eve, [first, second], [table, other], panels, ids)


def _part(custom_id: str, index: int, value: str) -> str:
    parts = custom_id.split(":")
    parts[index] = value
    return ":".join(parts)


def _junk_number(rng: random.Random) -> str:
    return rng.choice(
        [
            "²",
            "-²",
            "١٢",
            "１２",
            "3.5",
            "1e3",
            "",
            " ",
            "-",
            "0x1f",
            "NaN",
            "∞",
            "9" * rng.randint(20, 120),
            str(-rng.randint(1, 10**6)),
            str(2**63 + rng.randint(0, 10**6)),
            str(10**30),
            "六",
            "٣",
            "+-1",
        ]
    )


def _junk_text(rng: random.Random, longest: int = 100) -> str:
    alphabet = string.printable + "²³¹١٢٣४५６７\u202e\u200b@#<>:`*_~|"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, longest)))


def _reads_as(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        return None


def hostile_inputs(scene: Scene, count: int, seed: int = 0) -> list[Input]:
    """``count`` inputs, every kind of :data:`KINDS` in turn, drawn from ``seed``."""
    rng = random.Random(seed)
    ann, bo, eve = scene.ann, scene.bo, scene.eve
    thread = scene.threads[0]
    panel = scene.panels[ann.id]
    mid = int(panel["id"])
    own = answer_ids(panel)
    values = {int(cid.rsplit(":", 1)[1]) for cid in own if cid.startswith("agora:val:")}
    prompt = ":".join(own[0].split(":")[2:6])  # <table>:<seat>:<seq>:<sig> of Ann's prompt
    version = ":".join(own[0].split(":")[4:6])  # <seq>:<sig>
    out: list[Input] = []
    for n in range(count):
        kind = KINDS[n % len(KINDS)]
        if kind == "spectator":
            out.append(Input(kind, eve, "click", rng.choice(scene.ids), message_id=mid))
        elif kind == "not_yours":
            out.append(Input(kind, bo, "click", rng.choice(own), message_id=mid))
        elif kind == "outdated":
            cid = _part(rng.choice(own), 4, str(int(own[0].split(":")[4]) + rng.randint(1, 10**6)))
            out.append(Input(kind, ann, "click", _part(cid, 5, f"{rng.getrandbits(32):08x}"), message_id=mid))
        elif kind == "off_the_prompt":
            value = rng.choice([v for v in (-1, -(10**9), max(values) + 1, 10**18, 2**63) if v not in values])
            cid = rng.choice([f"agora:val:{prompt}:{value}", f"agora:opt:{prompt}:{10**6 + abs(value)}"])
            out.append(Input(kind, ann, "click", cid, message_id=mid))
        elif kind == "garbage_id":
            cid = rng.choice(
                [
                    _junk_text(rng),
                    f"agora:{_junk_text(rng, 20)}",
                    f"agora:opt:{prompt}:{_junk_number(rng)}",
                    f"agora:val:{prompt}:{_junk_number(rng)}",
                    f"agora:play:{_junk_number(rng)}",
                    "agora:" * 14,
                ]
            )[:100]
            out.append(Input(kind, rng.choice((ann, bo, eve)), "click", cid, message_id=mid))
        elif kind == "impossible_table":
            table = rng.choice([0, 999_999, 2**63, 2**64 + 7, 10**20])
            cid = rng.choice(
                [
                    f"agora:opt:{table}:0:1:abcdef01:0",
                    f"agora:play:{table}",
                    f"agora:hand:{table}",
                    f"agora:undo:{table}:3",
                    f"agora:lobby:{table}:join",
                ]
            )
            out.append(Input(kind, rng.choice((ann, bo, eve)), "click", cid, message_id=mid))
        elif kind == "select_junk":
            # Ann's prompt offers no options to select, only a number: no value is an answer.
            junk = [rng.choice(["0", "1", "-1", "²", "١", "99", str(10**30), "", "a", " 1"])]
            out.append(Input(kind, ann, "select", f"agora:sel:{prompt}", values=junk, message_id=mid))
        elif kind == "number_junk":
            typed = rng.choice(
                [_junk_number(rng), str(max(values) + rng.randint(1, 10**6)), _junk_text(rng, 12)]
            )
            if _reads_as(typed) in values:  # int() reads " 3", "+3" and "٣" as 3: a legal bid, not junk
                typed += "§"
            out.append(Input(kind, ann, "form", f"agora:numm:{prompt}", values=[typed], message_id=mid))
        elif kind == "act_junk":
            choice = (
                rng.choice(
                    [
                        _junk_number(rng),
                        f"{version}:o-1",
                        f"{version}:o{rng.randint(0, 10**6)}",
                        f"{version}:n²",
                        f"{version}:n{max(values) + rng.randint(1, 10**6)}",
                        _junk_text(rng, 60) + "§",
                        f"{version}:n" + "9" * rng.randint(20, 200),
                    ]
                )
                or "§"
            )
            out.append(
                Input(kind, ann, "slash", command="act", options={"choice": choice}, channel_id=thread)
            )
        elif kind == "new_junk":
            options: dict[str, Any] = rng.choice(
                [
                    {"game": "sealed_bid", "options": '{"a":' * rng.randint(3, 1100) + "1"},
                    {"game": "sealed_bid", "options": "market_size=" + "[" * rng.randint(4, 2000)},
                    {"game": "sealed_bid", "options": '{"starting_coins": {"x": [1, {"y": null}]}}'},
                    {"game": "sealed_bid", "pace": rng.choice([0.0, -1.0, 0.001, 721.0, 1e300])},
                    {"game": _junk_text(rng, 30) + "§"},
                ]
            )
            out.append(Input(kind, eve, "slash", command="game new", options=options))
        else:
            table = rng.choice([0, -1, -(2**70), 999_999, 2**63, 10**20])
            out.append(
                Input(
                    kind,
                    rng.choice((ann, eve)),
                    "slash",
                    command=rng.choice(["play", "game hand", "game status", "game log"]),
                    options={"table": table},
                    channel_id=thread,
                )
            )
    return out


async def send(fake: TimedDiscord, hostile: Input) -> Ix:
    if hostile.how == "click":
        return await fake.component(hostile.user, hostile.message_id, hostile.custom_id)
    if hostile.how == "select":
        return await fake.component(
            hostile.user, hostile.message_id, hostile.custom_id, values=hostile.values
        )
    if hostile.how == "form":
        return await fake.modal(
            hostile.user, hostile.message_id, hostile.custom_id, {"value": hostile.values[0]}
        )
    channel = hostile.channel_id or fake.channel_id
    return await fake.slash(hostile.user, hostile.command, channel_id=channel, **hostile.options)


async def _answer(ix: Ix, timeout: float) -> bool:
    """Whether the bot answered ``ix`` with something to read within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while (not ix.outputs or loading(ix)) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return bool(ix.outputs) and not loading(ix)


async def snapshot(fake: TimedDiscord, db: Path) -> tuple[dict[int, int], dict[int, str], int]:
    """Every table's log head, every thread's text, and how many threads there are."""
    threads = {int(t["id"]): public_text(fake, int(t["id"])) for t in fake.threads()}
    return await heads(db), threads, len(fake.threads())


async def run_hostile(
    fake: TimedDiscord, bot: BotProcess, db: Path, count: int, seed: int = 0, timeout: float = 20.0
) -> Tally:
    """Set the scene, send ``count`` hostile inputs, and count what the bot did with them."""
    scene = await set_scene(fake)
    inputs = hostile_inputs(scene, count, seed)
    before = await snapshot(fake, db)
    log_mark = len(bot.lines)
    tally = Tally()
    start = time.perf_counter()
    for at in range(0, len(inputs), IN_FLIGHT):
        wave = inputs[at : at + IN_FLIGHT]
        sent = [await send(fake, hostile) for hostile in wave]
        answered = await asyncio.gather(*(_answer(ix, timeout) for ix in sent))
        for hostile, ix, ok in zip(wave, sent, answered, strict=True):
            tally.sent += 1
            what = f"{hostile.kind}: {ix.payload['data']}"[:300]
            if not ok:
                tally.unanswered.append(what)
                continue
            text = ix.texts()
            if any(out.audience != ("ephemeral", ix.user.id) for out in ix.outputs):
                tally.not_private.append(what)
            elif INTERNAL_ERROR in text or "Traceback" in text or not text.strip():
                tally.internal_errors.append(f"{what} → {text[:200]!r}")
            else:
                tally.refused += 1
                tally.by_kind[hostile.kind] = tally.by_kind.get(hostile.kind, 0) + 1
    tally.seconds = time.perf_counter() - start
    await asyncio.sleep(0.5)  # anything a refused input set off would have reached the fake by now
    after = await snapshot(fake, db)
    tally.state_changes = (
        sum(1 for table, head in after[0].items() if before[0].get(table) != head)
        + sum(1 for thread, text in after[1].items() if before[1].get(thread) != text)
        + max(0, after[2] - before[2])
    )
    tally.exceptions = sum(1 for line in bot.lines[log_mark:] if any(bad in line for bad in BAD_LOG))
    return tally


__all__ = ["KINDS", "Input", "Scene", "Tally", "hostile_inputs", "play_message", "run_hostile", "set_scene"]
