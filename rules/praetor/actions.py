"""Praetor's moves: complete actions, and the steps a prompt walks through to reach them.

A complete action (:class:`Build`, :class:`Activate`, :class:`Trade`, :class:`Done`, :class:`Pass`)
may be played at any point of the seat's turn. The prompts split the choice into steps (tile, then
worker, then cell) with :class:`Pick` and :class:`Back`, which only record the choice so far.
Short notation, used in logs and golden files, is given by :func:`notation`.

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class _Action(BaseModel):
    model_config = ConfigDict(frozen=True)


class Build(_Action):
    """Build available tile ``tile`` at (x, y) with an active worker of experience ``exp`` (§7),
    or with a retired worker sent through the Encampment ``via``."""

    kind: Literal["build"] = "build"
    tile: str
    exp: int
    x: int
    y: int
    via: str | None = None


class Activate(_Action):
    """Activate city tile ``tile`` with an active worker of experience ``exp`` (§6.3), or with a
    retired worker at exp 6 sent through the Encampment ``via`` (§6.4). ``amount`` is the wood the
    Blacksmith forges."""

    kind: Literal["activate"] = "activate"
    tile: str
    exp: int
    amount: int = 0
    via: str | None = None


class Trade(_Action):
    """One Market trade at your board's rates: buy or sell ``amount`` units of ``resource`` (the
    rulebook, p. 8: "as many resources as you like"); with ``more`` false the visit ends with this
    trade. Logs written before these fields existed traded one unit and kept the Market open, which
    are their defaults."""

    kind: Literal["trade"] = "trade"
    resource: Literal["wood", "stone", "marble", "weapons"]
    buy: bool
    amount: int = Field(default=1, ge=1)
    more: bool = True


class Done(_Action):
    """End the Market activation (its trades are done)."""

    kind: Literal["done"] = "done"


class Pass(_Action):
    """Pass for the rest of the round (§6.2 D)."""

    kind: Literal["pass"] = "pass"


class Pick(_Action):
    """One step towards an action: the fields set are merged into the seat's draft."""

    kind: Literal["pick"] = "pick"
    group: Literal["build", "activate", "special"] | None = None
    build: str | None = None
    type: str | None = None
    tile: str | None = None
    exp: int | None = None
    via: str | None = None
    page: int | None = None


class Back(_Action):
    """Forget the steps chosen so far and start the turn's choice again."""

    kind: Literal["back"] = "back"


class Academy(_Action):
    """Update step U1: send level-1 apprentices straight to active, free with your own Academy
    (``pay_to`` is ``None``) or for 1 stone to the owner of another's (``pay_to`` its seat); or not
    (``skip`` false)."""

    kind: Literal["academy"] = "academy"
    skip: bool
    pay_to: int | None = None


class Emergency(_Action):
    """Update step U6: pay 5 favour to make a peasant an active worker at exp 1, or not."""

    kind: Literal["emergency"] = "emergency"
    hire: bool


AnyAction = Build | Activate | Trade | Done | Pass | Pick | Back | Academy | Emergency
Action = Annotated[AnyAction, Field(discriminator="kind")]


def notation(action: AnyAction) -> str:
    """A short text form for logs and golden files, e.g. ``build C09@0,-2 exp3``."""
    match action:
        case Build():
            via = f" via {action.via}" if action.via else ""
            return f"build {action.tile}@{action.x},{action.y} exp{action.exp}{via}"
        case Activate():
            via = f" via {action.via}" if action.via else ""
            extra = f" x{action.amount}" if action.amount else ""
            return f"activate {action.tile} exp{action.exp}{extra}{via}"
        case Trade():
            then = "" if action.more else ", done"
            return f"{'buy' if action.buy else 'sell'} {action.amount} {action.resource}{then}"
        case Pick():
            fields = action.model_dump(exclude={"kind"}, exclude_none=True)
            return "pick " + " ".join(f"{k}={v}" for k, v in fields.items())
        case Academy():
            paid = "" if action.pay_to is None else f" pay {action.pay_to}"
            return f"academy {'skip' if action.skip else 'no'}{paid}"
        case Emergency():
            return f"emergency {'yes' if action.hire else 'no'}"
    return action.kind
