"""The Roll for the Galaxy engine: the contract of rules/core over the modules of this package
(sections § are those of docs/rftg/rules.md)."""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import replace
from typing import Any, get_args

from pydantic import BaseModel, TypeAdapter

from rules.core import (
    Bot,
    Engine,
    Event,
    GameInfo,
    Prompt,
    RandomBot,
    Result,
    Rng,
    RuleError,
    Seat,
    msg,
)
from rules.core.reference import CardEntry
from rules.core.unchecked import option, question
from rules.rftg import assign, build, explore, flow, manage, produce, ship
from rules.rftg.actions import Action, AnyAction, Select, SplitStart
from rules.rftg.content import CONTENT, Content
from rules.rftg.describe import split_description
from rules.rftg.options import Options
from rules.rftg.scoring import result
from rules.rftg.setup import setup, split_start
from rules.rftg.state import State
from rules.rftg.views import View, view

_BEFORE: ContextVar[dict[Seat, Prompt] | None] = ContextVar("rftg_prompts_before", default=None)
"""The prompts of the state :meth:`RollForTheGalaxy.apply` is playing a move on, while it plays it."""


_ACTIONS = frozenset(get_args(AnyAction))


def _own_step(state: State) -> tuple[object, ...] | None:
    """The step under way when it is one where each seat decides for its own player alone, or
    ``None``: Assign (§5.2), Explore played at once (§5.5; not in timing order, no tiles being
    given back) and Manage Empire (§5.11). There a move changes only its own player, the bag and
    the tiles returned under the Explore tile (which no prompt reads), and a player's prompt reads
    only that player (in Assign also the tableaus, which Assign leaves alone), so while the same
    step goes on, the other seats' prompts stay what they were. Each step comes once a round
    (Explore's end, when Alien Research Team draws, counts as a step of its own)."""
    if state.stage in ("assign", "manage"):
        return (state.stage, state.round)
    if state.stage == "phase" and state.phase == "explore" and not state.sequential and not state.giveback:
        return ("explore", state.round, state.explore_end)
    return None


def _alone(state: State, seat: Seat) -> bool:
    """Whether a move of ``seat`` now changes its own player and nothing of the others': a step of
    Assign, Explore (also in timing order, §11) or Manage Empire while another player has yet to
    finish it, so that the move cannot end the step (Reveal, §5.3; the end of Explore, §5.5; the
    next round, §5.11), and in Explore while the bag holds more tiles than the player can draw, so
    that it cannot run out (§5.5, X16), and no tiles are being given back. A single answer the
    move leads another seat to is played on that seat's own copy (:meth:`State.own`)."""
    others = [p for s, p in enumerate(state.players) if s != seat]
    if state.stage == "assign":
        return any(p.assign is not None and not p.assign.confirmed for p in others)
    if state.stage == "manage":
        return any(not p.work.done for p in others)
    if state.stage == "phase" and state.phase == "explore" and not state.giveback:
        return (any(not p.work.done for p in others)
                and len(state.bag) > explore.most_drawn(state.players[seat]))
    return False


class RollForTheGalaxy(Engine[State, AnyAction]):
    """Roll for the Galaxy, 2–5 players, base game (spec: shared/rules/roll_for_the_galaxy.md)."""

    info = GameInfo(
        id="rftg",
        title="Roll for the Galaxy",
        min_players=2,
        max_players=5,
        has_secrets=True,
        has_simultaneous_steps=True,
        max_actions=20_000,
        messages_package="rules.rftg",
    )
    state_type = State
    action_adapter: TypeAdapter[AnyAction] = TypeAdapter(Action)
    trusted_actions = _ACTIONS
    options_type = Options

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or CONTENT

    def setup(self, players: int, options: BaseModel, seed: int) -> State:
        assert isinstance(options, Options)
        state = setup(self.content, players, options, seed)
        if options.first_game:
            flow.start_round(self.content, state)
        return state

    # ---- prompts ------------------------------------------------------------------------------

    def pending(self, state: State) -> dict[Seat, Prompt]:
        return self._pending(state)

    def _pending(self, state: State, kept: dict[Seat, Prompt | None] | None = None) -> dict[Seat, Prompt]:
        """:meth:`pending`; a seat in ``kept`` has the prompt kept for it (``None``: none), not one
        built again (:meth:`_kept`)."""
        c = self.content
        out: dict[Seat, Prompt] = {}
        kept = kept or {}
        if state.stage == "setup":
            for seat, p in enumerate(state.players):
                if p.start_tiles:
                    out[seat] = self._split_prompt(state, seat)
        elif state.stage == "assign":
            for seat in range(len(state.players)):
                prompt = kept[seat] if seat in kept else assign.prompt(c, state, seat)
                if prompt is not None:
                    out[seat] = prompt
        elif state.giveback:
            seat = state.giveback[0]
            out[seat] = explore.giveback_prompt(c, state, seat)
        elif state.stage in ("phase", "manage"):
            for seat in flow.acting(state):
                prompt = kept[seat] if seat in kept else self._phase_prompt(state, seat)
                if prompt is not None:
                    out[seat] = prompt
        return out

    def _split_prompt(self, state: State, seat: int) -> Prompt:
        c = self.content
        tiles = state.players[seat].start_tiles
        opts = tuple(
            option(action=SplitStart(development=i),
                   label=msg("rftg.opt.split", development=c.side_of(tiles[i], False).name,
                             world=c.side_of(tiles[1 - i], True).name),
                   description=split_description(c.side_of(tiles[i], False), c.side_of(tiles[1 - i], True)))
            for i in (0, 1)
        )
        return question(seat=seat, title=msg("rftg.setup.split"), options=opts, secret=True,
                        simultaneous=True)

    def _phase_prompt(self, state: State, seat: int) -> Prompt | None:
        c = self.content
        if state.stage == "manage":
            return manage.prompt(c, state, seat)
        phase = state.phase
        prompt: Prompt | None = None
        if phase == "explore":
            prompt = explore.prompt(c, state, seat)
        elif phase in ("develop", "settle"):
            prompt = build.prompt(c, state, seat, phase)
        elif phase == "produce":
            prompt = produce.prompt(c, state, seat)
        elif phase == "ship":
            prompt = ship.prompt(c, state, seat)
        if prompt is not None and not state.sequential:
            prompt = replace(prompt, simultaneous=True)
        return prompt

    # ---- actions ------------------------------------------------------------------------------

    def apply(self, state: State, seat: Seat, action: Any) -> tuple[State, list[Event]]:
        """:meth:`Engine.apply`, with the prompts of ``state`` at hand while the move is played
        (:meth:`play` keeps those of the seats the move leaves alone); a move that can change only
        its own player is played on a copy that shares the other players (:func:`_alone`)."""
        before = self.prompts(state)
        token = _BEFORE.set(before)
        try:
            if seat in before and _alone(state, seat):
                parsed = self.parse_action(action)
                new_state = state.copy_for(seat)
                return new_state, self.play(new_state, seat, parsed)
            return super().apply(state, seat, action)
        finally:
            _BEFORE.reset(token)

    def play(self, state: State, seat: Seat, action: AnyAction) -> list[Event]:
        """Carry out ``action``, then every answer that is the only one possible: the contract asks
        no question with a single answer."""
        if isinstance(action, Select):
            state.legacy_flow = True
        step = _own_step(state)
        events = self._play(state, seat, action)
        if state.legacy_flow:
            return events
        events += self._play_forced(state, seat, self._kept(state, seat, step))
        return events

    @staticmethod
    def _kept(state: State, seat: Seat, step: tuple[object, ...] | None) -> dict[Seat, Prompt | None] | None:
        """The prompts of the other seats as they were before ``seat``'s move, when the move was
        one of the steps :func:`_own_step` names and that step goes on (``None`` otherwise)."""
        before = _BEFORE.get()
        if before is None or step is None or _own_step(state) != step:
            return None
        return {other: before.get(other) for other in range(len(state.players)) if other != seat}

    def _play_forced(self, state: State, mover: Seat,
                     kept: dict[Seat, Prompt | None] | None = None) -> list[Event]:
        """Play every single-answer question after ``mover``'s move; the prompts left are those of
        the state reached (the first time round, ``kept`` are those of seats the move left alone:
        :meth:`_pending`)."""
        events: list[Event] = []
        while True:
            prompts = self._pending(state, kept)
            kept = None
            forced = next(((s, p) for s, p in sorted(prompts.items()) if p.answers < 2), None)
            if forced is None:
                self.settled(state, prompts)
                return events
            seat, prompt = forced
            option = next(o for o in prompt.options if not o.navigation) if prompt.options else None
            action = option.action if option is not None else prompt.number.action(prompt.number.low)  # type: ignore[union-attr]
            label = option.label if option is not None else prompt.number.label  # type: ignore[union-attr]
            events.append(Event(message=msg("rftg.event.forced", seat=seat, choice=label),
                                visible_to=frozenset({seat}) if prompt.secret else None))
            if seat != mover:
                state.own(seat)
            events += self._play(state, seat, action)

    def _play(self, state: State, seat: Seat, action: AnyAction) -> list[Event]:
        c = self.content
        if state.stage == "setup":
            p = state.players[seat]
            if not isinstance(action, SplitStart) or action.development not in (0, 1):
                raise RuleError("Choose which starting tile is the development.", key="rftg.err.split")
            split_start(c, p, action.development)
            events = [Event(message=msg("rftg.event.split", seat=seat))]
            if not any(q.start_tiles for q in state.players):
                events += flow.start_round(c, state)
            return events
        if state.stage == "assign":
            events = assign.act(c, state, seat, action)
            return events + flow.maybe_reveal(c, state)
        if state.stage == "manage":
            events = manage.act(c, state, seat, action)
            events += flow.advance(c, state, seat)
            return events + flow.maybe_end_round(c, state)
        phase = state.phase
        if state.giveback:
            waiting = state.giveback_for
            events = explore.give_back(state, seat, action)
            if state.giveback_for is None and waiting is not None:  # over: the waiting seat goes on
                events += flow.advance(c, state, waiting)
                return events + flow.maybe_end_phase(c, state)
            return events
        if phase == "explore":
            events = explore.act(c, state, seat, action)
        elif phase in ("develop", "settle"):
            events = build.act(c, state, seat, phase, action)
        elif phase == "produce":
            events = produce.act(c, state, seat, action)
        else:
            events = ship.act(c, state, seat, action)
        events += flow.advance(c, state, seat)
        return events + flow.maybe_end_phase(c, state)

    # ---- views and results --------------------------------------------------------------------

    def view(self, state: State, seat: Seat | None) -> View:
        return view(self.content, state, seat)

    def result(self, state: State) -> Result | None:
        return result(self.content, state) if state.stage == "over" else None

    def scramble(self, state: State, seat: Seat, rng: Rng) -> State:
        """Change what only ``seat`` knows: rolled faces, hidden stack order, drawn and starting tiles."""
        new = state.model_copy(deep=True)
        p = new.players[seat]
        if p.assign is not None:
            for d in p.assign.dice:
                d.face = rng.choice(self.content.dice[d.colour].faces)
                if d.column is not None and d.where == "column" and d.face != "wild":
                    d.column = rng.choice(("explore", "develop", "settle", "produce", "ship"))
        for stack in (p.dev_stack, p.world_stack):
            rest = stack[1:]
            rng.shuffle(rest)
            stack[1:] = rest
        for tiles in (p.work.drawn, p.start_tiles):
            for i in range(len(tiles)):
                if new.bag:
                    j = rng.below(len(new.bag))
                    tiles[i], new.bag[j] = new.bag[j], tiles[i]
        return new

    def bots(self) -> dict[str, Bot]:
        from rules.rftg.bots import GreedyBot

        return {"random": RandomBot(), "greedy": GreedyBot()}

    def reference(self, options: BaseModel | None = None) -> tuple[CardEntry, ...]:
        """Both faces of every tile of the content, and the dice (the options change none)."""
        from rules.rftg.reference import entries

        return entries(self.content)
