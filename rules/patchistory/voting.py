"""Round 5: workers returned before Voting, then Voting (§12.2–12.3, p. 13–14).

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from functools import cache

from rules.core import Event, Message, NumberChoice, Prompt, Seat
from rules.core.unchecked import construct, option, question
from rules.patchistory.actions import Commit, Done, ReturnWorker, Vote
from rules.patchistory.common import (
    Ctx,
    change_words,
    event,
    fail,
    label,
    worker_adds,
)
from rules.patchistory.content import STATS, Stat
from rules.patchistory.empire import abilities, count_kind, grid_of, routes_owned, stats, wastelands
from rules.patchistory.state import Phase, Player, State, Voting

RETURNERS = {"chichen_itza": (8, 5), "kremlin": (2, 3), "hanging_gardens": (1, 4)}
"""Ability → (most workers returned before Voting, culture per worker). Chichen Itza's is printed
(p. 16: any number, 5 each); Kremlin's and the Hanging Gardens' are designed from their p. 16
clarifications ("the returning worker may come from your tiles or a trade route")."""


def return_limit(ctx: Ctx, state: State, seat: Seat) -> tuple[int, int]:
    have = abilities(state.players[seat], ctx.content)
    best = (0, 0)
    for ability, (count, culture) in RETURNERS.items():
        if ability in have:
            best = (best[0] + count, max(best[1], culture))
    return best


def start(ctx: Ctx, state: State) -> list[Event]:
    state.returners = [
        s for s in state.order() if return_limit(ctx, state, s)[0] > 0 and state.players[s].workers
    ]
    for p in state.players:
        p.moved = []
    state.phase = Phase.RETURN_WORKERS
    return []


def return_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    if seat not in state.returners:
        return None
    p = state.players[seat]
    limit, culture = return_limit(ctx, state, seat)
    options = []
    if len(p.moved) < limit:
        options = [
            option(
                action=ReturnWorker(worker=i),
                label=label("return.worker", worker=i + 1, culture=culture),
                description=returning(ctx, p, i, culture),
            )
            for i in range(min(len(p.workers), 24))
        ]
    done = option(action=Done(), label=label("return.done"), description=label("describe.return_done"))
    options.append(done)
    return question(seat=seat, title=label("return.title"), options=tuple(options), simultaneous=True)


def returning(ctx: Ctx, p: Player, worker: int, culture: int) -> Message:
    """What returning ``worker`` gives and what its leaving changes: its space's framed symbols, and
    1 Defence with the Great Wall (p. 16)."""
    grid = grid_of(p, ctx.content)
    w = p.workers[worker]
    change = dict.fromkeys(STATS, 0)
    if w.where == "land":
        for stat, n in worker_adds(ctx, grid, (w.row, w.col)).items():
            change[stat] -= n
    if "great_wall" in abilities(p, ctx.content, grid):
        change[Stat.DEFENCE] -= 1
    words = change_words(change)
    if w.where == "land":
        return label("describe.return_land", culture=culture, row=w.row, col=w.col, change=words)
    return label("describe.return_away", culture=culture, change=words)


def play_return(ctx: Ctx, state: State, seat: Seat, action: ReturnWorker) -> list[Event]:
    p = state.players[seat]
    limit, culture = return_limit(ctx, state, seat)
    if seat not in state.returners or len(p.moved) >= limit:
        raise fail("You cannot return a worker now.", "no_return")
    if not 0 <= action.worker < len(p.workers):
        raise fail("You have no such worker.", "no_worker")
    p.workers.pop(action.worker)
    p.moved.append(action.worker)
    p.goods.culture += culture
    return [event("returned", seat=seat, culture=culture)]


def play_return_done(ctx: Ctx, state: State, seat: Seat) -> list[Event]:
    if seat not in state.returners:
        raise fail("You have no workers to return now.", "no_return")
    state.returners.remove(seat)
    return []


def commit_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    """Each prosperity card in hand by its category (numbered where two share one) and where the
    seat ranks in that category now, as the cards are scored (p. 13–14). Each category ranked
    once, every seat's overview board read once for them all (:func:`boards`): the move that ends
    an era's Movement asks every seat this, some three cards each."""
    p = state.players[seat]
    if seat in state.voting.committed or not p.cards:
        return None
    by_id = ctx.content.cards_by_id
    categories = [by_id[c].category for c in p.cards]
    read: list[dict[Stat, int]] | None = None
    ranks: dict[str, int] = {}
    options = []
    for c, category in zip(p.cards, categories, strict=True):
        rank = ranks.get(category)
        if rank is None:
            if read is None and category in BOARD_MEASURES:
                read = boards(ctx, state)
            rank = ranks[category] = standings(ctx, state, category, read)[seat]
        alike = [d for d, k in zip(p.cards, categories, strict=True) if k == category]
        options.append(
            option(
                action=construct(Commit, card=c),
                label=card_words(category, alike.index(c) + 1 if len(alike) > 1 else 0),
                description=rank_words(rank, len(state.players)),
            )
        )
    return question(
        seat=seat, title=label("vote.commit"), options=tuple(options), secret=True, simultaneous=True
    )


@cache
def card_words(category: str, number: int) -> Message:
    """A prosperity card to commit, by its category and its number among the seat's cards of that
    category (0 where it is the only one), worded once."""
    return label("vote.card", category=f"@patchistory.category.{category}", number=number)


@cache
def rank_words(rank: int, players: int) -> Message:
    """Where a seat ranks in a card's category, worded once."""
    return label("vote.card_rank", rank=rank, players=players)


def play_commit(ctx: Ctx, state: State, seat: Seat, action: Commit) -> list[Event]:
    p = state.players[seat]
    if state.phase != Phase.VOTE_COMMIT or seat in state.voting.committed:
        raise fail("You have no prosperity card to commit now.", "no_commit")
    if action.card not in p.cards:
        raise fail("That prosperity card is not in your hand.", "no_card")
    p.cards.remove(action.card)
    state.voting.committed[seat] = action.card
    events = [event("committed_card", seat=seat)]
    if all(
        s in state.voting.committed
        for s, q in enumerate(state.players)
        if q.cards or s in state.voting.committed
    ):
        events += reveal(ctx, state)
    return events


def reveal(ctx: Ctx, state: State) -> list[Event]:
    """Shuffle the committed cards and reveal them all; standings are fixed now (p. 13–14)."""
    v = state.voting
    cards = [v.committed[s] for s in sorted(v.committed)]
    state.rng.shuffle(cards)
    v.cards = cards
    v.committed = {}
    v.standings = [standings(ctx, state, ctx.content.cards_by_id[c].category) for c in cards]
    state.phase = Phase.VOTE
    return [
        event(
            "cards_revealed",
            cards=[f"@patchistory.category.{ctx.content.cards_by_id[c].category}" for c in cards],
            reveals=True,
        )
    ]


BOARD_MEASURES: dict[str, Stat] = {
    "military": Stat.MILITARY,
    "food_production": Stat.FOOD,
    "culture_production": Stat.CULTURE,
    "coins_production": Stat.COINS,
    "politics": Stat.POLITICS,
    "transport": Stat.TRANSPORT,
}
"""The categories measured on the overview board, by the track each reads (military adds
Defence unless the table reads the card as Military only, #29)."""


def measure(ctx: Ctx, state: State, seat: Seat, cat: str, board: dict[Stat, int] | None = None) -> int:
    """Each category's ranking measure (#29, 20.1 #19); ``board`` is the seat's overview board
    where read already (:func:`boards`)."""
    p = state.players[seat]
    c = ctx.content
    track = BOARD_MEASURES.get(cat)
    if track is not None:
        if board is None:
            board = stats(p, seat, c, state.routes)
        total = board[track]
        if cat == "military" and not state.options.military_card_counts_military_only:
            total += board[Stat.DEFENCE]
        return total
    match cat:
        case "personalities":
            return count_kind(p, c, "personality")
        case "wonders":
            return count_kind(p, c, "wonder")
        case "trade_routes":
            return routes_owned(seat, state.routes)
        case _:
            return wastelands(p, c)


def boards(ctx: Ctx, state: State) -> list[dict[Stat, int]]:
    """Every seat's overview board (``empire.stats``), in seat order."""
    return [stats(p, seat, ctx.content, state.routes) for seat, p in enumerate(state.players)]


def standings(ctx: Ctx, state: State, cat: str, read: list[dict[Stat, int]] | None = None) -> list[int]:
    """Each seat's rank in the category ``cat`` (:func:`demoted_ranks`); ``read`` is every seat's
    overview board where read already (:func:`boards`)."""
    return demoted_ranks(
        [measure(ctx, state, s, cat, None if read is None else read[s]) for s in range(len(state.players))]
    )


def demoted_ranks(values: list[int]) -> list[int]:
    """Rank 1 = best; k players tied from rank p all take rank p + k − 1 (p. 14)."""
    return [sum(1 for w in values if w >= v) for v in values]


def vote_prompt(state: State, seat: Seat) -> Prompt | None:
    v = state.voting
    if state.phase != Phase.VOTE or seat in v.votes:
        return None
    p = state.players[seat]
    return question(
        seat=seat,
        title=label("vote.title", number=v.current + 1, count=len(v.cards), votes=p.goods.votes),
        number=NumberChoice(
            low=0, high=p.goods.votes, template=Vote(votes=0), field="votes", label=label("vote.votes")
        ),
        secret=True,
        simultaneous=True,
    )


def play_vote(ctx: Ctx, state: State, seat: Seat, action: Vote) -> list[Event]:
    v = state.voting
    p = state.players[seat]
    if state.phase != Phase.VOTE or seat in v.votes:
        raise fail("You have no votes to place now.", "no_vote")
    if not 0 <= action.votes <= p.goods.votes:
        raise fail(f"Put 0 to {p.goods.votes} votes on this card.", "vote_range", high=p.goods.votes)
    v.votes[seat] = action.votes
    if len(v.votes) < len(state.players):
        return [event("voted", seat=seat)]
    total = 0
    for s, n in v.votes.items():
        state.players[s].goods.votes -= n
        total += n
    v.totals.append(total)
    events = [
        event(
            "vote.revealed",
            number=v.current + 1,
            votes=[v.votes[s] for s in range(len(state.players))],
            total=total,
            reveals=True,
        )
    ]
    v.votes = {}
    v.current += 1
    if v.current < len(v.cards):
        return events
    return events + score(state)


def score(state: State) -> list[Event]:
    """Discard the lowest card(s) in 3–4 players, then score each card by its table (§12.3)."""
    v = state.voting
    n = len(state.players)
    gains = card_gains(v.totals, v.standings, n, discard_all_tied=state.options.discard_all_tied_lowest)
    events = []
    for s in range(n):
        delta = sum(g[s] for g in gains)
        if delta >= 0:
            state.players[s].goods.culture += delta
        else:
            state.players[s].goods.culture = max(0, state.players[s].goods.culture + delta)
        events.append(event("vote.scored", seat=s, culture=delta))
    state.voting = Voting()
    return events


def card_gains(
    totals: list[int], ranks: list[list[int]], players: int, *, discard_all_tied: bool = True
) -> list[list[int]]:
    """Culture per card per seat. 2p: no discard; the card with fewer votes pays half (p. 14)."""
    out = []
    kept = list(range(len(totals)))
    if players >= 3 and totals:
        low = min(totals)
        lowest = [i for i, t in enumerate(totals) if t == low]
        kept = [i for i in kept if i not in (lowest if discard_all_tied else lowest[:1])]
    for i in range(len(totals)):
        row = [0] * players
        if i in kept:
            v = totals[i]
            if players == 2 and len(totals) == 2 and totals[i] < totals[1 - i]:
                v = v // 2
            for s in range(players):
                row[s] = rank_score(ranks[i][s], v, players)
        out.append(row)
    return out


def rank_score(rank: int, votes: int, players: int) -> int:
    if rank == 1:
        return votes
    if players == 2:
        return 0
    if rank == 2:
        return votes // 2
    if rank == 4:
        return -(votes // 2)
    return 0
