"""Stored rows → records, the same for every backend.

A row is whatever a backend's driver hands back (``sqlite3.Row``, ``asyncpg.Record``): both are read
by column name. What differs between the backends is only how a time comes back (SQLite keeps text,
PostgreSQL ``TIMESTAMPTZ``) and how a flag does (SQLite 0/1): ``time`` turns the stored value into an
aware UTC datetime, and flags are read with ``bool``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any, Protocol, cast

from storage.records import Entry, EntryKind, SeatRow, StoredEvent, TableRow, TableStatus


class Row(Protocol):
    """A stored row, read by column name."""

    def __getitem__(self, column: str, /) -> Any: ...


Time = Callable[[Any], datetime]
"""A stored time → an aware UTC datetime."""


def table_row(r: Row, time: Time) -> TableRow:
    """A ``tables`` row with its ``head`` column (the log's last seq)."""
    return TableRow(
        id=r["id"],
        game_id=r["game_id"],
        guild_id=r["guild_id"],
        channel_id=r["channel_id"],
        thread_id=r["thread_id"],
        creator_id=r["creator_id"],
        options_json=r["options_json"],
        seed=r["seed"],
        status=cast(TableStatus, r["status"]),
        pace_hours=r["pace_hours"],
        stand_ins=bool(r["stand_ins"]),
        stand_in_after=r["stand_in_after"],
        created_at=time(r["created_at"]),
        updated_at=time(r["updated_at"]),
        head=r["head"],
        announced_seq=r["announced_seq"],
        settled_seq=r["settled_seq"],
        rules_version=r["rules_version"],
        locale=r["locale"],
    )


def seat_row(r: Row) -> SeatRow:
    """A ``seats`` row."""
    return SeatRow(
        table_id=r["table_id"],
        position=r["position"],
        name=r["name"],
        user_id=r["user_id"],
        bot=r["bot"],
        stand_in=r["stand_in"],
        locale=r["locale"],
    )


def events_by_seq(event_rows: Iterable[Row]) -> dict[int, tuple[StoredEvent, ...]]:
    """``events`` rows (ordered by seq and index) as each entry's events, by seq."""
    events: dict[int, list[StoredEvent]] = {}
    for e in event_rows:
        visible = e["visible_to_json"]
        events.setdefault(e["seq"], []).append(
            StoredEvent(
                message_json=e["message_json"],
                visible_to=None if visible is None else frozenset(json.loads(visible)),
                reveals=bool(e["reveals"]),
                data_json=e["data_json"],
            )
        )
    return {seq: tuple(told) for seq, told in events.items()}


def log_entries(table_id: int, rows: Iterable[Row], event_rows: Iterable[Row], time: Time) -> list[Entry]:
    """The ``actions`` rows of a stretch of the log with their ``events`` rows (ordered by seq and
    index), as entries."""
    events = events_by_seq(event_rows)
    return [
        Entry(
            table_id=table_id,
            seq=r["seq"],
            kind=cast(EntryKind, r["kind"]),
            seat=r["seat"],
            actor=r["actor"],
            payload_json=r["payload_json"],
            created_at=time(r["created_at"]),
            events=events.get(r["seq"], ()),
            undoes=tuple(json.loads(r["undoes_json"])),
            undone_by=r["undone_by"],
            rules_version=r["rules_version"],
        )
        for r in rows
    ]
