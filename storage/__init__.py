"""Persistence: tables, seats, the append-only action log, snapshots, deadlines, preferences.

Storage knows no game: actions, events and states are JSON text it keeps and hands back. Open the
configured backend with :func:`open_repository` (``DATABASE_URL`` such as
``sqlite:///./data/agora.db``, or ``postgresql://agora@localhost/agora`` for several processes);
move between backends with ``python -m storage.copy SRC_URL DST_URL``; back a SQLite file up online
with ``python -m storage.backup SRC DEST``.
"""

from __future__ import annotations

from storage.repository import (
    DamagedDatabase,
    MissingTable,
    Repository,
    StaleWrite,
    StorageCause,
    StorageError,
    StorageUnavailable,
)
from storage.url import DEFAULT_DATABASE_URL, BadDatabaseUrl, parse_database_url


async def open_repository(url: str = DEFAULT_DATABASE_URL) -> Repository:
    """The repository ``url`` names, opened and migrated to the current schema.

    :raises BadDatabaseUrl: a URL this build cannot use.
    :raises DamagedDatabase: the file fails its integrity check (the message names the command that
        salvages it).
    :raises StorageUnavailable: the database cannot be opened (read-only, disk full, I/O error).
    """
    parsed = parse_database_url(url)
    if parsed.path is None:
        from storage.postgres import PostgresRepository

        return await PostgresRepository.open(parsed.url)
    from storage.sqlite import SqliteRepository

    return await SqliteRepository.open(parsed.path)


__all__ = [
    "DEFAULT_DATABASE_URL",
    "BadDatabaseUrl",
    "DamagedDatabase",
    "MissingTable",
    "Repository",
    "StaleWrite",
    "StorageCause",
    "StorageError",
    "StorageUnavailable",
    "open_repository",
    "parse_database_url",
]
