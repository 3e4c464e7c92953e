"""pareval/27_reduce_average: math.fsum(x) / n (the correctly rounded sum, then one
division). Default tolerances (rtol 1e-9, as problem.toml): the baseline's plain sum is
within ~1e-12 relative."""

import math

import numpy as np


def expected(inp):
    x = inp["x"]
    assert x.size >= 1
    return {"result": np.array([math.fsum(x) / x.size])}
