"""The shapes every engine speaks: prompts, options, events, results and game info.

See docs/contract.md. Everything here is plain data that the table service,
the bot, the terminal client and the tests read the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import product
from math import prod
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, model_validator

from rules.core.messages import Message

MAX_OPTIONS = 25
"""No prompt offers more options than fit a Discord select menu; bigger choices are split in steps."""

Seat = int
"""A seat number, 0-based in seat order."""


@dataclass(frozen=True, slots=True)
class Option:
    """One choice of a prompt: the action it stands for and its label.

    A frozen slotted dataclass, as :class:`Message` is: a prompt offers dozens, made on every move.
    Pydantic writes it as a field of :class:`Prompt` (its fields in order) and reads it back."""

    action: Any
    """The game's action model, ready to pass to :meth:`Engine.apply`."""
    label: Message
    """Short label (a message key) for a button or a select menu entry."""
    description: Message | None = None
    """What the option costs and gives, in a few words ("$3 · 2 VP · Develop: +1 draw"): shown as
    the select menu entry's description line (at most 100 characters) and after the label in the
    terminal client."""
    navigation: bool = False
    """A way through the decision rather than an answer to it (Back, Undo, Start over, More):
    shown apart from the choices, and not counted by :attr:`Prompt.answers`."""


class NumberChoice(BaseModel):
    """A bounded number the seat picks; the chosen action is ``template`` with ``field`` set."""

    model_config = ConfigDict(frozen=True)

    low: int
    high: int
    template: Any
    """The action model to complete; its ``field`` is replaced by the chosen number."""
    field: str
    label: Message

    @model_validator(mode="after")
    def _bounds(self) -> NumberChoice:
        if self.low > self.high:
            raise ValueError(f"empty range {self.low}..{self.high}")
        return self

    def action(self, value: int) -> Any:
        """The action for ``value`` (bounds are the engine's to check again)."""
        return self.template.model_copy(update={self.field: value})


MAX_PARTS = 3
"""Most menus a prompt's :class:`Parts` holds: with the prompt's own menu and a row of buttons, as
many as fit one Discord message (five rows)."""


class Choice(BaseModel):
    """One entry of a :class:`Part`'s menu: the fields of the template it sets, its label and what
    it costs and gives."""

    model_config = ConfigDict(frozen=True)

    values: dict[str, Any]
    """The template's fields this choice sets (usually one; a cell may set its two coordinates)."""
    label: Message
    description: Message | None = None
    """Shown as the select menu entry's description line (at most 100 characters) and after the
    label in the terminal client, as an option's."""


class Part(BaseModel):
    """One menu of a :class:`Parts`: a question ("which tile?") and at most 25 choices."""

    model_config = ConfigDict(frozen=True)

    label: Message
    """What the menu asks, shown as its placeholder ("Tile", "Worker", "Cell")."""
    choices: tuple[Choice, ...]
    default: int | None = None
    """Index of the choice the menu starts at (a sensible default the rules allow); ``None``: the
    player must choose."""

    @model_validator(mode="after")
    def _fits(self) -> Part:
        return self.checked()

    def checked(self) -> Part:
        """This menu, once what validation asks of it is checked (1 to 25 choices, a default among
        them): for a menu built without validation.

        :raises ValueError: naming what is wrong."""
        if not 1 <= len(self.choices) <= MAX_OPTIONS:
            raise ValueError(f"a part offers {len(self.choices)} choices; 1 to {MAX_OPTIONS}")
        if self.default is not None and not 0 <= self.default < len(self.choices):
            raise ValueError(f"default choice {self.default} is not one of the {len(self.choices)}")
        return self


class Parts(BaseModel):
    """A choice whose parts do not fit one menu of 25, asked as menus answered together (a panel
    with its menus and one button is one decision): the answer is ``template`` with every part's
    chosen :attr:`Choice.values` set. Every combination is either a legal move or refused by the
    engine with a clear message, changing nothing (the conformance kit checks both)."""

    model_config = ConfigDict(frozen=True)

    template: Any
    """The action model to complete; each part sets some of its fields."""
    menus: tuple[Part, ...]
    label: Message
    """The button that answers with the chosen combination ("Build")."""
    description: Message | None = None

    @model_validator(mode="after")
    def _fits(self) -> Parts:
        return self.checked()

    def checked(self) -> Parts:
        """These parts, once what validation asks of them is checked (1 to ``MAX_PARTS`` menus):
        for parts built without validation.

        :raises ValueError: naming what is wrong."""
        if not 1 <= len(self.menus) <= MAX_PARTS:
            raise ValueError(f"parts hold {len(self.menus)} menus; 1 to {MAX_PARTS}")
        return self

    @property
    def combinations(self) -> int:
        """How many answers the menus make together (one choice in each)."""
        return prod(len(part.choices) for part in self.menus)

    @property
    def defaults(self) -> tuple[int | None, ...]:
        """Each menu's default choice (``None`` where the player must choose)."""
        return tuple(part.default for part in self.menus)

    def every(self) -> Iterator[tuple[int, ...]]:
        """Every combination of choices, as one index per menu, in menu order."""
        return product(*(range(len(part.choices)) for part in self.menus))

    def action(self, picks: Sequence[int]) -> Any:
        """The action for one choice index per menu.

        :raises ValueError: when ``picks`` does not name one choice of each menu.
        """
        if len(picks) != len(self.menus):
            raise ValueError(f"{len(picks)} choices for {len(self.menus)} menus")
        update: dict[str, Any] = {}
        for part, pick in zip(self.menus, picks, strict=True):
            if not 0 <= pick < len(part.choices):
                raise ValueError(f"choice {pick} is not one of the {len(part.choices)}")
            update.update(part.choices[pick].values)
        return self.template.model_copy(update=update)

    def picks(self, action: Any) -> tuple[int, ...] | None:
        """The choices whose combination is ``action``, or ``None`` when none is."""
        if type(action) is not type(self.template):
            return None
        found = []
        for part in self.menus:
            pick = next((i for i, choice in enumerate(part.choices)
                         if all(getattr(action, k, None) == v for k, v in choice.values.items())), None)
            if pick is None:
                return None
            found.append(pick)
        return tuple(found) if self.action(found) == action else None


@dataclass(frozen=True, slots=True)
class Prompt:
    """The decision a seat owes now.

    A prompt has options, a bounded number, parts answered together (:class:`Parts`), or several
    of them (e.g. "bid 0–7, or pass"; a turn's moves with a Build panel beside them). ``secret`` marks
    a simultaneous secret commitment (dice assignment, bids, votes): what a seat commits stays hidden
    until every seat owing it has committed.

    A frozen slotted dataclass, as :class:`Option` is; :data:`PROMPT` reads and writes it as JSON.
    Made as ``Prompt(...)`` or read, it is checked (:meth:`checked`) and its options made a tuple.
    """

    seat: Seat
    title: Message
    options: tuple[Option, ...] = ()
    number: NumberChoice | None = None
    parts: Parts | None = None
    secret: bool = False
    simultaneous: bool = False
    """Several seats owe a decision at once; they may answer in any order."""
    default: int | None = None
    """Index of the option taken for a seat that lets its time run out, where the rules give a
    timeout default (declining an optional reaction out of turn); ``None``: the table waits."""

    @property
    def answers(self) -> int:
        """How many different answers the prompt offers: its options that are not navigation,
        plus every value of its number range, plus every combination of its parts. The contract
        asks for at least two: a question with one possible answer is played by the engine itself,
        as part of the move that led to it."""
        chosen = sum(1 for option in self.options if not option.navigation)
        if self.number is not None:
            chosen += self.number.high - self.number.low + 1
        if self.parts is not None:
            chosen += self.parts.combinations
        return chosen

    def answers_up_to(self, most: int) -> int:
        """:attr:`answers`, the options counted only up to ``most``: whether a prompt offers one
        answer or a choice is asked of every seat's prompt after every move, and a menu offers
        dozens."""
        if self.number is not None or self.parts is not None:
            return min(self.answers, most)
        chosen = 0
        for option in self.options:
            if not option.navigation:
                chosen += 1
                if chosen == most:
                    break
        return chosen

    def offers(self, action: Any) -> bool:
        """Whether ``action`` is one of the answers the prompt offers as it is: the action of an
        option that is not navigation, its number range's template completed by a value in range,
        or a combination of its parts."""
        if any(not option.navigation and option.action == action for option in self.options):
            return True
        if self.parts is not None and self.parts.picks(action) is not None:
            return True
        number = self.number
        if number is None or type(action) is not type(number.template):
            return False
        value = getattr(action, number.field, None)
        if not isinstance(value, int) or not number.low <= value <= number.high:
            return False
        return bool(number.action(value) == action)

    def __post_init__(self) -> None:
        if type(self.options) is not tuple:
            object.__setattr__(self, "options", tuple(self.options))
        self.checked()

    def checked(self) -> Prompt:
        """This prompt, once what validation asks of it is checked (at most 25 options, something
        to answer, a default among the options): for a prompt built without validation.

        :raises ValueError: naming what is wrong."""
        if len(self.options) > MAX_OPTIONS:
            raise ValueError(f"a prompt offers {len(self.options)} options; at most {MAX_OPTIONS}")
        if not self.options and self.number is None and self.parts is None:
            raise ValueError("a prompt must offer options, a number or parts")
        if self.default is not None and not 0 <= self.default < len(self.options):
            raise ValueError(f"default option {self.default} is not one of the {len(self.options)} options")
        return self


PROMPT: TypeAdapter[Prompt] = TypeAdapter(Prompt)
"""Reads and writes a prompt as JSON (the buttons' ids are hashed from it)."""


CHAPTER = "chapter"
"""The :attr:`Event.data` key that marks an event opening a new chapter of the game's story (a
round, a phase): the Discord thread starts a new story message with it, where the board picture
goes. Optional: a game that marks none is told as one running story, a message at a time as they
fill (see docs/contract.md, "Chapters")."""


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as data: a message, who may see it, and data for pictures.

    ``visible_to`` is ``None`` for a public event, or the seats that may see it. ``reveals`` is set
    when the event makes known something nobody knew (a roll, a draw, commitments revealed): an undo
    across such an event would let a player see and retry, so the table service forbids it.
    ``data[CHAPTER]`` marks the event that opens a chapter of the story (:func:`chapter`). A frozen
    slotted dataclass, as :class:`Message` is; :data:`EVENT` reads and writes it as JSON.
    """

    message: Message
    visible_to: frozenset[Seat] | None = None
    reveals: bool = False
    data: dict[str, Any] = field(default_factory=dict)

    def visible(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (``None`` = spectator) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)

    @property
    def opens_chapter(self) -> bool:
        """Whether the event opens a new chapter of the game's story (:data:`CHAPTER`)."""
        return bool(self.data.get(CHAPTER))


def chapter(event: Event) -> Event:
    """``event`` marked as opening a new chapter of the game's story (a round, a phase)."""
    return replace(event, data={**event.data, CHAPTER: True})


EVENT: TypeAdapter[Event] = TypeAdapter(Event)
"""Reads and writes an event as JSON."""


class Result(BaseModel):
    """The final outcome: scores, ranks (1 = winner; tied seats share a rank) and the tie-break trail."""

    model_config = ConfigDict(frozen=True)

    scores: dict[Seat, float]
    ranks: dict[Seat, int]
    tiebreak: tuple[Message, ...] = ()
    details: dict[Seat, dict[str, float]] = Field(default_factory=dict)
    """Per seat, the score broken down by source (e.g. ``{"tiles": 21, "chips": 9}``)."""


class GameInfo(BaseModel):
    """What a game is, for the registry, the lobby and the conformance kit."""

    model_config = ConfigDict(frozen=True)

    id: str
    title: str
    min_players: int
    max_players: int
    has_secrets: bool
    has_simultaneous_steps: bool
    max_actions: int = 20_000
    """A bound on actions in one game; the conformance kit fails a game that exceeds it."""
    messages_package: str = ""
    """The package whose ``messages/`` holds this game's catalogues."""
    rules_version: int = 1
    """The version of the game's rules and stored formats. A table records the version it was
    started with and each log entry the version that wrote it; bump it when a change would make
    stored actions read differently, with a migration in :attr:`Engine.action_migrations`."""
