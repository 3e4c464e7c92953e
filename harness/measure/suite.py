"""Problem specs: one folder per problem, described by its ``problem.toml``.

A problem folder holds the spec, ``baseline.cpp`` (the code handed to the model and the
semantic oracle), ``reference_serial.cpp`` / ``reference_omp.cpp`` (expert solutions:
the ceiling), ``driver.cpp`` (seeded inputs, reset, comparison), ``args.hpp`` (the
argument struct shared by driver and glue) and ``glue.cpp`` (the C-ABI entry point
compiled after the candidate).
"""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..core.errors import HarnessError

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]  # the repository: harness/measure/suite.py
SUITES = {"pareval": ROOT / "pareval", "polybench": ROOT / "polybench"}
MODES = ("serial", "omp")
# PolyBench's dataset names; a PolyBench problem's size S is the index of one of them
DATASETS = ("MINI", "SMALL", "MEDIUM", "LARGE", "EXTRALARGE")
SOURCE_FILES = ("problem.toml", "baseline.cpp", "reference_serial.cpp", "reference_omp.cpp",
                "driver.cpp", "args.hpp", "glue.cpp")
# the shared headers drivers include (<harness/...>): generators and comparisons live there
DRIVER_HEADERS = ROOT / "cpp" / "include" / "harness"


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)  # C++ comments (string literals aside)


@dataclass(frozen=True)
class Helper:
    """A struct or helper function that is part of the code handed to the model.

    It is added to the candidate's translation unit only when the candidate does not
    define it (see toolchain.candidate_tu).
    """

    name: str
    kind: str  # "struct", "function" or "variable" (a constant such as a stencil's weights)
    code: str

    def defined_in(self, source: str) -> bool:
        """True if ``source`` defines this helper (a struct body, a function body, or a
        variable with an initializer), outside comments."""
        source = _COMMENT.sub(" ", source)
        n = re.escape(self.name)
        if self.kind == "struct":
            return re.search(rf"\b(struct|class)\s+{n}\s*(final\s*)?[:{{]", source) is not None
        if self.kind == "variable":
            return re.search(rf"\b{n}\s*(\[[^\]]*\]\s*)*(=|\{{)", source) is not None
        # a definition: name(...) [const] [noexcept] { ... ; a declaration ends with ';'
        return re.search(rf"\b{n}\s*\((?:[^;{{}}()]|\([^;{{}}()]*\))*\)\s*(const\s*)?(noexcept\s*)?\{{",
                         source) is not None


@dataclass(frozen=True)
class Problem:
    """One benchmark problem (a folder). Sizes are the problem's size parameter S."""

    suite: str
    id: str
    category: str
    function: str
    signature: str
    description: str
    size_meaning: str
    bound: str
    sizes: dict
    validate_sizes: tuple
    rtol: float
    atol: float
    helpers: tuple = field(default_factory=tuple)
    path: Path = Path()

    def size_label(self, size: int) -> str:
        """How people name a size: the dataset name for PolyBench, else the number."""
        if self.suite == "polybench" and 0 <= size < len(DATASETS):
            return DATASETS[size]
        return str(size)

    def parse_size(self, text: str | int) -> int:
        """A size from the command line: an integer S, or for PolyBench a dataset name
        (MINI ... EXTRALARGE). Raises HarnessError for anything else."""
        return _size_value(self.suite, text, f"--size for {self.id}")

    def default_size(self, mode: str, quick: bool = False) -> int:
        """The timed size S for ``mode`` ("serial" or "omp"); ``quick`` for short runs."""
        if quick and "quick" in self.sizes:
            return int(self.sizes["quick"])
        return int(self.sizes[mode])

    def source(self, name: str) -> str:
        """Text of one file of the folder (e.g. "baseline.cpp")."""
        return (self.path / name).read_text()

    def reference(self, mode: str) -> str:
        """The expert reference source for ``mode``."""
        return self.source(f"reference_{mode}.cpp")

    @property
    def folder_hash(self) -> str:
        """SHA-256 over the folder's files and the shared driver headers they include
        (DRIVER_HEADERS: they generate its inputs and compare its outputs), i.e. what
        defines the problem. Part of every build and verdict cache key and of the suite
        version."""
        return _folder_hash(self.path)


_HARNESS_INCLUDE = re.compile(r'^\s*#\s*include\s*[<"](?:harness/)?([\w.]+)[>"]', re.M)


def _driver_headers(path: Path) -> list[Path]:
    """The headers of DRIVER_HEADERS that the folder's sources include, directly or
    through each other, sorted."""
    todo = [(path / n).read_text() for n in SOURCE_FILES if (path / n).exists()]
    seen: set[Path] = set()
    while todo:
        for name in _HARNESS_INCLUDE.findall(todo.pop()):
            f = DRIVER_HEADERS / name
            if f not in seen and f.is_file():
                seen.add(f)
                todo.append(f.read_text())
    return sorted(seen)


@lru_cache(maxsize=None)
def _folder_hash(path: Path) -> str:
    h = hashlib.sha256()
    files = [(name, path / name) for name in SOURCE_FILES]
    files += [(f"harness/{f.name}", f) for f in _driver_headers(path)]
    for name, f in files:
        h.update(name.encode())
        h.update(f.read_bytes() if f.exists() else b"")
    return h.hexdigest()


def _size_value(suite: str, v, where: str) -> int:
    if suite == "polybench" and isinstance(v, str) and v.upper() in DATASETS:
        return DATASETS.index(v.upper())
    try:
        n = int(v)
    except (TypeError, ValueError):
        names = f" or a dataset name ({', '.join(DATASETS)})" if suite == "polybench" else ""
        raise HarnessError(f"{where}: '{v}' is not a size (an integer >= 0{names})") from None
    if n < 0 or n >= 2**63 or (suite == "polybench" and n >= len(DATASETS)):
        raise HarnessError(f"{where}: size {n} is out of range")
    return n


# Keys every problem.toml must have (sizes also needs "validate").
REQUIRED_KEYS = ("id", "category", "function", "signature", "description", "bound", "sizes")


def _load(suite: str, folder: Path) -> Problem:
    """The Problem of ``folder``. Raises HarnessError, one line naming the file, for an
    unreadable or malformed problem.toml or a missing required key."""
    try:
        spec = tomllib.loads((folder / "problem.toml").read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise HarnessError(f"{folder}/problem.toml: {e}") from None
    where = f"{folder}/problem.toml"
    missing = [k for k in REQUIRED_KEYS if k not in spec]
    if "validate" not in (spec.get("sizes") if isinstance(spec.get("sizes"), dict) else {}):
        missing.append("sizes.validate")
    if missing:
        raise HarnessError(f"{where}: missing required key{'s' * (len(missing) > 1)} {', '.join(missing)}")
    try:
        return _problem(suite, folder, spec, where)
    except (AttributeError, KeyError, TypeError, ValueError) as e:
        raise HarnessError(f"{where}: malformed ({type(e).__name__}: {e})") from None


def _problem(suite: str, folder: Path, spec: dict, where: str) -> Problem:
    sizes = {k: _size_value(suite, v, where) for k, v in spec["sizes"].items() if k != "validate"}
    validate = tuple(_size_value(suite, s, where) for s in spec["sizes"]["validate"])
    tol = spec.get("tolerance", {})
    return Problem(
        suite=suite,
        id=spec["id"],
        category=spec["category"],
        function=spec["function"],
        signature=spec["signature"],
        description=spec["description"].strip(),
        size_meaning=spec.get("size_meaning", ""),
        bound=spec["bound"],
        sizes=sizes,
        validate_sizes=validate,
        rtol=float(tol.get("rtol", 0.0)),
        atol=float(tol.get("atol", 0.0)),
        helpers=tuple(Helper(h["name"], h["kind"], h["code"].strip()) for h in spec.get("helpers", [])),
        path=folder,
    )


@lru_cache(maxsize=None)
def load_suite(suite: str = "pareval") -> dict:
    """All problems of ``suite`` as {problem id: Problem}, sorted by id.

    Raises HarnessError for an unknown suite.
    """
    if suite not in SUITES:
        raise HarnessError(f"unknown suite '{suite}' (known: {', '.join(SUITES)})")
    root = SUITES[suite]
    folders = sorted(p for p in root.iterdir() if (p / "problem.toml").exists()) if root.is_dir() else []
    problems = {}
    for f in folders:
        p = _load(suite, f)
        if p.id != f.name:
            raise HarnessError(f"{f}: id '{p.id}' differs from the folder name")
        problems[p.id] = p
    return problems


def get_problem(problem_id: str, suite: str = "pareval") -> Problem:
    """The problem with this id. Raises HarnessError (with close matches) if unknown."""
    problems = load_suite(suite)
    if problem_id in problems:
        return problems[problem_id]
    import difflib

    close = difflib.get_close_matches(problem_id, problems, n=3, cutoff=0.4)
    hint = f"; did you mean {', '.join(close)}?" if close else "; see `python -m harness list`"
    raise HarnessError(f"unknown problem id '{problem_id}' in suite {suite}{hint}")


def select_problems(suite: str, ids=None, categories: str | None = None) -> list[Problem]:
    """The problems of ``suite`` that a command names: ``ids`` (a list, or one
    comma-separated string; in the order given, blanks ignored; only blanks is an
    error), else every problem of the suite sorted by id; then only those of
    ``categories`` (comma-separated) when given. The one selection rule of ``run``,
    ``list`` and ``selftest``.

    Raises HarnessError for an unknown suite, problem id (with close matches) or
    category, and when nothing is left.
    """
    problems = load_suite(suite)
    if isinstance(ids, str):
        ids = ids.split(",")
    names = [pid.strip() for pid in ids or () if pid.strip()]
    if ids and not names:
        raise HarnessError("--problems: no problem ids given (leave it out for the whole suite)")
    picked = [get_problem(pid, suite) for pid in names] if names else list(problems.values())
    if categories:
        wanted = {c.strip() for c in categories.split(",") if c.strip()}
        known = {p.category for p in problems.values()}
        bad = sorted(wanted - known)
        if bad:
            raise HarnessError(f"unknown category '{bad[0]}' in suite {suite} (known: {', '.join(sorted(known))})")
        picked = [p for p in picked if p.category in wanted]
    if not picked:
        raise HarnessError(f"no problems selected in suite {suite} (check --problems / --category)")
    return picked


def check_mode(mode: str) -> str:
    """Returns ``mode`` if it is "serial" or "omp"; raises HarnessError otherwise."""
    if mode not in MODES:
        raise HarnessError(f"unknown mode '{mode}' (choose serial or omp)")
    return mode
