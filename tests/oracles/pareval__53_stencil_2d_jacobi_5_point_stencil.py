"""pareval/53_stencil_2d_jacobi_5-point_stencil: output = (cell + its four edge
neighbours) / 5, neighbours outside the grid counting as 0.

Checked: every cell, from scipy.ndimage.correlate with the 5-point cross kernel and
zero padding (mode="constant"), divided by 5.
"""

import numpy as np
import scipy.ndimage

# The problem's tolerance (problem.toml): another summation order / multiplying by 0.2
# differs in the last bit; a cancelling sum needs the atol.
RTOL = 1e-12
ATOL = 1e-14


def expected(inp):
    n = int(inp["N"][0])
    g = inp["input"].reshape(n, n)
    cross = np.array([[0.0, 1, 0], [1, 1, 1], [0, 1, 0]])
    return {"output": scipy.ndimage.correlate(g, cross, mode="constant", cval=0.0) / 5}
