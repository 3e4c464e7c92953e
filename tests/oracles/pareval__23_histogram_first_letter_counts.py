"""pareval/23_histogram_first_letter_counts: the strings come as their concatenated
characters and their lengths; the first letter of string i is at offset
sum(lens[:i]) (numpy.cumsum), and numpy.bincount of (letter - 'a') gives all 26 bins
(every first letter checked to be lowercase)."""

import numpy as np


def expected(inp):
    lens = inp["lens"].astype(np.int64)
    chars = inp["chars"]
    assert (lens >= 1).all() and lens.sum() == chars.size
    first = chars[np.cumsum(lens) - lens].astype(np.int64) - ord("a")
    assert first.min() >= 0 and first.max() < 26
    return {"bins": np.bincount(first, minlength=26)}
