"""The table service: every command a player can give a table, free of Discord.

The Discord adapter, the terminal client and the tests drive a table the same way::

    service = TableService(repo)
    table = await service.create_table("rftg", guild_id, channel_id, user_id, "Ada", {})
    await service.join(table.id, other_id, "Bo")
    outcome = await service.start(table.id, user_id)
    seat_prompt = await service.prompt_for(table.id, user_id)
    outcome = await service.act(table.id, user_id, seat_prompt.prompt.options[0].action,
                                expected_seq=seat_prompt.seq)

Each command loads the table (snapshot + the log's tail), checks who may do what, applies the
engine, **persists the log entry and its events before it returns**, lets bot seats and stand-ins
play until a person owes a decision, and returns an :class:`~bot.service.models.Outcome` that says
what to tell whom. Commands on one table are serialised by an ``asyncio.Lock`` per table; across
processes the log's ``(table_id, seq)`` key is the check (a stale writer reloads and retries), and
timed jobs (reminders, timeout defaults, stand-ins, recovery at start) are taken under a lease.

Refusals raise :class:`~bot.service.errors.ServiceError` (or the engine's ``RuleError``) and change
nothing.

A command writes in steps (the person's move, then the bots' answers, then deadlines and the
table's status), each step committed on its own. A process that dies between two steps loses
nothing of the log; :meth:`TableService.resume_all`, called when the bot starts, finishes the steps
that were left undone.

The commands live in one module per job, and :class:`TableService` is composed from them:
:mod:`~bot.service.lobby` (create, join, leave, add a bot, start), :mod:`~bot.service.play` (act,
the prompt owed, views, status, log), :mod:`~bot.service.undo` (taking moves back),
:mod:`~bot.service.management` (abandon, settings, finding tables, decisions owed),
:mod:`~bot.service.timekeeping` (reminders, timeout defaults, stand-ins, reclaiming a seat),
:mod:`~bot.service.recovery` (resuming after a restart, announcements) and
:mod:`~bot.service.users` (preferences, notices), :mod:`~bot.service.export` (a table's game
record), :mod:`~bot.service.away` (a player's clocks standing still while they are away),
:mod:`~bot.service.rematch` (the same table again), :mod:`~bot.service.standing` (the
finished games of a server and of a member) and :mod:`~bot.service.handover` (a new person
in a seat), all over the shared steps of :mod:`~bot.service.core`.
"""

from __future__ import annotations

from bot.service.away import AwayCommands
from bot.service.core import GameSource, utc_now
from bot.service.export import ExportCommands
from bot.service.handover import HandoverCommands
from bot.service.lobby import LobbyCommands
from bot.service.management import ManagementCommands
from bot.service.play import PlayCommands
from bot.service.recovery import RecoveryCommands
from bot.service.rematch import RematchCommands
from bot.service.standing import StandingCommands
from bot.service.timekeeping import TimekeepingCommands
from bot.service.undo import UndoCommands
from bot.service.users import UserCommands


class TableService(
    RematchCommands,
    LobbyCommands,
    PlayCommands,
    UndoCommands,
    ManagementCommands,
    TimekeepingCommands,
    RecoveryCommands,
    UserCommands,
    ExportCommands,
    AwayCommands,
    StandingCommands,
    HandoverCommands,
):
    """Tables from lobby to result. See the module docstring for the flow.

    :param repo: where tables live.
    :param clock: the current aware UTC time (tests inject one).
    :param registry: where engines come from (default :mod:`rules.registry`).
    :param snapshot_every: store the state every this many log entries (a loading cache).
    :param snapshots_kept_every: of those snapshots, keep the ones every this many entries and the
        newest, dropping the others as the next is stored (all are kept when it is no more than
        ``snapshot_every``).
    :param seed_source: draws a table's seed at the start when none is given.
    :param open_tables_per_user: most open tables (in the lobby or playing) a user may sit at;
        ``None`` for no limit.
    :param open_tables_per_server: most open tables a server may have; ``None`` for no limit.
    :param cache_size: how many tables' loaded states this process keeps (:mod:`bot.service.cache`).
    :param owner: this process's name on the leases of timed jobs (default: host and process id).
        Several processes on one database each remind, time out, seat stand-ins and recover a
        table only under a lease, so each job is done once; a restarted process that keeps its
        name takes its own leases back at once.
    :param lease: how long a lease holds before another process may take the job over.
    """


__all__ = ["GameSource", "TableService", "utc_now"]
