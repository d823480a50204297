"""Sparse coding, dictionary learning and compressed sensing (MLAPP section 13.8; the lecture's K-SVD).

* :func:`sparse_encode`: codes for a fixed dictionary, by the lasso (coordinate descent, reusing
  :class:`statlib.linear_model.Lasso`'s kernel) or by orthogonal matching pursuit (reusing
  :class:`statlib.linear_model.OrthogonalMatchingPursuit`'s kernel); :func:`sparse_encode_masked` codes
  each sample from its visible entries only (inpainting, MLAPP section 13.8.4).
* :class:`DictionaryLearning`: the alternating minimisation of (13.176) subject to (13.177), or K-SVD
  (Aharon, Elad and Bruckstein 2006) with :func:`ksvd_atom_update`.
* :func:`basis_pursuit`: exact l1 recovery min ||x||_1 s.t. R x = y (compressed sensing, section 13.8.3);
  :func:`mutual_coherence` and :func:`restricted_isometry_estimate` describe a sensing matrix (the lecture's
  compressed sensing).
* :class:`SparseRepresentationClassifier`: SRC (Wright et al. 2009), the lecture's face-recognition example.
"""

from ._dictionary import DictionaryLearning, ksvd_atom_update, sparse_coding_objective
from ._encode import sparse_encode, sparse_encode_masked
from ._sensing import basis_pursuit, mutual_coherence, restricted_isometry_estimate
from ._src import SparseRepresentationClassifier

__all__ = [
    "DictionaryLearning",
    "SparseRepresentationClassifier",
    "basis_pursuit",
    "ksvd_atom_update",
    "mutual_coherence",
    "restricted_isometry_estimate",
    "sparse_coding_objective",
    "sparse_encode",
    "sparse_encode_masked",
]
