"""The ``custom_id`` of every component: what it does, at which table, and at which action number.

Components outlive the process (they are :class:`discord.ui.DynamicItem` s, parsed back from their
id after a restart), so the id carries everything a click needs:

* ``agora:lobby:<table>:<what>`` — Join, Leave, Add bot, Start;
* ``agora:opt:<table>:<seat>:<seq>:<sig>:<index>`` — answer option ``index`` of the prompt shown
  to ``seat`` at log length ``seq`` whose content hashes to ``sig``;
* ``agora:sel:<table>:<seat>:<seq>:<sig>`` — the same as a select menu (the value is the index);
* ``agora:val:<table>:<seat>:<seq>:<sig>:<value>`` — answer a bounded number with ``value``;
* ``agora:num:<table>:<seat>:<seq>:<sig>`` — open a form (modal) to type a bounded number, and
  ``agora:numm:...`` for the form's submission;
* ``agora:part:<table>:<seat>:<seq>:<sig>:<menu>:<picks>`` — one menu of a prompt's parts, and
  ``agora:parts:<table>:<seat>:<seq>:<sig>:<picks>`` — the button that answers with the parts
  chosen; ``picks`` is every menu's choice so far, dot-separated, ``-`` where none is (the panel
  is drawn again with each choice, so every component carries them all);
* ``agora:play:<table>`` — open the clicker's own panel; ``agora:hand:<table>`` — show the clicker's
  private picture again; ``agora:undo:<table>:<seq>`` — consent to an undo;
  ``agora:reclaim:<table>`` — take one's seat back from a stand-in; ``agora:rematch:<table>`` —
  open (or take one's seat at) the rematch of a finished table;
  ``agora:handover:<table>:<seat>:<to>:<what>`` — agree to handing ``seat`` to user ``to``, or (as
  ``to``) accept or decline it.

The signature lets a panel stay valid while other seats answer a simultaneous step (the log grows
but this seat's prompt is the same), and refuses it as soon as the prompt itself changed.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

from rules.core import Prompt
from rules.core.contract import PROMPT

PREFIX = "agora"


def prompt_signature(prompt: Prompt) -> str:
    """A short, stable hash of what a prompt asks (title, options, number bounds, parts)."""
    include = {"seat", "title", "options", "number"}
    if prompt.parts is not None:
        include.add("parts")
    text = PROMPT.dump_json(prompt, include=include).decode()
    return hashlib.blake2s(text.encode(), digest_size=4).hexdigest()


def lobby(table_id: int, what: str) -> str:
    return f"{PREFIX}:lobby:{table_id}:{what}"


def option(table_id: int, seat: int, seq: int, sig: str, index: int) -> str:
    return f"{PREFIX}:opt:{table_id}:{seat}:{seq}:{sig}:{index}"


def select(table_id: int, seat: int, seq: int, sig: str) -> str:
    return f"{PREFIX}:sel:{table_id}:{seat}:{seq}:{sig}"


def value(table_id: int, seat: int, seq: int, sig: str, number: int) -> str:
    return f"{PREFIX}:val:{table_id}:{seat}:{seq}:{sig}:{number}"


def number(table_id: int, seat: int, seq: int, sig: str) -> str:
    return f"{PREFIX}:num:{table_id}:{seat}:{seq}:{sig}"


def number_form(table_id: int, seat: int, seq: int, sig: str) -> str:
    return f"{PREFIX}:numm:{table_id}:{seat}:{seq}:{sig}"


def part(table_id: int, seat: int, seq: int, sig: str, menu: int, picks: str) -> str:
    return f"{PREFIX}:part:{table_id}:{seat}:{seq}:{sig}:{menu}:{picks}"


def parts(table_id: int, seat: int, seq: int, sig: str, picks: str) -> str:
    return f"{PREFIX}:parts:{table_id}:{seat}:{seq}:{sig}:{picks}"


def picks_text(picks: Sequence[int | None]) -> str:
    """Every menu's choice so far as a ``custom_id`` carries it (``"3.-.0"``)."""
    return ".".join("-" if pick is None else str(pick) for pick in picks)


def picks_of(text: str) -> list[int | None]:
    """:func:`picks_text` read back."""
    return [None if part == "-" else int(part) for part in text.split(".")]


def play(table_id: int) -> str:
    return f"{PREFIX}:play:{table_id}"


def hand(table_id: int) -> str:
    return f"{PREFIX}:hand:{table_id}"


def undo(table_id: int, seq: int) -> str:
    return f"{PREFIX}:undo:{table_id}:{seq}"


def reclaim(table_id: int) -> str:
    return f"{PREFIX}:reclaim:{table_id}"


def rematch(table_id: int) -> str:
    return f"{PREFIX}:rematch:{table_id}"


def handover(table_id: int, seat: int, to: int, what: str) -> str:
    return f"{PREFIX}:handover:{table_id}:{seat}:{to}:{what}"


INDEX = re.compile(r"[0-9]{1,20}")
"""An option index, a table or a log position as typed or sent back: ASCII digits only (``\\d``
and :meth:`str.isdigit` also take other scripts' digits and superscripts), never negative."""
NUMBER_TEXT = re.compile(r"-?[0-9]{1,20}")
"""A whole number as typed or sent back (a longer one is out of every prompt's range)."""

_N = "[0-9]+"
_PROMPT = rf"(?P<table>{_N}):(?P<seat>{_N}):(?P<seq>{_N}):(?P<sig>[0-9a-f]+)"
LOBBY = rf"{PREFIX}:lobby:(?P<table>{_N}):(?P<what>join|leave|bot|start)"
OPTION = rf"{PREFIX}:opt:{_PROMPT}:(?P<index>{_N})"
SELECT = rf"{PREFIX}:sel:{_PROMPT}"
VALUE = rf"{PREFIX}:val:{_PROMPT}:(?P<value>-?{_N})"
NUMBER = rf"{PREFIX}:num:{_PROMPT}"
NUMBER_FORM = rf"{PREFIX}:numm:{_PROMPT}"
_PICKS = r"(?P<picks>(?:[0-9]{1,2}|-)(?:\.(?:[0-9]{1,2}|-)){0,2})"
PART = rf"{PREFIX}:part:{_PROMPT}:(?P<menu>[0-2]):{_PICKS}"
PARTS = rf"{PREFIX}:parts:{_PROMPT}:{_PICKS}"
PLAY = rf"{PREFIX}:play:(?P<table>{_N})"
HAND = rf"{PREFIX}:hand:(?P<table>{_N})"
UNDO = rf"{PREFIX}:undo:(?P<table>{_N}):(?P<seq>{_N})"
RECLAIM = rf"{PREFIX}:reclaim:(?P<table>{_N})"
REMATCH = rf"{PREFIX}:rematch:(?P<table>{_N})"
HANDOVER = rf"{PREFIX}:handover:(?P<table>{_N}):(?P<seat>{_N}):(?P<to>{_N}):(?P<what>agree|accept|decline)"
