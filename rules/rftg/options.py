"""Table options: the spec's numbered interpretations that a table may change (§13).

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Options(BaseModel):
    """Roll for the Galaxy table options; each default is the spec's."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    first_game: bool = False
    """First game (§4.2 step 3, I-17): each player's two starting tiles are split automatically,
    showing the cheaper development (then the cheaper world), instead of the player choosing."""
    strict_timing_when_short: bool = True
    """Prompt Explore (low bag) and Ship (nearly exhausted VP pool) one player at a time in timing
    order when another player's action could change what one may do (§11, I-19)."""
