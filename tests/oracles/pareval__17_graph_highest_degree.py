"""pareval/17_graph_highest_degree: the largest column count of nonzeros of the (checked
symmetric, 0/1, zero-diagonal) adjacency matrix, i.e. the highest degree; 0 if N = 0."""

import numpy as np

# The seed picks the regime (first draw % 4); these cover all four: 1 dense, 2 sparse
# with planted hubs, 3 sparse, 6 skewed weights with planted hubs.
SEEDS = (1, 2, 3, 6)


def expected(inp):
    n = int(inp["N"][0])
    a = inp["A"].reshape(n, n)
    assert np.isin(a, (0, 1)).all() and not a.diagonal().any() and (a == a.T).all()
    return {"result": np.array([np.count_nonzero(a, axis=0).max() if n else 0])}
