"""pareval/12_geometry_smallest_triangle: brute force over all triples, in exact integers.

Coordinates are integers times 2^-10 (|integer| <= 2^20), so after scaling by 2^10 the
twice-area of triangle (i, j, k), |(p_j - p_i) x (p_k - p_i)|, is an exact int64 (below
2^43). For each i the cross products of all pairs j < k after i are one vectorised outer
computation: all C(n, 3) triples of the quick size (n = 240) in well under a second. The
minimum twice-area times 2^-21 is the exact smallest area (0 for a planted collinear
triple or repeated point). Fewer than three points: 0, as specified.
"""

import numpy as np

# The seed picks a base distribution (first draw % 4) and a plant (none / collinear
# triple / repeated point); these cover every distribution and every kind of plant:
# 1 thin strip, 2 circle + repeated point, 3 square + collinear, 6 clusters + repeated
# point.
SEEDS = (1, 2, 3, 6)


def expected(inp):
    p = inp["points"].reshape(-1, 2) * 1024.0
    n = len(p)
    if n < 3:
        return {"result": np.array([0.0])}
    assert np.array_equal(p, np.round(p)) and np.abs(p).max() <= 2.0**20
    q = p.astype(np.int64)
    best = None
    for i in range(n - 2):
        d = q[i + 1 :] - q[i]  # p_j - p_i for j > i
        c = np.abs(np.outer(d[:, 0], d[:, 1]) - np.outer(d[:, 1], d[:, 0]))
        m = c[np.triu_indices(len(d), 1)].min()  # pairs j < k
        best = m if best is None else min(best, m)
    return {"result": np.array([np.ldexp(float(best), -21)])}
