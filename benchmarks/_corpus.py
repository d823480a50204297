"""The synthetic corpus shared by the topic-model benchmarks (PLSA and LDA), drawn from an LDA model.

Li Hang Algorithm 20.1 with a fixed seed: sparse topics (word Dirichlet 0.05), a few topics per document
(topic Dirichlet 0.2), document lengths uniform in [lo, hi].
"""

import numpy as np

from benchmarks._case import size_params

SIZES = {  # D documents, V words, K topics, document lengths lo..hi
    "full": {"D": 2000, "V": 5000, "K": 20, "lo": 100, "hi": 200},
    "smoke": {"D": 60, "V": 200, "K": 4, "lo": 20, "hi": 40},
}
GRID = tuple(f"D={D},K={K}" for D in (200, 1000, 2000) for K in (5, 20))  # V, lo, hi as in the full size


def lda_corpus(size, seed):
    """(counts, K): a documents-by-words int64 count matrix and the number of topics it was drawn with."""
    s = SIZES["full"] | size_params(size, SIZES)
    D, V, K, lo, hi = s["D"], s["V"], s["K"], s["lo"], s["hi"]
    rng = np.random.default_rng(seed)
    phi = rng.dirichlet(np.full(V, 0.05), size=K)
    theta = rng.dirichlet(np.full(K, 0.2), size=D)
    lengths = rng.integers(lo, hi + 1, size=D)
    X = np.vstack([rng.multinomial(n, t @ phi) for n, t in zip(lengths, theta)]).astype(np.int64)
    return X, K
