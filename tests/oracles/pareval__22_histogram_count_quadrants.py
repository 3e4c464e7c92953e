"""pareval/22_histogram_count_quadrants: numpy boolean masks of the sign conditions
(0 counts as non-negative), counted in the specified order (x>=0,y>=0), (x<0,y>=0),
(x<0,y<0), (x>=0,y<0). All of bins."""

import numpy as np


def expected(inp):
    p = inp["points"].reshape(-1, 2)
    xn, yn = p[:, 0] < 0, p[:, 1] < 0
    return {
        "bins": np.array(
            [
                np.count_nonzero(~xn & ~yn),
                np.count_nonzero(xn & ~yn),
                np.count_nonzero(xn & yn),
                np.count_nonzero(~xn & yn),
            ]
        )
    }
