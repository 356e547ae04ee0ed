"""The table options: the spec's numbered interpretations (§15) that admit a choice, and the Expand+
variant (p.14). Every default is the spec's.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Options(BaseModel):
    """The Ancient World's table options."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    grow_opens_round: Literal[2, 3] = 2
    """I-1: the round whose Preparation removes the cover from Grow (the text says round 2)."""
    expand_plus: bool = False
    """Expand+ (optional rule, p.14): look at the top three District cards and keep one."""
    retired_coins_to_bank: bool = False
    """I-9: coins on a retired Military card go to the bank instead of to the retiring player."""
    voluntary_retire: bool = False
    """I-10: a recruit may retire an unused active card even when an army is open."""
    citizen_symbol_available: bool = False
    """I-17: a citizen from a Citizen symbol is available at once instead of in the Hunger box."""
    crane_waives_surcharge: bool = False
    """I-52: discarding Crane also waives the Build space's 1-coin surcharge."""
    auto_pass: bool = True
    """I-41: a player whose only legal move is to pass passes automatically."""
