"""Secrets stay out of logs: what the libraries log at DEBUG, with the bodies taken out.

At DEBUG, discord.py logs every REST request with its JSON body and every response body
(``discord.http``), and every gateway event whole (``discord.gateway``). Those bodies hold what the
bot tells each player privately: their dice, cards and bids in ephemeral replies and DMs, and the
panels a click arrives from. Interaction and webhook tokens, which let anyone answer as the bot for
a while, are in the URLs. aiosqlite logs every call to its connection's thread, with what the call
was given: storage hands it whole transactions (:mod:`storage.sqlite`), but a statement called on
its own would be logged with its parameters, the game states and private events the log stores.

:class:`RedactBodies` is a :class:`logging.Filter` for the handlers that write the log: in every
record from one of those libraries' loggers (:data:`LIBRARIES`) it replaces any body (a mapping, a
list, bytes, form data, a statement with its parameters, text that is JSON) by what it was and its
size, keeps a gateway event's opcode and name, and cuts tokens out of URLs. Numbers, names of
events and short texts go through as they are.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

LIBRARIES = ("discord", "aiosqlite")
"""The loggers (and their children) whose records are redacted."""

TOKEN_IN_URL = re.compile(r"(/(?:webhooks|interactions)/\d+/)[^/?\s]+")
"""``/webhooks/<application>/<token>`` and ``/interactions/<id>/<token>/callback``."""


def redacted(value: Any) -> Any:
    """``value`` as it may be logged: bodies replaced by their kind and size, tokens cut out."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        if value.lstrip()[:1] in ("{", "["):
            return f"<JSON body of {len(value)} characters>"
        return TOKEN_IN_URL.sub(r"\1<token>", value)
    if isinstance(value, Mapping) and "op" in value:
        # A gateway frame: which event it was is worth keeping, its data is not.
        return f"<gateway op={value.get('op')} t={value.get('t')} s={value.get('s')}, data left out>"
    if isinstance(value, bytes | bytearray):
        return f"<{len(value)} bytes>"
    if isinstance(value, Mapping | list | tuple):
        return f"<{type(value).__name__} of {len(value)} items>"
    return f"<{type(value).__name__}>"


class RedactBodies(logging.Filter):
    """Takes request, response, gateway and statement bodies out of the libraries' log records."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not record.name.startswith(LIBRARIES) or not record.args:
            return True
        if isinstance(record.args, Mapping) and "%(" in str(record.msg):
            record.args = {key: redacted(value) for key, value in record.args.items()}
        else:
            args = record.args if isinstance(record.args, tuple) else (record.args,)
            record.args = tuple(redacted(arg) for arg in args)
        if isinstance(record.msg, str):
            record.msg = TOKEN_IN_URL.sub(r"\1<token>", record.msg)
        return True


def redact_handlers(logger: logging.Logger | None = None) -> None:
    """Put :class:`RedactBodies` on every handler of ``logger`` (the root logger by default)."""
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, RedactBodies) for f in handler.filters):
            handler.addFilter(RedactBodies())


__all__ = ["LIBRARIES", "RedactBodies", "redact_handlers", "redacted"]
