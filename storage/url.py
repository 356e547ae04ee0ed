"""``DATABASE_URL`` parsing: which backend, and where its data lives.

>>> parse_database_url("sqlite:///./data/agora.db").path
PosixPath('data/agora.db')
>>> parse_database_url("sqlite:////var/lib/agora/agora.db").path
PosixPath('/var/lib/agora/agora.db')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE_URL = "sqlite:///./data/agora.db"


class BadDatabaseUrl(ValueError):
    """A ``DATABASE_URL`` this build cannot use."""


@dataclass(frozen=True)
class DatabaseUrl:
    """A parsed ``DATABASE_URL``: the scheme and, for SQLite, the file (``:memory:`` allowed)."""

    scheme: str
    path: Path


def parse_database_url(url: str = DEFAULT_DATABASE_URL) -> DatabaseUrl:
    """Parse ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db`` or ``sqlite:///:memory:``.

    :raises BadDatabaseUrl: another scheme (PostgreSQL is planned, not built) or no path.
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise BadDatabaseUrl(f"DATABASE_URL {url!r} has no scheme; expected e.g. {DEFAULT_DATABASE_URL}")
    if scheme != "sqlite":
        raise BadDatabaseUrl(f"DATABASE_URL scheme {scheme!r} is not supported; use sqlite:///PATH")
    if not rest.startswith("/") or rest == "/":
        raise BadDatabaseUrl(f"DATABASE_URL {url!r} names no file; expected e.g. {DEFAULT_DATABASE_URL}")
    # "sqlite:///x" is the relative path "x"; "sqlite:////x" is the absolute path "/x".
    return DatabaseUrl(scheme=scheme, path=Path(rest[1:]))
