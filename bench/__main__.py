"""Run the benchmarks:
``python -m bench [engines|render|storage|bot|decisions|thread|hostile|service ...]`` (all by default).

Figures are printed as tables and written to ``bench/results/<suite>.json`` with the machine, the
Python and the library versions. Benchmarks measure; they never pass or fail.
"""

from __future__ import annotations

import argparse
import importlib
import sys

SUITES = ("engines", "render", "storage", "bot", "decisions", "thread", "hostile", "service", "faults")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("suites", nargs="*", help=f"suites to run: {' '.join(SUITES)} (default: all)")
    args = parser.parse_args(argv)
    unknown = [s for s in args.suites if s not in SUITES]
    if unknown:
        parser.error(f"unknown suite {unknown[0]!r}; choose from {', '.join(SUITES)}")
    for suite in args.suites or SUITES:
        try:
            module = importlib.import_module(f"bench.{suite}")
        except ModuleNotFoundError as exc:
            print(f"{suite}: not available ({exc.name} missing)\n")
            continue
        module.run()
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
