"""The table service: lobby, play, undo, reminders and stand-ins, free of discord.py.

The Discord adapter, the terminal client (:mod:`bot.local`) and the tests drive tables through
:class:`TableService` alone; what it returns is data (:mod:`bot.service.models`), its refusals are
:class:`ServiceError` sentences with catalogue keys (:mod:`bot.service.errors`), and its own words
live in ``bot/service/messages/{en,el}.json`` (render any message with :func:`words.render`).
"""

from bot.service.errors import (
    AlreadySeated,
    AlreadyStarted,
    AwayRefused,
    BadSetting,
    GameOverError,
    NoSuchTable,
    NotCreator,
    NotEnoughPlayers,
    NotSeated,
    NotStandingIn,
    NotStarted,
    NotYourTurn,
    NoUndoRequest,
    SavedButUnsettled,
    ServiceError,
    StaleAction,
    StandingIn,
    TableFull,
    TableUnreadable,
    UndoRefused,
    UnknownGameError,
)
from bot.service.models import (
    BoardView,
    Line,
    Notice,
    Outcome,
    Picture,
    Preferences,
    Reminder,
    SeatInfo,
    SeatPrompt,
    TableInfo,
    TableStatus,
    Waiting,
)
from bot.service.service import TableService, utc_now

__all__ = [
    "AlreadySeated",
    "AlreadyStarted",
    "AwayRefused",
    "BadSetting",
    "BoardView",
    "GameOverError",
    "Line",
    "NoSuchTable",
    "NoUndoRequest",
    "NotCreator",
    "NotEnoughPlayers",
    "NotSeated",
    "NotStandingIn",
    "NotStarted",
    "NotYourTurn",
    "Notice",
    "Outcome",
    "Picture",
    "Preferences",
    "Reminder",
    "SavedButUnsettled",
    "SeatInfo",
    "SeatPrompt",
    "ServiceError",
    "StaleAction",
    "StandingIn",
    "TableFull",
    "TableInfo",
    "TableService",
    "TableStatus",
    "TableUnreadable",
    "UndoRefused",
    "UnknownGameError",
    "Waiting",
    "utc_now",
]
