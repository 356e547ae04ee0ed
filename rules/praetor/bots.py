"""The greedy bot: plays the complete move that most improves a simple estimate of its standing.

Candidates are every legal build (at its best cell), activation and Encampment use, and passing;
each is tried on a copy of the state and scored by :func:`standing`. Update-phase choices take the
Academy skip when it is free or cheap and always hire the emergency worker. At a Market it buys
what the wall tile on offer still lacks and sells spare goods to cover the coming upkeep, each good
in one trade; a Market visit is judged by the state after those trades.
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
from rules.praetor.rounds import upkeep_cost
from rules.praetor.state import State
from rules.praetor.table import current_era, morale_value
from rules.praetor.turns import build_favours


def standing(content: Content, state: State, seat: int) -> float:
    """Favour now plus an estimate of what the seat's position is worth by the end: morale, gold
    kept for the coming upkeep (each missing gold costs a morale space), goods, workers (their exp
    scores at the end; a worker about to reach exp 6 retires for favour) and wall tiles' backs."""
    p = state.players[seat]
    prices = content.board(p.board).market
    last = state.last_round
    due = upkeep_cost(content, p)
    kept = min(p.stock.gold, due)
    short = due - kept
    gold = kept * 3.0 + (p.stock.gold - kept) * (0.1 if last else 0.35) - short * 3.5
    goods = sum(p.stock.get(g) * (prices[g].sell / 10 if last else (prices[g].buy + prices[g].sell) / 6)
                for g in GOODS)
    workers = 0.0
    for w in p.workers:
        rises = w.task in ("build", "red")
        workers += w.exp + (1.0 if rises else 0.0)
        if rises and w.exp == 5:
            workers += 8.0 if current_era(content, state) < 2 else 5.0
    walls = 0.0 if last else sum(content.wall(w).back for w in p.walls) * 0.8
    return (p.favour + morale_value(content, p) + gold + goods + workers + (p.level1 + p.level2) * 1.5
            + walls)


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
                after = self._finish_trading(engine, after, seat)
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
            workers = exps(content, state, seat, via)
            for uid in buildable(content, state, seat, via):
                favours = build_favours(content, state, [uid], cells)
                x, y = cells[max(range(len(cells)), key=lambda i: sum(favours[i][0]))]
                out += [Build(tile=uid, exp=e, x=x, y=y, via=via) for e in workers]
            for uid in activatable(content, state, seat, via):
                kind = content.type_of(uid)
                for e in workers:
                    amount = min(e, state.players[seat].stock.wood) if kind.effect == "forge" else 0
                    if kind.effect == "market" and not self._wants_market(content, state, seat):
                        continue
                    out.append(Activate(tile=uid, exp=e, amount=amount, via=via))
        return out

    def _finish_trading(self, engine: Any, state: State, seat: int) -> State:
        """The state after the trades this bot would make at a Market it just opened."""
        while state.market is not None:
            prompt = engine.pending(state)[seat]
            state, _ = engine.apply(state, seat, self._trade(engine.content, state, seat, prompt))
        return state

    def _wants_market(self, content: Content, state: State, seat: int) -> bool:
        return bool(self._lacking(content, state, seat)) or bool(self._spare(content, state, seat))

    def _spare(self, content: Content, state: State, seat: int) -> list[str]:
        """Goods it would sell to cover the coming upkeep: those no wall demand needs, dearest first."""
        player = state.players[seat]
        if player.stock.gold >= upkeep_cost(content, player):
            return []
        needed = set(content.wall(state.wall).demand) if state.wall else set()
        prices = content.board(player.board).market
        goods = [g for g in GOODS if player.stock.get(g) > 0 and g not in needed]
        return sorted(goods, key=lambda g: -prices[g].sell)

    def _lacking(self, content: Content, state: State, seat: int) -> list[str]:
        if state.wall is None:
            return []
        stock = state.players[seat].stock
        return [g for g, n in content.wall(state.wall).demand.items() if g in GOODS and stock.get(g) < n]

    def _trade(self, content: Content, state: State, seat: int, prompt: Prompt) -> AnyAction:
        """One trade per good: buy all the wall demand still lacks, else sell enough of the dearest
        spare good to cover the coming upkeep; the trade ends the visit when no other would follow."""
        trade = self._plan(content, state, seat)
        if trade is None:
            return Done()
        after = state.model_copy(deep=True)
        price = content.board(after.players[seat].board).market[trade.resource]
        stock = after.players[seat].stock
        stock.gold += -price.buy * trade.amount if trade.buy else price.sell * trade.amount
        stock.add(trade.resource, trade.amount if trade.buy else -trade.amount)
        more = self._plan(content, after, seat) is not None
        return trade.model_copy(update={"more": more})

    def _plan(self, content: Content, state: State, seat: int) -> Trade | None:
        player = state.players[seat]
        prices = content.board(player.board).market
        demand = content.wall(state.wall).demand if state.wall else {}
        for good in self._lacking(content, state, seat):
            amount = min(demand[good] - player.stock.get(good), player.stock.gold // prices[good].buy)
            if amount > 0:
                return Trade.model_validate({"resource": good, "buy": True, "amount": amount})
        short = upkeep_cost(content, player) - player.stock.gold
        for good in self._spare(content, state, seat):
            if prices[good].sell > 0:
                amount = min(player.stock.get(good), -(-short // prices[good].sell))
                return Trade.model_validate({"resource": good, "buy": False, "amount": amount})
        return None

    def _academy(self, state: State, seat: int, prompt: Prompt) -> AnyAction:
        skips = [o.action for o in prompt.options if isinstance(o.action, Academy) and o.action.skip]
        return skips[0] if skips else Academy(skip=False)
