"""pareval/51_stencil_edge_kernel: 3x3 edge kernel [[-1,-1,-1],[-1,8,-1],[-1,-1,-1]] over
the image with zero padding, clipped to [0, 255].

Checked: every pixel, exactly, from scipy.signal.correlate2d(mode="same",
boundary="fill", fillvalue=0) in int64, then numpy.clip.
"""

import numpy as np
import scipy.signal

# Integer pixels: exact.
RTOL = 0.0
ATOL = 0.0


def expected(inp):
    n = int(inp["N"][0])
    img = inp["imageIn"].astype(np.int64).reshape(n, n)
    k = -np.ones((3, 3), dtype=np.int64)
    k[1, 1] = 8
    s = scipy.signal.correlate2d(img, k, mode="same", boundary="fill", fillvalue=0)
    return {"imageOut": np.clip(s, 0, 255)}
