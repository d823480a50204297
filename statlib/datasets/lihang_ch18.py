"""Li Hang ch. 18 (probabilistic latent semantic analysis): the word-document counts of Fig. 18.1 and of
Exercise 18.3 (the book-title matrix of §17.2.2, reprinted).

The book prints word-by-document matrices; each Bunch gives ``X`` as documents by words (the transpose,
the orientation ``statlib.topic`` takes) and ``counts`` as printed (words by documents). Neither
carries a printed answer: PLSA's result depends on its random start.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example
from .lihang_ch17 import TITLE_COUNTS, TITLE_WORDS, TITLES

# Fig. 18.1: rows word1..word4, columns doc1..doc4.
_FIG_18_1 = np.array(
    [
        [2, 2, 4, 3],
        [2, 1, 5, 3],
        [1, 1, 2, 0],
        [0, 1, 2, 1],
    ]
)


def title_matrix():
    """The §17.2.2 title matrix, reprinted for Exercises 18.3 and 20.2, as a Bunch (also used by ch. 20)."""
    return Bunch(
        X=TITLE_COUNTS.T.copy(),
        counts=TITLE_COUNTS.copy(),
        words=list(TITLE_WORDS),
        documents=list(TITLES),
    )


@example("lihang", "figure-18.1")
def _figure_18_1():
    return Bunch(
        X=_FIG_18_1.T.copy(),
        counts=_FIG_18_1.copy(),
        words=["word1", "word2", "word3", "word4"],
        documents=["doc1", "doc2", "doc3", "doc4"],
        DESCR="Li Hang Fig. 18.1: counts n(w, d) of 4 words in 4 documents (printed words by documents; X is "
        "its transpose, documents by words). The colour boxes marking three topics are not recoverable "
        "from the text. No numeric answer is printed.",
    )


@example("lihang", "exercise-18.3")
def _exercise_18_3():
    return Bunch(
        **title_matrix(),
        DESCR="Li Hang Exercise 18.3 (the §17.2.2 matrix reprinted): 11 index words in 9 book titles T1..T9. "
        "Run PLSA on it; the book prints no answer (it depends on the initialisation).",
    )
