"""Bot figures: the real bot process (``python -m bot``) against the local fake Discord, with N tables
of simulated players (N = 10, 100, 500).

For each N, the tables are set up in the bot's database beforehand (through the table service, as
the bot would), the bot is started on it, and then every simulated player at once (two per table,
at most :data:`CONCURRENT` in flight) opens their panel with ``/play`` and answers it with one
click. The fake Discord timestamps each interaction when it sends INTERACTION_CREATE, when the bot
first responds (the acknowledgement: a reply or a defer), and when the follow-up arrives (the panel
itself, or the panel updated after the move: its words and buttons, which go before its picture);
the clicks' follow-ups are also reported on their own (``click``: the panel after a move).
When the panel's picture arrives (by an edit of the panel) is reported on its own: one table in
:data:`PICTURE_EVERY` plays a game with pictures, the others Sealed Bid.

Also reported: ``/play`` without a table number inside a table's thread (the bot finds the table
from the thread: the first time per thread, by listing the server's tables), the bot's resident
memory after the load (RSS, and its peak), and how long the bot took to start on N tables.

Each N is measured on three set-ups in the same run: one process on SQLite (the embedded
default), one process on PostgreSQL, and two processes (shard 0 and shard 1 of two) on one
PostgreSQL database, with the players split between the two (each table's second player reaches
the process that does not have the server, as a DM's button would): the figures of two processes
are the whole bot's, RSS added up. PostgreSQL is a throwaway local server started for the run
(``tests/postgres.py``, each commit flushed to disk); without one, only SQLite is measured.
The late-game tables are measured on SQLite.

Each N is measured :data:`RUNS` times (``AGORA_BENCH_RUNS`` to change it), each run on a fresh
database and a fresh bot process, and every figure reported is the median of the runs' figures
(the median of the runs' p50s, of their p99s, of their RSS). To keep the whole suite within about
three minutes on two cores, at most :data:`ACTING_TABLES` tables' players act in one run: at
N = 500, the players of one table in three (167 tables, 668 interactions); all N tables are in the
database and the bot starts on all of them. The report says how many acted.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import os
import sqlite3
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import render
from bench.common import percentile, report, table
from bench.service import MARGIN, playthrough, shipped_games, table_at
from bench.storage import open_url
from bot.service import TableService
from rules import registry
from storage.records import snapshot_checksum
from storage.sqlite import SqliteRepository
from tests.chaos.fake import TimedDiscord
from tests.e2e.fakediscord import FakeUser, Ix
from tests.e2e.fakediscord import payloads as P
from tests.e2e.harness import BotProcess
from tests.e2e.players import answers
from tests.fixtures.sealed_bid import ENGINE as SEALED_BID

SIZES = tuple(int(n) for n in os.environ.get("AGORA_BENCH_SIZES", "10,100,500").split(",") if n)
"""Table counts measured (``AGORA_BENCH_SIZES`` to change them)."""
RUNS = int(os.environ.get("AGORA_BENCH_RUNS", "3"))
"""Runs per N; each figure is the median over them."""
ACTING_TABLES = 200
"""At most this many tables' players act in one run (evenly spread: one table in ``ceil(N / 200)``)."""
PICTURE_EVERY = 10
"""One table in this many plays a game with pictures."""
CONCURRENT = 50
"""Simulated players acting at the same moment."""
THREAD_LOOKUPS = 10
"""``/play`` calls without a table number, each in a different thread, per N."""
EXTRA_GAMES = "tests.fixtures.sealed_bid:ENGINE"
FOLLOW_UP_WAIT = 120.0
"""Seconds a simulated player waits for a follow-up; one that has not come by then is counted as
never answered (``unanswered``) and left out of the percentiles, and that player stops."""


@dataclass
class BenchTable:
    id: int
    thread: int
    players: tuple[FakeUser, FakeUser]
    game: str


def picture_game() -> str:
    """The first shipped game with a renderer (Sealed Bid has none)."""
    for gid in registry.available():
        if gid != SEALED_BID.info.id and render.for_game(gid) is not None:
            return gid
    raise RuntimeError("no game with pictures is available")


@dataclass(frozen=True)
class Setup:
    """Where the bot keeps its tables, and in how many processes it runs."""

    backend: str
    processes: int = 1

    @property
    def name(self) -> str:
        return f"{self.backend} x{self.processes}"


SETUPS = (Setup("sqlite"), Setup("postgresql"), Setup("postgresql", 2))


async def populate(fake: TimedDiscord, url: str, n: int, pictured: str) -> list[BenchTable]:
    """``n`` started two-player tables, each in its own thread of the fake server."""
    registry.register(SEALED_BID)
    repo = await open_url(url)
    tables = []
    try:
        service = TableService(repo)
        for i in range(n):
            game = pictured if i % PICTURE_EVERY == 0 else SEALED_BID.info.id
            players = (fake.user(f"P{i}a"), fake.user(f"P{i}b"))
            thread = P.snowflake()
            fake.channels[thread] = P.thread_channel(
                thread, fake.guild_id, fake.channel_id, fake.bot_user.id, f"table {i}"
            )
            info = await service.create_table(
                game, fake.guild_id, fake.channel_id, players[0].id, players[0].name, thread_id=thread
            )
            await service.join(info.id, players[1].id, players[1].name)
            await service.start(info.id, players[0].id, seed=i)
            tables.append(BenchTable(info.id, thread, players, game))
    finally:
        await repo.close()
    return tables


LATE_SIZES = tuple(int(n) for n in os.environ.get("AGORA_BENCH_LATE_SIZES", "500").split(",") if n)
"""Sizes measured again with late-game tables of the shipped games (:func:`populate_late`)."""
LATE_MOVES = 600
"""Moves a late-game table has played (fewer where the game's random playthrough ends sooner)."""


async def populate_late(fake: TimedDiscord, db: Path, n: int) -> list[BenchTable]:
    """``n`` two-player tables of the shipped games in turn, each deep into its game: one table per
    game is played to ``LATE_MOVES`` moves (or :data:`bench.service.MARGIN` moves short of where its
    random playthrough ends) through the table service, and copied row by row for the others."""
    games = shipped_games()
    templates: dict[str, tuple[int, str]] = {}
    repo = await SqliteRepository.open(db)
    try:
        service = TableService(repo)
        for game in games:
            moves = playthrough(game, 7, LATE_MOVES + MARGIN)
            people = (fake.user(f"T{game}a"), fake.user(f"T{game}b"))
            table_id = await table_at(
                service, game, 7, moves[: max(len(moves) - MARGIN, 0)], people=(people[0].id, people[1].id),
                names=(people[0].name, people[1].name), guild_id=fake.guild_id, channel_id=fake.channel_id)
            templates[game] = (table_id, game)
    finally:
        await repo.close()
    tables = []
    db_conn = sqlite3.connect(db)
    try:
        with db_conn:
            for i in range(n):
                template, game = templates[games[i % len(games)]]
                players = (fake.user(f"P{i}a"), fake.user(f"P{i}b"))
                thread = P.snowflake()
                fake.channels[thread] = P.thread_channel(
                    thread, fake.guild_id, fake.channel_id, fake.bot_user.id, f"table {i}"
                )
                copied = _copy_table(db_conn, template, thread, players)
                tables.append(BenchTable(copied, thread, players, game))
    finally:
        db_conn.close()
    return tables


def _copy_table(
    db: sqlite3.Connection, template: int, thread: int, players: tuple[FakeUser, FakeUser]
) -> int:
    """A copy of table ``template`` (seats, log, snapshots, deadlines) in ``thread`` between ``players``."""
    columns = [r[1] for r in db.execute("PRAGMA table_info(tables)") if r[1] not in ("id", "thread_id")]
    listed = ", ".join(columns)
    cursor = db.execute(
        f"INSERT INTO tables (thread_id, {listed}) SELECT ?, {listed} FROM tables WHERE id = ?",
        (thread, template))
    table_id = cursor.lastrowid
    assert table_id is not None
    for name in ("seats", "actions", "events", "snapshots", "reminders"):
        cols = ", ".join(r[1] for r in db.execute(f"PRAGMA table_info({name})") if r[1] != "table_id")
        db.execute(f"INSERT INTO {name} (table_id, {cols}) SELECT ?, {cols} FROM {name} WHERE table_id = ?",
                   (table_id, template))
    for position, player in enumerate(players):
        db.execute("UPDATE seats SET user_id = ?, name = ? WHERE table_id = ? AND position = ?",
                   (player.id, player.name, table_id, position))
        db.execute("UPDATE reminders SET user_id = ? WHERE table_id = ? AND seat = ?",
                   (player.id, table_id, position))
    old_actor = dict(db.execute("SELECT position, user_id FROM seats WHERE table_id = ?",
                                (template,)).fetchall())
    for position, player in enumerate(players):
        db.execute("UPDATE actions SET actor = ? WHERE table_id = ? AND actor = ?",
                   (f"user:{player.id}", table_id, f"user:{old_actor[position]}"))
    snapshots = db.execute("SELECT seq, state_json FROM snapshots WHERE table_id = ?", (table_id,)).fetchall()
    db.executemany("UPDATE snapshots SET checksum = ? WHERE table_id = ? AND seq = ?",
                   [(snapshot_checksum(table_id, seq, text), table_id, seq) for seq, text in snapshots])
    return table_id


async def one_player(fake: TimedDiscord, user: FakeUser, t: BenchTable, gate: asyncio.Semaphore) -> list[Ix]:
    """Open the panel with ``/play``, then press its first answer; return both interactions."""
    async with gate:
        opened = await fake.slash(user, "play", channel_id=t.thread, table=t.id)
        done = [opened]
        if not await answered(fake, opened):
            return done
        assert opened.original_id is not None
        choices = answers(fake.messages[opened.original_id])
        if choices:
            choice = choices[0]
            if choice.get("type") == 3:
                value = choice["options"][0]["value"]
                clicked = await fake.select(user, opened.original_id, choice["custom_id"], [value])
            else:
                clicked = await fake.click(user, opened.original_id, choice["custom_id"])
            done.append(clicked)
            await answered(fake, clicked)
        return done


async def answered(fake: TimedDiscord, ix: Ix) -> bool:
    """Whether the bot followed ``ix`` up within :data:`FOLLOW_UP_WAIT`."""
    try:
        await fake.followed(ix, FOLLOW_UP_WAIT)
    except AssertionError:
        return False
    return True


def rss_mb(pid: int) -> tuple[float, float]:
    """Resident memory of process ``pid`` now and at its peak, in MiB (Linux)."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def ms(samples: list[float], pct: float) -> float:
    return percentile(samples, pct) * 1000


def acting(tables: list[BenchTable], most: int = ACTING_TABLES) -> list[BenchTable]:
    """The tables whose players act: all of them, or one in ``ceil(n / most)`` (table 0, which
    plays with pictures, among them; the share with pictures stays about the same)."""
    return tables[:: max(1, math.ceil(len(tables) / most))]


async def measure(n: int, folder: Path, pictured: str, url: str | None = None, processes: int = 1,
                  *, late: bool = False) -> dict[str, Any]:
    """One run with ``n`` tables (the players of :func:`acting` ones act) on the database ``url``
    (default: a SQLite file in ``folder``), served by ``processes`` bot processes (one shard
    each); figures in milliseconds and MiB. ``late``: the tables are late-game tables of the
    shipped games (:func:`populate_late`, SQLite only)."""
    db = folder / "agora.db"
    url = url or f"sqlite:///{db}"
    fake = TimedDiscord()
    await fake.start()
    bots = []
    for shard in range(processes):
        workdir = folder / f"shard{shard}"
        workdir.mkdir()
        env = {"AGORA_EXTRA_GAMES": EXTRA_GAMES, "LOG_LEVEL": "WARNING", "DATABASE_URL": url}
        if processes > 1:
            env |= {"SHARD_COUNT": str(processes), "SHARD_IDS": str(shard)}
        if bots:
            env["AGORA_CLOCK_FILE"] = str(bots[0].clock_file)
        bots.append(BotProcess(fake, workdir, **env))
    try:
        if late:
            tables = await populate_late(fake, db, n)
        else:
            tables = await populate(fake, url, n, pictured)
        if processes > 1:
            away = 1 - fake.shard_of(fake.guild_id)
            fake.route.update({t.players[1].id: away for t in tables})
        started = time.perf_counter()
        for bot in bots:
            bot.env["LOG_LEVEL"] = "INFO"  # start() waits for the "ready" line
            await bot.start()
        startup = time.perf_counter() - started
        gate = asyncio.Semaphore(CONCURRENT)
        began = time.perf_counter()
        active = acting(tables)
        runs = await asyncio.gather(*(one_player(fake, u, t, gate) for t in active for u in t.players))
        elapsed = time.perf_counter() - began
        ixs = [ix for pair in runs for ix in pair]
        lookups = []
        for t in tables[:THREAD_LOOKUPS]:
            ix = await fake.slash(t.players[0], "play", channel_id=t.thread)
            await fake.followed(ix)
            lookups.append(fake.timings[ix.token])
        memory = [rss_mb(bot.proc.pid) for bot in bots if bot.proc is not None]
        rss, peak = sum(m[0] for m in memory), sum(m[1] for m in memory)
    finally:
        for bot in bots:
            if bot.proc is not None and bot.proc.returncode is None:
                await bot.stop()
        await fake.stop()
    timings = [fake.timings[ix.token] for ix in ixs]
    ack = [t.acknowledged - t.sent for t in timings if t.acknowledged is not None]
    follow = [t.followed - t.sent for t in timings if t.followed is not None]
    clicked = [fake.timings[pair[1].token] for pair in runs if len(pair) > 1]
    click = [t.followed - t.sent for t in clicked if t.followed is not None]
    picture = [t.picture - t.sent for t in timings if t.picture is not None]
    lookup = [t.followed - t.sent for t in lookups if t.followed is not None]
    return {
        "acting_tables": len(active),
        "interactions": len(ixs),
        "unanswered": sum(1 for t in timings if t.followed is None),
        "interactions_per_s": len(ixs) / elapsed,
        "ack_p50_ms": ms(ack, 50),
        "ack_p99_ms": ms(ack, 99),
        "followup_p50_ms": ms(follow, 50),
        "followup_p99_ms": ms(follow, 99),
        "click_followup_p50_ms": ms(click, 50),
        "click_followup_p99_ms": ms(click, 99),
        "picture_followups": len(picture),
        "picture_p50_ms": ms(picture, 50),
        "picture_p99_ms": ms(picture, 99),
        "thread_lookup_play_p50_ms": ms(lookup, 50),
        "rss_mib": rss,
        "rss_peak_mib": peak,
        "startup_s": startup,
    }


def run(
    sizes: tuple[int, ...] = SIZES, runs: int = RUNS, late_sizes: tuple[int, ...] = LATE_SIZES
) -> dict[str, Any]:
    """Measure each set-up and size ``runs`` times, with fresh tables, and then on SQLite with
    late-game tables of the shipped games (``late_sizes``); print and report the medians (and keep
    every run's figures in the report)."""
    from tests.postgres import NoServer, running_server

    pictured = picture_game()
    figures: dict[str, Any] = {
        "picture_game": pictured,
        "concurrent_players": CONCURRENT,
        "runs": runs,
        "acting_tables_at_most": ACTING_TABLES,
    }
    rows = []
    with contextlib.ExitStack() as stack:
        try:
            server = stack.enter_context(running_server(durable=True))
        except NoServer as exc:
            server = None
            figures["postgresql"] = f"not measured ({exc})"
        plan = [(setup, n, False) for setup in SETUPS for n in sizes]
        plan += [(SETUPS[0], n, True) for n in late_sizes]
        for setup, n, late in plan:
            if setup.backend == "postgresql" and server is None:
                continue
            results = []
            for _ in range(runs):
                url = server.new_database() if setup.backend == "postgresql" and server else None
                with tempfile.TemporaryDirectory() as folder:
                    results.append(asyncio.run(measure(n, Path(folder), pictured, url, setup.processes,
                                                       late=late)))
            entry = {key: statistics.median(r[key] for r in results) for key in results[0]}
            name = f"{setup.name}/{n}_late_tables" if late else f"{setup.name}/{n}_tables"
            figures[name] = entry
            figures[f"{name}_each_run"] = results
            rows.append([setup.name, f"{n} late" if late else n, *entry.values()])
    header = [
        "set-up",
        "tables",
        "acting",
        "ixs",
        "unanswered",
        "ixs/s",
        "ack p50",
        "ack p99",
        "follow p50",
        "follow p99",
        "click p50",
        "click p99",
        "pictures",
        "picture p50",
        "picture p99",
        "thread /play p50",
        "RSS MiB",
        "peak MiB",
        "start s",
    ]
    print(
        table(
            f"bot (python -m bot vs. the fake Discord; ms; {pictured} pictures on 1 table in "
            f"{PICTURE_EVERY}; each figure the median of {runs} run(s); the players of at most "
            f"{ACTING_TABLES} tables act per run, evenly spread, all tables loaded; xN: N processes)",
            header,
            rows,
        )
    )
    if "postgresql" in figures:
        print(f"postgresql: {figures['postgresql']}")
    print(f"-> {report('bot', figures)}")
    return figures
