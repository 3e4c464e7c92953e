"""Shared pieces for strategy tests: a scripted model and a one-call run helper.

Scripted replies stand in for the model (strategy logic); evaluation is real (g++,
sandboxed worker) at 30_scan_prefix_sum's quick size with short timing settings.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable

from harness.models.llm import CallRecord
from harness.run import RunOptions, execute
from harness.strategies import registry

PID = "30_scan_prefix_sum"
ROOT = Path(__file__).resolve().parent.parent
BASELINE = (ROOT / "pareval" / PID / "baseline.cpp").read_text()
FAST_EVAL = {"min_pairs": 3, "max_pairs": 6, "budget_s": 0.3}


def fence(code: str) -> str:
    """A model reply holding ``code`` in one fenced C++ block."""
    return f"Here is my version.\n```cpp\n{code}```\n"


class ScriptedModel:
    """A model whose reply is ``reply(call)`` for each call, where ``call`` is a dict with
    agent (name), model, messages, prompt (the last message's text), seed and n (the
    index of the call). Records every call in ``calls``; thread-safe."""

    def __init__(self, reply: Callable[[dict], str] | None = None):
        self.reply = reply or (lambda call: fence(BASELINE))
        self.calls: list[dict] = []
        self.lock = threading.Lock()

    def __call__(self, agent, messages, seed):
        with self.lock:
            call = {
                "agent": agent.name,
                "model": agent.model,
                "messages": messages,
                "prompt": messages[-1]["content"],
                "seed": seed,
                "n": len(self.calls),
            }
            self.calls.append(call)
        text = self.reply(call)
        return CallRecord(
            text=text,
            model=agent.model,
            prompt_tokens=len(call["prompt"]) // 4,
            completion_tokens=len(text) // 4,
            latency_s=0.01,
            cost_usd=0.001,
            seed=seed,
            agent=agent.name,
        )


def run_strategy(
    tmp_path,
    strategy: str,
    options: dict | None = None,
    *,
    model=None,
    models: str = "openai/mock-a,openai/mock-b,openai/mock-c",
    mode: str = "omp",
    problems=(PID,),
    **run_kw,
):
    """Runs ``strategy`` with ``options`` on ``problems`` (quick sizes, no reference) with
    the scripted ``model`` (default: always the baseline). Returns (store, rows, model)."""
    model = model or ScriptedModel()
    opts = RunOptions(
        problems=list(problems),
        mode=mode,
        models=models,
        strategy=strategy,
        strategy_options=dict(options or {}),
        quick=True,
        reference=False,
        output=str(tmp_path / "results"),
        eval_overrides=dict(FAST_EVAL),
        **run_kw,
    )
    store, rows, _ = execute(opts, complete_fn=model)
    store.close()
    return store, rows, model


def assert_budget(rows, strategy: str, options: dict | None = None, team_size: int = 3) -> None:
    """Every row's measured model calls and evaluations stay within the registered
    budget (calls: retries included); for an exact budget the evaluations are equal
    and the calls at least those of a run without context overflows."""
    info = registry.get(strategy)
    budget = info.budget(info.resolve(options or {}), team_size)
    for row in rows:
        assert row["model_calls"] <= budget.calls and row["evaluations"] <= budget.evaluations, row
        if budget.exact:
            assert row["model_calls"] >= budget.first_calls and row["evaluations"] == budget.evaluations, row
            if not budget.retries:
                assert row["model_calls"] == budget.calls, row
