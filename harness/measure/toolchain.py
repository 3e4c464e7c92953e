"""g++ calls, the build cache and compiler diagnostics.

Every object is a shared library built from one translation unit:

* driver.so    - the headers of ``cpp/include/harness/`` + the problem's ``driver.cpp``
* baseline.so  - the problem's ``baseline.cpp`` + ``glue.cpp``
* candidate.so - prelude (standard headers and ``omp.h`` in omp mode, as a precompiled
  header), the spec's structs and helpers the candidate lacks, ``#line 1
  "candidate.cpp"``, the candidate, ``#line 1 "harness_glue.cpp"``, ``glue.cpp``

Flags: ``g++ -std=c++17 -O3 -march=<native|user> -fPIC -fno-semantic-interposition
-fno-gnu-unique`` to compile (``-c``), ``-shared -Wl,-z,defs`` to link, plus ``-fopenmp``
in omp mode (all objects of a mode share the flags). Builds are cached by the SHA-256 of
everything that changes the object: the translation unit's text, the problem folder's
hash, the flags, the resolved target options of ``-march`` and the compiler's version.
Compiles of untrusted code run in the sandbox.

Code layouts (layout_variants): the baseline's and the candidate's compiled code linked
again, each time after a padding of random size, so the judge can time every pair on a
fresh placement of both sides' code (cpp/judge.cpp, "code layout").
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import struct
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..core.errors import HarnessError
from ..core.fsutil import atomic_write, cache_root
from . import sandbox
from .extract import extract_candidate
from .suite import ROOT, Problem

INCLUDE_DIR = ROOT / "cpp" / "include"
PRELUDE_HEADERS = (
    "algorithm",
    "array",
    "atomic",
    "bitset",
    "cassert",
    "cfloat",
    "climits",
    "cmath",
    "complex",
    "cstddef",
    "cstdint",
    "cstdio",
    "cstdlib",
    "cstring",
    "deque",
    "functional",
    "iostream",
    "iterator",
    "limits",
    "list",
    "map",
    "memory",
    "numeric",
    "queue",
    "random",
    "set",
    "stack",
    "string",
    "thread",
    "tuple",
    "type_traits",
    "unordered_map",
    "unordered_set",
    "utility",
    "vector",
    "execution",
)


@dataclass(frozen=True)
class Compiler:
    """The C++ compiler and the flags of one mode.

    path: absolute path of g++; version: its first ``--version`` line; march: the
    ``-march`` value given (``native`` by default); resolved_march: what ``native``
    resolved to (e.g. ``znver3``); target_hash: SHA-256 of all resolved target options;
    layout_linker: the linker of the judge's code layouts ("gold" where this compiler
    can use it, "" for its default linker; see :meth:`layout_link_flags`).
    """

    path: str
    version: str
    march: str
    resolved_march: str
    target_hash: str
    layout_linker: str = field(default="", kw_only=True)  # keyword: subclasses add positional fields

    def compile_flags(self, mode: str) -> list[str]:
        """The flags that compile a translation unit of ``mode`` ("serial" or "omp")."""
        # -fno-semantic-interposition: global functions of the translation unit may be
        # inlined as in an executable (ParEval builds executables); without it -fPIC
        # keeps every call to a helper such as triangleArea or distance out of line.
        # -fno-gnu-unique: no STB_GNU_UNIQUE symbols, which would keep an object loaded
        # after dlclose (a side runner closes each code layout it is done with).
        f = ["-std=c++17", "-O3", f"-march={self.march}", "-fPIC", "-fno-semantic-interposition", "-fno-gnu-unique"]
        return f + (["-fopenmp"] if mode == "omp" else [])

    def link_flags(self, mode: str) -> list[str]:
        """The flags that link a compiled object of ``mode`` into a shared object."""
        return ["-shared", "-Wl,-z,defs"] + (["-fopenmp"] if mode == "omp" else [])

    def layout_link_flags(self, mode: str) -> list[str]:
        """The flags that link a code layout (layout_variants) of an object of ``mode``:
        link_flags, one soname for every layout, and gold where it is there. A timed
        evaluation links one layout per pair and side (up to 40 of each), so the link's
        cost is part of every candidate's: gold linked a candidate's layout in 40 ms where
        the default bfd took 116 ms (2-core AMD EPYC, Zen 3, 2026-12-03). The soname keeps
        the output's name out of its dynamic strings: gold records the name there, and
        "layout-1008.so" against "layout-0.so" moved the code by 16 bytes more than the
        padding. Both sides' layouts are linked the same way; the object as built
        (link_flags) with the default linker."""
        return (
            self.link_flags(mode)
            + ["-Wl,-soname,harness-layout.so"]
            + ([f"-fuse-ld={self.layout_linker}"] if self.layout_linker else [])
        )

    def flags(self, mode: str) -> list[str]:
        """All flags of ``mode``: compile_flags, then link_flags."""
        return self.compile_flags(mode) + self.link_flags(mode)

    def build_steps(self, compile_argv: list[str], mode: str) -> list[list[str]]:
        """The commands, run in the build folder, that turn ``tu.cpp`` into ``obj.o`` and
        ``lib.so``: ``compile_argv`` (the compiler, its flags and include folders) to an
        object, then the link. A step may leave ``ir.ll`` (the object's LLVM IR), which is
        kept beside them."""
        return [
            compile_argv + ["-c", "-o", "obj.o", "tu.cpp"],
            [self.path, *self.link_flags(mode), "-o", "lib.so", "obj.o"],
        ]

    def mounts(self) -> list[str]:
        """Folders the compile sandbox must mount (read-only) for this compiler to run: the
        installation prefix (the parent of its bin folder) of its path and of the file that
        path resolves to, unless the sandbox mounts them anyway (/usr, /bin, ...). A
        compiler from /opt or a conda environment is invisible in the sandbox otherwise."""
        out = set()
        for p in (self.path, os.path.realpath(self.path)):
            d = os.path.dirname(p)
            prefix = os.path.dirname(d) if os.path.basename(d) == "bin" else d
            if not sandbox.in_system_dirs(prefix):
                out.add(prefix)
        return sorted(out)

    def describe(self, mode: str) -> dict:
        """What a results folder records about the compiler."""
        return {
            "compiler": self.path,
            "compiler_version": self.version,
            "flags": " ".join(self.flags(mode)),
            "march": self.march,
            "resolved_march": self.resolved_march,
            "layout_linker": self.layout_linker or "default",
        }


@lru_cache(maxsize=None)
def find_compiler(march: str = "native") -> Compiler:
    """Locates g++ (``$CXX`` or ``g++`` on PATH) and resolves ``-march``.

    Raises HarnessError if there is no compiler or it rejects the ``-march`` value.
    """
    cxx = os.environ.get("CXX") or "g++"
    path = shutil.which(cxx)
    if not path:
        raise HarnessError(f"C++ compiler '{cxx}' not found on PATH: install g++ (apt-get install g++) or set CXX")
    version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
    version = version.splitlines()[0] if version else "unknown"
    q = subprocess.run([path, f"-march={march}", "-Q", "--help=target"], capture_output=True, text=True)
    if q.returncode != 0:
        raise HarnessError(f"{cxx} rejects -march={march}: {q.stderr.strip().splitlines()[-1]}")
    m = re.search(r"^\s*-march=\s*(\S+)", q.stdout, re.M)
    resolved = m.group(1) if m else march
    return Compiler(
        path,
        version,
        march,
        resolved,
        hashlib.sha256(q.stdout.encode()).hexdigest(),
        layout_linker="gold" if _links_with(path, "gold") else "",
    )


def _links_with(cxx: str, linker: str) -> bool:
    """Whether ``cxx -fuse-ld=<linker>`` links a shared object here (ld.gold is part of
    binutils on Debian 12, but newer binutils may be built without it)."""
    with tempfile.TemporaryDirectory() as d:
        try:
            r = subprocess.run(
                [cxx, "-x", "c++", "-shared", "-fPIC", f"-fuse-ld={linker}", "-o", os.path.join(d, "probe.so"), "-"],
                input="int harness_probe;\n",
                capture_output=True,
                text=True,
                timeout=60,
            )
        except (OSError, subprocess.SubprocessError):
            return False
        return r.returncode == 0


@dataclass
class BuildResult:
    """A compiled shared object, or why it failed.

    ok: the object exists at ``path``; status: "ok", "compile_error" or "link_error";
    diagnostics: trimmed compiler output; seconds: compile wall time (0 when cached);
    cached: taken from the build cache; key: the cache key (SHA-256); remarks: g++
    optimization remarks (vectorization, OpenMP) on the candidate's own lines.
    """

    ok: bool
    status: str
    path: str
    diagnostics: str
    seconds: float
    cached: bool
    key: str
    remarks: str = ""


def content_key(*parts: str) -> str:
    """SHA-256 (hex) of ``parts``, each followed by a NUL byte: the cache key of a build."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\0")
    return h.hexdigest()


def trim_diagnostics(text: str, max_lines: int = 40, max_chars: int = 4000) -> str:
    """Compiler output reduced to what a person (or a model) needs: errors and their notes.

    Drops "In file included from" chains and template backtraces beyond ``max_lines``.
    """
    keep = [
        ln
        for ln in text.splitlines()
        if ln.strip() and not ln.startswith("In file included from") and not ln.lstrip().startswith("from ")
    ]
    out = "\n".join(keep[:max_lines])
    if len(keep) > max_lines:
        out += f"\n... ({len(keep) - max_lines} more lines)"
    return out[:max_chars]


# Optimization remarks do not change the generated code; they feed the lessons.
REMARKS_FLAG = "-fopt-info-vec-omp-optimized-missed=remarks.txt"


def _remarks(path: Path, max_lines: int = 25) -> str:
    """The remarks on candidate.cpp lines, deduplicated, in line order."""
    if not path.exists():
        return ""
    seen = []
    for ln in path.read_text(errors="replace").splitlines():
        if ln.startswith("candidate.cpp:") and "statement clobbers memory" not in ln and ln not in seen:
            seen.append(ln)
    return "\n".join(seen[:max_lines])


TOOL_FILE_BYTES = 256 << 20  # the largest file a compiler-tool call may write (RLIMIT_FSIZE)
# free bytes the cache's disk must have before any compiler-tool call: a fixed figure, so
# that no candidate can make the check fail by the size of its own object. One evaluation
# writes at most an object and its library (2 x TOOL_FILE_BYTES) and one side's code
# layouts (LAYOUT_BYTES, a few objects more at most); several may be in flight.
FREE_BYTES_MIN = 4 << 30


class DiskFullError(HarnessError):
    """The cache's disk has less than FREE_BYTES_MIN free: the harness's trouble, never
    a verdict on the code (the run stops; --resume continues once there is room)."""


def run_tool(
    argv: list[str], comp: Compiler, work: Path, ro: list[str], sandboxed: bool, tail_bytes: int = 8192
) -> "sandbox.Outcome":
    """One compiler-tool call (compiler, linker, objcopy, or a shell running several) in
    the folder ``work`` (its only writable place; ``ro``: the folders it reads besides
    the compiler's own), sandboxed unless ``sandboxed`` is False, with at most 300 s,
    4 GiB, 64 processes and files of at most TOOL_FILE_BYTES (a larger object is the
    code's own compile or link error). ``tail_bytes``: how much of its output to keep.
    Returns the sandbox.Outcome. Raises DiskFullError, before the call, when the disk
    holding ``work`` has less than FREE_BYTES_MIN free: a full disk would otherwise fail
    the call and read as the candidate's compile or link error."""
    free = shutil.disk_usage(work).free
    if free < FREE_BYTES_MIN:
        raise DiskFullError(
            f"only {free >> 20} MiB free on the disk of {work} (the harness needs "
            f"{FREE_BYTES_MIN >> 20} MiB to build): free some space, or point HARNESS_CACHE "
            "elsewhere, and start again (a run or score continues with its --resume)"
        )
    return sandbox.run(
        argv,
        sandboxed=sandboxed,
        ro=ro + comp.mounts(),
        rw=[str(work)],
        cwd=str(work),
        timeout_s=300.0,
        tail_bytes=tail_bytes,
        limits=sandbox.Limits(memory_bytes=4 << 30, pids=64, file_bytes=TOOL_FILE_BYTES),
        env=sandbox.clean_env({"PATH": os.path.dirname(comp.path) + ":/usr/bin:/bin"}),
    )


def _compile(
    tu: str, key: str, comp: Compiler, mode: str, include_dirs: list[Path], sandboxed: bool, remarks: bool = False
) -> BuildResult:
    out_dir = cache_root() / "builds" / key[:2] / key
    lib = out_dir / "lib.so"
    meta = out_dir / "build.json"
    if lib.exists() and meta.exists() and (out_dir / "obj.o").exists():
        info = json.loads(meta.read_text())
        return BuildResult(True, "ok", str(lib), info.get("diagnostics", ""), 0.0, True, key, info.get("remarks", ""))
    (cache_root() / "builds").mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="build-", dir=cache_root() / "builds"))
    try:
        (work / "tu.cpp").write_text(tu)
        argv = [comp.path, *comp.compile_flags(mode)] + ([REMARKS_FLAG] if remarks else [])
        for d in include_dirs:
            argv += ["-I", str(d)]
        # compile and link apart: the object is linked again for each code layout
        steps = comp.build_steps(argv, mode)
        t0 = time.monotonic()
        diag, why = "", ""
        for argv in steps:
            res = run_tool(argv, comp, work, [str(d) for d in include_dirs], sandboxed)
            diag += res.stderr_tail + res.stdout_tail
            if res.returncode != 0:
                why = "compiler timed out (300 s)" if res.timed_out else diag
                break
        seconds = time.monotonic() - t0
        if why or not (work / "lib.so").exists():
            status = "link_error" if _is_link_error(why or diag) else "compile_error"
            return BuildResult(False, status, "", trim_diagnostics(why or diag), seconds, False, key)
        out_dir.mkdir(parents=True, exist_ok=True)
        os.replace(work / "obj.o", out_dir / "obj.o")
        if (work / "ir.ll").exists():
            os.replace(work / "ir.ll", out_dir / "ir.ll")
        os.replace(work / "lib.so", lib)
        notes = _remarks(work / "remarks.txt")
        atomic_write(meta, json.dumps({"diagnostics": trim_diagnostics(diag), "seconds": seconds, "remarks": notes}))
        return BuildResult(True, "ok", str(lib), trim_diagnostics(diag), seconds, False, key, notes)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _is_link_error(diag: str) -> bool:
    """A missing or wrong-signature target function: the first error is in the glue (the
    call does not match), or the linker reports an undefined reference."""
    first = re.search(r"^(\S+?):\d+:(\d+:)? (fatal )?error", diag, re.M)
    if first:
        return first.group(1).endswith("harness_glue.cpp")
    return "undefined reference" in diag


_WORKS_SANDBOXED: set = set()


def check_sandboxed_compiler(comp: Compiler) -> None:
    """Compiles a one-line shared object in the sandbox, as candidates are compiled, once
    per compiler and process (and once per build cache when it works).

    Raises HarnessError (one line: the compiler's last message) if it fails: every
    candidate would otherwise be a compile_error while the trusted builds, which run
    outside the sandbox, succeed -- e.g. a compiler wrapper that calls a program outside
    the folders the sandbox mounts (the system folders and the compiler's prefix).
    """
    if comp.path in _WORKS_SANDBOXED:
        return
    key = content_key("probe", comp.path, comp.version, comp.target_hash, " ".join(comp.mounts()))
    res = _compile("int harness_probe(int x) { return x + 1; }\n", key, comp, "serial", [], sandboxed=True)
    if not res.ok:
        last = (res.diagnostics.strip().splitlines() or ["no message"])[-1]
        raise HarnessError(
            f"the compiler {comp.path} does not work in the sandbox ({last}); "
            f"the sandbox mounts the system folders and {', '.join(comp.mounts()) or 'nothing else'}: "
            "install the compiler there, or pass --unsafe-no-sandbox"
        )
    _WORKS_SANDBOXED.add(comp.path)


PRELUDE_NAME = "harness_prelude.hpp"
PCH_FAILED = "pch_failed.txt"  # in a prelude folder whose precompiled header failed to build


def prelude_text(mode: str) -> str:
    """The prelude header: the standard headers (plus omp.h in omp mode)."""
    lines = [f"#include <{h}>" for h in PRELUDE_HEADERS]
    if mode == "omp":
        lines.append("#include <omp.h>")
    return "\n".join(lines + ["using std::size_t;"]) + "\n"


def prelude_dir(comp: Compiler, mode: str) -> tuple[Path, float]:
    """A folder with the prelude header and its precompiled form (.gch) for ``mode``'s
    flags, built once per compiler, flags and target, and the seconds spent building it
    now (0 when it existed). A precompiled prelude cuts a candidate's compile from about
    0.9 s to 0.25 s here; if g++ ever finds the .gch unusable it reads the header
    instead (same result, slower). A failed build is remembered (the folder then holds
    the header and PCH_FAILED with the compiler's message), not retried per candidate."""
    flags = comp.compile_flags(mode)
    text = prelude_text(mode)
    key = content_key("prelude", text, " ".join(flags), comp.target_hash, comp.version)
    out = cache_root() / "pch" / key[:16]
    if out.is_dir():  # built, or failed before (PCH_FAILED says why): never retried
        return out, 0.0
    t0 = time.monotonic()
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pch-", dir=out.parent))
    try:
        (work / PRELUDE_NAME).write_text(text)
        r = subprocess.run(
            [comp.path, *flags, "-x", "c++-header", PRELUDE_NAME, "-o", f"{PRELUDE_NAME}.gch"],
            cwd=work,
            capture_output=True,
            text=True,
        )
        if r.returncode != 0:
            (work / f"{PRELUDE_NAME}.gch").unlink(missing_ok=True)  # the header alone still works
            (work / PCH_FAILED).write_text(r.stderr[-4000:])
        try:
            os.rename(work, out)
        except OSError:  # built concurrently by another process: use theirs
            pass
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out, time.monotonic() - t0


def candidate_tu(problem: Problem, source: str, mode: str, glue: bool = True) -> str:
    """The candidate's translation unit (see the module docstring), from extracted code.
    The prelude comes first, as the precompiled header ``harness_prelude.hpp``; the
    problem's glue last (``glue=False``: without it, the candidate's code alone).

    The spec's helpers the candidate lacks are added before it, except a helper that
    uses a struct the candidate defines itself (models often restate the problem's
    types): that one goes right after the candidate's definition of the last such
    struct, with ``#line`` directives so diagnostics keep the candidate's line numbers.
    """
    lines = [
        f'#include "{PRELUDE_NAME}"  // the prelude: {" ".join(PRELUDE_HEADERS)}' + (" omp.h" if mode == "omp" else "")
    ]
    missing = [h for h in problem.helpers if not h.defined_in(source)]
    own_structs = [h.name for h in problem.helpers if h.kind == "struct" and h.defined_in(source)]
    before: list[str] = []
    after: dict[int, list[str]] = {}  # {offset in source: [helper code]}
    for h in missing:
        found = [_struct_end(source, name) for name in own_structs if re.search(rf"\b{re.escape(name)}\b", h.code)]
        ends = [e for e in found if e is not None]
        if ends:
            after.setdefault(max(ends), []).append(h.code)
        else:
            before.append(h.code)
    if before:
        lines.append('#line 1 "harness_helpers.cpp"')
        lines += before
    lines.append('#line 1 "candidate.cpp"')
    done = 0
    for offset in sorted(after):
        lines.append(source[done:offset])
        lines.append('#line 1 "harness_helpers.cpp"')
        lines += after[offset]
        lines.append(f'#line {source.count(chr(10), 0, offset) + 1} "candidate.cpp"')
        done = offset
    lines.append(source[done:])
    if glue:
        lines.append('#line 1 "harness_glue.cpp"')
        lines.append(glue_text(problem))
    return "\n".join(lines) + "\n"


def _struct_end(source: str, name: str) -> int | None:
    """The offset just past the line that ends ``struct|class name {...};`` in
    ``source`` (braces matched), or None if there is no such definition."""
    m = re.search(rf"\b(struct|class)\s+{re.escape(name)}\s*(final\s*)?[:{{]", source)
    if m is None:
        return None
    i = source.find("{", m.start())
    depth = 0
    while 0 <= i < len(source):
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        if depth == 0:
            nl = source.find("\n", i)
            return len(source) if nl < 0 else nl + 1
        i += 1
    return None


def glue_text(problem: Problem) -> str:
    """The problem's glue with its ``args.hpp`` pasted in, so a candidate compiles
    without the problem folder on its include path (where the expert references live)."""
    args = re.sub(r"^\s*#\s*pragma\s+once.*$", "", problem.source("args.hpp"), flags=re.M)
    return re.sub(r'^\s*#\s*include\s+"args\.hpp".*$', lambda _: args, problem.source("glue.cpp"), flags=re.M)


def build_candidate(
    problem: Problem, text: str, mode: str, comp: Compiler, sandboxed: bool = True
) -> tuple[BuildResult, str]:
    """Extracts and compiles a candidate (a model reply or a source file's text).

    Returns (BuildResult, the extracted source). Compile failures are results, not errors.
    """
    source = extract_candidate(text, problem.function)
    pch, pch_s = prelude_dir(comp, mode)
    tu = candidate_tu(problem, source, mode)
    key = content_key(
        "candidate",
        tu,
        prelude_text(mode),
        problem.folder_hash,
        " ".join(comp.flags(mode)),
        REMARKS_FLAG,
        comp.target_hash,
        comp.version,
    )
    res = _compile(tu, key, comp, mode, [pch], sandboxed, remarks=True)
    res.seconds += pch_s
    return res, source


LAYOUT_STEP = 16  # bytes between two paddings: GCC aligns functions and loops to 16 here
LAYOUT_SPAN = 4096  # paddings stay below one page: address randomisation moves whole pages
LAYOUTS = LAYOUT_SPAN // LAYOUT_STEP  # at most one code layout per pair and side (256)
LAYOUT_BYTES = 1 << 30  # at most this many bytes of one side's layouts, but 2 layouts at least


class LayoutError(HarnessError):
    """An object that linked once did not link again at another code offset."""


def layout_pads(key: str, n: int) -> list[int]:
    """``n`` padding sizes in bytes, multiples of LAYOUT_STEP below LAYOUT_SPAN, drawn
    without replacement (while there are sizes left) and reproducibly from ``key``: the
    sizes ordered by the SHA-256 of key and size."""
    order = sorted(range(0, LAYOUT_SPAN, LAYOUT_STEP), key=lambda b: hashlib.sha256(f"{key}:{b}".encode()).digest())
    return [order[i % len(order)] for i in range(n)]


def _pad_dir(comp: Compiler) -> Path:
    """The folder of ``comp``'s padding objects (_pad_object)."""
    return cache_root() / "layout-pads" / content_key("pad", comp.version)[:16]


def _pad_object(nbytes: int, comp: Compiler) -> Path:
    """An object whose only content is ``nbytes`` of int3 in ``.text.unlikely``, the input
    section GNU ld's default script places first in ``.text``: linked before a compiled
    object it moves all that object's code (hot, startup, cold and template sections
    alike) by ``nbytes``, rounded up to the alignment of the object's executable sections
    (at most LAYOUT_STEP in what layout_variants links). Built once per size and compiler."""
    out = _pad_dir(comp) / f"pad-{nbytes}.o"
    if out.exists():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pad-", dir=out.parent))
    try:
        (work / "pad.s").write_text(
            '.section .note.GNU-stack,"",@progbits\n.section .text.unlikely,"ax",@progbits\n'
            + (f".skip {nbytes}, 0xcc\n" if nbytes else "")
        )
        r = subprocess.run(
            [comp.path, "-c", "-x", "assembler", "pad.s", "-o", "pad.o"], cwd=work, capture_output=True, text=True
        )
        if r.returncode != 0:
            raise HarnessError(f"{comp.path} cannot assemble a padding object: {r.stderr.strip()[-300:]}")
        os.replace(work / "pad.o", out)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def _exec_sections_aligned_over(obj: Path, align: int) -> list[str]:
    """Names of the executable sections (SHF_EXECINSTR) of the ELF64 object ``obj`` whose
    alignment exceeds ``align`` bytes. Raises HarnessError if ``obj`` is not such an
    object (it comes from the harness's own compile step)."""
    data = obj.read_bytes()
    try:
        if data[:6] != b"\x7fELF\x02\x01":
            raise ValueError("not a little-endian ELF64 object")
        shoff = struct.unpack_from("<Q", data, 0x28)[0]
        shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

        def header(i: int) -> tuple:
            # name, type, flags, addr, offset, size, link, info, addralign, entsize
            return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)

        if shnum == 0:  # extended numbering: the count is in section 0's size
            shnum = header(0)[5]
        if shstrndx == 0xFFFF:
            shstrndx = header(0)[6]
        names_at = header(shstrndx)[4]
        out = []
        for i in range(shnum):
            h = header(i)
            if h[2] & 0x4 and h[8] > align:
                start = names_at + h[0]
                out.append(data[start : data.index(b"\0", start)].decode("utf-8", "replace"))
        return out
    except (struct.error, ValueError) as e:
        raise HarnessError(f"{obj}: cannot read its section headers ({e})") from None


def layout_paths(pads: list[int], out_dir: Path) -> list[str]:
    """Where layout_variants links (or finds) the layouts of ``pads`` in ``out_dir``."""
    return [str(out_dir / f"layout-{n}.so") for n in pads]


def layout_variants(
    build: BuildResult, pads: list[int], out_dir: Path, comp: Compiler, mode: str, sandboxed: bool
) -> list[str]:
    """Code layouts of a built object: for each padding size in ``pads`` (bytes, see
    layout_pads), the object's compiled code (``obj.o`` beside ``build.path``) linked into
    ``out_dir/layout-<bytes>.so`` after a padding of that size (_pad_object), so all its
    code sits that many bytes further into its pages; a file already there is reused.
    Returns the paths in the order of ``pads``.

    The objects are what the judge times (cpp/judge.cpp, "code layout"); the object as
    built (``build.path``) is what the screen, the race check and validation see. They are
    linked as it was (layout_link_flags: the same shared libraries, so every symbol binds to the
    version a fresh link binds; without them glibc's loader bound unversioned references
    to the oldest versions, e.g. pthread_cond_timedwait@GLIBC_2.2.5, which made a
    condition-variable wait time out). An executable section aligned to more than
    LAYOUT_STEP bytes (``__attribute__((aligned(4096)))`` on one function aligns the
    whole .text) would round every padding to the same place, so those alignments are
    lowered to LAYOUT_STEP (objcopy) in the copy that is linked. Untrusted objects are
    linked in the sandbox (``sandboxed``), in one call, as many links at a time as there
    are CPUs.

    Raises LayoutError if a link fails (the object linked once already: the candidate's
    own doing, e.g. a .symver directive), DiskFullError (run_tool) when the cache's disk
    is nearly full: the harness's trouble, never the candidate's.
    """
    obj = Path(build.path).parent / "obj.o"
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = [Path(x) for x in layout_paths(pads, out_dir)]
    todo = sorted({n for n, p in zip(pads, paths) if not p.exists()})
    if todo:
        pad_dir = _pad_object(todo[0], comp).parent
        for n in todo[1:]:
            _pad_object(n, comp)
        # linked in a folder of this call, then moved into place: another evaluation may
        # be linking, or loading, the same baseline layout
        work = Path(tempfile.mkdtemp(prefix="link-", dir=out_dir))
        try:
            linked = str(obj)
            steps = []
            wide = _exec_sections_aligned_over(obj, LAYOUT_STEP)
            if wide:
                objcopy = shutil.which("objcopy", path=os.path.dirname(comp.path) + ":/usr/bin:/bin") or "objcopy"
                steps.append(
                    shlex.join(
                        [objcopy, *(f"--set-section-alignment={n}={LAYOUT_STEP}" for n in wide), str(obj), "obj.o"]
                    )
                )
                linked = "obj.o"
            link = shlex.join(
                [comp.path, *comp.layout_link_flags(mode), str(pad_dir / "pad-{}.o"), linked, "-o", "layout-{}.so"]
            )
            jobs = max(1, len(os.sched_getaffinity(0)))
            steps.append(f"printf '%s\\n' {' '.join(map(str, todo))} | xargs -P {jobs} -I{{}} {link}")
            res = run_tool(
                ["/bin/sh", "-c", " && ".join(steps)], comp, work, [str(obj.parent), str(pad_dir)], sandboxed
            )
            if res.returncode != 0:
                raise LayoutError(
                    "linking the object at other code offsets failed: "
                    + trim_diagnostics(res.stderr_tail + res.stdout_tail, max_lines=3)
                )
            for n in todo:
                os.replace(work / f"layout-{n}.so", out_dir / f"layout-{n}.so")
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return [str(p) for p in paths]


def build_probe(name: str, tu: str, mode: str, comp: Compiler) -> BuildResult:
    """Builds a machine probe of the harness's own (trusted, not sandboxed: e.g. the FMA
    kernel of harness.measure.peaks) from the translation unit ``tu`` with the candidates'
    flags of ``mode``, so it sees the vector width they get; cached like every object.

    Raises HarnessError if it does not compile.
    """
    key = content_key("probe", name, tu, " ".join(comp.flags(mode)), comp.target_hash, comp.version)
    res = _compile(tu, key, comp, mode, [], sandboxed=False)
    if not res.ok:
        raise HarnessError(
            f"the {name} probe does not build: {res.diagnostics.splitlines()[0] if res.diagnostics else '?'}"
        )
    return res


def build_trusted(problem: Problem, kind: str, mode: str, comp: Compiler) -> BuildResult:
    """Builds the problem's ``driver`` or ``baseline`` object (our code, not sandboxed).

    Raises HarnessError if it does not compile (a broken problem folder).
    """
    if kind == "driver":
        tu = f'#line 1 "driver.cpp"\n{problem.source("driver.cpp")}'
    elif kind == "baseline":
        # The same translation unit an A/A candidate gets (prelude, #line, glue): code
        # placement then matches too; a different prelude was seen to move the
        # baseline's hot loop and change its time by up to 1.9x (46_sparse_la_spmm).
        tu = candidate_tu(problem, extract_candidate(problem.source("baseline.cpp"), problem.function), mode)
    else:
        raise ValueError(kind)
    # the driver always uses OpenMP, for parallel input generation
    build_mode = "omp" if kind == "driver" else mode
    # folder_hash covers the driver headers of cpp/include/harness too
    key = content_key(kind, tu, problem.folder_hash, " ".join(comp.flags(build_mode)), comp.target_hash, comp.version)
    pch, pch_s = prelude_dir(comp, build_mode)
    res = _compile(
        tu,
        key + content_key(prelude_text(build_mode)),
        comp,
        build_mode,
        [pch, problem.path, INCLUDE_DIR],
        sandboxed=False,
    )
    res.seconds += pch_s
    if not res.ok:
        raise HarnessError(
            f"{problem.id}: {kind} does not build: {res.diagnostics.splitlines()[0] if res.diagnostics else '?'}"
        )
    return res
