"""Menus folded into one: a step that opens a smaller menu is replaced by that menu's answers while
they all still fit one menu of 25, so that a seat answers in one tap what would take two.

A menu step is a :class:`Pick`; a folded one names the steps it stands for joined by ``/``
(``"build/b:0"``: Build Building, then the first building tile), and takes the seat to the same
menu the steps one by one would have. Nothing here decides what is legal: the answers offered are
those the unfolded menus offer, and each phase's rules check them as before.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rules.core import MAX_OPTIONS, Message, Option, Prompt, Seat
from rules.core.memo import Memo
from rules.core.unchecked import construct, option, with_options
from rules.patchistory.actions import Pick
from rules.patchistory.common import label
from rules.patchistory.state import State

SEPARATOR = "/"
"""Joins the steps a folded menu step stands for."""

Ask = Callable[[State, Seat], Prompt | None]

Opens = Sequence[Option] | None
"""The answers a menu step opens (:func:`submenu`)."""


Keys = Callable[[str], Hashable | None]
"""What the answers of a menu step are kept by, by the step's choice (``None`` where it cannot be
said), read for one seat of one state (:class:`Kept`)."""

Counts = Callable[[str], int | None]
"""How many answers a menu step opens, by the step's choice, where they can be counted without
drawing them (else ``None``), read for one seat of one state (:class:`Kept`)."""


class Kept:
    """Submenus kept by a narrower key than the whole state: ``keys(state, seat)`` reads, once a
    fold, what the seat's steps are kept by: for the step ``choice``, all that its answers are
    drawn from, or ``None`` where it cannot say (they are then drawn again). ``worded`` keeps, for
    the last few steps folded, their answers worded as answers of the step (:func:`inside`), by
    the step's key: a fold after an action that leaves the step alone finds them again instead of
    wording each afresh (:func:`worded`). ``count(state, seat)``, where given and not ``None``,
    says how many answers a step opens where they can be counted without drawing them, none of
    them offered by another step (else ``None``): a fold draws such a step's answers only once it
    is replaced by them."""

    def __init__(
        self, keys: Callable[[State, Seat], Keys], memo: Memo[Any, Opens],
        count: Callable[[State, Seat], Counts | None] | None = None,
    ) -> None:
        self.keys = keys
        self.memo = memo
        self.count = count
        self.worded: Memo[Any, tuple[Option, Opens, tuple[Option, ...]]] = Memo(WORDED)


WORDED = 64
"""How many steps' worded answers :class:`Kept` holds: the steps of the menus of the seats
asked now, not every menu seen (a long-lived cache of options is one the collector goes through
on every full pass)."""


def fold(
    state: State, seat: Seat, prompt: Prompt, ask: Ask, kept: Kept | None = None, *, one_way: bool = False
) -> Prompt:
    """``prompt`` with its menu steps replaced by the answers they open, smallest menus first,
    while the whole still fits one menu; a step opening a number range stays a step. An answer
    the menu already offers (such as "Keep the rest unpatched" beside each row) is not repeated.
    With ``kept``, each step's answers are looked up by their own key first. With ``one_way``,
    the caller knows that every answer is reached by one way down the menu only (a step's
    answers are then never offered by the menu already), and they are not checked."""
    options = list(prompt.options)
    # What each step opens (:data:`Found`), by its choice.
    opens: dict[str, Found | None] = {}
    # Where a step's answers were found by its key: the key and every answer it opens.
    found_by: dict[str, tuple[Hashable, Opens]] = {}
    # The menu's steps (a step not for navigation) in order, each with its place in ``options``
    # and what it opens, and those not looked up yet: a replacement takes one step away, brings
    # the steps among its answers and moves the places after it. Read in place, without a call
    # for each option: most prompts folded have no step at all.
    steps: list[list[Any]] = [
        [i, o, None] for i, o in enumerate(options) if not o.navigation and isinstance(o.action, Pick)
    ]
    if not steps:
        return prompt
    fresh = steps
    # The actions ``options`` offer (:func:`by_kind`), read once an answer is to be checked and
    # kept up to date with each replacement.
    kinds: Kinds | None = None
    key_of = None if kept is None else kept.keys(state, seat)
    count_of = None if kept is None or kept.count is None else kept.count(state, seat)
    replaced = False
    while True:
        for entry in fresh:
            step = entry[1]
            choice = step.action.choice
            if choice not in opens:
                counted = None if count_of is None else count_of(choice)
                if counted is not None:
                    opens[choice] = (step, None, counted) if counted else None
                else:
                    # :func:`submenu_by_key`, written out: some twenty steps a fold.
                    key = None if key_of is None else key_of(choice)
                    if key is None:
                        inner = drawn(state, seat, choice, ask)
                    else:
                        assert kept is not None
                        inner = kept.memo.get(key, UNKEPT)
                        if inner is UNKEPT:
                            inner = kept.memo.put(key, drawn(state, seat, choice, ask))
                        found_by[choice] = (key, inner)
                    answers: Sequence[Option] | None
                    if inner is None or one_way:
                        answers = inner
                    else:
                        if kinds is None:
                            kinds = by_kind(options)
                        # An answer an option of the menu offers already is not offered again.
                        answers = [o for o in inner if not offered(o.action, kinds)]
                    opens[choice] = None if answers is None else (step, answers, len(answers))
            entry[2] = opens[choice]
        # The smallest menu that fits in place of its step, the first of equals.
        least = MAX_OPTIONS + 2 - len(options)
        best: Found | None = None
        nth = 0
        for n, entry in enumerate(steps):
            found = entry[2]
            if found is not None and found[2] < least:
                best, nth, least = found, n, found[2]
        if best is None:
            break
        step, drawn_answers, count = best
        assert isinstance(step.action, Pick)
        if drawn_answers is None:
            # Counted without drawing: drawn now that the step is replaced by them.
            key, inner = submenu_by_key(state, seat, step.action.choice, ask, kept, key_of)
            if key is not None:
                found_by[step.action.choice] = (key, inner)
            assert inner is not None and len(inner) == count, (step.action.choice, count)
            drawn_answers = inner
        by = found_by.get(step.action.choice)
        if by is None or kept is None:
            brought = [inside(step, o) for o in drawn_answers]
        else:
            brought = worded(kept, by[0], step, by[1], drawn_answers)
        at = steps[nth][0]
        if kinds is not None:
            offer(kinds, options[at].action, -1)
            for o in brought:
                offer(kinds, o.action, 1)
        options[at : at + 1] = brought
        replaced = True
        fresh = [
            [at + k, o, None]
            for k, o in enumerate(brought)
            if not o.navigation and isinstance(o.action, Pick)
        ]
        moved = len(brought) - 1
        if moved:
            for entry in steps[nth + 1 :]:
                entry[0] += moved
        steps[nth : nth + 1] = fresh
    if not replaced:
        return prompt
    # A replacement leaves the menu changed: its step's choice goes, and every answer it brings
    # is a longer one (``inside``) or no step at all.
    return with_options(prompt, options)


UNKEPT: Any = object()
"""What :class:`Kept`'s memo gives for a step it holds nothing for (``None`` is a step's answers
where it opens a number or nothing)."""


Found = tuple[Option, Sequence[Option] | None, int]
"""What a step opens in a fold: the step, its answers not offered already (``None`` where
counted and not drawn yet) and how many."""


Kinds = dict[type, dict[tuple[object, ...], int]]
"""The actions a menu offers, each kind's as the values of their fields, with how many options
offer each (:func:`by_kind`)."""


def by_kind(options: list[Option]) -> Kinds:
    """The actions ``options`` offer, by their kind, each as the values of its fields
    (:func:`offered`)."""
    kinds: Kinds = {}
    for o in options:
        offer(kinds, o.action, 1)
    return kinds


def offer(kinds: Kinds, action: object, n: int) -> None:
    """``n`` more options (or fewer, ``n`` below zero) offering ``action`` in ``kinds``."""
    counts = kinds.setdefault(type(action), {})
    fields = tuple(action.__dict__.values())
    left = counts.get(fields, 0) + n
    if left:
        counts[fields] = left
    else:
        del counts[fields]


def offered(action: object, kinds: Kinds) -> bool:
    """Whether the options gone through by :func:`by_kind` offer ``action`` already; actions of
    another kind are never compared (a model's comparison is slow and most answers differ in kind
    from the steps beside them). Two actions of one kind are compared by the values of their
    fields, each kind's looked up at once: an action holds nothing else (no private or extra
    attributes), its fields are numbers, strings and booleans, and every action of a kind holds
    them in the model's order (validated or built unchecked alike), so this is the models'
    equality."""
    found = kinds.get(type(action))
    return found is not None and tuple(action.__dict__.values()) in found


def submenu(state: State, seat: Seat, choice: str, ask: Ask, kept: Kept | None = None) -> Opens:
    """The answers the menu step ``choice`` opens, or ``None`` when it opens a number range or
    nothing (it then stays a step of its own); with ``kept``, found by the step's own key."""
    return submenu_by_key(state, seat, choice, ask, kept)[1]


def submenu_by_key(
    state: State, seat: Seat, choice: str, ask: Ask, kept: Kept | None = None, key_of: Keys | None = None
) -> tuple[Hashable | None, Opens]:
    """:func:`submenu` with the step's own key it was found by (``None`` when drawn afresh);
    ``key_of`` is ``kept.keys(state, seat)`` where read already."""
    key = None if kept is None else (key_of or kept.keys(state, seat))(choice)
    if key is None:
        return None, drawn(state, seat, choice, ask)
    assert kept is not None
    return key, kept.memo.kept(key, lambda: drawn(state, seat, choice, ask))


def worded(kept: Kept, key: Hashable, step: Option, opened: Opens, answers: Sequence[Option]) -> list[Option]:
    """``answers`` (some of ``opened``, in its order) worded as answers of ``step``
    (:func:`inside`), each step's words kept by its key while the same answers are opened by a
    step that says the same: what :func:`inside` reads of it, its choice, name and description."""
    assert opened is not None
    entry = kept.worded.get(key)
    if entry is None or entry[1] is not opened or not same_step(entry[0], step):
        entry = kept.worded.put(key, (step, opened, tuple(inside(step, o) for o in opened)))
    elif entry[0] is not step:
        # The same words, kept with the step asked now: the next fold finds it by identity (a
        # step worded again by its own step's words is a new object saying the same).
        entry = kept.worded[key] = (step, opened, entry[2])
    if len(answers) == len(opened):
        return list(entry[2])
    wanted = {id(o) for o in answers}
    return [w for o, w in zip(opened, entry[2], strict=True) if id(o) in wanted]


def same_step(a: Option, b: Option) -> bool:
    """Whether two menu steps word their answers alike (:func:`inside`)."""
    if a is b:
        return True
    pa, pb = a.action, b.action
    assert isinstance(pa, Pick) and isinstance(pb, Pick)
    return (
        pa.choice == pb.choice and same_words(a.label, b.label) and same_words(a.description, b.description)
    )


def same_words(a: Message | None, b: Message | None) -> bool:
    """Whether two messages are equal, as their equality finds it (their key and parameters by
    value), looking at a shared message once rather than at each level: a folded step's name holds
    its step's name and its own, and a step worded afresh by a new fold is a new object saying the
    same."""
    if a is b:
        return True
    if a is None or b is None or a.key != b.key:
        return False
    pa, pb = a.params, b.params
    if pa.keys() != pb.keys():
        return False
    for name, value in pa.items():
        other = pb[name]
        if value is other:
            continue
        if type(value) is Message and type(other) is Message:
            if not same_words(value, other):
                return False
        elif value != other:
            return False
    return True


def drawn(state: State, seat: Seat, choice: str, ask: Ask) -> Opens:
    """:func:`submenu` drawn from the state: the seat's prompt one step further down."""
    p = state.players[seat]
    kept = p.menu
    p.menu = [*kept, choice]
    try:
        inner = ask(state, seat)
    finally:
        p.menu = kept
    if inner is None or inner.number is not None:
        return None
    answers = tuple(o for o in inner.options if not o.navigation)
    return answers or None


def inside(step: Option, answer: Option) -> Option:
    """An answer of the menu ``step`` opens, offered in place of the step."""
    assert isinstance(step.action, Pick)
    action = answer.action
    if isinstance(action, Pick):
        action = construct(Pick, choice=f"{step.action.choice}{SEPARATOR}{action.choice}")
    return option(
        action=action,
        label=joined(step.label, answer.label),
        description=answer.description or step.description,
    )


def joined(head: Message, choice: Message) -> Message:
    """"Build Building: Tile 1 …": the step's name before the answer, unless they say the same
    (two messages with different keys never do: their keys are compared first, the models'
    equality only where they share one)."""
    if head is choice or (head.key == choice.key and head == choice):
        return choice
    return label("menu.folded", head=head, choice=choice)
