"""``python -m harness report RUN RUN ...``: the strategy comparison (LessonL's Table 1
layout, one row per run; the cost plot with its Pareto front), on three runs built here
(scripted model replies, the real evaluator: 34_scan_largest_contiguous_subarray_sum and
42_sort_sorted_ranks at their quick sizes in serial mode) with the strategies lessonl
(two rounds, two agents), single and null; every number checked against the runs' problem
rows computed by hand."""

from __future__ import annotations

import json
import math
import shutil
import threading
from pathlib import Path

import pytest

from harness.cli import main
from harness.models.llm import CallRecord
from harness.results.report import key_options, pareto_front, team_models
from harness.run import RunOptions, execute
from harness.strategies import registry

P1, P2 = "34_scan_largest_contiguous_subarray_sum", "42_sort_sorted_ranks"
ROOT = Path(__file__).resolve().parent.parent
FAST_EVAL = {"min_pairs": 5, "max_pairs": 10, "budget_s": 0.3}


def _src(path):
    return (ROOT / path).read_text()


CODE = {
    P1: {
        "baseline": _src(f"pareval/{P1}/baseline.cpp"),
        "fast": _src(f"pareval/{P1}/reference_serial.cpp"),
        "wrong": _src(f"tests/variants/{P1}/wrong_skip_last.cpp"),
        "broken": "int maximumSubarray(std::vector<int> const& x) {\n  return 1 +;\n}\n",
    },
    P2: {
        "baseline": _src(f"pareval/{P2}/baseline.cpp"),
        "fast": _src(f"pareval/{P2}/reference_serial.cpp"),
        "wrong": _src(f"tests/variants/{P2}/wrong_one_based.cpp"),
        "broken": "void ranks(std::vector<float> const& x, std::vector<size_t>& ranks_) {\n  ranks_[0] = ;\n}\n",
    },
}


class Plan:
    """Candidate replies by (problem, agent, n-th candidate call of that agent on that
    problem): ``plan[problem][agent][n]`` names the code in CODE; a lesson call gets a
    fixed text. Cost 0.001 USD per call."""

    def __init__(self, plan):
        self.plan, self.count, self.lock = plan, {}, threading.Lock()

    def __call__(self, agent, messages, seed):
        prompt = messages[-1]["content"]
        pid = P1 if "maximumSubarray" in prompt else P2
        lesson = "## Your lesson" in prompt
        with self.lock:
            key = (pid, agent.name, lesson)
            n = self.count.get(key, 0)
            self.count[key] = n + 1
        text = (
            "Lesson: measure, do not guess." if lesson else f"```cpp\n{CODE[pid][self.plan[pid][agent.name][n]]}```\n"
        )
        return CallRecord(
            text=text,
            model=agent.model,
            prompt_tokens=len(prompt) // 4,
            completion_tokens=len(text) // 4,
            latency_s=0.01,
            cost_usd=0.001,
            seed=seed,
            agent=agent.name,
        )


def _run(out, strategy, plan=None, models=None, options=None):
    opts = RunOptions(
        problems=[P1, P2],
        mode="serial",
        models=models,
        strategy=strategy,
        strategy_options=dict(options or {}),
        quick=True,
        reference=False,
        output=str(out),
        eval_overrides=FAST_EVAL,
    )
    store, _, _ = execute(opts, complete_fn=Plan(plan or {}))
    store.close()
    return store.root


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """lessonl: round 0 the baseline and a candidate that does not compile, round 1 the
    expert reference and a wrong one, on both problems; single: the reference on P1, the
    baseline on P2 (its team has two models, it uses the first); null: the baselines."""
    out = tmp_path_factory.mktemp("runs")
    two_rounds = {"agent-1": ["baseline", "fast"], "agent-2": ["broken", "wrong"]}
    return {
        "lessonl": _run(
            out / "lessonl",
            "lessonl",
            {P1: two_rounds, P2: two_rounds},
            "openai/mock-a,openai/mock-b",
            {"rounds": 2, "agents": 2, "k": 4},
        ),
        "single": _run(
            out / "single",
            "single",
            {P1: {"agent-1": ["fast"]}, P2: {"agent-1": ["baseline"]}},
            "openai/mock-s,openai/mock-x",
        ),
        "null": _run(out / "null", "null"),
    }


def _rows(root):
    return [
        json.loads(line)["row"]
        for line in (root / "events.jsonl").read_text().splitlines()
        if json.loads(line)["kind"] == "problem_done"
    ]


def _by_hand(root):
    """The comparison row of a run from its problem rows, computed here."""
    rows = _rows(root)
    n = len(rows)
    s = [r["speedup"] if r["correct"] else None for r in rows]
    return {
        "problems": len({r["problem"] for r in rows}),
        "repeats": n // len({r["problem"] for r in rows}),
        "% compiled": 100 * sum(r["compiled"] for r in rows) / n,
        "% correct": 100 * sum(r["correct"] for r in rows) / n,
        "geomean": math.exp(sum(math.log(max(x, 1.0)) if x else 0.0 for x in s) / n),
        "mean": sum(x or 0.0 for x in s) / n,
        "% >=2x": 100 * sum(bool(x and x >= 2) for x in s) / n,
        "geomean CI>1": math.exp(
            sum(math.log(max(x, 1.0)) if x and r["ci_low"] > 1 else 0.0 for x, r in zip(s, rows)) / n
        ),
        "model calls / problem": sum(r["model_calls"] for r in rows) / n,
        "evaluations / problem": sum(r["evaluations"] for r in rows) / n,
        "tokens / problem": sum(r["prompt_tokens"] + r["completion_tokens"] for r in rows) / n,
        "cost $ / problem": sum(r["cost_usd"] for r in rows) / n,
    }


def _copy(src, dst, edit_row=None, **config):
    """A copy of run folder ``src`` at ``dst`` with run id ``dst.name``, ``config``'s
    keys set in config.json and ``edit_row(event)`` applied to every event."""
    shutil.copytree(src, dst)
    cfg = json.loads((dst / "config.json").read_text())
    cfg.update(run_id=dst.name, **config)
    (dst / "config.json").write_text(json.dumps(cfg))
    if edit_row:
        events = [json.loads(line) for line in (dst / "events.jsonl").read_text().splitlines()]
        kept = [e for e in events if edit_row(e) is not False]
        (dst / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in kept))
    return dst


def _fails_cleanly(capsys, argv, *needles):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and len(err.splitlines()) == 1 and "Traceback" not in err
    for needle in needles:
        assert needle in err, err
    return err


def test_pareto_front_on_a_constructed_case():
    """Lower cost and higher geomean win; a point is dominated when another is at least
    as good on both and strictly better on one; equal points are all on the front."""
    points = [
        (0.0, 1.0),
        (1.0, 2.0),
        (2.0, 1.5),
        (2.0, 2.0),
        (3.0, 3.0),
        (3.0, 3.0),
        (4.0, 2.9),
        (1.0, 2.0),
        (5.0, 3.5),
    ]
    assert pareto_front(points) == [True, True, False, False, True, True, False, True, True]
    assert pareto_front([(0.2, 0.5)]) == [True] and pareto_front([]) == []
    assert pareto_front([(1.0, 2.0), (1.0, 1.9)]) == [True, False]  # same cost, lower geomean


def test_key_options_and_team_of_a_strategy_this_version_does_not_know():
    config = {
        "strategy": "not-registered",
        "strategy_options": {"layers": 3},
        "team": {
            "agents": [{"name": "a", "model": "m1"}, {"name": "b", "model": "m1"}, {"name": "c", "model": "m2"}],
            "roles": {"aggregator": "c"},
        },
    }
    assert key_options(config) == "layers=3"
    assert team_models(config) == "m1 x2, m2; aggregator: m2"
    assert registry.find("not-registered") is None
    assert team_models(dict(config, strategy="single"), registry.find("single")) == "m1"
    assert team_models(dict(config, strategy="null"), registry.find("null")) == "-"
    lessonl = {"strategy": "lessonl", "strategy_options": {"rounds": 4, "agents": 3, "k": 2}}
    assert key_options(lessonl, registry.find("lessonl")) == "k=2"
    assert key_options(lessonl) == "rounds=4, agents=3, k=2"  # no registry: every recorded option
    # a run that recorded its strategy's defaults and team kind reports with those, whatever
    # today's registry says (a later version may change a default)
    recorded = dict(lessonl, strategy_defaults={"rounds": 4, "agents": 3, "k": 3}, team_kind="one", team=config["team"])
    assert key_options(recorded, registry.find("lessonl")) == key_options(recorded) == "k=2"
    assert team_models(recorded, registry.find("lessonl")) == "m1"
    assert team_models(dict(recorded, team_kind="bogus"), registry.find("lessonl")) == "m1 x2, m2; aggregator: m2"


def test_table_one_layout_matches_the_problem_rows(runs, tmp_path, capsys):
    import matplotlib.image as mpimg
    import pandas as pd

    out = tmp_path / "out"
    order = ["lessonl", "single", "null"]
    assert (
        main(
            ["report", *[str(runs[k]) for k in order], "--format", "csv,json,html", "--output", str(out), "--no-plots"]
        )
        == 0
    )
    printed = capsys.readouterr().out
    assert "Strategies: pareval, serial mode" in printed and "lessonl" in printed
    # the strategy "null" is a string: pandas reads only empty cells as missing with these options
    table = pd.read_csv(out / "runs.csv", keep_default_na=False, na_values=[""])
    assert list(table["run"]) == [runs[k].name for k in order]  # the order given
    assert list(table["strategy"]) == order
    assert table["options"].fillna("").tolist() == ["rounds=2, agents=2", "", ""]
    assert list(table["team"]) == ["openai/mock-a, openai/mock-b", "openai/mock-s", "-"]
    assert set(table["mode"]) == {"serial"} and set(table["suite"]) == {"pareval"}
    for name, row in zip(order, table.to_dict("records")):
        hand = _by_hand(runs[name])
        for col, want in hand.items():
            assert row[col] == pytest.approx(want, rel=1e-9, abs=1e-12), (name, col)
        assert row["geomean 95% CI low"] <= row["geomean"] <= row["geomean 95% CI high"]
    # the budgets: lessonl 2 rounds x 2 agents + the round-0 lessons, single 1, null none
    assert list(table["model calls / problem"]) == [6, 1, 0]
    assert list(table["evaluations / problem"]) == [4, 1, 1]
    assert list(table["cost $ / problem"]) == pytest.approx([0.006, 0.001, 0.0])
    # lessonl's best on both problems is the expert reference, 10-1000x the baseline here
    assert table["geomean"][0] > 2 and table["% >=2x"][0] == 100 and table["% correct"][0] == 100
    # the Pareto front on cost (some run cost something) against geomean, by brute force here
    pts = list(zip(table["cost $ / problem"], table["geomean"]))
    want = [not any(c2 <= c and g2 >= g and (c2, g2) != (c, g) for c2, g2 in pts) for c, g in pts]
    assert list(table["pareto front"]) == want and want[2]  # null: the cheapest, on the front
    records = pd.read_json(out / "runs.json")
    assert list(records["run"]) == list(table["run"]) and list(records["strategy"]) == order
    assert records["geomean"].tolist() == pytest.approx(table["geomean"].tolist())
    md = (out / "runs.md").read_text()  # markdown always, though not asked for
    assert md.count("## pareval, serial mode, 1 thread(s), 2 problem(s)") == 1
    assert md.index(runs["lessonl"].name) < md.index(runs["single"].name) < md.index(runs["null"].name)
    assert "| 1 | lessonl | rounds=2, agents=2 | openai/mock-a, openai/mock-b | 1 | 100% | 100% |" in md
    assert "| 6.0 | 4.0 |" in md and "| 0.0060 |" in md
    assert "Pareto: not dominated in cost $ / problem" in md
    assert "<table>" in (out / "runs.html").read_text()
    assert not list(out.glob("*.png"))

    # with plots: one per (suite, mode), drawn; a plot-free rendering after it removes it
    assert main(["report", str(runs["lessonl"]), str(runs["single"]), "--output", str(out)]) == 0
    png = out / "cost_vs_geomean_pareval_serial.png"
    img = mpimg.imread(png)
    assert img.shape[0] > 100 and img.std() > 0
    assert "![cost_vs_geomean_pareval_serial.png]" in (out / "runs.md").read_text()
    assert not (out / "runs.csv").exists()  # the earlier rendering's files are gone
    page = tmp_path / "page"
    assert main(["report", str(runs["lessonl"]), str(runs["null"]), "--output", str(page), "--format", "html"]) == 0
    assert (page / "runs.html").read_text().count("data:image/png;base64,") == 1


def test_local_models_plot_tokens_and_older_runs_show_a_dash(runs, tmp_path, capsys):
    """Runs that cost nothing: the front and the plot use tokens per problem. A run made
    before rows counted model calls and evaluations shows "-" there."""
    import pandas as pd

    def free_calls(e):
        if e["kind"] == "problem_done":
            e["row"]["cost_usd"] = 0.0
        elif e["kind"] == "llm_call":
            e["cost_usd"] = 0.0

    def uncounted(e):
        if e["kind"] == "problem_done":
            del e["row"]["model_calls"], e["row"]["evaluations"]

    free = _copy(runs["lessonl"], tmp_path / "free", free_calls)
    old = _copy(runs["lessonl"], tmp_path / "old", uncounted)

    out = tmp_path / "out"
    assert main(["report", str(free), str(runs["null"]), "--output", str(out), "--format", "csv"]) == 0
    table = pd.read_csv(out / "runs.csv")
    tokens = _by_hand(free)["tokens / problem"]
    assert list(table["tokens / problem"]) == pytest.approx([tokens, 0.0])
    geo = list(table["geomean"])
    # on tokens: null (0 tokens) is on the front; lessonl is iff its geomean is higher
    assert list(table["pareto front"]) == [geo[0] > geo[1], True]
    assert "Pareto: not dominated in tokens / problem" in (out / "runs.md").read_text()
    assert (out / "cost_vs_geomean_pareval_serial.png").read_bytes().startswith(b"\x89PNG")

    out2 = tmp_path / "out2"
    assert main(["report", str(old), str(runs["single"]), "--output", str(out2), "--format", "csv", "--no-plots"]) == 0
    table = pd.read_csv(out2 / "runs.csv")
    assert math.isnan(table["model calls / problem"][0]) and math.isnan(table["evaluations / problem"][0])
    assert table["model calls / problem"][1] == 1
    row = next(l for l in (out2 / "runs.md").read_text().splitlines() if l.startswith("| 1 |"))
    assert "| - | - |" in row


def test_runs_on_other_problems_or_threads_are_refused_other_modes_get_their_own_table(runs, tmp_path, capsys):
    part = _copy(
        runs["single"],
        tmp_path / "part",  # the single run as if it had measured P1 alone
        lambda e: e.get("problem") != P2 and e.get("row", {}).get("problem") != P2,
    )
    out = tmp_path / "out"
    err = _fails_cleanly(
        capsys,
        ["report", str(runs["lessonl"]), str(part), "--output", str(out)],
        "did not measure the same",
        f"problem id ['{P2}'] vs [] (+1 in both)",
    )
    assert runs["lessonl"].name in err and not out.exists()  # refused before anything is written

    threads = _copy(runs["null"], tmp_path / "threads", threads=2)
    _fails_cleanly(
        capsys, ["report", str(runs["single"]), str(threads), "--output", str(out)], "threads ['1'] vs ['2']"
    )
    assert not out.exists()

    def other_size(e):
        if e["kind"] == "evaluation" and e.get("problem") == P1:
            e["result"]["size"], e["result"]["size_label"] = 999, "999"

    size = _copy(runs["null"], tmp_path / "size", other_size)  # as if P1 had been timed at another size
    _fails_cleanly(
        capsys,
        ["report", str(runs["single"]), str(size), "--output", str(out)],
        "size ['2048'] vs ['999'] (+1 in both)",
    )
    assert not out.exists()

    omp = _copy(runs["null"], tmp_path / "omp", mode="omp")  # relabelled: compared with nothing
    assert main(["report", str(omp), str(runs["single"]), str(runs["null"]), "--output", str(out)]) == 0
    md = (out / "runs.md").read_text()
    assert md.index("## pareval, omp mode") < md.index("## pareval, serial mode")  # first seen first
    serial = md[md.index("## pareval, serial mode") :]
    assert runs["single"].name in serial and runs["null"].name in serial and f"| {omp.name} |" not in serial
    assert sorted(p.name for p in out.glob("*.png")) == [
        "cost_vs_geomean_pareval_omp.png",
        "cost_vs_geomean_pareval_serial.png",
    ]
