"""pareval/59_transform_map_function: mask[i] = isPowerOfTwo(x[i]).

Checked: all of mask (exposed as 0/1 bytes), exactly, as membership of x in the set
{2^k : k = 0..30} of the positive int powers of two (numpy.isin): zero, negative values
(INT_MIN included) and 2^k +- 1 are not powers of two.
"""

import numpy as np

# Booleans: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.int64)
    powers = np.array([2**k for k in range(31)], dtype=np.int64)
    return {"mask": np.isin(x, powers).astype(np.uint8)}
