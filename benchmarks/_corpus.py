"""The synthetic corpus shared by the topic-model benchmarks (PLSA and LDA), drawn from an LDA model.

Li Hang Algorithm 20.1 with a fixed seed: sparse topics (word Dirichlet 0.05), a few topics per document
(topic Dirichlet 0.2), document lengths uniform in [lo, hi].
"""

import numpy as np

SIZES = {"full": (2000, 5000, 20, 100, 200), "smoke": (60, 200, 4, 20, 40)}  # D, V, K, lo, hi


def lda_corpus(size, seed):
    """(counts, K): a documents-by-words int64 count matrix and the number of topics it was drawn with."""
    D, V, K, lo, hi = SIZES[size]
    rng = np.random.default_rng(seed)
    phi = rng.dirichlet(np.full(V, 0.05), size=K)
    theta = rng.dirichlet(np.full(K, 0.2), size=D)
    lengths = rng.integers(lo, hi + 1, size=D)
    X = np.vstack([rng.multinomial(n, t @ phi) for n, t in zip(lengths, theta)]).astype(np.int64)
    return X, K
