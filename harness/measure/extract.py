"""From a model's reply (or a plain source file) to the candidate's code.

Rules, in order (the first step of evaluating a candidate, harness.measure.evaluate):

1. Fenced blocks (```cpp, ```c++, ```cc, ```c, ```cxx, ```C++, or a bare ```): if any block
   defines the target function, the *last* such block is the candidate (models often show
   the original first and their version last); otherwise all C/C++ blocks are joined. A
   fence left open at the end of the reply (cut at max_tokens) runs to the end.
   Without any fence, the whole text is the candidate.
2. ``#pragma once`` lines are removed (the candidate is a .cpp, not a header).
3. A ``main`` function is removed (brace-matched), since the candidate is a library.

``inline``/``static`` target functions need nothing: the glue is in the same
translation unit. Structs and helper functions of the spec are added by the
toolchain only when absent; the prelude supplies the standard headers.
"""

from __future__ import annotations

import re

_FENCE = re.compile(r"^[ \t]*```[ \t]*([A-Za-z0-9+#_-]*)[^\n]*$", re.M)
_CPP_TAGS = {"", "cpp", "c++", "cc", "cxx", "c", "hpp", "h", "cplusplus", "cuda"}


def fenced_blocks(text: str) -> list[tuple[str, str]]:
    """The fenced code blocks of ``text`` as (language tag in lower case, code), in order."""
    blocks = []
    pos = 0
    while True:
        m = _FENCE.search(text, pos)
        if not m:
            break
        tag = m.group(1).lower()
        start = m.end() + 1
        end_m = re.compile(r"^[ \t]*```[ \t]*$", re.M).search(text, start)
        if end_m is None:
            blocks.append((tag, text[start:]))
            break
        blocks.append((tag, text[start : end_m.start()]))
        pos = end_m.end()
    return blocks


def defines_function(code: str, function: str) -> bool:
    """True if ``code`` contains a definition (with a body) of ``function``."""
    return re.search(rf"\b{re.escape(function)}\s*\([^;{{}}]*\)\s*(const\s*)?(noexcept\s*)?\{{", code) is not None


def _strip_main(code: str) -> str:
    m = re.search(r"^[ \t]*(int|auto|void)\s+main\s*\([^)]*\)\s*(->\s*int\s*)?\{", code, re.M)
    if not m:
        return code
    depth = 0
    i = m.end() - 1
    while i < len(code):
        c = code[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return code[: m.start()] + code[i + 1 :]
        i += 1
    return code[: m.start()]  # unbalanced: drop the rest


def extract_candidate(text: str, function: str) -> str:
    """The candidate source from a model reply or a source file (see the module rules)."""
    blocks = [(t, c) for t, c in fenced_blocks(text) if t in _CPP_TAGS]
    if blocks:
        defining = [c for _, c in blocks if defines_function(c, function)]
        code = defining[-1] if defining else "\n".join(c for _, c in blocks)
    else:
        code = text
    code = re.sub(r"^[ \t]*#[ \t]*pragma[ \t]+once[^\n]*$", "", code, flags=re.M)
    return _strip_main(code).strip() + "\n"
