"""Phase IV, Produce (§5.9): each producer becomes a good on a non-gray world with room.

Any die colour may be a good on any non-gray world; a world holds one good (two with Galactic
Reserves). Producers must be placed while a world has room; leftovers return to the cup.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from rules.core import MAX_OPTIONS, Event, Message, Prompt, RuleError, msg
from rules.core.unchecked import option, question
from rules.rftg.actions import AnyAction, PlaceWorker, Produce
from rules.rftg.content import Content
from rules.rftg.dice import colour_word
from rules.rftg.ship import trade_value
from rules.rftg.state import Player, State
from rules.rftg.tableau import good_capacity, sides


def open_worlds(c: Content, state: State, seat: int) -> list[int]:
    """Tableau indexes of non-gray worlds with room for a good."""
    p = state.players[seat]
    cap = good_capacity(c, p)
    return [i for i, s in sides(c, p)
            if s.kind == "world" and s.colour != "gray" and len(p.tableau[i].goods) < cap]


def advance(c: Content, state: State, seat: int) -> list[Event]:
    p = state.players[seat]
    producers = p.columns.get("produce", [])
    room = open_worlds(c, state, seat)
    if producers and room and len(set(producers)) == 1 and len(room) == 1:
        return _produce(state, seat, producers[0], room[0]) + advance(c, state, seat)
    if not producers or not room:
        p.cup += producers
        p.columns["produce"] = []
        p.work.done = True
    return []


def prompt(c: Content, state: State, seat: int) -> Prompt | None:
    p = state.players[seat]
    if p.work.done:
        return None
    colours = sorted(set(p.columns["produce"]))
    room = open_worlds(c, state, seat)
    if p.work.producer is None and len(colours) * len(room) > MAX_OPTIONS:
        opts = [option(action=PlaceWorker(colour=d), label=msg("rftg.opt.producer", colour=colour_word(d)),
                       description=msg("rftg.desc.producer", colour=f"@rftg.hue.{d}", worlds=len(room)))
                for d in colours]
        return question(seat=seat, title=msg("rftg.produce.pick"), options=tuple(opts))
    if p.work.producer is not None:
        colours = [p.work.producer]
    prices: dict[str | None, Message] = {}
    gives = {i: _good_words(c, p, i, prices) for i in room}
    opts = [option(action=Produce(colour=d, world=i),
                   label=msg("rftg.opt.produce", colour=colour_word(d), world=p.tableau[i].name),
                   description=gives[i])
            for d in colours for i in room][:MAX_OPTIONS]
    return question(seat=seat, title=msg("rftg.produce.main", producers=len(p.columns["produce"])),
                    options=tuple(opts))


def _good_words(c: Content, p: Player, world: int, prices: dict[str | None, Message]) -> Message:
    """What a good made on ``world`` is worth: its Trade price there (rulebook p. 7), worked out
    once for each world colour of the prompt (kept in ``prices``)."""
    colour = c.by_name[p.tableau[world].name].colour
    if colour not in prices:
        prices[colour] = msg("rftg.desc.produce", kind=f"@rftg.land.{colour}",
                             credits=trade_value(c, p, colour))
    return prices[colour]


def act(c: Content, state: State, seat: int, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    if isinstance(action, PlaceWorker) and p.work.producer is None:
        if action.colour not in p.columns["produce"]:
            raise RuleError("You have no such producer.", key="rftg.err.no_worker")
        p.work.producer = action.colour
        return []
    if not isinstance(action, Produce):
        raise RuleError("Choose a producer and a world.", key="rftg.err.produce")
    if action.colour not in p.columns["produce"] or (p.work.producer not in (None, action.colour)):
        raise RuleError("You have no such producer.", key="rftg.err.no_worker")
    if action.world not in open_worlds(c, state, seat):
        raise RuleError("That world cannot take a good.", key="rftg.err.no_room")
    p.work.producer = None
    return _produce(state, seat, action.colour, action.world)


def _produce(state: State, seat: int, colour: str, world: int) -> list[Event]:
    p = state.players[seat]
    p.columns["produce"].remove(colour)  # type: ignore[arg-type]
    p.tableau[world].goods.append(colour)  # type: ignore[arg-type]
    return [Event(message=msg("rftg.event.produced", seat=seat, colour=colour_word(colour),
                              world=p.tableau[world].name))]
