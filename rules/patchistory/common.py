"""Small helpers shared by the phase modules: errors, events, era costs, menus of squares."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from rules.core import Event, Message, Option, Prompt, RuleError, Seat, msg, unchecked
from rules.core.memo import Memo
from rules.core.messages import Param, message
from rules.core.unchecked import construct, option
from rules.patchistory.actions import AskTurnOrder, Back, Pick
from rules.patchistory.content import STATS, Cell, Content, Stat
from rules.patchistory.empire import Grid, grid_of, square_symbols, stats, worked_spaces
from rules.patchistory.state import Goods, State

MAX_MENU = 24
"""Options per menu level, leaving room for a Back option (prompts hold at most 25)."""


BIDS_KEPT = 256
"""How many runs of bids :attr:`Ctx.bids` keeps, the oldest going first: a run holds a tile's
bids by their total (at most a menu's worth shown at once), so about as many bids as runs × 16."""

ASKED_MEMO_SIZE = 16
"""How many prompts :attr:`Ctx.asked` keeps, the oldest going first: enough for every seat's
prompt of the last few states, which is where a kept prompt is found again (over the bench's 15
games, 16 find all but 3, 6 and 11 of the 2,047, 4,152 and 7,899 that 64 find at 2, 3 and 4
players). A prompt pushed out is freed then, and one kept fewer moves is cheaper to free."""


@dataclass(frozen=True)
class Ctx:
    """What every rule reads besides the state: the loaded components."""

    content: Content
    words: dict[Any, Message] = field(default_factory=dict, compare=False, repr=False)
    """Words drawn from the components and at most a count of coins (a tile's name, what a side
    on offer shows, a bid's total on a tile and what it pays), kept once made: the same messages
    every time (a message is frozen)."""
    bids: Memo[Any, dict[int | tuple[int, int], Option]] = field(
        default_factory=lambda: Memo(BIDS_KEPT), compare=False, repr=False
    )
    """The bids on one tile of the auction by their total, and the steps opening the rest of its
    range by that range, kept by all else they are drawn from (the tile, its side and place on
    offer, the coins the seat has on the table), each made once (the oldest runs go past
    :data:`BIDS_KEPT`): an option is frozen, and the same bids are offered turn after turn, a next
    bidder's menu holding runs of totals on each tile. The 2-player secret bids on a tile are kept
    the same way, by the tile and its place (``auction.sealed_run``): both seats are offered them."""
    changes: Memo[int, tuple[str, Message]] = field(
        default_factory=lambda: Memo(4096), compare=False, repr=False
    )
    """A placement's change of each track as its label's shorthand and its description's words,
    by the change packed into one number (``patching.placement_words``, ``empire.packed``; the
    oldest go past 4096): the same few changes recur on every empire."""
    squares: Memo[Any, tuple[Option, ...]] = field(
        default_factory=lambda: Memo(1024), compare=False, repr=False
    )
    """A Build or Reclaim menu of squares by all it is drawn from (``politics.square_menu``; the
    oldest go past 1024): spending goods or PP leaves the squares and what each gives alone."""
    exchanges: Memo[Any, tuple[Option, ...]] = field(
        default_factory=lambda: Memo(1024), compare=False, repr=False
    )
    """An Exchange menu step by all it is drawn from (``politics.exchange_key``; the oldest go
    past 1024): the same goods, amounts and mixes come back turn after turn."""
    cells: Memo[Any, Option] = field(default_factory=lambda: Memo(8192), compare=False, repr=False)
    """An option of one square by all it is drawn from (the oldest go past 8192): a Build or
    Reclaim by the tile's place in hand, the square and what laying the tile there says
    (``politics.square_options``), a territory move by the worker, where it stands, the space and
    what the move says (``movement.move_option``). An action changes one square or worker of a
    menu, and the others are offered again."""
    actions: Memo[Any, Option] = field(default_factory=lambda: Memo(1024), compare=False, repr=False)
    """An action of a menu by all its words are drawn from (``politics.admin_menu``; the oldest go
    past 1024): the same few are offered after every action."""
    submenus: Memo[Any, Sequence[Option] | None] = field(
        default_factory=lambda: Memo(4096), compare=False, repr=False
    )
    """The answers a menu step opens, by all they are drawn from (a phase's ``submenu_keys``, the
    oldest go past 4096): folding a menu again after an action finds the steps it left alone."""
    asked: Memo[Any, Prompt | None] = field(
        default_factory=lambda: Memo(ASKED_MEMO_SIZE), compare=False, repr=False
    )
    """Prompts by all that they are drawn from, where a phase says it (:func:`asked_key`): a seat's
    prompt in a step played at once is built again only when something it shows has changed."""


def fail(sentence: str, key: str, **params: Any) -> RuleError:
    """A :class:`RuleError` with its catalogue key under ``patchistory.error``."""
    return RuleError(sentence, key=f"patchistory.error.{key}", **params)


def event(key: str, *, to: Seat | None = None, reveals: bool = False, **params: Any) -> Event:
    """An event; ``to`` makes it private to one seat."""
    return unchecked.event(message(PREFIX + key, params), visible_to=None if to is None else only(to),
                           reveals=reveals)


@cache
def only(seat: Seat) -> frozenset[Seat]:
    """``seat`` alone, as a private event's ``visible_to``: made once per seat (it is frozen)."""
    return frozenset((seat,))


def label(key: str, **params: Any) -> Message:
    """``msg("patchistory." + key, **params)``, its parameters packed once (a move words dozens)."""
    return message(PREFIX + key, params)


PREFIX = "patchistory."
"""The game's catalogue keys' prefix."""


def gains(symbols: dict[Stat, int] | dict[str, int]) -> list[Param]:
    """Symbols as words, one message per stat ("1 culture", "2 coins"), or "nothing"."""
    found: list[Param] = [gain(k, n) for k, n in symbols.items() if n]
    return found or [worded("gain.nothing")]


@cache
def gain(stat: str, n: int) -> Message:
    """``n`` of one stat in words (:func:`gains`), made once: titles, costs and descriptions say
    a few on every move."""
    return label(f"gain.{Stat(stat).value}", n=n)


def change_words(change: Mapping[Stat, int], nothing: str = "delta.none") -> list[Param]:
    """A change of the overview board in short signed words, each stat once in the board's order
    ("+1 cult., −2 food"); ``nothing`` names an empty change."""
    found: list[Param] = [delta(key, n) for s, key in DELTA_KEYS if (n := change.get(s, 0))]
    return found or [worded(nothing)]


@cache
def delta(key: str, n: int) -> Message:
    """One track's signed change (:func:`change_words`), made once: every placement, move and
    square of a menu says a few of them."""
    return msg(key, sign="+" if n > 0 else "−", n=abs(n))


@cache
def worded(key: str) -> Message:
    """A message without parameters, made once."""
    return label(key)


DELTA_KEYS: tuple[tuple[Stat, str], ...] = tuple((s, f"patchistory.delta.{s.value}") for s in STATS)
"""Each track with the catalogue key of its change (:func:`change_words`), worded for every
option of a menu."""


def worker_adds(ctx: Ctx, grid: Grid, cell: Cell) -> dict[Stat, int]:
    """What a worker on the space at ``cell`` adds: the symbols in its gold frames (p. 3)."""
    return {Stat(k): n for k, n in square_symbols(grid.squares[cell], ctx.content)[1].items()}


def token_change(ctx: Ctx, state: State, seat: Seat, cell: Cell, building: str | None) -> dict[Stat, int]:
    """What laying a building tile on the 1x1 space at ``cell`` changes on the overview board: its
    symbols (framed ones where a worker stands) replace the square's; ``None`` lays it Wasteland
    side up, showing nothing (p. 10)."""
    return token_changes(ctx, state, seat, building)(cell)


def token_changes(
    ctx: Ctx, state: State, seat: Seat, building: str | None
) -> Callable[[Cell], dict[Stat, int]]:
    """:func:`token_change` of ``building`` for any square of the seat's empire, its grid and
    worked spaces read once for every square of a menu."""
    p = state.players[seat]
    grid = grid_of(p, ctx.content)
    worked_keys = worked_spaces(p, grid)
    b = None if building is None else ctx.content.buildings_by_id[building]

    def change_at(cell: Cell) -> dict[Stat, int]:
        sq = grid.squares[cell]
        worked = sq.key in worked_keys
        old_shown, old_framed = square_symbols(sq, ctx.content)
        laid: list[tuple[Mapping[Stat, int], int]] = [(old_shown, -1)]
        if b is not None:
            laid += [(b.yields, 1), *(((old_framed, -1), (b.framed, 1)) if worked else ())]
        elif worked:
            laid.append((old_framed, -1))
        change = dict.fromkeys(STATS, 0)
        for symbols, sign in laid:
            for k, n in symbols.items():
                # A symbol's stat finds the track's own key (Stat is a StrEnum).
                change[k] += sign * n
        return change

    return change_at


def token_words(ctx: Ctx, state: State, seat: Seat, building: str | None) -> Callable[[Cell], Message]:
    """:func:`token_changes` in words for any square of the seat's empire, made once per square's
    face (its printed space, building and whether reclaimed), whether a worker stands there and the
    tile laid (``Ctx.words``): the same squares are offered round after round."""
    face = token_faces(ctx, state, seat, building)
    change_at = token_changes(ctx, state, seat, building)

    def words(cell: Cell) -> Message:
        key = face(cell)
        found = ctx.words.get(key)
        if found is None:
            found = ctx.words[key] = label("describe.square", change=change_words(change_at(cell)))
        return found

    return words


def token_faces(
    ctx: Ctx, state: State, seat: Seat, building: str | None
) -> Callable[[Cell], tuple[object, ...]]:
    """All that :func:`token_words` of a square are drawn from: its face (its printed space,
    building and whether reclaimed), whether a worker stands there and the tile laid."""
    p = state.players[seat]
    grid = grid_of(p, ctx.content)
    worked_keys = worked_spaces(p, grid)

    def face(cell: Cell) -> tuple[object, ...]:
        sq = grid.squares[cell]
        return ("token", id(sq.space), sq.building, sq.reclaimed, sq.key in worked_keys, building)

    return face


def spends(pp: int, **goods: int) -> list[Param]:
    """What an action costs, as words: its PP, then each good it takes ("1 PP, 2 food")."""
    return [label("cost.pp", n=pp), *[label(f"gain.{good}", n=n) for good, n in goods.items() if n]]


def name_key(name: str) -> str:
    """The catalogue key of a printed name ("Great Wall" → ``patchistory.place.great_wall``): names
    are said in the reader's language, as the Greek rulebook gives them."""
    return "patchistory.place." + "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_")


def tile_name(ctx: Ctx, tile: str) -> Message:
    """A land tile by its printed name; a tile without one (a test tile) by its id."""
    key = ("tile_name", tile)
    found = ctx.words.get(key)
    if found is None:
        name = ctx.content.tile_name(tile)
        found = ctx.words[key] = msg(name_key(name)) if name else label("place.unnamed", tile=tile)
    return found


def building_name(ctx: Ctx, building: str) -> Message:
    """A building tile by its kind as the rulebook names it (p. 3) and what it shows, worded once
    per tile (``Ctx.words``)."""
    key = ("building_name", building)
    found = ctx.words.get(key)
    if found is None:
        b = ctx.content.buildings_by_id[building]
        found = ctx.words[key] = label(
            "building_name", kind=f"@patchistory.building_kind.{b.type}", gains=gains(dict(b.yields))
        )
    return found


def per_era(era: int, costs: tuple[int, int, int]) -> int:
    """The bracketed "(a/b/c)" cost of the current era."""
    return costs[min(era, 3) - 1]


def stat(ctx: Ctx, state: State, seat: Seat, which: Stat) -> int:
    return stats(state.players[seat], seat, ctx.content, state.routes)[which]


def pay(goods: Goods, good: str, amount: int) -> int:
    """Take up to ``amount`` of ``good``; return the shortfall (culture never below 0, p. 6)."""
    have: int = getattr(goods, good)
    paid = min(have, amount)
    setattr(goods, good, have - paid)
    return amount - paid


def need(goods: Goods, good: str, amount: int, what: str) -> None:
    have = getattr(goods, good)
    if have < amount:
        raise fail(
            f"{what} needs {amount} {good}; you have {have}.",
            "short",
            need=amount,
            good=f"@patchistory.good.{good}",
            have=have,
        )


def cell_options(
    cells: list[Cell],
    make: Any,
    menu: list[str],
    prefix: str,
    key: str,
    describe: Callable[[int, int], Message],
    **params: Any,
) -> tuple[list[Option], bool]:
    """Options for choosing a square: all at once if they fit, else the row first (≤ 25 per step);
    ``describe(row, col)`` says what choosing a square gives.

    Returns the options and whether this level is a row menu.
    """
    picked_row = next((int(m.split(":")[1]) for m in menu if m.startswith(f"{prefix}row:")), None)
    if len(cells) <= MAX_MENU or picked_row is not None:
        chosen = [c for c in cells if picked_row is None or c[0] == picked_row]
        return [
            option(action=make(r, c), label=label(key, row=r, col=c, **params), description=describe(r, c))
            for r, c in chosen
        ], False
    rows = sorted({r for r, _ in cells})
    return row_options(rows, [r for r, _ in cells], prefix), True


def row_options(rows: list[int], each: list[int], prefix: str = "") -> list[Option]:
    """A row menu step for each of ``rows``, saying how many answers (one row each in ``each``)
    it opens."""
    return [
        option(
            action=pick(f"{prefix}row:{r}"),
            label=label("menu.row", row=r),
            description=label("describe.row", count=each.count(r)),
        )
        for r in rows
    ]


def in_turn_order(state: State, table_setting: bool) -> bool:
    """Administration and Movement are played at once unless the table or a player asked for turn
    order (p. 9, p. 11)."""
    return table_setting or state.in_turn_order


PICKS_KEPT = 1024
"""How many menu steps :func:`pick` keeps (a game's menus name a few hundred)."""


@lru_cache(maxsize=PICKS_KEPT)
def pick(choice: str) -> Pick:
    """The menu step ``choice`` (``Pick(choice=choice)``), made once (an action is frozen) and
    without validating it again: the menus offer the same steps move after move."""
    return construct(Pick, choice=choice)


def ask_turn_order_option(state: State, table_setting: bool, key: str) -> list[Option]:
    """The request any player may make while a step is played at once (p. 9, p. 11)."""
    if in_turn_order(state, table_setting):
        return []
    return [turn_order_request(key)]


@cache
def turn_order_request(key: str) -> Option:
    """The request for turn order, one option (frozen) made once per step."""
    return option(action=AskTurnOrder(), label=label(key), description=label("turn_order.description"))


def waits_for_turn(state: State, seat: Seat, busy: Any) -> bool:
    """In a step played in turn order, whether an earlier seat that still ``busy(seat)`` goes first."""
    for other in state.order():
        if other == seat:
            return False
        if busy(other):
            return True
    return False


@cache
def back() -> Option:
    """The way back up a menu: navigation, not an answer (one option, frozen, for every menu)."""
    return Option(
        action=Back(), label=label("menu.back"), description=label("describe.back"), navigation=True
    )
