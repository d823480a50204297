"""Topic models (Li Hang ch. 18 and 20): probabilistic latent semantic analysis fitted by EM, and latent
Dirichlet allocation fitted by collapsed Gibbs sampling or by variational EM.

Both take a document-word count matrix ``X`` of shape ``(n_documents, n_words)`` (scikit-learn's
orientation; the book writes the word-by-text matrix, its transpose), dense or ``scipy.sparse``.
"""

from ._lda import LatentDirichletAllocation
from ._lda_variational import VariationalLDA
from ._plsa import PLSA

__all__ = ["LatentDirichletAllocation", "PLSA", "VariationalLDA"]
