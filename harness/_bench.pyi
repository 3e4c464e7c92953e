"""Stub of the compiled judge (cpp/bench.cpp, built as ``harness._bench`` with pybind11):
mypy cannot read an extension module, so every name it exports is typed Any here."""

from typing import Any

def __getattr__(name: str) -> Any: ...
