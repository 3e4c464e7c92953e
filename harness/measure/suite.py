"""Problem suites and specs: a suite is a folder holding its ``suite.toml`` and one folder
per problem, each described by its ``problem.toml``.

A problem folder holds the spec, ``baseline.cpp`` (the code handed to the model and the
semantic oracle), ``reference_serial.cpp`` / ``reference_omp.cpp`` (expert solutions:
the ceiling), ``driver.cpp`` (seeded inputs, reset, comparison), ``args.hpp`` (the
argument struct shared by driver and glue) and ``glue.cpp`` (the C-ABI entry point
compiled after the candidate).

Suites are found, not listed: every folder with a ``suite.toml`` directly under the
repository (the built-in ``pareval/`` and ``polybench/``), under a folder an installed
package names in the ``harness.suites`` entry-point group (the entry point's object is
the folder, a str or Path, or a function returning it), or under a folder named by
``--suite-dir`` or the ``HARNESS_SUITES`` environment variable (folders separated by
``:``); a folder that holds a ``suite.toml`` itself is that suite. ``suite.toml`` holds ``name`` (what ``--suite`` takes), ``description``,
``size_names`` (names of the sizes 0, 1, ... that problem.toml and ``--size`` may use:
PolyBench's datasets; empty: sizes are plain integers) and ``quick_problems`` (the quick
preset's selection, in order; empty: each category's first problem).
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..core.errors import HarnessError
from ..core.registry import entry_point_text, entry_points, load_entry_point

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[2]  # the repository: harness/measure/suite.py
SUITE_DIRS_ENV = "HARNESS_SUITES"  # more folders holding suites, separated by os.pathsep
SUITE_KEYS = ("name", "description", "size_names", "quick_problems")  # what a suite.toml may hold
MODES = ("serial", "omp")
SOURCE_FILES = (
    "problem.toml",
    "baseline.cpp",
    "reference_serial.cpp",
    "reference_omp.cpp",
    "driver.cpp",
    "args.hpp",
    "glue.cpp",
)
# the shared headers drivers include (<harness/...>): generators and comparisons live there
DRIVER_HEADERS = ROOT / "cpp" / "include" / "harness"


@dataclass(frozen=True)
class Suite:
    """A problem suite: the folder ``path`` holding ``suite.toml`` and the problem folders.

    size_names: names of the sizes 0, 1, ... (PolyBench's datasets), () when sizes are
    plain integers; quick_problems: the quick preset's problem ids, in order, () for each
    category's first problem."""

    name: str
    path: Path
    description: str = ""
    size_names: tuple = ()
    quick_problems: tuple = ()


SUITES_GROUP = "harness.suites"  # the entry-point group of outside packages' suite folders


def suite_dirs() -> list[Path]:
    """The folders searched for suites: the repository, those of the harness.suites entry
    points, then those of HARNESS_SUITES. Raises HarnessError for an entry point that
    does not load or names no folder."""
    extra = [Path(d) for d in os.environ.get(SUITE_DIRS_ENV, "").split(os.pathsep) if d]
    return [ROOT, *entry_point_dirs(), *extra]


@lru_cache(maxsize=1)
def entry_point_dirs() -> tuple[Path, ...]:
    """The suite folders installed packages name in the ``harness.suites`` entry-point
    group (read once per process). Raises HarnessError for an entry point that does not
    load, whose object is no folder (a str or Path, or a function returning one), or
    whose folder does not exist."""
    out = []
    for ep in entry_points(SUITES_GROUP):
        obj = load_entry_point(ep)
        folder = obj() if callable(obj) else obj
        if not isinstance(folder, (str, os.PathLike)):
            raise HarnessError(
                f"{entry_point_text(ep)} names {folder!r}, "
                "not a suite folder (a str or Path, or a function returning one)"
            )
        path = Path(folder).resolve()
        if not path.is_dir():
            raise HarnessError(
                f"{entry_point_text(ep)} names {path}: no such folder (is it packaged? a plain "
                "`pip install` copies only what the package's build includes)"
            )
        out.append(path)
    return tuple(out)


def add_suite_dirs(dirs) -> None:
    """Adds folders (``--suite-dir``) to HARNESS_SUITES, so this process and every process
    it starts (evaluation workers) find their suites. Raises HarnessError for a folder that
    does not exist."""
    new = []
    for d in dirs:
        path = Path(d).expanduser().resolve()
        if not path.is_dir():
            raise HarnessError(f"--suite-dir {d}: no such folder")
        new.append(str(path))
    old = [d for d in os.environ.get(SUITE_DIRS_ENV, "").split(os.pathsep) if d]
    os.environ[SUITE_DIRS_ENV] = os.pathsep.join(old + [d for d in new if d not in old])


def remember_suite(config: dict) -> None:
    """Makes the suite a run was made with findable again on --resume: add_suite_dirs of
    its folder as recorded in the run's config.json (``suite_path``), when that folder
    still exists and the suite is not found otherwise."""
    path = config.get("suite_path")
    name = config.get("suite")
    if path and Path(path).is_dir() and name not in suites():
        add_suite_dirs([path])


def suites() -> dict:
    """Every suite found (see the module docstring) as {name: Suite}, sorted by name.
    Raises HarnessError for a malformed suite.toml (an unknown key too), a
    HARNESS_SUITES folder that does not exist, or two suites of one name."""
    return _find_suites(tuple(suite_dirs()))


@lru_cache(maxsize=None)
def _find_suites(dirs: tuple) -> dict:
    found: dict = {}
    for d in dirs:
        if not d.is_dir():  # a stale HARNESS_SUITES entry says so, as --suite-dir does
            raise HarnessError(f"{SUITE_DIRS_ENV} names {d}: no such folder")
        if (d / "suite.toml").is_file():  # --suite-dir may name a suite's own folder
            folders = [d]
        else:
            folders = sorted(f for f in d.iterdir() if (f / "suite.toml").is_file())
        for folder in folders:
            s = _load_suite_toml(folder)
            if s.name in found and found[s.name].path != s.path:
                raise HarnessError(f"two suites named '{s.name}': {found[s.name].path} and {s.path}")
            found[s.name] = s
    return dict(sorted(found.items()))


def _load_suite_toml(folder: Path) -> Suite:
    where = f"{folder}/suite.toml"
    try:
        spec = tomllib.loads((folder / "suite.toml").read_text())
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise HarnessError(f"{where}: {e}") from None
    unknown = sorted(set(spec) - set(SUITE_KEYS))
    if unknown:
        raise HarnessError(f"{where}: unknown key '{unknown[0]}' (a suite.toml holds {', '.join(SUITE_KEYS)})")
    name = spec.get("name")
    if name is None:
        raise HarnessError(f"{where}: 'name' is missing (what --suite takes)")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9_.-]+", name):
        raise HarnessError(f"{where}: 'name' must be a word (letters, digits, _ . -)")
    if not isinstance(spec.get("description", ""), str):
        raise HarnessError(f"{where}: 'description' must be a string")
    lists = {k: spec.get(k, []) for k in ("size_names", "quick_problems")}
    for k, v in lists.items():
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise HarnessError(f"{where}: '{k}' must be a list of strings")
    return Suite(
        name,
        folder,
        str(spec.get("description", "")),
        tuple(x.upper() for x in lists["size_names"]),
        tuple(lists["quick_problems"]),
    )


def get_suite(name: str) -> Suite:
    """The suite called ``name``. Raises HarnessError (listing the known ones) if none is."""
    found = suites()
    if name not in found:
        raise HarnessError(
            f"unknown suite '{name}' (known: {', '.join(found)}; "
            f"a suite in another folder needs --suite-dir or {SUITE_DIRS_ENV})"
        )
    return found[name]


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
        return (
            re.search(rf"\b{n}\s*\((?:[^;{{}}()]|\([^;{{}}()]*\))*\)\s*(const\s*)?(noexcept\s*)?\{{", source)
            is not None
        )


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
    size_names: tuple = ()  # its suite's (Suite.size_names)

    def size_label(self, size: int) -> str:
        """How people name a size: its suite's name for it (PolyBench's dataset names),
        else the number."""
        if 0 <= size < len(self.size_names):
            return self.size_names[size]
        return str(size)

    def parse_size(self, text: str | int) -> int:
        """A size from the command line: an integer S, or a name of its suite's sizes
        (PolyBench: MINI ... EXTRALARGE). Raises HarnessError for anything else."""
        return _size_value(self.size_names, text, f"--size for {self.id}")

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


def _size_value(size_names: tuple, v, where: str) -> int:
    """A size S from a problem.toml or the command line: an integer, or one of
    ``size_names`` (its index; then S must index one)."""
    if isinstance(v, str) and v.upper() in size_names:
        return size_names.index(v.upper())
    try:
        n = int(v)
    except (TypeError, ValueError):
        names = f" or a size name ({', '.join(size_names)})" if size_names else ""
        raise HarnessError(f"{where}: '{v}' is not a size (an integer >= 0{names})") from None
    if n < 0 or n >= 2**63 or (size_names and n >= len(size_names)):
        raise HarnessError(f"{where}: size {n} is out of range")
    return n


# Keys every problem.toml must have (sizes also needs "validate").
REQUIRED_KEYS = ("id", "category", "function", "signature", "description", "bound", "sizes")


def _load(suite: Suite, folder: Path) -> Problem:
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


def _problem(suite: Suite, folder: Path, spec: dict, where: str) -> Problem:
    sizes = {k: _size_value(suite.size_names, v, where) for k, v in spec["sizes"].items() if k != "validate"}
    validate = tuple(_size_value(suite.size_names, s, where) for s in spec["sizes"]["validate"])
    tol = spec.get("tolerance", {})
    return Problem(
        suite=suite.name,
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
        size_names=suite.size_names,
    )


def load_suite(suite: str = "pareval") -> dict:
    """All problems of ``suite`` as {problem id: Problem}, sorted by id.

    Raises HarnessError for an unknown suite or a malformed problem folder.
    """
    return _load_problems(get_suite(suite))


@lru_cache(maxsize=None)
def _load_problems(suite: Suite) -> dict:
    folders = sorted(p for p in suite.path.iterdir() if (p / "problem.toml").exists())
    problems = {}
    for f in folders:
        p = _load(suite, f)
        if p.id != f.name:
            raise HarnessError(f"{f}: id '{p.id}' differs from the folder name")
        problems[p.id] = p
    unknown = [pid for pid in suite.quick_problems if pid not in problems]
    if unknown:
        raise HarnessError(f"{suite.path}/suite.toml: quick_problems names '{unknown[0]}', which it does not have")
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
