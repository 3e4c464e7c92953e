"""Do a round's remote agents really call the model at the same time? (prints figures)

A scripted remote model that waits ``--delay`` seconds per call (no network, no tokens
paid); one LessonL generation round of ``--agents`` agents through the run context's
barrier, against the same calls made one after another. Target: the concurrent round
is >= 2.5x faster than sequential calls with 3 agents and 1 s per call. Calls to the
local model (its own process, which decodes concurrent calls in one batch) overlap the
same way, inside the gate that keeps evaluations out; that case is printed too.

usage: python benchmarks/agents_overlap.py [--agents 3] [--delay 1.0]
"""

from __future__ import annotations

import argparse
import sys
import time

from harness.models.llm import Agent, CallRecord
from harness.strategies import RunContext


def scripted(delay_s: float):
    def complete(agent, messages, seed):
        time.sleep(delay_s)
        return CallRecord(
            text="```cpp\n// reply\n```",
            model=agent.model,
            prompt_tokens=100,
            completion_tokens=50,
            latency_s=delay_s,
            cost_usd=0.0,
            seed=seed,
            agent=agent.name,
        )

    return complete


def round_time(agents, delay_s: float) -> float:
    ctx = RunContext(complete_fn=scripted(delay_s))
    calls = [(a, [{"role": "user", "content": "optimize"}], i, f"a{i}") for i, a in enumerate(agents)]
    t0 = time.monotonic()
    recs = ctx.generate(calls, purpose="candidate", problem="bench", round_=0)
    assert all(r is not None for r in recs)
    return time.monotonic() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", type=int, default=3)
    ap.add_argument("--delay", type=float, default=1.0, help="seconds per scripted call")
    args = ap.parse_args()
    remote = [Agent(name=f"agent-{i}", model="openai/gpt-4o-mini", seed=i) for i in range(args.agents)]
    local = [Agent(name=f"agent-{i}", model="local/qwen2.5-coder-0.5b", seed=i) for i in range(args.agents)]
    sequential = args.agents * args.delay
    t_remote = round_time(remote, args.delay)
    t_local = round_time(local, args.delay)
    print(f"{args.agents} agents, {args.delay:.1f} s per call; sequential calls take {sequential:.2f} s")
    print(
        f"remote agents, one round: {t_remote:.2f} s  -> {sequential / t_remote:.2f}x faster than "
        f"sequential (target >= 2.5x)"
    )
    print(
        f"local model, one round:   {t_local:.2f} s  -> {sequential / t_local:.2f}x faster than "
        f"sequential (the calls reach the model process together)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
