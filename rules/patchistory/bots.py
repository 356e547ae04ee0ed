"""The greedy Patchistory player: simple priorities and a one-step look-ahead on a state value.

It bids low on the richest tile (and takes the richest when a 2-player tie gives it the first
choice), patches and places workers where the empire gains most, builds and breeds when it can
afford to, campaigns with spare PP, defends in negotiations, commits all resources to wars, and
votes where it stands first.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.core import Prompt, Rng, Seat, random_choice
from rules.core.errors import RuleError
from rules.patchistory.actions import (
    Advance,
    Agree,
    AnswerAid,
    BidCoins,
    Birth,
    Build,
    Choose,
    Commit,
    Done,
    FirstChoice,
    HonourPersonalities,
    HonourWonders,
    Move,
    Patch,
    Pick,
    PlaceWorker,
    SealedBid,
    Spend,
    TakeTile,
    Threat,
    Trade,
    Vote,
)
from rules.patchistory.content import PRODUCTION, Stat
from rules.patchistory.empire import stats
from rules.patchistory.state import Phase, State

ADMIN_ORDER = ("birth", "build", "honour_wonders", "honour_personalities", "trade", "campaign")


def value(engine: Any, state: State, seat: Seat) -> float:
    """Culture now plus goods and what the empire will still produce."""
    p = state.players[seat]
    board = stats(p, seat, engine.content, state.routes)
    rounds_left = (3 - state.era) * 5 + (5 - state.round) + 1
    g = p.goods
    now = g.culture + 0.5 * (g.coins + g.food) + g.resources + 0.4 * g.votes
    weights = {Stat.CULTURE: 1.2, Stat.COINS: 0.5, Stat.FOOD: 0.6, Stat.RESOURCES: 0.9}
    later = sum(weights[s] * board[s] for s in PRODUCTION) * rounds_left
    later += 0.4 * rounds_left * (board[Stat.POLITICS] + 0.5 * board[Stat.TRANSPORT])
    later += 0.8 * (board[Stat.MILITARY] + board[Stat.DEFENCE])
    return now + later + 2.0 * len(p.workers)


def tile_worth(engine: Any, tile: str, side: str) -> float:
    t = engine.content.tiles_by_id[tile]
    sides = [t.white, t.black] if side == "any" else [t.side(side)]
    return float(
        max(sum(sum(sp.yields.values()) + 0.5 * sum(sp.framed.values()) for sp in s.spaces) for s in sides)
    )


class GreedyBot:
    """Takes the best-looking legal choice; never a random one unless nothing else applies."""

    name = "greedy"

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        assert isinstance(state, State)
        actions = [o.action for o in prompt.options]
        picks = [a for a in actions if isinstance(a, Pick)]
        try:
            choice = self.decide(engine, state, seat, prompt, actions, picks)
        except (RuleError, StopIteration):
            choice = None
        return choice if choice is not None else random_choice(prompt, rng)

    def decide(
        self, engine: Any, state: State, seat: Seat, prompt: Prompt, actions: list[Any], picks: list[Pick]
    ) -> Any:
        p = state.players[seat]
        if prompt.number is not None:
            return self.number(engine, state, seat, prompt)
        if state.phase == Phase.ADMINISTRATION and not p.path and not any(q.homing for q in state.players):
            return self.admin_top(actions)
        for kind in (Patch, PlaceWorker, Move, Build):
            found = [a for a in actions if isinstance(a, kind)]
            if found:
                return best(engine, state, seat, found)
        for a in actions:
            if isinstance(a, AnswerAid | Agree):
                return type(a)(**{next(iter(set(type(a).model_fields) - {"kind"})): True})
            if isinstance(a, Choose):
                return Choose(colour="blue")
            if isinstance(a, Commit):
                return self.commit(engine, state, seat, actions)
            if isinstance(a, TakeTile | FirstChoice):
                return max(
                    actions,
                    key=lambda t: tile_worth(
                        engine, state.auction.offers[t.tile].tile, state.auction.offers[t.tile].side
                    ),
                )
        sealed = [a for a in actions if isinstance(a, SealedBid)]
        if sealed:
            offers = state.auction.offers
            worth = {b.tile: tile_worth(engine, offers[b.tile].tile, offers[b.tile].side) for b in sealed}
            best_tile = max(worth, key=lambda t: worth[t])
            return max((b for b in sealed if b.tile == best_tile and b.coins <= 2), key=lambda b: b.coins)
        bids = [a for a in actions if isinstance(a, BidCoins)]
        if bids:
            offers = state.auction.offers
            return max(
                bids, key=lambda b: (tile_worth(engine, offers[b.tile].tile, offers[b.tile].side), -b.coins)
            )
        threats = [a for a in actions if isinstance(a, Threat)]
        if threats:
            return threats[0] if threats[0].demand == "culture" else threats[1 % len(threats)]
        if state.phase == Phase.AUCTION and picks:
            return self.auction_pick(engine, state, picks)
        if state.phase == Phase.ADMINISTRATION:
            return self.admin(p.path, actions, picks)
        if state.phase == Phase.DIPLOMACY:
            return next(
                (a for a in picks if a.choice == "threat"), next(a for a in actions if isinstance(a, Done))
            )
        if state.phase == Phase.MOVEMENT:
            advance = [a for a in actions if isinstance(a, Advance)]
            if advance:
                return max(advance, key=lambda a: a.steps)
            moves = [a for a in picks if a.choice.startswith(("r:", "w:"))]
            return moves[0] if moves else next((a for a in actions if isinstance(a, Done)), None)
        if state.phase == Phase.PATCH and picks:
            if picks[0].choice.startswith("side:"):
                tile = p.reserve[int(p.path[0][2:])].tile
                return max(picks, key=lambda a: tile_worth(engine, tile, a.choice[5:]))
            return picks[0]
        for a in actions:
            if isinstance(a, HonourWonders | HonourPersonalities | Birth):
                return a
        return picks[0] if picks else next((a for a in actions if isinstance(a, Done)), None)

    def admin_top(self, actions: list[Any]) -> Any:
        """The first affordable action in :data:`ADMIN_ORDER` (its first answer where the menu
        offers it folded), else the end of Administration."""
        for name in ADMIN_ORDER:
            found = next((a for a in actions if admin_action(a) == name), None)
            if found is not None:
                return found
        return next(a for a in actions if isinstance(a, Done))

    def admin(self, menu: list[str], actions: list[Any], picks: list[Pick]) -> Any:
        if menu[0] in ("birth", "honour_wonders", "honour_personalities"):
            return actions[0]
        return picks[0] if picks else actions[0]

    def auction_pick(self, engine: Any, state: State, picks: list[Pick]) -> Any:
        offers = state.auction.offers
        return max(
            picks,
            key=lambda a: tile_worth(engine, offers[int(a.choice[5:])].tile, offers[int(a.choice[5:])].side),
        )

    def number(self, engine: Any, state: State, seat: Seat, prompt: Prompt) -> Any:
        number = prompt.number
        assert number is not None
        template = number.template
        if isinstance(template, BidCoins | SealedBid):
            return number.action(number.low if isinstance(template, BidCoins) else min(number.high, 2))
        if isinstance(template, Spend):
            return number.action(number.high)
        if isinstance(template, Vote):
            v = state.voting
            mine = v.standings[v.current][seat] if v.current < len(v.standings) else 9
            return number.action(number.high if mine == 1 else number.low)
        return number.action(number.high)

    def commit(self, engine: Any, state: State, seat: Seat, actions: list[Any]) -> Any:
        from rules.patchistory.voting import standings

        ctx = engine.ctx

        def rank(a: Commit) -> int:
            return standings(ctx, state, ctx.content.cards_by_id[a.card].category)[seat]

        return min((a for a in actions if isinstance(a, Commit)), key=rank)


ADMIN_ACTIONS: dict[type, str] = {
    Birth: "birth",
    Build: "build",
    HonourWonders: "honour_wonders",
    HonourPersonalities: "honour_personalities",
    Trade: "trade",
}


def admin_action(action: Any) -> str | None:
    """Which Administration action an answer of its menu takes (a menu step by its first step)."""
    if isinstance(action, Pick):
        return action.choice.split("/")[0]
    return ADMIN_ACTIONS.get(type(action))


def best(engine: Any, state: State, seat: Seat, actions: list[Any]) -> Any:
    """The action whose resulting state is worth most to ``seat`` (one step ahead)."""
    scored = []
    for i, a in enumerate(actions):
        try:
            after, _ = engine.apply(state, seat, a)
        except RuleError:
            continue
        scored.append((value(engine, after, seat), -i, a))
    return max(scored, key=lambda t: (t[0], t[1]))[2] if scored else None
