"""Persistence: tables, seats, the append-only action log, snapshots, deadlines, preferences.

Storage knows no game. Open the default backend with :func:`storage.open_repository`
(``DATABASE_URL`` such as ``sqlite:///./data/agora.db``).
"""

from storage.repository import MissingTable, Repository, StaleWrite, StorageError

__all__ = ["MissingTable", "Repository", "StaleWrite", "StorageError"]
