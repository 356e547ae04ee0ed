"""What a state copy must not share with the state it was made from."""

from __future__ import annotations

from dataclasses import fields, is_dataclass

from pydantic import BaseModel


def shared_mutables(a: object, b: object, where: str) -> list[str]:
    """Where ``b``, a copy of ``a``, holds the same mutable object (list, dict, set or model that
    is not frozen, outside a frozen model shared whole) as ``a``: a change to the copy would change
    ``a`` too."""
    if isinstance(a, BaseModel):
        if a.model_config.get("frozen", False) and a is b:
            return []  # a frozen model (options, workers, city tiles) is shared whole
        out = [where] if a is b else []
        for name in type(a).model_fields:
            out += shared_mutables(getattr(a, name), getattr(b, name), f"{where}.{name}")
        return out
    if is_dataclass(a) and not isinstance(a, type):
        if a.__dataclass_params__.frozen and a is b:  # type: ignore[attr-defined]
            return []
        out = [where] if a is b else []
        for f in fields(a):
            out += shared_mutables(getattr(a, f.name), getattr(b, f.name), f"{where}.{f.name}")
        return out
    if isinstance(a, list | dict | set):
        out = [where] if a is b else []
        if isinstance(a, list):
            assert isinstance(b, list)
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                out += shared_mutables(x, y, f"{where}[{i}]")
        if isinstance(a, dict):
            assert isinstance(b, dict)
            for k in a:
                out += shared_mutables(a[k], b[k], f"{where}[{k}]")
        return out
    return []
