"""The reader's words in a picture: catalogue messages in one language with the players' names.

A picture asks for the same words again and again: after a move most of what it shows is as it was,
and a layout chosen by height measures the same words at several levels of detail. Words whose
parameters are all plain values are kept (:data:`KEPT`), so they are put together once.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from render.kit import player_name
from rules.core.memo import Memo
from rules.core.messages import Message, msg, render

KEPT = 4096
"""Words kept (shared by every picture of the process); past it, the first kept goes."""

_PLAIN = (str, int)
"""Parameters that key kept words (exactly these types: a bool would be taken for a number)."""

_said: Memo[Hashable, str] = Memo(KEPT)


class Words:
    """Catalogue messages of ``packages`` (keys given without ``prefix``) in ``locale``, seat
    parameters shown as the players' ``names`` (``Seat N`` where a name is missing)."""

    def __init__(self, locale: str, names: Sequence[str], seats: int, packages: tuple[str, ...],
                 prefix: str = "") -> None:
        self.locale = locale
        self.names = tuple(player_name(s, names) for s in range(seats))
        self.packages = packages
        self.prefix = prefix

    def __call__(self, key: str, **params: object) -> str:
        """The words of ``key`` with ``params``, kept when every parameter is a plain value."""
        if not all(type(value) in _PLAIN for value in params.values()):
            return self.say(msg(self.prefix + key, **params))  # type: ignore[arg-type]
        kept = (self.locale, self.names, self.packages, self.prefix, key, *params.items())
        return _said.kept(kept, lambda: self.say(msg(self.prefix + key, **params)))  # type: ignore[arg-type]

    def say(self, message: Message) -> str:
        return render(message, self.locale, self.packages, self.names)
