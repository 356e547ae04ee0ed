"""Manage Empire (§5.11; rulebook p. 8): Recruit (mandatory while credits last, then $0 → $1),
then Recall.

A recruit costs $1, always: recruiting stops when the Citizenry is empty or the credits run out,
so no die is ever recruited for free and credits never go below $0.

Recall moves any of the player's stack dice and goods into the cup, free (spec I-21).

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from rules.core import MAX_OPTIONS, Event, Option, Prompt, RuleError, msg
from rules.core.unchecked import option, question
from rules.rftg.actions import AnyAction, Done, Place, Recall, RecallAll, RecallFrom, Recruit, RecruitDice
from rules.rftg.build import place_word, take_die
from rules.rftg.content import Colour, Content
from rules.rftg.dice import colour_word, dice_words, grouped
from rules.rftg.state import Player, State


def recallable(p: Player) -> list[tuple[Place, int, Colour]]:
    out: list[tuple[Place, int, Colour]] = []
    out += [("dev_stack", 0, d) for d in p.dev_dice]
    out += [("world_stack", 0, d) for d in p.world_dice]
    for i, b in enumerate(p.tableau):
        out += [("good", i, d) for d in b.goods]
    return list(dict.fromkeys(out))


def recruit(p: Player, colours: list[Colour]) -> None:
    """Move ``colours`` from the Citizenry to the cup at $1 each (rulebook p. 8)."""
    assert len(colours) <= p.credits, "a recruit costs $1"
    for d in colours:
        p.citizenry.remove(d)
        p.cup.append(d)
        p.credits -= 1


def recruit_choices(p: Player) -> list[tuple[Colour, ...]]:
    """Every different set of Citizenry dice the credits pay for exactly (rulebook p. 8)."""
    n = max(0, min(p.credits, len(p.citizenry)))
    return sorted(set(combinations(sorted(p.citizenry), n)))


def advance(c: Content, state: State, seat: int) -> list[Event]:
    """Recruit automatically when there is no choice; then wait for Recall (or finish)."""
    p = state.players[seat]
    w = p.work
    events: list[Event] = []
    if not w.recruited:
        n = max(0, min(p.credits, len(p.citizenry)))
        if n == 0 or n == len(p.citizenry) or len(set(p.citizenry)) == 1:
            recruit(p, p.citizenry[:n])
            events += _recruited(p, seat, n)
        else:
            return events
    if not recallable(p):
        w.done = True
    return events


def _recruited(p: Player, seat: int, n: int) -> list[Event]:
    p.work.recruited = True
    if p.credits <= 0:
        p.credits = 1
    return [Event(message=msg("rftg.event.recruited", seat=seat, count=n))] if n else []


def prompt(c: Content, state: State, seat: int) -> Prompt | None:
    p = state.players[seat]
    w = p.work
    if w.done:
        return None
    if not w.recruited:
        choices = recruit_choices(p)
        if not w.one_by_one and len(choices) <= MAX_OPTIONS:
            n = len(choices[0])
            opts = [option(action=RecruitDice(colours=dice), label=msg("rftg.opt.recruit_dice",
                                                                        dice=dice_words(dice)),
                           description=msg("rftg.desc.recruit_dice", cost=n))
                    for dice in choices]
            return question(seat=seat, title=msg("rftg.manage.recruit_all", n=n, credits=p.credits),
                            options=tuple(opts), simultaneous=True)
        opts = [option(action=Recruit(colour=d), label=msg("rftg.opt.recruit", colour=colour_word(d)),
                       description=msg("rftg.desc.recruit_dice", cost=1))
                for d in sorted(set(p.citizenry))]
        return question(seat=seat, title=msg("rftg.manage.recruit", credits=p.credits), options=tuple(opts),
                        simultaneous=True)
    extras = _recall_extras(_held(p))
    opts = grouped(
        recallable(p), extras, w.remove_from,
        place_of=lambda k: (k[0], k[1]),
        option_for=lambda k: _recall(k[0], k[1], k[2], place_word(c, p, k[0], k[1]),
                                     len(_dice_at(p, k[0], k[1])) - 1),
        narrow_option=lambda pl: option(action=RecallFrom(place=pl[0], index=pl[1]),
                                        label=msg("rftg.opt.recall_from", place=place_word(c, p, *pl)),
                                        description=msg("rftg.desc.recall_from", n=len(_dice_at(p, *pl)))),
    )
    opts = opts[-2:] + opts[:-2]
    return question(seat=seat, title=msg("rftg.manage.recall"), options=tuple(opts), simultaneous=True)


def _dice_at(p: Player, place: Place, index: int) -> list[Colour]:
    """The dice a Recall may take from ``place``: a stack's dice, or a world's goods."""
    if place == "dev_stack":
        return p.dev_dice
    if place == "world_stack":
        return p.world_dice
    return p.tableau[index].goods


def _held(p: Player) -> int:
    """How many dice sit on the stacks and as goods: those Recall may bring back (rulebook p. 8)."""
    return len(p.dev_dice) + len(p.world_dice) + sum(len(b.goods) for b in p.tableau)


@cache
def _recall_extras(held: int) -> tuple[Option, ...]:
    """Done (``held`` dice stay) and Recall everything (they all go to the cup); made once for
    each number of dice held and shared (never changed)."""
    return (option(action=Done(), label=msg("rftg.opt.done"),
                   description=msg("rftg.desc.recall_done", n=held)),
            option(action=RecallAll(), label=msg("rftg.opt.recall_all"),
                   description=msg("rftg.desc.recall_all", n=held)))


@cache
def _recall(place: Place, index: int, colour: Colour, where: str, left: int) -> Option:
    """Recall a die of ``colour`` from ``where``: it goes to the cup, ``left`` dice stay there (a
    good's world may be left empty). Made once for each such choice and shared (never changed)."""
    if place == "good":
        words = msg("rftg.desc.recall_good", colour=f"@rftg.hue.{colour}", left=left)
    else:
        words = msg("rftg.desc.recall", colour=f"@rftg.hue.{colour}", place=where, left=left)
    return option(action=Recall(place=place, index=index, colour=colour),
                  label=msg("rftg.opt.recall", colour=colour_word(colour), place=where), description=words)


def act(c: Content, state: State, seat: int, action: AnyAction) -> list[Event]:
    p = state.players[seat]
    w = p.work
    if not w.recruited and isinstance(action, RecruitDice):
        if w.one_by_one or tuple(sorted(action.colours)) not in recruit_choices(p):
            raise RuleError("Recruit as many Citizenry dice as your credits pay for.",
                            key="rftg.err.recruit_dice")
        recruit(p, list(action.colours))
        return _recruited(p, seat, len(action.colours)) + advance(c, state, seat)
    if not w.recruited:
        if not isinstance(action, Recruit) or action.colour not in p.citizenry:
            raise RuleError("Recruit a die from your Citizenry.", key="rftg.err.recruit")
        if p.credits < 1:
            raise RuleError("A recruit costs $1.", key="rftg.err.recruit_cost")
        recruit(p, [action.colour])
        w.one_by_one = True
        if p.credits == 0 or not p.citizenry:
            return _recruited(p, seat, 0) + advance(c, state, seat)
        return []
    if isinstance(action, Done):
        w.done = True
        return []
    if isinstance(action, RecallFrom) and w.remove_from is None:
        if not any((pl, i) == (action.place, action.index) for pl, i, _ in recallable(p)):
            raise RuleError("You have no dice there.", key="rftg.err.no_die")
        w.remove_from = (action.place, action.index)
        return []
    if isinstance(action, RecallAll):
        for pl, i, d in recallable(p):
            while True:
                try:
                    take_die(p, pl, i, d)
                except RuleError:
                    break
                p.cup.append(d)
        w.done = True
        return [Event(message=msg("rftg.event.recalled_all", seat=seat))]
    if not isinstance(action, Recall) or action.place not in ("dev_stack", "world_stack", "good"):
        raise RuleError("Recall a die from a stack or a good, or finish.", key="rftg.err.recall")
    if w.remove_from is not None and w.remove_from != (action.place, action.index):
        raise RuleError("Recall a die of the place you picked.", key="rftg.err.recall")
    take_die(p, action.place, action.index, action.colour)
    w.remove_from = None
    p.cup.append(action.colour)
    if not recallable(p):
        w.done = True
    return [Event(message=msg("rftg.event.recalled", seat=seat, colour=colour_word(action.colour)))]
