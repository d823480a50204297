"""MLAPP ch. 12 (latent linear models): example data of §12.4.

Figure 12.18 shows 150 bit vectors, each a noisy copy of one of three binary prototypes (the text says 6-dimensional,
the caption 16-dimensional; the figure's own demo, binaryFaDemoTipping, uses 16). The book prints neither the
prototypes nor the noise level, so this is our own seeded draw of the same design: three prototypes of 16 bits, each
bit fair, 50 copies of each, every bit of a copy flipped independently with probability 0.1.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("mlapp", "figure-12.18")
def _figure_12_18():
    rng = np.random.default_rng(1218)
    prototypes = (rng.random((3, 16)) < 0.5).astype(np.int64)
    labels = np.repeat(np.arange(3), 50)
    flips = (rng.random((150, 16)) < 0.1).astype(np.int64)
    bits = prototypes[labels] ^ flips
    return Bunch(X=bits, labels=labels, prototypes=prototypes, flip_probability=0.1)
