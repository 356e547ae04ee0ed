"""The moves a seat can send: a discriminated union on ``kind`` of small frozen models naming ids and
numbers only (STYLE 3.1). Each has a short notation (:func:`notation`) for logs and golden files.

A turn is one move: :class:`Place` or :class:`UseCard` naming the citizen's rank, :class:`Attack`
naming the armies paid, or :class:`Pass`. Where those do not all fit one prompt, a turn may start
with :class:`Citizen` (then :class:`Place` or :class:`UseCard` without a rank) or with
:class:`Attack` without armies (then :class:`Pay` … :class:`Confirm`); action logs recorded before
turns were one move use these forms too, and still replay. The follow-up decisions of §16 are the
other kinds. :class:`Back` cancels a turn choice before anything has happened.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from rules.ancient_world.state import Space
from rules.core.unchecked import built


class _Move(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Citizen(_Move):
    """Turn: place the citizen of this rank (then choose where)."""

    kind: Literal["citizen"] = "citizen"
    rank: int


class Place(_Move):
    """Put the citizen of ``rank`` on a board action space (a whole turn), or, without a rank, the
    citizen chosen with :class:`Citizen` just before. ``then`` answers the action's first question
    at once: which card to build, how to pay for Expand, how to explore."""

    kind: Literal["place"] = "place"
    space: Space
    rank: int | None = None
    then: Annotated[Build | ExpandPay | Explore, Field(discriminator="kind")] | None = None


class UseCard(_Move):
    """Put the citizen of ``rank`` (or the one chosen just before) on one of your own cards with a
    card action (§6.3)."""

    kind: Literal["use_card"] = "use_card"
    card: str
    rank: int | None = None


class Attack(_Move):
    """Turn (or Forest Hideout): attack the face-up Titan of the deck with this many stars, paying
    for the active cards of ``armies`` (0-based); without armies, they are paid one at a time next."""

    kind: Literal["attack"] = "attack"
    deck: int
    armies: tuple[int, ...] | None = None


class Pay(_Move):
    """Attack: pay for the active Military card of army ``army`` (0-based)."""

    kind: Literal["pay"] = "pay"
    army: int


class Confirm(_Move):
    """Attack: the paid cards are enough; resolve the attack."""

    kind: Literal["confirm"] = "confirm"


class Pass(_Move):
    kind: Literal["pass"] = "pass"


class Back(_Move):
    """Cancel the citizen or attack just chosen (nothing has happened yet)."""

    kind: Literal["back"] = "back"


class Done(_Move):
    """Stop an optional series (Rebuild repairs)."""

    kind: Literal["done"] = "done"


class Decline(_Move):
    """Say no to an optional effect (Distant Outpost, Scribe Guild, Zori, Forest Hideout's attack)."""

    kind: Literal["decline"] = "decline"


class Accept(_Move):
    """Say yes to Scribe Guild (pay 1 coin, gain 1 knowledge)."""

    kind: Literal["accept"] = "accept"


class Build(_Move):
    """Build: the Empire card at ``index`` of the row or of your stored cards."""

    kind: Literal["build"] = "build"
    source: Literal["row", "stored"]
    index: int


class UseCrane(_Move):
    """Build: discard Crane to build without paying the card's coin cost (or not)."""

    kind: Literal["crane"] = "crane"
    use: bool


class ExpandPay(_Move):
    kind: Literal["expand_pay"] = "expand_pay"
    currency: Literal["coins", "knowledge"]


class TakeDistrict(_Move):
    """Expand+: keep the offered District card at ``index``."""

    kind: Literal["district"] = "district"
    index: int


class Repair(_Move):
    """Repair the damaged Empire card at ``index`` of your Empire."""

    kind: Literal["repair"] = "repair"
    index: int


class Recruit(_Move):
    """Recruit: the Military row card at ``index``."""

    kind: Literal["recruit"] = "recruit"
    index: int


class Retire(_Move):
    """Recruit: lay the new card on army ``army``, retiring its active card; ``-1`` = a new army."""

    kind: Literal["retire"] = "retire"
    army: int


class Explore(_Move):
    kind: Literal["explore"] = "explore"
    mode: Literal["deck", "row"]


class Store(_Move):
    """Explore or Zori Dramatists: store the card at ``index`` of the draw (or of the row)."""

    kind: Literal["store"] = "store"
    index: int


class StoreBlind(_Move):
    """Zori Dramatists: store the top card of the Empire deck unseen."""

    kind: Literal["store_blind"] = "store_blind"


class Damage(_Move):
    """A titan symbol: damage the intact Empire card at ``index`` of your Empire."""

    kind: Literal["damage"] = "damage"
    index: int


class DiscardArmy(_Move):
    kind: Literal["discard_army"] = "discard_army"
    army: int


class Hungry(_Move):
    """Feeding: this citizen goes to the Hunger box."""

    kind: Literal["hungry"] = "hungry"
    rank: int


class Outpost(_Move):
    """Distant Outpost: remove 1 coin from army ``army``'s active card, name or picture area."""

    kind: Literal["outpost"] = "outpost"
    army: int
    area: Literal["name", "picture"]


class OpponentCard(_Move):
    """Bridge, Trade City: use ``card``'s action, owned by ``owner_seat``."""

    kind: Literal["opponent_card"] = "opponent_card"
    owner_seat: int
    card: str


class Hideout(_Move):
    """Forest Hideout: look at the Titan deck with ``deck`` stars."""

    kind: Literal["hideout"] = "hideout"
    deck: int


class PutNext(_Move):
    """Forest Hideout: put the seen card at ``index`` next from the top."""

    kind: Literal["put_next"] = "put_next"
    index: int


class More(_Move):
    """Show ``page`` of a list of choices too long for one prompt; nothing in the game changes."""

    kind: Literal["more"] = "more"
    page: int


Action = (
    Citizen | Place | UseCard | Attack | Pay | Confirm | Pass | Back | Done | Decline | Accept | Build
    | UseCrane | ExpandPay | TakeDistrict | Repair | Recruit | Retire | Explore | Store | StoreBlind
    | Damage | DiscardArmy | Hungry | Outpost | OpponentCard | Hideout | PutNext
    | More
)
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Annotated[Action, Field(discriminator="kind")])


def notation(action: Action) -> str:
    """A short text for logs and golden files, e.g. ``place build`` or ``pay 1``."""
    fields = [_word(v) for k, v in action.model_dump(mode="json").items() if k != "kind" and v is not None]
    return " ".join([action.kind, *fields])


def _word(value: object) -> str:
    if isinstance(value, list):
        return "+".join(map(str, value))
    if isinstance(value, dict):
        return "(" + " ".join(_word(v) for v in value.values()) + ")"
    return str(value)


def place(space: Space, rank: int, then: Build | ExpandPay | Explore | None = None) -> Place:
    """``Place(space=…, rank=…[, then=…])`` built without validation
    (:func:`rules.core.unchecked.built`): its fields are typed here (mypy --strict), and a turn
    offers dozens of places."""
    return built(Place, {"kind": "place", "space": space, "rank": rank, "then": then},
                 _SPACE_RANK if then is None else _SPACE_RANK_THEN)


_SPACE_RANK = ("space", "rank")
_SPACE_RANK_THEN = ("space", "rank", "then")
