"""``python -m harness list``: the problems of a suite (harness.measure.suite)."""

from __future__ import annotations

import argparse
import json

from ..measure.suite import MODES, select_problems
from .options import add_suite_arguments


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``list`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser("list", help="list problem ids, categories, bound and default sizes")
    add_suite_arguments(p, "pareval")
    p.add_argument("--category", default=None, help="only these categories (comma-separated)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(fn=command)
    return p


def command(args: argparse.Namespace) -> int:
    """``python -m harness list``: the problems of a suite (or of --category), as a table
    or JSON. Raises HarnessError for an unknown suite or category."""
    rows = select_problems(args.suite, None, args.category)
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": p.id,
                        "category": p.category,
                        "function": p.function,
                        "modes": list(MODES),
                        "bound": p.bound,
                        "sizes": p.sizes,
                    }
                    for p in rows
                ],
                indent=1,
            )
        )
        return 0
    print(f"{'problem id':58} {'category':10} {'bound':8} {'serial S':>10} {'omp S':>10}")
    for p in rows:
        print(
            f"{p.id:58} {p.category:10} {p.bound:8} {p.size_label(p.sizes['serial']):>10} "
            f"{p.size_label(p.sizes['omp']):>10}"
        )
    print(
        f"{len(rows)} problems in suite {args.suite}; modes: {', '.join(MODES)}; "
        "S is the problem's size parameter (see problem.toml)"
    )
    return 0
