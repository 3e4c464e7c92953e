"""pareval/10_geometry_convex_hull: the hull's vertices from Qhull (scipy.spatial.ConvexHull),
certified in exact integer arithmetic.

Coordinates are integers times 2^-10 (|integer| <= 2^20), so after scaling by 2^10 every
orientation test is an exact int64 computation. Qhull (floating point, its own
algorithm) proposes the vertices in counter-clockwise order; the oracle then proves, with
exact integers, that they form a strictly convex polygon (every turn strictly left, so no
collinear or repeated point is a vertex) that contains every input point (a vectorised
binary search over the fan from the first vertex). A strictly convex polygon through
input points that contains them all is exactly the hull's vertex set.

Order: the problem accepts any order (the driver compares sorted sets); the test compares
the raw output, so the oracle returns the canonical order the baseline produces: counter-
clockwise, starting at the lexicographically smallest (x, then y) vertex. Fewer than 3
points: the points themselves, in input order (as specified).
"""

import numpy as np
from scipy.spatial import ConvexHull

# The seed picks the distribution (driver: seed's first draw % 4); these four seeds cover
# them all at the quick size: 1 disk, 2 small grid (duplicates and collinear edge
# points), 3 square, 6 thin annulus.
SEEDS = (1, 2, 3, 6)


def _cross(o, a, b):
    """Exact z of (a - o) x (b - o) for int64 arrays of shape (..., 2)."""
    return (a[..., 0] - o[..., 0]) * (b[..., 1] - o[..., 1]) - (a[..., 1] - o[..., 1]) * (b[..., 0] - o[..., 0])


def hull_vertices(pts):
    """Counter-clockwise hull vertices (float, shape (h, 2)) of pts (float, shape (n, 2)),
    starting at the lexicographically smallest; certified exactly."""
    q = pts * 1024.0
    assert np.array_equal(q, np.round(q)) and np.abs(q).max() <= 2.0**21
    q = q.astype(np.int64)
    idx = ConvexHull(pts).vertices  # counter-clockwise in 2-D
    v = q[idx]
    h = len(v)
    assert h >= 3
    # strictly convex, counter-clockwise: every consecutive triple turns strictly left
    assert (_cross(v, np.roll(v, -1, 0), np.roll(v, -2, 0)) > 0).all(), "not strictly convex"
    # every point inside or on the polygon: wedge of the fan from v[0] by binary search
    c1 = _cross(v[0], v[1], q)
    cl = _cross(v[0], v[h - 1], q)
    assert (c1 >= 0).all() and (cl <= 0).all(), "a point outside the first/last fan edge"
    lo = np.ones(len(q), dtype=np.int64)  # cross(v0, v[lo], p) >= 0 holds
    hi = np.full(len(q), h - 1, dtype=np.int64)  # search in [lo, hi)
    while True:
        open_ = hi - lo > 1
        if not open_.any():
            break
        mid = (lo + hi) // 2
        ok = _cross(v[0], v[mid], q) >= 0
        lo = np.where(open_ & ok, mid, lo)
        hi = np.where(open_ & ~ok, mid, hi)
    # lo in [1, h-2]: p is in the wedge (v[lo], v[lo+1]); inside iff left of that edge
    lo = np.minimum(lo, h - 2)
    assert (_cross(v[lo], v[lo + 1], q) >= 0).all(), "a point outside the polygon"
    start = np.lexsort((v[:, 1], v[:, 0]))[0]
    return pts[np.roll(idx, -start)]


def expected(inp):
    pts = inp["points"].reshape(-1, 2)
    if len(pts) < 3:
        return {"hull": pts}
    return {"hull": hull_vertices(pts)}
