"""pareval/30_scan_prefix_sum: inclusive prefix sum, output[i] = x[0] + ... + x[i].

Checked: every element of output, against a running sum kept in 80-bit long double
(numpy.cumsum with dtype=longdouble), i.e. a more accurate sum than the baseline's.
"""

import numpy as np

# The baseline sums 2M doubles in [-1, 1) left to right in double precision; its
# rounding error against the long-double sum is far below these bounds (the problem's
# own tolerance, problem.toml), while a dropped or shifted element changes the output
# by up to 1.
RTOL = 1e-8
ATOL = 1e-6


def expected(inp):
    x = inp["x"].astype(np.longdouble)
    return {"output": np.cumsum(x, dtype=np.longdouble).astype(np.float64)}
