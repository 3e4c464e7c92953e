"""Every strategy's prompts, as sent in a real run: a request for code appears exactly once
in a prompt whose reply is code, and never in one whose reply must not be code (a plan, a
lesson, a reflection, a verification, an interpretation, a retrieval)."""
import pytest

from harness.strategies import registry
from harness.strategies.prompting import load
from strategy_kit import ScriptedModel, run_strategy

CODE_REQUEST = load("answer").split("```cpp")[0] + "```cpp"  # "Reply with one complete ```cpp"
CODE_PURPOSES = {"candidate", "proposal", "aggregate"}
OPTIONS = {"single": {}, "cot": {}, "reflexion": {"iterations": 1}, "mapcoder": {"plans": 1, "debug_steps": 1},
           "moa": {"layers": 1}, "lessonl": {"rounds": 2, "agents": 2}, "colearning": {"max_loops": 2},
           "cogito": {"refinements": 1}}


def test_every_strategy_with_model_calls_is_covered():
    registry.load_all()
    assert set(OPTIONS) == {n for n, s in registry.REGISTRY.items() if s.team != "none"}


@pytest.mark.parametrize("strategy", sorted(OPTIONS))
def test_code_is_requested_exactly_where_code_is_the_answer(tmp_path, strategy):
    store, _, model = run_strategy(tmp_path, strategy, OPTIONS[strategy], models="openai/mock-a,openai/mock-b")
    purposes = {(e["agent"], e["seed"]): e["purpose"] for e in store.events() if e["kind"] == "llm_call"}
    assert len(purposes) == len(model.calls)
    seen = set()
    for call in model.calls:
        purpose = purposes[(call["agent"], call["seed"])]
        seen.add(purpose)
        n = call["prompt"].count(CODE_REQUEST)
        assert n == (1 if purpose in CODE_PURPOSES else 0), (purpose, n, call["prompt"][-600:])
    assert seen & CODE_PURPOSES
