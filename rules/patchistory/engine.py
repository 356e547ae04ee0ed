"""The Patchistory engine: the round's phases wired to the contract (§6).

``pending`` asks each phase module for the seats' prompts; ``play`` dispatches the action to its
phase and then :func:`advance` runs every step that needs nobody's decision (production, upkeep,
the end of a round or an era) until a seat owes a decision again.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, get_args

from pydantic import BaseModel, TypeAdapter

from rules.core import Engine, Event, GameInfo, Message, Prompt, Result, Rng, Seat, msg
from rules.core.bots import Bot, RandomBot
from rules.core.reference import CardEntry
from rules.patchistory import auction, conflict, flow, menus, movement, patching, politics, voting
from rules.patchistory.actions import (
    Action,
    Advance,
    Agree,
    Aid,
    AllyWith,
    AnswerAid,
    AnyAction,
    AskTurnOrder,
    Back,
    BidCoins,
    Birth,
    BreakAlliance,
    Build,
    BuildRoute,
    Campaign,
    Choose,
    ChooseWar,
    Commit,
    Done,
    Exchange,
    FirstChoice,
    HonourPersonalities,
    HonourWonders,
    Move,
    Orient,
    Pass,
    Patch,
    Pick,
    PlaceWorker,
    Played,
    Reclaim,
    Recorded,
    RecordedV2,
    RemoveRoute,
    Rest,
    ReturnWorker,
    SealedBid,
    Spend,
    TakeTile,
    Threat,
    Trade,
    Vote,
)
from rules.patchistory.common import Ctx, event, fail
from rules.patchistory.content import Content, load_content
from rules.patchistory.options import Options
from rules.patchistory.state import Goods, Phase, State
from rules.patchistory.views import View, view


def upgrade_from_version_1(data: Any) -> Any:
    """Rules version 2 plays the only answer of a question itself; a version 1 move is marked as
    such (:class:`Recorded`)."""
    return {"kind": "v1", "action": data}


def upgrade_from_version_2(data: Any) -> Any:
    """Rules version 3 holds a forced answer in a simultaneous step until nobody else has a choice
    left in it; a version 2 move is marked as such (:class:`RecordedV2`). A version 1 move stays
    as it was: its game asks every question, forced or not."""
    if isinstance(data, dict) and data.get("kind") == "v1":
        return data
    return {"kind": "v2", "action": data}


class Patchistory(Engine[State, Played]):
    """Patchistory for 2–4 players: 3 eras × 5 rounds (§1)."""

    info = GameInfo(
        id="patchistory",
        title="Patchistory",
        min_players=2,
        max_players=4,
        has_secrets=True,
        has_simultaneous_steps=True,
        max_actions=20_000,
        messages_package="rules.patchistory",
        rules_version=3,
    )
    action_migrations: ClassVar[Mapping[int, Callable[[Any], Any]]] = {
        1: upgrade_from_version_1,
        2: upgrade_from_version_2,
    }
    state_type = State
    action_adapter: TypeAdapter[Played] = TypeAdapter(Action)
    trusted_actions: ClassVar[frozenset[type]] = frozenset(get_args(AnyAction))
    """Every move's model is frozen and built from typed values where a prompt offers it (a
    number's value set by ``NumberChoice.action``): a move given as one is taken as it is, not
    dumped and validated again. A move from a log (JSON) is validated as before."""
    options_type = Options

    def __init__(self, content: Content | None = None) -> None:
        self.ctx = Ctx(content or load_content())
        self.kept = menus.Kept(self.submenu_keys, self.ctx.submenus, self.submenu_counts)

    @property
    def content(self) -> Content:
        return self.ctx.content

    def setup(self, players: int, options: BaseModel, seed: int) -> State:
        assert isinstance(options, Options)
        state, _ = flow.setup(self.ctx, players, options, seed)
        state.forced_played = True
        state.forced_held = True
        state.moves = 0
        advance(self.ctx, state)
        self.play_forced(state)
        return state

    def pending(self, state: State) -> dict[Seat, Prompt]:
        asked = self.asked(state)
        kept = holding(state, asked, forced_seats(asked))
        return {seat: prompt for seat, prompt in asked.items() if seat not in kept}

    def asked(self, state: State) -> dict[Seat, Prompt]:
        """Each seat's prompt, the forced answers :meth:`play_forced` holds too."""
        found: dict[Seat, Prompt] = {}
        if state.phase == Phase.OVER:
            return found
        seats: list[Seat] | None = None
        returning = homing(state)
        if state.phase == Phase.AUCTION and not returning:
            seats = auction.asking(state)
        # What every seat's kept prompt is drawn from besides its own player, read once for all.
        table = None if returning else table_key(state)
        for seat in range(len(state.players)) if seats is None else seats:
            prompt = self.kept_or_folded(state, seat, table)
            if prompt is not None:
                found[seat] = prompt
        return found

    def asked_of(self, state: State, seat: Seat) -> Prompt | None:
        """The seat's prompt, folded: the one kept for all it is drawn from where its phase says
        it (:data:`ASKED_KEYS`)."""
        returning = homing(state)
        return self.kept_or_folded(state, seat, None if returning else table_key(state))

    def kept_or_folded(self, state: State, seat: Seat, table: Hashable | None) -> Prompt | None:
        """:meth:`asked_of`, ``table`` being what every seat's prompt is drawn from besides the
        seat's own player (:func:`table_key`; ``None`` where no prompt is kept)."""
        if table is None:
            return self.folded(state, seat)
        phase = state.phase
        if phase in DONE_ASKS_NOTHING and state.players[seat].done:
            return None
        key = (table, ASKED_KEYS[phase][1](self.ctx, state, seat))
        memo = self.ctx.asked
        try:
            # One read of the memo: a kept key is compared field by field with the one asked.
            return memo[key]
        except KeyError:
            pass
        return memo.put(key, self.folded(state, seat))

    def folded(self, state: State, seat: Seat) -> Prompt | None:
        prompt = self.unfolded(state, seat)
        return None if prompt is None else self.fold(state, seat, prompt)

    def fold(self, state: State, seat: Seat, prompt: Prompt) -> Prompt:
        """``prompt`` folded (:func:`menus.fold`), each step's answers kept by its own key. An
        auction's prompt is its own fold: its only steps are a tile's (``tile:i``), which open
        that tile's range of coins as a number, and a step opening a number stays a step
        (``tests/patchistory/test_move_cost.py`` holds every auction prompt to its fold)."""
        returning = homing(state)
        if state.phase == Phase.AUCTION and not returning:
            return prompt
        one_way = state.phase in ONE_WAY and not returning
        return menus.fold(state, seat, prompt, self.unfolded, self.kept, one_way=one_way)

    def submenu_keys(self, state: State, seat: Seat) -> menus.Keys:
        """What the answers of each step of the seat's menu are kept by (:class:`menus.Kept`),
        where the phase says it: a step's answers are drawn from less than the seat's whole
        prompt. What the steps' keys share is read once (a fold reads a key for each step)."""
        keyed = SUBMENU_KEYS.get(state.phase)
        if keyed is None or homing(state):
            return no_key
        return keyed(self.ctx, state, seat)

    def submenu_count(self, state: State, seat: Seat, choice: str) -> int | None:
        """How many answers a menu step opens where its phase counts them without drawing them
        (:class:`menus.Kept`): a tile's placement menu in Patch, a worker's moves in Movement."""
        counts = self.submenu_counts(state, seat)
        return None if counts is None else counts(choice)

    def submenu_counts(self, state: State, seat: Seat) -> menus.Counts | None:
        """:meth:`submenu_count` for every step of the seat's menu; ``None`` where the phase
        counts none (:data:`SUBMENU_COUNTS`)."""
        counted = SUBMENU_COUNTS.get(state.phase)
        if counted is None or homing(state):
            return None
        return partial(counted, self.ctx, state, seat)

    def unfolded(self, state: State, seat: Seat) -> Prompt | None:
        """The seat's prompt as its phase asks it, each menu step on its own."""
        if homing(state):
            return patching.place_prompt(self.ctx, state, seat)
        return PROMPTS[state.phase](self.ctx, state, seat)

    def play(self, state: State, seat: Seat, action: Played) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, RecordedV2):
            action, events = self.recorded_v2(state, action)
        if isinstance(action, Recorded):
            action = recorded(state, action)
        if state.moves is not None:
            state.moves += 1
        events += self.step(state, seat, action)
        return events + self.play_forced(state, settle=True)

    def recorded_v2(self, state: State, move: RecordedV2) -> tuple[AnyAction | Recorded, list[Event]]:
        """The move a rules version 2 log recorded. Replayed from the seed, the first one tells
        that the game was played when forced answers were played at once: it goes on playing them
        so, as its snapshots do (a state set up then lacks :attr:`State.forced_held`), and plays
        at once what the setup held."""
        if not (state.forced_held and state.moves == 0):
            return move.action, []
        state.forced_held = False
        return move.action, self.play_forced(state)

    def step(self, state: State, seat: Seat, action: AnyAction) -> list[Event]:
        events = self.dispatch(state, seat, action)
        if not isinstance(action, MENU_STEPS):
            # The seat's menu closed, written only where open (a move's own rule has most often
            # closed it already).
            p = state.players[seat]
            if p.menu:
                p.menu = []
        return events + advance(self.ctx, state)

    def play_forced(self, state: State, *, settle: bool = False) -> list[Event]:
        """Play every answer that is the only one a prompt offers, as part of the move that led to
        it: nobody is asked a question with one possible answer.

        The forced answers depend only on what their seat may see, and are played in seat order.
        One that ends the seat's part of a simultaneous step (Done) or answers a secret one (votes,
        a card, a bid) is held while another seat still has a choice in it, and committed when
        nobody has: played at once, it would tell the others when that seat ran out of choices,
        which only that seat's goods and cards decide (issue #13, item 1). Its commitment then
        comes where a player who answered last would have made it. The seat is told privately
        what was played for it. With ``settle`` (the end of a move), the prompts of the state it
        leaves are kept for it (:meth:`Engine.settled`).
        """
        events: list[Event] = []
        if not state.forced_played:
            return events
        for _ in range(10_000):
            asked = self.asked(state)
            few = forced_seats(asked)
            kept = holding(state, asked, few)
            seat = next((s for s in few if s not in kept), None)
            if seat is None:
                if settle:
                    self.settled(state, {s: p for s, p in asked.items() if s not in kept})
                return events
            action, shown = only_answer(asked[seat])
            if not isinstance(action, MENU_STEPS):
                events.append(event("forced", to=seat, choice=shown))
            events += self.step(state, seat, action)
        raise AssertionError("forced answers did not settle")

    def dispatch(self, state: State, seat: Seat, action: AnyAction) -> list[Event]:
        ctx = self.ctx
        p = state.players[seat]
        returning = homing(state)
        if isinstance(action, MENU_STEPS):
            # The step of the menu as asked (the folded prompt kept for the state the move is
            # made in, :meth:`asked_of`), or as recorded before, unfolded or folded less.
            asked = self.asked_of(state, seat)
            if asked is None or not (
                offers(asked, action)
                or unfolded_step(self.unfolded(state, seat), action)
                or earlier_step(ctx, state, seat, action)
            ):
                raise fail("That choice is not open to you now.", "no_choice")
            if isinstance(action, Pick):
                p.menu.append(action.choice)
            else:
                p.menu.pop()
            return []
        if returning:
            if isinstance(action, PlaceWorker):
                return patching.play_place(ctx, state, seat, action)
            raise fail("First put your returning workers on empty spaces.", "place_first")
        play = PLAYS.get(type(action))
        if play is None:
            raise fail("That move does not exist.", "unknown")
        return play(ctx, state, seat, action)

    def view(self, state: State, seat: Seat | None) -> View:
        return view(self.ctx, state, seat)

    def result(self, state: State) -> Result | None:
        """Most culture wins; tied players share the rank (no tie-breaker, #32)."""
        if state.phase != Phase.OVER:
            return None
        scores = {s: float(p.goods.culture) for s, p in enumerate(state.players)}
        ranks = {s: 1 + sum(1 for t in scores if scores[t] > scores[s]) for s in scores}
        return Result(
            scores=scores,
            ranks=ranks,
            tiebreak=(msg("patchistory.tiebreak_shared"),),
            details={s: {"culture": scores[s]} for s in scores},
        )

    def scramble(self, state: State, seat: Seat, rng: Rng) -> State:
        """Change what only ``seat`` knows: goods, buildings, cards and its secret commitments."""
        new = state.__deepcopy__()
        p = new.players[seat]
        # Goods only grow, so the owner's prompts stay answerable.
        g = p.goods
        p.goods = Goods(
            food=g.food + rng.below(4),
            coins=g.coins + rng.below(4),
            resources=g.resources + rng.below(4),
            culture=g.culture + 1 + rng.below(9),
            votes=g.votes + rng.below(4),
        )
        p.buildings = [rng.choice(self.content.buildings).id for _ in p.buildings]
        p.cards = [rng.choice(self.content.prosperity).id for _ in p.cards]
        a = new.auction
        if seat in a.sealed and not auction.sealed_revealed(new):
            a.sealed[seat] = (rng.below(max(1, len(a.offers))), 1 + rng.below(5))
        n = new.negotiation
        if n is not None and seat in n.choices and len(n.choices) == 1:
            n.choices[seat] = rng.choice(["red", "blue"])
        if new.war is not None and seat in new.war.spend:
            new.war.spend[seat] = (rng.below(5), 0)
        if seat in new.voting.committed:
            new.voting.committed[seat] = rng.choice(self.content.prosperity).id
        if seat in new.voting.votes:
            new.voting.votes[seat] = rng.below(5)
        return new

    def bots(self) -> dict[str, Bot]:
        from rules.patchistory.bots import GreedyBot

        return {"random": RandomBot(), "greedy": GreedyBot()}

    def reference(self, options: BaseModel | None = None) -> tuple[CardEntry, ...]:
        """Every land tile, building tile and prosperity card of the content (the options change
        none)."""
        from rules.patchistory.reference import entries

        return entries(self.content)


MENU_STEPS = (Pick, Back)
"""The actions that go down or up a menu (an ``isinstance`` of a tuple: a union written in the
call is made again at each of the few calls a move makes)."""


def recorded(state: State, move: Recorded) -> AnyAction:
    """The move a rules version 1 log recorded. Replayed from the seed, the first one tells that
    the game was played when questions with one answer were still asked: it goes on asking them,
    as its snapshots do (a state set up then lacks :attr:`State.forced_played`)."""
    if state.forced_played and state.moves == 0:
        state.forced_played = False
    return move.action


def homing(state: State) -> bool:
    """Whether a worker is on its way home and owed a space (``Player.homing``): the seats then
    place it before anything else is asked. A loop, not ``any`` over a generator: every move asks
    it several times."""
    for p in state.players:  # noqa: SIM110 (a loop is faster than any() of a generator)
        if p.homing > 0:
            return True
    return False


def holding(state: State, asked: Mapping[Seat, Prompt], forced: list[Seat]) -> set[Seat]:
    """The seats whose forced answer :meth:`Patchistory.play_forced` holds: nobody is asked it,
    and it is committed once no seat has a choice left. ``forced`` are the seats of ``asked``
    whose prompt offers one answer (:func:`forced_seats`)."""
    if not (state.forced_played and state.forced_held) or len(forced) == len(asked):
        return set()
    return {seat for seat in forced if held(asked[seat])}


def forced_seats(asked: Mapping[Seat, Prompt]) -> list[Seat]:
    """The seats of ``asked`` whose prompt offers fewer than two answers, in seat order: those
    :meth:`Patchistory.play_forced` plays or holds. The options are counted only up to two
    (:meth:`Prompt.answers_up_to`): every seat's prompt is asked this after every move, and most
    offer a menu of many answers."""
    found = [seat for seat, prompt in asked.items() if prompt.answers_up_to(2) < 2]
    found.sort()
    return found


def held(prompt: Prompt) -> bool:
    """Whether a forced answer is one :meth:`Patchistory.play_forced` holds while another seat
    has a choice: one in a simultaneous step that ends the seat's part of it, or answers a secret
    one."""
    if not prompt.simultaneous:
        return False
    action, _ = only_answer(prompt)
    return prompt.secret or isinstance(action, Done)


def unfolded_step(prompt: Prompt | None, action: Pick | Back) -> bool:
    """A menu step of the menus before they were folded into one (:mod:`rules.patchistory.menus`),
    still accepted so that a game recorded then replays."""
    return prompt is not None and offers(prompt, action)


def offers(prompt: Prompt, action: Pick | Back) -> bool:
    """Whether ``prompt`` offers the menu step ``action``, its options' actions compared by kind
    and fields (an action holds nothing else, so this is the models' equality, as
    ``menus.offered`` compares them): pydantic's equality is slow, even between two kinds, and a
    menu step is checked against every option of the menu."""
    kind, fields = type(action), action.__dict__
    for o in prompt.options:
        offered = o.action
        # The very step offered (a menu's steps are made once each: ``common.pick``), else one alike.
        if offered is action or (type(offered) is kind and offered.__dict__ == fields):
            return True
    return False


def earlier_step(ctx: Ctx, state: State, seat: Seat, action: Pick | Back) -> bool:
    """A menu step that prompts offered before some choices were folded into one menu, still
    accepted so that a game recorded then replays: a tile to bid on in the auction, a worker to
    move, the one tile to patch."""
    if not isinstance(action, Pick) or state.players[seat].menu:
        return False
    if state.phase == Phase.AUCTION and action.choice.startswith("tile:"):
        tile = action.choice[5:]
        if len(state.players) == 2:
            return tile.isdigit() and int(tile) < len(state.auction.offers)
        return tile.isdigit() and auction.bid_range(state, seat, int(tile)) is not None
    if state.phase == Phase.MOVEMENT and not state.players[seat].done:
        return movement.opens(ctx, state, seat, action.choice)
    if state.phase == Phase.PATCH and action.choice == "r:0":
        return len(state.players[seat].reserve) == 1 and not state.players[seat].done
    return False


def only_answer(prompt: Prompt) -> tuple[AnyAction, Message]:
    """The one answer of a prompt that offers a single one, and how it reads."""
    for option in prompt.options:
        if not option.navigation:
            return option.action, option.label
    if prompt.number is None:
        # Nothing left to choose down this menu: the only way is back up.
        return prompt.options[0].action, prompt.options[0].label
    assert prompt.number.low == prompt.number.high
    value = prompt.number.low
    return prompt.number.action(value), msg("patchistory.forced_number", label=prompt.number.label, n=value)


PromptFn = Callable[[Ctx, State, Seat], Prompt | None]
PROMPTS: dict[Phase, PromptFn] = {
    Phase.AUCTION: auction.prompt,
    Phase.PATCH: patching.patch_prompt,
    Phase.PLACEMENT: lambda ctx, state, seat: None,
    Phase.DIPLOMACY: politics.diplomacy_prompt,
    Phase.ADMINISTRATION: politics.admin_prompt,
    Phase.MOVEMENT: movement.prompt,
    Phase.NEGOTIATION: conflict.prompt,
    Phase.WAR: conflict.prompt,
    Phase.RETURN_WORKERS: voting.return_prompt,
    Phase.VOTE_COMMIT: lambda ctx, state, seat: voting.commit_prompt(ctx, state, seat),
    Phase.VOTE: lambda ctx, state, seat: voting.vote_prompt(state, seat),
}


ASKED_KEYS: dict[Phase, tuple[Callable[[State], Hashable | None], Callable[[Ctx, State, Seat], Hashable]]] = {
    Phase.AUCTION: (auction.asked_table, auction.asked_key),
    Phase.PATCH: (patching.asked_table, patching.asked_key),
    Phase.ADMINISTRATION: (politics.admin_table, politics.admin_key),
    Phase.MOVEMENT: (movement.asked_table, movement.asked_key),
}
"""The phases whose prompts are kept by all they are drawn from (:attr:`Ctx.asked`): what every
seat's prompt is drawn from besides its own player (``None`` where none is kept), and what the
seat's own is drawn from."""


DONE_ASKS_NOTHING = frozenset({Phase.ADMINISTRATION, Phase.MOVEMENT})
"""The phases of :data:`ASKED_KEYS` that ask nothing of a seat done with them (``admin_prompt`` and
``movement.prompt`` return ``None`` for it before anything else): such a seat's prompt is known
without its key, which reads the whole player. At 2 players one seat is often done while the
other still acts, and every round of :meth:`Patchistory.asked` asks both."""


def table_key(state: State) -> Hashable | None:
    """What every seat's prompt of the state is drawn from besides the seat's own player, where
    its phase keeps prompts (:data:`ASKED_KEYS`), else ``None``."""
    keyed = ASKED_KEYS.get(state.phase)
    return None if keyed is None else keyed[0](state)


SUBMENU_KEYS: dict[Phase, Callable[[Ctx, State, Seat], menus.Keys]] = {
    Phase.AUCTION: lambda ctx, state, seat: partial(auction.submenu_key, ctx, state, seat),
    Phase.DIPLOMACY: lambda ctx, state, seat: partial(politics.diplomacy_submenu_key, ctx, state, seat),
    Phase.ADMINISTRATION: politics.submenu_keys,
}
"""The phases whose menu steps' answers are kept by their own key (:attr:`Ctx.submenus`): what
a seat's steps are kept by, read once a fold (``submenu_keys``)."""


ONE_WAY = frozenset({Phase.ADMINISTRATION, Phase.DIPLOMACY})
"""The phases whose menus reach every answer by one way down only (:func:`menus.fold`'s
``one_way``), so that a fold need not check whether the menu offers a step's answers already:
in Administration each action is reached by the step of its kind, its good and amount, its
building tile and row, its worker, and Done and the request for turn order stand at the top; in
Diplomacy an Aid by its target, a Threat, a broken alliance and a route removed by the step of
their kind, and Done stands at the top."""


def no_key(choice: str) -> None:
    """A step whose answers are kept by no key: drawn again each time."""
    return None


def play_done(ctx: Ctx, state: State, seat: Seat, action: Done) -> list[Event]:
    """Done ends what the seat is doing in the phase: its choice of ally or its patching, its part
    of Diplomacy, Administration or Movement, the Stealth Aircraft's choice, its returns."""
    p = state.players[seat]
    match state.phase:
        case Phase.PATCH if p.ally_choice:
            p.ally_choice = False
            return []
        case Phase.PATCH if not p.done and p.reserve:
            p.done = True
            p.menu = []
            return []
        case Phase.DIPLOMACY:
            return politics.play_end_diplomacy(ctx, state, seat)
        case Phase.ADMINISTRATION:
            return politics.play_end_admin(ctx, state, seat)
        case Phase.MOVEMENT:
            return movement.play_done(ctx, state, seat)
        case Phase.NEGOTIATION if state.stealth is not None:
            return conflict.play_stealth(ctx, state, seat, action)
        case Phase.RETURN_WORKERS:
            return voting.play_return_done(ctx, state, seat)
    raise fail("There is nothing to finish now.", "nothing_to_finish")


def play_ask_turn_order(ctx: Ctx, state: State, seat: Seat, action: AskTurnOrder) -> list[Event]:
    """Any player may ask that Administration or Movement be played in turn order (p. 9, p. 11)."""
    setting = {
        Phase.ADMINISTRATION: state.options.administration_in_turn_order,
        Phase.MOVEMENT: state.options.movement_in_turn_order,
    }.get(state.phase)
    if setting is None or state.players[seat].done:
        raise fail("Only Administration and Movement can be asked to go in turn order.", "no_turn_order")
    if setting or state.in_turn_order:
        raise fail("This step is already played in turn order.", "already_turn_order")
    state.in_turn_order = True
    return [event("turn_order.asked", seat=seat, phase=f"@patchistory.phase_name.{state.phase.value}")]


Play = Callable[[Ctx, State, Seat, Any], list[Event]]
"""How one kind of action is played, in the state, for the seat."""


def no_worker(ctx: Ctx, state: State, seat: Seat, action: PlaceWorker) -> list[Event]:
    raise fail("You have no worker to place.", "no_worker")


def reclaim(ctx: Ctx, state: State, seat: Seat, action: Reclaim) -> list[Event]:
    """A Reclaim is the Stealth Aircraft's choice while its winner owes one, else Administration's."""
    if state.stealth is not None:
        return conflict.play_stealth(ctx, state, seat, action)
    return politics.play_reclaim(ctx, state, seat, action)


PLAYS: dict[type[BaseModel], Play] = {
    BidCoins: auction.play_bid,
    Pass: lambda ctx, state, seat, a: auction.play_pass(ctx, state, seat),
    SealedBid: auction.play_sealed,
    TakeTile: auction.play_take,
    FirstChoice: auction.play_first_choice,
    Patch: patching.play_patch,
    AllyWith: patching.play_ally_with,
    Aid: politics.play_aid,
    AnswerAid: politics.play_answer_aid,
    Threat: politics.play_threat,
    BreakAlliance: politics.play_break,
    RemoveRoute: politics.play_remove_route,
    Trade: politics.play_trade,
    Exchange: politics.play_exchange,
    Birth: lambda ctx, state, seat, a: politics.play_birth(ctx, state, seat),
    HonourWonders: lambda ctx, state, seat, a: politics.play_honour(ctx, state, seat, "wonder"),
    HonourPersonalities: lambda ctx, state, seat, a: politics.play_honour(ctx, state, seat, "personality"),
    BuildRoute: politics.play_build_route,
    Reclaim: reclaim,
    Build: politics.play_build,
    Campaign: politics.play_campaign,
    Move: movement.play_move,
    Advance: movement.play_advance,
    Rest: movement.play_rest,
    Choose: conflict.play_choose,
    Agree: conflict.play_agree,
    Orient: conflict.play_orient,
    AskTurnOrder: play_ask_turn_order,
    ChooseWar: conflict.play_choose_war,
    Spend: conflict.play_spend,
    ReturnWorker: voting.play_return,
    Commit: voting.play_commit,
    Vote: voting.play_vote,
    Done: play_done,
    PlaceWorker: no_worker,
}
"""Each kind of action with the rule that plays it (:meth:`Patchistory.dispatch`, once a menu
step and a returning worker are set apart), found by the action's type at one lookup: a move
went down a ``match`` of some 35 kinds, a Done last, 3 µs."""


SUBMENU_COUNTS: dict[Phase, Callable[[Ctx, State, Seat, str], int | None]] = {
    Phase.PATCH: patching.placement_count,
    Phase.MOVEMENT: movement.step_count,
}
"""The phases whose menu steps' answers are counted without drawing them (:class:`menus.Kept`)."""


def advance(ctx: Ctx, state: State) -> list[Event]:
    """Run the steps that need no decision until some seat owes one (or the game is over)."""
    events: list[Event] = []
    for _ in range(1000):
        events += patching.settle_homing(ctx, state)
        if homing(state) or state.phase == Phase.OVER:
            return events
        step = STEPS.get(state.phase)
        if step is None:
            return events
        more = step(ctx, state)
        if more is None:
            return events
        events += more
    raise AssertionError("the game did not settle")


def step_patch(ctx: Ctx, state: State) -> list[Event] | None:
    if any((p.reserve and not p.done) or p.ally_choice for p in state.players):
        return None
    for p in state.players:
        p.done = False
        p.menu = []
        if state.options.unpatched_tiles == "round":
            p.reserve = []
    if (state.era, state.round) == (1, 1):
        # First worker placement (p. 9): Liberty 2 workers, Equality 1.
        count = 2 if state.options.capital_side == "liberty" else 1
        for p in state.players:
            p.homing += count
        state.phase = Phase.PLACEMENT
        return [event("first_placement", count=count)]
    return politics.start(ctx, state)


def step_placement(ctx: Ctx, state: State) -> list[Event] | None:
    return politics.start(ctx, state)


def step_admin(ctx: Ctx, state: State) -> list[Event] | None:
    if not all(p.done for p in state.players):
        return None
    return movement.start(ctx, state)


def step_movement(ctx: Ctx, state: State) -> list[Event] | None:
    if not all(p.done for p in state.players):
        return None
    return movement.finish(state) + conflict.start(ctx, state)


def step_negotiation(ctx: Ctx, state: State) -> list[Event] | None:
    if (
        state.stealth is not None
        or state.negotiation is not None
        or state.war is not None
        or state.war_chooser is not None
    ):
        return None
    events = conflict.advance(ctx, state)
    if state.negotiation is not None or state.war is not None:
        return events
    events += flow.production(ctx, state)
    if state.round < flow.ROUNDS_PER_ERA:
        return events + flow.end_of_round(ctx, state)
    events += flow.great_upkeep(ctx, state)
    return events + voting.start(ctx, state)


def step_returns(ctx: Ctx, state: State) -> list[Event] | None:
    if state.returners:
        return None
    state.phase = Phase.VOTE_COMMIT
    if not any(p.cards for p in state.players):
        return flow.end_of_era(ctx, state)
    return [event("phase.voting")]


def step_commit(ctx: Ctx, state: State) -> list[Event] | None:
    return None


def step_vote(ctx: Ctx, state: State) -> list[Event] | None:
    if state.voting.cards:
        return None
    return flow.end_of_era(ctx, state)


STEPS: dict[Phase, Callable[[Ctx, State], list[Event] | None]] = {
    Phase.PATCH: step_patch,
    Phase.PLACEMENT: step_placement,
    Phase.ADMINISTRATION: step_admin,
    Phase.MOVEMENT: step_movement,
    Phase.NEGOTIATION: step_negotiation,
    Phase.RETURN_WORKERS: step_returns,
    Phase.VOTE: step_vote,
}


def build_engine(content_dir: Path | None = None) -> Patchistory:
    """An engine with the content in ``content_dir`` (an owner's corrected ``content.json``).

    :raises ContentError: the file is missing or invalid; the message lists every problem.
    """
    return Patchistory(load_content(content_dir))
