"""Measurement: problem suites and their work model (the [work] table), extraction of the
candidate from a reply, the toolchain and build cache, the screen, the sandbox and its
worker (the judge's process), evaluation and the verdict cache, the race check,
statistics, CPU topology, executors, the selftest.

Imports only harness.core (and the compiled harness._bench).
"""
