"""The Praetor engine: the contract of :mod:`rules.core` over this package's rules modules.

Sections (§) are those of docs/praetor/rules.md.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, TypeAdapter

from rules.core import Engine, Event, GameInfo, NotYourTurn, Prompt, Result, Rng, RuleError, Seat
from rules.core.bots import Bot, RandomBot
from rules.core.memo import Memo
from rules.core.reference import CardEntry
from rules.praetor import rounds, scoring, turns, walk
from rules.praetor.actions import (
    Academy,
    Action,
    Activate,
    AnyAction,
    Back,
    Build,
    Done,
    Emergency,
    Pass,
    Pick,
    Trade,
)
from rules.praetor.bots import GreedyBot
from rules.praetor.content import Content, load_content
from rules.praetor.legal import Moves, Settled, known_activation
from rules.praetor.options import Options
from rules.praetor.prompts import offered_step, pending
from rules.praetor.rounds import academy_choices, emergency_due
from rules.praetor.state import Draft, State
from rules.praetor.views import View, make_view

ACTION_TYPES = frozenset(AnyAction.__args__)
"""The action models of Praetor (:data:`~rules.praetor.actions.AnyAction`)."""
VIEW_CACHE = 64
"""States whose views are remembered."""


def _take_step(state: State, step: Pick) -> None:
    """Merge the step's fields into the seat's draft."""
    state.draft = state.draft.model_copy(update=step.model_dump(exclude={"kind"}, exclude_none=True))


class Praetor(Engine[State, AnyAction]):
    """Praetor for 2–5 players, data-driven from a :class:`Content` set."""

    info = GameInfo(
        id="praetor",
        title="Praetor",
        min_players=2,
        max_players=5,
        has_secrets=False,
        has_simultaneous_steps=True,
        max_actions=20_000,
        messages_package="rules.praetor",
    )
    state_type = State
    action_adapter: TypeAdapter[AnyAction] = TypeAdapter(Action)
    trusted_actions = ACTION_TYPES
    options_type = Options

    def __init__(self, content: Content | None = None) -> None:
        self.content = content if content is not None else load_content()
        self._views: Memo[str, View] = Memo(VIEW_CACHE)
        self.last_lists: Moves | None = None
        """The legal lists of the seat to play in the state this engine's last move (or setup)
        returned, worked out by its nothing-to-do check (:class:`~rules.praetor.legal.Settled`):
        that state's prompt and the check of an activation played from it read them
        (:meth:`lists_for`)."""

    def setup(self, players: int, options: BaseModel, seed: int) -> State:
        assert isinstance(options, Options)
        state = rounds.setup(self.content, players, options, seed)
        settled = Settled()
        rounds.begin_turns(self.content, state, settled)
        self.last_lists = settled.moves
        return state

    def pending(self, state: State) -> dict[Seat, Prompt]:
        """The prompts (:meth:`Engine.prompts` remembers them per state; :meth:`owing` answers
        :meth:`apply`'s seat check without them)."""
        return pending(self.content, state)

    def prompts(self, state: State) -> dict[Seat, Prompt]:
        """As :meth:`Engine.prompts`; the turn prompt of the state this engine's last move left
        reads the legal lists its nothing-to-do check worked out (:meth:`lists_for`)."""
        return dict(self._memo().get(state, self._kept_pending))

    def _kept_pending(self, state: State) -> dict[Seat, Prompt]:
        return pending(self.content, state, self.lists_for(state))

    def lists_for(self, state: State) -> Moves | None:
        """:attr:`last_lists` when they were worked out for this very state object (the one the last
        move returned: states no code changes any more), else ``None``."""
        lists = self.last_lists
        return lists if lists is not None and lists.state is state else None

    def toward(self, state: State, seat: Seat, prompt: Prompt, action: Any) -> tuple[Any, Any] | None:
        """A complete move reached through the turn's steps, or a Market trade by one-unit trades
        (:mod:`rules.praetor.walk`)."""
        return walk.toward(self.content, state.draft, prompt, action)

    def owing(self, state: State) -> list[Seat]:
        """The seats :meth:`pending` asks, without building their prompts: the seat whose turn it
        is, or in the update phase each seat with an Academy or emergency-worker choice still open."""
        if state.phase == "over":
            return []
        if state.phase == "academy":
            return [s for s in state.order
                    if s not in state.choices and academy_choices(self.content, state, s)]
        if state.phase == "emergency":
            return [s for s in state.order if s not in state.choices and emergency_due(state, s)]
        seat = turns.current_seat(state)
        assert seat is not None
        return [seat]

    def apply(self, state: State, seat: Seat, action: object) -> tuple[State, list[Event]]:
        """As :meth:`Engine.apply`; besides, a pass or a "done" that the engine has just played for
        the seat itself (:attr:`State.played_for`) changes nothing: action logs recorded before the
        engine played forced answers hold them as moves. A step the seat's prompt offers is taken
        without working out again where it leads (the prompt did), and an activation that the legal
        lists worked out for the state hold is not checked again
        (:func:`~rules.praetor.legal.known_activation`). The legal lists the move works out for the
        seat to play next are kept with the state it returns (:attr:`last_lists`).

        In the actions phase a move is played on a copy that shares the players other than the
        seat's (:meth:`State.copy_for`): what changes another player (an owner's fee, a forced pass,
        the update phase) first gives the copy that player's own (:meth:`State.own`)."""
        if state.played_for:
            kind = self.parse_action(action).kind
            if (seat, kind) in state.played_for:
                after = state.copy_for(None)
                after.played_for.remove((seat, kind))
                return after, []
        if isinstance(action, Pick) and self.owing(state) == [seat] and state.phase == "actions" \
                and state.market is None and action in (o.action for o in self.prompts(state)[seat].options):
            after = state.copy_for(None)
            after.played_for = []
            _take_step(after, action)
            return after, []
        if state.phase != "actions":
            return super().apply(state, seat, action)
        parsed = self.parse_action(action)
        if seat not in self.owing(state):
            raise NotYourTurn("It is not your turn.", key="core.not_your_turn")
        after = state.copy_for(seat)
        settled = Settled()
        if isinstance(parsed, Activate) and known_activation(self.last_lists, state, seat, parsed):
            after.played_for = []
            events = self._activate(after, seat, parsed, settled, checked=True)
        else:
            events = self.play(after, seat, parsed, settled)
        self.last_lists = settled.moves
        return after, events

    def play(self, state: State, seat: Seat, action: AnyAction,
             settled: Settled | None = None) -> list[Event]:
        """As :meth:`Engine.play`; ``settled`` is given the legal lists of the seat to play next
        (:class:`~rules.praetor.legal.Settled`)."""
        content = self.content
        state.played_for = []
        match action:
            case Academy():
                return rounds.answer_academy(content, state, seat, action)
            case Emergency():
                return rounds.answer_emergency(content, state, seat, action)
            case Pick():
                return self._pick(state, seat, action)
            case Back():
                if turns.current_seat(state) != seat or state.draft == Draft():
                    raise RuleError("There is nothing to go back from.", key="praetor.err.back")
                state.draft = Draft()
                return []
            case Trade():
                events = turns.do_trade(content, state, seat, action)
                if state.market is not None:
                    return events
                return events + rounds.next_turn(content, state, settled)
            case Done():
                return turns.do_done(content, state, seat, action) + rounds.next_turn(content, state, settled)
        if state.phase != "actions":
            raise RuleError("Actions are over for this round.", key="praetor.err.not_actions")
        match action:
            case Build():
                events = turns.do_build(content, state, seat, action)
            case Activate():
                return self._activate(state, seat, action, settled)
            case Pass():
                events = turns.do_pass(content, state, seat, action)
        return events + rounds.next_turn(content, state, settled)

    def _activate(self, state: State, seat: Seat, action: Activate, settled: Settled | None,
                  checked: bool = False) -> list[Event]:
        """An activation; ``checked``: known to be legal (see :func:`turns.do_activate`)."""
        events = turns.do_activate(self.content, state, seat, action, checked)
        if state.market is not None:
            state.draft = Draft()
            return events
        return events + rounds.next_turn(self.content, state, settled)

    def _pick(self, state: State, seat: Seat, action: Pick) -> list[Event]:
        """A step is legal when the seat's prompt offers it, or when it is one of the steps that
        prompts offered before forced steps were folded into the option before them (it still leads
        to a legal move)."""
        if turns.current_seat(state) != seat or state.market is not None:
            raise RuleError("There is no choice to make now.", key="praetor.err.no_decision")
        if not offered_step(self.content, state, seat, action) and action not in (
                o.action for o in self.pending(state)[seat].options):
            raise RuleError("That choice is not offered now.", key="praetor.err.not_offered")
        _take_step(state, action)
        return []

    def view(self, state: State, seat: Seat | None) -> View:
        """Everyone sees the same table (Praetor has no secrets), so the view does not depend on
        ``seat``; it is memoised by the state's JSON. Views are read-only."""
        return self._views.kept(state.model_dump_json(), lambda: make_view(self.content, state))

    def scramble(self, state: State, seat: Seat, rng: Rng) -> State:
        """Nothing is known to one seat only (§11): the scrambled state is the same state."""
        return state.model_copy()

    def result(self, state: State) -> Result | None:
        return scoring.result(self.content, state)

    def bots(self) -> dict[str, Bot]:
        """The random player and :class:`~rules.praetor.bots.GreedyBot`."""
        return {"random": RandomBot(), "greedy": GreedyBot()}

    def reference(self, options: BaseModel | None = None) -> tuple[CardEntry, ...]:
        """Every building with its city tiles, the wall tiles and the board sides (the options
        change none)."""
        from rules.praetor.reference import entries

        return entries(self.content)


__all__ = ["Praetor"]
