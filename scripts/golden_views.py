"""What a golden playthrough shows of the views, in words a reviewer can read.

A view is flattened to ``path: value`` lines (``players.0.coins: 7``). After each step a playthrough
prints what changed in the spectator's view since the step before, and for each seat what that seat
sees beyond the spectator (its own secrets): every difference, so any change to what anyone sees
shows up in the diff as the value that changed, not as a digest.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel


def flatten(data: Any, path: str = "") -> dict[str, str]:
    """``path: value`` for every leaf of plain JSON data; lists of scalars stay one value."""
    if isinstance(data, dict):
        out: dict[str, str] = {}
        for key, value in data.items():
            out |= flatten(value, f"{path}.{key}" if path else str(key))
        return out
    if isinstance(data, list) and any(isinstance(v, dict | list) for v in data):
        out = {}
        for i, value in enumerate(data):
            out |= flatten(value, f"{path}.{i}")
        return out or {path: "[]"}
    return {path: json.dumps(data, ensure_ascii=False)}


def changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """``path: old -> new`` for every leaf that changed, appeared or went away."""
    lines = []
    for path in sorted(before.keys() | after.keys()):
        old, new = before.get(path, "—"), after.get(path, "—")
        if old != new:
            lines.append(f"{path}: {old} -> {new}")
    return lines


def beyond(seat_view: dict[str, str], spectator: dict[str, str]) -> list[str]:
    """``path: value`` for what a seat's view shows that the spectator's does not (or shows otherwise)."""
    return [f"{path}: {value}" for path, value in sorted(seat_view.items())
            if spectator.get(path) != value]


def flat_view(view: BaseModel) -> dict[str, str]:
    return flatten(view.model_dump(mode="json"))
