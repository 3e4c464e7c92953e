"""polybench/jacobi_2d: 2*tsteps Jacobi half-steps of the 5-point average (centre plus the
four axis neighbours, times 0.2) on the interior, the outer ring fixed; as a
correlation with the 5-point cross (scipy.ndimage), kept on the interior."""

import numpy as np
from scipy import ndimage

CROSS = 0.2 * np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=float)


def expected(inp):
    t, n = int(inp["tsteps"][0]), int(inp["n"][0])
    a = inp["A"].astype(float).reshape(n, n)
    b = inp["B"].astype(float).reshape(n, n)
    for _ in range(t):
        b[1:-1, 1:-1] = ndimage.correlate(a, CROSS, mode="constant")[1:-1, 1:-1]
        a[1:-1, 1:-1] = ndimage.correlate(b, CROSS, mode="constant")[1:-1, 1:-1]
    return {"A": a, "B": b}
