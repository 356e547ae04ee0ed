"""The greedy bot: plays the complete move that most improves a simple estimate of its standing.

Candidates are every legal build (at its best cell), activation and Encampment use, and passing;
each is tried on a copy of the state and scored by :func:`standing`. Update-phase choices take the
Academy skip when it is free or cheap and always hire the emergency worker. At a Market it buys
what its next wall tile still lacks, else it is done.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.core import Prompt, Rng, RuleError
from rules.core.bots import random_choice
from rules.praetor.actions import Academy, Activate, AnyAction, Build, Done, Emergency, Pass, Trade
from rules.praetor.content import GOODS, Content
from rules.praetor.grid import open_cells
from rules.praetor.legal import activatable, buildable, exps, specials
from rules.praetor.state import State
from rules.praetor.table import morale_value
from rules.praetor.turns import build_favour


def standing(content: Content, state: State, seat: int) -> float:
    """Favour now plus what the seat's goods, workers and morale are worth towards the end."""
    p = state.players[seat]
    prices = content.board(p.board).market
    goods = sum(p.stock.get(g) * (prices[g].buy + prices[g].sell) / 2 for g in GOODS)
    rounds_left = max(1, 14 - state.round)
    workers = sum(0.6 + w.exp * 0.5 + (1.0 if w.task in ("build", "red") else 0.0) for w in p.workers)
    upkeep_reserve = min(p.stock.gold, 3 * len(p.workers) + 2 * p.retired) * 0.5
    return (p.favour + morale_value(content, p) * 0.8 + (p.stock.gold - upkeep_reserve) / 4 + goods / 3.5
            + workers * min(1.0, rounds_left / 4) + (p.level1 + p.level2) * 1.5 + 2.0 * len(p.walls))


class GreedyBot:
    """One-move lookahead on :func:`standing`; ties go to the first candidate (deterministic)."""

    name = "greedy"

    def choose(self, engine: Any, state: BaseModel, seat: int, prompt: Prompt, rng: Rng) -> Any:
        assert isinstance(state, State)
        content: Content = engine.content
        first = prompt.options[0].action if prompt.options else None
        if isinstance(first, Academy):
            return self._academy(state, seat, prompt)
        if isinstance(first, Emergency):
            return Emergency(hire=True)
        if state.market is not None:
            return self._trade(content, state, seat, prompt)
        best: tuple[float, AnyAction] | None = None
        for action in self.candidates(content, state, seat):
            try:
                after, _ = engine.apply(state, seat, action)
            except RuleError:
                continue
            score = standing(content, after, seat)
            if best is None or score > best[0] + 1e-9:
                best = (score, action)
        return best[1] if best is not None else random_choice(prompt, rng)

    def candidates(self, content: Content, state: State, seat: int) -> list[AnyAction]:
        out: list[AnyAction] = [Pass()]
        vias: list[str | None] = [None, *specials(content, state, seat)]
        cells = open_cells((t.x, t.y) for t in state.city)
        for via in vias:
            workers = exps(state, seat, via, content)
            for uid in buildable(content, state, seat, via):
                x, y = max(cells, key=lambda c: sum(build_favour(content, state, uid, *c)))
                out += [Build(tile=uid, exp=e, x=x, y=y, via=via) for e in workers]
            for uid in activatable(content, state, seat, via):
                kind = content.type_of(uid)
                for e in workers:
                    amount = min(e, state.players[seat].stock.wood) if kind.effect == "forge" else 0
                    if kind.effect == "market" and not self._wants_market(content, state, seat):
                        continue
                    out.append(Activate(tile=uid, exp=e, amount=amount, via=via))
        return out

    def _wants_market(self, content: Content, state: State, seat: int) -> bool:
        return bool(self._lacking(content, state, seat))

    def _lacking(self, content: Content, state: State, seat: int) -> list[str]:
        if state.wall is None:
            return []
        stock = state.players[seat].stock
        return [g for g, n in content.wall(state.wall).demand.items() if g in GOODS and stock.get(g) < n]

    def _trade(self, content: Content, state: State, seat: int, prompt: Prompt) -> AnyAction:
        for good in self._lacking(content, state, seat):
            buy = Trade.model_validate({"resource": good, "buy": True})
            if any(o.action == buy for o in prompt.options):
                return buy
        return Done()

    def _academy(self, state: State, seat: int, prompt: Prompt) -> AnyAction:
        skips = [o.action for o in prompt.options if isinstance(o.action, Academy) and o.action.skip]
        return skips[0] if skips else Academy(skip=False)
