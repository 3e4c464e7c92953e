"""pareval/50_stencil_xor_kernel: output = 1 where exactly one of the four edge
neighbours is 1 (outside the grid counts as 0), else 0.

Checked: every cell, exactly. The neighbour counts come from
scipy.ndimage.correlate with the cross kernel [[0,1,0],[1,0,1],[0,1,0]] and zero
padding (mode="constant").
"""

import numpy as np
import scipy.ndimage

# 0/1 cells: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    n = int(inp["N"][0])
    g = inp["input"].astype(np.int64).reshape(n, n)
    cross = np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]])
    count = scipy.ndimage.correlate(g, cross, mode="constant", cval=0)
    return {"output": (count == 1).astype(np.int64)}
