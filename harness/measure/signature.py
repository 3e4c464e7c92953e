"""Does a candidate define the problem's function with another signature than this suite's?

A reply written for another version of a problem (the LessonL fork's 29, 30 and 32 take
``int64_t`` where ParEval and this suite take ``double``) fails in the glue that calls the
function: a ``link_error``, like a model's own mistake. :func:`signature_mismatch` tells
the two apart with the compiler itself, not by reading the reply's text: it compiles (in
the sandbox, as any candidate) the candidate's code without the glue, followed by an
explicit instantiation of a probe template on ``decltype(&function)``; the probe's
symbol, demangled by ``nm -C``, spells the function's full type (return and parameter
types, typedefs resolved: ``int64_t`` is ``long``). The expected type comes the same
way from a translation unit that only declares the problem's signature. The two
spellings are the same compiler's, so they compare exactly.

No verdict: a candidate whose function cannot be named alone (none, several overloads,
a template, in a namespace) or whose code does not compile without the glue is not
classified (None), and counts as the link error it is.
"""

from __future__ import annotations

import re
import shlex
import shutil
import tempfile
from pathlib import Path

from . import toolchain
from .suite import Problem

PROBE = "harness_signature_probe"


def _probe(function: str) -> str:
    """The probe appended to a translation unit: an explicit instantiation on the
    function's type, so its (weak) symbol carries that type."""
    return (
        f"\ntemplate <class T> void {PROBE}(T) {{}}\n"
        f"template void {PROBE}<decltype(&{function})>(decltype(&{function}));\n"
    )


def _function_type(problem: Problem, source: str, mode: str, comp: toolchain.Compiler, sandboxed: bool) -> str | None:
    """The demangled type of ``problem.function`` as ``source`` (extracted code) defines
    or declares it, e.g. "void (*)(std::vector<long, std::allocator<long> > const&,
    std::vector<long, std::allocator<long> >&)"; None when the code with the probe does
    not compile (no such function, an overload set, a template...)."""
    tu = toolchain.candidate_tu(problem, source, mode, glue=False) + _probe(problem.function)
    pch, _ = toolchain.prelude_dir(comp, mode)
    flags = comp.compile_flags(mode)
    (toolchain.cache_root() / "builds").mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="signature-", dir=toolchain.cache_root() / "builds"))
    try:
        (work / "tu.cpp").write_text(tu)
        compile_ = shlex.join([comp.path, *flags, "-I", str(pch), "-c", "-o", "tu.o", "tu.cpp"])
        out = toolchain.run_tool(
            ["/bin/sh", "-c", f"{compile_} 2>/dev/null && nm -C --defined-only tu.o"],
            comp,
            work,
            [str(pch)],
            sandboxed,
            tail_bytes=1 << 20,
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if out.returncode != 0:
        return None
    for line in out.stdout_tail.splitlines():
        at = line.find(f"{PROBE}<")
        if at < 0:
            continue
        rest, depth = line[at + len(PROBE) :], 0
        for i, c in enumerate(rest):
            depth += {"<": 1, ">": -1}.get(c, 0)
            if depth == 0:
                return rest[1:i].strip()
    return None


_EXPECTED: dict = {}  # {(suite, id, folder hash, mode, compiler): expected_type's answer}


def expected_type(problem: Problem, mode: str, comp: toolchain.Compiler) -> str | None:
    """The demangled type of the problem's own signature (problem.toml ``signature``),
    spelled as :func:`_function_type` spells a candidate's (once per problem, mode and
    compiler in a process); None if it cannot be compiled (a broken problem folder).
    Not sandboxed: only our own declaration."""
    key = (problem.suite, problem.id, problem.folder_hash, mode, comp)
    if key not in _EXPECTED:
        _EXPECTED[key] = _function_type(problem, problem.signature + ";\n", mode, comp, sandboxed=False)
    return _EXPECTED[key]


def readable(function_type: str, name: str) -> str:
    """A function type from :func:`_function_type` as a declaration a reader knows:
    "void (*)(A, B)" -> "void name(A, B)", with the standard allocators and character
    traits left out ("std::vector<long, std::allocator<long> >" -> "std::vector<long>",
    std::__cxx11::basic_string<char, ...> -> "std::string")."""
    t = function_type.replace("(*)", name, 1)
    t = re.sub(r"std::(__cxx11::)?basic_string<char, std::char_traits<char>, std::allocator<char> >", "std::string", t)
    while True:
        new = re.sub(r"std::(vector|deque|list)<(.+?), std::allocator<\2 ?> ?>", r"std::\1<\2>", t)
        if new == t:
            return t
        t = new


def signature_mismatch(
    problem: Problem, source: str, mode: str, march: str = "native", sandboxed: bool = True
) -> dict | None:
    """{"expected": declaration, "found": declaration} (see :func:`readable`) when the
    extracted candidate ``source`` defines ``problem.function`` with another type than
    the problem's signature; None when the types agree or the candidate's function
    cannot be named alone (see the module docstring). Compiles twice at most (the
    expected type once per problem, mode and compiler). Raises HarnessError when there
    is no compiler or sandbox (as evaluating would)."""
    comp = toolchain.find_compiler(march)
    want = expected_type(problem, mode, comp)
    found = _function_type(problem, source, mode, comp, sandboxed)
    if want is None or found is None or found == want:
        return None
    return {"expected": readable(want, problem.function), "found": readable(found, problem.function)}
