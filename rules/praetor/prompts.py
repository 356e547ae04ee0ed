"""What each seat owes now, as prompts of at most 25 options (docs/contract.md, "Prompt").

A build with an active worker is one decision: the turn prompt carries the Build panel
(:func:`build_panel`), its tile, worker and cell answered together beside the turn's menu. The
other moves go in steps: the tile (or the tile type, then which tile of it), then the worker, each
an option. A step whose answer is forced is never asked: the option that leads to it carries the
rest of the choice (an activation with the only worker that can go is offered as the complete
activation). When the flat list of first steps would exceed 25, it is grouped into build / activate
/ special first; a group of one is offered as that one choice. When it fits with room to spare,
tile types to activate are spelled out as each tile with each worker (one answer for the whole
activation), as many as fit one menu. Market trades go by number, any amount of a good at a time
(rulebook p. 8). Every option and every choice of a panel carries a description: what it costs and
what it gives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache, lru_cache, partial
from typing import Any, TypeVar

from pydantic import BaseModel

from rules.core import MAX_OPTIONS, Choice, Message, NumberChoice, Option, Part, Parts, Prompt, msg
from rules.core.memo import Memo
from rules.core.messages import Param
from rules.core.unchecked import built, construct, option, question
from rules.praetor.actions import (
    Activate,
    AnyAction,
    Back,
    Build,
    Done,
    Emergency,
    Pass,
    Pick,
    Trade,
)
from rules.praetor.content import GOODS, Content
from rules.praetor.describe import (
    NO_FEE,
    Fee,
    Gain,
    effect_text,
    fee,
    fee_key,
    fee_message,
    gain,
    gain_message,
    gains,
    outcome,
)
from rules.praetor.grid import Around, cell_name
from rules.praetor.legal import Moves, city_cells
from rules.praetor.rounds import EMERGENCY_FAVOUR, academy_choices, emergency_due
from rules.praetor.state import Draft, State
from rules.praetor.table import amount_message, cost_message, placed, tile_label
from rules.praetor.turns import Spot, build_favours, build_spots, current_seat, spot_around, spot_favour

M = TypeVar("M", bound=BaseModel)

CELLS_PER_PAGE = MAX_OPTIONS - 2
"""Cells on one page, leaving room for "more cells" and "back"."""
GROUPS = ("build", "activate", "special")


def pending(content: Content, state: State, moves: Moves | None = None) -> dict[int, Prompt]:
    """The prompts of ``state``; ``moves``: the legal lists of a seat already worked out for it
    (used when that seat is the one to play)."""
    if state.phase == "over":
        return {}
    if state.phase == "academy":
        return {s: _academy_prompt(content, state, s) for s in state.order
                if s not in state.choices and academy_choices(content, state, s)}
    if state.phase == "emergency":
        return {s: _emergency_prompt(state, s) for s in state.order
                if s not in state.choices and emergency_due(state, s)}
    seat = current_seat(state)
    assert seat is not None
    if state.market is not None:
        return {seat: _market_prompt(content, state, seat)}
    if moves is None or moves.seat != seat:
        moves = Moves(content, state, seat)
    return {seat: _step_prompt(content, state, seat, state.draft, moves)}


def _academy_prompt(content: Content, state: State, seat: int) -> Prompt:
    options = []
    for choice in academy_choices(content, state, seat):
        if not choice.skip:
            label, about = msg("praetor.opt.academy_no"), msg("praetor.desc.academy_no")
        elif choice.pay_to is None:
            label, about = msg("praetor.opt.academy_free"), msg("praetor.desc.academy_free")
        else:
            label = msg("praetor.opt.academy_pay", owner_seat=choice.pay_to)
            about = msg("praetor.desc.academy_pay", cost=cost_message(_academy_fee(content, state)))
        options.append(Option(action=choice, label=label, description=about))
    return Prompt(seat=seat, title=msg("praetor.ask.academy", count=state.players[seat].level1),
                  options=tuple(options), simultaneous=True)


def _academy_fee(content: Content, state: State) -> dict[str, int]:
    for tile in state.city:
        kind = content.type_of(tile.uid)
        if kind.effect == "academy":
            return dict(kind.activation_cost)
    return {}


def _emergency_prompt(state: State, seat: int) -> Prompt:
    favour = state.players[seat].favour
    yes = Option(action=Emergency(hire=True), label=msg("praetor.opt.emergency_yes"),
                 description=msg("praetor.desc.emergency_yes", before=favour,
                                 after=favour - EMERGENCY_FAVOUR))
    no = Option(action=Emergency(hire=False), label=msg("praetor.opt.emergency_no"),
                description=msg("praetor.desc.emergency_no"))
    return Prompt(seat=seat, title=msg("praetor.ask.emergency", favour=favour), simultaneous=True,
                  options=(yes, no))


def _market_prompt(content: Content, state: State, seat: int) -> Prompt:
    """Trades by number, each of which ends the visit: for each good, buying and selling 1, 2, ...
    units, as many as the gold or the stock allows; besides, each good's one-unit trade that keeps
    the Market open for more. When every amount does not fit one menu, each good offers its smaller
    amounts and its largest; trading on keeps every total within reach."""
    player = state.players[seat]
    prices = content.board(player.board).market
    gold = player.stock.gold
    ranges: list[tuple[str, bool, int]] = []
    for good in GOODS:
        if gold >= prices[good].buy:
            ranges.append((good, True, gold // prices[good].buy))
        if player.stock.get(good) > 0:
            ranges.append((good, False, player.stock.get(good)))
    room = MAX_OPTIONS - 1 - len(ranges)
    fits = sum(most for _, _, most in ranges) <= room
    share = room // max(1, len(ranges))
    ending, going_on = [], []
    for good, buy, most in ranges:
        amounts = list(range(1, most + 1)) if fits or most <= share else [*range(1, share), most]
        price = prices[good].buy if buy else prices[good].sell
        ending += [_trade_option(good, buy, n, price, gold, False) for n in amounts]
        going_on.append(_trade_option(good, buy, 1, price, gold, True))
    done = option(action=Done(), label=msg("praetor.opt.done"), description=msg("praetor.desc.done"))
    return question(seat=seat, title=msg("praetor.ask.market", stock=cost_message(player.stock.as_dict())),
                    options=(*ending, *going_on, done))


KEPT_TRADES = 4096
"""Market trade options remembered (by the good, the direction, the amount, the price and the gold)."""


@lru_cache(maxsize=KEPT_TRADES)
def _trade_option(good: str, buy: bool, amount: int, price: int, gold: int, more: bool) -> Option:
    """A trade, what it costs or brings and the gold after it (options are frozen)."""
    after = gold - price * amount if buy else gold + price * amount
    key = ("praetor.opt.buy" if buy else "praetor.opt.sell") + ("_more" if more else "")
    label = _trade_label(key, good, amount, price * amount)
    return option(action=_trade(good, buy, amount, more), label=label,
                  description=msg("praetor.desc.trade_more" if more else "praetor.desc.trade", before=gold,
                                  after=after))


@cache
def _trade(good: str, buy: bool, amount: int, more: bool) -> Trade:
    """A trade's action (made once: actions are frozen)."""
    return Trade.model_validate({"resource": good, "buy": buy, "amount": amount, "more": more})


@cache
def _trade_label(key: str, good: str, amount: int, gold: int) -> Message:
    return msg(key, goods=amount_message(good, amount), gold=gold)


def turn_prompt(content: Content, state: State, seat: int) -> Prompt:
    """The step the seat's draft has reached (see the module docstring)."""
    return _step_prompt(content, state, seat, state.draft, Moves(content, state, seat))


def _back() -> Option:
    return Option(action=Back(), label=msg("praetor.opt.back"), navigation=True)


def _step_prompt(content: Content, state: State, seat: int, draft: Draft, moves: Moves) -> Prompt:
    if draft.build is not None:
        return _worker_or_cells(content, state, seat, draft, moves)
    if draft.type is not None or draft.tile is not None:
        return _activation(content, state, seat, draft, moves)
    if draft.via is not None:
        targets = _targets(content, state, seat, draft, moves)
        return Prompt(seat=seat, title=msg("praetor.ask.target"), options=(*targets, _back()))
    title = _turn_title(state, seat)
    if draft.group is not None:
        steps = _first_steps(content, state, seat, draft, moves)
        chosen = [s.option() for s in steps if _group(s.action) == draft.group]
        return Prompt(seat=seat, title=title, options=(*chosen, _back()))
    panel = build_panel(content, state, seat, moves)
    # The Build panel asks every build with an active worker: its first steps are left out.
    steps = _first_steps(content, state, seat, draft, moves, builds=panel is None)
    if len(steps) + 1 <= MAX_OPTIONS:
        items = _whole_moves(content, state, seat, steps, moves)
    else:
        grouped: list[Option] = []
        for group in GROUPS:
            members = [s for s in steps if _group(s.action) == group]
            if len(members) == 1:
                grouped.append(members[0].option())
            elif members:
                grouped.append(Option(action=Pick.model_validate({"group": group}),
                                      label=msg(f"praetor.opt.group_{group}"),
                                      description=msg("praetor.desc.group", count=len(members))))
        items = grouped
    return question(seat=seat, title=title, options=(*items, _passing()), parts=panel)


@cache
def _passing() -> Option:
    """The turn's Pass (made once: options are frozen)."""
    return option(action=Pass(), label=msg("praetor.opt.pass"), description=msg("praetor.desc.pass"))


class _Step:
    """A first step of the turn: its action, and its option (label and description) made only
    when the menu shows the step as it is (most turns spell a step out as whole moves instead)."""

    __slots__ = ("_made", "_make", "action")

    def __init__(self, action: AnyAction, make: Callable[[], Option]) -> None:
        self.action = action
        self._make = make
        self._made: Option | None = None

    def option(self) -> Option:
        if self._made is None:
            self._made = self._make()
        return self._made


def build_panel(content: Content, state: State, seat: int, moves: Moves) -> Parts | None:
    """A build with an active worker asked as one decision (rulebook p. 7: a tile, a worker and a
    cell sharing an edge with the city): the Build panel's menus of the tiles the seat can build,
    its workers and the open cells, a menu with one choice left out (its value goes in the
    template; a city always has several open cells); every combination is a legal build (what it
    costs depends on the tile alone, the worker only moves its experience, any open cell takes any
    tile). With more open cells than fit one menu, the panel chooses the tile and the worker and
    the cells follow a page at a time. ``None`` when nothing can be built, or when that build's
    first step, a tile and a worker with nothing else to choose, is the option it was."""
    tiles = moves.buildable(None)
    workers = moves.exps(None)
    if not tiles or not workers:
        return None
    cells = moves.cells()
    paged = len(cells) > MAX_OPTIONS
    menus = []
    if len(tiles) > 1:
        field = "build" if paged else "tile"
        menus.append(_kept(content, "tile_menus", KEPT_CELL_MENUS).kept(
            (tuple(tiles), field), lambda: _tile_part(content, tiles, field)))
    if len(workers) > 1:
        menus.append(_worker_part(tuple(workers)))
    if paged:
        step = Pick(build=tiles[0], exp=workers[0])
        if not menus:
            return None
        return Parts(template=step, menus=tuple(menus), label=msg("praetor.opt.build_cells"),
                     description=msg("praetor.desc.build_cells"))
    city = (moves.city()[0], state.options.diagonal_matches)
    part = _kept(content, "cell_menus", KEPT_CELL_MENUS).kept(
        (city, tuple(tiles)), lambda: _cell_part(content, state, city, tiles, cells))
    first = part.choices[0].values
    move = construct(Build, tile=tiles[0], exp=workers[0], x=first["x"], y=first["y"])
    menus.append(part)
    label, about = _panel_words()
    return construct(Parts, template=move, menus=tuple(menus), label=label, description=about).checked()


@cache
def _panel_words() -> tuple[Message, Message]:
    """The Build panel's label and description (made once: messages are frozen)."""
    return msg("praetor.opt.build_panel"), msg("praetor.desc.build_panel")


def _tile_part(content: Content, tiles: list[str], field: str) -> Part:
    """The Build panel's tile menu: each tile with its cost, favour and effect, answering
    ``field`` (kept by the tiles: a tile's build option is the tile's own)."""
    made: dict[tuple[str, str], Choice] = content.memo("tile_choices")
    return construct(Part, label=_tile_part_label(), choices=tuple(
        made.get((uid, field)) or _tile_choice(content, uid, field) for uid in tiles)).checked()


@cache
def _tile_part_label() -> Message:
    return msg("praetor.part.tile")


def _tile_choice(content: Content, uid: str, field: str) -> Choice:
    """A tile of the Build panel's tile menu (made once for each tile and field: choices are
    frozen)."""
    build = _build_option(content, uid, None)
    made: dict[tuple[str, str], Choice] = content.memo("tile_choices")
    found = _choice(values={field: uid}, label=build.label, description=build.description)
    made[uid, field] = found
    return found


@cache
def _worker_part(workers: tuple[int, ...]) -> Part:
    """The Build panel's worker menu (made once for each set of workers: parts are frozen)."""
    return Part(label=msg("praetor.part.worker"), choices=tuple(
        _choice(values={"exp": e}, label=msg("praetor.opt.worker", exp=e),
                description=msg("praetor.desc.worker_build", exp=e, after=min(6, e + 1)))
        for e in workers))


KEPT_CELL_MENUS = 64
"""Build panels' cell menus remembered (by the city and the tiles to build)."""
KEPT_CITIES = 16
"""Cities whose open cells' spots are remembered, with each tile's favour there."""


def _kept(content: Content, name: str, size: int) -> Memo[Any, Any]:
    """A memo kept with the content set: the Build panel's cell menus by the city's tiles and
    places, the tiles to build and the diagonal rule (all the menu depends on, so a move that
    builds nothing finds it made); a city's spots of its open cells, and each tile's favour
    at them, for the menus of other tiles to build in the same city."""
    kept: dict[str, Memo[Any, Any]] = content.memo("kept")
    memo = kept.get(name)
    if memo is None:
        memo = kept.setdefault(name, Memo(size))
    return memo


City = tuple[int, bool]
"""A city as a memo key: its number (:func:`rules.praetor.legal.city`) and the diagonal rule."""


def _cell_part(content: Content, state: State, city: City, tiles: list[str],
               cells: list[tuple[int, int]]) -> Part:
    """The Build panel's cell menu, starting at the cell that gives most favour."""
    return construct(Part, label=msg("praetor.part.cell"), default=0,
                     choices=tuple(_cell_choices(content, state, city, tiles, cells))).checked()


def _cell_choices(content: Content, state: State, city: City, tiles: list[str],
                  cells: list[tuple[int, int]]) -> list[Choice]:
    """Each open cell of the Build panel, the cells that give most favour first (then north to
    south, west to east: ``cells`` come in that order, :func:`~rules.praetor.grid.open_cells`'s):
    with one tile, the favour it gives there; with several, each tile's favour there, by name for
    two and by the number the tile menu shows beside each name for more (so that the line fits a
    select entry's 100 characters in either language). A city's spots (what each cell's favour
    reads of the city, :func:`~rules.praetor.turns.build_spots`) and a tile's favours in it are
    kept for the next menu of the same city (:func:`_kept`), and a tile's favour at a spot, with
    its words, for every city (:func:`_tile_favours`: a build leaves the spots of the cells away
    from it as they were; messages are frozen)."""
    where = _kept(content, "spots", KEPT_CITIES).kept(city, partial(_CitySpots, state, cells))
    kept = _kept(content, "favours", KEPT_CITIES * 8)
    each: list[_TileFavours] = [kept.kept((city, uid), partial(_tile_favours, content, uid, where.spots))
                                for uid in tiles]
    if len(each) == 1:
        sums = each[0].sums
        order = sorted(range(len(cells)), key=[-n for n in sums].__getitem__)
        pairs, values = each[0].pairs, where.values
        return [_entry(values[i], _cell_label(cells[i], sums[i]), _cell_about(*pairs[i])) for i in order]
    best = [-n for n in map(max, *(t.sums for t in each))]
    order = sorted(range(len(cells)), key=best.__getitem__)
    key = "praetor.desc.cell_tiles" if len(tiles) <= NAMED_TILES else "praetor.desc.cell_numbers"
    words = [t.named for t in each] if len(tiles) <= NAMED_TILES else [t.numbered for t in each]
    favours: list[tuple[Param, ...]] = list(zip(*words, strict=True))
    values, heads = where.values, where.heads
    return [_entry(values[i], heads[i], msg(key, favours=list(favours[i]))) for i in order]


class _CitySpots:
    """A city's spots of its open cells (:func:`~rules.praetor.turns.build_spots`), and each
    cell's values and label in the Build panel's cell menu."""

    __slots__ = ("heads", "spots", "values")

    def __init__(self, state: State, cells: list[tuple[int, int]]) -> None:
        self.spots = build_spots(state, cells)
        self.values = [_cell_values(cell) for cell in cells]
        self.heads = [_cell_where(cell) for cell in cells]


_CHOICE_FIELDS = ("values", "label", "description")


def _entry(values: dict[str, Any], label: Message, description: Message) -> Choice:
    """``Choice(values=..., label=..., description=...)`` without validation (as :func:`_choice`),
    its fields given in the model's order without looking up its defaults: a new cell menu makes
    one for each open cell."""
    return built(Choice, {"values": values, "label": label, "description": description}, _CHOICE_FIELDS)


@cache
def _cell_values(cell: tuple[int, int]) -> dict[str, Any]:
    """A cell entry's values (one for each cell: choices are frozen and their values only read)."""
    return {"x": cell[0], "y": cell[1]}


class _TileFavours:
    """A tile's favour at each open cell of a city (printed and square bonus, and their sum), and
    its words in a cell's description: by name, and by the number the tile menu shows."""

    __slots__ = ("named", "numbered", "pairs", "sums")

    def __init__(self, entries: list[_SpotEntry]) -> None:
        self.pairs, self.sums, self.named, self.numbered = zip(*entries, strict=True)


_SpotEntry = tuple[tuple[int, int], int, Message, Message]
"""A tile's favour at a spot (printed and square bonus), their sum, and its words by name and by
number."""

KEPT_SPOTS = 256
"""Spots at which a tile's favour is remembered (then started afresh for that tile)."""


def _tile_favours(content: Content, uid: str, spots: Sequence[Spot]) -> _TileFavours:
    """The tile ``uid``'s favour at each of ``spots``, each kept by the tile and the spot (the
    favour depends on nothing else, :func:`~rules.praetor.turns.spot_favour`) for every city."""
    by_tile: dict[str, dict[Spot, _SpotEntry]] = content.memo("spot_favours")
    made = by_tile.get(uid)
    if made is None or len(made) > KEPT_SPOTS:
        made = by_tile[uid] = {}
    found = made.get
    return _TileFavours([found(spot) or _spot_entry(content, uid, spot, made) for spot in spots])


def _spot_entry(content: Content, uid: str, spot: Spot, made: dict[Spot, _SpotEntry]) -> _SpotEntry:
    """The tile ``uid``'s favour at ``spot``, with its words, kept in ``made``."""
    arounds: dict[Spot, Around] = content.memo("spot_arounds")
    around = arounds.get(spot)
    if around is None:
        if len(arounds) > KEPT_SPOTS * 8:
            arounds.clear()
        around = arounds[spot] = spot_around(content, spot)
    pair = spot_favour(content, uid, around)
    total = pair[0] + pair[1]
    words: dict[tuple[str, int], tuple[Message, Message]] = content.memo("cell_words")
    named, numbered = words.get((uid, total)) or _cell_words(content, uid, total)
    entry = made[spot] = pair, total, named, numbered
    return entry


NAMED_TILES = 2
"""The most tiles a Build panel cell's description names; beyond, it gives their numbers."""


@cache
def _cell_label(cell: tuple[int, int], favour: int) -> Message:
    return msg("praetor.opt.cell", cell=cell_name(*cell), favour=favour)


@cache
def _cell_about(printed: int, bonus: int) -> Message:
    return msg("praetor.desc.cell", printed=printed, bonus=bonus)


def _cell_words(content: Content, uid: str, favour: int) -> tuple[Message, Message]:
    """The tile ``uid`` giving ``favour`` in a cell's description: by name, and by the number the
    tile menu shows (made once for each tile and favour: messages are frozen)."""
    words: dict[tuple[str, int], tuple[Message, Message]] = content.memo("cell_words")
    found = words[uid, favour] = (
        msg("praetor.desc.cell_tile", tile=tile_label(content, uid), favour=favour),
        msg("praetor.desc.cell_number", number=uid[1:], favour=favour))
    return found


@cache
def _cell_where(cell: tuple[int, int]) -> Message:
    return msg("praetor.opt.cell_where", cell=cell_name(*cell))


def _whole_moves(content: Content, state: State, seat: int, steps: list[_Step],
                 moves: Moves) -> list[Option]:
    """The first steps with as many as fit one menu (with Pass) spelled out: a tile type to
    activate as each of its tiles with each worker, a tile to build as the tile with each worker
    (the cell is asked next). Rulebook p. 5: an action places one worker on one tile, so each
    option is one whole choice of tile and worker; nothing is lost, only asked at once."""
    room = MAX_OPTIONS - 1 - len(steps)
    workers = moves.exps(None)
    by_type = moves.by_type(None)
    sizes = [_spelled_size(step.action, workers, by_type) for step in steps]
    chosen: set[int] = set()
    for builds in (False, True):  # activations first: most turns are one
        for i, (step, size) in enumerate(zip(steps, sizes, strict=True)):
            if size and size - 1 <= room and (isinstance(step.action, Pick)
                                              and step.action.build is not None) == builds:
                room -= size - 1
                chosen.add(i)
    if not chosen:
        return [step.option() for step in steps]
    made = _kept(content, "activation_options", KEPT_ACTIVATIONS)
    out: list[Option] = []
    for i, step in enumerate(steps):
        if i in chosen:
            out += _spelled_out(content, state, seat, step, moves, workers, by_type, made)
        else:
            out.append(step.option())
    return out


def _spelled_size(step: AnyAction, workers: list[int], by_type: dict[str, list[str]]) -> int:
    """How many options :func:`_spelled_out` makes of ``step`` (one for each tile and worker), given
    the seat's workers and :meth:`~rules.praetor.legal.Moves.by_type`."""
    if not isinstance(step, Pick) or step.via is not None:
        return 0
    if step.build is not None:
        return len(workers) if len(workers) > 1 else 0
    if step.type is None:
        return 0
    return len(by_type.get(step.type, ())) * len(workers)


def _spelled_out(content: Content, state: State, seat: int, first: _Step, moves: Moves, workers: list[int],
                 by_type: dict[str, list[str]], made: Memo[Any, Option]) -> list[Option]:
    """What the step ``first`` leads to, tile and worker chosen (empty when it is no step); the
    seat's workers, :meth:`~rules.praetor.legal.Moves.by_type` and the kept activations given."""
    step = first.action
    if not isinstance(step, Pick) or step.via is not None:
        return []
    if step.build is not None:
        if len(workers) == 1:
            return []
        return [option(action=Pick(build=step.build, exp=e), description=first.option().description,
                       label=msg("praetor.opt.build_with", tile=tile_label(content, step.build), exp=e))
                for e in workers]
    if step.type is None:
        return []
    uids = by_type.get(step.type, [])
    if not uids:
        return []
    out = []
    if content.type_of(uids[0]).effect != "forge":
        # What an activation gives depends on the tile's type alone (describe.gain): once per worker.
        per_worker = list(zip(workers, gains(content, state, seat, uids[0], workers), strict=True))
        find = made.get
        tiles = moves.tiles()
        for uid in uids:
            tile = tiles[uid]
            owner = tile.owner
            owed = NO_FEE if owner is None or owner == seat else fee_key(content, state, seat, uid, tile)
            for e, gives in per_worker:
                key = (uid, e, gives, owed)
                activation = find(key)
                if activation is None:
                    activation = made.put(key, _activation_option(content, uid, e, gives, owed))
                out.append(activation)
        return out
    for uid in uids:
        owed = fee_key(content, state, seat, uid, moves.tile(uid))
        for e in workers:
            if _forge_limit(content, state, seat, uid, e, None) > 0:
                _, label = _activation_with(content, uid, e)
                forge = Pick(type=step.type, tile=uid, exp=e)
                out.append(option(action=forge, label=label, description=fee(content, state, seat, uid)))
                continue
            gives = gain(content, state, seat, uid, e)
            make = partial(_activation_option, content, uid, e, gives, owed)
            out.append(made.kept((uid, e, gives, owed), make))
    return out


KEPT_ACTIVATIONS = 1024
"""Spelled-out activations remembered (by the tile, the worker, what it gives and the fee)."""


def _activation_option(content: Content, uid: str, exp: int, gives: Gain, owed: Fee) -> Option:
    """Activating ``uid`` with a worker of experience ``exp``: what it gives and the fee to its
    owner (kept by these: options are frozen)."""
    action, label = _activation_with(content, uid, exp)
    about = msg("praetor.desc.activate", effect=gain_message(content, gives), fee=fee_message(*owed))
    return option(action=action, label=label, description=about)


def _activation_with(content: Content, uid: str, exp: int) -> tuple[Activate, Message]:
    """Activating ``uid`` with a worker of experience ``exp``, and its label (made once for each;
    actions and messages are frozen)."""
    made: dict[tuple[str, int], tuple[Activate, Message]] = content.memo("activations_with")
    found = made.get((uid, exp))
    if found is None:
        found = made[uid, exp] = (Activate(tile=uid, exp=exp),
                                  msg("praetor.opt.activate_with", tile=tile_label(content, uid), exp=exp))
    return found



def _choice(**fields: Any) -> Choice:
    """``Choice(**fields)`` without validation (as :func:`rules.core.unchecked.option`)."""
    return construct(Choice, **fields)


def _turn_title(state: State, seat: int) -> Message:
    """The turn's title: the round, what the seat holds and its workers left (made anew each turn:
    the stock or the workers have nearly always changed since the seat's last turn)."""
    player = state.players[seat]
    held = player.stock.__dict__
    workers: Param = [*player.pool()]
    return msg("praetor.ask.turn", round=state.round, stock=cost_message(held), workers=workers)


def _group(action: AnyAction) -> str:
    if isinstance(action, Build) or (isinstance(action, Pick) and action.build):
        return "special" if action.via else "build"
    return "special" if getattr(action, "via", None) else "activate"


def _folded(content: Content, state: State, seat: int, draft: Draft, step: Pick, moves: Moves) -> AnyAction:
    """The option's action for ``step``: the step itself, or, when what follows it is forced (one
    answer only), the whole choice up to the next real question."""
    fields = _step_fields(step)
    merged: dict[str, Any] = {"build": draft.build, "type": draft.type, "tile": draft.tile,
                              "exp": draft.exp, "via": draft.via, **fields}
    return _fold(content, state, seat, merged, fields, step, moves)


def _step_fields(step: Pick) -> dict[str, Any]:
    """The fields a step sets (as ``model_dump(exclude_none=True)`` without its kind)."""
    return {name: value for name in STEP_FIELDS if (value := getattr(step, name)) is not None}


STEP_FIELDS = ("group", "build", "type", "tile", "exp", "via", "page")


def _fold(content: Content, state: State, seat: int, merged: dict[str, Any], fields: dict[str, Any],
          step: Pick, moves: Moves) -> AnyAction:
    """:func:`_folded` once the step's fields (``fields``) are merged into the draft's (``merged``)."""
    if merged["build"] is not None:
        return step
    only = _only_answer(content, state, seat, merged, moves)
    if only is None:
        return step
    if isinstance(only, Pick):
        more = _step_fields(only)
        combined = {**fields, **more}
        return _fold(content, state, seat, {**merged, **more}, combined, Pick(**combined), moves)
    return only


def _only_answer(content: Content, state: State, seat: int, draft: dict[str, Any],
                 moves: Moves) -> AnyAction | None:
    """The one answer the step at ``draft`` would offer (the action of its only option that is not
    navigation), or ``None`` when it offers several, a number or none: what :func:`_step_prompt`
    would ask, worked out without its labels. Only for the drafts :func:`_folded` looks at (an
    activation or an Encampment's target chosen, no tile to build)."""
    via: str | None = draft["via"]
    kind: str | None = draft["type"]
    tile: str | None = draft["tile"]
    if kind is not None or tile is not None:
        if tile is None:
            legal = moves.by_type(via).get(kind, []) if kind is not None else []
            if len(legal) > 1:
                return None
            tile = legal[0]
        workers = moves.exps(via)
        if content.type_of(tile).effect == "forge":
            if draft["exp"] is None and len(workers) > 1:
                return None
            exp: int = draft["exp"] if draft["exp"] is not None else workers[0]
            if _forge_limit(content, state, seat, tile, exp, via) > 0:
                return None
            return construct(Activate, tile=tile, exp=exp, via=via)
        if len(workers) > 1:
            return None
        return construct(Activate, tile=tile, exp=workers[0], via=via)
    if via is None:
        return None
    types = list(moves.by_type(via))
    if len(types) > 1:  # several answers whatever can be built
        return None
    builds = moves.buildable(via) if state.options.encampment_can_build else []
    if len(builds) + len(types) != 1:
        return None
    if builds:
        return Pick(build=builds[0], via=via)
    fields = {"type": types[0], "via": via}
    return _fold(content, state, seat, {**draft, **fields}, fields, Pick(**fields), moves)


def _first_steps(content: Content, state: State, seat: int, draft: Draft, moves: Moves,
                 builds: bool = True) -> list[_Step]:
    """The turn's first steps: each tile to build with an active worker (unless ``builds`` is
    false), each tile type to activate, each Encampment to send a retired worker through."""
    steps = []
    if builds:
        made: dict[tuple[str, str | None], Option] = content.memo("build_options")
        steps = [_made(made.get((uid, None)) or _build_option(content, uid, None))
                 for uid in moves.buildable()]
    steps += _types(content, state, seat, draft, None, moves)
    for uid in moves.specials():
        action = _folded(content, state, seat, draft, _via_step(content, uid), moves)
        steps.append(_Step(action, partial(_special_option, content, state, seat, uid, action)))
    return steps


def _via_step(content: Content, uid: str) -> Pick:
    """The step that sends a retired worker through the Encampment ``uid`` (made once: actions
    are frozen)."""
    made: dict[str, Pick] = content.memo("via_steps")
    found = made.get(uid)
    if found is None:
        found = made[uid] = construct(Pick, via=uid)
    return found


def _made(option: Option) -> _Step:
    return _Step(option.action, lambda: option)


def _special_option(content: Content, state: State, seat: int, uid: str, action: AnyAction) -> Option:
    """Sending a retired worker through the Encampment ``uid``."""
    label = msg("praetor.opt.special", tile=tile_label(content, uid))
    about = msg("praetor.desc.special", exp=content.type_of(uid).amount, fee=fee(content, state, seat, uid))
    return option(action=action, label=label, description=about)


def _build_option(content: Content, uid: str, via: str | None) -> Option:
    """A build's first step: its cost, favour and effect are the tile's own (made once per tile;
    options are frozen)."""
    made: dict[tuple[str, str | None], Option] = content.memo("build_options")
    found = made.get((uid, via))
    if found is None:
        found = made[uid, via] = _tile_build_option(content, uid, via)
    return found


def _tile_build_option(content: Content, uid: str, via: str | None) -> Option:
    tile = content.tile(uid)
    about = msg("praetor.desc.build", cost=cost_message(dict(tile.build_cost)), favour=tile.favour,
                effect=effect_text(content.type_of(uid)))
    label = msg("praetor.opt.build", tile=tile_label(content, uid))
    return Option(action=Pick(build=uid, via=via), label=label, description=about)


def _types(content: Content, state: State, seat: int, draft: Draft, via: str | None,
           moves: Moves) -> list[_Step]:
    steps = []
    # With neither a tile nor a worker chosen, several tiles or workers leave a question after the
    # type: the step is offered as it is (what _folded finds, without working it out).
    open_ended = draft.build is None and draft.tile is None and draft.exp is None
    workers = moves.exps(via)
    several_workers = len(workers) > 1
    made: dict[tuple[str, str | None], Pick] = content.memo("type_steps")
    for type_id, uids in moves.by_type(via).items():
        step = made.get((type_id, via)) or _type_step(content, type_id, via)
        if open_ended and (several_workers or len(uids) > 1):
            action: AnyAction = step
        elif open_ended and content.type_of(uids[0]).effect != "forge":
            # One tile and one worker: the whole activation (what _folded finds, worked out as
            # _only_answer does it; the Blacksmith asks how much to forge).
            action = construct(Activate, tile=uids[0], exp=workers[0], via=via)
        else:
            action = _folded(content, state, seat, draft, step, moves)
        steps.append(_Step(action, partial(_type_option, content, state, seat, uids, action, moves)))
    return steps


def _type_step(content: Content, type_id: str, via: str | None) -> Pick:
    """The step that chooses tile type ``type_id`` to activate (made once: actions are frozen)."""
    made: dict[tuple[str, str | None], Pick] = content.memo("type_steps")
    found = made.get((type_id, via))
    if found is None:
        found = made[type_id, via] = construct(Pick, type=type_id, via=via)
    return found


def _type_option(content: Content, state: State, seat: int, uids: list[str], action: AnyAction,
                 moves: Moves) -> Option:
    """Activating a tile type: the whole activation when what follows is forced, else the type
    (one tile of it with its fee, or how many). Kept by the action and what its description is
    made of: what the activation gives and the fee, or how many tiles and the one tile's fee."""
    if isinstance(action, Activate):
        tile = action.tile
        owes = fee_key(content, state, seat, tile, moves.tile(tile))
        gives = gain(content, state, seat, tile, action.exp)
        key: tuple[AnyAction, Gain | int, Fee | None] = (action, gives, owes)
    else:
        owed = fee_key(content, state, seat, uids[0], moves.tile(uids[0])) if len(uids) == 1 else None
        key = (action, len(uids), owed)
    option: Option = _kept(content, "type_options", KEPT_ACTIVATIONS).kept(
        key, partial(_make_type_option, content, uids[0], *key))
    return option


def _make_type_option(content: Content, first: str, action: AnyAction, gives: Gain | int,
                      owed: Fee | None) -> Option:
    """:func:`_type_option` from its key (``first``: one tile of the type)."""
    kind = content.type_of(first)
    if isinstance(action, Activate):
        assert not isinstance(gives, int) and owed is not None
        label = msg("praetor.opt.activate_with", tile=tile_label(content, action.tile), exp=action.exp)
        about = msg("praetor.desc.activate", effect=gain_message(content, gives), fee=fee_message(*owed))
    else:
        label = msg("praetor.opt.activate", tile=_type_name(kind.id))
        if owed is not None:
            about = msg("praetor.desc.activate", effect=effect_text(kind), fee=fee_message(*owed))
        else:
            assert isinstance(gives, int)
            about = msg("praetor.desc.activate_some", effect=effect_text(kind), count=gives)
    return option(action=action, label=label, description=about)


def _type_name(type_id: str) -> str:
    return f"@praetor.tile.{type_id}"


def _targets(content: Content, state: State, seat: int, draft: Draft, moves: Moves) -> list[Option]:
    via = draft.via
    assert via is not None
    items = []
    if state.options.encampment_can_build:
        items = [_build_option(content, uid, via) for uid in moves.buildable(via)]
    return items + [step.option() for step in _types(content, state, seat, draft, via, moves)]


def _worker_or_cells(content: Content, state: State, seat: int, draft: Draft, moves: Moves) -> Prompt:
    assert draft.build is not None
    workers = moves.exps(draft.via)
    if draft.exp is None and len(workers) > 1:
        options = [Option(action=Pick(exp=e), label=msg("praetor.opt.worker", exp=e),
                          description=msg("praetor.desc.worker_build", exp=e, after=min(6, e + 1)))
                   for e in workers]
        return Prompt(seat=seat, title=msg("praetor.ask.worker", tile=tile_label(content, draft.build)),
                      options=(*options, _back()))
    exp = draft.exp if draft.exp is not None else workers[0]
    cells = city_cells(state)
    scored = []
    favours = build_favours(content, state, [draft.build], cells)
    for (x, y), [(printed, bonus)] in zip(cells, favours, strict=True):
        scored.append((-(printed + bonus), -y, x, printed, bonus))
    scored.sort()
    pages = max(1, -(-len(scored) // CELLS_PER_PAGE))
    page = draft.page % pages
    shown = scored[page * CELLS_PER_PAGE:(page + 1) * CELLS_PER_PAGE]
    options = [Option(action=Build(tile=draft.build, exp=exp, x=x, y=-ny, via=draft.via),
                      label=msg("praetor.opt.cell", cell=cell_name(x, -ny), favour=printed + bonus),
                      description=msg("praetor.desc.cell", printed=printed, bonus=bonus))
               for _, ny, x, printed, bonus in shown]
    if pages > 1:
        options.append(Option(action=Pick(page=(page + 1) % pages), navigation=True,
                              label=msg("praetor.opt.more_cells", page=page + 1, pages=pages)))
    tile = content.tile(draft.build)
    return Prompt(seat=seat, title=msg("praetor.ask.cell", tile=tile_label(content, draft.build),
                                       cost=cost_message(dict(tile.build_cost))),
                  options=(*options, _back()))


def _activation(content: Content, state: State, seat: int, draft: Draft, moves: Moves) -> Prompt:
    tile = draft.tile
    if tile is None:
        legal = moves.by_type(draft.via).get(draft.type, []) if draft.type is not None else []
        if len(legal) > 1:
            options = [Option(action=_folded(content, state, seat, draft, Pick(tile=u), moves),
                              label=_where(content, state, u), description=fee(content, state, seat, u))
                       for u in legal[:MAX_OPTIONS - 1]]
            options = [_activation_label(content, state, seat, o) for o in options]
            return Prompt(seat=seat, title=msg("praetor.ask.tile"), options=(*options, _back()))
        tile = legal[0]
    kind = content.type_of(tile)
    workers = moves.exps(draft.via)
    if kind.effect == "forge":
        if draft.exp is None and len(workers) > 1:
            options = [Option(action=_folded(content, state, seat, draft, Pick(tile=tile, exp=e), moves),
                              label=msg("praetor.opt.worker", exp=e),
                              description=outcome(content, state, seat, tile, e)) for e in workers]
            return Prompt(seat=seat, title=msg("praetor.ask.worker", tile=tile_label(content, tile)),
                          options=(*options, _back()))
        exp = draft.exp if draft.exp is not None else workers[0]
        high = _forge_limit(content, state, seat, tile, exp, draft.via)
        template = Activate(tile=tile, exp=exp, via=draft.via)
        if high == 0:
            return Prompt(seat=seat, title=msg("praetor.ask.forge", high=high), options=(
                Option(action=template, label=msg("praetor.opt.forge_none"),
                       description=fee(content, state, seat, tile)), _back()))
        return Prompt(seat=seat, title=msg("praetor.ask.forge", high=high), options=(_back(),),
                      number=NumberChoice(low=0, high=high, field="amount", template=template,
                                          label=msg("praetor.opt.forge")))
    options = [Option(action=Activate(tile=tile, exp=e, via=draft.via),
                      label=msg("praetor.opt.worker", exp=e),
                      description=_worker_gain(content, state, seat, tile, e)) for e in workers]
    return Prompt(seat=seat, title=msg("praetor.ask.worker", tile=tile_label(content, tile)),
                  options=(*options, _back()))


def _activation_label(content: Content, state: State, seat: int, option: Option) -> Option:
    """A tile option that already is the whole activation says which worker goes and what it gives."""
    action = option.action
    if not isinstance(action, Activate):
        return option
    about = msg("praetor.desc.activate", effect=outcome(content, state, seat, action.tile, action.exp),
                fee=fee(content, state, seat, action.tile))
    return replace(option, description=about)


def _worker_gain(content: Content, state: State, seat: int, uid: str, exp: int) -> Message:
    red = content.type_of(uid).activation == "red"
    return msg("praetor.desc.worker_red" if red else "praetor.desc.worker",
               effect=outcome(content, state, seat, uid, exp), after=min(6, exp + 1))


def _forge_limit(content: Content, state: State, seat: int, uid: str, exp: int, via: str | None) -> int:
    wood = state.players[seat].stock.wood
    spent = 0
    tile = placed(state, uid)
    assert tile is not None
    if tile.owner not in (None, seat):
        spent += content.type_of(uid).activation_cost.get("wood", 0)
    if via is not None:
        enc = placed(state, via)
        if enc is not None and enc.owner not in (None, seat):
            spent += content.type_of(via).activation_cost.get("wood", 0)
    return max(0, min(exp, wood - spent))


def _where(content: Content, state: State, uid: str) -> Message:
    tile = placed(state, uid)
    assert tile is not None
    cell = cell_name(tile.x, tile.y)
    if tile.owner is None:
        return msg("praetor.opt.tile_unowned", tile=tile_label(content, uid), cell=cell)
    return msg("praetor.opt.tile_owned", tile=tile_label(content, uid), owner_seat=tile.owner, cell=cell)


def offered_step(content: Content, state: State, seat: int, step: Pick) -> bool:
    """Whether ``step`` leads somewhere legal from the seat's draft: every step a prompt offers, and
    the steps earlier prompts offered before forced ones were folded (so that action logs recorded
    then still replay)."""
    fields = step.model_dump(exclude={"kind"}, exclude_none=True)
    draft = state.draft.model_copy(update=fields)
    via = draft.via
    moves = Moves(content, state, seat)
    if via is not None and via not in moves.specials():
        return False
    if draft.build is not None and (draft.type is not None or draft.tile is not None):
        return False
    if draft.build is not None and draft.build not in moves.buildable(via):
        return False
    legal = moves.activatable(via)
    if draft.type is not None and not any(content.type_of(u).id == draft.type for u in legal):
        return False
    if draft.tile is not None and (draft.tile not in legal or (
            draft.type is not None and content.type_of(draft.tile).id != draft.type)):
        return False
    if draft.exp is not None and draft.exp not in moves.exps(via):
        return False
    if draft.page and draft.build is None:
        return False
    if draft.group is not None:
        groups = {_group(s.action) for s in _first_steps(content, state, seat, Draft(), moves)}
        return draft.group in groups
    return True
