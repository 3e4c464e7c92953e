"""Every strategy's prompts, as sent in a real run: a request for code appears exactly once
in a prompt whose reply is code, and never in one whose reply must not be code (a plan, a
lesson, a reflection, a verification, an interpretation, a retrieval)."""

from pathlib import Path

import pytest

from harness.strategies import registry
from harness.strategies.prompting import attempt_fate, load, mismatch_kind
from strategy_kit import BASELINE, PID, ScriptedModel, fence, run_strategy

CODE_REQUEST = load("answer").split("```cpp")[0] + "```cpp"  # "Reply with one complete ```cpp"
CODE_PURPOSES = {"candidate", "proposal", "aggregate"}
OPTIONS = {
    "single": {},
    "cot": {},
    "reflexion": {"iterations": 1},
    "mapcoder": {"plans": 1, "debug_steps": 1},
    "moa": {"layers": 1},
    "lessonl": {"rounds": 2, "agents": 2},
    "colearning": {"max_loops": 2},
    "cogito": {"refinements": 1},
}


def test_every_strategy_with_model_calls_is_covered():
    registry.load_all()
    assert set(OPTIONS) == {n for n, s in registry.REGISTRY.items() if s.team != "none"}


def _purposes(store) -> dict:
    """{(agent, seed): purpose} of a run's model calls (its llm_call events)."""
    return {(e["agent"], e["seed"]): e["purpose"] for e in store.events() if e["kind"] == "llm_call"}


@pytest.mark.parametrize("strategy", sorted(OPTIONS))
def test_code_is_requested_exactly_where_code_is_the_answer(tmp_path, strategy):
    store, _, model = run_strategy(tmp_path, strategy, OPTIONS[strategy], models="openai/mock-a,openai/mock-b")
    purposes = _purposes(store)
    assert len(purposes) == len(model.calls)
    seen = set()
    for call in model.calls:
        purpose = purposes[(call["agent"], call["seed"])]
        seen.add(purpose)
        n = call["prompt"].count(CODE_REQUEST)
        assert n == (1 if purpose in CODE_PURPOSES else 0), (purpose, n, call["prompt"][-600:])
    assert seen & CODE_PURPOSES


def test_code_requests_in_omp_mode_ask_for_openmp(tmp_path):
    """The runs above are in omp mode; here every strategy's code prompts at once, cheaply:
    the base request and each strategy's own (Co-Learning's corrections, Cogito's roles)."""
    omp = load("answer_omp").strip()
    for strategy in ("colearning", "cogito"):
        # replies that never compile: no loop ends early on a (noisy) pass
        store, _, model = run_strategy(
            tmp_path / strategy,
            strategy,
            OPTIONS[strategy],
            model=ScriptedModel(lambda call: fence("not C++ at all;\n")),
            models="openai/mock-a,openai/mock-b",
        )
        purposes = _purposes(store)
        code = [c["prompt"] for c in model.calls if purposes[(c["agent"], c["seed"])] in CODE_PURPOSES]
        assert len(code) >= 2 and all(omp in p for p in code)


WRONG = (Path(__file__).parent / "variants" / PID / "wrong_no_offset.cpp").read_text()


@pytest.mark.parametrize("show", [False, True])
def test_a_lesson_about_an_incorrect_attempt_carries_no_test_case_unless_asked(tmp_path, show):
    """LessonL §3.1: the lesson request for an incorrect attempt names the kind of mismatch,
    never the failing input's size, seed or values; --show-mismatch puts them back."""

    def reply(call):
        return "a lesson" if "## Your lesson" in call["prompt"] else fence(WRONG)

    opts = {"rounds": 2, "agents": 1, **({"show_mismatch": True} if show else {})}
    store, _, model = run_strategy(tmp_path, "lessonl", opts, model=ScriptedModel(reply), models="openai/mock-a")
    [lesson] = [c["prompt"] for c in model.calls if "## Your lesson" in c["prompt"]]
    assert "results differ from the original's on random inputs" in lesson
    # the driver's mismatch text is "<output>[i] (of n): expected x, got y"
    assert (", got " in lesson) == show and ("seed" in lesson) == show
    if not show:
        assert "- mismatch: wrong values in output" in lesson, lesson


def test_mismatch_kinds_and_what_happened_in_words():
    assert mismatch_kind("output[3] (of 10): expected 1.5, got 2") == "wrong values in output"
    assert (
        mismatch_kind("call 2 of 4 in one timed measurement: x[0] (of 1): expected true, got false")
        == "wrong values in x"
    )
    assert mismatch_kind("hull: has 3 elements, expected 4") == "wrong length of hull"
    assert mismatch_kind("hull contains NaN") == "results differ from the original's"
    assert "did not compile" == attempt_fate("compile_error")
    assert "timed" not in attempt_fate("runtime_error") and "timed" in attempt_fate("correct")


def test_every_strategy_that_shows_evidence_collects_the_same_evidence():
    """Issue 21: the strategies that feed evaluations back (their prompts show an
    attempt's evidence) all collect profiler signals, so none sees less than another."""
    import inspect

    registry.load_all()
    shows = {
        n
        for n, s in registry.REGISTRY.items()
        if any(
            f in inspect.getsource(inspect.getmodule(s.cls))
            for f in ("format_evidence(", "lesson_prompt(", "reflection_prompt(")
        )
    }
    assert shows == {"reflexion", "mapcoder", "lessonl", "colearning", "cogito"}
    assert {n for n, s in registry.REGISTRY.items() if s.profile} == shows


@pytest.mark.parametrize("evidence", ["full", "upstream"])
def test_the_evidence_setting_reaches_every_strategy_alike(tmp_path, evidence):
    """--evidence upstream shows what the authors' prompts carried (no compiler diagnostics,
    no profiler signals), recorded in config.json and report.md; full shows both."""
    import json

    def reply(call):
        if "## Your reflection\n" in call["prompt"]:
            return "a reflection"
        return fence("this is not C++ at all;\n") if call["n"] == 0 else fence(BASELINE)

    store, _, model = run_strategy(
        tmp_path, "reflexion", {"iterations": 2}, model=ScriptedModel(reply), evidence=evidence, models="openai/mock-a"
    )
    config = json.loads((store.root / "config.json").read_text())
    assert config["options"]["evidence"] == evidence
    assert f"evidence in prompts: {evidence}" in (store.root / "report.md").read_text()
    reflections = [c["prompt"] for c in model.calls if "## Your reflection\n" in c["prompt"]]
    assert "- status: compile_error" in reflections[0]
    assert ("compiler output" in reflections[0]) == (evidence == "full")
    assert ("profiler signals" in reflections[1]) == (evidence == "full")
    assert "- measured speedup:" in reflections[1]
