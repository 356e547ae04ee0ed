"""Playing: a person's move, the decision they owe, what their seat may see, and the table's log."""

from __future__ import annotations

from typing import Any

from bot.service import errors
from bot.service.core import MAX_RETRIES, TableCore, tell
from bot.service.models import DIGEST_LINES, BoardView, Line, Outcome, SeatPrompt, TableStatus
from bot.service.tables import (
    effective_since,
    last_visible_lines,
    stored,
    user_actor,
)
from bot.service.undo import plan_undo
from rules.core import Message
from storage.records import NewEntry
from storage.repository import StaleWrite


class PlayCommands(TableCore):
    """A move, the prompt a person owes, their view, the table's status and its log."""

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Any,
        *,
        expected_seq: int | None = None,
    ) -> Outcome:
        """Play ``action`` (the engine's action model, a mapping or JSON text) for the user's seat.

        The entry and its events are committed before this returns; then bot seats and stand-ins
        play until a person owes a decision. With ``expected_seq`` (the :attr:`SeatPrompt.seq`
        the user answered), an action on a table that moved on since is refused as out of date.
        Without it, a write lost to another process is retried on the reloaded table.

        :raises NoSuchTable, NotStarted, GameOverError, NotSeated, StandingIn, NotYourTurn,
            StaleAction:
        :raises RuleError: the rules forbid the action (state and log untouched).
        """
        async with self._locks[table_id]:
            await self._repair(table_id)
            for _ in range(MAX_RETRIES):
                t = await self._load(table_id)
                self._check_active(t)
                seat = self._seat(t, user_id)
                if expected_seq is not None and expected_seq != t.head:
                    raise errors.StaleAction(
                        "This prompt is out of date: the table has moved on. Open it again.")
                if seat.stand_in is not None:
                    raise errors.StandingIn("A stand-in bot is playing your seat; take it back first.")
                if seat.position not in t.pending():
                    raise errors.NotYourTurn("It is not your turn yet.")
                assert t.state is not None
                parsed = t.engine.parse_action(action)
                state, events = t.engine.apply(t.state, seat.position, parsed)
                entry = NewEntry(kind="action", seat=seat.position, actor=user_actor(user_id),
                                 payload_json=t.engine.dump_action(parsed), events=stored(events))
                before = t.head
                try:
                    (told,) = await self._append(t, [entry], state)
                except StaleWrite:
                    if expected_seq is not None:
                        raise errors.StaleAction(
                            "This prompt is out of date: the table has moved on. Open it again.") from None
                    continue
                async with self._committed(table_id):
                    t = await self._load(table_id)
                outcome = Outcome(table=t.info())
                tell(outcome, told)
                return await self._settle(t, outcome, moved={seat.position}, since=before)
            raise errors.StaleAction("This prompt is out of date: the table has moved on. Open it again.")

    async def prompt_for(self, table_id: int, user_id: int, *, catch_up: bool = True) -> SeatPrompt | None:
        """The decision the user owes at the table now, with a digest of what they may see from
        their last move on; ``None`` when they owe nothing (or the game is not on).

        Without ``catch_up``, the prompt and its ``seq`` alone (no digest, ``can_undo`` false),
        read at less cost: enough to check an answer against the prompt a panel showed.

        :raises NoSuchTable, NotSeated:
        """
        await self._repair_unlocked(table_id)
        t = await self._load(table_id)
        seat = self._seat(t, user_id)
        prompt = t.pending().get(seat.position)
        if t.row.status != "active" or prompt is None or seat.stand_in is not None:
            return None
        if not catch_up:
            return SeatPrompt(table_id=table_id, seat=seat.position, prompt=prompt, seq=t.head, digest=(),
                              can_undo=False)
        last_move = min(await self.repo.last_action_by(table_id, user_actor(user_id)), t.head)
        since = max(last_move - 1, 0)
        plan = plan_undo(await effective_since(self.repo, t, since), user_id)
        return SeatPrompt(
            table_id=table_id,
            seat=seat.position,
            prompt=prompt,
            seq=t.head,
            # From the seat's own last move on: what it did and what that brought out (a reveal
            # completed by this very move), then everything since.
            digest=tuple(await last_visible_lines(self.repo, t, seat.position, DIGEST_LINES, after=since,
                                                  kept=self.lines)),
            can_undo=plan is not None and plan.alone,
        )

    async def view_for(self, table_id: int, user_id: int | None) -> BoardView:
        """What the user's seat may see (``None``, or a user without a seat: the spectator view).

        :raises NoSuchTable, NotStarted:
        """
        t = await self._load(table_id)
        if t.state is None:
            raise errors.NotStarted(f"Table {table_id} has not started yet.", table=table_id)
        seat = t.seat_of(user_id) if user_id is not None else None
        position = seat.position if seat is not None else None
        return BoardView(game_id=t.row.game_id, seat=position, view=t.engine.view(t.state, position))

    async def status(self, table_id: int) -> TableStatus:
        """Whose move it is, their deadlines, and the result once the game is over."""
        await self._repair_unlocked(table_id)
        t = await self._load(table_id)
        waiting = await self._waiting(t)
        result = t.engine.result(t.state) if t.state is not None else None
        requester = None
        for vote in await self.repo.votes(table_id, "undo"):
            seat = t.seat_of(vote.user_id)
            if vote.role == "request" and vote.seq == t.head and seat is not None:
                requester = seat.position
        return TableStatus(table=t.info(), waiting=tuple(waiting), result=result,
                           undo_requested_by=requester)

    async def log(self, table_id: int, user_id: int | None, n: int = 20) -> list[Message]:
        """The last ``n`` events the user may see (public ones, and private ones to their seat);
        moves taken back are left out, the undo itself is told."""
        return [line.message for line in await self.log_lines(table_id, user_id, n)]

    async def log_lines(self, table_id: int, user_id: int | None, n: int = 20) -> list[Line]:
        """:meth:`log` with each message's log entry (``seq``) and visibility (``seats``)."""
        t = await self._load(table_id)
        seat = t.seat_of(user_id) if user_id is not None else None
        return await last_visible_lines(self.repo, t, seat.position if seat is not None else None, n,
                                        kept=self.lines)


__all__ = ["PlayCommands"]
