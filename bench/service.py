"""Table service figures: what one button click costs at the start of a game and late in it, and how
long the bot takes to start with many active tables.

* **A click** is what the Discord adapter asks of the table service for one button press, pictures
  left out: the panel of the seat that clicks (:meth:`prompt_for`), the move (:meth:`act`), the
  follow-up panel of every person the table then waits for, the board view and the mover's own
  view (what the pictures are drawn from) and the status line. It is timed at log lengths 10,
  1,000 and 3,000 for each shipped game, two players, both people, a snapshot every 10 entries as
  in the bot. Every shipped game's random playthrough ends well before 1,000 moves, so a longer
  log is the end of that playthrough followed by moves taken back with ``/game undo`` (each a move
  and its undo entry, played through the table service as the bot plays them, asking the other
  player's consent where the move revealed something), as a table whose players often take their
  moves back holds: the state is the late game's and the log has the length named, so the clicks
  at 1,000 and 3,000 entries start from the same state. The playthrough stops one move earlier
  where that makes the moves and their undos fill the log to exactly the length named: every
  length then stands where the click at 10 entries does in the cycle of snapshots (one every 10
  entries), where a log of 999 would have its load replay 9 entries and its click write a
  snapshot, costs of every length alike that the click at 10 does not pay. Every click of a
  length starts from the same position, on a copy of the table of its own. *Cold*: a process that
  has not loaded the table yet (after a restart, or after another process moved); *warm*: the
  process that handled the previous click (ending on its follow-up panels). Cold click ``i`` and
  warm click ``i`` answer with the same random choices, so that they differ by the load alone.
  The lengths take turns click by click, so that a drift of the machine's speed moves them alike,
  and the clicks run on one CPU (:func:`one_cpu`). CPU is the
  process's (every thread, the database's too), wall is the elapsed time. The late/early ratio
  divides the figure at 3,000 entries by the figure at 10.
* **Startup**: opening the database, :meth:`resume_all` and :meth:`announcements_all` over
  ``STARTUP_TABLES`` active tables, every one settled by its last command (a restart after a clean
  stop), and then the cost per table that a crash left unsettled.
* **Floors**, measured in the same run: a bare SQLite commit (one row, WAL, ``synchronous=FULL``,
  as the bot's storage) and a bare PNG encode of a board-sized canvas. Figures are given as
  multiples of the floor too, so that runs on machines of other speeds compare.

Each figure is the median of ``RUNS`` clicks (or startups). Run: ``python -m bench service``.
"""

from __future__ import annotations

import asyncio
import io
import os
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from PIL import Image

from bench.common import report, table
from bot.service import TableService, errors
from bot.service.core import SNAPSHOT_EVERY, SNAPSHOTS_KEPT_EVERY
from bot.service.tables import stored, user_actor
from rules import registry
from rules.core import Rng, random_choice
from storage.records import NewEntry, snapshot_checksum
from storage.sqlite import SqliteRepository

LENGTHS = (10, 1_000, 3_000)
RUNS = 15
STARTUP_TABLES = 5_000
UNSETTLED_SAMPLE = 20
PEOPLE = (101, 202)
MARGIN = 40
"""Moves of the random playthrough kept after the longest log timed, so that the clicks (answered at
random too) seldom reach the game's end; a click on a finished game is left out."""


def shipped_games() -> tuple[str, ...]:
    """The games the bot ships (those of the ``rules`` package, not fixtures registered beside them)."""
    return tuple(g for g in registry.available() if type(registry.get(g)).__module__.startswith("rules."))


def floor_commit(folder: Path, runs: int = 30) -> tuple[float, float]:
    """(CPU, wall) seconds of one bare SQLite commit of one row, median of ``runs``."""
    db = sqlite3.connect(folder / "floor.db", isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL").fetchall()
    db.execute("PRAGMA synchronous = FULL")
    db.execute("CREATE TABLE t (n INTEGER, text TEXT)")
    cpu, wall = [], []
    for n in range(runs):
        c, w = time.process_time(), time.perf_counter()
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO t VALUES (?, ?)", (n, "x" * 200))
        db.execute("COMMIT")
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    db.close()
    return statistics.median(cpu), statistics.median(wall)


def floor_png(size: tuple[int, int] = (1200, 900), runs: int = 5) -> float:
    """Seconds of one bare PNG encode of a board-sized RGB canvas with some drawing on it."""
    from PIL import ImageDraw

    canvas = Image.new("RGB", size, (240, 235, 220))
    draw = ImageDraw.Draw(canvas)
    for i in range(0, size[0], 40):
        draw.rectangle((i, i % size[1], i + 30, (i % size[1]) + 30), fill=(i % 255, 80, 160))
        draw.text((i, 20), f"{i}", fill=(0, 0, 0))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        canvas.save(io.BytesIO(), format="PNG")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def playthrough(game_id: str, seed: int, longest: int) -> list[tuple[int, Any]]:
    """A random two-player playthrough as (seat, action), stopped before the game would end or at
    ``longest`` moves."""
    engine = registry.get(game_id)
    state = engine.new_game(2, {}, seed)
    rng = Rng.from_seed(seed)
    moves: list[tuple[int, Any]] = []
    while len(moves) < longest:
        prompts = engine.prompts(state)
        if not prompts:
            break
        seat = rng.choice(sorted(prompts))
        action = engine.parse_action(random_choice(prompts[seat], rng))
        after, _ = engine.apply(state, seat, action)
        if engine.result(after) is not None:
            break
        state = after
        moves.append((seat, action))
    return moves


async def table_at(
    service: TableService, game_id: str, seed: int, moves: list[tuple[int, Any]], *,
    people: tuple[int, int] = PEOPLE, names: tuple[str, str] = ("Ada", "Bo"), guild_id: int = 1,
    channel_id: int = 1, thread_id: int | None = None,
) -> int:
    """A started table of ``game_id`` between ``people`` whose log holds ``moves`` (written as the
    bot would: in commits with a snapshot every ``SNAPSHOT_EVERY`` entries, those every
    ``SNAPSHOTS_KEPT_EVERY`` kept), settled, and announced."""
    engine = registry.get(game_id)
    info = await service.create_table(game_id, guild_id, channel_id, people[0], names[0], thread_id=thread_id)
    await service.join(info.id, people[1], names[1])
    await service.start(info.id, people[0], seed=seed, shuffle_seats=False)
    head = (await service.table(info.id)).seq
    assert head == 0, "bench tables have no bot seats: the log starts empty"
    state = engine.new_game(2, {}, seed)
    batch: list[NewEntry] = []
    for seat, action in moves:
        state, events = engine.apply(state, seat, action)
        batch.append(NewEntry(kind="action", seat=seat, actor=user_actor(people[seat]),
                              payload_json=engine.dump_action(action), events=stored(events)))
        if (head + len(batch)) % SNAPSHOT_EVERY == 0 or head + len(batch) == len(moves):
            seq = head + len(batch)
            snapshot = (seq, engine.dump(state)) if seq % SNAPSHOT_EVERY == 0 else None
            kept = (seq - 1) // SNAPSHOTS_KEPT_EVERY * SNAPSHOTS_KEPT_EVERY if snapshot else None
            head = await service.repo.append(info.id, head, batch, service.clock(), snapshot=snapshot,
                                             replaces_after=kept)
            batch = []
    await service.resume(info.id)
    await service.mark_announced(info.id, head)
    return info.id


async def taken_back(service: TableService, table_id: int, length: int, rng: Rng) -> int:
    """Grow the table's log to ``length`` entries with moves taken back: whoever the table waits
    for plays a random option, then asks for it back (the other person consenting where the move
    revealed something), as players do. The state ends where it began. Returns the log's length."""
    head = (await service.table(table_id)).seq
    while head + 2 <= length:
        status = await service.status(table_id)
        user = next((w.user_id for w in status.waiting if w.user_id is not None), None)
        if user is None:
            break
        prompt = await service.prompt_for(table_id, user)
        assert prompt is not None
        await service.act(table_id, user, random_choice(prompt.prompt, rng), expected_seq=prompt.seq)
        try:
            await service.undo(table_id, user)
        except errors.UndoRefused:
            await service.request_undo(table_id, user)
            other = next(p for p in PEOPLE if p != user)
            await service.consent_undo(table_id, other)
        head = (await service.table(table_id)).seq
    return head


async def click(service: TableService, table_id: int, rng: Rng) -> tuple[float, float] | None:
    """(CPU, wall) seconds of one click by whoever the table waits for (``None``: the game is over)."""
    status = await service.status(table_id)
    user = next((w.user_id for w in status.waiting if w.user_id is not None), None)
    if user is None:
        return None
    cpu, wall = time.process_time(), time.perf_counter()
    prompt = await service.prompt_for(table_id, user)
    assert prompt is not None
    choice = random_choice(prompt.prompt, rng)
    outcome = await service.act(table_id, user, choice, expected_seq=prompt.seq)
    for waiting in outcome.waiting:
        if waiting.user_id is not None:
            await service.prompt_for(table_id, waiting.user_id)
    await service.view_for(table_id, None)
    await service.view_for(table_id, user)
    await service.status(table_id)
    return time.process_time() - cpu, time.perf_counter() - wall


async def timed_clicks(tables: dict[int, tuple[Path, int]]) -> dict[int, dict[str, float]]:
    """Median CPU and wall of ``RUNS`` cold clicks and ``RUNS`` warm ones at each log length, in
    milliseconds. ``tables`` gives each length's database and table; each table is cloned
    ``2 * RUNS`` times and each click is on a clone of its own, so that every click of a length
    finds the same state and log. Cold click ``i`` and warm click ``i`` answer with the same random
    choices (``Rng.from_seed(i)``), so that the two differ by the load alone.

    The lengths take turns, click by click (click ``i`` at every length, then click ``i + 1``): a
    machine whose speed drifts while the clicks are timed moves every length alike, and the ratio
    of two lengths' medians compares clicks taken side by side, not minutes apart. One untimed
    click on each table itself first readies its connection (its statements prepared), as a
    running bot's is."""
    repos: dict[int, SqliteRepository] = {}
    cold: dict[int, list[tuple[float, float]]] = {length: [] for length in tables}
    warm: dict[int, list[tuple[float, float]]] = {length: [] for length in tables}
    try:
        for length, (path, table_id) in tables.items():
            _clone(path, table_id, 2 * RUNS)
            repos[length] = repo = await SqliteRepository.open(path)
            await click(TableService(repo, snapshot_every=SNAPSHOT_EVERY), table_id, Rng.from_seed(RUNS))
        for i in range(RUNS):
            for length, (_, table_id) in tables.items():
                repo = repos[length]
                cold_table, warm_table = table_id + 1 + i, table_id + 1 + RUNS + i
                if c := await click(TableService(repo, snapshot_every=SNAPSHOT_EVERY), cold_table,
                                    Rng.from_seed(i)):
                    cold[length].append(c)
                warm_service = TableService(repo, snapshot_every=SNAPSHOT_EVERY)
                # The process that handled the click before: it ended on the follow-up panels.
                for waiting in (await warm_service.status(warm_table)).waiting:
                    if waiting.user_id is not None:
                        await warm_service.prompt_for(warm_table, waiting.user_id)
                if c := await click(warm_service, warm_table, Rng.from_seed(i)):
                    warm[length].append(c)
    finally:
        for repo in repos.values():
            await repo.close()
    return {
        length: {
            "cold_cpu_ms": statistics.median(c for c, _ in cold[length]) * 1000,
            "cold_wall_ms": statistics.median(w for _, w in cold[length]) * 1000,
            "warm_cpu_ms": statistics.median(c for c, _ in warm[length]) * 1000,
            "warm_wall_ms": statistics.median(w for _, w in warm[length]) * 1000,
        }
        for length in tables
    }


async def clicks(folder: Path, game_id: str) -> dict[str, Any]:
    """The clicks at each of ``LENGTHS``: the first on a table of its own, the longer ones on one
    table at the end of the playthrough whose log grows from one length to the next (so that their
    states are the same and their logs differ); each length's clicks on copies of its table, the
    lengths timed in turn (:func:`timed_clicks`)."""
    seed = 11
    moves = playthrough(game_id, seed, max(LENGTHS) + MARGIN)
    figures: dict[str, Any] = {}
    built: dict[bool, tuple[SqliteRepository, Path, int]] = {}
    copies: dict[int, tuple[Path, int]] = {}
    try:
        for length in LENGTHS:
            late = length > LENGTHS[0]
            at = min(length, max(len(moves) - MARGIN, 0))
            if late:
                # A move and its undo are two entries: an even stretch of them fills the log to the
                # length named, so every length stands at the same place in the snapshot cycle.
                at -= (length - at) % 2
            if late not in built:
                path = folder / f"{game_id}-{length}.db"
                repo = await SqliteRepository.open(path)
                built[late] = repo, path, await table_at(TableService(repo, snapshot_every=SNAPSHOT_EVERY),
                                                         game_id, seed, moves[:at])
            repo, path, table_id = built[late]
            builder = TableService(repo, snapshot_every=SNAPSHOT_EVERY)
            logged = await taken_back(builder, table_id, length, Rng.from_seed(length))
            assert logged == length, (game_id, length, logged)
            in_force = len(await repo.actions_in_force(table_id, 0, logged))
            copy = folder / f"{game_id}-{length}-clicks.db"
            _backup(path, copy)
            copies[length] = copy, table_id
            figures[str(length)] = {"log_length": logged, "moves_in_force": in_force}
    finally:
        for repo, _, _ in built.values():
            await repo.close()
    for length, timed in (await timed_clicks(copies)).items():
        figures[str(length)].update(timed)
    early, late_figures = figures[str(LENGTHS[0])], figures[str(LENGTHS[-1])]
    figures["late_early_cold_cpu"] = late_figures["cold_cpu_ms"] / early["cold_cpu_ms"]
    figures["late_early_warm_cpu"] = late_figures["warm_cpu_ms"] / early["warm_cpu_ms"]
    return figures


@contextmanager
def one_cpu() -> Iterator[None]:
    """The process's threads started meanwhile on one CPU (where the OS lets a process choose).

    A click is the event loop and the database thread handing work to each other, never both
    running; the OS places each connection's thread on a CPU of its own choosing, and on a shared
    machine one placement can cost a length's every click half as much again as another's (15
    clicks a length taken in turn, two placements, 3.6 against 5.3 ms of CPU). On one CPU every
    click pays the same handing over, and the lengths compare by what they do."""
    if not hasattr(os, "sched_setaffinity"):
        yield
        return
    allowed = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(allowed)})
    try:
        yield
    finally:
        os.sched_setaffinity(0, allowed)


def _backup(path: Path, copy: Path) -> None:
    """Copy the database at ``path`` (its write-ahead log included) to ``copy``."""
    source, target = sqlite3.connect(path), sqlite3.connect(copy)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()


async def startup(folder: Path, tables: int | None = None) -> dict[str, Any]:
    """Start over ``tables`` settled active tables (cloned in SQL from one real late-game table),
    then resume ``UNSETTLED_SAMPLE`` of them marked unsettled, per table."""
    tables = STARTUP_TABLES if tables is None else tables
    path = folder / "startup.db"
    repo = await SqliteRepository.open(path)
    game_id = "rftg" if "rftg" in shipped_games() else registry.available()[0]
    try:
        service = TableService(repo, snapshot_every=SNAPSHOT_EVERY)
        template = await table_at(service, game_id, 5, playthrough(game_id, 5, 120))
    finally:
        await repo.close()
    _clone(path, template, tables - 1)

    async def start() -> float:
        begin = time.perf_counter()
        repo = await SqliteRepository.open(path)
        try:
            service = TableService(repo)
            await service.resume_all()
            await service.announcements_all()
        finally:
            await repo.close()
        return time.perf_counter() - begin

    times = [await start() for _ in range(3)]
    db = sqlite3.connect(path)
    with db:
        db.execute("UPDATE tables SET settled_seq = -1 WHERE id <= ?", (UNSETTLED_SAMPLE,))
    db.close()
    unsettled = await start()
    return {
        "tables": tables,
        "game": game_id,
        "settled_start_s": statistics.median(times),
        "unsettled_resume_ms_per_table": unsettled * 1000 / UNSETTLED_SAMPLE,
    }


def _clone(path: Path, template: int, copies: int) -> None:
    """Copy table ``template`` with its seats, log, snapshots and deadlines ``copies`` times."""
    db = sqlite3.connect(path)
    with db:
        columns = [r[1] for r in db.execute("PRAGMA table_info(tables)") if r[1] != "id"]
        listed = ", ".join(columns)
        db.execute("CREATE TEMP TABLE n (i INTEGER PRIMARY KEY)")
        db.executemany("INSERT INTO n VALUES (?)", [(i,) for i in range(1, copies + 1)])
        db.execute(f"INSERT INTO tables (id, {listed}) SELECT ? + n.i, {listed} FROM tables, n WHERE id = ?",
                   (template, template))
        for name in ("seats", "actions", "events", "snapshots", "reminders"):
            cols = [r[1] for r in db.execute(f"PRAGMA table_info({name})")]
            rest = ", ".join(c for c in cols if c != "table_id")
            db.execute(f"INSERT INTO {name} (table_id, {rest}) SELECT ? + n.i, {rest} FROM {name}, n"
                       " WHERE table_id = ?", (template, template))
        snapshots = db.execute("SELECT seq, state_json FROM snapshots WHERE table_id = ?",
                               (template,)).fetchall()
        db.executemany("UPDATE snapshots SET checksum = ? WHERE table_id = ? AND seq = ?",
                       [(snapshot_checksum(template + i, seq, text), template + i, seq)
                        for i in range(1, copies + 1) for seq, text in snapshots])
    db.close()


def run(games: tuple[str, ...] | None = None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        commit_cpu, commit_wall = floor_commit(folder)
        png = floor_png()
        figures: dict[str, Any] = {"floors": {"sqlite_commit_cpu_ms": commit_cpu * 1000,
                                              "sqlite_commit_wall_ms": commit_wall * 1000,
                                              "png_encode_ms": png * 1000}}
        rows = []
        for game_id in games or shipped_games():
            with one_cpu():
                figures[game_id] = per_game = asyncio.run(clicks(folder, game_id))
            for length in LENGTHS:
                f = per_game[str(length)]
                log = f"{f['log_length']} ({f['moves_in_force']})"
                rows.append([game_id, log, f["cold_cpu_ms"], f["cold_wall_ms"], f["warm_cpu_ms"],
                             f["warm_wall_ms"], f["cold_wall_ms"] / (commit_wall * 1000)])
            rows.append([game_id, "late/early", per_game["late_early_cold_cpu"], "",
                         per_game["late_early_warm_cpu"], "", ""])
        print(table(f"one click (pictures left out), median of {RUNS}",
                    ["game", "log (moves in force)", "cold CPU ms", "cold wall ms", "warm CPU ms",
                     "warm wall ms", "cold wall / commit"], rows))
        figures["startup"] = start = asyncio.run(startup(folder))
        print(table("startup", ["active tables", "start s (all settled)", "resume ms per unsettled table"],
                    [[start["tables"], start["settled_start_s"], start["unsettled_resume_ms_per_table"]]]))
        print(f"floors: SQLite commit {commit_wall * 1000:.2f} ms wall ({commit_cpu * 1000:.2f} ms CPU),"
              f" PNG encode {png * 1000:.1f} ms")
    print(f"-> {report('service', figures)}")
    return figures

