"""pareval/28_reduce_smallest_odd_number: the minimum of the elements whose lowest bit is
set (two's complement: odd, negative ones included), or INT_MAX when there is none."""

import numpy as np

INT_MAX = 2**31 - 1

# The seed picks the kind (first draw % 100) and a planted unique smallest odd value:
# 1 small values, no plant; 2 wide values, no plant; 3 wide, planted first; 4 wide,
# planted at a random place; 8 small, planted last; 13 only even values (INT_MAX);
# 14 non-negative with INT_MAX sprinkled, planted first; 19 the same, no plant.
SEEDS = (1, 2, 3, 4, 8, 13, 14, 19)


def expected(inp):
    x = inp["x"].astype(np.int64)
    odd = x[(x & 1) == 1]
    return {"result": np.array([odd.min() if odd.size else INT_MAX])}
