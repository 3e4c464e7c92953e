"""``python -m harness strategies``: every registered strategy (this package's and those
outside packages add through the ``harness.strategies`` entry points), with its options
and per-problem budget (harness.strategies.registry)."""

from __future__ import annotations

import argparse
import dataclasses
import json

from ..core.errors import HarnessError
from ..models import llm
from ..strategies import registry


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Add the ``strategies`` subcommand to ``subparsers`` (an argparse subparsers action)."""
    p = subparsers.add_parser(
        "strategies",
        help="every strategy: parameters, defaults, model calls and evaluations per problem",
        description="The strategy registry: each strategy's description, the team it "
        "needs, its `run` options with defaults (and the quick preset's "
        "values), and its per-problem budget of model calls and candidate "
        "evaluations at those defaults.",
    )
    p.add_argument(
        "--team-size", type=int, default=3, help="agents in the team, for the budget of team strategies (default: 3)"
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(fn=command)
    return p


def command(args: argparse.Namespace) -> int:
    """``python -m harness strategies``: the registry as a table (or JSON)."""
    if args.team_size < 1:
        raise HarnessError(f"--team-size must be >= 1 (got {args.team_size})")
    rows = []
    for name, info in sorted(registry.load_all().items()):
        n = 0 if info.team == registry.TEAM_NONE else (1 if info.team == registry.TEAM_ONE else args.team_size)
        full, quick = info.resolve({}), info.resolve({}, "quick")
        rows.append(
            {
                "strategy": name,
                "description": info.description,
                "team": info.team,
                "roles": list(info.roles),
                "options": [
                    {
                        "flag": p.cli_flag,
                        "type": p.type.__name__,
                        "default": p.default,
                        "quick": info.quick.get(p.name, p.default),
                        "help": p.help,
                    }
                    for p in info.params
                ],
                "budget": dataclasses.asdict(info.budget(full, n)),
                "budget_quick": dataclasses.asdict(info.budget(quick, n)),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0

    def fmt(b):
        return str(registry.Budget(**b))

    print(
        f"Budget per problem (team of {args.team_size} where a strategy uses the team), plus "
        "one re-measurement of the chosen candidate; `run --strategy NAME [options]`. Calls "
        "include the retries of requests that overflow the model's context window."
    )
    print(
        f"Sampling (`run --sampling`, every strategy): paper (default): every call at temperature "
        f"{llm.PAPER_SAMPLING['temperature']}, top_p {llm.PAPER_SAMPLING['top_p']}, "
        f"{' and '.join(llm.PENALIZED_PURPOSES)} calls with frequency penalty "
        f"{llm.PAPER_FREQUENCY_PENALTY}, as the LessonL authors ran them; model: each agent's own "
        f"values (default {llm.DEFAULT_TEMPERATURE} / {llm.DEFAULT_TOP_P}). A team file's temperature "
        "or top_p for an agent wins either way."
    )
    print(
        "Evidence (`run --evidence`, every strategy that feeds evaluations back): full (default): "
        "status, speedup with CI, compiler diagnostics, the mismatch, profiler signals; upstream: "
        "what the authors' prompts carried (status, speedup, the evaluator's text).\n"
    )
    for r in rows:
        quick = f" (quick preset: {fmt(r['budget_quick'])})" if r["budget_quick"] != r["budget"] else ""
        print(f"{r['strategy']}  [team: {r['team']}]  {fmt(r['budget'])}{quick}")
        print(f"  {r['description']}")
        if r["roles"]:
            print(f"  team-file [roles] it reads: {', '.join(r['roles'])}")
        for o in r["options"]:
            q = f", quick {o['quick']}" if o["quick"] != o["default"] else ""
            print(f"  {o['flag']:24} {o['help']} (default {o['default']}{q})")
        print()
    return 0
