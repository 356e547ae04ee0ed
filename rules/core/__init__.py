"""The contract shared by every game engine (docs/contract.md)."""

from rules.core.bots import Bot, RandomBot, random_choice
from rules.core.contract import (
    CHAPTER,
    MAX_OPTIONS,
    MAX_PARTS,
    Choice,
    Event,
    GameInfo,
    NumberChoice,
    Option,
    Part,
    Parts,
    Prompt,
    Result,
    Seat,
    chapter,
)
from rules.core.engine import Engine
from rules.core.errors import GameOver, InvalidAction, NotYourTurn, RuleError
from rules.core.messages import Message, msg
from rules.core.pages import paged
from rules.core.rng import Rng

__all__ = [
    "CHAPTER",
    "MAX_OPTIONS",
    "MAX_PARTS",
    "Bot",
    "Choice",
    "Engine",
    "Event",
    "GameInfo",
    "GameOver",
    "InvalidAction",
    "Message",
    "NotYourTurn",
    "NumberChoice",
    "Option",
    "Part",
    "Parts",
    "Prompt",
    "RandomBot",
    "Result",
    "Rng",
    "RuleError",
    "Seat",
    "chapter",
    "msg",
    "paged",
    "random_choice",
]
