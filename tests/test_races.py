"""The race detector (harness.measure.races): data races in omp candidates are found, not guessed.

Real clang++ -fsanitize=thread builds with libomp and Archer, run by the race runner in
the sandbox; the evaluations are validation only at small sizes.
"""

import re
import resource
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path

import pytest

from harness.measure import races, sandbox, toolchain
from harness.measure.evaluate import EvalConfig, evaluate, evaluate_batch
from harness.measure.suite import get_problem, load_suite

pytestmark = pytest.mark.skipif(
    isinstance(races.find_tools(), str), reason=f"race detector unavailable: {races.find_tools()}"
)
VARIANTS = Path(__file__).parent / "variants"

# The embedded model's reply on 59_transform_map_function (omp) that was judged correct,
# 1.75x: vector<bool> packs 64 elements per word, so neighbouring threads read-modify-write
# the same word.
VECTOR_BOOL = """
#include <vector>
#include <omp.h>
bool isPowerOfTwo(int x) { return (x > 0) && !(x & (x - 1)); }
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
    #pragma omp parallel for
    for (size_t i = 0; i < x.size(); ++i) {
        mask[i] = isPowerOfTwo(x[i]);
    }
}
"""

RELU = """
#include <vector>
void relu(std::vector<double>& x) {
  const long n = long(x.size());
  double* p = x.data();
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) p[i] = p[i] < 0 ? 0.0 : p[i];
}
"""


def _average(update: str) -> str:
    return f"""
#include <vector>
double average(std::vector<double> const& x) {{
  double s = 0;
  const long n = long(x.size());
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {{
    {update}
  }}
  return s / double(n);
}}
"""


def _eval(pid, text, suite="pareval", **kw):
    kw.setdefault("quick", True)
    kw.setdefault("validate_only", True)
    return evaluate(get_problem(pid, suite), text, "omp", EvalConfig(**kw))


def _assert_race(r):
    assert r.status == "incorrect", (r.status, r.evidence)
    assert r.evidence["race_check"] == "race"
    assert r.evidence["race"].startswith("ThreadSanitizer: data race"), r.evidence["race"]
    assert "candidate.cpp:" in r.evidence["race"]
    assert len(r.evidence["race"].splitlines()) <= races.REPORT_LINES
    assert r.evidence["phase"] == "race check" and r.evidence["seed"] is not None
    assert r.evidence["why"].startswith("ThreadSanitizer found a data race")


def test_vector_bool_race_is_incorrect_with_the_report():
    r = _eval("59_transform_map_function", VECTOR_BOOL)
    _assert_race(r)
    # the report points at the candidate's loop body and at vector<bool>'s bit reference
    line = VECTOR_BOOL.strip().splitlines().index("        mask[i] = isPowerOfTwo(x[i]);") + 1
    assert f"candidate.cpp:{line}:" in r.evidence["race"] and "stl_bvector.h" in r.evidence["race"]
    cost = r.evidence["race_check_s"]
    assert cost["compile_s"] > 0 and cost["run_s"] > 0


def test_plain_parallel_for_on_doubles_is_clean_and_correct():
    r = _eval("55_transform_relu", RELU)
    assert r.status == "correct", r.evidence
    assert r.evidence["race_check"] == "clean"


def test_shared_accumulator_without_atomic_is_caught():
    _assert_race(_eval("27_reduce_average", _average("s += x[i];")))


def test_shared_accumulator_with_atomic_is_clean():
    """The same loop with the update made atomic: slow, but no data race."""
    r = _eval("27_reduce_average", _average("#pragma omp atomic\n    s += x[i];"))
    assert r.status == "correct", r.evidence
    assert r.evidence["race_check"] == "clean"


def test_race_between_std_threads_is_found():
    """Not only OpenMP: two std::threads adding into one sum without a lock."""
    text = """
#include <thread>
#include <vector>
double average(std::vector<double> const& x) {
  double s = 0;
  const size_t h = x.size() / 2;
  auto part = [&](size_t a, size_t b) { for (size_t i = a; i < b; ++i) s += x[i]; };
  std::thread t(part, 0, h);
  part(h, x.size());
  t.join();
  return s / double(x.size());
}
"""
    _assert_race(_eval("27_reduce_average", text))


def test_race_is_found_on_one_thread_too():
    """The runner uses at least two OpenMP threads even when one CPU is granted: the
    detector reasons from the happens-before order, not from the threads overlapping."""
    r = _eval("59_transform_map_function", VECTOR_BOOL, threads=1)
    _assert_race(r)


def test_race_verdict_is_cached_and_keyed_by_the_detector():
    first = _eval("27_reduce_average", _average("s += x[i];"))
    again = _eval("27_reduce_average", _average("s += x[i];"))
    assert again.cached and again.status == "incorrect" and again.evidence["race"] == first.evidence["race"]
    assert races.fingerprint() == f"{races.find_tools().version}\0{races.find_tools().archer}"


def test_serial_mode_is_not_checked():
    r = evaluate(
        get_problem("27_reduce_average"), _average("s += x[i];"), "serial", EvalConfig(quick=True, validate_only=True)
    )
    assert r.status == "correct", r.evidence  # without -fopenmp the pragma is ignored
    assert "race_check" not in r.evidence


def test_a_line_only_gcc_accepts_is_a_compile_error():
    """__builtin_has_attribute is GCC's alone. Were the race check merely unavailable
    then (as until 2026-12-04), one such line would turn it off: this racy candidate was
    judged correct. Omp candidates must build with clang++ too."""
    text = VECTOR_BOOL.replace(
        "void mapPowersOfTwo",
        'static_assert(!__builtin_has_attribute(isPowerOfTwo, noinline), "");\nvoid mapPowersOfTwo',
    )
    r = _eval("59_transform_map_function", text)
    assert r.status == "compile_error", r.evidence
    assert r.evidence["race_check"] == "compile_error"
    assert r.evidence["why"] == races.CLANG_ERROR
    assert "error" in r.evidence["diagnostics"] and "noinline" in r.evidence["diagnostics"]


# Compiler tests no name list catches: a predefined macro's value in arithmetic (g++ 12
# says __GNUG__ 12, clang 4), a name pasted together, a version only one compiler has
# reached. Each hides the racy loop of VECTOR_BOOL from the detector; each was judged
# correct before the preprocessed code was compared (2026-12-04).
HIDDEN = {
    "macro_arithmetic": ("#if __GNUG__ - 4\n#pragma omp parallel for\n#endif\n", ""),
    "pasted_name": (
        "#pragma omp parallel for if (CAT(__GN, UG__) > 4)\n",
        "#define CAT2(a, b) a##b\n#define CAT(a, b) CAT2(a, b)\n",
    ),
    "abi_version": ("#if __GXX_ABI_VERSION / 1010\n#pragma omp parallel for\n#endif\n", ""),
}


@pytest.mark.parametrize("name", sorted(HIDDEN))
def test_a_compiler_test_seen_only_in_the_preprocessed_code_is_rejected(name):
    guard, defs = HIDDEN[name]
    text = defs + VECTOR_BOOL.replace("    #pragma omp parallel for\n", guard)
    assert races.compiler_test(text) == ""  # the name list does not see it
    r = _eval("59_transform_map_function", text)
    assert r.status == "rejected", r.evidence
    assert "preprocess the candidate to different code" in r.evidence["why"], r.evidence["why"]


# Found by a red-team pass over the comparison (2026-12-04); each hid VECTOR_BOOL's race
# and was judged correct with a clean check: a line marker of its own (what follows
# reads as a header's, not compared), the same line inside a raw string, the
# instrumentation turned off for a helper, the racy update in inline assembly, the
# compiler told apart by __PRETTY_FUNCTION__'s text at run time.
BLIND = {
    "line_marker": ('# 1 "fast_helpers.h" 1\n', "# 1"),
    "line_digraph": ('%: line 1 "fast_helpers.h"\n', "%: line"),
    "no_sanitize": ('__attribute__((no_sanitize("thread"))) static void touch() {}\n', "no_sanitize"),
    "asm": ('static void touch(long* w) { asm("orq $1, %0" : "+m"(*w)); }\n', "inline assembly"),
    "pretty_function": ("static bool with() { return __PRETTY_FUNCTION__[0]; }\n", "__PRETTY_FUNCTION__"),
}


@pytest.mark.parametrize("name", sorted(BLIND))
def test_what_would_blind_the_detector_is_refused(name):
    line, found = BLIND[name]
    assert races.compiler_test(line + VECTOR_BOOL) == found


def test_a_marker_inside_a_raw_string_is_no_marker():
    text = 'static const char* doc = R"d(notes\n# 1 "notes.txt" 1\n)d";\n' + VECTOR_BOOL.replace(
        "    #pragma omp parallel for\n", "#if __GNUG__ - 4\n#pragma omp parallel for\n#endif\n"
    )
    r = _eval("59_transform_map_function", text)
    assert r.status == "rejected", r.evidence
    assert "preprocess the candidate to different code" in r.evidence["why"]


def test_a_compiler_barrier_is_not_inline_assembly():
    assert races.compiler_test('void f() { __asm__ volatile("" ::: "memory"); }') == ""
    assert races.compiler_test('// asm("")\nvoid f() { asm("nop"); }') == "inline assembly"


def test_a_header_macro_a_condition_tests_must_be_defined_alike():
    """_MM_HINT_T0 is a macro in clang's xmmintrin.h and an enumerator in g++'s."""
    text = "#include <xmmintrin.h>\n" + VECTOR_BOOL.replace(
        "    #pragma omp parallel for\n", "#ifndef _MM_HINT_T0\n#pragma omp parallel for\n#endif\n"
    )
    r = _eval("59_transform_map_function", text)
    assert r.status == "rejected", r.evidence
    assert "its preprocessor conditions use _MM_HINT_T0" in r.evidence["why"], r.evidence["why"]


# ThreadSanitizer's annotation interface, defined by the candidate as empty functions: the
# timed build runs those, the detector's binds them to the runtime loaded before it, which
# then stops recording the thread's accesses (a clean check, until 2026-12-04, of a race
# the outputs do not show). The name may be spelt any way: the objects' symbols are read.
IGNORE = """
extern "C" __attribute__((weak)) void AnnotateIgnoreWritesBegin(const char*, int) {}
extern "C" __attribute__((weak)) void AnnotateIgnoreWritesEnd(const char*, int) {}
""" + VECTOR_BOOL.replace(
    "    #pragma omp parallel for\n",
    '    #pragma omp parallel\n    {\n    AnnotateIgnoreWritesBegin("", 0);\n    #pragma omp for\n',
).replace(
    "        mask[i] = isPowerOfTwo(x[i]);\n    }\n",
    '        mask[i] = isPowerOfTwo(x[i]);\n    }\n    AnnotateIgnoreWritesEnd("", 0);\n    }\n',
)


@pytest.mark.parametrize("spelling", ["plain", "pasted"])
def test_a_candidate_that_reaches_the_detectors_runtime_is_rejected(spelling):
    text = (
        IGNORE
        if spelling == "plain"
        else "#define J(a, b) a##b\n"
        + IGNORE.replace("AnnotateIgnoreWritesBegin", "J(Annotate, IgnoreWritesBegin)").replace(
            "AnnotateIgnoreWritesEnd", "J(Annotate, IgnoreWritesEnd)"
        )
    )
    r = _eval("59_transform_map_function", text)
    assert r.status == "rejected", r.evidence
    assert r.evidence["why"].startswith(
        "the candidate defines AnnotateIgnoreWritesBegin, AnnotateIgnoreWritesEnd, "
        "which the race detector's runtime provides"
    ), r.evidence["why"]


def test_the_detectors_runtime_offers_its_interface_not_what_both_builds_share():
    tools = races.find_tools()
    runner, why, _ = races._runner(tools, "native")
    assert not why, why
    only = races._detector_only(runner, tools.archer, toolchain.find_compiler().path)
    assert {"AnnotateIgnoreWritesBegin", "__sanitizer_set_report_fd", "__tsan_acquire"} <= only
    assert {"kmp_set_blocktime", "__kmpc_fork_call"} <= only  # libomp's own
    assert (
        not {
            "memcpy",
            "malloc",
            "omp_get_thread_num",
            "GOMP_parallel",
            "pthread_mutex_lock",
            "__tls_get_addr",
            "_edata",
        }
        & only
    )


# A race the outputs rarely show: bits OR-ed into shared 64-bit words from a parallel loop
# (neighbouring iterations on two threads share a word). ATTR/DECL mark where each way of
# hiding it from the detector goes; each below was judged correct with a clean check
# until a red-team pass on 2026-12-04.
WORDS = """
#include <vector>
#include <cstdint>
DECL
ATTR void orbit(uint64_t* w, size_t i, uint64_t b) { w[i >> 6] |= b << (i & 63); }
void mapPowersOfTwo(std::vector<int> const& x, std::vector<bool>& mask) {
    const size_t n = x.size();
    std::vector<uint64_t> own((n + 63) / 64, 0);
    uint64_t* w = WORDS_AT;
    for (size_t k = 0; k < (n + 63) / 64; ++k) w[k] = 0;
    #pragma omp parallel for
    for (size_t i = 0; i < n; ++i) {
        int v = x[i];
        orbit(w, i, (v > 0) && !(v & (v - 1)));
    }
    for (size_t i = 0; i < n; ++i) mask[i] = (w[i >> 6] >> (i & 63)) & 1;
}
"""


def _words(attr="", decl="", at="own.data()"):
    return WORDS.replace("ATTR", attr).replace("DECL", decl).replace("WORDS_AT", at)


BLIND_SPOTS = {
    "underscored attribute": (_words('__attribute__((__no_sanitize__("thread")))'), "__no_sanitize__"),
    "pasted attribute": (
        _words('__attribute__((P(no_, sanitize)("thread")))', "#define P(a, b) a##b"),
        "once its macros are expanded",
    ),
    "pragma string": (
        _words(
            decl='_Pragma("clang attribute push (__attribute__((no_sanitize(\\"thread\\"))), apply_to = function)")'
        ).replace("void mapPowersOfTwo", '_Pragma("clang attribute pop")\nvoid mapPowersOfTwo'),
        "once its macros are expanded",
    ),
    "pasted assembly": (
        _words(decl="#define GLUE(a, b) a##b").replace(
            "w[i >> 6] |= b << (i & 63);",
            'GLUE(__a, sm__) volatile("orq %1, %0" : "+m"(w[i >> 6]) : "r"(b << (i & 63)));',
        ),
        "inline assembly",
    ),
    # the detector skips a global it takes for a profiling counter, by section or name
    "profiling section": (
        _words(decl='__attribute__((section("__llvm_prf_cnts"))) uint64_t g[1 << 18];', at="g").replace(
            "w[i >> 6] |= b", "g[i >> 6] |= b"
        ),
        'section(""',
    ),
    "profiling name": (
        _words(decl="uint64_t __llvm_gcov_ctr_w[1 << 18];", at="__llvm_gcov_ctr_w").replace(
            "w[i >> 6] |= b", "__llvm_gcov_ctr_w[i >> 6] |= b"
        ),
        "__llvm_gcov_ctr_w",
    ),
}


@pytest.mark.parametrize("way", sorted(BLIND_SPOTS))
def test_a_race_hidden_from_the_detector_by_its_own_blind_spots_is_rejected(way):
    text, said = BLIND_SPOTS[way]
    r = _eval("59_transform_map_function", text)
    assert r.status == "rejected", (way, r.status, r.evidence)
    assert said in r.evidence["why"], r.evidence["why"]


# The same race through 256-bit loads and stores (the word and its three neighbours),
# which ThreadSanitizer does not instrument, and through a masked load and store; both
# were judged correct with a clean check until 2026-12-04.
WIDE = (
    _words(decl="#include <immintrin.h>")
    .replace(
        "w[i >> 6] |= b << (i & 63);",
        "__m256i* p = (__m256i*)(w + (i >> 6));\n"
        "    _mm256_storeu_si256(p, _mm256_or_si256(_mm256_loadu_si256(p), _mm256_set_epi64x(0, 0, 0, "
        "(long long)(b << (i & 63)))));",
    )
    .replace("own((n + 63) / 64, 0)", "own((n + 63) / 64 + 4, 0)")
)
MASKED = (
    _words(decl="#include <immintrin.h>")
    .replace(
        "w[i >> 6] |= b << (i & 63);",
        "const __m256i lane = _mm256_set_epi64x(0, 0, 0, -1);\n"
        "    long long* p = (long long*)(w + (i >> 6));\n"
        "    _mm256_maskstore_epi64(p, lane, _mm256_or_si256(_mm256_maskload_epi64(p, lane), "
        "_mm256_set_epi64x(0, 0, 0, (long long)(b << (i & 63)))));",
    )
    .replace("own((n + 63) / 64, 0)", "own((n + 63) / 64 + 4, 0)")
)


@pytest.mark.skipif("avx2" not in open("/proc/cpuinfo").read(), reason="needs AVX2")
def test_a_race_through_vector_accesses_wider_than_the_detector_sees_is_found():
    """The detector's build of the candidate splits vector loads and stores into
    element accesses before ThreadSanitizer instruments them (SCALARIZED_PIPELINE)."""
    _assert_race(_eval("59_transform_map_function", WIDE))


@pytest.mark.skipif("avx2" not in open("/proc/cpuinfo").read(), reason="needs AVX2")
def test_masked_accesses_the_detector_cannot_see_are_rejected():
    r = _eval("59_transform_map_function", MASKED)
    assert r.status == "rejected", r.evidence
    assert r.evidence["why"].startswith(
        "the candidate accesses memory in a way the race detector does not see (llvm.masked.load.v4i64.p0v4i64;"
    ), r.evidence["why"]


# Races through accesses the detector's instrumentation or runtime does not see, each a
# file in tests/hostile/races/ (a red-team pass, 2026-12-04), and what the refusal names.
UNSEEN = {
    "long_double": "a x86_fp80 access",
    "packed_bitfield": "a i24 access",
    "volatile_vector": "a <4 x i64> access",
    "maskmove": "llvm.x86.sse2.maskmov.dqu",
    "memcpy_chk": "the candidate calls __memcpy_chk",
}


@pytest.mark.parametrize("name", sorted(UNSEEN))
def test_a_race_through_accesses_the_detector_does_not_see_is_rejected(name):
    text = (Path(__file__).parent / "hostile" / "races" / f"{name}.cpp").read_text()
    r = _eval("59_transform_map_function", text)
    assert r.status == "rejected", (name, r.status, r.evidence)
    assert UNSEEN[name] in r.evidence["why"] and "cannot be shown race-free" in r.evidence["why"], r.evidence["why"]


def test_the_plain_word_race_is_found():
    """So that the rejections above are of a race the detector sees when nothing hides it."""
    _assert_race(_eval("59_transform_map_function", _words()))


# Honest code the first comparison (every token, headers' macros expanded) rejected:
# intrinsics (functions to g++, macros to clang), prefetch hints, a multi-line assert
# (g++ gives __LINE__ the first line, clang the last).
INTRINSICS = """
#include <vector>
#include <cassert>
#include <cstddef>
#include <immintrin.h>
double average(std::vector<double> const& x) {
  assert(!x.empty() &&
         "x must not be empty");
  const std::size_t n = x.size();
  const double* p = x.data();
  double total = 0.0;
#pragma omp parallel reduction(+ : total)
  {
    __m256d acc = _mm256_setzero_pd();
#pragma omp for schedule(static) nowait
    for (std::size_t i = 0; i < n / 4; ++i) {
      if ((i & 7) == 0 && 4 * i + 64 < n) _mm_prefetch(reinterpret_cast<const char*>(p + 4 * i + 64), _MM_HINT_T0);
      acc = _mm256_add_pd(acc, _mm256_loadu_pd(p + 4 * i));
    }
    __m128d lo = _mm_add_pd(_mm256_castpd256_pd128(acc), _mm256_extractf128_pd(acc, 1));
    lo = _mm_hadd_pd(lo, lo);
    total += _mm_cvtsd_f64(lo);
  }
  for (std::size_t i = n / 4 * 4; i < n; ++i) total += p[i];
  return total / static_cast<double>(n);
}
"""


def test_intrinsics_prefetch_and_a_long_assert_are_the_same_code():
    r = _eval("27_reduce_average", INTRINSICS, march="x86-64-v3")
    assert r.status == "correct", r.evidence
    assert r.evidence["race_check"] == "clean"


def test_header_constants_read_the_same_to_both_compilers():
    """g++ and clang spell the limits differently after preprocessing (0x7fffffff and
    2147483647, double(1.797...e+308L) and 1.7976931348623157e+308, 1 and 1ULL): by value
    they are the same code."""
    text = """
#include <vector>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cassert>
#include <cstdint>
void relu(std::vector<double>& x) {
  assert(!x.empty() || x.size() < SIZE_MAX);
  const double lo = -DBL_MAX + DBL_MIN + DBL_EPSILON + FLT_MAX + FLT_MIN + FLT_EPSILON + LDBL_MAX + DBL_TRUE_MIN;
  const long long big = LLONG_MAX + INT_MIN + INT_MAX + ULLONG_MAX + UINT64_MAX + INT64_C(5) + CHAR_BIT;
  (void)lo; (void)big; (void)HUGE_VAL; (void)NAN; (void)INFINITY; (void)M_PI;
  for (size_t i = 0; i < x.size(); ++i) x[i] = x[i] < 0 ? 0.0 : x[i];
}
"""
    comp = toolchain.find_compiler("native")
    assert races.same_code(get_problem("55_transform_relu"), text, comp, races.find_tools(), comp.march, True) == ""


def test_canonical_numbers_compare_by_value():
    assert races._number("0x7fffffff") == races._number("2147483647")
    assert races._number("1ULL") == races._number("1")
    assert races._number("3.40282346638528859811704183484516925e+38F") == races._number("3.40282347e+38F")
    assert races._number("1.18973149535723176502126385303097021e+4932L") == races._number(
        "1.18973149535723176502e+4932L"
    )
    assert races._number("12") != races._number("4")
    assert races._number("1.5") != races._number("1.5f") != races._number("1.25")
    g = '# 1 "candidate.cpp"\nx = double(1.79769313486231570814527423731704357e+308L);\n'
    c = '# 1 "candidate.cpp"\nx = 1.7976931348623157e+308;\n'
    assert [t for t, _ in races._canonical(g)] == [t for t, _ in races._canonical(c)]
    # lines of an included header are left out; the main file's lines after it count
    h = '# 1 "candidate.cpp"\n# 1 "/usr/include/x.h" 1 3 4\nint header_only;\n# 2 "candidate.cpp" 2\nint y;\n'
    assert races._canonical(h) == [("int", 2), ("y", 2), (";", 2)]


def test_forging_the_race_runners_pipe_is_rejected():
    """The race runner's pipe is checked like the worker's: tests/hostile's forger, behind
    the screen, finds it on the runner's command line and writes to it."""
    forger = (Path(__file__).parent / "hostile" / "forges_verdict.cpp").read_text()
    r = evaluate(
        get_problem("30_scan_prefix_sum"),
        forger,
        "omp",
        EvalConfig(size=20000, screen=False, use_cache=False, validate_only=True, timeout_min_s=60.0),
    )  # its scan of its memory, under the detector
    assert r.status == "rejected", r.evidence
    assert r.evidence["race_check"] == "rejected"
    assert "an attempt to forge the race check" in r.evidence["why"]


def test_missing_tools_leave_the_verdict_alone(monkeypatch):
    monkeypatch.setattr(races, "find_tools", lambda: "clang++ not found: install clang and libomp-dev")
    r = _eval("27_reduce_average", _average("s += x[i];"), use_cache=False, seed=EvalConfig.seed + 1)
    assert r.evidence["race_check"] == "unavailable: clang++ not found: install clang and libomp-dev"
    assert r.status in ("correct", "incorrect")  # decided by the outputs alone again
    if r.status == "incorrect":
        assert "race" not in r.evidence


@pytest.mark.parametrize(
    "test",
    [
        "#ifdef __clang__",
        "#if defined(__SANITIZE_THREAD__)",
        "#if defined(__has_feature)",
        "#if __GNUC__ >= 5",
        "#if _OPENMP > 201511",
    ],
)
def test_a_source_that_tests_the_compiler_is_rejected(test):
    text = f"{test}\n#define SERIAL 1\n#endif\n" + RELU
    r = _eval("55_transform_relu", text)
    assert r.status == "rejected", r.evidence
    assert "tests which compiler builds it" in r.evidence["why"]


def test_plain_openmp_and_gnu_guards_are_not_compiler_tests():
    assert races.compiler_test("#ifdef _OPENMP\n#include <omp.h>\n#endif\n#ifdef __GNUC__\n#endif\n") == ""


def test_trim_report_keeps_the_candidate_frames():
    report = """noise before
==================
WARNING: ThreadSanitizer: data race (pid=7)
  Write of size 8 at 0x7b04 by thread T1:
    #0 std::_Bit_reference::operator=(bool) /usr/include/c++/12/bits/stl_bvector.h:103:8 (lib.so+0x1401) (BuildId: 787f)
    #1 .omp_outlined. /tmp/x/build-1/candidate.cpp:6:49 (lib.so+0x1401)
    #2 __kmp_invoke_microtask <null> (libomp.so.5+0xd55a2) (BuildId: e9e0)
    #3 mapPowersOfTwo(std::vector<int> const&, std::vector<bool>&) /tmp/x/build-1/candidate.cpp:5:1 (lib.so+0x1203)
  Previous write of size 8 at 0x7b04 by main thread:
    #0 std::_Bit_reference::operator=(bool) /usr/include/c++/12/bits/stl_bvector.h (lib.so+0x1366)
    #1 .omp_outlined. /tmp/x/build-1/candidate.cpp:6:49 (lib.so+0x1366)

  Location is heap block of size 128 at 0x7b20 allocated by main thread:
    #0 operator new(unsigned long) <null> (race_runner+0xd33c6)
  Thread T1 (tid=9, running) created by main thread at:
    #0 pthread_create <null> (race_runner+0x5341d)
SUMMARY: ThreadSanitizer: data race /usr/include/c++/12/bits/stl_bvector.h:103:8 in operator=
==================
"""
    kind, text = races.trim_report(report)
    assert kind == "data race"
    assert text.splitlines() == [
        "ThreadSanitizer: data race",
        "  Write of size 8 at 0x7b04 by thread T1:",
        "    #0 std::_Bit_reference::operator=(bool) stl_bvector.h:103:8",
        "    #1 .omp_outlined. candidate.cpp:6:49",
        "    #3 mapPowersOfTwo(std::vector<int> const&, std::vector<bool>&) candidate.cpp:5:1",
        "  Previous write of size 8 at 0x7b04 by main thread:",
        "    #0 std::_Bit_reference::operator=(bool) stl_bvector.h",
        "    #1 .omp_outlined. candidate.cpp:6:49",
    ]
    assert races.trim_report("no warning here\n") == ("", "")


def test_race_cases_stay_within_the_timed_size():
    p = get_problem("59_transform_map_function")
    cases = races.race_cases(p, 1000, 5, "1" * 32)
    assert [c[0] for c in cases] == [1000, 1000, 5] and len({c[1] for c in cases}) == 3
    assert races.race_cases(p, 0, 5, "1" * 32)[0][0] == 0
    # the seeds are keyed: another evaluation's key, other inputs
    assert not {c[1] for c in cases} & {c[1] for c in races.race_cases(p, 1000, 5, "2" * 32)}


# A racy shared sum that goes parallel only above every validation size of
# 27_reduce_average (the largest is 100003): the validation cases see serial code.
THRESHOLD_RACE = _average("s += x[i];").replace("#pragma omp parallel for", "#pragma omp parallel for if (n > 500000)")


def test_a_race_above_the_validation_sizes_is_found_by_the_probe():
    r = _eval("27_reduce_average", THRESHOLD_RACE, size=1_000_000)
    _assert_race(r)
    assert r.evidence["size"] == 1_000_000 and r.evidence["race_check_probe"] == "race"
    assert "at the timed size" in r.evidence["why"]


def test_the_probe_leaves_race_free_code_alone():
    """The same sum made a reduction: the probe finishes clean. Below the threshold
    (the timed size a validation size) there is no probe, and the racy code, serial
    there, passes: the probe is what sees it."""
    fixed = THRESHOLD_RACE.replace("if (n > 500000)", "reduction(+ : s) if (n > 500000)")
    r = _eval("27_reduce_average", fixed, size=1_000_000)
    assert r.status == "correct" and r.evidence["race_check"] == "clean", r.evidence
    assert r.evidence["race_check_probe"].startswith("finished")
    r = _eval("27_reduce_average", THRESHOLD_RACE, size=100003)
    assert r.evidence["race_check"] == "clean", r.evidence
    assert r.evidence["race_check_probe"] == "none: the timed size 100003 is a validation size"


def test_a_batch_runs_the_baselines_part_once_and_each_candidate_alone(monkeypatch):
    """Three candidates of one problem in one batch: the baseline's run under the
    detector (its validation cases and the probe's ladder) happens once, and each
    candidate's check runs in a process that loads the driver and that candidate only,
    with the probe the baseline's ladder set: a racy one is still caught, the others
    clean. The candidates' checks go side by side, but no two runs under the detector
    overlap in time (races.PlannedCheck.run: a run's deadlines come from the baseline's, alone)."""
    monkeypatch.setattr(races, "_BASELINE_RUNS", {})  # none from an earlier test
    argvs, spans = [], []
    sandbox_run = races.sandbox.run

    def seen(argv, *a, **kw):
        if not argv[0].endswith("race_runner"):
            return sandbox_run(argv, *a, **kw)
        argvs.append(list(argv))
        t0 = time.monotonic()
        try:
            return sandbox_run(argv, *a, **kw)
        finally:
            spans.append((t0, time.monotonic()))

    monkeypatch.setattr(races.sandbox, "run", seen)
    fixed = THRESHOLD_RACE.replace("if (n > 500000)", "reduction(+ : s) if (n > 500000)")
    texts = [f"// sample {i}\n{fixed}" for i in range(2)] + [THRESHOLD_RACE]
    rs = evaluate_batch(
        get_problem("27_reduce_average"),
        texts,
        "omp",
        EvalConfig(size=1_000_000, validate_only=True, use_cache=False),
    )
    baseline = [a for a in argvs if a[3] == "-"]
    candidates = [a for a in argvs if a[2] == "-"]
    assert len(baseline) == 1 and len(candidates) == 3 and len(argvs) == 4, argvs
    spans.sort()
    assert all(a[1] <= b[0] for a, b in zip(spans, spans[1:])), spans
    assert all(baseline[0][2] not in a for a in candidates)  # the baseline's object
    assert [r.evidence["race_check"] for r in rs[:2]] == ["clean", "clean"], [r.evidence for r in rs]
    assert all(r.evidence["race_check_probe"].startswith("finished") for r in rs[:2])
    _assert_race(rs[2])


def test_a_later_evaluation_reuses_the_baselines_whole_run(monkeypatch):
    """The baseline's run under the detector, clean with its whole ladder, serves the
    next evaluation with the same setting (other seeds): only the candidate runs then,
    until the kept run expires. A run whose ladder stopped short is kept for its own
    evaluation only."""
    monkeypatch.setattr(races, "_BASELINE_RUNS", {})
    argvs = []
    sandbox_run = races.sandbox.run

    def seen(argv, *a, **kw):
        if argv[0].endswith("race_runner"):
            argvs.append(list(argv))
        return sandbox_run(argv, *a, **kw)

    monkeypatch.setattr(races.sandbox, "run", seen)
    fixed = THRESHOLD_RACE.replace("if (n > 500000)", "reduction(+ : s) if (n > 500000)")
    cfg = EvalConfig(size=1_000_000, validate_only=True, use_cache=False)
    p = get_problem("27_reduce_average")
    first = evaluate(p, fixed, "omp", cfg)
    second = evaluate(p, THRESHOLD_RACE, "omp", cfg)
    assert first.evidence["race_check"] == "clean", first.evidence
    _assert_race(second)
    assert first.evidence["input_key"] != second.evidence["input_key"]
    assert [a[2] == "-" for a in argvs] == [False, True, True], argvs  # baseline, candidate, candidate
    ((_, whole),) = races._BASELINE_RUNS.values()
    assert whole.reached == 1_000_000 and not whole.why, whole
    monkeypatch.setattr(races, "_BASELINE_TTL_S", 0.0)  # kept runs expire: measured again
    evaluate(p, fixed, "omp", cfg)
    assert [a[2] == "-" for a in argvs[3:]] == [False, True], argvs

    real, runs = races._baseline_run, []

    def cut_short(*a, **kw):  # as if the ladder's budget ran out on a loaded machine
        runs.append(replace(real(*a, **kw), reached=0))
        return runs[-1]

    monkeypatch.setattr(races, "_BASELINE_RUNS", {})
    monkeypatch.setattr(races, "_baseline_run", cut_short)
    evaluate(p, fixed, "omp", cfg)
    evaluate(p, fixed, "omp", cfg)
    assert len(runs) == 2


def test_a_probe_that_would_not_fit_takes_the_largest_size_that_does():
    """27_reduce_average at its default size (48 M doubles, 366 MiB of inputs) ran the
    detector out of 2 GiB after 8-10 s; the work model says so beforehand, and the
    probe takes the largest size whose 12 x 8 bytes per element fit."""
    p = get_problem("27_reduce_average")

    def plan(size, memory):
        return races.probe_plan(p, size, races.race_cases(p, size, 1, "0" * 32), memory, "0" * 32, 1)

    full = plan(48_000_000, 2 << 30)
    assert full.top == (2 << 30) // (races.PROBE_MEMORY_FACTOR * 8), full
    assert full.why == "the timed size's data (366 MiB) would not fit the detector's 2048 MiB"
    assert plan(6_000_000, 2 << 30).top == 6_000_000 and plan(6_000_000, 2 << 30).why == ""
    assert plan(100003, 2 << 30).top == 0
    tiny = 12 * 8 * 100003  # not even one size above the validation sizes fits
    assert plan(48_000_000, tiny).why.startswith("none: ")


def test_a_race_above_what_fits_is_found_at_the_largest_size_that_fits(monkeypatch):
    """With the detector's memory made small, the probe of a 1 M-element evaluation runs
    at a smaller size above the validation sizes, and finds the threshold race there."""
    memory = races.probe_memory(races.topology.worker_limits(2)[1], 2)
    monkeypatch.setattr(races, "PROBE_MEMORY_FACTOR", memory // (8 * 700_000))
    r = _eval("27_reduce_average", THRESHOLD_RACE, size=1_000_000, use_cache=False)
    _assert_race(r)
    assert 500_000 < r.evidence["size"] < 1_000_000
    assert r.evidence["race_check_probe"].startswith("race (the timed size's data ")
    assert f"at size {r.evidence['size']}, above the validation sizes" in r.evidence["why"]


def test_a_probe_that_runs_long_is_partial_not_clean(monkeypatch):
    """A slow race-free call at the timed size: stopped at its deadline (here 2 s), the
    check is `partial` (it was clean until 2026-12-06), the verdict validation's."""
    monkeypatch.setattr(races, "MIN_CALL_S", 0.5)
    # a wall-clock wait: a counted spin ends within 0.3 s on a core that renames memory
    slow = RELU.replace("#include <vector>", "#include <vector>\n#include <chrono>").replace(
        "#pragma omp",
        "  const auto t0 = std::chrono::steady_clock::now();\n"
        "  while (n > 200000 && std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5)) {}\n"
        "#pragma omp",
    )
    r = _eval("55_transform_relu", slow, size=300_000, use_cache=False)
    assert r.status == "timeout", r.evidence  # validation's (its deadline is 2 s too)
    assert r.evidence["race_check"] == (
        "partial: reached size 100003 of the timed 300000: the candidate's call at "
        "size 300000 did not finish under the detector within its deadline (the "
        "timeout factor x the baseline's time there)"
    ), r.evidence


# 1.2 GiB written with instrumented 8-byte stores: 2.4 GiB more of the detector's shadow memory (2 x)
PAD = (
    "[] { auto* v = new std::vector<unsigned long>(size_t(150) << 20); "
    "for (size_t i = 0; i < v->size(); ++i) (*v)[i] = i; return v; }()"
)


def test_a_candidate_the_detector_cannot_run_is_not_judged_on_its_outputs_alone():
    """1.2 GiB allocated and written once: the timed build runs it in 3 GiB, the detector,
    whose shadow memory is 2 x what it watches, does not, and the race in the loop went
    unseen (`correct`, race check `unavailable`, until 2026-12-04, when the detector had
    2 GiB and the timed build 8)."""
    text = VECTOR_BOOL.replace(
        "    #pragma omp parallel for\n",
        f"    static auto* pad = {PAD};\n    (void)pad;\n    #pragma omp parallel for\n",
    )
    r = _eval("59_transform_map_function", text, use_cache=False, memory_bytes=3 << 30)
    # killed at the detector's memory limit, or (filling it slowly, under load) at its deadline;
    # or, on two cores, the race shows in the outputs of the validation that follows
    # (`incorrect`: since 2026-12-06 the timed sides' threads really run on two cores)
    assert r.status in ("runtime_error", "timeout", "incorrect"), r.evidence
    check = r.evidence["race_check"]
    assert check.startswith(
        (
            "runtime_error: the candidate ended with exit code 137 (out of the detector's "
            "3072 MiB) under the race detector",
            "timeout: the candidate did not finish under the race detector",
        )
    ), check
    assert check.endswith(races.UNCHECKED)
    if r.status != "incorrect":
        assert check == f"{r.status}: " + r.evidence["why"]
    # a wrong one is told what validation found
    r = _eval(
        "59_transform_map_function",
        text.replace("isPowerOfTwo(x[i])", "!isPowerOfTwo(x[i])"),
        use_cache=False,
        memory_bytes=3 << 30,
    )
    assert r.status == "incorrect" and r.evidence["race_check"].startswith(("runtime_error: ", "timeout: ")), r.evidence


def test_a_probe_that_runs_out_of_the_detectors_memory_is_the_candidates_failure():
    """A threshold race behind a 1.2 GiB allocation written only above the validation
    sizes: the timed build has the memory (3 GiB here), the detector does not (`correct`,
    probe "unavailable: ... (out of memory)", until 2026-12-04). Deadlines long enough for
    filling the memory under the detector and in the timed build."""
    text = VECTOR_BOOL.replace(
        "    #pragma omp parallel for\n",
        f"    if (x.size() > 200000) {{ static auto* volatile pad = {PAD}; (void)pad; }}\n"
        "    #pragma omp parallel for if (x.size() > 200000)\n",
    )
    r = _eval(
        "59_transform_map_function", text, size=300_000, use_cache=False, timeout_min_s=60.0, memory_bytes=3 << 30
    )
    assert r.status == "runtime_error", r.evidence
    assert r.evidence["race_check_probe"] == "out of memory", r.evidence
    assert r.evidence["why"].startswith(
        "the candidate ran out of the race detector's 3072 MiB at size 300000, above the validation sizes"
    ), r.evidence["why"]


def test_detector_runs_without_an_address_space_cap():
    """ThreadSanitizer reserves terabytes of shadow address space: the runner's limits
    leave RLIMIT_AS alone (address_space=False); every other sandboxed process keeps it."""
    probe = [sys.executable, "-c", "import resource; print(resource.getrlimit(resource.RLIMIT_AS)[0])"]
    capped = sandbox.run(probe, sandboxed=False, limits=sandbox.Limits(memory_bytes=4 << 30))
    free = sandbox.run(probe, sandboxed=False, limits=sandbox.Limits(memory_bytes=4 << 30, address_space=False))
    assert int(capped.stdout_tail) >= 4 << 30 and int(capped.stdout_tail) != resource.RLIM_INFINITY
    assert int(free.stdout_tail) == resource.RLIM_INFINITY


# ---------------------------------------------------------------- the suites are clean
# One problem per ParEval category and a spread of PolyBench kernels in the default run;
# `pytest -m slow` checks every problem.
SUBSET = {
    ("pareval", pid)
    for pid in (
        "02_dense_la_gemm",
        "06_fft_dft",
        "13_geometry_closest_pair_2d",
        "16_graph_largest_component",
        "23_histogram_first_letter_counts",
        "26_reduce_product_of_inverses",
        "30_scan_prefix_sum",
        "37_search_find_the_closest_number_to_pi",
        "41_sort_k-th_smallest_element",
        "47_sparse_la_spmv",
        "54_stencil_game_of_life",
        "59_transform_map_function",
    )
} | {("polybench", pid) for pid in ("gemver", "lu", "seidel_2d", "floyd_warshall")}
ALL = [(s, pid) for s in ("pareval", "polybench") for pid in sorted(load_suite(s))]


@pytest.mark.parametrize(
    "suite,pid",
    [pytest.param(s, pid, id=f"{s}/{pid}", marks=() if (s, pid) in SUBSET else pytest.mark.slow) for s, pid in ALL],
)
def test_baseline_and_reference_are_race_free(suite, pid):
    """So that a report always means the candidate: each problem's baseline and expert
    omp reference, run in the candidate's place, pass the detector clean."""
    p = get_problem(pid, suite)
    for name, text in (("baseline", p.source("baseline.cpp")), ("reference", p.reference("omp"))):
        rc = races.check(
            p,
            text,
            p.default_size("omp", quick=True),
            [0, 1],
            EvalConfig.seed,
            toolchain.find_compiler("native"),
            True,
            10.0,
            2.0,
        )
        assert rc.status == "clean", (name, rc.status, rc.why, rc.report)


# The variants tests/test_problems.py treats as racy (by name or header) whose error is
# not a data race: wrong, but every thread touches only its own data, so the detector has
# nothing to report (the outputs catch them).
NOT_DATA_RACES = {
    "08_fft_split_fft/wrong_parallel_bitreverse": "each thread starts its private j wrong",
    "12_geometry_smallest_triangle/wrong_missing_reduction": "firstprivate/lastprivate minimum",
    "13_geometry_closest_pair_2d/wrong_missing_reduction": "firstprivate/lastprivate minimum",
    "14_geometry_closest_pair_1d/wrong_missing_reduction": "firstprivate/lastprivate minimum",
    "17_graph_highest_degree/wrong_missing_reduction": "firstprivate/lastprivate maximum",
    "28_reduce_smallest_odd_number/wrong_race": "firstprivate/lastprivate minimum",
    "32_scan_sum_of_prefix_sum_array/wrong_race": "each block's sum misses its offset",
    "34_scan_largest_contiguous_subarray_sum/wrong_race": "lastprivate best",
}
RACY = re.compile(r"race|shared|missing_reduction")  # as tests/test_problems.py


def _race_variants():
    """The suites' racy wrong variants (tests/test_problems.py's rule) that are data
    races: (suite, problem, path); those of the SUBSET problems in the default run."""
    for s, pid in ALL:
        for f in sorted((VARIANTS / pid).glob("wrong_*.cpp")):
            racy = RACY.search(f.stem) or "data race" in f.read_text().split("\n", 1)[0]
            if racy and f"{pid}/{f.stem}" not in NOT_DATA_RACES:
                yield pytest.param(
                    s, pid, f, id=f"{pid}/{f.stem}", marks=() if (s, pid) in SUBSET else pytest.mark.slow
                )


def test_the_exceptions_exist():
    for name in NOT_DATA_RACES:
        assert (VARIANTS / f"{name}.cpp").exists(), name


@pytest.mark.parametrize("suite,pid,path", list(_race_variants()))
def test_race_variants_are_caught_by_the_detector(suite, pid, path):
    """Output comparison caught these only when the threads happened to collide (the
    tests retried them on six seeds); the detector reports each on its first run."""
    r = _eval(pid, path.read_text(), suite=suite, use_cache=False)
    _assert_race(r)


def test_checks_that_start_together_build_one_precompiled_prelude_clang_accepts(tmp_path, monkeypatch):
    """A batch's race checks are planned side by side: on a fresh cache their first
    _prelude calls meet. Here the first builder is slow and a second check comes more than
    a second later: the header the .pch records must not be written again meanwhile (clang
    refuses a .pch whose header's mtime changed; the slow builder's .pch, published last,
    then left every check of that cache "unavailable")."""
    monkeypatch.setenv("HARNESS_CACHE", str(tmp_path))
    tools = races.find_tools()
    march = toolchain.find_compiler(EvalConfig().march).march
    real = subprocess.run
    builds = []

    def slow_first(*a, **kw):
        builds.append(a)
        if len(builds) == 1:
            time.sleep(2.5)
        return real(*a, **kw)

    monkeypatch.setattr(races.subprocess, "run", slow_first)
    with ThreadPoolExecutor(2) as pool:
        first = pool.submit(races._prelude, tools, march)
        time.sleep(1.2)
        second = pool.submit(races._prelude, tools, march)
        outs = [first.result(), second.result()]
    folder, pch, _ = outs[0]
    assert pch and outs[1][:2] == (folder, pch) and len(builds) == 1, (outs, len(builds))
    r = real(
        [tools.clang, *tools.base_flags(march), "-include-pch", pch, "-fsyntax-only", "-x", "c++", "-"],
        input="int main() { return 0; }\n",
        cwd=folder,
        capture_output=True,
        text=True,
    )
    assert r.returncode == 0, r.stderr
