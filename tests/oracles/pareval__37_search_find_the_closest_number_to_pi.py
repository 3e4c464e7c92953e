"""pareval/37_search_find_the_closest_number_to_pi: the smallest index of a value
closest to M_PI.

Checked: the index, exactly. numpy narrows the candidates (all indices whose rounded
double distance |x - pi| is within a few ulps of the smallest), then the exact
distances to M_PI (the double numpy.pi, as fractions.Fraction) decide, the smallest
index winning ties. Seeds 1, 3 and 4 plant the answer next to decoys that float
distances put closer to pi than the answer (1: 1.3e-4 from pi in 4 copies; 3: 8.5e-5
from pi in two equal copies, a tie; 4: 4.0e-7 from pi, one copy); seed 2 does not (the
answer is wherever the uniform draw puts it).
"""

from fractions import Fraction

import numpy as np

SEEDS = (1, 2, 3, 4)
# An index: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    x = inp["x"].astype(np.float64)
    d = np.abs(x - np.pi)
    m = d.min()
    cand = np.flatnonzero(d <= m + 8 * np.spacing(m) + 1e-300)
    pi = Fraction(np.pi)
    best = min(cand, key=lambda i: (abs(Fraction(float(x[i])) - pi), i))
    return {"result": np.array([best])}
