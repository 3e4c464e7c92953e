"""Model calls: teams and litellm calls (cache, retries, cost), the embedded GGUF model, its
server process and the run's handle on it.

Imports only harness.core and harness.measure.
"""
