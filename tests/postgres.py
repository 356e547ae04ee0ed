"""A throwaway PostgreSQL server for the tests: ``initdb`` on a temporary data directory, ``pg_ctl``
start on a private socket directory (no TCP port), stopped and deleted at the end.

``initdb`` refuses to run as root, so as root the server runs as the unprivileged ``postgres``
system user, which owns the temporary directory. The server is tuned for tests, not
for keeping data (``fsync=off``): the data directory is deleted afterwards anyway.

Where no server binary exists the tests that need one skip, saying so, unless
``AGORA_REQUIRE_POSTGRES=1`` (CI sets it), where the missing server fails them instead.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REQUIRE = "AGORA_REQUIRE_POSTGRES"
"""Set to 1 to make a missing PostgreSQL server a failure instead of a skip (CI does)."""

SUPERUSER = "agora"

DEBIAN_BINARIES = Path("/usr/lib/postgresql")
"""Where Debian keeps each major version's server tools (``<version>/bin``), off the PATH."""


class NoServer(RuntimeError):
    """No PostgreSQL server binary (``initdb``, ``pg_ctl``) on the PATH."""


@dataclass(frozen=True)
class Server:
    """A running server: where its socket is, and how to make a fresh empty database on it."""

    socket_dir: Path

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@/{database}?host={self.socket_dir}"

    def new_database(self) -> str:
        """Make an empty place for one test and return the URL that opens it.

        A fresh schema, not a fresh database: creating a database copies a template and costs
        half a second; a schema costs milliseconds. The URL's ``search_path`` names it (asyncpg
        passes unknown URL parameters on as server settings), so every name resolves there.
        """
        name = f"t_{uuid.uuid4().hex[:12]}"
        subprocess.run(
            [_tool("psql"), "-q", "-h", str(self.socket_dir), "-U", SUPERUSER, "-d", "postgres",
             "-c", f"CREATE SCHEMA {name}"],
            check=True, capture_output=True, text=True, timeout=30,
        )
        return f"{self.url()}&search_path={name}"


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:  # Debian keeps the server's tools off the PATH, under their major version
        versions = sorted(DEBIAN_BINARIES.glob(f"*/bin/{name}"),
                          key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0)
        found = str(versions[-1]) if versions else None
    if found is None:
        raise NoServer(f"PostgreSQL's {name} is not on the PATH (install postgresql to run these tests)")
    return found


def required() -> bool:
    return os.environ.get(REQUIRE, "") not in ("", "0")


@contextmanager
def running_server(*, durable: bool = False) -> Iterator[Server]:
    """Start a server on a new temporary data directory; stop it and delete everything at the end.
    ``durable``: flush each commit to disk as a production server does (benchmarks want that;
    tests do not).

    :raises NoServer: no ``initdb``/``pg_ctl`` on the PATH.
    """
    initdb, pg_ctl = _tool("initdb"), _tool("pg_ctl")
    _tool("psql")
    # Short, in /tmp: a Unix socket path must stay under about 100 bytes.
    base = Path(tempfile.mkdtemp(prefix="agora-pg-", dir="/tmp"))
    as_user: dict[str, Any] = {}
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(base, user.pw_uid, user.pw_gid)
        as_user = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": [],
                   "env": {**os.environ, "HOME": str(base), "USER": "postgres"}}
    data, log = base / "data", base / "server.log"
    try:
        subprocess.run(
            [initdb, "-D", str(data), "-A", "trust", "-U", SUPERUSER, "-E", "UTF8",
             "--no-sync", "--no-instructions"],
            check=True, capture_output=True, text=True, timeout=120, **as_user,
        )
        options = f"-k {base} -c listen_addresses='' -c max_connections=200"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        subprocess.run(
            [pg_ctl, "-D", str(data), "-l", str(log), "-o", options, "-w", "-t", "60", "start"],
            check=True, capture_output=True, text=True, timeout=90, **as_user,
        )
        try:
            yield Server(socket_dir=base)
        finally:
            subprocess.run([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"],
                           capture_output=True, text=True, timeout=60, **as_user)
    except subprocess.CalledProcessError as exc:
        detail = log.read_text() if log.exists() else ""
        raise RuntimeError(f"PostgreSQL did not start: {exc.stderr}\n{detail}") from exc
    finally:
        shutil.rmtree(base, ignore_errors=True)
