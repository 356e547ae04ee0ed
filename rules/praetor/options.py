"""Praetor's table options: the variants and the spec's numbered interpretations (§13).

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """What the host chooses in the lobby; every default is the spec's."""

    model_config = ConfigDict(frozen=True)

    expert: bool = False
    """Expert variant (§10.2): majority awards for area, wall tiles and peasants; 3–5 players only."""
    hard: bool = False
    """Hard variant (§10.3): every Market tile is removed, the starting one included."""
    diagonal_matches: bool = True
    """§13.1: the diagonal neighbour's corner counts in the square bonus."""
    special_actions_without_workers: bool = False
    """§13.9: with no active worker left you may still use a special tile (off: you must pass)."""
    encampment_can_build: bool = True
    """§13.10: the Encampment's retired worker may build as well as activate."""
    marker_limit: bool = True
    """§13.19: 15 markers, 3 on the tracks, so at most 12 tiles owned; building needs a free one."""
    zero_counts_in_majorities: bool = True
    """§13.16: in the expert majorities a player with 0 still takes a place."""
    shared_victory: bool = False
    """§13.17: players tied after morale, wall tiles and city tiles share the victory instead of the
    earliest in the last round's turn order winning."""
    boards: list[str] = Field(default_factory=list)
    """Board side per seat in seat order ("A", "B1" … "B5"); seats not listed play side A."""
