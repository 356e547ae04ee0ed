"""When a move may be taken back.

A player may take back their own last move (and the bot moves that followed it) on their own only
while nothing hidden has come out since: no event of that move or a later one has
``reveals=True`` (a roll, a draw, secret commitments revealed), and no other person's seat has
moved since, neither by its player nor for them (a timeout default taken, or a stand-in bot's
move: the seat's player did not choose to have it taken back). Otherwise seeing the outcome and
retrying would be possible, or another seat's move undone behind its back, so every other person
at the table must consent (:meth:`UndoCommands.request_undo`, :meth:`UndoCommands.consent_undo`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service import errors
from bot.service.core import TableCore, tell
from bot.service.models import Line, Outcome, Picture
from bot.service.tables import (
    UNDONE,
    UNDONE_MANY,
    Loaded,
    effective_since,
    is_person,
    played_for_person,
    service_event,
    user_actor,
)
from rules.core import Message, Seat, msg
from storage.records import Entry, NewEntry, Vote
from storage.repository import StaleWrite


@dataclass(frozen=True)
class UndoPlan:
    """The entries an undo would cancel, and whether the player may do it alone."""

    seqs: tuple[int, ...]
    alone: bool
    """No reveal and no other person's move since: no consent needed."""


def plan_undo(effective: Sequence[Entry], user_id: int) -> UndoPlan | None:
    """The undo of ``user_id``'s last move in the effective log, or ``None`` if they have none."""
    actor = user_actor(user_id)
    last = next((i for i in range(len(effective) - 1, -1, -1) if effective[i].actor == actor), None)
    if last is None:
        return None
    cancelled = effective[last:]
    seat = effective[last].seat
    revealed = any(event.reveals for e in cancelled for event in e.events)
    others_moved = any(is_person(e.actor) or (played_for_person(e.actor) and e.seat != seat)
                       for e in cancelled[1:])
    return UndoPlan(seqs=tuple(e.seq for e in cancelled), alone=not revealed and not others_moved)


def undone_message(seat: Seat, moves: int) -> Message:
    """What an undo tells: who takes back how many moves (their own and every one after it that
    it cancels), so the table reads why the board went back further than one move."""
    return msg(UNDONE, seat=seat) if moves == 1 else msg(UNDONE_MANY, seat=seat, count=moves)


class UndoCommands(TableCore):
    """Taking a move back, alone or with the other players' consent."""

    async def undo(self, table_id: int, user_id: int) -> Outcome:
        """Take back the user's last move (and the bot moves that followed it).

        Allowed alone only while nothing hidden came out since that move (no event with
        ``reveals=True``) and no other person has moved since; otherwise the other players must
        consent (:meth:`request_undo`, :meth:`consent_undo`).

        :raises UndoRefused: nothing to undo, or consent is needed (the sentence says which).
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_active(t)
            seat = self._seat(t, user_id)
            plan = await self._plan(t, user_id)
            if not plan.alone:
                raise errors.UndoRefused(
                    "Something new has been revealed or another player has moved since; every other "
                    "player must agree to the undo.", key="service.undo_needs_consent")
            return await self._carry_out_undo(t, seat.position, user_id, plan)

    async def request_undo(self, table_id: int, user_id: int) -> Outcome:
        """Ask every other person at the table to consent to undoing the user's last move.

        When no consent is needed (see :meth:`undo`) or there is nobody to ask, the undo happens
        at once.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_active(t)
            seat = self._seat(t, user_id)
            plan = await self._plan(t, user_id)
            others = [s for s in t.seats if s.user_id is not None and s.user_id != user_id]
            if plan.alone or not others:
                return await self._carry_out_undo(t, seat.position, user_id, plan)
            await self.repo.clear_votes(table_id, "undo")
            await self.repo.add_vote(Vote(table_id, "undo", user_id, t.head, self.clock(), role="request"))
            outcome = Outcome(table=t.info(), waiting=await self._waiting(t))
            outcome.public.append(Line(msg("service.undo_requested", seat=seat.position), seq=t.head))
            return outcome

    async def consent_undo(self, table_id: int, user_id: int) -> Outcome:
        """Consent to the open undo request; the last consent carries it out.

        :raises NoUndoRequest: none open, or the table moved on since it was made.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_active(t)
            seat = self._seat(t, user_id)
            votes = await self.repo.votes(table_id, "undo")
            request = next((v for v in votes if v.role == "request" and v.seq == t.head), None)
            requester = t.seat_of(request.user_id) if request is not None else None
            if request is None or requester is None:
                raise errors.NoUndoRequest("There is no open undo request at this table.")
            if request.user_id == user_id:
                raise errors.UndoRefused("You asked for this undo; the other players must agree.",
                                         key="service.undo_own_request")
            await self.repo.add_vote(Vote(table_id, "undo", user_id, t.head, self.clock()))
            agreed = {v.user_id for v in votes if v.seq == t.head} | {user_id}
            missing = [s for s in t.seats if s.user_id is not None and s.user_id not in agreed]
            if missing:
                outcome = Outcome(table=t.info(), waiting=await self._waiting(t))
                outcome.public.append(Line(msg("service.undo_consented", seat=seat.position,
                                               missing=len(missing)), seq=t.head))
                return outcome
            plan = await self._plan(t, request.user_id)
            return await self._carry_out_undo(t, requester.position, request.user_id, plan)

    async def _plan(self, t: Loaded, user_id: int) -> UndoPlan:
        """The undo of the user's last move, read from that move on (not the whole log)."""
        last_move = min(await self.repo.last_action_by(t.row.id, user_actor(user_id)), t.head)
        plan = plan_undo(await effective_since(self.repo, t, max(last_move - 1, 0)), user_id)
        if plan is None:
            raise errors.UndoRefused("You have no move to take back.", key="service.undo_nothing")
        return plan

    async def _carry_out_undo(self, t: Loaded, seat: Seat, user_id: int, plan: UndoPlan) -> Outcome:
        entry = NewEntry(kind="undo", seat=seat, actor=user_actor(user_id), payload_json="{}",
                         undoes=plan.seqs, events=(service_event(undone_message(seat, len(plan.seqs))),))
        await self.repo.drop_snapshots(t.row.id, min(plan.seqs))
        try:
            await self.repo.append(t.row.id, t.head, [entry], self.clock())
        except StaleWrite:
            raise errors.StaleAction(
                "This prompt is out of date: the table has moved on. Open it again.") from None
        await self.repo.clear_votes(t.row.id, "undo")
        before = t.head
        (lines,) = self._told(t.row.id, before, [entry])
        t = await self._keep_snapshot(await self._load(t.row.id))
        outcome = Outcome(table=t.info())
        tell(outcome, lines)
        outcome.pictures.append(Picture(seat))
        return await self._settle(t, outcome, moved={seat}, since=before)


__all__ = ["UndoCommands", "UndoPlan", "plan_undo", "undone_message"]
