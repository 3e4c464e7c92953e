"""pareval/52_stencil_1d_jacobi_3-point_stencil: output[i] = (x[i-1] + x[i] + x[i+1]) / 3,
values past either end counting as 0.

Checked: every element, from numpy.convolve(x, [1, 1, 1], mode="same") / 3 computed in
80-bit long double and rounded to double.
"""

import numpy as np

# The problem's tolerance (problem.toml): the baseline's double sum and division differ
# from the long-double result in the last bit (~1e-16); a cancelling sum needs the atol.
RTOL = 1e-12
ATOL = 1e-14


def expected(inp):
    x = inp["input"].astype(np.longdouble)
    s = np.convolve(x, np.ones(3, dtype=np.longdouble), mode="same")
    return {"output": (s / 3).astype(np.float64)}
