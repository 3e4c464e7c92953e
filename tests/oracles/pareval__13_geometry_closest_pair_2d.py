"""pareval/13_geometry_closest_pair_2d: brute force over all n(n-1)/2 pairs (numpy, in row
blocks), the minimum of sqrt(dx^2 + dy^2). Fewer than two points: 0, as specified.
Cross-checked against scipy's k-d tree (nearest other point of every point)."""

import numpy as np
from scipy.spatial import cKDTree

# The seed picks the distribution (first draw % 4); these cover all four: 1 clusters,
# 2 integer x (ties in x), 3 thin rectangle, 11 thin rectangle with a planted duplicate.
SEEDS = (1, 2, 3, 11)


def expected(inp):
    p = inp["points"].reshape(-1, 2)
    n = len(p)
    if n < 2:
        return {"result": np.array([0.0])}
    best = np.inf
    for s in range(0, n - 1, 256):
        a = p[s : s + 256]
        dx = a[:, None, 0] - p[None, :, 0]
        dy = a[:, None, 1] - p[None, :, 1]
        d = np.sqrt(dx * dx + dy * dy)
        i, j = np.indices(d.shape)
        d[j <= i + s] = np.inf  # only pairs (s + i, j) with j > s + i
        best = min(best, d.min())
    kd = cKDTree(p).query(p, k=2)[0][:, 1].min()
    assert np.isclose(kd, best, rtol=1e-12, atol=0), (kd, best)
    return {"result": np.array([best])}
