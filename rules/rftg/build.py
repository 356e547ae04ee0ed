"""Phases II Develop and III Settle (§5.6–5.8): workers onto the top tile of one stack.

A top tile holding at least its effective cost in dice is completed first (spec I-14); then workers
are placed one at a time on the top tile; a completed tile moves to the tableau, its completers to
the Citizenry (or the cup: Galactic Federation, Galactic Exchange, New Galactic Order), then its
immediate effect, then completion credits (§5.6 order). Workers left when the stack is empty
return to the cup; workers on an incomplete tile stay there.

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from rules.core import MAX_OPTIONS, Event, Prompt, RuleError, msg
from rules.core.unchecked import option, question
from rules.rftg.actions import (
    AnyAction,
    Completer,
    Place,
    PlaceWorker,
    PlaceWorkers,
    RemoveDie,
    RemoveFrom,
    ToCup,
)
from rules.rftg.content import PHASES, Colour, Content, Phase, Side
from rules.rftg.dice import colour_word, dice_words, grouped, phase_word
from rules.rftg.state import Built, Player, State
from rules.rftg.tableau import effective_cost, gain_credits, powers, take_dice


def _stack(p: Player, phase: Phase) -> tuple[list[int], list[Colour], bool]:
    if phase == "develop":
        return p.dev_stack, p.dev_dice, False
    return p.world_stack, p.world_dice, True


def top_cost(c: Content, p: Player, phase: Phase) -> tuple[Side, int] | None:
    stack, _, world = _stack(p, phase)
    if not stack:
        return None
    side = c.side_of(stack[0], world)
    return side, effective_cost(c, p, side)


def advance(c: Content, state: State, seat: int, phase: Phase) -> list[Event]:
    """Do everything that needs no decision, until a decision is owed or the player is done."""
    p = state.players[seat]
    w = p.work
    events: list[Event] = []
    while not w.done:
        if w.to_cup_from or w.removing:
            return events
        _, dice, _ = _stack(p, phase)
        workers = p.columns.get(phase, [])
        top = top_cost(c, p, phase)
        if top is None:
            p.cup += workers
            p.columns[phase] = []
            w.done = True
            break
        cost = top[1]
        if len(dice) >= cost:
            need = cost - len(w.completers)
            rest = Counter(dice) - Counter(w.completers)
            if len(dice) == cost or len(rest) == 1:
                w.completers += list((rest if len(dice) == cost else Counter({next(iter(rest)): need}))
                                     .elements())[:need]
            if len(w.completers) < cost:
                return events
            events += _complete(c, state, seat, phase)
            continue
        if not workers:
            w.done = True
            break
        if len(set(workers)) > 1:
            return events
        _place(p, phase, workers[0])
    return events


def _place(p: Player, phase: Phase, colour: Colour) -> None:
    p.columns[phase].remove(colour)
    _stack(p, phase)[1].append(colour)


def _complete(c: Content, state: State, seat: int, phase: Phase) -> list[Event]:
    p = state.players[seat]
    w = p.work
    stack, dice, world = _stack(p, phase)
    tile = stack.pop(0)
    side = c.side_of(tile, world)
    for colour in w.completers:
        dice.remove(colour)
    completers, w.completers = list(w.completers), []
    p.tableau.append(Built(name=side.name))
    events = [Event(message=msg("rftg.event.completed", seat=seat, tile=side.name))]
    to_cup: list[Colour] = []
    choice_from: list[Colour] = []
    for name, pw in powers(c, p, "completers_to_cup"):
        if pw.phase != phase or (pw.excluding_self and name == side.name):
            continue
        if pw.count == "all":
            reds = [d for d in completers if pw.die_colours is None or d in pw.die_colours]
            to_cup += reds
            for d in reds:
                completers.remove(d)
        else:
            choice_from = completers
    w.removing = side.name
    p.cup += to_cup
    if choice_from:
        if len(choice_from) == 1:
            p.cup += choice_from
        else:
            w.to_cup_from = choice_from
            return events
    else:
        p.citizenry += completers
    return events + _effect(c, state, seat, phase)


def _effect(c: Content, state: State, seat: int, phase: Phase) -> list[Event]:
    """The completed tile's immediate effect and the completion credits; may wait for a removal."""
    p = state.players[seat]
    w = p.work
    assert w.removing is not None
    side = c.by_name[w.removing]
    if side.grants.remove_die and _removable(p) and not w.effect_removed:
        return []
    return _gains(c, state, seat, phase, side)


def _gains(c: Content, state: State, seat: int, phase: Phase, side: Side) -> list[Event]:
    p = state.players[seat]
    w = p.work
    w.removing, w.effect_removed = None, False
    g = side.grants
    gain_credits(p, g.credits)
    index = len(p.tableau) - 1
    for gain in g.dice:
        got = take_dice(state, gain.colour, gain.count)
        dest = {"cup": p.cup, "citizenry": p.citizenry, "good": p.tableau[index].goods}[gain.to]
        dest += [gain.colour] * got
    earned = 0
    for name, pw in powers(c, p, "credits_per_completion"):
        if side.kind not in pw.applies_to or (pw.excluding_self and name == side.name):
            continue
        earned += pw.credits + (pw.extra_credits if side.colour == pw.extra_if_world_colour
                                and pw.extra_if_world_colour else 0)
        gain_credits(p, pw.credits)
        if pw.extra_if_world_colour and side.colour == pw.extra_if_world_colour:
            gain_credits(p, pw.extra_credits)
    if g.credits or earned:
        total = g.credits + earned
        return [Event(message=msg("rftg.event.credits", seat=seat, amount=total, tile=side.name))]
    return []


# ---- removal of a die (immediate effects, §5.8) ------------------------------------------


def removable(p: Player) -> list[tuple[Place, int, Colour]]:
    """Every die the player owns, as (place, index, colour) groups in a stable order."""
    out: list[tuple[Place, int, Colour]] = []
    out += [("cup", 0, d) for d in p.cup]
    out += [("citizenry", 0, d) for d in p.citizenry]
    out += [("dev_stack", 0, d) for d in p.dev_dice]
    out += [("world_stack", 0, d) for d in p.world_dice]
    for i, ph in enumerate(PHASES):
        out += [("column", i, d) for d in p.columns.get(ph, [])]
    for i, b in enumerate(p.tableau):
        out += [("good", i, d) for d in b.goods]
    return list(dict.fromkeys(out))


def _removable(p: Player) -> bool:
    return bool(removable(p))


def _die_list(p: Player, place: str, index: int) -> list[Colour]:
    if place == "cup":
        return p.cup
    if place == "citizenry":
        return p.citizenry
    if place == "dev_stack":
        return p.dev_dice
    if place == "world_stack":
        return p.world_dice
    if place == "column" and 0 <= index < len(PHASES):
        return p.columns.setdefault(PHASES[index], [])
    if place == "good" and 0 <= index < len(p.tableau):
        return p.tableau[index].goods
    raise RuleError("You have no dice there.", key="rftg.err.no_die")


def take_die(p: Player, place: str, index: int, colour: Colour) -> None:
    """Take one die of ``colour`` from a place of the player's; :raises RuleError: if none."""
    dice = _die_list(p, place, index)
    if colour not in dice:
        raise RuleError("You have no such die there.", key="rftg.err.no_die")
    dice.remove(colour)


def place_word(c: Content, p: Player, place: str, index: int) -> str:
    if place == "column":
        return phase_word(PHASES[index])
    if place == "good":
        return p.tableau[index].name
    return f"@rftg.place.{place}"


# ---- prompts and actions ----------------------------------------------------------------------


def prompt(c: Content, state: State, seat: int, phase: Phase) -> Prompt | None:
    p = state.players[seat]
    w = p.work
    if w.done:
        return None
    if w.to_cup_from:
        opts = []
        counts = Counter(w.to_cup_from)
        for a in sorted(counts):
            opts.append(option(action=ToCup(first=a), label=msg("rftg.opt.to_cup1", colour=colour_word(a)),
                               description=msg("rftg.desc.to_cup", n=1, rest=len(w.to_cup_from) - 1)))
        for a in sorted(counts):
            for b in sorted(counts):
                if a < b or (a == b and counts[a] >= 2):
                    opts.append(option(action=ToCup(first=a, second=b),
                                       label=msg("rftg.opt.to_cup2", colour=colour_word(a),
                                                 other=colour_word(b)),
                                       description=msg("rftg.desc.to_cup", n=2, rest=len(w.to_cup_from) - 2)))
        return question(seat=seat, title=msg("rftg.build.to_cup"), options=tuple(opts[:MAX_OPTIONS]))
    if w.removing:
        opts = grouped(
            removable(p), [], w.remove_from,
            place_of=lambda k: (k[0], k[1]),
            option_for=lambda k: option(action=RemoveDie(place=k[0], index=k[1], colour=k[2]),
                                        label=msg("rftg.opt.remove", colour=colour_word(k[2]),
                                                  place=place_word(c, p, k[0], k[1])),
                                        description=msg("rftg.desc.remove", colour=f"@rftg.hue.{k[2]}",
                                                        tile=w.removing)),
            narrow_option=lambda pl: option(action=RemoveFrom(place=pl[0], index=pl[1]),
                                            label=msg("rftg.opt.remove_from", place=place_word(c, p, *pl)),
                                            description=msg("rftg.desc.remove_from", tile=w.removing)),
        )
        return question(seat=seat, title=msg("rftg.build.remove", tile=w.removing), options=tuple(opts))
    _, dice, _ = _stack(p, phase)
    top = top_cost(c, p, phase)
    assert top is not None
    if len(dice) >= top[1]:
        rest = Counter(dice) - Counter(w.completers)
        left = len(dice) - top[1]
        opts = [option(action=Completer(colour=d), label=msg("rftg.opt.completer", colour=colour_word(d)),
                       description=msg("rftg.desc.completer", tile=top[0].name, left=left))
                for d in sorted(rest)]
        return question(seat=seat, title=msg("rftg.build.completers", tile=top[0].name), options=tuple(opts))
    title = msg(f"rftg.build.{phase}", tile=top[0].name, need=top[1] - len(dice))
    sets = worker_sets(c, p, phase)
    if len(sets) <= MAX_OPTIONS:
        completes = len(sets[0]) + len(dice) >= top[1]
        opts = [option(action=PlaceWorkers(colours=s), label=msg("rftg.opt.workers", dice=dice_words(s)),
                       description=msg("rftg.desc.completes" if completes else "rftg.desc.stays",
                                       tile=top[0].name, need=top[1] - len(dice) - len(s)))
                for s in sets]
        return question(seat=seat, title=title, options=tuple(opts))
    need = top[1] - len(dice) - 1
    opts = [option(action=PlaceWorker(colour=d), label=msg("rftg.opt.worker", colour=colour_word(d)),
                   description=msg("rftg.desc.completes" if need <= 0 else "rftg.desc.stays",
                                   tile=top[0].name, need=need))
            for d in sorted(set(p.columns.get(phase, [])))]
    return question(seat=seat, title=title, options=tuple(opts))


def worker_sets(c: Content, p: Player, phase: Phase) -> list[tuple[Colour, ...]]:
    """Every different set of workers that can go on the top tile now: as many as it still needs,
    or all the workers when they are fewer (placing them one by one reaches the same sets)."""
    _, dice, _ = _stack(p, phase)
    top = top_cost(c, p, phase)
    assert top is not None
    workers = p.columns.get(phase, [])
    n = min(max(top[1] - len(dice), 0), len(workers))
    return sorted(set(combinations(sorted(workers), n)))


def act(c: Content, state: State, seat: int, phase: Phase, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    w = p.work
    if w.to_cup_from:
        if not isinstance(action, ToCup):
            raise RuleError("Choose the dice that go to your cup.", key="rftg.err.to_cup")
        chosen = [action.first] + ([action.second] if action.second else [])
        if Counter(chosen) - Counter(w.to_cup_from):
            raise RuleError("Those dice did not complete the tile.", key="rftg.err.to_cup")
        rest = list((Counter(w.to_cup_from) - Counter(chosen)).elements())
        p.cup += chosen
        p.citizenry += rest
        w.to_cup_from = []
        return _effect(c, state, seat, phase)
    if w.removing:
        if isinstance(action, RemoveFrom) and w.remove_from is None:
            if not any((pl, i) == (action.place, action.index) for pl, i, _ in removable(p)):
                raise RuleError("You have no dice there.", key="rftg.err.no_die")
            w.remove_from = (action.place, action.index)
            return []
        if not isinstance(action, RemoveDie):
            raise RuleError("Choose the die to remove.", key="rftg.err.remove")
        if w.remove_from is not None and w.remove_from != (action.place, action.index):
            raise RuleError("Choose a die of the place you picked.", key="rftg.err.no_die")
        take_die(p, action.place, action.index, action.colour)
        w.remove_from = None
        state.supply[action.colour] += 1
        w.effect_removed = True
        events = [Event(message=msg("rftg.event.removed", seat=seat, colour=colour_word(action.colour)))]
        return events + _effect(c, state, seat, phase)
    _, dice, _ = _stack(p, phase)
    top = top_cost(c, p, phase)
    if top is None:
        raise RuleError("Your stack is empty.", key="rftg.err.empty_stack")
    if len(dice) >= top[1]:
        if not isinstance(action, Completer) or action.colour not in (Counter(dice) - Counter(w.completers)):
            raise RuleError("Choose a die on the tile.", key="rftg.err.completer")
        w.completers.append(action.colour)
        return []
    if isinstance(action, PlaceWorkers):
        if tuple(sorted(action.colours)) not in worker_sets(c, p, phase):
            raise RuleError("Place as many of your workers as the top tile still needs.",
                            key="rftg.err.workers")
        for colour in action.colours:
            _place(p, phase, colour)
        return []
    if not isinstance(action, PlaceWorker) or action.colour not in p.columns.get(phase, []):
        raise RuleError("Place one of your workers.", key="rftg.err.worker")
    _place(p, phase, action.colour)
    return []
