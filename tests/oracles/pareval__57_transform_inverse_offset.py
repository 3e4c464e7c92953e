"""pareval/57_transform_inverse_offset: x <- 1 - 1/x elementwise, in place.

Checked: all of x, against (x - 1) / x evaluated in 80-bit long double and rounded to
double (the subtraction is exact there, so this is within half an ulp of the true
value, including the cancelling cases x ~ 1).
"""

import numpy as np

# The problem's tolerance (problem.toml): the baseline's two roundings (1 - 1/x) differ
# from the correctly rounded value by up to ~1 ulp of max(1, |1/x|).
RTOL = 1e-12
ATOL = 1e-14


def expected(inp):
    x = inp["x"].astype(np.longdouble)
    assert np.all(x != 0)
    return {"x": ((x - 1) / x).astype(np.float64)}
