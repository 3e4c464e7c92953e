"""``python -m harness report RUN [RUN ...]``: a run's tables and plots rebuilt from its
event log (harness.results.report.report_runs)."""

from __future__ import annotations

import argparse

from ..results.report import parse_formats, parse_ks, report_runs
from ..strategies import registry


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``report`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "report",
        help="re-render a run's tables and plots from its event log",
        description="Rebuild the per-category, per-problem, per-round, per-agent and "
        "ParEval-metric tables of each results folder from its event log "
        "alone, with PNG plots, into RUN/report/. Several runs: also the "
        "strategy comparison, one table per suite and mode (LessonL's "
        "Table 1 layout: one row per run) and a plot of geomean against "
        "cost with its Pareto front; runs of one suite and mode must have "
        "measured the same problems, sizes and thread count.",
    )
    p.add_argument("runs", nargs="+", metavar="RUN", help="results folder(s) (results/<run-id>)")
    p.add_argument("--format", default="md", help="comma-separated: md, csv, json, html (default: md)")
    p.add_argument(
        "--output",
        default=None,
        metavar="DIR",
        help="write here instead of RUN/report (several runs: one sub-folder each)",
    )
    p.add_argument(
        "--k",
        default=None,
        help="k values for pass@k etc., comma-separated (default: 1, 2, 4, ... up to the candidates per problem)",
    )
    p.add_argument("--no-plots", action="store_true", help="tables only")
    p.set_defaults(fn=command)
    return p


def command(args: argparse.Namespace) -> int:
    """Runs report_runs with the options; returns 0, raises HarnessError (exit 2) for a
    bad format or k and what report_runs raises."""
    formats = parse_formats(args.format)
    ks = parse_ks(args.k) if args.k else None
    return report_runs(
        args.runs, formats, output=args.output, ks=ks, plots=not args.no_plots, strategy_info=registry.find
    )
