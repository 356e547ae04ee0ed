"""A copied table is verified by replay (the verifier :mod:`storage.copy` is given).

The log is the truth and a snapshot only a shortcut (see :mod:`bot.service.tables`): a copy is
right when the copied log, replayed from the copied seed, reaches the same game as the source's
log replayed from its seed, every copied snapshot is that replay at its seq, and the table loads
through the table service as it did before.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel

from bot.service.errors import TableUnreadable
from bot.service.tables import load
from rules import registry
from rules.core import Engine
from rules.registry import UnknownGame
from storage.records import Entry
from storage.repository import Repository


async def verify_copy(source: Repository, copy: Repository, table_id: int) -> list[str]:
    """What is wrong with ``copy``'s table ``table_id`` compared with ``source``'s (empty: nothing)."""
    original, copied = await source.get_table(table_id), await copy.get_table(table_id)
    if original is None or copied is None:
        return [f"missing from the {'source' if original is None else 'copy'}"]
    if copied.seed is None or copied.status == "lobby":
        return []  # nothing played yet: the rows are the whole table, and they were compared
    try:
        engine = registry.get(copied.game_id)
    except UnknownGame as exc:
        return [f"not replayed: {exc}"]
    problems = []
    try:
        want = engine.dump(await _replay(source, original.id, engine, original.seed, original.options_json))
        got = await _replay(copy, copied.id, engine, copied.seed, copied.options_json)
    except Exception as exc:
        return [f"the log does not replay: {exc!r}"]
    if engine.dump(got) != want:
        problems.append("the copied log replays to another game than the source's")
    for seq, state_json in (await _snapshots(copy, table_id)).items():
        at = await _replay(copy, table_id, engine, copied.seed, copied.options_json, up_to=seq)
        if engine.dump(at) != state_json:
            problems.append(f"the snapshot at {seq} is not the replay up to {seq}")
    try:
        loaded = await load(copy, copied, engine)
    except TableUnreadable as exc:
        return [*problems, f"the table service cannot load it: {exc}"]
    if loaded.state is None or engine.dump(loaded.state) != want:
        problems.append("the table service loads another game than the replay")
    return problems


async def _replay(repo: Repository, table_id: int, engine: Engine[Any, Any], seed: int | None,
                  options_json: str, up_to: int | None = None) -> BaseModel:
    assert seed is not None
    seats = await repo.seats(table_id)
    state = engine.new_game(len(seats), json.loads(options_json), seed)
    for entry in _effective(await repo.entries(table_id)):
        if up_to is not None and entry.seq > up_to:
            break
        action = engine.upgrade_action(entry.payload_json, entry.rules_version)
        state, _ = engine.apply(state, entry.seat, action)
    replayed: BaseModel = state
    return replayed


def _effective(entries: list[Entry]) -> list[Entry]:
    undone = {seq for e in entries if e.kind == "undo" for seq in e.undoes}
    return [e for e in entries if e.kind == "action" and e.seq not in undone]


async def _snapshots(repo: Repository, table_id: int) -> dict[int, str]:
    found: dict[int, str] = {}
    at_most: int | None = None
    while (snap := await repo.latest_snapshot(table_id, at_most)) is not None:
        found[snap.seq] = snap.state_json
        if snap.seq <= 1:
            break
        at_most = snap.seq - 1
    return found
