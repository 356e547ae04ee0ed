"""The engine contract every game implements (docs/contract.md).

A game subclasses :class:`Engine` and fills in ``setup``, ``pending``, ``play``, ``view``,
``result`` and ``scramble``. The base class owns what must be the same in every game:

* :meth:`Engine.apply` parses the action, checks that the seat owes a decision, runs the game's
  :meth:`Engine.play` on a deep copy, and returns the copy with the events. A rejected action
  therefore never touches the caller's state, whatever the game's code does.
* :meth:`Engine.prompts` is :meth:`Engine.pending` computed once per state: a state is never
  changed once an engine has returned it (every move is played on a copy), so the prompts of a
  state object stay what they were, and the seat check of :meth:`Engine.apply`, the table service
  and the bots share one computation.
* States are read and written as JSON through pydantic (:meth:`dump`, :meth:`load`), so round
  trips are exact: a state is a pydantic model, or a dataclass pydantic reads as one (a game whose
  moves write many fields keeps them as plain slotted classes, which read and write several times
  faster). Actions are pydantic models.
"""

from __future__ import annotations

import json
import weakref
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from rules.core.bots import Bot, RandomBot
from rules.core.contract import Event, GameInfo, Prompt, Result, Seat
from rules.core.errors import GameOver, InvalidAction, NotYourTurn, RuleError
from rules.core.messages import typed
from rules.core.option_refusals import option_refusal
from rules.core.reference import CardEntry
from rules.core.rng import Rng


class GameState(Protocol):
    """What the engine asks of a state: a deep copy that shares nothing a move may change (a
    pydantic model's, or one written for the game's state)."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None, /) -> Self: ...


S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=BaseModel)
T = TypeVar("T")


@cache
def adapter(kind: type[T]) -> TypeAdapter[T]:
    """Pydantic's reader and writer of ``kind``, made once (making one builds its schema)."""
    return TypeAdapter(kind)


PROMPT_MEMO_SIZE = 512
"""How many states' prompts an engine keeps (each also goes as soon as its state is freed)."""


class _PromptMemo:
    """Prompts by state object, for as long as that object lives (a weak reference says when it
    is freed, so that a new object at the same address is never taken for it)."""

    def __init__(self) -> None:
        self._by_id: OrderedDict[int, tuple[weakref.ref[Any], dict[Seat, Prompt]]] = OrderedDict()

    def get(self, state: Any, compute: Callable[[Any], dict[Seat, Prompt]]) -> dict[Seat, Prompt]:
        found = self._by_id.get(id(state))
        if found is not None and found[0]() is state:
            return found[1]
        return self.put(state, compute(state))

    def put(self, state: Any, prompts: dict[Seat, Prompt]) -> dict[Seat, Prompt]:
        """Keep ``prompts`` as those of ``state``; returns them."""
        key = id(state)
        by_id = self._by_id

        def freed(ref: weakref.ref[Any], key: int = key) -> None:
            kept = by_id.get(key)
            if kept is not None and kept[0] is ref:
                del by_id[key]

        try:
            by_id[key] = (weakref.ref(state, freed), prompts)
        except TypeError:  # a state type without weak references: computed every time
            return prompts
        while len(by_id) > PROMPT_MEMO_SIZE:
            by_id.popitem(last=False)
        return prompts


class Engine(ABC, Generic[S, A]):
    """One game's rules. Subclasses are stateless: everything lives in the state model."""

    info: GameInfo
    state_type: type[S]
    action_adapter: TypeAdapter[A]
    """Validates a JSON action into the game's discriminated union of action models."""
    options_type: type[BaseModel]
    """The game's table options, every field with its default (rules interpretations, variants)."""
    action_migrations: ClassVar[Mapping[int, Callable[[Any], Any]]] = {}
    """``action_migrations[v]`` turns an action's JSON data as rules version ``v`` stored it into
    that of version ``v + 1`` (:attr:`GameInfo.rules_version`); a bump that left actions as they
    were needs none."""
    trusted_actions: ClassVar[frozenset[type]] = frozenset()
    """Action models :meth:`parse_action` takes as they are, without validating them again: those
    of a game whose actions are frozen and typed where they are made (mypy --strict), so that a move
    does not dump and validate the action it was given. JSON text and mappings are validated."""
    state_migrations: ClassVar[Mapping[int, Callable[[Any], Any]]] = {}
    """``state_migrations[v]`` turns a state's JSON data as rules version ``v`` dumped it (a
    snapshot) into that of version ``v + 1``; without one, an older snapshot that no longer loads
    is passed over and the log replayed instead."""

    # ---- what each game writes -------------------------------------------------------------

    @abstractmethod
    def setup(self, players: int, options: BaseModel, seed: int) -> S:
        """The opening state for ``players`` seats with validated ``options`` and ``seed``."""

    @abstractmethod
    def pending(self, state: S) -> dict[Seat, Prompt]:
        """The decision each seat owes now; empty when the game is over."""

    @abstractmethod
    def play(self, state: S, seat: Seat, action: A) -> list[Event]:
        """Check ``action`` and carry it out on ``state`` (a private copy), returning the events.

        :raises RuleError: with a player-readable sentence when the action is not allowed.
        """

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> BaseModel:
        """What ``seat`` may see (``None`` = spectator). Never another seat's secret."""

    @abstractmethod
    def result(self, state: S) -> Result | None:
        """Final scores and ranks, or ``None`` while the game goes on."""

    def scramble(self, state: S, seat: Seat, rng: Rng) -> S:
        """A copy of ``state`` where what only ``seat`` knows is changed at random.

        The conformance kit checks that no other seat's view changes: that is how "no view holds
        another seat's secret" is tested. Games without secrets keep this default.
        """
        return state.__deepcopy__()

    def bots(self) -> dict[str, Bot]:
        """The bots that can take a seat, by name. Games add ``"greedy"`` to the random player."""
        return {"random": RandomBot()}

    def reference(self, options: BaseModel | None = None) -> tuple[CardEntry, ...]:
        """Every component a table with ``options`` plays with (the defaults for ``None``), as the
        card reference tells it: name, cost, effect and where each value comes from
        (:mod:`rules.core.reference`). A game without components to look up keeps this default."""
        return ()

    def toward(self, state: S, seat: Seat, prompt: Prompt, action: Any) -> tuple[Any, Any] | None:
        """How a person reaches the complete move ``action`` (a bot may answer ``prompt`` with a
        move its options offer only in steps) by tapping the prompt's own options: the answer
        taken at ``prompt`` and what is left of ``action`` after it (``None`` once that answer
        completes it), or ``None`` when the options offer no way towards ``action``. Used to count
        the decisions a person makes (``python -m bench decisions``). By default a move is reached
        only when the prompt offers it as it is; a game whose prompts offer a move in steps says
        which step leads to it."""
        return (action, None) if prompt.offers(action) else None

    # ---- shared by every game ---------------------------------------------------------------

    def prompts(self, state: S) -> dict[Seat, Prompt]:
        """:meth:`pending`, computed once per state object (a new dict each call, the same prompts).

        Only for states no code changes any more: those :meth:`setup`, :meth:`apply` and
        :meth:`load` returned (a game's :meth:`play` calls :meth:`pending` on the copy it changes).
        """
        return dict(self._memo().get(state, self.pending))

    def settled(self, state: S, prompts: dict[Seat, Prompt]) -> None:
        """Tell :meth:`prompts` that ``prompts`` are :meth:`pending` of ``state``, so that they are
        not computed again: for a game's :meth:`play` that computed them last (to find questions
        with a single answer) and changes nothing in ``state`` after."""
        self._memo().put(state, prompts)

    def _memo(self) -> _PromptMemo:
        memo: _PromptMemo | None = self.__dict__.get("_prompt_memo")
        if memo is None:
            memo = self.__dict__["_prompt_memo"] = _PromptMemo()
        return memo

    def owing(self, state: S) -> Sequence[Seat]:
        """The seats that owe a decision now (:meth:`apply`'s seat check). By default the seats of
        :meth:`prompts`; a game may say it without building every prompt."""
        return list(self.prompts(state))

    def new_game(self, players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> S:
        """Validate ``options`` and the player count, then :meth:`setup`.

        :raises InvalidAction: for an unknown option, a bad value or an unsupported player count.
        """
        info = self.info
        if not info.min_players <= players <= info.max_players:
            raise InvalidAction(
                f"{info.title} is for {info.min_players}–{info.max_players} players, not {players}.",
                key="core.player_count",
                game=info.title,
                low=info.min_players,
                high=info.max_players,
                players=players,
            )
        return self.setup(players, self.parse_options(options or {}), seed)

    def parse_options(self, options: Mapping[str, Any]) -> BaseModel:
        """The game's options model from a mapping; unknown names are refused."""
        unknown = set(options) - set(self.options_type.model_fields)
        if unknown:
            raise InvalidAction(
                f"Unknown option {sorted(unknown)[0]!r} for {self.info.title}.",
                key="core.unknown_option",
                option=typed(str(sorted(unknown)[0])),
                game=self.info.title,
            )
        try:
            return self.options_type.model_validate(dict(options))
        except ValidationError as exc:
            raise option_refusal(exc, self.options_type) from exc

    def parse_action(self, data: Any) -> A:
        """The action model from JSON text, a mapping, or an action model already.

        :raises InvalidAction: quoting what was wrong.
        """
        if type(data) in self.trusted_actions:
            trusted: A = data
            return trusted
        try:
            if isinstance(data, str):
                return self.action_adapter.validate_json(data)
            if isinstance(data, BaseModel):
                data = data.model_dump(mode="json")
            return self.action_adapter.validate_python(data)
        except ValidationError as exc:
            raise InvalidAction(f"That is not a valid move: {_first_error(exc)}",
                                key="core.invalid_action", detail=_first_error(exc)) from exc

    def apply(self, state: S, seat: Seat, action: Any) -> tuple[S, list[Event]]:
        """Carry out ``action`` for ``seat``; return the new state and its events.

        ``state`` is never modified, also when the action is rejected.

        :raises GameOver: the game has ended.
        :raises NotYourTurn: ``seat`` owes no decision now.
        :raises RuleError: the rules forbid the action (the message says why).
        """
        parsed = self.parse_action(action)
        owing = self.owing(state)
        if not owing:
            raise GameOver("The game is over.", key="core.game_over")
        if seat not in owing:
            raise NotYourTurn("It is not your turn.", key="core.not_your_turn")
        new_state = state.__deepcopy__()
        events = self.play(new_state, seat, parsed)
        return new_state, events

    def dump(self, state: S) -> str:
        """The state as JSON text."""
        return self.state_adapter.dump_json(state).decode()

    def load(self, text: str) -> S:
        """A state from :meth:`dump`'s JSON text."""
        return self.state_adapter.validate_json(text)

    @property
    def state_adapter(self) -> TypeAdapter[S]:
        """Reads and writes :attr:`state_type` as JSON (a model's own schema, or a dataclass's),
        made once per state type, whatever engine objects share it."""
        return adapter(self.state_type)

    def upgrade_action(self, payload_json: str, version: int | None) -> str:
        """An action's JSON text as rules version ``version`` stored it, in this version's format
        (each :attr:`action_migrations` step from ``version`` on; ``None`` counts as version 1)."""
        return _upgrade(payload_json, version, self.info.rules_version, self.action_migrations)

    def upgrade_state(self, state_json: str, version: int | None) -> str:
        """A state's JSON text as rules version ``version`` dumped it, in this version's format
        (each :attr:`state_migrations` step from ``version`` on; ``None`` counts as version 1)."""
        return _upgrade(state_json, version, self.info.rules_version, self.state_migrations)

    def dump_action(self, action: A) -> str:
        """An action as JSON text (for the action log)."""
        return self.action_adapter.dump_json(action).decode()

    def replay(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        log: Sequence[tuple[Seat, Any]],
    ) -> S:
        """The state reached from setup by applying ``log`` (seat, action) in order."""
        state = self.new_game(players, options, seed)
        for seat, action in log:
            state, _ = self.apply(state, seat, action)
        return state


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {err['msg']}" if where else str(err["msg"])



def _upgrade(text: str, version: int | None, current: int, steps: Mapping[int, Callable[[Any], Any]]) -> str:
    """JSON ``text`` stored by rules version ``version`` through each migration step to ``current``."""
    due = [steps[v] for v in range(version or 1, current) if v in steps]
    if not due:
        return text
    data = json.loads(text)
    for step in due:
        data = step(data)
    return json.dumps(data)


__all__ = ["Engine", "RuleError"]
