"""pareval/28_reduce_smallest_odd_number: the minimum of the elements whose lowest bit is
set (two's complement: odd, negative ones included), or INT_MAX when there is none."""

import numpy as np

INT_MAX = 2**31 - 1

# The seed picks the kind (first draw % 100) and, at this size (n >= 2^20), 0 to 3 planted
# odd values below the kind's range: 1 wide values, 2 planted; 3 only even values
# (INT_MAX); 4 wide, 3 planted; 5 wide, 1 planted; 7 non-negative with INT_MAX sprinkled,
# 1 planted; 9 small values, none planted (-59); 12 small, 2 planted; 17 wide, none
# planted; 26 non-negative with INT_MAX sprinkled, none planted.
SEEDS = (1, 3, 4, 5, 7, 9, 12, 17, 26)


def expected(inp):
    x = inp["x"].astype(np.int64)
    odd = x[(x & 1) == 1]
    return {"result": np.array([odd.min() if odd.size else INT_MAX])}
