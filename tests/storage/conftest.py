from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.sqlite import SqliteRepository


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "agora.db"


@pytest.fixture
async def sqlite_repo(db_path: Path) -> AsyncIterator[SqliteRepository]:
    repo = await SqliteRepository.open(db_path)
    yield repo
    await repo.close()
