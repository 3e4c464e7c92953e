"""pareval/16_graph_largest_component: scipy.sparse.csgraph.connected_components on the
(checked symmetric, 0/1, zero-diagonal) adjacency matrix; the largest label count."""

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

# The seed picks the regime (first draw % 3); these cover all three: 1 Erdos-Renyi
# (mean degree 0.45, below the percolation threshold), 3 sparse groups, 13 dense groups
# joined by a bridge.
SEEDS = (1, 3, 13)


def expected(inp):
    n = int(inp["N"][0])
    a = inp["A"].reshape(n, n)
    assert np.isin(a, (0, 1)).all() and not a.diagonal().any() and (a == a.T).all()
    if n == 0:
        return {"result": np.array([0])}
    _, labels = connected_components(csr_matrix(a), directed=False)
    return {"result": np.array([np.bincount(labels).max()])}
