"""A new person in a seat: a seat of a game under way is handed to another member of the server.

The table's creator hands a seat at once; any other seated player proposes it, and it goes ahead
once most of the players other than the seat's own (more than half of them) agree. Either way
the new person is then asked, and the seat is theirs only when they accept: from then on
everything the seat may see (private lines by DM, the panel, ``/game mine``, the record of
``/game export``) goes to them alone, its clock runs for them, a stand-in playing it leaves, and
the member who held it no longer has a seat there. The creator's own seat takes the creator's say
over the table with it (settings, handovers, giving the table up): the member who left the game
no longer runs it. The thread is told each step in plain words.

Refused in words: a seat that is a bot's, a person who already has a seat at the table, a bot, and
someone who is not a member of the table's server. One handover is under way at a table at a
time; a new proposal replaces it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.service import errors
from bot.service.core import TableCore
from bot.service.models import Line, Outcome, TableInfo
from bot.service.tables import Loaded
from rules.core import msg
from rules.core.messages import typed
from storage.records import Handover, SeatRow
from storage.repository import StorageError


@dataclass(frozen=True)
class Candidate:
    """The person a seat is to be handed to, as the server knows them."""

    user_id: int
    name: str
    bot: bool = False
    member: bool | None = True
    """Whether they are a member of the table's server (``None``: it could not be checked)."""


@dataclass(frozen=True)
class Handing:
    """Where a handover stands after a step: the table, the handover under way (``None`` once the
    seat changed hands or the offer was declined), the agreements still missing, and what the
    thread is told."""

    table: TableInfo
    handover: Handover | None
    missing: int
    outcome: Outcome
    previous_user_id: int | None = None
    """The member who held the seat, once it changed hands."""


def voters(t: Loaded, seat: int) -> list[SeatRow]:
    """The players whose agreement hands ``seat`` over: every person seated but the seat's own."""
    return [s for s in t.seats if s.user_id is not None and s.position != seat]


def needed(t: Loaded, seat: int) -> int:
    """More than half of :func:`voters`."""
    return len(voters(t, seat)) // 2 + 1


class HandoverCommands(TableCore):
    """``hand_over``, ``agree_handover``, ``accept_handover``, ``decline_handover``."""

    async def handover_under_way(self, table_id: int) -> Handover | None:
        return await self.repo.handover(table_id)

    async def hand_over(self, table_id: int, user_id: int, seat: int, to: Candidate) -> Handing:
        """Propose (a player) or decide (the creator) that ``seat`` goes to ``to``.

        :raises NotSeated: the proposer is neither seated nor the creator.
        :raises HandoverRefused: a bot's seat, a seat that does not exist, or a candidate who is a
            bot, is seated at the table already, or is not a member of the server.
        :raises GameOverError, NotStarted: the game is not under way.
        """
        async with self._locks[table_id]:
            await self._repair(table_id)
            t = await self._load(table_id)
            self._check_active(t)
            creator = user_id == t.row.creator_id
            if t.seat_of(user_id) is None and not creator:
                raise errors.NotSeated(f"You have no seat at table {table_id}.", table=table_id)
            held = next((s for s in t.seats if s.position == seat), None)
            if held is None or held.user_id is None:
                raise errors.HandoverRefused("Only a seat a person plays can be handed over.",
                                             key="service.handover_not_a_persons_seat")
            self._check_candidate(t, to)
            approvals = (user_id,) if any(v.user_id == user_id for v in voters(t, seat)) else ()
            handover = Handover(table_id, seat, to.user_id, to.name, user_id, self.clock(),
                                approvals=approvals, offered=creator)
            return await self._count(t, handover)

    async def agree_handover(self, table_id: int, user_id: int, seat: int, to_user_id: int) -> Handing:
        """Add ``user_id``'s agreement to the handover of ``seat`` to ``to_user_id``.

        :raises NoHandover: no such handover is under way (it was replaced, or is done).
        :raises HandoverRefused: the user is not one of the players who decide it.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            handover = await self._under_way(t, seat, to_user_id)
            if not any(v.user_id == user_id for v in voters(t, seat)):
                raise errors.HandoverRefused("Only the other players of the table decide this handover.",
                                             key="service.handover_not_a_voter")
            if user_id in handover.approvals or handover.offered:
                return Handing(t.info(), handover, self._missing(t, handover), Outcome(table=t.info()))
            agreed = Handover(handover.table_id, handover.seat, handover.to_user_id, handover.to_name,
                              handover.by_user_id, handover.created_at,
                              approvals=(*handover.approvals, user_id))
            return await self._count(t, agreed)

    async def accept_handover(self, table_id: int, user_id: int, seat: int, name: str, *,
                              locale: str = "en") -> Handing:
        """The person offered the seat takes it.

        :raises NoHandover: the seat is not offered to ``user_id`` (or no longer).
        :raises HandoverRefused: they have meanwhile taken another seat at the table.
        """
        async with self._locks[table_id]:
            await self._repair(table_id)
            t = await self._load(table_id)
            self._check_active(t)
            handover = await self._under_way(t, seat, user_id)
            if not handover.offered:
                raise errors.NoHandover("This seat is not offered to you.", key="service.no_handover")
            if t.seat_of(user_id) is not None:
                raise self._seated(name)
            old = next(s for s in t.seats if s.position == seat)
            handover_creator = t.row.creator_id
            await self.repo.mark_settled(table_id, None)  # until the settling below is written
            try:
                await self.repo.hand_seat(table_id, seat, user_id, name, locale)
            except StorageError as exc:  # seated meanwhile by another process
                raise self._seated(name) from exc
            t = await self._load(table_id)
            outcome = Outcome(table=t.info())
            outcome.public.append(Line(msg("service.handed_over", seat=seat, name=typed(old.name),
                                           number=seat + 1), seq=t.head))
            outcome.private[seat] = [Line(msg("service.your_seat", number=seat + 1), frozenset({seat}),
                                          seq=t.head)]
            if old.user_id == handover_creator:
                outcome.public.append(Line(msg("service.runs_the_table", seat=seat), seq=t.head))
                outcome.private[seat].append(Line(msg("service.you_run_the_table"), frozenset({seat}),
                                                  seq=t.head))
            head = t.head
            outcome = await self._settle(t, outcome, moved=set())
            if outcome.announce_through == head:  # no log entry to tell of: the thread is told as a lobby is
                outcome.announce_from = outcome.announce_through = None
            return Handing(outcome.table, None, 0, outcome, previous_user_id=old.user_id)

    async def decline_handover(self, table_id: int, user_id: int, seat: int) -> Handing:
        """The person offered the seat (or asked to be) says no; the handover is forgotten.

        :raises NoHandover: no such handover is under way for ``user_id``.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            handover = await self._under_way(t, seat, user_id)
            await self.repo.drop_handover(table_id)
            outcome = Outcome(table=t.info())
            outcome.public.append(Line(msg("service.handover_declined", who=typed(handover.to_name),
                                           seat=seat), seq=t.head))
            return Handing(t.info(), None, 0, outcome)

    async def _count(self, t: Loaded, handover: Handover) -> Handing:
        """Store ``handover``, offered once the creator decided it or enough players agreed, and
        say where it stands."""
        if len(handover.approvals) >= needed(t, handover.seat):
            handover = Handover(handover.table_id, handover.seat, handover.to_user_id, handover.to_name,
                                handover.by_user_id, handover.created_at, handover.approvals, offered=True)
        await self.repo.put_handover(handover)
        outcome = Outcome(table=t.info())
        missing = self._missing(t, handover)
        who = typed(handover.to_name)
        if handover.offered:
            line = msg("service.handover_offered", seat=handover.seat, who=who)
        else:
            line = msg("service.handover_proposed", seat=handover.seat, who=who, missing=missing)
        outcome.public.append(Line(line, seq=t.head))
        return Handing(t.info(), handover, missing, outcome)

    def _missing(self, t: Loaded, handover: Handover) -> int:
        return 0 if handover.offered else max(0, needed(t, handover.seat) - len(handover.approvals))

    async def _under_way(self, t: Loaded, seat: int, to_user_id: int) -> Handover:
        handover = await self.repo.handover(t.row.id)
        if handover is None or handover.seat != seat:
            raise errors.NoHandover("That handover is no longer under way.", key="service.no_handover")
        if handover.to_user_id != to_user_id:
            raise errors.NoHandover("This seat is offered to someone else.", key="service.handover_not_yours")
        return handover

    def _check_candidate(self, t: Loaded, to: Candidate) -> None:
        if to.bot:
            raise errors.HandoverRefused("A seat is handed to a person, not to a bot.",
                                         key="service.handover_to_bot")
        if to.member is False:
            raise errors.HandoverRefused(f"{to.name} is not a member of this server.",
                                         key="service.handover_not_member", name=typed(to.name))
        if t.seat_of(to.user_id) is not None:
            raise self._seated(to.name)

    @staticmethod
    def _seated(name: str) -> errors.HandoverRefused:
        return errors.HandoverRefused(f"{name} already has a seat at this table.",
                                      key="service.handover_seated", name=typed(name))


__all__ = ["Candidate", "Handing", "HandoverCommands", "needed", "voters"]
