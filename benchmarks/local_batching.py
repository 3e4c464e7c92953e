"""Does the model process decode faster together, and with speculation? (prints figures; not a test)

Replays a round's calls, three calls with one prompt and three sampling seeds (a LessonL
round of three agents), to two engines of the model process loaded here
(:class:`harness.models.model_server.Engine`, the code behind the server's HTTP), one
plain (no speculation, the server's default) and one speculative (prompt lookup, D
DRAFT_TOKENS and n NGRAM, what ``HARNESS_LOCAL_DRAFT=8`` serves): each
round once one call at a time, then its three calls at once, decoded together. The
prompts are a run's (``RUN_DIR``: its ``llm_call`` events to the embedded model, grouped
into the phases the run sent them in, with their seeds, temperature and top_p) or, without
one, the quick preset's six problems' first prompts built as a run builds them
(:func:`harness.strategies.prompting.optimization_prompt` in omp mode: the task and the
baseline code), each with seeds 1, 2, 3 at the default agent's temperature and top_p.
Each round runs on both engines back to back (one at a time on each, then batched on
each; which engine goes first alternates from round to round and repeat to repeat), so
a drift of the machine's speed, which other work on it causes within a minute, falls on
both alike. Completion tokens/s are completion tokens over wall seconds, prompt
processing included, summed over the rounds of all ``--repeats`` (each repeat's figures
are printed too). Prints the table, the draft tokens' acceptance rate, whether each
seed's plain reply is the same alone and batched, and last the line ``speculative:
throughput ratio S, batching: throughput ratio R``: S is speculative over plain, one
call at a time; R is the plain engine's batched over one at a time.

usage: python benchmarks/local_batching.py [RUN_DIR] [--model local/...] [--rounds 6] [--max-tokens 256] [--repeats 2]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from harness.models import local_model, model_server
from harness.models.llm import DEFAULT_TEMPERATURE, DEFAULT_TOP_P
from harness.strategies import prompting


def _fail(message: str) -> None:
    """One line on stderr, exit code 2 (bad input)."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def replayed_rounds(run_dir: Path, max_tokens: int) -> list[list[dict]]:
    """A run's calls to a local model as rounds (request bodies), in the order the run
    sent them: one per (problem, repeat, round, purpose). Exits with code 2 for a folder
    without such calls."""
    events = run_dir / "events.jsonl"
    if not events.is_file():
        _fail(f"{events} not found (give a run's results folder)")
    out: dict[tuple, list[dict]] = {}
    for line in events.read_text().splitlines():
        e = json.loads(line)
        if e.get("kind") != "llm_call" or not str(e.get("model", "")).startswith("local/") or not e.get("prompt"):
            continue
        key = (e.get("problem"), e.get("repeat"), e.get("round"), e.get("purpose"))
        out.setdefault(key, []).append(
            {
                "messages": prompting.messages(e["prompt"]),
                "seed": e.get("seed") or 0,
                "max_tokens": max_tokens,
                "temperature": e.get("temperature", DEFAULT_TEMPERATURE),
                "top_p": e.get("top_p", DEFAULT_TOP_P),
                "frequency_penalty": e.get("frequency_penalty") or 0.0,
            }
        )
    if not out:
        _fail(f"{events} has no calls to a local model with their prompts")
    return list(out.values())


def built_in_rounds(max_tokens: int) -> list[list[dict]]:
    """The quick preset's problems' first-round prompts in omp mode, as a run builds
    them (this machine's compiler and two threads stated), each a round of three calls
    with seeds 1, 2, 3 at the default agent's temperature and top_p."""
    from harness.measure.toolchain import find_compiler
    from harness.run import RunOptions, select_problems

    build = {**find_compiler().describe("omp"), "threads": 2}
    rounds = []
    for problem in select_problems(RunOptions(preset="quick").with_preset()):
        text = prompting.optimization_prompt(problem, "omp", build, problem.default_size("omp", quick=True))
        rounds.append(
            [
                {
                    "messages": prompting.messages(text),
                    "seed": seed,
                    "max_tokens": max_tokens,
                    "temperature": DEFAULT_TEMPERATURE,
                    "top_p": DEFAULT_TOP_P,
                }
                for seed in (1, 2, 3)
            ]
        )
    return rounds


def run_round(engine: model_server.Engine, calls: list[dict], *, together: bool) -> tuple[float, list[dict]]:
    """(wall s, replies) of one round's calls on ``engine``: one after another, or all
    at once (``together``)."""
    t0 = time.perf_counter()
    if together:
        with ThreadPoolExecutor(max_workers=len(calls)) as ex:
            replies = list(ex.map(engine.submit, calls))
    else:
        replies = [engine.submit(c) for c in calls]
    return time.perf_counter() - t0, replies


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "run_dir", type=Path, nargs="?", help="a run's results folder (events.jsonl); default: built-in prompts"
    )
    ap.add_argument(
        "--model",
        default=None,
        help=f"local/<alias or path.gguf> (default {local_model.EMBEDDED_MODEL}; e.g. local/{local_model.Q4_ALIAS})",
    )
    ap.add_argument("--rounds", type=int, default=6, help="only the first N rounds (default 6)")
    ap.add_argument("--max-tokens", type=int, default=256, help="completion tokens per call, at most (default 256)")
    ap.add_argument("--repeats", type=int, default=2, help="times every round runs on each engine each way (default 2)")
    args = ap.parse_args()
    if args.repeats < 1 or args.rounds < 1 or args.max_tokens < 1:
        ap.error("--repeats, --rounds and --max-tokens must be >= 1")
    rounds = replayed_rounds(args.run_dir, args.max_tokens) if args.run_dir else built_in_rounds(args.max_tokens)
    rounds = rounds[: args.rounds]
    try:
        path = local_model.resolve(args.model or local_model.EMBEDDED_MODEL).path
    except local_model.LocalModelError as e:
        _fail(str(e))
    kw = {
        "slots": model_server.DEFAULT_SLOTS,
        "n_ctx": local_model.n_ctx(),
        "threads": local_model.n_threads(),
        "fixed_threads": local_model.threads_fixed(),
    }
    engines = {
        "plain": model_server.Engine(path, draft=0, **kw),
        "speculative": model_server.Engine(path, draft=model_server.DRAFT_TOKENS, **kw),
    }
    spec = engines["speculative"]
    print(
        f"{len(rounds)} rounds, {sum(map(len, rounds))} calls, {args.max_tokens} tokens at most each; "
        f"speculative: {spec.describe()['speculative']}; {kw['threads']} thread(s) at most; "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    run_round(engines["plain"], rounds[0][:1], together=False)  # warm-up: page the weights in
    walls: dict[tuple[str, bool], list[float]] = {}
    tokens: dict[tuple[str, bool], list[int]] = {}
    replies: dict[tuple[str, bool], list[dict]] = {}
    for rep in range(args.repeats):
        drafted, accepted = spec.drafted, spec.accepted
        for i, calls in enumerate(rounds):
            order = ("plain", "speculative") if (rep + i) % 2 == 0 else ("speculative", "plain")
            for together in (False, True):
                for name in order:
                    wall, out = run_round(engines[name], calls, together=together)
                    walls.setdefault((name, together), []).append(wall)
                    tokens.setdefault((name, together), []).append(sum(r["usage"]["completion_tokens"] for r in out))
                    replies.setdefault((name, together), []).extend(out)
        n = len(rounds)
        print(
            f"repeat {rep + 1}: "
            + ", ".join(
                f"{name} {'batched' if together else 'one at a time'} "
                f"{sum(tokens[(name, together)][-n:]) / sum(walls[(name, together)][-n:]):.1f}"
                for name in engines
                for together in (False, True)
            )
            + f" tokens/s; {spec.accepted - accepted}/"
            f"{spec.drafted - drafted} draft tokens accepted; load {os.getloadavg()[0]:.2f}",
            flush=True,
        )
    med = {k: sum(tokens[k]) / sum(walls[k]) for k in walls}
    print(f"{'completion tokens/s (all repeats)':32s}{'one at a time':>16s}{'batched':>12s}{'ratio':>8s}")
    for name in engines:
        one, bat = med[(name, False)], med[(name, True)]
        print(f"{name:32s}{one:16.1f}{bat:12.1f}{bat / one:8.2f}")
    print(
        f"{'speculative / plain':32s}{med[('speculative', False)] / med[('plain', False)]:16.2f}"
        f"{med[('speculative', True)] / med[('plain', True)]:12.2f}"
    )
    accepted = spec.accepted / spec.drafted if spec.drafted else 0.0
    print(
        f"draft tokens accepted: {spec.accepted} of {spec.drafted} ({accepted:.0%}); "
        f"threads now: plain {engines['plain'].tuner.current}, speculative {spec.tuner.current}"
    )
    same = sum(
        a["choices"][0]["message"]["content"] == b["choices"][0]["message"]["content"]
        for a, b in zip(replies[("plain", False)], replies[("plain", True)])
    )
    print(f"same plain reply alone and batched (same seed): {same}/{len(replies[('plain', False)])}")
    print(f"load average now: {os.getloadavg()[0]:.2f}")
    print(
        f"speculative: throughput ratio {med[('speculative', False)] / med[('plain', False)]:.2f}, "
        f"batching: throughput ratio {med[('plain', True)] / med[('plain', False)]:.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
