"""Online backup of a live database: ``python -m storage.backup SRC DEST``; salvage of a damaged
one: ``python -m storage.backup --salvage SRC DEST``.

A backup uses SQLite's backup API, which copies a consistent snapshot page by page while the bot
keeps writing (in WAL mode readers and the writer do not block each other). A salvage (for a file
the bot refuses as damaged, with the bot stopped) copies every row that can still be read into a
new file at the same schema: each table is read forwards until the damage, then backwards from its
end, so only the rows on damaged pages are lost; the report says how many rows each table kept and
which tables were cut. ``SRC`` and ``DEST`` are file paths or ``sqlite:///`` URLs; ``DEST`` is
replaced; ``SRC`` is only read.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

from storage.migrations import MIGRATIONS, SCHEMA_VERSION, statements
from storage.url import BadDatabaseUrl, parse_database_url

PAGES_PER_STEP = 256
"""Pages copied per step; between steps the source's writers may go on."""


def _path(text: str) -> Path:
    if "://" not in text:
        return Path(text)
    path = parse_database_url(text).path
    if path is None:
        raise BadDatabaseUrl(f"{text!r} is not a SQLite file; back PostgreSQL up with pg_dump")
    return path


def backup(source: Path, dest: Path) -> int:
    """Copy ``source`` to ``dest`` consistently while ``source`` may be in use; return the page count.

    :raises FileNotFoundError: ``source`` does not exist (sqlite3 would create an empty one).
    """
    if not source.is_file():
        raise FileNotFoundError(f"no database at {source}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(source)
    try:
        out = sqlite3.connect(partial)
        try:
            src.backup(out, pages=PAGES_PER_STEP)
            pages = int(out.execute("PRAGMA page_count").fetchone()[0])
            out.execute("PRAGMA journal_mode = DELETE")
        finally:
            out.close()
    finally:
        src.close()
    partial.replace(dest)  # a crash mid-copy never leaves a half-written DEST
    return pages


def salvage(source: Path, dest: Path) -> dict[str, tuple[int, bool]]:
    """Copy every readable row of a damaged database ``source`` into a new database ``dest`` at the
    same schema version; return, per table, the rows kept and whether damage cut the table.

    :raises FileNotFoundError: ``source`` does not exist.
    """
    if not source.is_file():
        raise FileNotFoundError(f"no database at {source}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    partial = dest.with_name(dest.name + ".partial")
    partial.unlink(missing_ok=True)
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        version = _version(src)
        out = sqlite3.connect(partial, isolation_level=None)
        try:
            out.execute("BEGIN")
            for migration in MIGRATIONS[:version]:
                for statement in statements(migration):
                    out.execute(statement)
            out.execute(f"PRAGMA user_version = {version}")
            names = [r[0] for r in out.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                " ORDER BY name")]
            report = {name: _copy_rows(src, out, name) for name in names}
            out.execute("COMMIT")
        finally:
            out.close()
    finally:
        src.close()
    partial.replace(dest)
    return report


def _version(src: sqlite3.Connection) -> int:
    """The damaged file's schema version (the current one when even that cannot be read)."""
    try:
        return min(int(src.execute("PRAGMA user_version").fetchone()[0]), SCHEMA_VERSION) or SCHEMA_VERSION
    except sqlite3.DatabaseError:
        return SCHEMA_VERSION


def _copy_rows(src: sqlite3.Connection, out: sqlite3.Connection, table: str) -> tuple[int, bool]:
    """Copy ``table``'s readable rows forwards, and after damage backwards from the end."""
    info = out.execute(f"PRAGMA table_info({table})").fetchall()
    columns = [r[1] for r in info]
    key = [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5] > 0] or ["rowid"]
    select = f"SELECT {', '.join(columns)} FROM {table}"
    marks = ", ".join("?" for _ in columns)
    insert = f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({marks})"
    kept, cut = 0, False
    for order in ("ASC", "DESC"):
        try:
            for row in src.execute(f"{select} ORDER BY {', '.join(f'{k} {order}' for k in key)}"):
                kept += out.execute(insert, row).rowcount
            break
        except sqlite3.DatabaseError:
            cut = True
    return kept, cut


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.backup",
        description="Copy a live Agora database to DEST (SQLite online backup), or salvage what can "
        "still be read of a damaged one (--salvage, with the bot stopped).",
    )
    parser.add_argument("--salvage", action="store_true",
                        help="SRC is damaged: copy every readable row into a new DEST")
    parser.add_argument("source", metavar="SRC", help="database file or sqlite:/// URL")
    parser.add_argument("dest", metavar="DEST", help="backup file to write (replaced)")
    args = parser.parse_args(argv)
    try:
        source, dest = _path(args.source), _path(args.dest)
        if args.salvage:
            report = salvage(source, dest)
        else:
            pages = backup(source, dest)
    except (BadDatabaseUrl, FileNotFoundError, sqlite3.Error) as exc:
        print(f"{'salvage' if args.salvage else 'backup'} failed: {exc}", file=sys.stderr)
        return 1
    if args.salvage:
        for table, (rows, cut) in report.items():
            print(f"{table}: {rows} rows{' (damaged pages skipped: rows on them are lost)' if cut else ''}")
        print(f"salvaged {source} into {dest}; point DATABASE_URL at it (keep {source} for reference)")
        return 0
    print(f"backed up {source} to {dest} ({pages} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
