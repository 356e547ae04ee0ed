"""Moving house: ``python -m storage.copy SRC_URL DST_URL`` copies every table of rows from one
database to another (SQLite → PostgreSQL, PostgreSQL → SQLite, or between two of a kind), then
verifies the copy.

Verification has two parts. Storage's own: each table's rows, counted and digested one by one
(an order-free sum of row hashes), must be the same on both sides. And the game's: storage knows
no game, so the caller supplies a verifier (:data:`Verifier`) that is handed both repositories and
each table id, and says what it found wrong. The command finds it as the ``replay`` entry point
of the ``agora.copy_verifiers`` group (the bot installs one that replays each table's log from
its seed and compares it with the source's replay and the copied snapshots), or as
``--verify MODULE:FUNCTION``.

The destination is opened (and migrated) like any database and must hold no rows yet. Stop the
bot while copying: rows written meanwhile would not be copied.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime
from importlib.metadata import entry_points
from typing import Any

from storage import open_repository
from storage.records import TableFilter, TableStatus
from storage.repository import Repository, StorageError
from storage.url import BadDatabaseUrl, parse_database_url

TABLES = ("tables", "seats", "actions", "events", "snapshots", "reminders", "preferences", "votes",
          "notices", "away_spells", "rematches", "handovers", "tellings")
"""Every table of rows, parents before the rows that refer to them."""

TRANSIENT = frozenset({"leases"})
"""Tables whose rows only matter to running processes (who holds which timer): not copied."""

BATCH = 5_000
"""Rows inserted per transaction."""

VERIFIERS = "agora.copy_verifiers"
"""The entry point group where the command finds the verifier (``replay``)."""

Verifier = Callable[[Repository, Repository, int], Awaitable[list[str]]]
"""``verify(source, copy, table_id)`` → what is wrong with the copy of that table (empty: nothing)."""

EVERY_STATUS: tuple[TableStatus, ...] = ("lobby", "active", "finished", "abandoned")


@dataclass
class Copied:
    """What a copy did: rows per table, tables verified, and every problem found."""

    rows: dict[str, int] = field(default_factory=dict)
    verified: int = 0
    problems: list[str] = field(default_factory=list)


async def copy_database(source: Repository, dest: Repository, verify: Verifier | None) -> Copied:
    """Copy every table of rows from ``source`` into the empty ``dest``, then verify the rows and,
    with ``verify``, each table.

    :raises StorageError: ``dest`` already holds rows, or ``source`` has a table this build does
        not know how to copy (nothing is written then).
    """
    names = [n for n in await source.row_tables() if n not in TRANSIENT]
    unknown = sorted(set(names) - set(TABLES))
    if unknown:
        raise StorageError(f"the source has tables this build cannot copy: {', '.join(unknown)}")
    missing = sorted(set(TABLES) - set(await dest.row_tables()))
    if missing:
        raise StorageError(f"the destination has no tables {', '.join(missing)}")
    for name in TABLES:
        async for _ in dest.export_rows(name):
            raise StorageError(f"the destination is not empty: table {name} holds rows")
    copied = Copied()
    for name in TABLES:
        if name not in names:
            continue
        batch: list[dict[str, Any]] = []
        count = 0
        async for row in source.export_rows(name):
            batch.append(row)
            if len(batch) >= BATCH:
                await dest.import_rows(name, batch)
                count += len(batch)
                batch = []
        await dest.import_rows(name, batch)
        copied.rows[name] = count + len(batch)
    for name in copied.rows:
        theirs, ours = await digest(source, name), await digest(dest, name)
        if theirs != ours:
            copied.problems.append(
                f"table {name}: {theirs[0]} rows in the source, {ours[0]} in the copy, and they differ"
                if theirs[0] != ours[0] else f"table {name}: the copied rows differ from the source's"
            )
    if verify is not None:
        for table in await dest.list_tables(TableFilter(statuses=EVERY_STATUS, limit=2**62)):
            found = await verify(source, dest, table.id)
            copied.problems += [f"table {table.id}: {problem}" for problem in found]
            copied.verified += 1
    return copied


async def digest(repo: Repository, name: str) -> tuple[int, int]:
    """(row count, order-free digest) of table ``name``: equal on two databases exactly when they
    hold the same rows (up to hash collisions)."""
    count, total = 0, 0
    async for row in repo.export_rows(name):
        count += 1
        text = repr(sorted((column, _canonical(value)) for column, value in row.items()))
        total = (total + int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "big")) % 2**128
    return count, total


def _canonical(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def find_verifier(spec: str | None) -> Verifier | None:
    """The verifier ``MODULE:FUNCTION`` names, or else the installed ``replay`` entry point."""
    if spec is not None:
        module, _, attr = spec.partition(":")
        found: Verifier = getattr(importlib.import_module(module), attr)
        return found
    for point in entry_points(group=VERIFIERS, name="replay"):
        loaded: Verifier = point.load()
        return loaded
    return None


async def run(source_url: str, dest_url: str, verify: Verifier | None) -> Copied:
    """Open both databases (migrating them), copy, verify, close.

    :raises StorageError: the source is a SQLite file that does not exist (opening would create it).
    """
    path = parse_database_url(source_url).path
    if path is not None and str(path) != ":memory:" and not path.is_file():
        raise StorageError(f"no database at {path}")
    source = await open_repository(source_url)
    try:
        dest = await open_repository(dest_url)
        try:
            return await copy_database(source, dest, verify)
        finally:
            await dest.close()
    finally:
        await source.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.copy",
        description="Copy every table of an Agora database into an empty one and verify the copy.",
    )
    parser.add_argument("source", metavar="SRC_URL", help="e.g. sqlite:///./data/agora.db")
    parser.add_argument("dest", metavar="DST_URL", help="e.g. postgresql://agora@localhost/agora (empty)")
    parser.add_argument("--verify", metavar="MODULE:FUNCTION",
                        help="the per-table verifier (default: the installed replay verifier)")
    parser.add_argument("--rows-only", action="store_true",
                        help="verify rows only, without replaying any table (when no game is installed)")
    args = parser.parse_args(argv)
    verify = None if args.rows_only else find_verifier(args.verify)
    if verify is None and not args.rows_only:
        print("copy refused: no replay verifier is installed (install the bot: pip install -e .),"
              " and --rows-only was not given", file=sys.stderr)
        return 2
    try:
        copied = asyncio.run(run(args.source, args.dest, verify))
    except (BadDatabaseUrl, StorageError) as exc:
        print(f"copy failed: {exc}", file=sys.stderr)
        return 1
    rows = ", ".join(f"{name} {count}" for name, count in copied.rows.items())
    print(f"copied {rows}")
    if copied.problems:
        for problem in copied.problems:
            print(f"MISMATCH {problem}", file=sys.stderr)
        return 1
    print(f"verified every row{'' if verify is None else f' and {copied.verified} tables by replay'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
