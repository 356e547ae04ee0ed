"""Roll and Assign (§5.1, §5.2): the secret, simultaneous placing of each player's dice.

Order inside one player's Assign (rulebook p. 3): every wild die gets a column (the last one may
select a phase itself, which confirms); then the phase
selection, the phase and its die in one choice that also confirms the assignment; a player who
wants to Dictate or use Reassign powers says so first, selects without confirming, then Dictates
(the die for the Dictate area chosen with it) and Reassigns, each move one choice of die and
column (each power once per round), may undo (last step first) or start over, and
confirms (spec I-33). When phases and dice do not fit one menu, the phase comes first and the die
next. The selection die is locked once
placed (I-4). Reassigned dice always go into a column, never onto a slot or into the Dictate area
(F27), and must change column (I-28).

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from functools import cache

from rules.core import MAX_OPTIONS, Event, Message, Option, Prompt, RuleError, msg
from rules.core.unchecked import option, question
from rules.rftg.actions import (
    AnyAction,
    Choose,
    ChoosePhase,
    Confirm,
    Dictate,
    DictateWith,
    Finish,
    MoveDie,
    Narrow,
    PickDie,
    ReassignFirst,
    Reset,
    Select,
    SelectWithWild,
    ToColumn,
    Undo,
    UsePower,
)
from rules.rftg.content import PHASES, Colour, Content, Phase, Power
from rules.rftg.dice import colour_word, grouped, phase_word
from rules.rftg.state import AssignCore, AssignDie, AssignState, Player, State
from rules.rftg.tableau import count_blue_worlds, sides

DICTATE = "Dictate"
DICTATE_POWER = Power(kind="reassign", max_dice=1, to="any")


def power_word(power: str) -> str:
    """A Reassign power as a prompt names it: a tile by its printed name, a Dictate in the reader's
    language (the Greek rulebook's «Διαταγή», p. 3)."""
    return "@rftg.opt.dictate" if power == DICTATE else power


def roll(state: State, c: Content, p: Player) -> None:
    """Roll every die in the cup; each non-wild die goes to the column of its face (§5.1–5.2)."""
    a = AssignState()
    for colour in sorted(p.cup):
        face = state.rng.choice(c.dice[colour].faces)
        a.dice.append(AssignDie(colour=colour, face=face, column=None if face == "wild" else face))
    p.cup = []
    a.confirmed = not a.dice
    p.assign = a


# ---- what the player may do now ---------------------------------------------------------------


def reassign_powers(c: Content, state: State, seat: int) -> list[tuple[int, str, Power]]:
    """The owner's Reassign powers (tableau index, name, power) with their per-round limit > 0."""
    p = state.players[seat]
    out = []
    for i, s in sides(c, p):
        if s.power is not None and s.power.kind == "reassign" and limit(c, state, seat, s.power) > 0:
            out.append((i, s.name, s.power))
    return out


def limit(c: Content, state: State, seat: int, pw: Power) -> int:
    """How many dice one use of ``pw`` may move; Mad Scientists compares Novelty worlds (I-6)."""
    if pw.condition != "most_novelty_worlds":
        return pw.max_dice
    mine = count_blue_worlds(c, state.players[seat])
    best_other = max(
        (count_blue_worlds(c, q) for s, q in enumerate(state.players) if s != seat), default=0
    )
    if mine > best_other:
        return pw.max_dice
    return pw.max_dice_if_tied if mine == best_other else pw.max_dice_if_fewer


def _power(c: Content, state: State, seat: int, name: str) -> tuple[Power, int]:
    p = state.players[seat]
    if name == DICTATE:
        reassigns = max([1] + [s.power.dictate_reassigns_up_to for _, s in sides(c, p)
                               if s.power is not None and s.power.kind == "dictate_modifier"])
        return DICTATE_POWER, reassigns
    side = c.by_name[name]
    assert side.power is not None
    return side.power, limit(c, state, seat, side.power)


def targets(a: AssignCore, die: AssignDie, pw: Power) -> list[Phase]:
    """The columns ``pw`` may move ``die`` to (never the one it is in)."""
    if pw.to == "selected_phase":
        wanted: list[Phase] = [a.selected] if a.selected else []
    elif isinstance(pw.to, list):
        wanted = list(pw.to)
    else:
        wanted = list(PHASES)
    return [ph for ph in wanted if ph != die.column]


def _colour_ok(pw: Power, colour: str) -> bool:
    if pw.die_colours is None:
        return True
    if pw.die_colours == "non_white":
        return colour != "white"
    return colour in pw.die_colours


def movable(a: AssignCore, pw: Power) -> list[int]:
    """Dice the power in use may move next (spec I-28: conditions checked at the die's place now)."""
    out = []
    for i, d in enumerate(a.dice):
        if d.where != "column" or i in a.moved or not _colour_ok(pw, d.colour):
            continue
        if pw.from_phases is not None and d.column not in pw.from_phases:
            continue
        if pw.same_source_column and a.source is not None and d.column != a.source:
            continue
        if not targets(a, d, pw):
            continue
        out.append(i)
    if pw.exact and pw.same_source_column and not a.moved:
        counts = {d: sum(1 for j in out if a.dice[j].column == d) for d in PHASES}
        out = [i for i in out if counts[a.dice[i].column or "explore"] >= pw.max_dice]
    return out


def can_dictate(c: Content, state: State, seat: int) -> bool:
    """Dictate once per round, or again with Backup Planning; needs a die to put down and one to move."""
    p = state.players[seat]
    a = p.assign
    assert a is not None
    backup = any(s.power is not None and s.power.kind == "dictate_modifier"
                 and s.power.dictate_reassigns_up_to == 0 for _, s in sides(c, p))
    if DICTATE in a.used and not backup:
        return False
    return sum(1 for d in a.dice if d.where == "column") >= 2


def usable(c: Content, state: State, seat: int) -> list[tuple[int, str]]:
    a = state.players[seat].assign
    assert a is not None
    out = []
    for i, name, pw in reassign_powers(c, state, seat):
        if name in a.used or a.selected is None:
            continue
        if movable(a, pw):
            out.append((i, name))
    return out


# ---- prompts ---------------------------------------------------------------------------------


def prompt(c: Content, state: State, seat: int) -> Prompt | None:
    a = state.players[seat].assign
    if a is None or a.confirmed:
        return None
    undo = [_undo()] if a.history else []
    reset = [_reset()] if len(a.history) > 1 else []
    wild = next((d for d in a.dice if d.column is None), None)
    if wild is not None:
        opts = [_to_column(ph) for ph in PHASES]
        if sum(1 for d in a.dice if d.column is None) == 1:
            opts += [_select_with_wild(ph) for ph in PHASES]
        return _prompt(seat, msg("rftg.assign.wild", colour=colour_word(wild.colour)), opts + undo)
    if a.choosing_phase is not None:
        idx = [i for i, d in enumerate(a.dice) if d.where == "column"]
        key = "rftg.assign.select_die_confirm" if a.then_confirm else "rftg.assign.select_die"
        purpose = "select_confirm" if a.then_confirm else "select"
        return _pick(seat, a, idx, msg(key, phase=phase_word(a.choosing_phase)), undo,
                     purpose, phase_word(a.choosing_phase))
    if a.selected is None:
        return _selection_prompt(c, state, seat, undo)
    if a.dictating:
        idx = [i for i, d in enumerate(a.dice) if d.where == "column"]
        return _pick(seat, a, idx, msg("rftg.assign.dictate_die"), undo, "dictate", "")
    if a.power is not None:
        pw, most = _power(c, state, seat, a.power)
        if a.picked is not None:
            die = a.dice[a.picked]
            opts = [_to_column(ph) for ph in targets(a, die, pw)]
            return _prompt(seat, msg("rftg.assign.target", colour=colour_word(die.colour),
                                     power=power_word(a.power)), opts + undo)
        extras = list(undo)
        if a.moved and not (pw.exact and len(a.moved) < most):
            extras.insert(0, _finish(a.power, len(a.moved)))
        moves = [_move_die(colour, column, to) for colour, column, to in _moves(a, pw)]
        if a.narrow is None and len(moves) + len(extras) <= MAX_OPTIONS:
            return _prompt(seat, msg("rftg.assign.move_die", power=power_word(a.power)), moves + extras)
        return _pick(seat, a, movable(a, pw), msg("rftg.assign.move_die", power=power_word(a.power)), extras,
                     "move", a.power)
    opts = [_confirm(a.selected)]
    powers_now = [_use_power(i, name, _power(c, state, seat, name)[1]) for i, name in usable(c, state, seat)]
    if can_dictate(c, state, seat):
        keys = list(dict.fromkeys((d.colour, d.column or "explore") for d in a.dice if d.where == "column"))
        dictates = [_dictate_with(colour, column) for colour, column in keys]
        if len(opts) + len(dictates) + len(powers_now) + len(undo) + len(reset) > MAX_OPTIONS:
            dictates = [_dictate()]
        opts += dictates
    opts += powers_now
    return _prompt(seat, msg("rftg.assign.main", phase=phase_word(a.selected)), opts[:23] + undo + reset)


def may_reassign(c: Content, state: State, seat: int) -> bool:
    """Whether Dictate or a Reassign power could follow the selection (so it is worth offering)."""
    return can_dictate(c, state, seat) or bool(reassign_powers(c, state, seat))


def _selection_prompt(c: Content, state: State, seat: int, undo: list[Option]) -> Prompt:
    """Phase and die in one menu (each option confirms, unless Reassign first was chosen). When
    they do not fit: each phase with each column, a column of several colours asking the colour
    next; then each phase with the dice of its own column, or "with a die from another column…"
    (the die next); when even that does not fit, the phase first."""
    a = state.players[seat].assign
    assert a is not None
    keys = list(dict.fromkeys((d.colour, d.column or "explore") for d in a.dice if d.where == "column"))
    first = [_reassign_first()] if not a.reassign_first and may_reassign(c, state, seat) else []
    confirms = not a.reassign_first
    after = _after(confirms)

    def choose(ph: Phase, colour: Colour, column: Phase) -> Option:
        return _choose(ph, colour, column, confirms)

    title = msg("rftg.assign.choose" if confirms else "rftg.assign.choose_then_reassign",
                dice=len(a.dice))
    room = MAX_OPTIONS - len(first) - len(undo)  # each menu is counted before it is built
    if len(PHASES) * len(keys) <= room:
        return _prompt(seat, title, first + [choose(ph, colour, column) for ph in PHASES
                                             for colour, column in keys] + undo)
    by_column = {q: [colour for colour, column in keys if column == q] for q in PHASES}
    if sum(len(colours) if q == ph or len(colours) == 1 else 1
           for ph in PHASES for q, colours in by_column.items() if colours) > room:
        own = [choose(ph, colour, column) for ph in PHASES for colour, column in keys if column == ph]
        return _selection_in_steps(seat, title, first, own, after, undo)
    grouped_combos = []
    for ph in PHASES:
        for q, colours in by_column.items():
            if q == ph or len(colours) == 1:
                grouped_combos += [choose(ph, colour, q) for colour in colours]
            elif colours:
                grouped_combos.append(_choose_phase(ph, q, confirms))
    return _prompt(seat, title, first + grouped_combos + undo)


def _selection_in_steps(seat: int, title: Message, first: list[Option], own: list[Option],
                        after: Message, undo: list[Option]) -> Prompt:
    """Each phase with the dice of its own column and "with a die from another column…"; when
    even that does not fit, the phase first."""
    others = [option(action=ChoosePhase(phase=ph), label=msg("rftg.opt.select_other", phase=phase_word(ph)),
                     description=after) for ph in PHASES]
    if len(own) + len(others) + len(first) + len(undo) <= MAX_OPTIONS:
        return _prompt(seat, title, first + own + others + undo)
    phases = [option(action=ChoosePhase(phase=ph), label=msg("rftg.opt.select", phase=phase_word(ph)),
                     description=after) for ph in PHASES]
    return _prompt(seat, msg("rftg.assign.select"), first + phases + undo)


def _moves(a: AssignCore, pw: Power) -> list[tuple[Colour, Phase, Phase]]:
    """Each die the power in use may move next, with each column it may go to."""
    out: list[tuple[Colour, Phase, Phase]] = []
    for i in movable(a, pw):
        d = a.dice[i]
        out += [(d.colour, d.column or "explore", to) for to in targets(a, d, pw)]
    return list(dict.fromkeys(out))


def _prompt(seat: int, title: Message, options: list[Option]) -> Prompt:
    return question(seat=seat, title=title, options=tuple(options), secret=True, simultaneous=True)


def _pick(seat: int, a: AssignCore, idx: list[int], title: Message, extras: list[Option],
          purpose: str, what: str) -> Prompt:
    """Pick a die for ``purpose`` (a ``rftg.desc.pick.*`` key: what the die picked does, with
    ``what``, the phase it selects or the power that moves it)."""
    keys = [(a.dice[i].colour, a.dice[i].column or "explore") for i in idx]
    opts = grouped(
        keys, extras, a.narrow,
        place_of=lambda k: k[1],
        option_for=lambda k: _pick_die(k[0], k[1], purpose, what),
        narrow_option=_narrow,
    )
    return _prompt(seat, title, opts)


# The options of Assign depend on their words and action alone, so each is made once and shared
# by every prompt that offers it (options and messages are never changed once made).


@cache
def _undo() -> Option:
    return option(action=Undo(), label=msg("rftg.opt.undo"), navigation=True)


@cache
def _reset() -> Option:
    return option(action=Reset(), label=msg("rftg.opt.reset"), navigation=True)


@cache
def _confirm(selected: Phase) -> Option:
    return option(action=Confirm(), label=msg("rftg.opt.confirm"),
                  description=msg("rftg.desc.confirm", phase=phase_word(selected)))


@cache
def _finish(power: str, moved: int) -> Option:
    return option(action=Finish(), label=msg("rftg.opt.finish"),
                  description=msg("rftg.desc.finish", power=power_word(power), moved=moved))


@cache
def _dictate() -> Option:
    return option(action=Dictate(), label=msg("rftg.opt.dictate"), description=msg("rftg.desc.dictate"))


@cache
def _reassign_first() -> Option:
    return option(action=ReassignFirst(), label=msg("rftg.opt.reassign_first"),
                  description=msg("rftg.desc.reassign_first"))


@cache
def _after(confirms: bool) -> Message:
    """What choosing the phase and die does next: confirm, or go on to Dictate and Reassign."""
    return msg("rftg.desc.confirms" if confirms else "rftg.desc.then_reassign")


@cache
def _to_column(phase: Phase) -> Option:
    """A die put in ``phase``'s column: what it does there if the phase happens."""
    return option(action=ToColumn(phase=phase), label=msg("rftg.opt.column", phase=phase_word(phase)),
                  description=_worker(phase))


@cache
def _worker(phase: Phase) -> Message:
    """What a die in ``phase``'s column does in that phase (rulebook pp. 5–7)."""
    return msg(f"rftg.desc.column.{phase}")


@cache
def _select_with_wild(phase: Phase) -> Option:
    return option(action=SelectWithWild(phase=phase),
                  label=msg("rftg.opt.select_wild", phase=phase_word(phase)), description=_after(True))


@cache
def _choose(phase: Phase, colour: Colour, column: Phase, confirms: bool) -> Option:
    return option(action=Choose(phase=phase, colour=colour, column=column),
                  label=msg("rftg.opt.choose", phase=phase_word(phase), colour=f"@rftg.hue.{colour}",
                            column=f"@rftg.column.{column}"),
                  description=_after(confirms))


@cache
def _choose_phase(phase: Phase, column: Phase, confirms: bool) -> Option:
    return option(action=ChoosePhase(phase=phase, column=column),
                  label=msg("rftg.opt.select_from", phase=phase_word(phase), column=f"@rftg.column.{column}"),
                  description=_after(confirms))


@cache
def _move_die(colour: Colour, column: Phase, to: Phase) -> Option:
    return option(action=MoveDie(colour=colour, column=column, to=to),
                  label=msg("rftg.opt.move_die", colour=f"@rftg.hue.{colour}",
                            column=f"@rftg.column.{column}", to=phase_word(to)),
                  description=msg("rftg.desc.move_die", column=f"@rftg.column.{column}", does=_worker(to)))


@cache
def _dictate_with(colour: Colour, column: Phase) -> Option:
    return option(action=DictateWith(colour=colour, column=column),
                  label=msg("rftg.opt.dictate_with", colour=f"@rftg.hue.{colour}",
                            column=f"@rftg.column.{column}"),
                  description=msg("rftg.desc.dictate"))


@cache
def _use_power(tile: int, name: str, most: int) -> Option:
    return option(action=UsePower(tile=tile), label=msg("rftg.opt.power", power=name),
                  description=msg("rftg.desc.power", n=most))


@cache
def _pick_die(colour: Colour, column: Phase, purpose: str, what: str) -> Option:
    return option(action=PickDie(colour=colour, column=column),
                  label=msg("rftg.opt.die", colour=colour_word(colour), phase=f"@rftg.column.{column}"),
                  description=msg(f"rftg.desc.pick.{purpose}", column=f"@rftg.column.{column}", what=what))


@cache
def _narrow(column: Phase) -> Option:
    return option(action=Narrow(column=column), label=msg("rftg.opt.narrow", phase=f"@rftg.column.{column}"),
                  description=msg("rftg.desc.narrow", column=f"@rftg.column.{column}"))


# ---- actions ---------------------------------------------------------------------------------


def act(c: Content, state: State, seat: int, action: AnyAction) -> list[Event]:
    """Carry out one Assign step for ``seat``.

    :raises RuleError: when the step is not open to the player now.
    """
    p = state.players[seat]
    a = p.assign
    if a is None or a.confirmed:
        raise RuleError("Your assignment is already confirmed.", key="rftg.err.confirmed")
    if isinstance(action, Undo):
        if not a.history:
            raise RuleError("There is nothing to undo.", key="rftg.err.nothing_to_undo")
        _restore(a, a.history.pop())
        return []
    if isinstance(action, Reset):
        if not a.history:
            raise RuleError("There is nothing to undo.", key="rftg.err.nothing_to_undo")
        _restore(a, a.history[0])
        a.history = []
        return []
    snapshot = AssignCore.model_validate(a.model_dump(exclude={"history", "confirmed"}))
    events = _step(c, state, seat, a, action)
    if isinstance(action, Confirm):
        return events
    a.history.append(snapshot)
    return events


def _restore(a: AssignState, core: AssignCore) -> None:
    """Back to the kept version ``core``, copied: kept versions are shared by the states a move
    was copied from (:meth:`rules.rftg.state.State.__deepcopy__`) and never change."""
    kept = core.model_copy(deep=True)
    for name in AssignCore.model_fields:
        setattr(a, name, getattr(kept, name))


def _step(c: Content, state: State, seat: int, a: AssignState, action: AnyAction) -> list[Event]:
    wild = next((i for i, d in enumerate(a.dice) if d.column is None), None)
    if wild is not None:
        last = sum(1 for d in a.dice if d.column is None) == 1
        if isinstance(action, SelectWithWild) and last:
            return _select(state, seat, a, wild, action.phase, True)
        if not isinstance(action, ToColumn):
            raise RuleError("Place your wild dice first.", key="rftg.err.place_wild")
        a.dice[wild].column = action.phase
        return []
    if a.choosing_phase is not None:
        i = _resolve_pick(a, action, [j for j, d in enumerate(a.dice) if d.where == "column"])
        if i is None:
            return []
        phase, confirm = a.choosing_phase, a.then_confirm
        a.choosing_phase, a.then_confirm = None, False
        return _select(state, seat, a, i, phase, confirm)
    if a.selected is None:
        return _selection_step(c, state, seat, a, action)
    if a.dictating:
        i = _resolve_pick(a, action, [j for j, d in enumerate(a.dice) if d.where == "column"])
        if i is None:
            return []
        a.dice[i].where = "dictate"
        a.dictating = False
        a.power, a.moved, a.source = DICTATE, [], None
        a.used.append(DICTATE)
        return []
    if a.power is not None:
        return _power_step(c, state, seat, a, action)
    return _main_step(c, state, seat, a, action)


def _selection_step(c: Content, state: State, seat: int, a: AssignState,
                    action: AnyAction) -> list[Event]:
    if isinstance(action, ReassignFirst):
        if a.reassign_first or not may_reassign(c, state, seat):
            raise RuleError("You have nothing to Dictate or Reassign with.", key="rftg.err.no_reassign")
        a.reassign_first = True
        return []
    if isinstance(action, Choose):
        i = next((j for j, d in enumerate(a.dice)
                  if d.where == "column" and (d.colour, d.column) == (action.colour, action.column)), None)
        if i is None:
            raise RuleError("You have no such die to use here.", key="rftg.err.no_die")
        return _select(state, seat, a, i, action.phase, not a.reassign_first)
    if isinstance(action, ChoosePhase):
        if action.column is not None and not any(d.where == "column" and d.column == action.column
                                                 for d in a.dice):
            raise RuleError("None of those dice can be used here.", key="rftg.err.no_die")
        a.choosing_phase, a.then_confirm = action.phase, not a.reassign_first
        a.narrow = action.column
        return []
    if isinstance(action, Select):  # the two-step selection of earlier versions, kept for their logs
        a.choosing_phase = action.phase
        return []
    raise RuleError("Select a phase first.", key="rftg.err.select_first")


def _select(state: State, seat: int, a: AssignState, i: int, phase: Phase, confirm: bool) -> list[Event]:
    """The die at ``i`` selects ``phase`` (and the assignment is confirmed when ``confirm``)."""
    a.dice[i].where = "select"
    a.dice[i].column = phase
    a.selected = phase
    if not confirm:
        return []
    a.confirmed = True
    return [Event(message=msg("rftg.event.assigned", seat=seat))]


def _main_step(c: Content, state: State, seat: int, a: AssignState, action: AnyAction) -> list[Event]:
    if isinstance(action, Confirm):
        a.confirmed = True
        return [Event(message=msg("rftg.event.assigned", seat=seat))]
    if isinstance(action, Dictate):
        if not can_dictate(c, state, seat):
            raise RuleError("You cannot Dictate now.", key="rftg.err.no_dictate")
        a.dictating = True
        return []
    if isinstance(action, DictateWith):
        if not can_dictate(c, state, seat):
            raise RuleError("You cannot Dictate now.", key="rftg.err.no_dictate")
        i = next((j for j, d in enumerate(a.dice)
                  if d.where == "column" and (d.colour, d.column) == (action.colour, action.column)), None)
        if i is None:
            raise RuleError("You have no such die to use here.", key="rftg.err.no_die")
        a.dice[i].where = "dictate"
        a.power, a.moved, a.source = DICTATE, [], None
        a.used.append(DICTATE)
        return []
    if isinstance(action, UsePower):
        names = dict(usable(c, state, seat))
        if action.tile not in names:
            raise RuleError("That tile has no Reassign power you can use now.", key="rftg.err.no_power")
        a.power, a.moved, a.source = names[action.tile], [], None
        a.used.append(names[action.tile])
        return []
    raise RuleError("Confirm, Dictate, use a power or undo.", key="rftg.err.assign_menu")


def _power_step(c: Content, state: State, seat: int, a: AssignState, action: AnyAction) -> list[Event]:
    assert a.power is not None
    pw, most = _power(c, state, seat, a.power)
    if a.picked is not None:
        die = a.dice[a.picked]
        if not isinstance(action, ToColumn) or action.phase not in targets(a, die, pw):
            raise RuleError("That die cannot go to that column.", key="rftg.err.bad_column")
        _move(a, a.picked, action.phase, pw, most)
        return []
    if isinstance(action, MoveDie):
        i = next((j for j in movable(a, pw)
                  if (a.dice[j].colour, a.dice[j].column) == (action.colour, action.column)), None)
        if i is None or action.to not in targets(a, a.dice[i], pw):
            raise RuleError("That die cannot go to that column.", key="rftg.err.bad_column")
        _move(a, i, action.to, pw, most)
        return []
    if isinstance(action, Finish):
        if not a.moved or (pw.exact and len(a.moved) < most):
            raise RuleError("This power must move its dice first.", key="rftg.err.cannot_finish")
        _end_power(a)
        return []
    i = _resolve_pick(a, action, movable(a, pw))
    if i is None:
        return []
    columns = targets(a, a.dice[i], pw)
    if len(columns) == 1:
        _move(a, i, columns[0], pw, most)
    else:
        a.picked = i
    return []


def _move(a: AssignCore, i: int, phase: Phase, pw: Power, most: int) -> None:
    die = a.dice[i]
    if a.source is None:
        a.source = die.column
    die.column = phase
    a.moved.append(i)
    a.picked = None
    if len(a.moved) >= most or (not pw.exact and not movable(a, pw)):
        _end_power(a)


def _end_power(a: AssignCore) -> None:
    a.power, a.moved, a.source, a.picked, a.narrow = None, [], None, None, None


def _resolve_pick(a: AssignCore, action: AnyAction, allowed: list[int]) -> int | None:
    """The die named by a :class:`PickDie` among ``allowed``; ``None`` after a :class:`Narrow`."""
    if isinstance(action, Narrow):
        if not any(a.dice[i].column == action.column for i in allowed):
            raise RuleError("None of those dice can be used here.", key="rftg.err.no_die")
        a.narrow = action.column
        return None
    if not isinstance(action, PickDie):
        raise RuleError("Pick a die.", key="rftg.err.pick_die")
    for i in allowed:
        d = a.dice[i]
        if d.colour == action.colour and d.column == action.column:
            a.narrow = None
            return i
    raise RuleError("You have no such die to use here.", key="rftg.err.no_die")
