"""Linear-chain conditional random fields (Li Hang ch. 11).

* :class:`LinearChainCRF` - the estimator: ``fit(X_sequences, y_sequences)`` by L-BFGS or IIS, ``predict``
  by Viterbi, ``predict_marginals`` by forward-backward.
* Functions on one chain given its scores (``unary`` (n, m) and ``trans`` (m, m) or (n-1, m, m)):
  :func:`sequence_score` (11.19), :func:`log_partition` and :func:`marginals` (forward-backward, §11.3),
  :func:`viterbi` (Algorithm 11.3).
* The matrix form (§11.2.4): :func:`matrix_form`, :func:`normalizer` (11.25), :func:`path_probabilities`
  (11.24), :func:`forward_vectors`, :func:`backward_vectors`.
* The book's parametrised form (§11.2.2): :func:`scores_from_features`, :func:`global_features`.
"""

from ._chain import (
    backward_vectors,
    forward_vectors,
    log_partition,
    marginals,
    matrix_form,
    normalizer,
    path_probabilities,
    sequence_score,
    viterbi,
)
from ._crf import LinearChainCRF
from ._features import global_features, scores_from_features

__all__ = [
    "LinearChainCRF",
    "backward_vectors",
    "forward_vectors",
    "global_features",
    "log_partition",
    "marginals",
    "matrix_form",
    "normalizer",
    "path_probabilities",
    "scores_from_features",
    "sequence_score",
    "viterbi",
]
