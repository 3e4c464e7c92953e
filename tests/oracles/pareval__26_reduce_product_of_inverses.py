"""pareval/26_reduce_product_of_inverses: by logarithms, not by multiplying. The sign is
(-1)^(number of negative elements) (inverting keeps the sign); the magnitude is
exp(fsum(log|x[even]|) - fsum(log|x[odd]|)) with math.fsum's correctly rounded sums, so
the only rounding is ~|log result| * eps relative from exp (the values are 1 +- 1/256,
far from overflow). Empty x: 1. Default tolerances: the baseline's left-to-right product
is within ~1e-12 relative at the quick size (typical sqrt(n) * eps growth)."""

import math

import numpy as np


def expected(inp):
    x = inp["x"]
    if x.size == 0:
        return {"result": np.array([1.0])}
    assert (x != 0).all()
    logs = np.log(np.abs(x))
    s = math.fsum(logs[0::2]) - math.fsum(logs[1::2])
    sign = -1.0 if np.count_nonzero(x < 0) % 2 else 1.0
    return {"result": np.array([sign * math.exp(s)])}
