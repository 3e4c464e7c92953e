"""polybench/floyd_warshall: shortest paths by scipy's csgraph; the diagonal (shortest
cycle through i, since PolyBench keeps self-loop weights instead of zeros) as the best
first edge i -> j followed by a shortest path j -> i."""

import numpy as np
from scipy.sparse.csgraph import floyd_warshall

RTOL = 0.0
ATOL = 0.0


def expected(inp):
    n = int(inp["n"][0])
    w = inp["path"].astype(float).reshape(n, n)
    assert w.min() > 0  # dense csgraph input: a 0 would mean "no edge"
    sp = floyd_warshall(w, directed=True)  # shortest paths of >= 0 edges (diagonal 0)
    out = sp.copy()
    np.fill_diagonal(out, (w + sp.T).min(axis=1))  # min_j w[i][j] + sp[j][i]
    return {"path": out.astype(np.int64)}
