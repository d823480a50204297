"""Li Hang ch. 13 (introduction to unsupervised learning): the data of Tables 13.1-13.5.

The book prints data with samples as columns; here, as everywhere in statlib, samples are rows
(Table 13.1's A..E are rows 0..4). Table 13.5's graph (Figure 13.7) is not printed: it is recovered
from the table (see ``table-13.5``).
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "table-13.1")
def _table_13_1():
    return Bunch(
        X=np.array([[1.0, 1.0], [1.0, 0.0], [0.0, 2.0], [2.0, 4.0], [3.0, 5.0]]),
        sample_names=["A", "B", "C", "D", "E"],
        feature_names=["x_1", "x_2"],
        DESCR=(
            "Li Hang Table 13.1 (聚类数据): five samples A-E with two features, clustered by k-means with k = 2 "
            "into {A, B, C} and {D, E} (Figure 13.5). Rows are samples; the book prints them as columns."
        ),
    )


@example("lihang", "table-13.2")
def _table_13_2():
    return Bunch(
        X=np.array(
            [
                [3.0, 2.9, 2.2, 2.0, 1.3, 1.5, 1.1, 1.0, 0.4],
                [0.25, 0.8, 1.0, 1.4, 1.6, 2.0, 2.2, 2.7, 3.0],
                [2.8, 2.2, 1.5, 2.0, 1.6, 2.1, 1.2, 0.9, 0.6],
                [0.1, 1.8, 3.2, 0.3, 0.0, 3.0, 2.8, 0.3, 0.1],
            ]
        ),
        sample_names=["A", "B", "C", "D"],
        feature_names=[f"x_{i}" for i in range(1, 10)],
        DESCR=(
            "Li Hang Table 13.2 (captioned 聚类数据; the illustration of dimensionality reduction): the book has 14 "
            "samples with 9 features but prints only A-D; the other ten are elided ('...'), so Figure 13.6 cannot "
            "be reproduced. Rows are the four printed samples."
        ),
    )


@example("lihang", "table-13.3")
def _table_13_3():
    counts = np.zeros((6, 6), dtype=np.int64)  # words x documents, as printed
    for word, docs in enumerate([(0, 1), (0, 2), (1, 2), (3, 4), (3, 5), (4, 5)]):
        counts[word, list(docs)] = 1
    return Bunch(
        counts=counts,
        X=counts.T.copy(),
        word_names=[f"word{i}" for i in range(1, 7)],
        doc_names=[f"doc{i}" for i in range(1, 7)],
        DESCR=(
            "Li Hang Table 13.3 (话题分析的数据): counts of six words in six documents (blank = 0). ``counts`` is "
            "the book's word x document table; ``X`` = counts.T is documents x words, the orientation of "
            "statlib.topic."
        ),
    )


@example("lihang", "table-13.4")
def _table_13_4():
    third = 1 / 3
    return Bunch(
        topic_word=np.array([[third] * 3 + [0.0] * 3, [0.0] * 3 + [third] * 3]),
        doc_topic=np.array([[1.0, 0.0]] * 3 + [[0.0, 1.0]] * 3),
        DESCR=(
            "Li Hang Table 13.4: the topics of Table 13.3 found by LDA, as the book prints them (idealised: "
            "0.33 = 1/3 on each topic's three words, documents wholly in one topic). ``topic_word[k]`` is "
            "P(word | topic k + 1); ``doc_topic[d]`` is P(topic | doc d + 1)."
        ),
    )


@example("lihang", "table-13.5")
def _table_13_5():
    # Figure 13.7 is not printed. Of all directed graphs on A, B, C, D without self-loops, exactly one gives
    # the steps of Table 13.5 from the uniform start (checked exhaustively in the chapter and the tests):
    # A -> B, C;  B -> D;  C -> A, B, D;  D -> C.
    adjacency = np.zeros((4, 4))
    for source, targets in {0: (1, 2), 1: (3,), 2: (0, 1, 3), 3: (2,)}.items():
        adjacency[source, list(targets)] = 1.0
    return Bunch(
        adjacency=adjacency,
        steps=np.array([[6, 6, 6, 6], [2, 5, 9, 8], [3, 4, 9, 8]]) / 24.0,
        node_names=["A", "B", "C", "D"],
        DESCR=(
            "Li Hang Table 13.5 (PageRank 计算的结果): the probabilities of nodes A-D at steps 1-3 (``steps``, one "
            "row per step) of the random walk on the graph of Figure 13.7, from the uniform start. The graph is "
            "not printed; ``adjacency`` (rows are sources: adjacency[i, j] = 1 for a link i -> j) is the only "
            "graph without self-loops that reproduces the table."
        ),
    )
