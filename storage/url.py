"""``DATABASE_URL`` parsing: which backend, and where its data lives.

>>> parse_database_url("sqlite:///./data/agora.db").path
PosixPath('data/agora.db')
>>> parse_database_url("sqlite:////var/lib/agora/agora.db").path
PosixPath('/var/lib/agora/agora.db')
>>> parse_database_url("postgresql://agora@db.internal/agora").scheme
'postgresql'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE_URL = "sqlite:///./data/agora.db"

POSTGRES_SCHEMES = ("postgresql", "postgres")
"""The schemes that name a PostgreSQL database (libpq's URI forms)."""


class BadDatabaseUrl(ValueError):
    """A ``DATABASE_URL`` this build cannot use."""


@dataclass(frozen=True)
class DatabaseUrl:
    """A parsed ``DATABASE_URL``: the backend (``sqlite`` or ``postgresql``), the URL as given, and
    for SQLite the file (``:memory:`` allowed); ``path`` is ``None`` for PostgreSQL."""

    scheme: str
    url: str
    path: Path | None = None


def parse_database_url(url: str = DEFAULT_DATABASE_URL) -> DatabaseUrl:
    """Parse ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db``, ``sqlite:///:memory:``
    or ``postgresql://user:password@host:port/database`` (libpq's URI; ``?host=/socket/dir`` for a
    Unix socket).

    :raises BadDatabaseUrl: another scheme, no file, or no database name.
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise BadDatabaseUrl(f"DATABASE_URL {url!r} has no scheme; expected e.g. {DEFAULT_DATABASE_URL}")
    if scheme in POSTGRES_SCHEMES:
        database = rest.partition("/")[2].partition("?")[0]
        if not database:
            raise BadDatabaseUrl(
                f"DATABASE_URL {url!r} names no database; expected e.g. postgresql://agora@localhost/agora"
            )
        return DatabaseUrl(scheme="postgresql", url=url)
    if scheme != "sqlite":
        raise BadDatabaseUrl(
            f"DATABASE_URL scheme {scheme!r} is not supported; use sqlite:///PATH or postgresql://HOST/DATABASE"
        )
    if not rest.startswith("/") or rest == "/":
        raise BadDatabaseUrl(f"DATABASE_URL {url!r} names no file; expected e.g. {DEFAULT_DATABASE_URL}")
    # "sqlite:///x" is the relative path "x"; "sqlite:////x" is the absolute path "/x".
    return DatabaseUrl(scheme=scheme, url=url, path=Path(rest[1:]))
