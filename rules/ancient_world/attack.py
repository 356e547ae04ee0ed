"""Attacking a Titan (§8): paying Military cards, the attack total, and the resolution steps.

An attack is accepted only if its total reaches the Titan's defence, checked before any payment
(I-13), so the prompts only offer cards that still lead to a winning, payable selection.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from rules.ancient_world import city
from rules.ancient_world.content import Content, MilitaryCard
from rules.ancient_world.effects import event, gain_card_symbols, push, refuse, step
from rules.ancient_world.state import Army, State, StepKind
from rules.core import Event, Seat


def top_titan(state: State, deck: int) -> str | None:
    """The face-up top card of the Titan deck with ``deck`` stars, if any (§8.1)."""
    if deck not in (1, 2, 3):
        return None
    cards = state.titan_decks[deck - 1]
    return cards[0] if cards and state.titan_face_up[deck - 1] else None


def _front(card: MilitaryCard, arrows_allowed: bool) -> int:
    return card.swords + (card.arrows if arrows_allowed else 0)


def _legacy(card: MilitaryCard, arrows_allowed: bool) -> int:
    return card.legacy_swords + (card.legacy_arrows if arrows_allowed else 0)


def army_attack(content: Content, army: Army, arrows_allowed: bool) -> int:
    """What paying for this army's active card adds: its front symbols and every Legacy beneath."""
    value = _front(content.military_card(army.active), arrows_allowed)
    return value + sum(_legacy(content.military_card(c), arrows_allowed) for c in army.retired)


def attack_total(content: Content, state: State, seat: Seat, armies: list[int], titan_id: str) -> int:
    """Paid cards with their Legacies + permanent symbols + Conscription (§8.3, I-8)."""
    player = state.players[seat]
    allowed = content.titan(titan_id).arrows_allowed
    paid = sum(army_attack(content, player.armies[i], allowed) for i in armies)
    return paid + city.permanent_attack(content, player, allowed) + player.conscription


def selection_cost(state: State, seat: Seat, armies: list[int]) -> int:
    player = state.players[seat]
    return sum(player.armies[i].use_cost for i in armies)


def unused_armies(state: State, seat: Seat) -> list[int]:
    """Active cards with no coins in their name area (§8.2, I-49)."""
    return [i for i, a in enumerate(state.players[seat].armies) if not a.used]


def winning(content: Content, state: State, seat: Seat, armies: list[int], titan_id: str) -> bool:
    """At least one card, payable, and enough to defeat the Titan."""
    return (bool(armies) and selection_cost(state, seat, armies) <= state.players[seat].coins
            and attack_total(content, state, seat, armies, titan_id) >= content.titan(titan_id).defence)


class Strength(NamedTuple):
    """What each army adds to an attack on one Titan and costs to use, and the rest of the sum."""

    attack: list[int]
    cost: list[int]
    base: int
    """Permanent symbols + Conscription (§8.3, I-8)."""
    coins: int
    defence: int

    def wins(self, armies: tuple[int, ...] | list[int]) -> bool:
        """:func:`winning`, from the figures found once."""
        cost, total = 0, self.base
        for i in armies:
            cost += self.cost[i]
            total += self.attack[i]
        return bool(armies) and cost <= self.coins and total >= self.defence

    def ways(self, unused: list[int]) -> list[tuple[int, ...]]:
        """Every set of the ``unused`` armies that defeats the Titan and can be paid for, smallest
        first."""
        return [c for size in range(1, len(unused) + 1) for c in combinations(unused, size) if self.wins(c)]


def strength(content: Content, state: State, seat: Seat, titan_id: str) -> Strength:
    """Each army's attack and cost and the rest of the sum against one Titan, found once for all the
    selections tried."""
    player = state.players[seat]
    titan = content.titan(titan_id)
    allowed = titan.arrows_allowed
    return Strength([army_attack(content, army, allowed) for army in player.armies],
                    [army.use_cost for army in player.armies],
                    city.permanent_attack(content, player, allowed) + player.conscription,
                    player.coins, titan.defence)


def titan_strengths(content: Content, state: State, seat: Seat) -> list[tuple[int, str, Strength]]:
    """Each face-up Titan's deck and id and :func:`strength` against it, the armies summed once for
    the Titans that allow arrows and once for those that do not."""
    out: list[tuple[int, str, Strength]] = []
    summed: dict[bool, Strength] = {}
    for deck in (1, 2, 3):
        titan_id = top_titan(state, deck)
        if titan_id is not None:
            titan = content.titan(titan_id)
            power = summed.get(titan.arrows_allowed)
            if power is None:
                power = summed[titan.arrows_allowed] = strength(content, state, seat, titan_id)
            against = Strength(power.attack, power.cost, power.base, power.coins, titan.defence)
            out.append((deck, titan_id, against))
    return out


Attacks = list[tuple[int, str, Strength, list[tuple[int, ...]]]]


def turn_attacks(content: Content, state: State, seat: Seat, held: city.Facts | None = None) -> Attacks:
    """Each face-up Titan the seat can defeat now: its deck and id, :func:`strength` against it and
    every winning way to pay (:meth:`Strength.ways`), in deck order. What does not depend on the
    coins (each army's figures against each Titan, and the sets of armies strong enough, with what
    each costs) is kept by the figures it is found from (the Titans shown, each army's cards and
    coins, the permanent swords and arrows, Conscription), since a player's armies change far less
    often than their coins; the sets the coins pay for are then picked out. ``held``: the seat's
    :func:`rules.ancient_world.city.facts`, found already."""
    player = state.players[seat]
    armies = player.armies
    if not armies or all(army.name_coins > 0 for army in armies):
        return []
    up, decks = state.titan_face_up, state.titan_decks
    tops = (decks[0][0] if decks[0] and up[0] else None, decks[1][0] if decks[1] and up[1] else None,
            decks[2][0] if decks[2] and up[2] else None)
    sums = (held or city.facts(content, player)).sums
    key = ("attacks", tops, tuple([(army.cards, army.name_coins, army.picture_coins) for army in armies]),
           sums["swords"], sums["arrows"], player.conscription)
    memo = content.memo
    found = memo.get(key)
    if found is None:
        found = memo[key] = _strong_enough(content, state, seat)
    coins = player.coins
    out: Attacks = []
    for deck, titan_id, power, strong in found:  # type: ignore[attr-defined]
        ways = [way for way, cost in strong if cost <= coins]
        if ways:
            out.append((deck, titan_id, power._replace(coins=coins), ways))
    return out


def _strong_enough(content: Content, state: State, seat: Seat,
                   ) -> tuple[tuple[int, str, Strength, list[tuple[tuple[int, ...], int]]], ...]:
    """Each face-up Titan's deck, id and :func:`strength`, with every set of unused armies whose
    attack total defeats it, smallest first, and what each set costs."""
    unused = unused_armies(state, seat)
    out = []
    for deck, titan_id, power in titan_strengths(content, state, seat):
        strong = []
        for size in range(1, len(unused) + 1):
            for armies in combinations(unused, size):
                if power.base + sum(power.attack[i] for i in armies) >= power.defence:
                    strong.append((armies, sum(power.cost[i] for i in armies)))
        out.append((deck, titan_id, power, strong))
    return tuple(out)


def completable(content: Content, state: State, seat: Seat, chosen: list[int], titan_id: str) -> bool:
    """Whether some winning selection contains ``chosen``."""
    rest = [i for i in unused_armies(state, seat) if i not in chosen]
    power = strength(content, state, seat, titan_id)
    for size in range(len(rest) + 1):
        for extra in combinations(rest, size):
            if power.wins(sorted([*chosen, *extra])):
                return True
    return False


def winning_selections(content: Content, state: State, seat: Seat, titan_id: str) -> list[list[int]]:
    """Every set of unused armies that defeats the Titan and can be paid for, smallest first."""
    return [list(c) for c in strength(content, state, seat, titan_id).ways(unused_armies(state, seat))]


def can_attack(content: Content, state: State, seat: Seat, deck: int) -> bool:
    titan_id = top_titan(state, deck)
    return titan_id is not None and completable(content, state, seat, [], titan_id)


def payable_next(content: Content, state: State, seat: Seat, chosen: list[int], titan_id: str) -> list[int]:
    """Armies that may be added to the selection and still lead to a winning attack."""
    return [i for i in unused_armies(state, seat)
            if i not in chosen and completable(content, state, seat, [*chosen, i], titan_id)]


def resolve(content: Content, state: State, seat: Seat, deck: int, armies: list[int]) -> list[Event]:
    """Pay, take the Titan, and queue repair → damage roll → spoils/spy/reveal (§8.2, §8.4).

    :raises RuleError: when the selection does not defeat the Titan or cannot be paid (I-13).
    """
    titan_id = top_titan(state, deck)
    if titan_id is None:
        raise refuse("There is no face-up Titan in that deck.", "no_titan", deck=deck)
    titan = content.titan(titan_id)
    player = state.players[seat]
    if not winning(content, state, seat, armies, titan_id):
        total = attack_total(content, state, seat, armies, titan_id) if armies else 0
        raise refuse(f"That attack is not enough: {total} against a defence of {titan.defence}, or you "
                     "cannot pay for it.", "attack_short", total=total, defence=titan.defence)
    spoils = spy = repairs = 0
    for i in armies:
        army = player.armies[i]
        cost = army.use_cost
        player.coins -= cost
        player.armies[i] = army.model_copy(update={"name_coins": army.name_coins + cost})
        front = content.military_card(army.active)
        spoils, spy, repairs = spoils + front.spoils, spy + front.spy, repairs + front.repair
        for retired in army.retired:
            legacy = content.military_card(retired)
            spoils += legacy.legacy_spoils
            spy += legacy.legacy_spy
            repairs += legacy.legacy_repair
    total = attack_total(content, state, seat, armies, titan_id)
    state.titan_decks[deck - 1].pop(0)
    state.titan_face_up[deck - 1] = False
    player.titans.append(titan_id)
    dice = sum(titan.banners.values())
    events = [event("titan_defeated", seat=seat, titan=titan.name, total=total, defence=titan.defence,
                    data={"titan": titan_id, "armies": armies})]
    events += gain_card_symbols(content, state, seat, titan.citizens)
    push(state,
         step(StepKind.REPAIR, seat, count=repairs, source="military"),
         step(StepKind.ROLL, seat, count=dice),
         step(StepKind.AFTER_ATTACK, seat, count=spoils, picks=[spy], deck=deck))
    return events


def roll(content: Content, state: State, seat: Seat, dice: int) -> list[Event]:
    """Roll the damage die once per banner (§8.5): coins are lost at once, titan symbols are queued as
    damage choices, then the army limit is checked (§8.6)."""
    player = state.players[seat]
    faces = [state.rng.below(len(content.damage_die)) for _ in range(dice)]
    titans = sum(content.damage_die[f].titans for f in faces)
    coin_symbols = sum(content.damage_die[f].coins for f in faces)
    lost = min(coin_symbols, player.coins)
    player.coins -= lost
    shown = [[content.damage_die[f].titans, content.damage_die[f].coins] for f in faces]
    events = [event("damage_roll", seat=seat, dice=dice, titans=titans, coins=lost, reveals=True,
                    data={"faces": shown})]
    push(state, step(StepKind.DAMAGE, seat, count=titans), step(StepKind.ARMY_CHECK, seat))
    return events


def after(content: Content, state: State, seat: Seat, spoils: int, spy: int, deck: int) -> list[Event]:
    """Spoils and Spy after the dice (I-15), then the next Titan of that deck is turned up (I-14)."""
    player = state.players[seat]
    player.coins += spoils
    player.knowledge += spy
    events = []
    if spoils or spy:
        events.append(event("spoils", seat=seat, coins=spoils, knowledge=spy))
    state.titan_face_up[deck - 1] = True
    top = state.titan_decks[deck - 1]
    if top:
        events.append(event("titan_revealed", stars=deck, titan=content.titan(top[0]).name, reveals=True))
    else:
        events.append(event("titan_deck_empty", stars=deck))
    return events
