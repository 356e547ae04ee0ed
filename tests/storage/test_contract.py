"""The storage contract, run on every backend: a temporary SQLite file and a fresh database on a
real PostgreSQL server (started once for the session, see ``tests/postgres.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.postgres import PostgresRepository
from storage.repository import Repository
from storage.sqlite import SqliteRepository
from tests.storage.contract import RepositoryContract


class TestRepositoryContract(RepositoryContract):
    @pytest.fixture(params=["sqlite", "postgresql"])
    async def repo(self, request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Repository]:
        opened: Repository
        if request.param == "sqlite":
            opened = await SqliteRepository.open(tmp_path / "agora.db")
        else:
            opened = await PostgresRepository.open(request.getfixturevalue("postgres_url"))
        yield opened
        await opened.close()
