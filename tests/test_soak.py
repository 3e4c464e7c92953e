"""benchmarks/soak.py counts what evaluations leave behind: real child processes, temp
files, cgroups and memory growth, made by a stand-in for evaluate(); and a real soak of a
few evaluations leaves nothing."""

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import harness.measure.evaluate
from harness.measure import sandbox
from harness.measure.evaluate import EvalResult

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
soak = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(soak)

LINE = re.compile(
    r"soak: (\d+) evaluations, leftover processes (\d+), temp files (\d+), cgroups (\d+), "
    r"orchestrator RSS growth (-?[\d.]+) %"
)


@pytest.fixture
def private_env(monkeypatch):
    """soak.main() points TMPDIR and HARNESS_CACHE at its own folders: restored after."""
    monkeypatch.setenv("TMPDIR", os.environ.get("TMPDIR", "/tmp"))
    monkeypatch.setenv("HARNESS_CACHE", os.environ["HARNESS_CACHE"])
    monkeypatch.setattr(tempfile, "tempdir", None)


def final_line(out: str) -> tuple:
    last = out.strip().splitlines()[-1]
    m = LINE.fullmatch(last)
    assert m, last
    return tuple(int(g) for g in m.groups()[:4]) + (float(m.group(5)),)


def test_soak_counts_leftovers(monkeypatch, capsys, private_env):
    kids, cgroups, hoard = [], [], []

    def leaky(problem, text, mode, cfg):
        fd, _ = tempfile.mkstemp()  # in the soak's private TMPDIR
        os.close(fd)
        kids.append(subprocess.Popen(["sleep", "60"]))
        cg = sandbox._Cgroup(sandbox.Limits())
        if cg.active:
            cgroups.append(cg)  # left behind, as a leaking evaluation would
        if len(kids) > 2:  # after the warm-up (2 of 4): RSS grows by half each time
            hoard.append(b"x" * (soak._rss_kib() * 512))
        return EvalResult(problem.id, problem.suite, mode, "correct", 0, 1)

    monkeypatch.setattr(harness.measure.evaluate, "evaluate", leaky)
    try:
        rc = soak.main(["--n", "4"])
    finally:
        for k in kids:
            k.kill()
            k.wait()
        for cg in cgroups:
            cg.remove()
    n, p, f, c, g = final_line(capsys.readouterr().out)
    assert rc == 1
    assert (n, p, f, c) == (4, 4, 4, sum(len(cg.dirs) for cg in cgroups))  # a folder per controller
    assert g > 10


def test_soak_of_a_clean_stand_in_reports_zeros(monkeypatch, capsys, private_env):
    def clean(problem, text, mode, cfg):
        return EvalResult(problem.id, problem.suite, mode, "correct", 0, 1)

    monkeypatch.setattr(harness.measure.evaluate, "evaluate", clean)
    rc = soak.main(["--n", "4"])
    out = capsys.readouterr().out
    assert final_line(out)[:4] == (4, 0, 0, 0)
    # the stand-in says `correct` to the candidates whose verdict is fixed otherwise
    assert rc == 1 and "unexpected: evaluation 3 (incorrect): correct, expected incorrect" in out


def test_an_escaped_sandbox_uid_process_is_a_leftover():
    before = soak._escaped(soak._processes())
    subprocess.run(
        [
            "setsid",
            "-f",
            "setpriv",
            f"--reuid={soak.SANDBOX_UID}",
            f"--regid={soak.SANDBOX_UID}",
            "--clear-groups",
            "sleep",
            "60",
        ],
        check=True,
    )
    try:
        for _ in range(50):
            new = soak._escaped(soak._processes()) - before
            if new:
                break
        assert len(new) == 1 and "sleep 60" in soak._describe(next(iter(new)))
    finally:
        for pid in soak._escaped(soak._processes()) - before:
            os.kill(pid, 9)


@pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")
def test_a_real_soak_leaves_nothing(private_env):
    r = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "soak.py"), "--n", "3"], capture_output=True, text=True, timeout=600
    )
    assert final_line(r.stdout)[:4] == (3, 0, 0, 0), r.stdout + r.stderr
    assert r.returncode == 0, r.stdout + r.stderr
