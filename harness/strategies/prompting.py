"""Prompt templates (our own text, in ``harness/strategies/prompts/*.txt``) and their filling.

Templates use :class:`string.Template` syntax (``$name``), so C++ braces need no
escaping.  Two prompts serve LessonL (Liu et al., arXiv 2505.23946, §3 and appendix C):

* the optimization prompt (``optimize.txt``): task, signature, the real compiler,
  flags, mode and thread count, the baseline code, and in rounds >= 1 the selected
  lessons each labelled with its outcome (``lessons_section.txt``); it closes with
  :func:`answer_request` (one fenced block; in omp mode also "parallelise it with
  OpenMP", the sentence the upstream base prompt adds in OpenMP mode). It is the base
  prompt of every strategy: a strategy adds its own section before the original code
  (``before_source``: the CoT cue, Reflexion's memory, MapCoder's plan or debug request);
* the lesson prompt (``review.txt`` + ``lesson.txt``): the original code, the attempt,
  and the evidence taken from the attempt's EvalResult object (status, speedup with CI,
  trimmed compiler diagnostics, mismatch, rejection reason, runtime error, profiler
  signals); Reflexion's reflection prompt is the same review with ``reflection.txt``'s
  request.

Prompts never cut the original code or an attempt; only the evidence's long parts are
trimmed (:data:`MAX_DIAGNOSTICS_CHARS`, :data:`MAX_STDERR_CHARS`).
"""

from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping, Sequence

from ..measure.evaluate import NOT_COMPILED
from .lessons import outcome_predicate

HERE = Path(__file__).resolve().parent / "prompts"  # the templates (data, not a package)
MAX_DIAGNOSTICS_CHARS = 3000  # compiler output shown in a lesson prompt
MAX_STDERR_CHARS = 1200
MAX_LESSON_CHARS = 1200  # a lesson's text in an optimization prompt (short prompts: small local models)
# evidence keys that carry profiler signals, when the evaluator provides them
PROFILER_KEYS = ("opt_remarks", "thread_scaling", "counters")
# what prompts show of an evaluated attempt (format_evidence's level), the same for every
# strategy: "full" (the default) or "upstream", what the authors' prompts carried
EVIDENCE_LEVELS = ("full", "upstream")


@lru_cache(maxsize=None)
def load(name: str) -> str:
    """The text of template ``name`` (without ``.txt``). Raises FileNotFoundError."""
    return (HERE / f"{name}.txt").read_text(encoding="utf-8")


def render(name: str, **fields: Any) -> str:
    """Template ``name`` with ``fields`` substituted. Raises KeyError naming a field the
    template needs and ``fields`` lacks."""
    try:
        return string.Template(load(name)).substitute(**{k: str(v) for k, v in fields.items()})
    except KeyError as e:
        raise KeyError(f"prompt template {name!r} needs field {e.args[0]!r}") from None


def mode_text(mode: str, threads: int) -> str:
    """How the mode runs, in words: serial = one CPU without OpenMP; omp = OpenMP on
    ``threads`` CPUs while the original runs as written."""
    if mode == "serial":
        return "serial: one CPU, compiled without -fopenmp (OpenMP pragmas are ignored, do not start threads)"
    return (
        f"OpenMP: your code runs with OMP_NUM_THREADS={threads} on {threads} CPU"
        f"{'s' if threads != 1 else ''} (OMP_PLACES=cores, OMP_PROC_BIND=close); the "
        "original runs as written on the same CPUs"
    )


def system_message() -> dict:
    """The system message shared by all prompts."""
    return {"role": "system", "content": load("system").strip()}


def messages(user_text: str) -> list[dict]:
    """OpenAI-style chat messages: the system message and one user message."""
    return [system_message(), {"role": "user", "content": user_text}]


def _fmt_speedup(speedup, ci_low, ci_high, level=0.95) -> str:
    if speedup is None:
        return "not timed"
    s = f"{speedup:.2f}x"
    if ci_low is not None and ci_high is not None:
        s += f" ({round(level * 100)} % CI {ci_low:.2f}x-{ci_high:.2f}x)"
    return s


def format_lessons(lessons: Sequence) -> str:
    """Numbered lessons, each with its outcome label, speedup and CI (Lesson objects); a
    lesson from a memory store also says where it comes from ("from another problem
    (<id>)")."""
    out = []
    for i, l in enumerate(lessons, 1):
        head = f"[{i}] " + (f"from {l.origin}, " if l.origin else "") + f"outcome: {l.outcome}"
        if l.status == "correct":
            head += f", speedup {_fmt_speedup(l.speedup, l.ci_low, l.ci_high)}"
        text = l.text.strip()
        if len(text) > MAX_LESSON_CHARS:
            text = text[:MAX_LESSON_CHARS].rsplit(" ", 1)[0] + " [...]"
        out.append(f"{head}\n{text}")
    return "\n\n".join(out)


def answer_request(problem, mode: str) -> str:
    """The closing request of every prompt that asks for code: one fenced C++ block that
    defines the target function; in omp mode also the request to parallelise it with
    OpenMP."""
    text = render("answer", function=problem.function).strip()
    return text + " " + load("answer_omp").strip() if mode == "omp" else text


def optimization_prompt(
    problem,
    mode: str,
    build: Mapping[str, Any],
    size: int,
    lessons: Sequence = (),
    before_source: str = "",
    answer: bool = True,
) -> str:
    """The optimization prompt (user message) for ``problem`` (a suite.Problem), built from
    named sections: the task, how code is built and measured, a strategy's own section,
    the original code, the lessons, and (``answer``) the request for code.

    build: {"compiler_version", "flags", "threads"} of the evaluator; size: the timed
    problem size S; lessons: the selected Lesson objects (empty in round 0);
    before_source: a strategy's own section, placed right before the original code
    (empty: the prompt of ``single`` and LessonL); answer: end with "## Your answer" and
    :func:`answer_request`; False leaves the request out, for a caller that adds its own
    (Cogito's roles: a Planner must not be asked for code, a Coder not twice).
    """
    helpers = ""
    if problem.helpers:
        helpers = (
            "\nThese definitions are available (you may redefine them):\n```cpp\n"
            + "\n\n".join(h.code for h in problem.helpers)
            + "\n```\n"
        )
    lessons_text = render("lessons_section", ci_level_pct=95, lessons=format_lessons(lessons)) if lessons else ""
    return render(
        "optimize",
        description=problem.description,
        signature=problem.signature,
        helpers_text=helpers,
        compiler_version=build["compiler_version"],
        flags=build["flags"],
        mode_text=mode_text(mode, build["threads"]),
        rtol=problem.rtol,
        atol=problem.atol,
        size_meaning=problem.size_meaning or "size",
        size=size,
        baseline=problem.source("baseline.cpp").strip(),
        lessons_text=lessons_text,
        before_source=f"\n{before_source.strip()}\n" if before_source.strip() else "",
        answer_section=(
            "\n## Your answer\n" + answer_request(problem, mode) + " Briefly say what you changed before the block.\n"
        )
        if answer
        else "",
    )


def _tail(text: str, n: int) -> str:
    text = (text or "").strip()
    return text if len(text) <= n else "[...]\n" + text[-n:]


# what the harness did with an attempt of each status, in words that are true of it
_FATES = {
    "compile_error": "did not compile",
    "link_error": "compiled but did not link (a function missing, or defined with other types)",
    "runtime_error": "compiled, then failed while running on random inputs",
    "timeout": "compiled, then ran past its time limit on random inputs",
    "incorrect": "compiled and ran, but its results differ from the original's on random inputs",
    "rejected": "compiled and ran, and was rejected by the harness's checks",
    "correct": "compiled, matched the original's results on random inputs and was timed",
}


def attempt_fate(status: str) -> str:
    """What the harness did with an attempt of ``status`` (an EvalResult status), as a
    predicate: "did not compile", ..., "compiled, matched ... and was timed"."""
    return _FATES.get(status, "could not be evaluated (a failure of the harness, not of the code)")


_LENGTH = re.compile(r"^(.*?): has \d+ elements, expected \d+$", re.S)


def mismatch_kind(why: str) -> str:
    """The kind of a mismatch without its test case (LessonL §3.1: prompts about incorrect
    attempts carry no test inputs or values, so that lessons stay general): "wrong length
    of <output>", "wrong values in <output>", else "results differ from the original's".
    ``why``: the judge's text (a driver's comparison: "<name>[i] (of n): expected x, got
    y", "<name>: has n elements, expected m", or its own words)."""
    why = (why or "").strip()
    if "(of " in why and ", got " in why:
        name = why.split("(of ")[0].split(": ")[-1].split("[")[0].strip()
        return f"wrong values in {name}" if name else "wrong values"
    m = _LENGTH.match(why)
    if m:
        return f"wrong length of {m.group(1).split(': ')[-1].strip()}"
    if "expected shape" in why:
        return "outputs of the wrong shape"
    return "results differ from the original's"


def format_evidence(result, show_mismatch: bool = True, level: str = "full") -> str:
    """The evidence of an EvalResult as a markdown list (read from the object's fields,
    never parsed from printed text): status, speedup with CI and medians, compiler
    diagnostics (trimmed), mismatch (size, seed, phase, first mismatching index with
    expected vs got; with ``show_mismatch`` False only its kind, :func:`mismatch_kind`),
    data race (the detector's trimmed report), rejection reason, runtime error and stderr
    tail, timeout, flags and profiler signals. ``level`` "upstream" (EVIDENCE_LEVELS)
    shows what the strategies' authors' prompts carried (the maintainers' notes): the
    status, the speedup without its interval, the evaluator's own text (mismatch,
    rejection, runtime error and stderr tail); no compiler diagnostics (upstream's log
    cut never let one through), race report, flags or profiler signals."""
    ev = dict(result.evidence or {})
    lines = [f"- status: {result.status}"]
    mismatch = (
        f"- mismatch: {ev.get('why', 'output differs from the original')}"
        if show_mismatch
        else f"- mismatch: {mismatch_kind(ev.get('why', ''))}"
    )
    stderr = (
        [f"- stderr (tail):\n```\n{_tail(ev['stderr_tail'], MAX_STDERR_CHARS)}\n```"] if ev.get("stderr_tail") else []
    )
    if level == "upstream":
        if result.status == "correct" and result.speedup is not None:
            lines.append(f"- measured speedup: {result.speedup:.2f}x")
        elif result.status == "incorrect":
            lines.append(mismatch)
        elif result.status in ("rejected", "runtime_error", "timeout"):
            lines += [f"- what happened: {ev.get('why', '?')}"] + stderr
        return "\n".join(lines)
    if result.status == "correct":
        lines.append(
            f"- measured speedup: {_fmt_speedup(result.speedup, result.ci_low, result.ci_high, result.ci_level)}"
            f" over {result.pairs} interleaved pairs, {result.threads} thread(s), size {result.size}"
        )
        if result.baseline_median_ns and result.candidate_median_ns:
            lines.append(
                f"- median time: original {result.baseline_median_ns / 1e6:.3f} ms, "
                f"attempt {result.candidate_median_ns / 1e6:.3f} ms"
            )
    elif result.status in NOT_COMPILED:
        what = "compiler" if result.status == "compile_error" else "compiler/linker"
        lines.append(
            f"- {what} output (line numbers refer to your attempt):\n```\n"
            f"{_tail(ev.get('diagnostics', ''), MAX_DIAGNOSTICS_CHARS)}\n```"
        )
    elif result.status == "incorrect" and ev.get("race"):
        lines.append(
            f"- data race found by ThreadSanitizer (size {ev.get('size')}; the outputs may "
            f"still have matched), first report trimmed:\n```\n{ev['race']}\n```"
        )
    elif result.status == "incorrect":
        lines.append(mismatch)
        if show_mismatch:
            lines.append(
                f"- input: size {ev.get('size')}, seed {ev.get('seed')}"
                + (f", found during {ev['phase']}" if ev.get("phase") else "")
            )
    elif result.status == "rejected":
        lines.append(f"- rejected because: {ev.get('why', '?')}")
    elif result.status in ("runtime_error", "timeout"):
        lines += [f"- what happened: {ev.get('why', '?')}"] + stderr
    if result.flags:
        lines.append(f"- flags: {', '.join(result.flags)}")
    prof = {k: ev[k] for k in PROFILER_KEYS if k in ev and ev[k] not in (None, "", {}, [])}
    if prof:
        lines.append("- profiler signals:")
        for k, v in prof.items():
            if isinstance(v, Mapping):
                for kk, vv in v.items():
                    lines.append(f"  - {k}.{kk}: {_tail(str(vv), 1500)}")
            else:
                lines.append(f"  - {k}: {_tail(str(v), 1500)}")
    return "\n".join(lines)


def review_prompt(
    problem,
    mode: str,
    build: Mapping[str, Any],
    attempt: str,
    result,
    outcome: str,
    request: str,
    show_mismatch: bool = True,
    level: str = "full",
) -> str:
    """A prompt (user message) about one attempt: the original code, the attempt (the
    extracted source the evaluator compiled), what happened to it (:func:`attempt_fate`),
    the evidence from ``result`` (an EvalResult; ``show_mismatch``: see
    :func:`format_evidence`), its outcome label (harness.strategies.lessons.outcome_label;
    the request may use its predicate, ``$outcome_predicate``), then template ``request``
    (what to write about it); ``level``: see :func:`format_evidence`. Raises ValueError
    for an unknown label."""
    fields = dict(
        outcome=outcome,
        outcome_predicate=outcome_predicate(outcome),
        mode_text=mode_text(mode, build["threads"]),
        compiler_version=build["compiler_version"],
        flags=build["flags"],
    )
    return render(
        "review",
        baseline=problem.source("baseline.cpp").strip(),
        attempt=(attempt or "(no code found in the reply)").strip(),
        what_happened=attempt_fate(result.status),
        evidence=format_evidence(result, show_mismatch, level),
        request=render(request, **fields).strip(),
        **fields,
    )


def lesson_prompt(
    problem,
    mode: str,
    build: Mapping[str, Any],
    attempt: str,
    result,
    outcome: str,
    show_mismatch: bool = False,
    level: str = "full",
) -> str:
    """LessonL's lesson prompt: :func:`review_prompt` asking for a lesson for teammates
    (at most 5 sentences, no code). By default an incorrect attempt's evidence names only
    the kind of mismatch, no inputs or values (LessonL §3.1: lessons stay general);
    ``show_mismatch`` puts them back."""
    return review_prompt(problem, mode, build, attempt, result, outcome, "lesson", show_mismatch, level)


def reflection_prompt(
    problem, mode: str, build: Mapping[str, Any], attempt: str, result, outcome: str, level: str = "full"
) -> str:
    """Reflexion's reflection prompt (Shinn et al. 2023): :func:`review_prompt` asking
    for one or two sentences explaining the outcome as a hint for the next attempt, no
    code."""
    return review_prompt(problem, mode, build, attempt, result, outcome, "reflection", level=level)
