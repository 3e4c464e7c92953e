"""pareval/56_transform_negate_odds: odd values negated, even values halved, in place.

Checked: all of x, exactly, in int64 numpy: odd is the lowest bit set (right for
negative values), an even value halves exactly (floor division is exact on evens).
"""

import numpy as np

# Integers: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.int64)
    odd = (x & 1) == 1
    out = np.where(odd, -x, x // 2)
    assert out.min() >= -(2**31) and out.max() < 2**31
    return {"x": out}
