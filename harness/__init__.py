"""Benchmark harness for LLM code optimization.

The package is built in layers; a module imports only from its own layer and the layers
below it (tests/test_layers.py checks it, with no import cycle anywhere):

* ``core``: errors a user can cause, the one atomic file write, canonical JSON and CSV,
  the cache root;
* ``measure``: problem suites and their work model, the toolchain and its build cache, the screen, the sandbox
  and the judge's worker (around the compiled ``harness._bench``, ``harness_side`` and ``harness_caller``),
  evaluation and its verdict cache, the race check, statistics, topology, executors,
  the selftest;
* ``models``: model teams and calls, the embedded model and its server process;
* ``results``: the per-problem row, the run store, metrics, reports, the comparison of
  runs, this machine's noise floor;
* ``strategies``: the registry, the interface and run context, prompts, lessons, the
  memory store, one module per strategy;
* ``run``: a run of a strategy on a suite, without its command line;
* ``score``: scoring replies generated elsewhere, as a run (harness/score.py);
* ``cli``: ``python -m harness ...``.
"""

#: the layers, lowest first (the first name below ``harness`` of each module)
LAYERS = ("core", "measure", "models", "results", "strategies", "run", "score", "cli")
