"""Patchistory: build an empire by patching land tiles over three eras (rules in ``shared/rules``)."""

from rules.patchistory.engine import Patchistory, build_engine

ENGINE = Patchistory()

__all__ = ["ENGINE", "Patchistory", "build_engine"]
