"""Bots that can take a seat: the random player and a greedy one.

:class:`GreedyBot` looks one decision ahead: it applies each option on a copy, follows its own
follow-up decisions of the same action greedily, and scores the position it reaches with
:func:`evaluate` (points now, plus what coins, knowledge, income, food, attack strength and room
are worth in the rounds left). It never looks at hidden cards or future dice: attacks are valued from
their expected outcome, and exploring the deck from the average value of a stored card.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from pydantic import BaseModel

from rules.ancient_world import actions as act
from rules.ancient_world import attack, city, scoring
from rules.ancient_world.content import Content
from rules.ancient_world.state import ROUNDS, State, StepKind
from rules.core import Prompt, Rng, RuleError, Seat

DEPTH = 3
"""How many of its own follow-up decisions the bot follows when valuing an option."""
COIN = 0.3
KNOWLEDGE = 0.45
STORED_CARD = 0.6
FOLLOW_UPS = frozenset({
    StepKind.TARGET, StepKind.BUILD_CARD, StepKind.CRANE, StepKind.EXPAND_PAY, StepKind.EXPAND_PICK,
    StepKind.REBUILD_REPAIR, StepKind.REPAIR, StepKind.RECRUIT_CARD, StepKind.RETIRE, StepKind.EXPLORE_MODE,
    StepKind.OPPONENT_CARD, StepKind.HIDEOUT_DECK,
})


def evaluate(content: Content, state: State, seat: Seat) -> float:
    """How good the position is for ``seat``: final points plus the worth of what is still usable."""
    player = state.players[seat]
    points = scoring.breakdown(content, player)["total"]
    if state.over:
        return points + 0.01 * player.coins
    left = ROUNDS - state.round + (0 if player.passed else 0.5)
    coin = COIN * (0.25 + 0.75 * left / ROUNDS)
    knowledge = KNOWLEDGE * (0.25 + 0.75 * left / ROUNDS)
    income = (city.total(content, player, "income_coins") * COIN
              + city.total(content, player, "income_knowledge") * KNOWLEDGE)
    food_gap = city.food(content, player) - len(player.owned)
    strength = sum(attack.army_attack(content, a, True) for a in player.armies) + 1.5 * city.permanent_attack(
        content, player, True)
    room = max(0, city.capacity(content, player) - len(player.empire))
    damaged = sum(1 for b in player.empire if b.damaged)
    return (points
            + coin * player.coins + knowledge * player.knowledge
            + income * left
            + (min(food_gap, 0) * 2.0 + min(food_gap, 1) * 0.3) * (1 if left > 0 else 0)
            + len(player.owned) * 0.5 * left / ROUNDS
            + strength * 0.25 * left / ROUNDS + player.conscription * 0.2
            + min(room, player.coins / 4) * 1.5 * left / ROUNDS
            + len(player.stored) * STORED_CARD * left / ROUNDS
            - damaged * 0.8)


class GreedyBot:
    """Picks the option whose outcome :func:`evaluate` scores best."""

    name = "greedy"

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        assert isinstance(state, State)
        if len(prompt.options) == 1 or (prompt.number is not None and not prompt.options):
            return prompt.options[0].action if prompt.options else prompt.number.action(prompt.number.low)  # type: ignore[union-attr]
        scored = [(self._value(engine, state, seat, o.action), -i) for i, o in enumerate(prompt.options)]
        best = max(range(len(scored)), key=lambda i: scored[i])
        return prompt.options[best].action

    def _value(self, engine: Any, state: State, seat: Seat, action: Any, depth: int = DEPTH) -> float:
        content: Content = engine.content
        match action:
            case act.Back() | act.More():
                return float("-inf")
            case act.Confirm():
                return float("inf")
            case act.Attack(deck=deck, armies=tuple() as armies) if armies:
                return _attack_value(content, state, seat, deck, list(armies))
            case act.Attack(deck=deck):
                return _attack_value(content, state, seat, deck)
            case act.Pay(army=army):
                return -state.players[seat].armies[army].use_cost
            case act.Explore(mode="deck"):
                return evaluate(content, state, seat) + STORED_CARD * (ROUNDS - state.round) / ROUNDS
        try:
            after, _ = engine.apply(state, seat, action)
        except RuleError:
            return float("-inf")
        penalty = 0.05 * action.rank if isinstance(action, act.Citizen) else 0.0
        return self._descend(engine, after, seat, depth) - penalty

    def _descend(self, engine: Any, state: State, seat: Seat, depth: int) -> float:
        """Follow this seat's own follow-up decisions greedily, then evaluate."""
        content: Content = engine.content
        own = bool(state.steps) and state.steps[0].seat == seat and state.steps[0].kind in FOLLOW_UPS
        if depth <= 0 or not own:
            return evaluate(content, state, seat)
        prompt = engine.pending(state).get(seat)
        if prompt is None:
            return evaluate(content, state, seat)
        return max(self._value(engine, state, seat, o.action, depth - 1) for o in prompt.options)


def _attack_value(content: Content, state: State, seat: Seat, deck: int,
                  armies: list[int] | None = None) -> float:
    """The expected worth of defeating the top Titan with ``armies``, or else with the cheapest
    winning selection."""
    titan_id = attack.top_titan(state, deck)
    if titan_id is None:
        return float("-inf")
    unused = attack.unused_armies(state, seat)
    options = [list(c) for n in range(1, len(unused) + 1) for c in combinations(unused, n)
               if attack.winning(content, state, seat, list(c), titan_id)]
    if armies is not None:
        options = [o for o in options if o == sorted(armies)]
    if not options:
        return float("-inf")
    cheapest = min(options, key=lambda c: attack.selection_cost(state, seat, c))
    after = state.model_copy(deep=True)
    player = after.players[seat]
    player.coins -= attack.selection_cost(state, seat, cheapest)
    player.titans.append(titan_id)
    titan = content.titan(titan_id)
    dice = sum(titan.banners.values())
    faces = content.damage_die
    titans_expected = dice * sum(f.titans for f in faces) / len(faces)
    coins_expected = dice * sum(f.coins for f in faces) / len(faces)
    return evaluate(content, after, seat) - titans_expected * 1.2 - coins_expected * COIN
