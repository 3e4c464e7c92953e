"""pareval/55_transform_relu: x <- max(x, 0) elementwise, in place.

Checked: all of x, exactly, as numpy.where(x < 0, 0, x) on the pristine input.
"""

import numpy as np

# The value itself or zero: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.float64)
    return {"x": np.where(x < 0, 0.0, x)}
