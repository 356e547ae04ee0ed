"""A fault-injecting wrapper at the connection boundary: the database itself stays a real SQLite
file; statements matching a pattern fail with the error SQLite would raise (disk full, read-only,
I/O error, damage, lock), and every cursor handed out is kept alive (as a third-party library
holding references would). The wrapper is made and used on the connection's own thread."""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

SQLITE_ERRORS: dict[str, tuple[int, str]] = {
    "disk_full": (sqlite3.SQLITE_FULL, "database or disk is full"),
    "read_only": (sqlite3.SQLITE_READONLY, "attempt to write a readonly database"),
    "io_error": (sqlite3.SQLITE_IOERR_WRITE, "disk I/O error"),
    "damaged": (sqlite3.SQLITE_CORRUPT, "database disk image is malformed"),
    "locked": (sqlite3.SQLITE_BUSY, "database is locked"),
}
"""For each cause, the result code and message SQLite raises."""


def sqlite_error(cause: str) -> sqlite3.OperationalError:
    """The exception SQLite raises for ``cause``, with its result code."""
    code, text = SQLITE_ERRORS[cause]
    exc = sqlite3.OperationalError(text)
    exc.sqlite_errorcode = code
    exc.sqlite_errorname = f"SQLITE_{cause.upper()}"
    return exc


@dataclass
class Fault:
    pattern: re.Pattern[str]
    cause: str
    times: int
    skip: int = 0
    where: Callable[[tuple[Any, ...]], bool] | None = None


class FaultyConnection:
    """Delegates to a real sqlite3 connection; :meth:`fail` plants faults."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self.kept: list[sqlite3.Cursor] = []
        self.faults: list[Fault] = []
        self.statements: list[str] = []

    def fail(self, pattern: str, cause: str, times: int = 1, skip: int = 0,
             where: Callable[[tuple[Any, ...]], bool] | None = None) -> None:
        """After ``skip`` statements matching ``pattern`` (a regex) and ``where`` (their
        parameters) went through, the next ``times`` fail with ``cause``."""
        self.faults.append(Fault(re.compile(pattern, re.IGNORECASE), cause, times, skip, where))

    def heal(self) -> None:
        self.faults.clear()

    def _check(self, sql: str, parameters: Iterable[Any] = ()) -> None:
        self.statements.append(sql)
        for fault in self.faults:
            if fault.times <= 0 or not fault.pattern.search(sql):
                continue
            if fault.where is None or fault.where(tuple(parameters)):
                if fault.skip > 0:
                    fault.skip -= 1
                    continue
                fault.times -= 1
                raise sqlite_error(fault.cause)

    def execute(self, sql: str, parameters: Iterable[Any] = ()) -> sqlite3.Cursor:
        parameters = tuple(parameters)
        self._check(sql, parameters)
        return self._keep(self._db.execute(sql, parameters))

    def executemany(self, sql: str, parameters: Iterable[Iterable[Any]]) -> sqlite3.Cursor:
        """Checked once per row, with that row's parameters (as if each ran alone)."""
        rows = [tuple(row) for row in parameters]
        for row in rows or [()]:
            self._check(sql, row)
        return self._keep(self._db.executemany(sql, rows))

    def _keep(self, cursor: sqlite3.Cursor) -> sqlite3.Cursor:
        self.kept.append(cursor)
        return cursor

    def __getattr__(self, name: str) -> Any:
        return getattr(self._db, name)


class Faults:
    """The wrappers of a repository's connections (writer first), to pass as ``wrap=``."""

    def __init__(self) -> None:
        self.connections: list[FaultyConnection] = []

    def __call__(self, db: sqlite3.Connection) -> sqlite3.Connection:
        wrapper = FaultyConnection(db)
        self.connections.append(wrapper)
        return wrapper  # type: ignore[return-value]

    @property
    def writer(self) -> FaultyConnection:
        return self.connections[0]

    @property
    def reader(self) -> FaultyConnection:
        return self.connections[-1]

    def fail(self, pattern: str, cause: str, times: int = 1, skip: int = 0,
             where: Callable[[tuple[Any, ...]], bool] | None = None) -> None:
        """Plant the fault on every connection (writes go to the writer, reads to the reader)."""
        for c in self.connections:
            c.fail(pattern, cause, times, skip, where)

    def heal(self) -> None:
        for c in self.connections:
            c.heal()
