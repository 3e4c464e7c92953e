"""polybench/nussinov: the Nussinov recurrence evaluated one anti-diagonal d = j - i at a
time, all cells of a diagonal and all their split points k at once with numpy; the
table starts zero-filled, as the driver passes it."""

import numpy as np

RTOL = 0.0
ATOL = 0.0


def expected(inp):
    n = int(inp["n"][0])
    seq = inp["seq"].astype(np.int64)
    t = np.zeros((n, n), dtype=np.int64)
    for d in range(1, n):
        i = np.arange(n - d)
        j = i + d
        pair = ((seq[i] + seq[j]) == 3).astype(np.int64) if d > 1 else 0
        best = np.maximum.reduce([t[i, j], t[i, j - 1], t[i + 1, j], t[i + 1, j - 1] + pair])
        if d > 1:
            k = i[:, None] + 1 + np.arange(d - 1)[None, :]  # i < k < j
            best = np.maximum(best, (t[i[:, None], k] + t[k + 1, j[:, None]]).max(axis=1))
        t[i, j] = best
    return {"table": t}
