"""pareval/36_search_check_if_array_contains_value: is target an element of x?

Checked: the bool, from numpy (x == target).any(). Seed 10 plants the target, seeds 1
and 3 do not (seed 3's target is INT_MAX, one of the driver's special values).
"""

import numpy as np

SEEDS = (1, 3, 10)
# A bool: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.int64)
    target = int(inp["target"][0])
    return {"result": np.array([bool(np.any(x == target))])}
