"""pareval/06_fft_dft: output = numpy.fft.fft(x) (pocketfft, any N), all of output.

The quick size (N = 700) is not a power of two, so this also checks the baseline's
arbitrary-N handling. Default tolerances: the baseline is within 1e-10 absolute at
this size (outputs O(10)); a wrong bin or sign is off by O(1).
"""

import numpy as np


def expected(inp):
    return {"output": np.fft.fft(inp["x"])}
