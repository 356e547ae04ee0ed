"""The chaos run: the bot process plays many tables against the fake Discord while a driver kills it
with SIGKILL at random moments — mid-move (while it loads, commits, renders and answers), while it
opens panels, while it sends reminders — and starts it again, at least 20 times.

Afterwards:

* every move a player was told had happened (their panel moved on) is in storage, and every game
  line posted in a thread is in the table's log;
* every table loads, and replaying its log from the seed gives its state and every snapshot;
* every seat the table waits for has a deadline, and the reminders fire when the clock passes
  them, even with a kill in the middle of sending them;
* no button the bot ever posted is dead: each click is answered;
* every fixture game is then played to the end;
* the secrets audit passes over every payload (the ``bot`` fixture's checks, done here by hand).

Besides the fixture games' tables, one table of each shipped game (Roll for the Galaxy, The Ancient
World, Praetor, Patchistory) sits among the chaos tables from the start: its players open panels
and move in the same epochs, it is killed and restarted with the rest, and it goes through every
check above. A shipped game through panels takes hundreds of decisions, too long for CI, so after
the last restart each is played a bounded number of decisions (:data:`SHIPPED_DECISIONS`), then
checked again (it loads, replays to its state and snapshots, and waits for whom it should); only
the fixture games are played to their end.

``AGORA_CHAOS_SCALE`` multiplies the number of kills and tables (1 in CI); ``AGORA_CHAOS_SEED``
picks another run; ``AGORA_CHAOS_GAMES`` also deals shipped games in turn with the fixture games,
and those are played to the end (long local runs).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rules import registry
from storage.sqlite import SqliteRepository
from tests.chaos.checks import actions_by_user, read_told, replay_check, secrets_audit, statuses
from tests.chaos.conftest import EXTRA_GAMES, SCALE
from tests.chaos.fake import TimedDiscord
from tests.chaos.tables import INTERNAL_ERROR, loading, started_table, table_of, thread_text
from tests.e2e.fakediscord import FakeUser, Ix
from tests.e2e.harness import BotProcess
from tests.e2e.players import (
    ANSWER_PREFIXES,
    answers,
    components,
    finished,
    open_panel,
    play_panel,
    play_to_the_end,
)

KILLS = 20 * SCALE
TABLES = 4 * SCALE
SEED = int(os.environ.get("AGORA_CHAOS_SEED", "20261130"))
FIXTURES = ("pictured_bid", "sealed_bid")
SHIPPED = [g.strip() for g in os.environ.get("AGORA_CHAOS_GAMES", "").split(",") if g.strip()]
GAMES = (*FIXTURES, *SHIPPED)
"""The games dealt in turn to the :data:`TABLES` tables kept in play: the fixture games, then any
shipped games named in ``AGORA_CHAOS_GAMES`` (e.g. ``praetor,rftg``), all played to the end."""
ONE_OF_EACH = tuple(registry.GAMES)
"""The shipped games: one table of each is played among the others, a bounded number of decisions."""
SHIPPED_DECISIONS = 12
"""Decisions each player of a shipped game's table makes after the last restart (at most)."""
NAMES = ("Ann", "Bo", "Cy", "Dee", "Eli", "Fay")
HOUR = 3600
BATCH = 12
"""Old buttons clicked at once after the run (all at once would only measure the queue)."""
GAME_LINE = re.compile(r"^sealed\.\w+\(.*\)$")
"""A Sealed Bid event line as the bot writes it (the fixture games have no catalogue)."""


@dataclass
class Table:
    thread: int
    id: int
    users: list[FakeUser]
    game: str
    to_the_end: bool = True
    """Played to its end after the chaos; a shipped game's table in CI is played a bounded number
    of decisions instead."""


@dataclass
class Run:
    """What the driver saw: moves confirmed to players, and where each kill landed."""

    fake: TimedDiscord
    bot: BotProcess
    rng: random.Random
    users: list[FakeUser]
    db: Path
    tables: list[Table] = field(default_factory=list)
    told: Counter[tuple[int, int]] = field(default_factory=Counter)
    kills: Counter[str] = field(default_factory=Counter)
    cut: Counter[str] = field(default_factory=Counter)
    """Moves the bot was handling when it died: committed or not."""
    clock: float = 0.0

    finished: set[int] = field(default_factory=set)
    """Tables whose game is over in storage (whether or not the thread was told before a kill)."""

    def active(self) -> list[Table]:
        return [t for t in self.tables if t.id not in self.finished]

    async def refresh(self) -> None:
        self.finished = {
            table_id for table_id, status in (await statuses(self.db)).items() if status != "active"
        }


@pytest.fixture
async def run(fake: TimedDiscord, tmp_path: Path) -> AsyncIterator[Run]:
    process = BotProcess(fake, tmp_path, AGORA_EXTRA_GAMES=EXTRA_GAMES)
    await process.start()
    users = [fake.user(name) for name in NAMES]
    yield Run(fake, process, random.Random(SEED), users, db=tmp_path / "agora.db")
    rc = await process.stop()
    (tmp_path / "bot.log").write_text("\n".join(process.lines))
    assert process.problems() == [], "\n".join(process.problems()[:20])
    assert rc == 0, process.log()


async def top_up(run: Run) -> None:
    """Open tables until ``TABLES`` are being played to the end (finished ones are replaced)."""
    await run.refresh()
    while len([t for t in run.active() if t.to_the_end]) < TABLES:
        seated = run.rng.sample(run.users, run.rng.choice((2, 2, 3)))
        game = GAMES[len([t for t in run.tables if t.to_the_end]) % len(GAMES)]
        await open_for(run, game, seated, to_the_end=True)


async def open_for(run: Run, game: str, seated: list[FakeUser], *, to_the_end: bool) -> Table:
    thread = await started_table(run.fake, seated[0], *seated[1:], game=game)
    table = Table(thread, table_of(run.fake, thread), seated, game, to_the_end)
    run.tables.append(table)
    return table


async def one_of_each(run: Run) -> None:
    """A two-player table of each shipped game (not already dealt by ``AGORA_CHAOS_GAMES``)."""
    for game in ONE_OF_EACH:
        if game not in SHIPPED:
            await open_for(run, game, run.rng.sample(run.users, 2), to_the_end=False)


async def a_few_decisions(run: Run, table: Table) -> int:
    """Each player of ``table`` answers up to :data:`SHIPPED_DECISIONS` prompts, in turn, until
    nobody can move or the game is over; returns how many answers were given."""
    given = 0
    for _ in range(SHIPPED_DECISIONS):
        moved = 0
        for user in table.users:
            moved += await play_panel(run.fake, user, table.thread, max_steps=1, chooser=run.rng.randrange)
        given += moved
        if not moved or finished(run.fake, table.thread):
            break
    return given


async def panels(run: Run) -> list[tuple[Table, FakeUser, dict[str, Any]]]:
    """Every seated player of every active table opens their panel (all at once)."""
    await run.refresh()
    pairs = [(t, u) for t in run.active() for u in t.users]
    opened = await asyncio.gather(*(open_panel(run.fake, u, t.thread) for t, u in pairs))
    return [(t, u, p) for (t, u), p in zip(pairs, opened, strict=True)]


def moved(ix: Ix, panel_id: int) -> bool:
    """Whether the player saw their move go through: the panel itself was updated."""
    return any(c.op == "edit" and c.message_id == panel_id for c in ix.outputs)


async def kill_when(run: Run, sent: list[Ix], nth: int, delay: float) -> None:
    """Kill the bot ``delay`` seconds after it acknowledged the ``nth`` of ``sent``."""
    tokens = {ix.token for ix in sent}
    acknowledged = asyncio.Event()
    seen = 0

    def count(ix: Ix) -> None:
        nonlocal seen
        if ix.token in tokens:
            seen += 1
            if seen >= nth:
                acknowledged.set()

    run.fake.on_acknowledged = count
    seen = sum(1 for ix in sent if ix.callback_type is not None)
    if seen >= nth:
        acknowledged.set()
    try:
        await asyncio.wait_for(acknowledged.wait(), 10)
    finally:
        run.fake.on_acknowledged = None
    await asyncio.sleep(delay)
    await run.bot.kill()


async def epoch_of_moves(run: Run) -> None:
    """Everyone owing a decision answers it at once; the bot dies while it handles the answers."""
    opened = [(t, u, p) for t, u, p in await panels(run) if answers(p)]
    if not opened:
        await run.bot.kill()
        run.kills["idle"] += 1
        return
    before = await actions_by_user(run.db)
    sent = []
    for _, user, panel in opened:
        choice = run.rng.choice(answers(panel))
        if choice.get("type") == 3:
            value = run.rng.choice(choice["options"])["value"]
            sent.append(await run.fake.select(user, int(panel["id"]), choice["custom_id"], [value]))
        else:
            sent.append(await run.fake.click(user, int(panel["id"]), choice["custom_id"]))
    await kill_when(run, sent, run.rng.randint(1, len(sent)), run.rng.uniform(0.0, 0.6))
    after = await actions_by_user(run.db)
    in_flight = 0
    for (table, user, panel), ix in zip(opened, sent, strict=True):
        if moved(ix, int(panel["id"])):
            run.told[(table.id, user.id)] += 1
        elif ix.callback_type is not None:
            in_flight += 1
            key = (table.id, user.id)
            run.cut["committed, not yet told" if after[key] > before[key] else "not committed"] += 1
    run.kills["mid-move" if in_flight else "after the moves"] += 1


async def epoch_of_panels(run: Run) -> None:
    """Everyone opens their panel (which renders their private picture); the bot dies meanwhile."""
    await run.refresh()
    pairs = [(t, u) for t in run.active() for u in t.users]
    sent = [await run.fake.slash(u, "play", channel_id=t.thread) for t, u in pairs]
    await kill_when(run, sent, run.rng.randint(1, len(sent)), run.rng.uniform(0.0, 0.08))
    run.kills["mid-panel"] += 1


async def epoch_of_reminders(run: Run) -> None:
    """The clock jumps past every deadline; the bot dies while it sends the reminders."""
    run.clock += 30 * HOUR
    run.bot.set_clock(run.clock)
    await asyncio.sleep(run.rng.uniform(0.0, 0.4))
    await run.bot.kill()
    run.kills["mid-reminders"] += 1


async def chaos(run: Run) -> None:
    epochs = (epoch_of_moves, epoch_of_moves, epoch_of_moves, epoch_of_panels, epoch_of_reminders)
    await one_of_each(run)
    while sum(run.kills.values()) < KILLS:
        await top_up(run)
        await run.rng.choice(epochs)(run)
        await run.bot.start()


async def owing(db: Path, run: Run) -> dict[int, set[int]]:
    """Active table → the users it waits for, from storage; and check each has a deadline."""
    from bot.service import TableService

    await run.refresh()
    waits: dict[int, set[int]] = {}
    repo = await SqliteRepository.open(db)
    try:
        service = TableService(repo)
        for table in run.active():
            status = await service.status(table.id)
            assert status.result is None, f"table {table.id}: the game is over, yet the table is still active"
            people = {w.seat: w.user_id for w in status.waiting if w.user_id is not None}
            deadlines = {d.seat: d.user_id for d in await repo.deadlines(table.id)}
            assert deadlines == people, f"table {table.id} waits for {people} but has deadlines {deadlines}"
            waits[table.id] = set(people.values())
    finally:
        await repo.close()
    return waits


async def settled(db: Path, run: Run, timeout: float = 15.0) -> dict[int, set[int]]:
    """:func:`owing`, once the bot has finished resuming: on start it completes in the background
    whatever a kill cut short between a command's writes."""
    until = time.monotonic() + timeout
    while True:
        try:
            return await owing(db, run)
        except AssertionError:
            if time.monotonic() > until:
                raise
            await asyncio.sleep(0.25)


def reminded(run: Run, since: int) -> set[tuple[int, int]]:
    """(table, user) pairs DMed a reminder among the payloads from ``since`` on."""
    found = set()
    for captured in run.fake.captured[since:]:
        kind, who = captured.audience
        if kind != "dm" or "is waiting for your move" not in captured.text():
            continue
        for match in re.finditer(r"table (\d+) \(", captured.text()):
            found.add((int(match[1]), who))
    return found


async def click_every_button(run: Run) -> int:
    """Click the Play and Show-my-hand buttons and the first answer of the panels the bot posted or
    showed — of each kind, at each table, the oldest (shown before the first kill) and the newest —
    each as someone seated at that table (the panel's owner for a panel). Each click must be
    answered (most answers are out of date by now: a refusal is an answer), without an internal
    error. Returns how many were clicked."""
    seated = {t.id: t.users for t in run.tables}
    targets: list[tuple[FakeUser, int, dict[str, Any]]] = []
    seen: set[int] = set()
    for captured in list(run.fake.captured):
        message = run.fake.messages.get(captured.message_id)
        if message is None or captured.message_id in seen:
            continue
        seen.add(captured.message_id)
        first_answer = True
        for comp in components(message):
            custom_id = str(comp.get("custom_id", ""))
            is_answer = custom_id.startswith(ANSWER_PREFIXES)
            if not (custom_id.startswith(("agora:play:", "agora:hand:")) or (is_answer and first_answer)):
                continue
            first_answer = first_answer and not is_answer
            table_id = int(custom_id.split(":")[2])
            who = captured.audience[1]
            user = next((u for u in seated[table_id] if u.id == who), seated[table_id][0])
            targets.append((user, captured.message_id, comp))
    kinds: dict[tuple[int, str], list[tuple[FakeUser, int, dict[str, Any]]]] = {}
    for target in targets:
        parts = str(target[2]["custom_id"]).split(":")
        kinds.setdefault((int(parts[2]), parts[1]), []).append(target)
    targets = [t for group in kinds.values() for t in {id(g): g for g in (group[0], group[-1])}.values()]
    clicks: list[Ix] = []
    for start in range(0, len(targets), BATCH):
        batch = []
        for user, message_id, comp in targets[start : start + BATCH]:
            if comp.get("type") == 3:
                value = comp["options"][0]["value"]
                batch.append(await run.fake.select(user, message_id, comp["custom_id"], [value]))
            else:
                batch.append(await run.fake.click(user, message_id, comp["custom_id"]))
        for ix in batch:
            await run.fake.wait_for(
                lambda ix=ix: ix.outputs and not loading(ix), what=f"an answer to {ix.payload['data']}"
            )
            assert INTERNAL_ERROR not in ix.texts() and "Traceback" not in ix.texts(), ix.texts()
        clicks += batch
    return len(clicks)


async def test_the_bot_killed_again_and_again_loses_nothing(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "agora.db"
    await chaos(run)

    stored = await actions_by_user(db)
    shipped = [t for t in run.tables if t.game not in FIXTURES]
    in_chaos = {t.game: sum(stored[(t.id, u.id)] for u in t.users) for t in shipped}
    assert sum(in_chaos.values()) > 0, f"no shipped game's table was played during the chaos: {in_chaos}"
    for key, count in run.told.items():
        assert stored[key] >= count, f"table/user {key}: told of {count} moves, storage holds {stored[key]}"
    told = await read_told(db)
    for table in run.tables:
        posted = Counter(
            line for line in thread_text(run.fake, table.thread).splitlines() if GAME_LINE.match(line)
        )
        missing = posted - told.public_by_table[table.id]
        assert not missing, f"table {table.id} posted lines its log does not hold: {missing}"
    await replay_check(db)

    waits = await settled(db, run)
    expected = {(table_id, user_id) for table_id, users in waits.items() for user_id in users}
    mark = len(run.fake.captured)
    run.clock += 100 * HOUR
    run.bot.set_clock(run.clock)
    if expected:
        await run.fake.wait_for(lambda: reminded(run, mark), what=f"the first reminder of {expected}")
    await run.bot.kill()
    run.kills["mid-reminders"] += 1
    await run.bot.start()
    await run.fake.wait_for(lambda: reminded(run, mark) >= expected, timeout=20, what="every reminder")
    assert reminded(run, mark) == expected, "a reminder went to someone the table does not wait for"

    buttons = await click_every_button(run)
    assert buttons > 0

    await run.refresh()
    decisions = {}
    for table in run.active():
        if table.to_the_end:
            await play_to_the_end(run.fake, table.thread, table.users, rounds=2000, chooser=run.rng.randrange)
        else:
            decisions[table.game] = await a_few_decisions(run, table)
    assert all(decisions.values()), f"a shipped game's table took no decision after the chaos: {decisions}"
    replayed = await replay_check(db)
    tables = replayed.statuses
    ended = {t.id: tables[t.id] for t in run.tables if t.to_the_end}
    assert set(ended.values()) == {"finished"}, ended
    await settled(db, run)
    assert replayed.snapshots >= 1, "the Pictured Bid tables pass a snapshot"

    audit = secrets_audit(run.fake, await read_told(db))
    assert audit.leaks == [], "\n".join(audit.leaks[:20])
    assert audit.private_lines_seen and audit.private_pictures_seen
    assert sum(run.kills.values()) >= KILLS
    assert run.kills["mid-move"] >= 1, run.kills
    assert run.cut["committed, not yet told"] >= 1, run.cut
    def unannounced_ends() -> list[int]:
        return [
            t.id
            for t in run.tables
            if t.to_the_end and "The game is over." not in thread_text(run.fake, t.thread)
        ]

    with contextlib.suppress(AssertionError):  # the assertion below names the tables
        await run.fake.wait_for(lambda: not unannounced_ends(), timeout=10, what="every end told")
    unannounced = unannounced_ends()
    print(
        f"\nchaos: {len(run.tables)} tables, kills {dict(run.kills)}, moves cut {dict(run.cut)}, "
        f"moves confirmed {sum(run.told.values())}, buttons clicked afterwards {buttons}, "
        f"snapshots replayed {replayed.snapshots}, "
        f"games over but never announced {unannounced}, "
        f"shipped games' moves during the chaos {in_chaos} and decisions after it {decisions}"
    )
    assert unannounced == [], f"games over but never announced in their threads: {unannounced}"
