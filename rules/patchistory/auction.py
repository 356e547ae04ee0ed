"""Phase 1, the auction (§7.1–7.5): 3–4 player open auction, special first auction, 2-player
secret auction with the first player's choice on a tie, and Vasco da Gama taking a tile first.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from functools import cache

from rules.core import Event, Message, NumberChoice, Option, Prompt, Seat
from rules.core.contract import MAX_OPTIONS
from rules.core.messages import Param, msg
from rules.core.unchecked import built, construct, option, question
from rules.patchistory.actions import BidCoins, FirstChoice, Pass, SealedBid, TakeTile
from rules.patchistory.common import Ctx, back, event, fail, label, pick, tile_name
from rules.patchistory.content import SideDef
from rules.patchistory.empire import abilities
from rules.patchistory.state import Auction, Bid, Offer, Phase, Reserve, State


def lay_out(ctx: Ctx, state: State) -> list[Event]:
    """Lay out as many tiles as players (p. 6); the first auction of 3–4 players lays them one by one."""
    n = len(state.players)
    vasco = None
    if state.options.vasco_mandatory:
        vasco = [s for s in state.order() if "vasco_da_gama" in abilities(state.players[s], ctx.content)]
    state.auction = a = new_auction(vasco)
    events: list[Event] = []
    for seat, p in enumerate(state.players):
        # The coin bought with culture is for bidding (p. 7): Vasco da Gama's owner, who takes a
        # tile instead and stays out of the auction (p. 16), buys none.
        if p.goods.coins == 0 and seat not in a.vasco:
            events.append(convert_culture(state, seat))
    if n == 2:
        for _ in range(min(2, len(state.stack))):
            a.offers.append(Offer(state.stack.pop(0), "any"))
    else:
        count = 1 if (state.era, state.round) == (1, 1) else n
        for _ in range(min(count, len(state.stack))):
            lay_one(state)
        if (state.era, state.round) == (1, 1):
            state.auction.opening = 0
    tiles = [o.tile for o in state.auction.offers]
    events.append(event("laid_out", tiles=[tile_name(ctx, t) for t in tiles], reveals=True))
    return events + settle(ctx, state)


def new_auction(vasco: list[Seat] | None) -> Auction:
    """``Auction()``, or ``Auction(vasco=vasco)`` where Vasco da Gama's owners are looked for."""
    return Auction() if vasco is None else Auction(vasco=vasco)



def convert_culture(state: State, seat: Seat) -> Event:
    """Participation is mandatory: with no coins when the auction starts, pay 3 culture for 1 coin,
    once per auction (p. 7).

    Short of culture, the player pays all they have and still gets the coin (#9); with
    ``broke_short_culture_gets_coin`` off they get no coin and sit this auction out.
    """
    p = state.players[seat]
    price = state.options.broke_conversion_culture
    if p.goods.culture < price and not state.options.broke_short_culture_gets_coin:
        state.auction.skip.append(seat)
        return event("broke_out", seat=seat, culture=price)
    paid = min(p.goods.culture, price)
    p.goods.culture -= paid
    p.goods.coins = 1
    return event("broke", seat=seat, culture=paid)


def lay_one(state: State) -> None:
    side = "white" if state.next_white else "black"
    state.next_white = not state.next_white
    state.auction.offers.append(Offer(state.stack.pop(0), side))


def top(auction: Auction, tile: int) -> Bid | None:
    on = [b for b in auction.bids if b.tile == tile]
    return max(on, key=lambda b: b.coins) if on else None


def tops(auction: Auction) -> dict[int, Bid]:
    """Each tile's :func:`top` bid (the first of the highest) by the tile's place, read in one pass
    over the bids: whose turn it is and every tile's range are asked of all the tiles at once."""
    best: dict[int, Bid] = {}
    for b in auction.bids:
        held = best.get(b.tile)
        if held is None or b.coins > held.coins:
            best[b.tile] = b
    return best


def bid_of(auction: Auction, seat: Seat) -> Bid | None:
    return next((b for b in auction.bids if b.seat == seat), None)


def bidders(state: State) -> list[Seat]:
    """The seats in the auction, in turn order: all but those Vasco da Gama took a tile for."""
    skip = state.auction.skip
    order = state.order()
    return [s for s in order if s not in skip] if skip else order


def to_act(state: State) -> Seat | None:
    """The seat whose turn it is, or ``None`` when the auction is over."""
    a = state.auction
    if a.vasco:
        return a.vasco[0]
    if len(state.players) == 2:
        return None
    seats = bidders(state)
    if a.opening >= 0 and a.opening < len(seats):
        return seats[a.opening]
    if finished(state, len(seats)):
        return None
    # Each seat's bid (:func:`bid_of`) and each tile's top bid, read once: every seat's prompt asks
    # whose turn it is.
    first: dict[Seat, Bid] = {}
    for b in a.bids:
        first.setdefault(b.seat, b)
    best = tops(a)
    for i in range(len(seats)):
        seat = seats[(a.turn + i) % len(seats)]
        mine = first.get(seat)
        if mine is None or best[mine.tile] is not mine:
            return seat
    return None


def finished(state: State, bidding: int | None = None) -> bool:
    """Every tile carries exactly one bid (p. 7).

    With fewer bidders than tiles (a broke player sitting out, #9) it ends when every
    bidder is alone on a tile; the tiles left over are not sold. ``bidding``: how many seats are
    in the auction, where the caller has counted them (:func:`bidders`).
    """
    a = state.auction
    on = [0] * len(a.offers)
    for b in a.bids:
        if 0 <= b.tile < len(on):
            on[b.tile] += 1
    if bidding is None:
        bidding = len(bidders(state))
    return max(on, default=0) <= 1 and sum(on) == min(len(a.offers), bidding)


def bid_range(state: State, seat: Seat, tile: int) -> tuple[int, int] | None:
    """Lowest and highest total bid ``seat`` may have on ``tile`` now, or ``None`` if it cannot bid there."""
    a = state.auction
    coins = state.players[seat].goods.coins
    mine = bid_of(a, seat)
    best = top(a, tile)
    floor = 1 if best is None else best.coins + 1
    if mine is None:
        return (floor, coins) if floor <= coins else None
    if top(a, mine.tile) is mine:
        return None
    low = max(floor, mine.coins)
    high = mine.coins + coins
    return (low, high) if low <= high else None


def bid_ranges(state: State, seat: Seat) -> dict[int, tuple[int, int]]:
    """:func:`bid_range` of every tile on offer where ``seat`` may bid, by the tile's place, the
    tiles' top bids read once (:func:`tops`): the next bidder's menu shows every tile's range
    (:func:`bid_options`)."""
    a = state.auction
    coins = state.players[seat].goods.coins
    mine = bid_of(a, seat)
    best = tops(a)
    if mine is not None and best[mine.tile] is mine:
        return {}
    ranges: dict[int, tuple[int, int]] = {}
    for tile in range(len(a.offers)):
        on_top = best.get(tile)
        floor = 1 if on_top is None else on_top.coins + 1
        if mine is None:
            if floor <= coins:
                ranges[tile] = (floor, coins)
            continue
        low = max(floor, mine.coins)
        if low <= mine.coins + coins:
            ranges[tile] = (low, mine.coins + coins)
    return ranges


def asking(state: State) -> list[Seat] | None:
    """The seats :func:`prompt` may ask, where they are fewer than all: only the seat to act in a
    3–4 player auction or while Vasco da Gama's owners take their tiles (p. 7, p. 16)."""
    a = state.auction
    if a.first_choice is not None or (len(state.players) == 2 and not a.vasco):
        return None
    seat = to_act(state)
    return [] if seat is None else [seat]


def asked_table(state: State) -> tuple[object, ...] | None:
    """What both seats' prompts in the 2-player secret bid are drawn from besides their own
    player (:func:`asked_key`): the tiles on offer. ``None`` in any other auction (the prompt is
    not kept)."""
    a = state.auction
    if a.first_choice is not None or len(state.players) != 2 or a.vasco:
        return None
    return ("sealed", tuple([(o.tile, o.side) for o in a.offers]))


def asked_key(ctx: Ctx, state: State, seat: Seat) -> tuple[object, ...]:
    """All that the seat's prompt in the 2-player secret bid is drawn from (:func:`sealed_prompt`)
    besides :func:`asked_table`: its own coins and menu and whether it has bid; the other seat's
    bid changes none of it, nor does the rest of the seat's player (its empire, workers, goods
    but coins), which the key leaves out: every round's first prompts are both seats' secret
    bids, and a player's whole key reads every list it holds."""
    a = state.auction
    p = state.players[seat]
    return (seat, p.goods.coins, tuple(p.menu), seat in a.sealed, seat in a.skip)


def submenu_key(ctx: Ctx, state: State, seat: Seat, choice: str) -> tuple[object, ...] | None:
    """What the answers of the auction step ``choice`` (``menus.fold``) are drawn from, where a
    tile's step (``tile:i``) opens its range of coins as a number (:func:`prompt`): nothing the
    fold may put in its place, whatever the range, so one key names them all. ``None`` for any
    other step, and for a tile the seat cannot bid on in a 3–4 player auction (which opens the
    bids of every tile)."""
    a = state.auction
    tile = choice[5:]
    if a.first_choice is not None or a.vasco or not choice.startswith("tile:") or not tile.isdigit():
        return None
    if int(tile) >= len(a.offers):
        return None
    if len(state.players) == 2 or bid_range(state, seat, int(tile)) is not None:
        return ("auction", "coins")
    return None


def prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    a = state.auction
    if a.first_choice is not None:
        return first_choice_prompt(ctx, state, seat)
    if len(state.players) == 2 and not a.vasco:
        return sealed_prompt(ctx, state, seat)
    if to_act(state) != seat:
        return None
    if a.vasco:
        options = [
            option(
                action=TakeTile(tile=i),
                label=label("auction.take", tile=tile_name(ctx, o.tile)),
                description=side_summary(ctx, o),
            )
            for i, o in enumerate(a.offers)
        ]
        return question(seat=seat, title=label("auction.vasco"), options=tuple(options))
    menu = state.players[seat].path
    picked = next((int(m[5:]) for m in menu if m.startswith("tile:")), None)
    if picked is not None and (rng := bid_range(state, seat, picked)) is not None:
        return question(
            seat=seat,
            title=label("auction.how_much", tile=tile_name(ctx, a.offers[picked].tile)),
            options=(back(),),
            number=NumberChoice(
                low=rng[0],
                high=rng[1],
                template=BidCoins(tile=picked, coins=0),
                field="coins",
                label=label("auction.coins"),
            ),
        )
    return question(
        seat=seat,
        title=label("auction.your_turn", coins=state.players[seat].goods.coins),
        options=tuple(bid_options(ctx, state, seat)),
    )


def bid_options(ctx: Ctx, state: State, seat: Seat) -> list[Option]:
    """Each bid as one answer: tile and total coins together (p. 6-7), the lowest totals first.

    The tiles share one menu of 25; where a tile's higher totals do not fit, a last entry for that
    tile opens the full range as a number.
    """
    a = state.auction
    ranges = bid_ranges(state, seat)
    passing = may_pass(state, seat)
    room = (MAX_OPTIONS - passing) // max(1, len(ranges))
    mine = bid_of(a, seat)
    paid = mine.coins if mine else 0
    options: list[Option] = []
    for i, (low, high) in ranges.items():
        o = a.offers[i]
        shown = high - low + 1 if high - low + 1 <= room else room - 1
        # The tile's bids by their total, and its steps to the rest of its range by the range
        # (:func:`bid_run`): one key read per tile, not per bid.
        run = ctx.bids.get((i, o.tile, o.side, paid))
        if run is None:
            run = ctx.bids.put((i, o.tile, o.side, paid), {})
        for coins in range(low, low + shown):
            found = run.get(coins)
            options.append(bid_run(ctx, run, i, o, paid, coins) if found is None else found)
        if shown < high - low + 1:
            found = run.get((low + shown, high))
            options.append(bid_run(ctx, run, i, o, paid, (low + shown, high)) if found is None else found)
    if passing:
        options.append(option(action=Pass(), label=label("auction.pass"), description=label("describe.pass")))
    return options


def bid_run(ctx: Ctx, run: dict[int | tuple[int, int], Option], i: int, offer: Offer, paid: int,
            bid: int | tuple[int, int]) -> Option:
    """A bid of ``bid`` coins in all on the tile ``offer`` at place ``i``, the seat having
    ``paid`` on the table already, or (a pair, lowest and highest total) the step opening those
    totals as a number; kept in ``run`` (:attr:`Ctx.bids`), the tile's bids and steps by their
    totals."""
    if isinstance(bid, tuple):
        run[bid] = more_step(ctx, i, offer, *bid)
    else:
        name = tile_name(ctx, offer.tile)
        side = f"@patchistory.side.{offer.side}"
        gives = side_summary(ctx, offer)
        # The words are kept apart from the bid (:attr:`Ctx.words`): a total's name is the same
        # whatever the seat has paid, and what it pays the same whatever the total.
        words = ctx.words
        said = words.get(("bid_total", offer.tile, offer.side, bid))
        if said is None:
            said = words[("bid_total", offer.tile, offer.side, bid)] = label(
                "auction.bid_total", tile=name, side=side, coins=bid
            )
        pays = words.get(("bid_pays", offer.tile, offer.side, bid - paid))
        if pays is None:
            pays = words[("bid_pays", offer.tile, offer.side, bid - paid)] = label(
                "auction.bid_pays", extra=bid - paid, side_gives=gives
            )
        run[bid] = option(action=construct(BidCoins, tile=i, coins=bid), label=said, description=pays)
    return run[bid]


def side_summary(ctx: Ctx, offer: Offer) -> Message:
    """What the side on offer shows, in words (its symbols outside and inside gold frames); worded
    once per tile and side (:attr:`Ctx.words`)."""
    key = ("side_summary", offer.tile, offer.side)
    found = ctx.words.get(key)
    if found is None:
        found = ctx.words[key] = summary(ctx, offer)
    return found


def summary(ctx: Ctx, offer: Offer) -> Message:
    tile = ctx.content.tiles_by_id[offer.tile]
    if offer.side in ("white", "black"):
        return side_words(ctx, tile.side(offer.side))
    white, black = (side_words(ctx, tile.side(s), "brief_pair") for s in ("white", "black"))
    return label("side_pair", white=white, black=black)


def side_words(ctx: Ctx, side: SideDef, words: str = "brief") -> Message:
    """A side's symbols in short words, each stat once: what it shows outside gold frames, then in
    brackets what a worker there adds ("White: 2(+1) cult., (+3) food"), so that a bid's
    description fits a select entry's line of 100 characters; the auction's titles say how to
    read it. Both sides of a tile together (the 2-player auction, p. 15) use the shortest words,
    `words="brief_pair"` ("W: 2(+1)cult. · B: (+3)food")."""
    shown: dict[str, int] = {}
    framed: dict[str, int] = {}
    for sp in side.spaces:
        for k, n in sp.yields.items():
            shown[k] = shown.get(k, 0) + n
        for k, n in sp.framed.items():
            framed[k] = framed.get(k, 0) + n
    parts: list[Param] = [
        label(f"{words}.{k}", n=shown.get(k, 0), m=framed.get(k, 0), t=shown.get(k, 0) + framed.get(k, 0))
        for k in [*shown, *(k for k in framed if k not in shown)]
        if shown.get(k, 0) + framed.get(k, 0)
    ]
    return label(
        "side_words" if words == "brief" else f"{words}.side_words",
        side=f"@patchistory.{words}.side_{side.colour}",
        gains=parts or [label("gain.nothing")],
        seas=sum(1 for sp in side.spaces if sp.sea),
    )


def may_pass(state: State, seat: Seat) -> bool:
    """Only in the opening steps of the first auction, and never the last player (p. 9)."""
    a = state.auction
    seats = bidders(state)
    return 0 <= a.opening < len(seats) - 1 and bid_of(a, seat) is None


def sealed_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    a = state.auction
    if seat in a.sealed or seat in a.skip or not a.offers:
        return None
    menu = state.players[seat].path
    picked = next((int(m[5:]) for m in menu if m.startswith("tile:")), None)
    coins = state.players[seat].goods.coins
    if picked is not None:
        return question(
            seat=seat,
            title=label("auction.how_much", tile=tile_name(ctx, a.offers[picked].tile)),
            options=(back(),),
            secret=True,
            simultaneous=True,
            number=NumberChoice(
                low=1,
                high=max(1, coins),
                template=SealedBid(tile=picked, coins=1),
                field="coins",
                label=label("auction.coins"),
            ),
        )
    return question(seat, sealed_title(ctx, coins), sealed_options(ctx, state, seat), secret=True,
                    simultaneous=True)


def sealed_title(ctx: Ctx, coins: int) -> Message:
    """The secret bid prompt's title (the seat's coins), worded once per count of coins
    (:attr:`Ctx.words`)."""
    key = ("auction.sealed", coins)
    found = ctx.words.get(key)
    if found is None:
        found = ctx.words[key] = label("auction.sealed", coins=coins)
    return found


def sealed_options(ctx: Ctx, state: State, seat: Seat) -> list[Option]:
    """Each secret bid as one answer, the tile and the coins together (p. 15): a bid is typed once.

    The tiles share one menu of 25; where a tile's higher bids do not fit, a last entry for that
    tile opens the full range as a number.
    """
    a = state.auction
    high = max(1, state.players[seat].goods.coins)
    room = MAX_OPTIONS // max(1, len(a.offers))
    shown = high if high <= room else room - 1
    options: list[Option] = []
    for i, o in enumerate(a.offers):
        # The tile's secret bids by their coins, and its steps to the higher bids by their range,
        # kept (:attr:`Ctx.bids`): both seats are offered them when the tiles are laid out.
        run = ctx.bids.get(("sealed", i, o.tile, o.side))
        if run is None:
            run = ctx.bids.put(("sealed", i, o.tile, o.side), {})
        if shown not in run:
            sealed_run(ctx, run, i, o, shown)
        options += [run[coins] for coins in range(1, shown + 1)]
        if shown < high:
            found = run.get((shown + 1, high))
            if found is None:
                found = run[shown + 1, high] = more_step(ctx, i, o, shown + 1, high)
            options.append(found)
    return options


def sealed_run(ctx: Ctx, run: dict[int | tuple[int, int], Option], i: int, offer: Offer,
               shown: int) -> None:
    """The secret bids of 1 to ``shown`` coins on the tile ``offer`` at place ``i`` not yet in
    ``run`` (:attr:`Ctx.bids`, the tile's secret bids and steps by their coins), made at once:
    a tile first seen at a place is offered a run of them, which share its name and words."""
    name = tile_name(ctx, offer.tile)
    said = side_summary(ctx, offer)
    number = i + 1
    for coins in range(1, shown + 1):
        if coins not in run:
            run[coins] = option(
                sealed_bid(i, coins),
                msg("patchistory.auction.sealed_bid", number=number, tile=name, coins=coins),
                said,
            )


@cache
def sealed_bid(i: int, coins: int) -> SealedBid:
    """The secret bid of ``coins`` on the tile at place ``i``, made once (frozen): it names the
    place, not the tile, so every tile laid out there is offered the same bids (a round lays out
    two new tiles, and each one's run of bids was made with bids of its own)."""
    return built(SealedBid, {"kind": SEALED_BID, "tile": i, "coins": coins}, BID_GIVEN)


SEALED_BID = SealedBid.model_fields["kind"].default
"""A secret bid's kind, the default :func:`sealed_run` writes out."""

BID_GIVEN = ("tile", "coins")
"""The fields a secret bid is given (its kind is the default)."""



def more_step(ctx: Ctx, i: int, offer: Offer, low: int, high: int) -> Option:
    """The step opening the bids of ``low`` to ``high`` coins on the tile ``offer`` at place ``i``
    as a number, where the menu has no room for each (p. 6-7)."""
    side = f"@patchistory.side.{offer.side}"
    return option(
        action=pick(f"tile:{i}"),
        label=label("auction.bid_more", tile=tile_name(ctx, offer.tile), side=side, low=low, high=high),
        description=side_summary(ctx, offer),
    )


def first_choice_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    """Equal bids on the same tile: the first player chooses which tile to take (p. 15)."""
    a = state.auction
    if a.first_choice != seat:
        return None
    contested, coins = a.sealed[seat]
    options = [
        option(
            action=FirstChoice(tile=i),
            label=label("auction.first_choice", number=i + 1, tile=tile_name(ctx, o.tile)),
            description=side_summary(ctx, o),
        )
        for i, o in enumerate(a.offers)
    ]
    return question(
        seat=seat,
        title=label("auction.choose_first", number=contested + 1, coins=coins),
        options=tuple(options),
    )


def play_bid(ctx: Ctx, state: State, seat: Seat, action: BidCoins) -> list[Event]:
    a = state.auction
    if len(state.players) == 2 or to_act(state) != seat or a.vasco:
        raise fail("It is not your turn to bid.", "not_bidding")
    if not 0 <= action.tile < len(a.offers):
        raise fail("There is no such tile in the auction.", "no_tile")
    rng = bid_range(state, seat, action.tile)
    if rng is None or not rng[0] <= action.coins <= rng[1]:
        low, high = rng or (0, 0)
        raise fail(f"On that tile you may bid {low} to {high} coins.", "bid_range", low=low, high=high)
    mine = bid_of(a, seat)
    extra = action.coins - (mine.coins if mine else 0)
    state.players[seat].goods.coins -= extra
    if mine is not None:
        a.bids.remove(mine)
    a.bids.append(Bid(seat=seat, tile=action.tile, coins=action.coins))
    events = [
        event("auction.bid", seat=seat, tile=tile_name(ctx, a.offers[action.tile].tile), coins=action.coins)
    ]
    return events + after_turn(ctx, state, seat)


def play_pass(ctx: Ctx, state: State, seat: Seat) -> list[Event]:
    if to_act(state) != seat or not may_pass(state, seat):
        raise fail("You cannot pass in this auction.", "no_pass")
    state.auction.passed.append(seat)
    return [event("auction.passed", seat=seat), *after_turn(ctx, state, seat)]


def after_turn(ctx: Ctx, state: State, seat: Seat) -> list[Event]:
    a = state.auction
    events: list[Event] = []
    if a.opening >= 0:
        a.opening += 1
        seats = bidders(state)
        if a.opening < len(seats):
            lay_one(state)
            events.append(event("laid_out", tiles=[tile_name(ctx, a.offers[-1].tile)], reveals=True))
        else:
            a.opening = -1
            a.turn = 0
    else:
        seats = bidders(state)
        a.turn = (seats.index(seat) + 1) % len(seats)
    return events + settle(ctx, state)


def play_take(ctx: Ctx, state: State, seat: Seat, action: TakeTile) -> list[Event]:
    """Vasco da Gama takes a laid-out tile for free and stays out of the auction (p. 16)."""
    a = state.auction
    if not a.vasco or a.vasco[0] != seat:
        raise fail("Only Vasco da Gama's owner takes a tile before the auction.", "not_vasco")
    if not 0 <= action.tile < len(a.offers):
        raise fail("There is no such tile in the auction.", "no_tile")
    offer = a.offers.pop(action.tile)
    a.vasco.pop(0)
    a.skip.append(seat)
    give(state, seat, offer)
    return [event("auction.vasco_took", seat=seat, tile=tile_name(ctx, offer.tile)), *settle(ctx, state)]


def give(state: State, seat: Seat, offer: Offer) -> None:
    side = None if offer.side == "any" or not state.options.buyer_keeps_shown_side else offer.side
    state.players[seat].reserve.append(Reserve(tile=offer.tile, side=side))


def play_sealed(ctx: Ctx, state: State, seat: Seat, action: SealedBid) -> list[Event]:
    a = state.auction
    if len(state.players) != 2 or seat in a.sealed or seat in a.skip or a.vasco:
        raise fail("You have no secret bid to make now.", "not_bidding")
    if not 0 <= action.tile < len(a.offers):
        raise fail("There is no such tile in the auction.", "no_tile")
    coins = state.players[seat].goods.coins
    if not 1 <= action.coins <= max(1, coins):
        raise fail(f"Bid 1 to {coins} coins.", "bid_range", low=1, high=coins)
    a.sealed[seat] = (action.tile, action.coins)
    return [event("auction.sealed_in", seat=seat), *settle(ctx, state)]


def settle(ctx: Ctx, state: State) -> list[Event]:
    """End the auction when it is decided, hand out tiles, and move on to patching."""
    a = state.auction
    if a.vasco:
        return []
    if len(state.players) == 2:
        return settle_sealed(ctx, state)
    bidders_left = bidders(state)
    if not a.offers or not bidders_left:
        state.phase = Phase.PATCH
        return []
    if len(a.offers) == 1 and len(bidders_left) == 1 and not a.bids:
        # Spec 19 #22: one bidder and one tile left: the 1-coin minimum.
        seat = bidders_left[0]
        state.players[seat].goods.coins = max(0, state.players[seat].goods.coins - 1)
        a.bids.append(Bid(seat=seat, tile=0, coins=1))
    if a.opening >= 0 or not finished(state):
        return []
    events = []
    for b in sorted(a.bids, key=lambda b: b.tile):
        give(state, b.seat, a.offers[b.tile])
        events.append(
            event("auction.won", seat=b.seat, tile=tile_name(ctx, a.offers[b.tile].tile), coins=b.coins)
        )
    state.phase = Phase.PATCH
    return events


def settle_sealed(ctx: Ctx, state: State) -> list[Event]:
    """2 players (p. 15): different tiles → each gets theirs; same tile → the higher bid wins it,
    and the other player gets the other tile. Same tile and equal bids → the first player chooses
    first (:func:`play_first_choice`)."""
    a = state.auction
    if a.first_choice is not None:
        return []
    bidding = [s for s in state.order() if s not in a.skip]
    if len(bidding) == 1 and len(a.offers) == 1:
        seat = bidding[0]
        state.players[seat].goods.coins = max(0, state.players[seat].goods.coins - 1)
        give(state, seat, a.offers[0])
        state.phase = Phase.PATCH
        return [event("auction.won", seat=seat, tile=tile_name(ctx, a.offers[0].tile), coins=1)]
    if any(s not in a.sealed for s in bidding) or not bidding:
        if not bidding:
            state.phase = Phase.PATCH
        return []
    if len(bidding) == 1:
        # The other player sits this auction out (#9): the bid takes the tile it names.
        return hand_out(ctx, state, {bidding[0]: a.sealed[bidding[0]][0]})
    first, second = bidding
    (t1, c1), (t2, c2) = a.sealed[first], a.sealed[second]
    events = [
        event(
            "auction.revealed",
            first_seat=first,
            first_tile=t1 + 1,
            first_coins=c1,
            second_seat=second,
            second_tile=t2 + 1,
            second_coins=c2,
            reveals=True,
        )
    ]
    if t1 == t2 and c1 == c2 and len(a.offers) == 2:
        a.first_choice = first
        return [*events, event("auction.tied", seat=first, number=t1 + 1, coins=c1)]
    if t1 != t2:
        won = {first: t1, second: t2}
    elif c2 > c1:
        won = {second: t1, first: 1 - t1}
    else:
        won = {first: t1, second: 1 - t1}
    return events + hand_out(ctx, state, won)


def play_first_choice(ctx: Ctx, state: State, seat: Seat, action: FirstChoice) -> list[Event]:
    """The first player takes the tile they choose after equal bids on the same tile; the other
    player gets the other tile (p. 15). Payment follows the bids as in any 2-player auction."""
    a = state.auction
    if a.first_choice is None or a.first_choice != seat:
        raise fail("Only the first player chooses a tile, after equal bids on the same tile.", "not_first")
    if not 0 <= action.tile < len(a.offers):
        raise fail("There is no such tile in the auction.", "no_tile")
    other = next(s for s in state.order() if s != seat and s in a.sealed)
    a.first_choice = None
    return hand_out(ctx, state, {seat: action.tile, other: 1 - action.tile})


def hand_out(ctx: Ctx, state: State, won: dict[Seat, int]) -> list[Event]:
    """Give each seat the tile it won in a 2-player auction, charge it, and move on to patching.

    Spec 19 #7: each pays what they revealed; with ``two_player_both_pay`` off, a player who gets
    a tile other than the one they bid on gets it free.
    """
    a = state.auction
    events = []
    for seat, tile in won.items():
        bid_tile, coins = a.sealed[seat]
        if not state.options.two_player_both_pay and tile != bid_tile:
            coins = 0
        state.players[seat].goods.coins -= coins
        give(state, seat, a.offers[tile])
        events.append(event("auction.won", seat=seat, tile=tile_name(ctx, a.offers[tile].tile), coins=coins))
    state.phase = Phase.PATCH
    return events


def sealed_revealed(state: State) -> bool:
    """Whether the 2-player secret bids are in and shown (they stay on view until the next auction)."""
    a = state.auction
    bidding = [s for s in state.order() if s not in a.skip]
    return len(state.players) == 2 and bool(bidding) and all(s in a.sealed for s in bidding)
