"""Online backup of a live database: ``python -m storage.backup SRC DEST``.

Uses SQLite's backup API, which copies a consistent snapshot page by page while the bot keeps
writing (in WAL mode readers and the writer do not block each other). ``SRC`` and ``DEST`` are
file paths or ``sqlite:///`` URLs; ``DEST`` is replaced.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.backup",
        description="Copy a live Agora database to DEST (SQLite online backup).",
    )
    parser.add_argument("source", metavar="SRC", help="database file or sqlite:/// URL")
    parser.add_argument("dest", metavar="DEST", help="backup file to write (replaced)")
    args = parser.parse_args(argv)
    try:
        source, dest = _path(args.source), _path(args.dest)
        pages = backup(source, dest)
    except (BadDatabaseUrl, FileNotFoundError, sqlite3.Error) as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    print(f"backed up {source} to {dest} ({pages} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
