"""Fault injection: what players and the operator are told when storage fails, and that nothing
acknowledged is lost. ``python -m bench faults``.

Each scenario runs a real table service over a real temporary SQLite file: one table of
``GAME`` (a person and a random bot) is played for a few of the person's decisions, then storage
fails while the person makes one more move, in one of these ways:

* ``disk_full``: the database may not grow (SQLite's ``max_page_count`` at its current size), so
  the move's own commit fails; then space is "freed" and the same move is made again.
* ``disk_full_after_commit``: the move commits, the bots' answer to it fails (injected at the
  connection); the reminder loop's repair settles the table once storage works again.
* ``read_only``: every write fails as on a read-only file (injected); reads go on.
* ``damaged_snapshot``: one digit of the table's newest snapshot is changed in the file.
* ``damaged_log_page``: a page of the log (the ``actions`` table) is overwritten in the file; the
  file is refused at open and salvaged with ``python -m storage.backup --salvage``.
* ``lock_held``: another process holds the database's write lock (a plain ``sqlite3`` connection in
  ``BEGIN IMMEDIATE``) for longer than the bot waits; meanwhile another table's status is asked.

For each: the sentence the player reads (English), the operator's log line, acknowledged moves
lost (every move the service returned for must be in the log afterwards), and whether play went on.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bench.common import report, table
from bot.discord.funnel import sentence
from bot.discord.i18n import Words
from bot.service import SavedButUnsettled, TableService
from storage.backup import salvage
from storage.repository import DamagedDatabase, StorageUnavailable
from storage.sqlite import SqliteRepository, salvage_command
from tests.storage.faults import Faults

GAME = "rftg"
PERSON = 100
WARMUP = 4
"""The person's decisions played before the fault."""
LOCK_WAIT_MS = 1500
"""How long the bot waits for another process's write lock in the ``lock_held`` scenario."""

EN = Words("en")
Scenario = Callable[[Path], Awaitable[dict[str, Any]]]


class Table:
    """A service over a file, one started table, and the seqs of the moves it acknowledged."""

    def __init__(self, repo: SqliteRepository, service: TableService, table_id: int) -> None:
        self.repo = repo
        self.service = service
        self.id = table_id
        self.acknowledged: list[int] = []

    @classmethod
    async def open(cls, path: Path, faults: Faults | None = None, **options: Any) -> Table:
        repo = await SqliteRepository.open(path, wrap=faults, **options)
        service = TableService(repo, snapshot_every=3, seed_source=lambda: 1)
        info = await service.create_table(GAME, 1, 2, PERSON, "Ada", {})
        await service.add_bot(info.id, PERSON, "random")
        await service.start(info.id, PERSON, seed=1, shuffle_seats=False)
        t = cls(repo, service, info.id)
        for _ in range(WARMUP):
            await t.move()
        return t

    async def move(self) -> None:
        """The person's first option; the seq it got once the service acknowledged it."""
        prompt = await self.service.prompt_for(self.id, PERSON)
        assert prompt is not None
        number = prompt.prompt.number
        action = number.action(number.low) if number else prompt.prompt.options[0].action
        await self.service.act(self.id, PERSON, action, expected_seq=prompt.seq)
        self.acknowledged.append(prompt.seq + 1)

    async def lost(self, repo: SqliteRepository | None = None) -> int:
        """Acknowledged moves missing from the log (by the person, at the seq they were given)."""
        stored = {e.seq for e in await (repo or self.repo).entries(self.id) if e.actor == f"user:{PERSON}"}
        return sum(1 for seq in self.acknowledged if seq not in stored)


class Operator(logging.Handler):
    """The log lines the service and storage write at WARNING and above."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


def told(error: BaseException) -> str:
    return sentence(error, EN)


async def disk_full(path: Path) -> dict[str, Any]:
    faults = Faults()
    t = await Table.open(path, faults)
    await t.repo.write(lambda db: db.execute(
        f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}").fetchall())
    error: StorageUnavailable | None = None
    before = after = 0
    for _ in range(20):  # until a move needs a new page
        before = await t.repo.head(t.id)
        try:
            await t.move()
        except StorageUnavailable as exc:
            error = exc
            after = await t.repo.head(t.id)
            break
    assert error is not None
    await t.repo.write(lambda db: db.execute("PRAGMA max_page_count = 1073741823").fetchall())
    await t.move()
    out = {"told": told(error), "operator": error.operator_line(), "lost": await t.lost(),
           "failed_move_wrote": after - before, "went_on": True}
    await t.repo.close()
    return out


async def disk_full_after_commit(path: Path) -> dict[str, Any]:
    faults = Faults()
    t = await Table.open(path, faults)
    faults.fail(r"INSERT INTO actions", "disk_full", where=lambda params: str(params[4]).startswith("bot:"))
    error: BaseException | None = None
    for _ in range(20):  # until a move of the person's is answered by the bot
        try:
            await t.move()
        except SavedButUnsettled as exc:
            error = exc
            t.acknowledged.append(await t.repo.head(t.id))
            break
    assert error is not None, "the bots' answer did not fail"
    faults.heal()
    repaired = await t.service.repair_unsettled()
    await t.move()
    out = {"told": told(error), "operator": _service_line(), "lost": await t.lost(),
           "thread_told_after_repair": sum(len(o.public) for o in repaired), "went_on": True}
    await t.repo.close()
    return out


OPERATOR = Operator()


def _service_line() -> str:
    return next((line for line in reversed(OPERATOR.lines) if "unsettled" in line), "")


async def read_only(path: Path) -> dict[str, Any]:
    faults = Faults()
    t = await Table.open(path, faults)
    faults.fail(r"^(BEGIN IMMEDIATE|INSERT|UPDATE|DELETE)", "read_only", times=10**6)
    try:
        await t.move()
        raise AssertionError("the write did not fail")
    except StorageUnavailable as exc:
        error = exc
    status = await t.service.status(t.id)
    faults.heal()
    await t.move()
    out = {"told": told(error), "operator": error.operator_line(), "lost": await t.lost(),
           "status_while_read_only": bool(status.waiting), "went_on": True}
    await t.repo.close()
    return out


async def damaged_snapshot(path: Path) -> dict[str, Any]:
    t = await Table.open(path)
    view = (await t.service.view_for(t.id, PERSON)).view
    await t.repo.close()
    with sqlite3.connect(path) as plain:
        seq, text = plain.execute(
            "SELECT seq, state_json FROM snapshots WHERE table_id = ? ORDER BY seq DESC", (t.id,)).fetchone()
        at = next(i for i, c in enumerate(text) if c.isdigit())
        changed = text[:at] + str((int(text[at]) + 1) % 10) + text[at + 1:]
        plain.execute("UPDATE snapshots SET state_json = ? WHERE table_id = ? AND seq = ?",
                      (changed, t.id, seq))
    plain.close()
    OPERATOR.lines.clear()
    t.repo = await SqliteRepository.open(path)
    t.service = TableService(t.repo, snapshot_every=3)
    same = (await t.service.view_for(t.id, PERSON)).view == view
    await t.move()
    out = {"told": "(nothing: the table loads as before)",
           "operator": OPERATOR.lines[0] if OPERATOR.lines else "", "lost": await t.lost(),
           "state_as_before": same, "went_on": True}
    await t.repo.close()
    return out


async def damaged_log_page(path: Path) -> dict[str, Any]:
    t = await Table.open(path)
    for _ in range(40):
        await t.move()
    total = len(await t.repo.entries(t.id))
    await t.repo.close()
    with sqlite3.connect(path) as plain:
        plain.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        size = plain.execute("PRAGMA page_size").fetchone()[0]
        leaves = [r[0] for r in plain.execute(
            "SELECT pageno FROM dbstat WHERE name = 'actions' AND pagetype = 'leaf' ORDER BY pageno")]
    plain.close()
    with path.open("r+b") as f:
        f.seek((leaves[len(leaves) // 2] - 1) * size + 8)
        f.write(b"\xff" * (size - 8))
    try:
        await SqliteRepository.open(path)
        raise AssertionError("the damaged file was opened")
    except DamagedDatabase as exc:
        error = exc
    salvaged = path.with_name("salvaged.db")
    rows = salvage(path, salvaged)
    repo = await SqliteRepository.open(salvaged)
    kept = len(await repo.entries(t.id))
    await repo.close()
    return {"told": "(the bot does not start)", "operator": error.operator_line(),
            "lost": f"{total - kept} of {total} entries on the damaged page (restore from a backup)",
            "salvage": salvage_command(path), "salvaged_actions": rows["actions"][0], "went_on": False}


async def lock_held(path: Path) -> dict[str, Any]:
    t = await Table.open(path, busy_timeout_ms=LOCK_WAIT_MS)
    other_table = await t.service.create_table(GAME, 1, 2, PERSON + 1, "Bo", {})
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    moving = asyncio.create_task(t.move())
    await asyncio.sleep(0.05)
    started = time.perf_counter()
    await t.service.status(other_table.id)
    status_ms = (time.perf_counter() - started) * 1000
    waiting = not moving.done()
    try:
        await moving
        raise AssertionError("the move did not wait for the lock")
    except StorageUnavailable as exc:
        error = exc
    other.execute("ROLLBACK")
    other.close()
    await t.move()
    out = {"told": told(error), "operator": error.operator_line(), "lost": await t.lost(),
           "unrelated_status_ms": round(status_ms, 1), "status_answered_while_move_waited": waiting,
           "went_on": True}
    await t.repo.close()
    return out


SCENARIOS: dict[str, Scenario] = {
    "disk_full": disk_full,
    "disk_full_after_commit": disk_full_after_commit,
    "read_only": read_only,
    "damaged_snapshot": damaged_snapshot,
    "damaged_log_page": damaged_log_page,
    "lock_held": lock_held,
}


async def measure(folder: Path, names: tuple[str, ...] = tuple(SCENARIOS)) -> dict[str, dict[str, Any]]:
    logging.getLogger().addHandler(OPERATOR)
    try:
        results = {}
        for name in names:
            OPERATOR.lines.clear()
            (folder / name).mkdir()
            results[name] = await SCENARIOS[name](folder / name / "agora.db")
        return results
    finally:
        logging.getLogger().removeHandler(OPERATOR)


def run(names: tuple[str, ...] = tuple(SCENARIOS)) -> dict[str, dict[str, Any]]:
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(measure(Path(folder), names))
    print(table(f"fault injection ({GAME}, a person and a bot, SQLite WAL)",
                ["fault", "player is told", "acknowledged moves lost", "play went on"],
                [[name, f["told"], f["lost"], f["went_on"]] for name, f in figures.items()]))
    for name, f in figures.items():
        print(f"{name}: operator: {f['operator']}")
    print(f"-> {report('faults', figures)}")
    return figures
