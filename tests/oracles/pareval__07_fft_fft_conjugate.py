"""pareval/07_fft_fft_conjugate: x <- conj(numpy.fft.fft(x)), all of x.

Conjugation once, after the whole forward transform (upstream ParEval's baseline
conjugated at every recursion level, which this catches for any N > 2).
"""

import numpy as np


def expected(inp):
    return {"x": np.conj(np.fft.fft(inp["x"]))}
