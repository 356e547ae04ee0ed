"""Fixtures every test area may use: a real PostgreSQL server, started once per test session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import NoServer, Server, required, running_server


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[Server]:
    """A PostgreSQL server for the whole session (skips, saying why, only where none is installed
    and ``AGORA_REQUIRE_POSTGRES`` is unset)."""
    try:
        with running_server() as server:
            yield server
    except NoServer as missing:
        if required():
            pytest.fail(f"{missing}; AGORA_REQUIRE_POSTGRES is set, so this is a failure", pytrace=False)
        pytest.skip(str(missing))


@pytest.fixture
def postgres_url(postgres_server: Server) -> str:
    """The URL of a fresh, empty database on the session's server."""
    return postgres_server.new_database()
