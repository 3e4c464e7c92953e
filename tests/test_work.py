"""The work model of every problem (harness/work.py, the [work] table of problem.toml)
against counts made by running the problem's real driver and an instrumented baseline.

How the counts are made: the baseline's translation unit (the one an A/A candidate gets:
prelude, baseline, glue) is compiled by g++ at -O0 to assembly, and before every scalar
floating-point add, sub, mul, div and sqrt instruction (SSE and x87) a counter increment
is inserted (flags saved around it, no red zone); a call of a libm elementary function
(exp, sin, cos, pow, cabs, ...) adds 1. -O0 keeps each source operation one instruction
(no vectorization, no FMA contraction, no -ffast-math reassociation), so the counter is
the number of floating-point operations the baseline's source code performs on that
instance. Inlined standard-library templates (std::accumulate, std::complex operators,
std::sort comparators) are in the translation unit and are counted; compiled library code
other than the elementary functions (libstdc++ .so, __muldc3 on NaN) is not. The program
links the problem's own driver.cpp, generates seed 1's inputs at a size, runs the baseline
once and prints the counter and the driver's input and output views (name, dtype, count).

What is verified:
- every problem.toml of both suites has a [work] table that parses (work.parse_work), and
  bytes, flops and their declared leading orders evaluate at every validate and timed size;
- the PolyBench per-dataset dimensions in [work].params equal the dimensions the driver
  exposes as scalar inputs (for every dataset, where the driver exposes them);
- bytes, exactly, at two small sizes, for every problem: the sum of count x element size
  over the driver's array input views (views of more than one element; scalars are not
  memory traffic) and its output views after the call;
- flops, exactly, at two small sizes, for every problem whose work does not depend on the
  data: the instrumented count; for problems with data-dependent work (bound_note), that
  the count does not exceed the model's bound. flops = 0 is checked the same way (no
  floating-point instruction executes);
- scaling: bytes and flops grow as their declared leading orders between the timed size
  and a smaller one (within 20 %).
What is not verified: that the driver's views match the storage the baseline really
touches (a view is a copy); that algorithm_fixed is right (a judgement, documented per
problem); the cost convention for elementary functions (1 FLOP each) against any
hardware; flops of instances other than seed 1 for data-dependent problems.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness import work
from harness.suite import load_suite

ROOT = Path(__file__).resolve().parent.parent
INCLUDE = ROOT / "cpp" / "include"
SUITES = ("pareval", "polybench")
PROBLEMS = [(s, pid) for s in SUITES for pid in sorted(load_suite(s))]
DTYPE_SIZE = {0: 8, 1: 4, 2: 4, 3: 8, 4: 8, 5: 1, 6: 16, 7: 1}
LIBM = ("sin|cos|tan|exp|exp2|expm1|log|log2|log10|log1p|pow|atan|atan2|asin|acos|sinh|cosh|"
        "tanh|hypot|cbrt|sqrt|cabs|cexp|clog|cpow|csqrt|sincos|erf|erfc")
_FP_SSE = re.compile(r"^\s+v?(add|sub|mul|div|sqrt)(sd|ss)\b")
_FP_X87 = re.compile(r"^\s+f(add|sub|subr|mul|div|divr)(p|rp)?[sl]?\b|^\s+fsqrt\b")
_FP_PACKED = re.compile(r"^\s+v?(add|sub|mul|div|sqrt|addsub|hadd|hsub)(pd|ps)\b")
_LIBM_CALL = re.compile(rf"^\s+call\s+({LIBM})f?(@PLT)?\s*$")
_INC = "\tpushfq\n\taddq\t$1, work_flop_count(%rip)\n\tpopfq\n"

MAIN = r"""
#include <cstdio>
#include <cstdlib>
#include <harness/driver.hpp>
extern "C" {
unsigned long long work_flop_count = 0;
void* harness_create(uint64_t);
void harness_generate(void*, uint64_t);
void harness_reset(void*, int);
void* harness_args(void*);
int harness_inputs(void*, harness::OutputView*, int);
int harness_outputs(void*, harness::OutputView*, int);
void harness_call(void*);
}
static void views(const char* key, harness::OutputView* v, int n) {
  std::printf("\"%s\": [", key);
  for (int i = 0; i < n; ++i) {
    double value = 0;
    if (v[i].count == 1) {
      switch (v[i].dtype) {
        case harness::F64: value = *(const double*)v[i].data; break;
        case harness::I32: value = *(const int32_t*)v[i].data; break;
        case harness::I64: value = double(*(const int64_t*)v[i].data); break;
        case harness::U64: value = double(*(const uint64_t*)v[i].data); break;
        default: break;
      }
    }
    std::printf("%s[\"%s\", %d, %llu, %.17g]", i ? ", " : "", v[i].name, v[i].dtype,
                (unsigned long long)v[i].count, value);
  }
  std::printf("]");
}
int main(int argc, char** argv) {
  const uint64_t size = std::strtoull(argv[1], nullptr, 10);
  void* p = harness_create(size);
  harness_generate(p, 1);
  harness_reset(p, 0);
  harness::OutputView v[64];
  std::printf("{");
  views("inputs", v, harness_inputs(p, v, 64));
  work_flop_count = 0;
  harness_call(harness_args(p));
  const unsigned long long flops = work_flop_count;
  std::printf(", ");
  views("outputs", v, harness_outputs(p, v, 64));
  std::printf(", \"flops\": %llu}\n", flops);
  return 0;
}
"""


def instrument(asm: str) -> tuple[str, int]:
    """The assembly with a counter increment before every floating-point operation, and
    how many sites were instrumented. A packed instruction would count its lanes; -O0
    emits none (checked: packed sites raise)."""
    out, sites = [], 0
    for line in asm.splitlines(keepends=True):
        if _FP_PACKED.match(line):
            raise AssertionError(f"packed floating-point instruction at -O0: {line.strip()}")
        if _FP_SSE.match(line) or _FP_X87.match(line) or _LIBM_CALL.match(line):
            out.append(_INC)
            sites += 1
        out.append(line)
    return "".join(out), sites


def _run(cmd, cwd):
    r = subprocess.run(["nice", "-n", "19", *cmd], cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError(f"{' '.join(cmd[:3])}... failed:\n{r.stderr[-3000:]}")
    return r.stdout


def build_counter(problem, out: Path) -> Path:
    """Builds (once) the counting program of ``problem`` in ``out``; returns its path."""
    from harness import toolchain
    from harness.extract import extract_candidate

    exe = out / "count"
    if exe.exists():
        return exe
    out.mkdir(parents=True, exist_ok=True)
    (out / toolchain.PRELUDE_NAME).write_text(toolchain.prelude_text("serial"))
    tu = toolchain.candidate_tu(problem, extract_candidate(problem.source("baseline.cpp"),
                                                           problem.function), "serial")
    (out / "baseline.cpp").write_text(tu)
    (out / "main.cpp").write_text(MAIN)
    inc = ["-I", str(out), "-I", str(problem.path), "-I", str(INCLUDE)]
    _run(["g++", "-std=c++17", "-O0", "-mno-red-zone", "-fno-math-errno", "-fno-pie",
          "-fcx-fortran-rules", *inc, "-S", "baseline.cpp", "-o", "baseline.s"], out)
    asm, _ = instrument((out / "baseline.s").read_text())
    (out / "baseline_counted.s").write_text(asm)
    (out / "driver.cpp").write_text(problem.source("driver.cpp"))
    _run(["g++", "-std=c++17", "-O1", "-fopenmp", "-fno-pie", *inc, "-c", "driver.cpp"], out)
    _run(["g++", "-std=c++17", "-O0", "-fno-pie", *inc, "-c", "main.cpp"], out)
    _run(["g++", "-no-pie", "-fopenmp", "-o", "count", "main.o", "driver.o",
          "baseline_counted.s", "-lm"], out)
    return exe


def count(problem, size: int, out: Path) -> dict:
    """Runs the counting program at ``size``: {"flops", "inputs", "outputs"}, the views as
    [name, dtype, count, value-if-scalar]."""
    exe = build_counter(problem, out)
    env = dict(os.environ, OMP_NUM_THREADS="1")
    r = subprocess.run(["nice", "-n", "19", str(exe), str(size)], capture_output=True,
                       text=True, env=env, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def view_bytes(views) -> int:
    """Bytes of the array views (more than one element) of a count."""
    return sum(DTYPE_SIZE[d] * c for _, d, c, _ in views if c > 1)


def instance_counts(model: work.WorkModel, c: dict) -> dict:
    """The model's instance counts (names bound to driver views) from a count's views."""
    by_name = {v[0]: v[2] for v in c["inputs"] + c["outputs"]}
    return {name: by_name[view] for name, view in model.counts.items()}
