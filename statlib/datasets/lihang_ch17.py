"""Li Hang ch. 17 (latent semantic analysis and NMF): the word-document matrices of the chapter.

The book's matrices have words as rows and documents as columns; they are returned that way (``X``),
with the scikit-learn orientation (documents as samples) as ``X.T`` for the estimators. The chapter has
no numbered examples, so the keys are the figure ("figure-17.1") and the section ("section-17.2.2").
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "figure-17.1")
def _figure_17_1():
    return Bunch(
        X=np.array(
            [
                [2, 0, 0, 0],
                [0, 2, 0, 0],
                [0, 0, 1, 0],
                [0, 0, 2, 3],
                [0, 0, 0, 1],
                [1, 2, 2, 1],
            ],
            dtype=float,
        ),
        words=["airplane", "aircraft", "computer", "apple", "fruit", "produce"],
        documents=["d1", "d2", "d3", "d4"],
        DESCR=(
            "Li Hang Fig. 17.1 (word-document matrix): six words by four documents, illustrating synonymy "
            "(airplane/aircraft) and polysemy (apple). Words are rows, documents columns. Exercise 17.1 asks "
            "for its latent semantic analysis."
        ),
    )


# §17.2.2: the index words of nine book titles T1..T9 (rows: the words below, columns: the titles; blanks 0).
# Li Hang reprints it for Exercises 18.3 and 20.2 (statlib/datasets/lihang_ch18.py, lihang_ch20.py).
TITLE_WORDS = ["book", "dads", "dummies", "estate", "guide", "investing", "market", "real", "rich", "stock", "value"]
TITLES = [f"T{i}" for i in range(1, 10)]
TITLE_COUNTS = np.array(
    [
        [0, 0, 1, 1, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 1, 0, 0, 1],
        [0, 1, 0, 0, 0, 0, 0, 1, 0],
        [0, 0, 0, 0, 0, 0, 1, 0, 1],
        [1, 0, 0, 0, 0, 1, 0, 0, 0],
        [1, 1, 1, 1, 1, 1, 1, 1, 1],
        [1, 0, 1, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 1, 0, 1],
        [0, 0, 0, 0, 0, 2, 0, 0, 1],
        [1, 0, 1, 0, 0, 0, 0, 1, 0],
        [0, 0, 0, 1, 1, 0, 0, 0, 0],
    ]
)


@example("lihang", "section-17.2.2")
def _lsa_example():
    X = TITLE_COUNTS.astype(float)
    return Bunch(
        X=X,
        words=list(TITLE_WORDS),
        documents=list(TITLES),
        n_topics=3,
        singular_values=np.array([3.91, 2.61, 2.00]),
        U=np.array(
            [
                [0.15, -0.27, 0.04],
                [0.24, 0.38, -0.09],
                [0.13, -0.17, 0.07],
                [0.18, 0.19, 0.45],
                [0.22, 0.09, -0.46],
                [0.74, -0.21, 0.21],
                [0.18, -0.30, -0.28],
                [0.18, 0.19, 0.45],
                [0.36, 0.59, -0.34],
                [0.25, -0.42, -0.28],
                [0.12, -0.14, 0.23],
            ]
        ),
        Vt=np.array(
            [
                [0.35, 0.22, 0.34, 0.26, 0.22, 0.49, 0.28, 0.29, 0.44],
                [-0.32, -0.15, -0.46, -0.24, -0.14, 0.55, 0.07, -0.31, 0.44],
                [-0.41, 0.14, -0.16, 0.25, 0.22, -0.51, 0.55, 0.00, 0.34],
            ]
        ),
        SVt=np.array(
            [
                [1.37, 0.86, 1.33, 1.02, 0.86, 1.92, 1.09, 1.13, 1.72],
                [-0.84, -0.39, -1.20, -0.63, -0.37, 1.44, 0.18, -0.81, 1.15],
                [-0.82, 0.28, -0.32, 0.50, 0.44, -1.02, 1.10, 0.00, 0.68],
            ]
        ),
        DESCR=(
            "Li Hang §17.2.2 (latent semantic analysis example): 11 index words by 9 book titles T1..T9, rank "
            "k = 3. The book prints U_3, Sigma_3 = diag(3.91, 2.61, 2.00), V_3^T and Sigma_3 V_3^T to two "
            "decimals (fields U, singular_values, Vt, SVt; the OCR of this table is garbled and was recovered "
            "by an exact SVD); Sigma_3 V_3^T is up to 0.019 off the exact product."
        ),
    )
