"""Benchmark harness for LLM code optimization."""
