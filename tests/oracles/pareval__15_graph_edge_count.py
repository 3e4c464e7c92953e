"""pareval/15_graph_edge_count: the number of nonzero entries of A (numpy.count_nonzero),
after checking that A is a 0/1 matrix with a zero diagonal (so nonzero == edge)."""

import numpy as np

# The seed picks the regime (first draw % 4); these cover all four: 1 dense, 2 dense
# columns, 3 sparse, 6 dense rows at random positions.
SEEDS = (1, 2, 3, 6)


def expected(inp):
    n = int(inp["N"][0])
    a = inp["A"].reshape(n, n)
    assert np.isin(a, (0, 1)).all() and not a.diagonal().any()
    return {"result": np.array([np.count_nonzero(a)])}
