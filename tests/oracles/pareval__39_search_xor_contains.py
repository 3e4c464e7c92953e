"""pareval/39_search_xor_contains: is val in exactly one of x and y?

Checked: the bool, from numpy membership tests ((x == val).any() != (y == val).any()).
The seeds cover the driver's four cases: seed 1 in neither, 6 in x only, 8 in y only,
4 in both.
"""

import numpy as np

SEEDS = (1, 4, 6, 8)
# A bool: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    val = int(inp["val"][0])
    in_x = bool(np.any(inp["x"].astype(np.int64) == val))
    in_y = bool(np.any(inp["y"].astype(np.int64) == val))
    return {"result": np.array([in_x != in_y])}
