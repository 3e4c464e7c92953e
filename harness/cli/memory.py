"""``python -m harness memory DIR``: a memory store's summary
(harness.strategies.memory.MemoryStore.summary)."""

from __future__ import annotations

import argparse
import json

from ..strategies.memory import REGIONS, MemoryStore


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``memory`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "memory",
        help="summarise a memory store (items per region, per problem, provenance)",
        description="A memory store shared across problems and runs (cogito's "
        "hippocampus, LessonL's --lesson-memory): items per region (DG, "
        "CA1-CA4, lessons), per problem and region, and provenance counts "
        "(runs, strategies, models, modes, suites), with its content hash.",
    )
    p.add_argument("dir", metavar="DIR", help="the memory folder (e.g. results/<run-id>/memory)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(fn=command)
    return p


def command(args: argparse.Namespace) -> int:
    """``python -m harness memory DIR [--json]``: items per region, per problem and
    region, and provenance counts. Returns 0; HarnessError (exit 2) for a folder that is
    not a store or is damaged."""
    s = MemoryStore(args.dir).summary()
    if args.json:
        print(json.dumps(s, indent=1))
        return 0
    print(f"memory store {s['path']}  (content hash {s['content_hash'][:16]})")
    print("items per region: " + ", ".join(f"{r} {n}" for r, n in s["regions"].items()))
    if s["problems"]:
        w = max(len(k) for k in s["problems"])
        print(f"\n{'problem':{w}} " + " ".join(f"{r:>7}" for r in REGIONS))
        for k, c in s["problems"].items():
            print(f"{k:{w}} " + " ".join(f"{c.get(r, 0):>7}" for r in REGIONS))
    for r, c in s["stages"].items():
        print(f"{r} by stage: " + ", ".join(f"{k} {n}" for k, n in c.items()))
    print("\nprovenance (items):")
    for k, c in s["provenance"].items():
        print(f"  {k}: " + (", ".join(f"{v} {n}" for v, n in c.items()) or "-"))
    return 0
