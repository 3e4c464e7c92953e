"""pareval/20_histogram_pixel_histogram: numpy.bincount of the pixel values (checked to be
in 0..255) with 256 bins, all of bins."""

import numpy as np

# The seed picks the run length (first draw % 4); these cover all four: 1 (L = 4),
# 2 (L = 64), 3 (L = 1), 6 (L = 16).
SEEDS = (1, 2, 3, 6)


def expected(inp):
    img = inp["image"]
    assert img.min() >= 0 and img.max() <= 255
    return {"bins": np.bincount(img, minlength=256)}
