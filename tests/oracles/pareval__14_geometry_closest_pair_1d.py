"""pareval/14_geometry_closest_pair_1d: sort, then the smallest gap between neighbours.

Rounded subtraction is monotone, so the minimum over neighbours in sorted order of
fl(x[k+1] - x[k]) equals the minimum over all pairs of fl(|x[i] - x[j]|) exactly (the
baseline's brute-force definition). Fewer than two elements: 0, as specified.
"""

import numpy as np

# The seed picks the distribution (first draw % 5); these cover all five: 1 clusters,
# 2 shuffled ramp with a planted close pair, 3 uniform, 6 magnitudes over 16 decades,
# 7 scaled integers (no duplicate at this seed).
SEEDS = (1, 2, 3, 6, 7)


def expected(inp):
    x = inp["x"]
    if x.size < 2:
        return {"result": np.array([0.0])}
    return {"result": np.array([np.diff(np.sort(x)).min()])}
