"""``python -m harness compare OLD NEW [NEW ...]``: each NEW run against OLD
(harness.results.compare)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..core.errors import HarnessError
from ..core.fsutil import atomic_write
from ..results.compare import compare_runs, parse_threshold, to_json, to_markdown
from ..results.runstore import read_run


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``compare`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "compare",
        help="per-category and per-problem changes between runs; a regression gate for CI",
        description="Align runs by (suite, problem id, mode, size, threads) and judge "
        "each NEW against OLD with a paired bootstrap over problems, "
        "replicates and timing noise. Warns about changed environments. "
        "Markdown for a pull-request comment.",
    )
    p.add_argument("runs", nargs="+", metavar="RUN", help="OLD NEW [NEW ...] results folders")
    p.add_argument(
        "--fail-on-regression",
        default=None,
        metavar="X",
        help="exit 1 when the geomean's 95%% interval lies below 1 - X (e.g. 5%%)",
    )
    p.add_argument("--format", default="md", help="md (default) or json")
    p.add_argument("--output", default=None, metavar="FILE", help="write here instead of stdout")
    p.add_argument("--resamples", type=int, default=None, help="bootstrap resamples (default: 10000)")
    p.add_argument("--seed", type=int, default=None, help="bootstrap seed (default: 20240521)")
    p.set_defaults(fn=command)
    return p


def command(args: argparse.Namespace) -> int:
    """``python -m harness compare OLD NEW [NEW ...]``: each NEW against OLD. Prints
    markdown (or ``--format json``) to stdout or ``--output FILE``; environment warnings
    also go to stderr. Returns 1 when ``--fail-on-regression`` finds a regression beyond
    its threshold in any comparison, else 0; raises HarnessError (exit 2) for a missing
    or damaged run folder, runs without a common problem, or a bad option."""
    threshold = parse_threshold(args.fail_on_regression) if args.fail_on_regression is not None else None
    if args.format not in ("md", "json"):
        raise HarnessError(f"compare --format: '{args.format}' (choose md or json)")
    if args.resamples is not None and not 100 <= args.resamples <= 1_000_000:
        raise HarnessError(f"--resamples must be in 100..1000000 (got {args.resamples})")
    if args.seed is not None and not 0 <= args.seed < 2**63:
        raise HarnessError(f"--seed must be in 0..2^63-1 (got {args.seed})")
    if len(args.runs) < 2:
        raise HarnessError("compare needs at least two results folders: OLD NEW [NEW ...]")
    runs = [read_run(Path(p)) for p in args.runs]
    comps = [compare_runs(runs[0], r, threshold=threshold, resamples=args.resamples, seed=args.seed) for r in runs[1:]]
    for c in comps:
        for w in c.warnings:
            print(f"warning: {c.old.run_id} → {c.new.run_id}: {w}", file=sys.stderr)
    if args.format == "json":
        text = json.dumps([to_json(c) for c in comps] if len(comps) > 1 else to_json(comps[0]), indent=1) + "\n"
    else:
        text = "\n".join(to_markdown(c) for c in comps)
    if args.output:
        try:
            atomic_write(Path(args.output), text)
        except OSError as e:
            raise HarnessError(f"cannot write {args.output}: {e.strerror or e}") from None
    else:
        sys.stdout.write(text)
    return 1 if any(c.failed for c in comps) else 0
