"""The ground floor: errors a user can cause, the one atomic file write, canonical JSON and CSV, the cache root.

Imports nothing else of the harness.
"""
