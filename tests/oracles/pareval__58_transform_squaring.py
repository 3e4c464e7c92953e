"""pareval/58_transform_squaring: x <- x * x elementwise, in place.

Checked: all of x, exactly, as int64 squares (asserted to fit in an int, as the problem
promises).
"""

import numpy as np

# Integers: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.int64)
    sq = x * x
    assert sq.max(initial=0) < 2**31
    return {"x": sq}
