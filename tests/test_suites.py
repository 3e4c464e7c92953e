"""Suites as folders (harness.measure.suite): a folder with a suite.toml and problem
folders is a suite, found under the repository or a --suite-dir / HARNESS_SUITES folder;
the built-in two are found the same way. Real CLI subprocesses, real g++."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from harness.core.errors import HarnessError
from harness.measure import suite

ROOT = Path(__file__).resolve().parent.parent
PID = "30_scan_prefix_sum"


def harness(*args, env_suites=None):
    env = {k: v for k, v in os.environ.items() if k != suite.SUITE_DIRS_ENV}
    if env_suites is not None:
        env[suite.SUITE_DIRS_ENV] = env_suites
    return subprocess.run(
        [sys.executable, "-m", "harness", *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600
    )


def make_suite(parent: Path, name: str, toml: str = "", pids=(PID,)) -> Path:
    folder = parent / name
    for pid in pids:
        shutil.copytree(suite.get_suite("pareval").path / pid, folder / pid)
    (folder / "suite.toml").write_text(f'name = "{name}"\n{toml}')
    return folder


@pytest.fixture
def no_extra_suites(monkeypatch):
    """HARNESS_SUITES empty in this process, and as it was after the test."""
    monkeypatch.setenv(suite.SUITE_DIRS_ENV, "")


def test_the_built_in_suites_are_folders_with_a_suite_toml(no_extra_suites):
    found = suite.suites()
    assert list(found) == ["pareval", "polybench"]
    assert found["pareval"].path == ROOT / "pareval" and found["pareval"].size_names == ()
    assert len(found["pareval"].quick_problems) == 6
    poly = found["polybench"]
    assert poly.size_names == ("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE") and poly.quick_problems == ()
    gemm = suite.get_problem("gemm", "polybench")
    assert gemm.size_label(gemm.default_size("serial")) == "LARGE" and gemm.parse_size("mini") == 0


def test_a_suite_outside_the_package_lists_and_evaluates(tmp_path):
    """The README's recipe: one problem folder copied into DIR/mysuite/ with a suite.toml."""
    make_suite(tmp_path, "mysuite")
    r = harness("list", "--suite-dir", str(tmp_path), "--suite", "mysuite", "--json")
    assert r.returncode == 0, r.stderr
    assert [row["id"] for row in json.loads(r.stdout)] == [PID]
    r = harness(
        "eval",
        "--suite-dir",
        str(tmp_path),
        "--suite",
        "mysuite",
        "--problem",
        PID,
        "--mode",
        "serial",
        "--quick",
        "--no-reference",
        "--no-cache",
        "--json",
        str(tmp_path / "mysuite" / PID / "baseline.cpp"),
    )
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["status"] == "correct" and out["suite"] == "mysuite", out
    # the environment variable, naming the suite's own folder, does the same
    r = harness("list", "--suite", "mysuite", env_suites=str(tmp_path / "mysuite"))
    assert r.returncode == 0 and "1 problems in suite mysuite" in r.stdout, r.stderr


def test_size_names_and_quick_problems_come_from_suite_toml(tmp_path, no_extra_suites):
    folder = make_suite(
        tmp_path,
        "named",
        'size_names = ["tiny", "big"]\nquick_problems = ["27_reduce_average"]\n',
        pids=(PID, "27_reduce_average"),
    )
    for pid in (PID, "27_reduce_average"):  # sizes by name: 0 and 1 only
        toml = folder / pid / "problem.toml"
        text = toml.read_text()
        start = text.index("[sizes]")
        end = text.index("\n[", start + 1)
        toml.write_text(
            text[:start] + '[sizes]\nserial = "BIG"\nomp = 1\nquick = "tiny"\nvalidate = [0, 1]\n' + text[end:]
        )
    suite.add_suite_dirs([tmp_path])
    p = suite.get_problem(PID, "named")
    assert (p.default_size("serial"), p.default_size("omp", quick=True)) == (1, 0)
    assert p.size_label(1) == "BIG" and p.parse_size("tiny") == 0
    with pytest.raises(HarnessError, match="out of range"):
        p.parse_size(2)
    from harness.run import RunOptions, select_problems

    assert [q.id for q in select_problems(RunOptions(suite="named", n_problems=6))] == ["27_reduce_average"]


@pytest.mark.parametrize(
    "toml,message",
    [
        ('name = "pareval"\n', "two suites named 'pareval'"),
        ('name = "has space"\n', "'name' must be a word"),
        ('name = "q"\nquick_problems = ["nope"]\n', "quick_problems names 'nope'"),
        ('name = "s"\nsize_names = "BIG"\n', "'size_names' must be a list of strings"),
        ("name = \n", "suite.toml"),
        ('name = "s"\nquick_problem = ["x"]\n', "unknown key 'quick_problem'"),
        ('description = "no name"\n', "'name' is missing"),
        ('name = "s"\ndescription = 5\n', "'description' must be a string"),
    ],
)
def test_a_broken_suite_is_one_line_and_exit_2(tmp_path, toml, message):
    folder = make_suite(tmp_path, "broken")
    (folder / "suite.toml").write_text(toml)
    name = toml.split('"')[1] if '"' in toml else "broken"
    r = harness("list", "--suite-dir", str(tmp_path), "--suite", name)
    assert r.returncode == 2 and message in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_unknown_suites_and_folders_are_one_line_errors(tmp_path):
    r = harness("list", "--suite", "mysuite")
    assert r.returncode == 2 and "unknown suite 'mysuite' (known: pareval, polybench;" in r.stderr
    assert "--suite-dir" in r.stderr
    r = harness("list", "--suite-dir", str(tmp_path / "nope"), "--suite", "mysuite")
    assert r.returncode == 2 and r.stderr.strip() == f"error: --suite-dir {tmp_path / 'nope'}: no such folder"
    r = harness("list", env_suites=str(tmp_path / "gone"))  # a stale environment says so too
    assert r.returncode == 2 and r.stderr.strip() == f"error: HARNESS_SUITES names {tmp_path / 'gone'}: no such folder"


def test_a_resumed_run_finds_its_suite_from_config_json(tmp_path, no_extra_suites):
    folder = make_suite(tmp_path, "again")
    config = {"suite": "again", "suite_path": str(folder)}
    assert "again" not in suite.suites()
    suite.remember_suite(config)
    assert suite.get_suite("again").path == folder.resolve()
    suite.remember_suite(config)  # already found: nothing added twice
    assert os.environ[suite.SUITE_DIRS_ENV].split(os.pathsep).count(str(folder.resolve())) == 1


def test_selftest_says_why_a_reference_is_not_correct(tmp_path):
    """A suite whose expert reference is wrong: selftest exits 1 and says why under the
    row and in its closing list, not only the status."""
    folder = make_suite(tmp_path, "wrongref")
    (folder / PID / "reference_serial.cpp").write_text(
        "#include <vector>\n"
        "void prefixSum(std::vector<double> const& x, std::vector<double>& output) {\n"
        "  for (size_t i = 0; i < x.size(); ++i) output[i] = x[i];  // not a prefix sum\n}\n"
    )
    r = harness("selftest", "--suite-dir", str(tmp_path), "--suite", "wrongref", "--mode", "serial", "--quick")
    assert r.returncode == 1, r.stderr
    under = [l for l in r.stdout.splitlines() if l.startswith("    reference incorrect: ")]
    assert len(under) == 1 and "output" in under[0], r.stdout
    assert f"not measured: {PID}: reference incorrect (" in r.stdout
    assert "A/A" not in under[0]  # the A/A was correct: no line for it


def test_a_suite_an_installed_package_names_in_its_entry_points(tmp_path):
    """An entry point of group harness.suites (here a dist-info folder on PYTHONPATH, as an
    installed package would have) names a folder of suites; `list` finds the suite in it."""
    make_suite(tmp_path / "suites", "pluginsuite")
    site = tmp_path / "site"
    info = site / "suite_plugin-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Name: suite-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[harness.suites]\nmine = suite_plugin:folder\n")
    (site / "suite_plugin.py").write_text(f"def folder():\n    return {str(tmp_path / 'suites')!r}\n")
    env = {k: v for k, v in os.environ.items() if k != suite.SUITE_DIRS_ENV}
    r = subprocess.run(
        [sys.executable, "-m", "harness", "list", "--suite", "pluginsuite"],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(site)},
        cwd=ROOT,
        timeout=600,
    )
    assert r.returncode == 0 and "1 problems in suite pluginsuite" in r.stdout, r.stderr
    # the same package naming a folder that is not there (a suite folder its build left
    # out): one line naming the entry point and its package, exit 2, for every command
    (site / "suite_plugin.py").write_text(f"def folder():\n    return {str(tmp_path / 'missing')!r}\n")
    r = subprocess.run(
        [sys.executable, "-m", "harness", "list"],
        capture_output=True,
        text=True,
        env={**env, "PYTHONPATH": str(site)},
        cwd=ROOT,
        timeout=600,
    )
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "entry point mine = 'suite_plugin:folder' (harness.suites) of package suite-plugin names" in r.stderr
    assert "no such folder" in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
