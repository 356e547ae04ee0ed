"""The way a person reaches a complete move through the turn's steps (:meth:`Engine.toward`).

A prompt accepts any complete move, and the greedy bot answers with one; a person taps the options
the prompt offers: the group, the tile or tile type, the worker, the cell (and "more cells" when it
is on a later page), a build in the Build panel (its tile, worker and cell together, or its tile
and worker when the cells follow a page at a time), or at the Market each good's one-unit trade
that keeps the visit open when the amount is not on the menu (rulebook p. 8: "as many resources as
you like", one trade after another).
"""

from __future__ import annotations

from typing import Any

from rules.core import Prompt
from rules.praetor.actions import Activate, Build, Pick, Trade
from rules.praetor.content import Content
from rules.praetor.state import Draft

Step = tuple[Any, Any]


def toward(content: Content, draft: Draft, prompt: Prompt, action: Any) -> Step | None:
    """The option of ``prompt`` a person takes on the way to ``action`` and what is left of it (see
    :meth:`rules.core.Engine.toward`); ``draft`` is the seat's choice so far."""
    if prompt.offers(action):
        return action, None
    if isinstance(action, Trade):
        return _trade_on(prompt, action)
    if not isinstance(action, Build | Activate):
        return None
    parts = prompt.parts
    if parts is not None and isinstance(action, Build) and action.via is None and not draft.build:
        step = Pick(build=action.tile, exp=action.exp)
        if parts.picks(step) is not None:
            return step, action
    for option in prompt.options:
        step = option.action
        if not isinstance(step, Pick):
            continue
        if step.page is not None:
            if isinstance(action, Build) and draft.build == action.tile:
                return step, action
            continue
        if not option.navigation and _leads_to(content, draft, step, action):
            return step, action
    return None


def _trade_on(prompt: Prompt, action: Trade) -> Step | None:
    """An amount the menu does not show: one unit with the visit kept open, then the rest."""
    one = Trade.model_validate({"resource": action.resource, "buy": action.buy, "amount": 1, "more": True})
    if not prompt.offers(one):
        return None
    if action.amount == 1:
        return one, None
    return one, action.model_copy(update={"amount": action.amount - 1})


def _leads_to(content: Content, draft: Draft, step: Pick, action: Build | Activate) -> bool:
    """Whether the draft with ``step`` taken is on the way to ``action``: every field chosen so far
    is the move's own."""
    fields = step.model_dump(exclude={"kind"}, exclude_none=True)
    chosen = draft.model_copy(update=fields)
    group = "special" if action.via else "build" if isinstance(action, Build) else "activate"
    if chosen.group is not None and chosen.group != group:
        return False
    if (chosen.via is not None or chosen.build or chosen.type or chosen.tile) and chosen.via != action.via:
        return False
    if chosen.exp is not None and chosen.exp != action.exp:
        return False
    if isinstance(action, Build):
        return chosen.type is None and chosen.tile is None and chosen.build in (None, action.tile)
    if chosen.build is not None:
        return False
    if chosen.tile is not None and chosen.tile != action.tile:
        return False
    return chosen.type is None or chosen.type == content.type_of(action.tile).id
