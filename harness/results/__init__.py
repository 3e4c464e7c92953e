"""Results: the per-problem row, the run store (results/<run-id>/), ParEval metrics, the
report of a run and of several, and the comparison of runs.

Imports only harness.core, harness.measure and harness.models.
"""
