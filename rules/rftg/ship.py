"""Phase V, Ship (§5.10): each shipper Trades or Consumes one good, one shipper at a time.

Trade pays by the world's colour ($3 blue, $4 brown, $5 green, $6 yellow) plus trade bonuses.
Consume earns 1 VP chip, +1 if the good's colour matches the world, +1 if the shipper's does;
purple matches every world for this (F33); plus consume bonuses. Shipper and good go to the
Citizenry (virtual shippers vanish). Leftover shippers return to the cup.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from rules.core import MAX_OPTIONS, Event, Message, Prompt, RuleError, msg
from rules.core.unchecked import option, question
from rules.rftg.actions import AnyAction, Bankers, ChooseWorld, ShipGood, Shipper
from rules.rftg.content import Colour, Content
from rules.rftg.dice import colour_word
from rules.rftg.state import Player, State
from rules.rftg.tableau import gain_credits, gain_vp, powers


def shippers(p: Player) -> list[tuple[Colour, bool]]:
    return [(col, False) for col in p.columns.get("ship", [])] + [(col, True) for col in p.work.virtual]


def goods(c: Content, p: Player) -> list[tuple[int, Colour]]:
    """Distinct (world index, good colour) pairs on the player's worlds."""
    return list(dict.fromkeys((i, g) for i, b in enumerate(p.tableau) for g in b.goods))


def matches(die: Colour, world: str | None) -> bool:
    """Consume colour match: purple matches every world; white and red match none (§5.10)."""
    return die == "purple" or die == world


def consume_vp(good: Colour, shipper: Colour, world: str | None) -> int:
    return 1 + int(matches(good, world)) + int(matches(shipper, world))


def trade_value(c: Content, p: Player, world: str | None) -> int:
    """Credits for a Trade from a world of colour ``world``, with Trade bonuses."""
    value = c.trade_values.get(world or "gray", 0)  # type: ignore[call-overload]
    for _, pw in powers(c, p, "trade_bonus"):
        if pw.world_colours is None or world in pw.world_colours:
            value += pw.credits
    return int(value)


def advance(c: Content, state: State, seat: int) -> list[Event]:
    p = state.players[seat]
    w = p.work
    if w.bankers:
        return []
    if not shippers(p) or not goods(c, p):
        p.cup += p.columns.get("ship", [])
        p.columns["ship"] = []
        w.virtual = []
        w.shipper = None
        w.done = True
        return []
    if w.shipper is None and len(set(shippers(p))) == 1:
        w.shipper, w.shipper_virtual = shippers(p)[0]
    return []


def prompt(c: Content, state: State, seat: int) -> Prompt | None:
    p = state.players[seat]
    w = p.work
    if w.done:
        return None
    if w.bankers:
        opts = (option(action=Bankers(buy=True), label=msg("rftg.opt.bankers_buy"),
                       description=msg("rftg.desc.bankers_buy", credits=p.credits - 1)),
                option(action=Bankers(buy=False), label=msg("rftg.opt.bankers_skip"),
                       description=msg("rftg.desc.bankers_skip", credits=p.credits)))
        return question(seat=seat, title=msg("rftg.ship.bankers"), options=opts)
    if w.shipper is None:
        opts2 = [option(action=Shipper(colour=col, virtual=v),
                        label=msg("rftg.opt.shipperv" if v else "rftg.opt.shipper", colour=colour_word(col)),
                        description=_shipper_words(col))
                 for col, v in dict.fromkeys(shippers(p))]
        return question(seat=seat, title=msg("rftg.ship.pick"), options=tuple(opts2))
    pairs = goods(c, p)
    if w.narrow is None and 2 * len(pairs) > MAX_OPTIONS:
        worlds = list(dict.fromkeys(i for i, _ in pairs))[:MAX_OPTIONS]
        opts2 = [option(action=ChooseWorld(world=i), label=msg("rftg.opt.world", world=p.tableau[i].name),
                        description=msg("rftg.desc.ship_world", n=len(p.tableau[i].goods)))
                 for i in worlds]
        return question(seat=seat, title=msg("rftg.ship.main", colour=colour_word(w.shipper)),
                        options=tuple(opts2))
    if w.narrow is not None:
        pairs = [(i, g) for i, g in pairs if i == w.narrow]
    opts2 = []
    colours = {i: c.by_name[p.tableau[i].name].colour for i, _ in pairs}
    trades = {colour: msg("rftg.desc.trade", amount=trade_value(c, p, colour), credits=p.credits)
              for colour in set(colours.values())}
    consumes = {(g, colour): _consume_words(c, p, g, w.shipper, colour)
                for g, colour in {(g, colours[i]) for i, g in pairs}}
    for consume in (False, True):
        for i, g in pairs:
            key = "rftg.opt.consume" if consume else "rftg.opt.trade"
            opts2.append(option(action=ShipGood(world=i, colour=g, consume=consume),
                                label=msg(key, colour=colour_word(g), world=p.tableau[i].name),
                                description=consumes[g, colours[i]] if consume else trades[colours[i]]))
    return question(seat=seat, title=msg("rftg.ship.main", colour=colour_word(w.shipper)),
                    options=tuple(opts2))


def _shipper_words(shipper: Colour) -> Message:
    """The Consume bonus a shipper of this colour brings (§5.10: +1 VP on a world it matches)."""
    if shipper == "purple":
        return msg("rftg.desc.shipper_any")
    if shipper in ("white", "red"):
        return msg("rftg.desc.shipper")
    return msg("rftg.desc.shipper_match", kind=f"@rftg.land.{shipper}")


def _consume_words(c: Content, p: Player, good: Colour, shipper: Colour, world: str | None) -> Message:
    vp, credits = consume_gains(c, p, good, shipper, world)
    return msg("rftg.desc.consume_credits" if credits else "rftg.desc.consume", vp=vp, amount=credits)


def act(c: Content, state: State, seat: int, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    w = p.work
    if w.bankers:
        if not isinstance(action, Bankers):
            raise RuleError("Say whether Galactic Bankers buys a VP chip.", key="rftg.err.bankers")
        w.bankers = False
        if action.buy:
            if p.credits < 1:
                raise RuleError("You have no credit to pay.", key="rftg.err.no_credits")
            p.credits -= 1
            gain_vp(state, p, 1)
            return [Event(message=msg("rftg.event.bankers", seat=seat))]
        return []
    if w.shipper is None:
        if not isinstance(action, Shipper) or (action.colour, action.virtual) not in shippers(p):
            raise RuleError("Choose one of your shippers.", key="rftg.err.no_worker")
        w.shipper, w.shipper_virtual = action.colour, action.virtual
        return []
    if isinstance(action, ChooseWorld) and w.narrow is None:
        if not any(i == action.world for i, _ in goods(c, p)):
            raise RuleError("There is no such good.", key="rftg.err.no_good")
        w.narrow = action.world
        return []
    if not isinstance(action, ShipGood) or (w.narrow is not None and action.world != w.narrow):
        raise RuleError("Choose a good to Trade or Consume.", key="rftg.err.ship")
    if not 0 <= action.world < len(p.tableau) or action.colour not in p.tableau[action.world].goods:
        raise RuleError("There is no such good.", key="rftg.err.no_good")
    return ship(c, state, seat, action.world, action.colour, action.consume)


def ship(c: Content, state: State, seat: int, world: int, good: Colour, consume: bool) -> list[Event]:
    """One shipper Trades or Consumes one good (per-action bonuses included, §8.2)."""
    p = state.players[seat]
    w = p.work
    assert w.shipper is not None
    shipper, virtual = w.shipper, w.shipper_virtual
    if virtual:
        w.virtual.remove(shipper)
    else:
        p.columns["ship"].remove(shipper)
        p.citizenry.append(shipper)
    p.tableau[world].goods.remove(good)
    p.citizenry.append(good)
    w.shipper, w.shipper_virtual, w.narrow = None, False, None
    colour = c.by_name[p.tableau[world].name].colour
    name = p.tableau[world].name
    if not consume:
        value = trade_value(c, p, colour)
        gain_credits(p, value)
        w.bankers = bool(powers(c, p, "trade_buy_vp")) and p.credits >= 1
        return [Event(message=msg("rftg.event.trade", seat=seat, world=name, amount=value))]
    vp, credits = consume_gains(c, p, good, shipper, colour)
    for _, pw in powers(c, p, "consume_bonus_credits"):
        if pw.world_colours is None or colour in pw.world_colours:
            gain_credits(p, pw.credits)
    gain_vp(state, p, vp)
    return [Event(message=msg("rftg.event.consume", seat=seat, world=name, vp=vp, amount=credits))]


def consume_gains(c: Content, p: Player, good: Colour, shipper: Colour, world: str | None) -> tuple[int, int]:
    """VP chips and credits one Consume earns, bonuses included (§5.10, §8.2)."""
    vp = consume_vp(good, shipper, world)
    credits = 0
    for _, pw in powers(c, p, "consume_bonus_vp"):
        if pw.world_colours is None or world in pw.world_colours:
            vp += pw.vp_chips
    for _, pw in powers(c, p, "consume_bonus_credits"):
        if pw.world_colours is None or world in pw.world_colours:
            credits += pw.credits
    return vp, credits


def vp_bound(c: Content, p: Player, virtual: int) -> int:
    """Most VP chips ``p`` could gain this Ship phase (spec I-19)."""
    n = min(len(p.columns.get("ship", [])) + virtual, sum(len(b.goods) for b in p.tableau))
    per = 3 + sum(pw.vp_chips for _, pw in powers(c, p, "consume_bonus_vp"))
    salon = sum(pw.vp_chips for _, pw in powers(c, p, "vp_chips_end_of_phase"))
    return n * per + salon
