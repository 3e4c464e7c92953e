"""polybench/heat_3d: 2*tsteps explicit heat-equation half-steps u <- u + 0.125 * L u on
the interior of an n^3 grid (L the 7-point discrete Laplacian, scipy.ndimage.laplace),
the outer faces fixed."""

from scipy import ndimage


def expected(inp):
    t, n = int(inp["tsteps"][0]), int(inp["n"][0])
    a = inp["A"].astype(float).reshape(n, n, n)
    b = inp["B"].astype(float).reshape(n, n, n)
    core = (slice(1, -1),) * 3
    for _ in range(t):
        b[core] = (a + 0.125 * ndimage.laplace(a))[core]
        a[core] = (b + 0.125 * ndimage.laplace(b))[core]
    return {"A": a, "B": b}
