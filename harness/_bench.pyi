"""Stub of the compiled judge (cpp/bindings.cpp and the files it binds: judge.cpp, inprocess.cpp, probes.cpp; built as ``harness._bench`` with pybind11):
mypy cannot read an extension module, so every name it exports is typed Any here."""

from typing import Any

def __getattr__(name: str) -> Any: ...
