"""Loading a game's content file: JSON validated by the game's pydantic model, errors as sentences.

Every game keeps its components (tiles, cards, boards) in a data file inside its package, and an
owner of the physical game may point the bot at a corrected copy (``CONTENT_DIR``). Both go through
:func:`load_model`, so a broken file is always reported the same way: the file, then each problem
with where it is ("empire → 3 → cost_coins: Input should be greater than or equal to 0.").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class ContentError(ValueError):
    """A content file that cannot be used; the message names the file and every problem."""


def load_model(path: Path, model: type[M], *, what: str = "content") -> M:
    """Read ``path`` as JSON and validate it as ``model``.

    :raises ContentError: the file is missing or unreadable, is not JSON, or breaks the format.
    """
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError as exc:
        raise ContentError(f"{path} does not exist; it should hold the {what}.") from exc
    except OSError as exc:
        raise ContentError(f"Cannot read {path}: {exc.strerror}.") from exc
    except json.JSONDecodeError as exc:
        raise ContentError(f"{path} is not valid JSON: {exc.msg} at line {exc.lineno}.") from exc
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        problems = [_sentence(err["loc"], err["msg"]) for err in exc.errors()]
        raise ContentError(f"{path} has {len(problems)} problem(s): " + " ".join(problems)) from exc


def _sentence(location: tuple[int | str, ...], message: str) -> str:
    where = " → ".join(str(part) for part in location) or "the file"
    return f"{where}: {message.removeprefix('Value error, ').rstrip('.')}."
