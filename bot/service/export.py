"""A table's game record (``/game export``), for :mod:`rules.verify` to check.

A finished game's record is whole: the seed, every move of the effective log with every event the
table was told, and the result, so that anyone can replay it and check every roll and shuffle
against the commitment shown when the table started. While the game goes on, the record holds only
what the asking player may see: no seed, their own moves, and of every move only the events shown to
everyone or to their seat (a spectator's record: the public events alone).
"""

from __future__ import annotations

import json

from bot.service import errors
from bot.service.core import TableCore
from bot.service.tables import BOT, STAND_IN, TIMEOUT, Loaded, in_force
from rules.verify import GameRecord, RecordedAction, RecordedEvent, RecordedSeat, commitment
from storage.records import Entry, StoredEvent


def seed_commitment(t: Loaded) -> str:
    """The commitment to the table's seed shown in its thread at the start."""
    assert t.row.seed is not None
    return commitment(t.row.game_id, t.row.id, t.row.seed)


class ExportCommands(TableCore):
    """``/game export``: a table's game record as its reader may see it."""

    async def export(self, table_id: int, user_id: int | None) -> GameRecord:
        """The table's game record for ``user_id`` (``None``: a spectator).

        :raises NoSuchTable, NotStarted:
        """
        t = await self._load(table_id)
        if t.row.status == "lobby" or t.row.seed is None:
            raise errors.NotStarted(f"Table {table_id} has not started yet.", table=table_id)
        whole = t.row.status == "finished"
        seat = t.seat_of(user_id) if user_id is not None else None
        reader = None if whole or seat is None else seat.position
        actions = [
            _recorded(e, whole, reader)
            for e in await self.repo.entries(table_id, through=t.head) if in_force(e, t.head)
        ]
        result = t.engine.result(t.state) if whole and t.state is not None else None
        return GameRecord(
            game=t.row.game_id,
            title=t.engine.info.title,
            rules_version=t.row.rules_version or 1,
            table=t.row.id,
            status=t.row.status,
            options=json.loads(t.row.options_json),
            seats=[RecordedSeat(seat=s.position, name=s.name, player="bot" if s.bot else "person", bot=s.bot)
                   for s in t.seats],
            commitment=seed_commitment(t),
            seed=t.row.seed if whole else None,
            reader=reader,
            actions=actions,
            result=None if result is None else json.loads(result.model_dump_json()),
        )


def _recorded(entry: Entry, whole: bool, reader: int | None) -> RecordedAction:
    mine = reader is not None and entry.seat == reader
    return RecordedAction(
        seq=entry.seq,
        seat=entry.seat,
        by=_by(entry.actor),
        rules_version=entry.rules_version,
        action=json.loads(entry.payload_json) if whole or mine else None,
        events=[_event(e) for e in entry.events
                if whole or e.visible_to is None or (reader is not None and reader in e.visible_to)],
    )


def _by(actor: str) -> str:
    if actor.startswith((BOT, STAND_IN)):
        return actor
    if actor.startswith(TIMEOUT):
        return "timeout"
    return "person"


def _event(e: StoredEvent) -> RecordedEvent:
    return RecordedEvent(message=json.loads(e.message_json),
                         visible_to=None if e.visible_to is None else sorted(e.visible_to),
                         data=json.loads(e.data_json))


__all__ = ["ExportCommands", "seed_commitment"]
