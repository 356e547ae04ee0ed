"""Bots for Roll for the Galaxy: the greedy player (the random one comes from rules/core).

The greedy player scores each option of its prompt with a short heuristic and plays the best
(ties broken by its random generator): it selects the phase its dice and empire serve best, never
undoes, uses a Reassign power when moving a die adds enough (e.g. completes the world on top), Consumes
for VP while it has credits to recruit, Trades when short, places scouted tiles on their cheaper side,
and puts producers on worlds whose colour matches. It never Dictates.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.core import Prompt, Rng, Seat
from rules.rftg import actions as a
from rules.rftg.assign import movable, reassign_powers, targets
from rules.rftg.build import top_cost
from rules.rftg.content import PHASES, Content, Phase
from rules.rftg.produce import open_worlds
from rules.rftg.ship import consume_vp, trade_value
from rules.rftg.state import Player, State

NEVER = -1000.0


class GreedyBot:
    """Plays the option with the best heuristic score."""

    name = "greedy"

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        assert isinstance(state, State)
        c: Content = engine.content
        actions = [o.action for o in prompt.options]
        if prompt.number is not None:
            actions += [prompt.number.action(v) for v in range(prompt.number.low, prompt.number.high + 1)]
        scored = [(_score(c, state, seat, action) + rng.below(1000) / 1e6, i)
                  for i, action in enumerate(actions)]
        return actions[max(scored)[1]]


def phase_value(c: Content, state: State, seat: int, phase: Phase, workers: int) -> float:
    """How much ``workers`` dice are worth in ``phase`` for this player now."""
    p = state.players[seat]
    if phase == "explore":
        zone = len(p.dev_stack) + len(p.world_stack)
        return 1.0 + (3 if zone == 0 else 0) + (2 if p.credits <= 2 else 0) + 0.3 * workers
    if phase in ("develop", "settle"):
        top = top_cost(c, p, phase)
        if top is None:
            return NEVER / 10
        on = len(p.dev_dice if phase == "develop" else p.world_dice)
        need = top[1] - on
        return 2.0 + (4 + top[0].cost if workers >= need else workers / max(need, 1))
    if phase == "produce":
        room = len(open_worlds(c, state, seat))
        return NEVER / 10 if room == 0 else 1.0 + 1.5 * min(room, workers)
    goods = sum(len(b.goods) for b in p.tableau)
    return NEVER / 10 if goods == 0 else 1.0 + 2.5 * min(goods, workers)


def _columns(p: Player) -> dict[Phase, int]:
    counts = dict.fromkeys(PHASES, 0)
    if p.assign is not None:
        for d in p.assign.dice:
            if d.column is not None and d.where != "dictate":
                counts[d.column] += 1
    return counts


def _move_gains(c: Content, state: State, seat: int, tile: int) -> dict[tuple[str, Phase], float]:
    """For each die (colour, column) the Reassign power at ``tile`` may move, the most one move adds:
    its worth in the best new column less what its old column loses."""
    p = state.players[seat]
    assign = p.assign
    power = next((pw for i, _, pw in reassign_powers(c, state, seat) if i == tile), None)
    if assign is None or power is None:
        return {}
    counts = _columns(p)

    def worth(phase: Phase, workers: int) -> float:
        return phase_value(c, state, seat, phase, workers)

    gains: dict[tuple[str, Phase], float] = {}
    for i in movable(assign, power):
        die = assign.dice[i]
        source = die.column
        if source is None:
            continue
        loss = worth(source, counts[source]) - worth(source, counts[source] - 1)
        best = max(worth(to, counts[to] + 1) - worth(to, counts[to]) for to in targets(assign, die, power))
        key = (die.colour, source)
        gains[key] = max(gains.get(key, NEVER), best - loss)
    return gains


def _power_in_use(c: Content, state: State, seat: int) -> int | None:
    """The tableau index of the Reassign power being used now, if any."""
    assign = state.players[seat].assign
    if assign is None or assign.power is None:
        return None
    return next((i for i, name, _ in reassign_powers(c, state, seat) if name == assign.power), None)


WORTH_A_MOVE = 1.0
"""A Reassign move must add at least this much to be worth making (Confirm and Finish score less)."""


def _score(c: Content, state: State, seat: int, action: Any) -> float:
    p = state.players[seat]
    if isinstance(action, (a.Undo, a.Reset, a.Dictate, a.DictateWith)) or action == a.Rearrange(position=-1):
        return NEVER
    if isinstance(action, a.MoreTiles):
        return NEVER / 2  # below every move of the page shown, so the bot never pages in a loop
    if isinstance(action, a.Confirm):
        return 10.0
    if isinstance(action, a.UsePower):
        best = max(_move_gains(c, state, seat, action.tile).values(), default=NEVER)
        return 10.0 + best if best >= WORTH_A_MOVE else 0.0
    in_use = _power_in_use(c, state, seat)
    if in_use is not None and isinstance(action, a.MoveDie):
        counts = _columns(p)
        gain = _move_gains(c, state, seat, in_use).get((action.colour, action.column), NEVER / 10)
        return gain + phase_value(c, state, seat, action.to, counts[action.to] + 1) / 100
    if in_use is not None and isinstance(action, (a.PickDie, a.Narrow)):
        gains = _move_gains(c, state, seat, in_use)
        if isinstance(action, a.PickDie):
            return gains.get((action.colour, action.column), NEVER / 10)
        return max((g for (_, column), g in gains.items() if column == action.column), default=NEVER / 10)
    if isinstance(action, a.Narrow):
        counts = _columns(p)
        return -phase_value(c, state, seat, action.column, counts[action.column])
    if isinstance(action, a.SplitStart):
        dev, world = p.start_tiles[action.development], p.start_tiles[1 - action.development]
        return -float(c.side_of(dev, False).cost + c.side_of(world, True).cost)
    if isinstance(action, a.Choose):
        counts = _columns(p)
        return (phase_value(c, state, seat, action.phase, counts[action.phase] + 1)
                - phase_value(c, state, seat, action.column, counts[action.column]) / 100)
    if isinstance(action, a.SelectWithWild):
        counts = _columns(p)
        return phase_value(c, state, seat, action.phase, counts[action.phase] + 1) + 0.01
    if isinstance(action, a.ReassignFirst):
        best = max((g for i, _, _ in reassign_powers(c, state, seat)
                    for g in _move_gains(c, state, seat, i).values()), default=NEVER)
        return 100.0 + best if best >= 2 * WORTH_A_MOVE else NEVER / 3
    if isinstance(action, a.ChoosePhase):
        counts = _columns(p)
        other = max((-phase_value(c, state, seat, d.column, counts[d.column]) / 100
                     for d in (p.assign.dice if p.assign else []) if d.where == "column"
                     and d.column is not None and d.column != action.phase), default=NEVER)
        return phase_value(c, state, seat, action.phase, counts[action.phase] + 1) + other - 1e-4
    if isinstance(action, (a.ToColumn, a.Select)):
        counts = _columns(p)
        return phase_value(c, state, seat, action.phase, counts[action.phase] + 1)
    if isinstance(action, a.PickDie):
        # the die selecting a phase is best taken from the least useful column
        counts = _columns(p)
        return -phase_value(c, state, seat, action.column, counts[action.column])
    if isinstance(action, (a.Stock, a.StockMany)):
        zone = len(p.dev_stack) + len(p.world_stack)
        many = 0.01 * action.count if isinstance(action, a.StockMany) else 0.0  # all at once, not one by one
        return 2.0 + (3 if zone >= 3 else 0) - (2 if zone == 0 else 0) + (2 if p.credits <= 2 else 0) + many
    if isinstance(action, a.Scout):
        return 3.0 if action.draw else -0.5
    if isinstance(action, a.Draw):
        return 5.0
    if isinstance(action, a.ReturnTile):
        return 0.0
    if isinstance(action, a.PlaceTile):
        side = c.side_of(action.tile, action.as_world)
        bonus = 1.0 if action.as_world and side.colour != "gray" else 0.0
        return -side.cost + bonus + (0.5 if side.endgame else 0) - (1 if action.top else 0)
    if isinstance(action, a.Produce):
        land = c.by_name[p.tableau[action.world].name].colour
        return 2.0 + (1 if action.colour in (land, "purple") else 0)
    if isinstance(action, a.ShipGood):
        land = c.by_name[p.tableau[action.world].name].colour
        shipper = p.work.shipper or "white"
        if action.consume:
            return 1.5 * consume_vp(action.colour, shipper, land) - (3 if p.credits <= 1 else 0)
        return trade_value(c, p, land) / 2
    if isinstance(action, a.Bankers):
        return 1.0 if action.buy == (p.credits >= 3) else 0.0
    if isinstance(action, a.RemoveDie):
        return (1.0 if action.colour == "white" else 0.0) + (1.0 if action.place == "citizenry" else 0.0)
    if isinstance(action, (a.Done, a.Finish)):
        return 1.0
    if isinstance(action, (a.Recall, a.RecallAll)):
        return -1.0
    return 0.5
