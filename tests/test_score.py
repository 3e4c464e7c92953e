"""``python -m harness score``: replies generated elsewhere, evaluated as a run.

Real g++, real sandboxed evaluations at quick sizes in serial mode with few timed pairs;
the replies are written here from the problem's own baseline and wrong variants (no
outside predictions file is committed)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from harness.core.errors import HarnessError
from harness.measure.evaluate import evaluate
from harness.measure.extract import extract_candidate
from harness.measure.signature import readable, signature_mismatch
from harness.measure.suite import get_problem
from harness.results.runstore import read_run
from harness.score import ScoreOptions, execute_score, group_samples, load_input, select_samples

ROOT = Path(__file__).resolve().parent.parent
PID = "30_scan_prefix_sum"
FAST_EVAL = {"min_pairs": 3, "max_pairs": 4, "budget_s": 0.2}
INT64 = """The fork's version takes int64_t:
```cpp
#include <cstdint>
#include <vector>
inline void prefixSum(const std::vector<int64_t>& x, std::vector<int64_t>& output) {
  int64_t s = 0;
  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }
}
```
"""


def fence(code: str) -> str:
    return f"Here is a faster version:\n```cpp\n{code}\n```\n"


def baseline() -> str:
    return fence((ROOT / "pareval" / PID / "baseline.cpp").read_text())


def wrong() -> str:
    return fence((ROOT / "tests" / "variants" / PID / "wrong_exclusive.cpp").read_text())


def write_inputs(d: Path) -> list[str]:
    """a.json (the fork's format: the baseline), b.jsonl (model m2: the int64_t
    version, then an incorrect one), c.jsonl (a submission record of an id the suite
    lacks)."""
    d.mkdir(parents=True, exist_ok=True)
    (d / "a.json").write_text(json.dumps({PID: baseline()}, indent=1))
    (d / "b.jsonl").write_text(
        json.dumps({"problem": PID, "reply": INT64, "model": "m2"})
        + "\n\n"
        + json.dumps({"problem": PID, "code": wrong(), "model": "m2", "sample": 1})
        + "\n"
    )
    (d / "c.jsonl").write_text(
        json.dumps({"submission": {"problem": {"problem_id": "99_not_in_suite"}, "submitted_code": "int x;"}}) + "\n"
    )
    return [str(d / n) for n in ("a.json", "b.jsonl", "c.jsonl")]


def score(files, out: Path, **kw) -> Path:
    opts = ScoreOptions(
        files=files,
        mode="serial",
        quick=True,
        reference=False,
        output=str(out),
        skip_unknown=True,
        eval_overrides=dict(FAST_EVAL),
        **kw,
    )
    return execute_score(opts, command=["test"])


def cli(*args, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "harness", *args],
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        timeout=600,
    )


@pytest.fixture(scope="module")
def scored(tmp_path_factory):
    """(inputs, run folder) of one score run of the three files, not grouped."""
    d = tmp_path_factory.mktemp("score")
    files = write_inputs(d / "in")
    return files, score(files, d / "results")


# --------------------------------------------------------------------------- the run folder


def test_a_score_run_is_a_run_folder_with_the_first_sample_as_its_row(scored):
    files, root = scored
    config = json.loads((root / "config.json").read_text())
    assert config["strategy"] == "score"
    inputs = config["score"]["inputs"]
    assert [i["path"] for i in inputs] == [str(Path(f).resolve()) for f in files]
    assert [i["sha256"] for i in inputs] == [hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in files]
    assert [i["format"] for i in inputs] == ["json object", "jsonl", "submission jsonl"]
    assert config["score"]["skipped_unknown"] == {"99_not_in_suite": 1}
    [row] = json.loads((root / "problems.json").read_text())
    assert (row["problem"], row["strategy"], row["candidates"]) == (PID, "score", 3)
    assert (row["status"], row["best_id"], row["compiled"]) == ("correct", f"{PID}-s0", True)
    assert (row["candidates_compiled"], row["candidates_correct"]) == (2, 1)
    assert row["null_speedup"] is not None  # the noise floor, measured once
    run = read_run(root)
    cands = run.problems[0].candidates
    assert [(c.id, c.model, c.status) for c in cands] == [
        (f"{PID}-s0", "a", "correct"),
        (f"{PID}-s1", "m2", "link_error"),
        (f"{PID}-s2", "m2", "incorrect"),
    ]
    assert sorted(p.name for p in (root / "candidates" / PID).iterdir()) == [f"{PID}-s{i}.cpp" for i in range(3)]


def test_report_md_counts_the_signature_mismatch_and_pass_at_k(scored):
    _, root = scored
    md = (root / "report.md").read_text()
    assert "## Per category" in md and "| scan | 1 |" in md
    sig = md.split("## Link errors: signature differs from this suite (score)")[1].split("##")[0]
    assert (
        "| 30_scan_prefix_sum | 30_scan_prefix_sum-s1 | m2 | void prefixSum(std::vector<double> const&, "
        "std::vector<double>&) | void prefixSum(std::vector<long> const&, std::vector<long>&) |"
    ) in sig
    verdicts = md.split("## Verdicts of all samples (score)")[1].split("##")[0]
    # verdict | samples | measured | verdict cache | run log: measured here or, when an earlier
    # test measured the same code and seeds, from the verdict cache; none from a log
    rows = {
        cells[0]: list(map(int, cells[1:]))
        for cells in (
            [c.strip() for c in line.strip("|").split("|")]
            for line in verdicts.splitlines()
            if line.startswith("| ") and not line.startswith("| verdict")
        )
    }
    assert sorted(rows) == ["correct", "incorrect", "link_error"], verdicts
    assert all(n == 1 and measured + cache == 1 and log == 0 for n, measured, cache, log in rows.values())
    # pass@1 = 1/3, build@1 = 2/3, pass@2 = 1 - C(2,2)/C(3,2) = 2/3
    assert "| 30_scan_prefix_sum | scan | 3 | 2 | 1 | correct | 0.333 | 0.667 |" in md
    assert "- skipped (--skip-unknown): problem ids not in this suite: 99_not_in_suite (1)" in md
    # the same tables as `python -m harness report` renders from the folder
    from harness.results.render import to_markdown
    from harness.results.report import build_report

    again = to_markdown(build_report(read_run(root), plots=False))
    assert md.split("\n## Where the time went")[0] == again


def test_report_and_compare_work_on_score_runs_and_group_by_compares_files(scored, tmp_path):
    files, first = scored
    root = score(files, tmp_path / "results", group_by="file", label="ckpt")
    groups = json.loads((root / "score.json").read_text())["groups"]
    assert groups == ["ckpt-a", "ckpt-b"]
    assert "| score |" in (root / "runs.md").read_text() and "group=file=b" in (root / "runs.md").read_text()
    a, b = (root / g for g in groups)
    assert [r["candidates"] for r in json.loads((a / "problems.json").read_text())] == [1]
    [row_b] = json.loads((b / "problems.json").read_text())
    assert (row_b["status"], row_b["candidates"]) == ("no correct candidate", 2)  # its first sample: int64_t

    # the noise floor is measured once per problem, in the first group; the second reuses it
    def kinds(folder, cid):
        return [
            e["kind"]
            for e in map(json.loads, (folder / "events.jsonl").read_text().splitlines())
            if e.get("candidate_id") == cid and e["kind"].startswith("evaluation")
        ]

    assert kinds(a, f"{PID}-null") == ["evaluation"] and kinds(b, f"{PID}-null") == ["evaluation_reused"]
    # same code, settings and seeds as the first run: the correct and the incorrect verdicts
    # come from the verdict cache, the link error is compiled again
    # (the verdicts table: verdict, samples, measured, verdict cache, run log)
    assert "| correct | 1 | 0 | 1 | 0 |" in (a / "report.md").read_text()
    md_b = (b / "report.md").read_text()
    assert "| link_error | 1 | 1 | 0 | 0 |" in md_b and "| incorrect | 1 | 0 | 1 | 0 |" in md_b
    r = cli("report", str(first), "--no-plots")
    assert r.returncode == 0, r.stderr
    assert (first / "report" / "report.md").exists()
    r = cli("compare", str(a), str(b))
    assert r.returncode == 0, r.stderr
    assert PID in r.stdout


def test_resume_reuses_what_was_measured_and_refuses_changed_inputs(tmp_path):
    files = write_inputs(tmp_path / "in")[:2]
    calls = []

    def interrupted(problem, text, mode, cfg):
        calls.append(text)
        if len(calls) == 3:  # noise floor, s0, then stop during s1
            raise KeyboardInterrupt
        return evaluate(problem, text, mode, cfg)

    opts = ScoreOptions(
        files=files,
        mode="serial",
        quick=True,
        reference=False,
        seed=7,
        output=str(tmp_path / "results"),
        eval_overrides=dict(FAST_EVAL),
    )
    with pytest.raises(KeyboardInterrupt):
        execute_score(opts, evaluate_fn=interrupted)
    [root] = (tmp_path / "results").iterdir()
    assert not (root / "problems.json").read_text().strip("[]\n")
    original = Path(files[0]).read_text()
    Path(files[0]).write_text(original.replace("Here is", "Here's"))
    with pytest.raises(HarnessError, match="changed since the run started"):
        execute_score(ScoreOptions(), resume=str(root))
    Path(files[0]).write_text(original)
    r = cli("score", "--resume", str(root), "--quick")
    assert r.returncode == 2 and "drop --quick" in r.stderr
    execute_score(ScoreOptions(), resume=str(root))
    [row] = json.loads((root / "problems.json").read_text())
    assert (row["status"], row["candidates"]) == ("correct", 3)
    md = (root / "report.md").read_text()
    # verdict, samples, measured, verdict cache, run log (--resume)
    assert all(
        line in md
        for line in ("| correct | 1 | 0 | 0 | 1 |", "| link_error | 1 | 1 | 0 | 0 |", "| incorrect | 1 | 1 | 0 | 0 |")
    )
    events = [json.loads(ln) for ln in (root / "events.jsonl").read_text().splitlines()]
    reused = [e["candidate_id"] for e in events if e["kind"] == "evaluation_reused"]
    assert reused == [f"{PID}-null", f"{PID}-s0"]


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("notjson.json", "this is not JSON\nnor JSON lines\n", "neither JSON nor JSON lines (line 1"),
        ("list.json", "[1, 2]", "JSON list at the top level"),
        ("empty.jsonl", "\n", "empty (expected JSON or JSON lines)"),
        ("half.jsonl", json.dumps({"problem": PID, "reply": "x"}) + "\n{oops\n", "not JSON lines (line 2"),
        (
            "noid.jsonl",
            json.dumps({"reply": "x"}) + "\n" + json.dumps({"reply": "y"}) + "\n",
            "line 1: a record without a problem id",
        ),
        (
            "noreply.jsonl",
            json.dumps({"problem": PID, "reply": "x"}) + "\n" + json.dumps({"problem": PID}) + "\n",
            "line 2: problem 30_scan_prefix_sum: a record without a reply",
        ),
        (
            "sub.jsonl",
            json.dumps({"submission": {"problem": {}, "submitted_code": "x"}}) + "\n",
            "a string under submission.problem.problem_id",
        ),
        ("dup.json", '{"%s": "a", "%s": "b"}' % (PID, PID), f"key '{PID}' appears twice"),
        ("value.json", json.dumps({PID: 3}), f"the value of '{PID}' is not a reply"),
        (
            "unknown.json",
            json.dumps({f"9{i}_made_up": "x" for i in range(7)} | {PID: "y"}),
            "7 problem id(s) not in suite pareval: 90_made_up (unknown.json), 91_made_up (unknown.json), "
            "92_made_up (unknown.json), 93_made_up (unknown.json), 94_made_up (unknown.json) and 2 more "
            "(--skip-unknown evaluates the others)",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2_before_any_work(tmp_path, name, content, message):
    (tmp_path / name).write_text(content)
    r = cli("score", str(tmp_path / name), "--output", str(tmp_path / "results"), "--mode", "serial")
    assert r.returncode == 2, r.stdout + r.stderr
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("error: "), r.stderr
    assert message in r.stderr
    assert not (tmp_path / "results").exists() and "results folder" not in r.stdout


def test_other_user_errors_are_one_line(tmp_path):
    (tmp_path / "a.json").write_text(json.dumps({PID: "x"}))
    for args, message in (
        (["--problems", "06_fft_dft"], "no reply for 06_fft_dft"),
        (["--problems", "nope"], "nope"),
        (["--k", "0"], "--k values must be >= 1"),
        ([str(tmp_path / "a.json")], "is given twice"),
        (["--mode", "gpu"], "gpu"),
    ):
        r = cli("score", str(tmp_path / "a.json"), *args, "--output", str(tmp_path / "results"))
        assert r.returncode == 2 and r.stderr.count("\n") == 1 and message in r.stderr, (args, r.stderr)
    r = cli("score", "--output", str(tmp_path / "results"))
    assert r.returncode == 2 and "no input files" in r.stderr
    assert not (tmp_path / "results").exists()


# --------------------------------------------------------------------------- reading and grouping


def test_formats_models_samples_and_groups(tmp_path):
    (tmp_path / "ckpt-1.json").write_text(json.dumps({PID: "r1", "06_fft_dft": "r2"}))
    (tmp_path / "gen.jsonl").write_text(
        json.dumps({"problem": PID, "code": "r3", "model": "m", "sample": 4})
        + "\n"
        + json.dumps({"submission": {"problem": {"problem_id": PID}, "submitted_code": "r4"}})
        + "\n"
    )
    f1, s1 = load_input(str(tmp_path / "ckpt-1.json"))
    f2, s2 = load_input(str(tmp_path / "gen.jsonl"))
    assert (f1.format, f1.replies, f2.format, f2.replies) == ("json object", 2, "jsonl+submission jsonl", 2)
    assert [(s.problem, s.reply, s.model, s.sample) for s in s1 + s2] == [
        (PID, "r1", "ckpt-1", None),
        ("06_fft_dft", "r2", "ckpt-1", None),
        (PID, "r3", "m", 4),
        (PID, "r4", "gen", None),
    ]
    kept, skipped = select_samples(s1 + s2, "pareval", problems=[PID])
    assert [s.reply for s in kept] == ["r1", "r3", "r4"] and skipped == {}
    by_model = group_samples(kept, "model")
    assert list(by_model) == ["ckpt-1", "m", "gen"]
    # candidate ids number a problem's samples over all groups
    assert [cid for g in by_model.values() for cid, _ in g[PID]] == [f"{PID}-s0", f"{PID}-s1", f"{PID}-s2"]
    assert [cid for cid, _ in group_samples(kept, None)["all"][PID]] == [f"{PID}-s{i}" for i in range(3)]


# --------------------------------------------------------------------------- signatures


def test_signature_mismatch_is_found_by_the_compiler_and_only_then():
    p = get_problem(PID)
    got = signature_mismatch(p, extract_candidate(INT64, p.function), "serial")
    assert got == {
        "expected": "void prefixSum(std::vector<double> const&, std::vector<double>&)",
        "found": "void prefixSum(std::vector<long> const&, std::vector<long>&)",
    }
    assert signature_mismatch(p, extract_candidate(baseline(), p.function), "serial") is None
    assert signature_mismatch(p, "int unrelated(int x) { return x; }\n", "serial") is None  # missing: its own
    namespaced = "namespace fast {\n" + (ROOT / "pareval" / PID / "baseline.cpp").read_text() + "}\n"
    assert signature_mismatch(p, namespaced, "serial") is None
    other_return = get_problem("32_scan_sum_of_prefix_sum_array")
    got = signature_mismatch(
        other_return,
        "#include <cstdint>\n#include <vector>\nint64_t sumOfPrefixSum(std::vector<int64_t> const& x) { return 0; }\n",
        "serial",
    )
    assert got["found"] == "long sumOfPrefixSum(std::vector<long> const&)"


def test_readable_drops_allocators_and_names_the_function():
    t = (
        "void (*)(std::vector<std::vector<int, std::allocator<int> >, std::allocator<std::vector<int, "
        "std::allocator<int> > > > const&, std::__cxx11::basic_string<char, std::char_traits<char>, "
        "std::allocator<char> >&)"
    )
    assert readable(t, "f") == "void f(std::vector<std::vector<int>> const&, std::string&)"
