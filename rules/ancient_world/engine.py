"""The Ancient World's engine: the contract of rules/core over this package's modules.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from typing import get_args

from pydantic import BaseModel, TypeAdapter

from rules.ancient_world import actions as act
from rules.ancient_world import attack, cards, placement, reference, rounds, scoring
from rules.ancient_world.bots import GreedyBot
from rules.ancient_world.content import Content
from rules.ancient_world.effects import event, push, refuse, step
from rules.ancient_world.options import Options
from rules.ancient_world.prompts import owing, pending, step_prompt
from rules.ancient_world.state import Army, Built, State, Step, StepKind
from rules.ancient_world.views import View, scramble, view
from rules.core import Bot, Engine, Event, GameInfo, Prompt, RandomBot, Result, Rng, RuleError, Seat
from rules.core.reference import CardEntry

_ACTIONS = frozenset(get_args(act.Action))
"""Every action model of the game."""


class AncientWorld(Engine[State, act.Action]):
    """The Ancient World, 1st edition, 2–4 players, 6 rounds."""

    info = GameInfo(
        id="ancient_world",
        title="The Ancient World",
        min_players=2,
        max_players=4,
        has_secrets=True,
        has_simultaneous_steps=True,
        max_actions=5_000,
        messages_package="rules.ancient_world",
    )
    state_type = State
    action_adapter: TypeAdapter[act.Action] = act.ACTION_ADAPTER
    trusted_actions = _ACTIONS
    options_type = Options

    def __init__(self, content: Content) -> None:
        self.content = content

    def setup(self, players: int, options: BaseModel, seed: int) -> State:
        assert isinstance(options, Options)
        state = rounds.setup(self.content, players, options, seed)
        rounds.advance(self.content, state)
        self._play_forced(state)
        state.forced = []
        return state

    def pending(self, state: State) -> dict[Seat, Prompt]:
        return pending(self.content, state)

    def owing(self, state: State) -> list[Seat]:
        """The seats :meth:`pending` asks, without building their prompts (:meth:`apply`'s seat
        check of a state just loaded)."""
        return owing(state)

    def apply(self, state: State, seat: Seat, action: object) -> tuple[State, list[Event]]:
        """As :meth:`Engine.apply`; besides, an answer the engine has already played itself (a
        question with one possible answer) is accepted again as a no-op, as action logs recorded
        before such questions were skipped hold it."""
        try:
            return super().apply(state, seat, action)
        except RuleError:
            parsed = self.parse_action(action)
            echo = (seat, self.dump_action(parsed))
            if echo not in state.forced:
                raise
            after = state.model_copy(deep=True)
            after.forced.remove(echo)
            return after, []

    def play(self, state: State, seat: Seat, action: act.Action) -> list[Event]:
        if state.forced:
            state.forced = []
        events = self._move(state, seat, action)
        forced, prompts = self._play_forced(state)
        self.settled(state, prompts)
        return events + forced

    def _move(self, state: State, seat: Seat, action: act.Action) -> list[Event]:
        current = _step_for(state, seat)
        events = self._turn(state, seat, action) if current is None else self._decide(state, current, action)
        return events + rounds.advance(self.content, state)

    def _play_forced(self, state: State) -> tuple[list[Event], dict[Seat, Prompt]]:
        """Answer every question that has a single possible answer, as part of the move that led to
        it; the seat is told, in private, that this was chosen for it. Returns the events and the
        prompts of the state reached."""
        events: list[Event] = []
        while True:
            prompts = pending(self.content, state)
            forced = next(((s, p) for s, p in sorted(prompts.items())
                           if _one_answer(p) and not _may_go_back(p)), None)
            if forced is None:
                return events, prompts
            seat, prompt = forced
            option = next(o for o in prompt.options if not o.navigation)
            state.forced.append((seat, self.dump_action(option.action)))
            events.append(event("forced", to=seat, choice=option.label))
            events += self._move(state, seat, option.action)

    def view(self, state: State, seat: Seat | None) -> View:
        return view(self.content, state, seat)

    def result(self, state: State) -> Result | None:
        return scoring.result(self.content, state)

    def scramble(self, state: State, seat: Seat, rng: Rng) -> State:
        return scramble(self.content, state, seat, rng)

    def bots(self) -> dict[str, Bot]:
        """The random player and :class:`~rules.ancient_world.bots.GreedyBot`."""
        return {"random": RandomBot(), "greedy": GreedyBot()}

    def reference(self, options: BaseModel | None = None) -> tuple[CardEntry, ...]:
        """Every card of the content, the banner table and the damage die (the options change none)."""
        return reference.entries(self.content)

    # ---- the turn (§5.2) ---------------------------------------------------------------------------

    def _turn(self, state: State, seat: Seat, action: act.Action) -> list[Event]:
        content = self.content
        match action:
            case act.Place(space=space, rank=int() as rank, then=then):
                push(state, step(StepKind.NEXT_TURN, seat))
                events = placement.place(content, state, seat, space, rank)
                if then is not None:
                    if not state.steps or state.steps[0].seat != seat:
                        raise _wrong_move()
                    events += self._decide(state, state.steps[0], then)
                return events
            case act.UseCard(card=card, rank=int() as rank):
                if rank not in state.players[seat].available():
                    raise refuse(f"Your citizen {rank} is not available.", "citizen_unavailable", rank=rank)
                if card not in cards.own_card_options(content, state, seat):
                    raise refuse("You cannot use that card's action now.", "card_unusable")
                push(state, step(StepKind.NEXT_TURN, seat))
                return cards.use_card(content, state, seat, rank, card)
            case act.Attack(deck=deck, armies=()):
                if not attack.can_attack(content, state, seat, deck):
                    raise refuse("You cannot defeat that Titan now.", "cannot_attack", deck=deck)
                push(state, step(StepKind.ATTACK_CHOOSE, seat, deck=deck, source="turn"))
                return []
            case act.Attack(deck=deck, armies=tuple() as armies):
                push(state, step(StepKind.NEXT_TURN, seat))
                return _attack_with(content, state, seat, deck, armies)
            case act.Citizen(rank=rank):
                if rank not in rounds.placeable_ranks(content, state, seat):
                    raise refuse(f"Citizen {rank} cannot be placed anywhere now.", "citizen_unavailable",
                                 rank=rank)
                push(state, step(StepKind.TARGET, seat, count=rank, source="turn"))
                return []
            case act.Attack(deck=deck):
                if not attack.can_attack(content, state, seat, deck):
                    raise refuse("You cannot defeat that Titan now.", "cannot_attack", deck=deck)
                push(state, step(StepKind.ATTACK_PAY, seat, deck=deck, source="turn"))
                return []
            case act.Pass():
                return rounds.do_pass(content, state, seat)
        raise _wrong_move()

    # ---- decisions -----------------------------------------------------------------------------

    def _decide(self, state: State, current: Step, action: act.Action) -> list[Event]:
        content = self.content
        seat = current.seat
        if isinstance(action, act.More):
            return _turn_page(content, state, current, action.page)
        current.page = 0
        match current.kind, action:
            case StepKind.TARGET, act.Place(space=space, rank=None):
                state.steps.pop(0)
                push(state, step(StepKind.NEXT_TURN, seat))
                return placement.place(content, state, seat, space, current.count)
            case StepKind.TARGET, act.UseCard(card=card, rank=None):
                if card not in cards.own_card_options(content, state, seat):
                    raise refuse("You cannot use that card's action now.", "card_unusable")
                state.steps.pop(0)
                push(state, step(StepKind.NEXT_TURN, seat))
                return cards.use_card(content, state, seat, current.count, card)
            case StepKind.ATTACK_CHOOSE, act.Attack(deck=deck, armies=tuple() as armies) if armies:
                if deck != current.deck:
                    raise _wrong_move()
                state.steps.pop(0)
                if current.source == "turn":
                    push(state, step(StepKind.NEXT_TURN, seat))
                return _attack_with(content, state, seat, deck, armies)
            case StepKind.TARGET | StepKind.ATTACK_PAY | StepKind.ATTACK_CHOOSE, act.Back():
                state.steps.pop(0)
                return []
            case StepKind.ATTACK_PAY, act.Pay(army=army):
                titan = attack.top_titan(state, current.deck)
                assert titan is not None
                if army not in attack.payable_next(content, state, seat, current.picks, titan):
                    raise refuse("That card cannot be paid for in this attack.", "cannot_pay", army=army)
                current.picks.append(army)
                current.picks.sort()
                return []
            case StepKind.ATTACK_PAY, act.Confirm():
                state.steps.pop(0)
                if current.source == "turn":
                    push(state, step(StepKind.NEXT_TURN, seat))
                return attack.resolve(content, state, seat, current.deck, current.picks)
            case StepKind.BUILD_CARD, act.Build(source=source, index=index):
                return placement.choose_build(content, state, current, source, index)
            case StepKind.CRANE, act.UseCrane(use=use):
                return placement.choose_crane(content, state, current, use)
            case StepKind.EXPAND_PAY, act.ExpandPay(currency=currency):
                return placement.expand_pay(content, state, current, currency)
            case StepKind.EXPAND_PICK, act.TakeDistrict(index=index):
                return placement.expand_pick(content, state, current, index)
            case StepKind.REBUILD_REPAIR | StepKind.REPAIR, act.Repair(index=index):
                return placement.choose_repair(content, state, current, index)
            case StepKind.REBUILD_REPAIR, act.Done():
                return placement.stop_repairs(state, current)
            case StepKind.RECRUIT_CARD, act.Recruit(index=index):
                return placement.choose_recruit(content, state, current, index)
            case StepKind.RETIRE, act.Retire(army=army):
                return placement.choose_retire(content, state, current, army)
            case StepKind.EXPLORE_MODE, act.Explore(mode=mode):
                return placement.explore_mode(content, state, current, mode)
            case StepKind.EXPLORE_STORE, act.Store(index=index):
                return placement.explore_store(content, state, current, index)
            case StepKind.DAMAGE, act.Damage(index=index):
                return _damage(self, state, current, index)
            case StepKind.DISCARD_ARMY, act.DiscardArmy(army=army):
                return _discard_army(self, state, current, army)
            case StepKind.HUNGER, act.Hungry(rank=rank):
                return rounds.hungry(state, current, rank)
            case StepKind.OUTPOST, act.Outpost(army=army, area=area):
                return cards.outpost(state, current, army, area)
            case StepKind.SCRIBE, act.Accept():
                return cards.scribe(state, current)
            case StepKind.OUTPOST | StepKind.SCRIBE | StepKind.ZORI | StepKind.HIDEOUT_ATTACK, act.Decline():
                state.steps.pop(0)
                return [event("declined", seat=seat)]
            case StepKind.ZORI, act.Store(index=index):
                return cards.zori_store(content, state, current, index)
            case StepKind.ZORI, act.StoreBlind():
                return cards.zori_store(content, state, current, None)
            case StepKind.OPPONENT_CARD, act.OpponentCard(owner_seat=owner, card=card):
                return cards.use_opponent(content, state, current, owner, card)
            case StepKind.HIDEOUT_DECK, act.Hideout(deck=deck):
                return cards.hideout_deck(content, state, current, deck)
            case StepKind.HIDEOUT_ORDER, act.PutNext(index=index):
                return cards.hideout_put(content, state, current, index)
            case StepKind.HIDEOUT_ATTACK, act.Attack(deck=deck, armies=tuple() as armies):
                if deck != current.deck:
                    raise _wrong_move()
                state.steps.pop(0)
                if not armies:
                    push(state, step(StepKind.ATTACK_CHOOSE, seat, deck=deck, source="hideout"))
                    return []
                return _attack_with(content, state, seat, deck, armies)
            case StepKind.HIDEOUT_ATTACK, act.Attack(deck=deck, armies=None):
                if deck != current.deck or not attack.can_attack(content, state, seat, deck):
                    raise refuse("You cannot defeat that Titan now.", "cannot_attack", deck=deck)
                state.steps.pop(0)
                push(state, step(StepKind.ATTACK_PAY, seat, deck=deck, source="hideout"))
                return []
        raise _wrong_move()


def _turn_page(content: Content, state: State, current: Step, page: int) -> list[Event]:
    """Show another page of a decision too long for one prompt; any other move shows the first."""
    if not any(isinstance(o.action, act.More) for o in step_prompt(content, state, current).options):
        raise refuse("All the choices already fit on one page.", "one_page")
    current.page = page
    return []


def _attack_with(content: Content, state: State, seat: Seat, deck: int,
                 armies: tuple[int, ...]) -> list[Event]:
    """Attack the Titan paying for ``armies`` at once (§8.2): unused ones, each once."""
    if not attack.can_attack(content, state, seat, deck):
        raise refuse("You cannot defeat that Titan now.", "cannot_attack", deck=deck)
    chosen = sorted(set(armies))
    unused = attack.unused_armies(state, seat)
    if len(chosen) != len(armies) or any(a not in unused for a in chosen):
        raise refuse("Choose unused armies of yours, each once.", "bad_army")
    return attack.resolve(content, state, seat, deck, chosen)


def _step_for(state: State, seat: Seat) -> Step | None:
    """The decision ``seat`` owes now, or ``None`` when it is simply their turn."""
    if not state.steps:
        return None
    for current in state.steps:
        if current.kind is not StepKind.HUNGER:
            break
        if current.seat == seat:
            return current
    return state.steps[0]




def _one_answer(prompt: Prompt) -> bool:
    """``prompt.answers == 1``, told from the first two answers (:meth:`Prompt.answers_up_to`: a
    turn offers some 25)."""
    return prompt.answers_up_to(2) == 1


def _may_go_back(prompt: Prompt) -> bool:
    """The second step of a turn begun the way logs recorded before turns were one move begin it
    (a citizen, then where; a Titan, then armies one by one): a player may still go back there, so
    it is asked even with one answer left. Today's prompts reach it only with several answers."""
    return any(isinstance(o.action, act.Back) for o in prompt.options)


def _wrong_move() -> Exception:
    return refuse("That move does not answer the decision asked now.", "wrong_move")


def _damage(engine: AncientWorld, state: State, current: Step, index: int) -> list[Event]:
    """A titan symbol: the attacker damages one intact Empire card of their choice (§8.5, I-12)."""
    player = state.players[current.seat]
    if not 0 <= index < len(player.empire) or player.empire[index].damaged:
        raise refuse("Choose one of your intact Empire cards.", "not_intact")
    player.empire[index] = Built(card=player.empire[index].card, damaged=True)
    if current.count > 1:
        state.steps[0] = current.model_copy(update={"count": current.count - 1})
    else:
        state.steps.pop(0)
    name = engine.content.empire_card(player.empire[index].card).name
    return [event("damaged", seat=current.seat, card=name)]


def _discard_army(engine: AncientWorld, state: State, current: Step, army: int) -> list[Event]:
    """Over the army limit: discard a whole army, retired cards included; its coins go to the bank."""
    player = state.players[current.seat]
    if not 0 <= army < len(player.armies):
        raise refuse("Choose one of your armies.", "bad_army")
    stack: Army = player.armies.pop(army)
    state.military_discard += stack.cards
    if current.count > 1:
        state.steps[0] = current.model_copy(update={"count": current.count - 1})
    else:
        state.steps.pop(0)
    return [event("army_discarded", seat=current.seat,
                  card=engine.content.military_card(stack.active).name)]
