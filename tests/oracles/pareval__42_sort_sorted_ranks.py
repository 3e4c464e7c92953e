"""pareval/42_sort_sorted_ranks: ranks_[i] = the position of x[i] in sorted(x).

Checked: every rank, exactly. The oracle sorts the indices by value with Python's
sorted() and inverts that permutation (the values are distinct, asserted, so the
ranks are unique). Seeds cover the driver's sign modes: seed 1 all positive, 2 mixed,
5 all negative.
"""

import numpy as np

SEEDS = (1, 2, 5)
# Integer positions: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = [float(v) for v in inp["x"]]
    assert len(set(x)) == len(x), "the values are not distinct"
    order = sorted(range(len(x)), key=x.__getitem__)
    ranks = np.empty(len(x), dtype=np.int64)
    for pos, i in enumerate(order):
        ranks[i] = pos
    return {"ranks_": ranks}
