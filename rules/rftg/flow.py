"""The round (§5): Roll, Assign, Reveal, the selected phases I–V in order, Manage Empire and
the end-of-game check. Each step is simultaneous; a phase is prompted one player at a time in
timing order only where another player's action could change one's options (§11, I-19).

Sections (§) are those of docs/rftg/rules.md.
"""

from __future__ import annotations

from rules.core import Event, chapter, msg
from rules.rftg import build, explore, manage, phase_end, produce, ship
from rules.rftg.assign import roll
from rules.rftg.content import PHASES, Content, Phase
from rules.rftg.dice import Words, phase_word
from rules.rftg.scoring import final_events
from rules.rftg.state import Player, State, Work
from rules.rftg.tableau import gain_credits, powers, tile_count

END_TILES = 12


def start_round(c: Content, state: State) -> list[Event]:
    state.stage = "assign"
    state.phase = None
    state.selected = []
    state.phase_die = None
    for p in state.players:
        p.work = Work()
        p.columns = {}
        p.chose = None
        roll(state, c, p)
    events = [chapter(Event(message=msg("rftg.event.round", round=state.round)))]
    for seat, p in enumerate(state.players):
        assert p.assign is not None
        faces: Words = [f"@rftg.die.{d.colour}.{d.face}" for d in p.assign.dice]
        events.append(Event(message=msg("rftg.event.rolled", faces=faces),
                            visible_to=frozenset({seat}), reveals=True))
    return events + maybe_reveal(c, state)


def maybe_reveal(c: Content, state: State) -> list[Event]:
    """Reveal once every player has confirmed (§5.3)."""
    if any(p.assign is not None and not p.assign.confirmed for p in state.players):
        return []
    chosen = {p.assign.selected for p in state.players if p.assign is not None and p.assign.selected}
    events = [Event(message=msg("rftg.event.revealed",
                                phases=[phase_word(ph) for ph in PHASES if ph in chosen]),
                    reveals=True,
                    data={"selected": {str(s): p.assign.selected for s, p in enumerate(state.players)
                                       if p.assign is not None}})]
    if len(state.players) == 2:
        die = state.rng.choice(c.dice["white"].faces)
        state.phase_die = die
        if die != "wild":
            chosen.add(die)
        events.append(Event(message=msg("rftg.event.phase_die", phase=phase_word(die)), reveals=True))
    state.selected = [ph for ph in PHASES if ph in chosen]
    for p in state.players:
        a = p.assign
        p.columns = {ph: [] for ph in PHASES}
        p.chose = a.selected if a is not None else None
        if a is not None:
            for d in a.dice:
                if d.where != "dictate" and d.column in state.selected:
                    p.columns[d.column].append(d.colour)
                else:
                    p.cup.append(d.colour)
        p.assign = None
    state.stage = "phase"
    return events + next_phase(c, state, None)


def next_phase(c: Content, state: State, after: Phase | None) -> list[Event]:
    later = [ph for ph in state.selected if after is None or PHASES.index(ph) > PHASES.index(after)]
    if not later:
        return start_manage(c, state)
    phase = later[0]
    state.phase = phase
    state.explore_end = False
    for p in state.players:
        p.work = Work(virtual=[col for _, pw in powers(c, p, "virtual_workers") if pw.phase == phase
                               for col in pw.colours])
    state.sequential = False
    if state.options.strict_timing_when_short:
        if phase == "explore":
            extra = sum(1 for p in state.players if powers(c, p, "explore_bonus_tile"))
            state.sequential = explore.bag_may_run_out(state, extra)
        elif phase == "ship" and not state.pool_exhausted:
            bound = sum(ship.vp_bound(c, p, len(p.work.virtual)) for p in state.players)
            state.sequential = state.vp_pool <= bound
    events = [Event(message=msg("rftg.event.phase", phase=phase_word(phase)))]
    for seat in state.timing:
        events += advance(c, state, seat)
    return events + maybe_end_phase(c, state)


def advance(c: Content, state: State, seat: int) -> list[Event]:
    """Resolve what needs no decision for ``seat`` in the current step."""
    if state.stage == "manage":
        return manage.advance(c, state, seat)
    phase = state.phase
    if phase == "explore":
        return explore.advance(c, state, seat)
    if phase in ("develop", "settle"):
        return build.advance(c, state, seat, phase)
    if phase == "produce":
        return produce.advance(c, state, seat)
    if phase == "ship":
        return ship.advance(c, state, seat)
    return []


def maybe_end_phase(c: Content, state: State) -> list[Event]:
    if any(not p.work.done for p in state.players):
        return []
    phase = state.phase
    assert phase is not None
    if phase == "explore" and not state.explore_end:
        state.explore_end = True
        events = phase_end.apply(c, state, phase) + _alien_research_team(c, state)
        if any(not p.work.done for p in state.players):
            return events
        return events + _finish_phase(c, state, phase)
    events = [] if phase == "explore" else phase_end.apply(c, state, phase)
    return events + _finish_phase(c, state, phase)


def _alien_research_team(c: Content, state: State) -> list[Event]:
    """Alien Research Team: after every player explored, the owner draws and places one more tile
    (+$1 if a yellow explorer Scouted), before the returned tiles go back (§8.3, I-24)."""
    events: list[Event] = []
    for seat in state.timing:
        p = state.players[seat]
        for name, pw in powers(c, p, "explore_bonus_tile"):
            drawn, more = explore.draw_tiles(state, seat, pw.tiles)
            events += more
            if p.work.scout_yellow:
                gain_credits(p, pw.credits)
                events.append(Event(message=msg("rftg.event.credits", seat=seat, amount=pw.credits,
                                                tile=name)))
            if drawn or p.work.owed:
                p.work.drawn = drawn
                p.work.done = False
                events.append(Event(message=msg("rftg.event.drew", tiles=len(drawn)),
                                    visible_to=frozenset({seat}), reveals=True, data={"tiles": drawn}))
                events += explore.advance(c, state, seat)
    return events


def _finish_phase(c: Content, state: State, phase: Phase) -> list[Event]:
    if phase == "explore":
        state.bag += state.pile
        state.pile = []
        state.explore_end = False
    for p in state.players:
        p.cup += p.columns.get(phase, [])
        p.columns[phase] = []
    return next_phase(c, state, phase)


def start_manage(c: Content, state: State) -> list[Event]:
    state.stage = "manage"
    state.phase = None
    state.sequential = False
    events: list[Event] = [Event(message=msg("rftg.event.manage"))]
    for seat, p in enumerate(state.players):
        p.work = Work()
        p.columns = {}
        events += manage.advance(c, state, seat)
    return events + maybe_end_round(c, state)


def maybe_end_round(c: Content, state: State) -> list[Event]:
    """After Manage Empire: the end-of-game check (rulebook p. 8), else the next round.

    A table where no player owns a die any more (cup, Citizenry, stacks or goods) could only play
    empty rounds for ever: the game ends there, and an event says why.
    """
    if any(not p.work.done for p in state.players):
        return []
    if state.pool_exhausted or any(tile_count(p) >= END_TILES for p in state.players):
        state.stage = "over"
        return [Event(message=msg("rftg.event.game_over")), *final_events(c, state)]
    if not any(owns_a_die(p) for p in state.players):
        state.stage = "over"
        return [Event(message=msg("rftg.event.no_dice_left")), *final_events(c, state)]
    state.round += 1
    return start_round(c, state)


def owns_a_die(p: Player) -> bool:
    """Whether any die is the player's: in the cup, the Citizenry, on a stack or as a good."""
    return bool(p.cup or p.citizenry or p.dev_dice or p.world_dice or any(b.goods for b in p.tableau))


def acting(state: State) -> list[int]:
    """Seats that owe a decision in the current phase (the first in timing order when sequential)."""
    seats = [s for s in state.timing if not state.players[s].work.done]
    return seats[:1] if state.sequential and state.stage == "phase" else seats
