"""The repository's habits, checked: `ruff check .`, `ruff format --check .` and the
configured mypy run (pyproject.toml, [tool.ruff] and [tool.mypy]) report nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(module: str, *args: str) -> subprocess.CompletedProcess:
    """``python -m MODULE ARGS`` in the repository; skips the test when the tool is not
    installed (it comes with the test extra: pip install -e '.[test]')."""
    pytest.importorskip(module, reason=f"{module} is in the test extra")
    env = {**os.environ, "MYPY_CACHE_DIR": str(ROOT / "build" / "mypy-cache")}
    return subprocess.run(
        [sys.executable, "-m", module, *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=600
    )


def test_ruff_check_is_clean():
    r = _tool("ruff", "check", "--no-cache", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_format_is_applied():
    r = _tool("ruff", "format", "--check", "--no-cache", ".")
    assert r.returncode == 0, "run `ruff format .`:\n" + r.stdout + r.stderr


def test_mypy_is_clean():
    r = _tool("mypy")
    assert r.returncode == 0, r.stdout + r.stderr
