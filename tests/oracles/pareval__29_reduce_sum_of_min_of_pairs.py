"""pareval/29_reduce_sum_of_min_of_pairs: math.fsum(numpy.minimum(x, y)), the correctly
rounded sum of the pairwise minima; empty vectors give 0. Default tolerances (rtol 1e-9,
as problem.toml): the baseline's plain sum is within ~1e-12 relative."""

import math

import numpy as np


def expected(inp):
    return {"result": np.array([math.fsum(np.minimum(inp["x"], inp["y"]))])}
