"""Phase I, Explore (§5.5): each explorer Scouts or Stocks, one at a time.

Scout: return any construction-zone tiles (under the Explore tile), draw one more than returned,
place each drawn tile as a development or a world at the bottom of its stack (on top with
Improved Reconnaissance). Stock: +$2 ($4 for a yellow explorer with Alien Archaeology).
Advanced Logistics rearranges the zone any number of times. At the end of the phase Alien Research
Team draws its tile, then the returned tiles go back into the bag.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from rules.core import MAX_OPTIONS, Event, Message, NumberChoice, Option, Prompt, RuleError, msg, paged
from rules.core.unchecked import option, question
from rules.rftg.actions import (
    AnyAction,
    Done,
    Draw,
    GiveBack,
    MoreTiles,
    MoveTile,
    PlaceTile,
    Rearrange,
    ReturnTile,
    Scout,
    Stock,
    StockMany,
)
from rules.rftg.content import Colour, Content, Side
from rules.rftg.describe import side_description
from rules.rftg.dice import colour_word
from rules.rftg.state import Player, State
from rules.rftg.tableau import gain_credits, powers


def explorers(p: Player) -> list[tuple[Colour, bool]]:
    """Explorers still to act: (colour, virtual), dice first."""
    return [(col, False) for col in p.columns.get("explore", [])] + [(col, True) for col in p.work.virtual]


def zone(p: Player) -> list[tuple[int, bool]]:
    """The construction zone in position order: (tile, is_world), development stack top first."""
    return [(t, False) for t in p.dev_stack] + [(t, True) for t in p.world_stack]


def _has(c: Content, p: Player, kind: str) -> bool:
    return bool(powers(c, p, kind))


def busy(p: Player) -> bool:
    w = p.work
    return w.scouting or bool(w.drawn) or w.owed > 0 or w.logistics is not None


def advance(c: Content, state: State, seat: int) -> list[Event]:
    """Finish the player's Explore when nothing is left to decide."""
    p = state.players[seat]
    events: list[Event] = []
    if not p.work.drawn and p.work.owed and not state.giveback:
        events += start_giveback(state, seat)
    if state.explore_end and not busy(p):
        p.work.done = True
    if not busy(p) and not explorers(p) and not (_has(c, p, "explore_rearrange") and zone(p)):
        p.work.done = True
    return events


def prompt(c: Content, state: State, seat: int) -> Prompt | None:
    p = state.players[seat]
    w = p.work
    if w.done:
        return None
    if w.drawn:
        return _place_prompt(c, state, seat)
    if w.scouting:
        tiles = [option(action=ReturnTile(position=i), label=_tile_label(c, t, world),
                        description=side_description(c.side_of(t, world)))
                 for i, (t, world) in enumerate(zone(p))]
        draw = option(action=Draw(), label=msg("rftg.opt.draw", count=w.returning + 1),
                      description=msg("rftg.desc.draw", returned=w.returning, count=w.returning + 1))
        return question(seat=seat, title=msg("rftg.explore.return", returned=w.returning),
                        options=paged(tiles, w.page, _more_tiles, before=[draw]))
    if w.logistics is not None:
        if w.logistics < 0:
            tiles = [option(action=Rearrange(position=i), label=_tile_label(c, t, world),
                            description=side_description(c.side_of(t, world)))
                     for i, (t, world) in enumerate(zone(p))]
            return question(seat=seat, title=msg("rftg.explore.rearrange_pick"),
                            options=paged(tiles, w.page, _more_tiles))
        tile = zone(p)[w.logistics][0]
        opts = [option(action=MoveTile(as_world=world, top=top),
                       label=msg("rftg.opt.move_to", stack=_stack_word(world), end=_end_word(top)),
                       description=msg("rftg.desc.move_to", tile=c.side_of(tile, world).name,
                                       stack=_stack_word(world)))
                for world in (False, True) for top in (True, False)]
        return question(seat=seat, title=msg("rftg.explore.rearrange_to"), options=tuple(opts))
    return _explorer_prompt(c, state, seat)


def stock_value(c: Content, p: Player, colour: Colour) -> int:
    """Credits one explorer of ``colour`` Stocks for: $2, or a Stock bonus's amount."""
    amount = 2
    for _, pw in powers(c, p, "stock_bonus"):
        if pw.explorer_colour == colour:
            amount = max(amount, pw.credits_instead)
    return amount


def _explorer_prompt(c: Content, state: State, seat: int) -> Prompt:
    """Each explorer colour Scouts (drawing at once, or returning tiles first) or Stocks; several
    explorers may Stock at once; Advanced Logistics rearranges first (rulebook p. 5)."""
    p = state.players[seat]
    here = explorers(p)
    returnable = bool(zone(p))
    opts = []
    for colour, virtual in dict.fromkeys(here):
        tag = "v" if virtual else ""
        opts.append(option(action=Scout(colour=colour, virtual=virtual, draw=True),
                           label=msg(f"rftg.opt.scout{tag}", colour=colour_word(colour)),
                           description=msg("rftg.desc.scout_draw")))
        if returnable:
            opts.append(option(action=Scout(colour=colour, virtual=virtual),
                               label=msg(f"rftg.opt.scout_return{tag}", colour=colour_word(colour)),
                               description=msg("rftg.desc.scout_return")))
        opts.append(option(action=Stock(colour=colour, virtual=virtual),
                           label=msg(f"rftg.opt.stock{tag}", colour=colour_word(colour)),
                           description=msg("rftg.desc.stock", amount=stock_value(c, p, colour),
                                           credits=p.credits)))
    if len(here) == 2:
        amount = sum(stock_value(c, p, colour) for colour, _ in here)
        opts.append(option(action=StockMany(count=len(here)),
                           label=msg("rftg.opt.stock_all", n=len(here)),
                           description=msg("rftg.desc.stock", amount=amount, credits=p.credits)))
    if _has(c, p, "explore_rearrange") and zone(p):
        opts.append(option(action=Rearrange(position=-1), label=msg("rftg.opt.rearrange"),
                           description=msg("rftg.desc.rearrange")))
    if not here:
        opts.append(option(action=Done(), label=msg("rftg.opt.done"),
                           description=msg("rftg.desc.explore_done", tiles=len(zone(p)))))
    number = None
    if len(here) >= 3:
        number = NumberChoice(low=2, high=len(here), template=StockMany(count=2), field="count",
                              label=msg("rftg.opt.stock_some", n=len(here)))
    return question(seat=seat, title=msg("rftg.explore.main", explorers=len(here), credits=p.credits),
                    options=tuple(opts[:MAX_OPTIONS]), number=number)


def _place_prompt(c: Content, state: State, seat: int) -> Prompt:
    p = state.players[seat]
    ends = (False, True) if _has(c, p, "scout_place_on_top") else (False,)
    opts = [_place_option(c, t, world, top) for t in dict.fromkeys(p.work.drawn)
            for world in (False, True) for top in ends]
    return question(seat=seat, title=msg("rftg.explore.place", count=len(p.work.drawn)),
                    options=paged(opts, p.work.page, _more_tiles))


_PLACE_OPTIONS: dict[tuple[int, bool, bool], tuple[Side, Option]] = {}
"""The option placing a drawn tile, by tile, side and end, with the side it was made for: the
same tile of the same content is placed in the same words every time."""


def _place_option(c: Content, tile: int, world: bool, top: bool) -> Option:
    side = c.side_of(tile, world)
    kept = _PLACE_OPTIONS.get((tile, world, top))
    if kept is not None and kept[0] is side:
        return kept[1]
    key = "rftg.opt.place_world" if world else "rftg.opt.place_dev"
    made = option(action=PlaceTile(tile=tile, as_world=world, top=top),
                  label=msg(key + ("_top" if top else ""), tile=side.name),
                  description=side_description(side))
    _PLACE_OPTIONS[(tile, world, top)] = (side, made)
    return made


def _more_tiles(page: int, shown: int, pages: int) -> Option:
    return option(action=MoreTiles(page=page), label=msg("rftg.opt.more_tiles", page=shown, pages=pages),
                  navigation=True)


def _tile_label(c: Content, tile: int, world: bool, key: str = "rftg.opt.zone") -> Message:
    return msg(key + ("_world" if world else "_dev"), tile=c.side_of(tile, world).name)


def _stack_word(world: bool) -> str:
    return "@rftg.word.worlds" if world else "@rftg.word.developments"


def _end_word(top: bool) -> str:
    return "@rftg.word.top" if top else "@rftg.word.bottom"


# ---- actions ---------------------------------------------------------------------------------


def act(c: Content, state: State, seat: int, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    w = p.work
    if isinstance(action, MoreTiles) and (w.drawn or w.scouting or w.logistics == -1):
        return turn_page(p, action)
    w.page = 0
    if w.drawn:
        return _place(c, state, seat, action)
    if w.scouting:
        if isinstance(action, ReturnTile):
            return _return(state, seat, action.position)
        if isinstance(action, Draw):
            return _draw(state, seat)
        raise RuleError("Return tiles or draw.", key="rftg.err.scouting")
    if w.logistics is not None:
        return _rearrange(state, seat, action)
    if isinstance(action, StockMany):
        return _stock_many(c, state, seat, action.count)
    if isinstance(action, (Scout, Stock)):
        events = _explorer(c, state, seat, action)
        if isinstance(action, Scout) and action.draw:
            events += _draw(state, seat)
        return events
    if isinstance(action, Rearrange) and action.position == -1:
        if not _has(c, p, "explore_rearrange") or not zone(p):
            raise RuleError("You cannot rearrange your construction zone.", key="rftg.err.no_logistics")
        w.logistics = -1
        return []
    if isinstance(action, Done) and not explorers(p):
        w.done = True
        return []
    raise RuleError("Scout or Stock with an explorer.", key="rftg.err.explore")


def turn_page(p: Player, action: MoreTiles) -> list[Event]:
    """Show another page of a list of tiles too long for one prompt; nothing in the game changes.
    Any other move shows the first page again."""
    p.work.page = action.page
    return []


def _take_explorer(p: Player, colour: Colour, virtual: bool) -> None:
    if (colour, virtual) not in explorers(p):
        raise RuleError("You have no such explorer.", key="rftg.err.no_explorer")
    if virtual:
        p.work.virtual.remove(colour)
    else:
        p.columns["explore"].remove(colour)
        p.citizenry.append(colour)


def _explorer(c: Content, state: State, seat: int, action: Scout | Stock) -> list[Event]:
    p = state.players[seat]
    _take_explorer(p, action.colour, action.virtual)
    if isinstance(action, Stock):
        amount = stock_value(c, p, action.colour)
        gain_credits(p, amount)
        return [Event(message=msg("rftg.event.stock", seat=seat, amount=amount,
                                  colour=colour_word(action.colour)))]
    p.work.scouting = True
    p.work.returning = 0
    if action.colour == "yellow":
        p.work.scout_yellow = True
    return []


def _stock_many(c: Content, state: State, seat: int, count: int) -> list[Event]:
    """``count`` explorers Stock: those earning most first, dice before extra explorers."""
    p = state.players[seat]
    here = explorers(p)
    if not 2 <= count <= len(here):
        raise RuleError("You do not have that many explorers.", key="rftg.err.no_explorer")
    chosen = sorted(here, key=lambda e: (-stock_value(c, p, e[0]), e[1]))[:count]
    before = p.credits
    for colour, virtual in chosen:
        _take_explorer(p, colour, virtual)
        gain_credits(p, stock_value(c, p, colour))
    return [Event(message=msg("rftg.event.stock_many", seat=seat, n=count, amount=p.credits - before))]


def _return(state: State, seat: int, position: int) -> list[Event]:
    p = state.players[seat]
    z = zone(p)
    if not 0 <= position < len(z):
        raise RuleError("There is no such tile in your construction zone.", key="rftg.err.no_tile")
    tile, world = z[position]
    (p.world_stack if world else p.dev_stack).remove(tile)
    state.pile.append(tile)
    p.work.returned.append(tile)
    p.work.returning += 1
    return []


def _draw(state: State, seat: int) -> list[Event]:
    p = state.players[seat]
    want = p.work.returning + 1
    p.work.scouting = False
    drawn, events = draw_tiles(state, seat, want)
    p.work.drawn = drawn
    events.append(Event(message=msg("rftg.event.scout", seat=seat, returned=want - 1, drawn=len(drawn))))
    events.append(Event(message=msg("rftg.event.drew", tiles=len(drawn)), visible_to=frozenset({seat}),
                        reveals=True, data={"tiles": drawn}))
    return events


def draw_tiles(state: State, seat: int, want: int) -> tuple[list[int], list[Event]]:
    """Draw up to ``want`` tiles; when the bag empties, the returned tiles refill it (§5.5, X16).

    Fewer tiles come back when bag and pile are both empty: the caller then runs the give-back
    procedure (:func:`start_giveback`).
    """
    drawn: list[int] = []
    events: list[Event] = []
    while len(drawn) < want:
        if not state.bag and state.pile:
            state.bag += state.pile
            state.pile = []
            for q in state.players:
                q.work.returned = []
            events.append(Event(message=msg("rftg.event.bag_refilled")))
        if not state.bag:
            state.players[seat].work.owed = want - len(drawn)
            break
        drawn.append(state.bag.pop(state.rng.below(len(state.bag))))
    return drawn, events


def start_giveback(state: State, seat: int) -> list[Event]:
    """Bag and pile ran out during ``seat``'s draw, and its drawn tiles are placed: every player
    with 3 or more zone tiles puts one of their choice back (§5.5 "very rare", I-23)."""
    state.giveback = [s for s in state.timing if len(zone(state.players[s])) >= 3]
    state.giveback_for = seat
    if not state.giveback:
        return finish_giveback(state)
    return [Event(message=msg("rftg.event.giveback", seats=len(state.giveback)))]


def giveback_prompt(c: Content, state: State, seat: int) -> Prompt:
    p = state.players[seat]
    tiles = [option(action=GiveBack(position=i), label=_tile_label(c, t, world, "rftg.opt.giveback"),
                    description=side_description(c.side_of(t, world)))
             for i, (t, world) in enumerate(zone(p))]
    return question(seat=seat, title=msg("rftg.explore.giveback"),
                    options=paged(tiles, p.work.page, _more_tiles))


def give_back(state: State, seat: int, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    if not state.giveback or state.giveback[0] != seat:
        raise RuleError("You do not owe a tile to the bag.", key="rftg.err.no_giveback")
    if isinstance(action, MoreTiles):
        return turn_page(p, action)
    p.work.page = 0
    z = zone(p)
    if not isinstance(action, GiveBack) or not 0 <= action.position < len(z):
        raise RuleError("Put back a tile of your construction zone.", key="rftg.err.no_tile")
    tile, world = z[action.position]
    (p.world_stack if world else p.dev_stack).remove(tile)
    state.bag.append(tile)
    state.giveback.pop(0)
    events = [Event(message=msg("rftg.event.gave_back", seat=seat))]
    if not state.giveback:
        events += finish_giveback(state)
    return events


def finish_giveback(state: State) -> list[Event]:
    """The waiting player draws the rest, from what was given back."""
    seat = state.giveback_for
    assert seat is not None
    state.giveback_for = None
    p = state.players[seat]
    owed, p.work.owed = p.work.owed, 0
    drawn, events = draw_tiles(state, seat, owed)
    p.work.owed = 0
    p.work.drawn += drawn
    events.append(Event(message=msg("rftg.event.drew", tiles=len(drawn)), visible_to=frozenset({seat}),
                        reveals=True, data={"tiles": drawn}))
    return events


def _place(c: Content, state: State, seat: int, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    if not isinstance(action, PlaceTile) or action.tile not in p.work.drawn:
        raise RuleError("Place one of the tiles you drew.", key="rftg.err.place")
    if action.top and not _has(c, p, "scout_place_on_top"):
        raise RuleError("Only Improved Reconnaissance lets you place a tile on top.", key="rftg.err.top")
    p.work.drawn.remove(action.tile)
    stack = p.world_stack if action.as_world else p.dev_stack
    if action.top:
        stack.insert(0, action.tile)
    else:
        stack.append(action.tile)
    side = "@rftg.word.worlds" if action.as_world else "@rftg.word.developments"
    return [Event(message=msg("rftg.event.placed", seat=seat, stack=side))]


def _rearrange(state: State, seat: int, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    w = p.work
    if w.logistics is not None and w.logistics < 0:
        if not isinstance(action, Rearrange) or not 0 <= action.position < len(zone(p)):
            raise RuleError("Pick a tile of your construction zone.", key="rftg.err.no_tile")
        w.logistics = action.position
        return []
    if not isinstance(action, MoveTile) or w.logistics is None:
        raise RuleError("Say where the tile goes.", key="rftg.err.move")
    tile, world = zone(p)[w.logistics]
    (p.world_stack if world else p.dev_stack).remove(tile)
    stack = p.world_stack if action.as_world else p.dev_stack
    if action.top:
        stack.insert(0, tile)
    else:
        stack.append(tile)
    w.logistics = None
    return [Event(message=msg("rftg.event.rearranged", seat=seat))]


def most_drawn(p: Player) -> int:
    """As many tiles as ``p`` can draw in the rest of the phase, or more: the Scout under way and
    each explorer left Scout once, each returning at most the tiles held (the zone, those being
    returned and those drawn and not yet placed) and drawing one more, so that the player holds
    one more each time (§5.5; the rulebook's figure of three Scouts in a row, p. 5)."""
    held = len(zone(p)) + p.work.returning + len(p.work.drawn)
    left = len(explorers(p))
    return (left + 1) * (held + 1) + left * (left + 1) // 2


def bag_may_run_out(state: State, extra_draws: int) -> bool:
    """The bound of §5.5: could the bag empty if every Scout returned every tile?

    ``extra_draws`` counts the Alien Research Team tiles drawn at the end of the phase.
    """
    need = extra_draws
    for p in state.players:
        e = len(explorers(p))
        z = len(p.dev_stack) + len(p.world_stack)
        need += e * z + e * (e + 1) // 2
    return len(state.bag) < need
