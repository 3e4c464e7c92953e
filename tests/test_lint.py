"""The repository's habits, checked: `ruff check .`, `ruff format --check .`, the
configured mypy run (pyproject.toml, [tool.ruff] and [tool.mypy]) and clang-format on
cpp/ (cpp/.clang-format) report nothing."""

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


def test_clang_format_is_applied_to_cpp():
    """The C++ of cpp/ is laid out as cpp/.clang-format says (the clang-format wheel of the
    test extra, one pinned major version)."""
    pytest.importorskip("clang_format", reason="clang-format is in the test extra")
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "cpp").rglob("*") if p.suffix in (".cpp", ".hpp"))
    assert len(files) >= 10, files
    r = subprocess.run(
        [sys.executable, "-c", "import clang_format; clang_format.clang_format()", "--dry-run", "-Werror", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert r.returncode == 0, "run `clang-format -i` on the files named below:\n" + (r.stdout + r.stderr)[-3000:]
