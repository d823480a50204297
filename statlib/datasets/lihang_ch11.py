"""Li Hang ch. 11 (conditional random fields): the data of Examples 11.1-11.3 and Exercise 11.4, and a
sequence-labelling task built from scikit-learn's handwritten digits.

Labels and positions are 0-based: the book's label 1 is 0 and label 2 is 1; the book's position i is i-1.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example

# Example 11.1. Transition features (prev, cur, positions of y_i, lambda) and state features
# (label, positions, mu), with the book's 1-based labels/positions shifted to 0-based.
_TRANSITIONS = [
    (0, 1, (1, 2), 1.0),  # t1: y_{i-1}=1, y_i=2, i=2,3
    (0, 0, (1,), 0.6),  # t2: y1=1, y2=1
    (1, 0, (2,), 1.0),  # t3: y2=2, y3=1
    (1, 0, (1,), 1.0),  # t4: y1=2, y2=1
    (1, 1, (2,), 0.2),  # t5: y2=2, y3=2
]
_STATES = [
    (0, (0,), 1.0),  # s1: y1=1
    (1, (0, 1), 0.5),  # s2: y_i=2, i=1,2
    (0, (1, 2), 0.8),  # s3: y_i=1, i=2,3
    (1, (2,), 0.5),  # s4: y3=2
]


@example("lihang", "11.1")
def _example_11_1():
    return Bunch(
        transition_features=list(_TRANSITIONS),
        state_features=list(_STATES),
        transition_names=["t1", "t2", "t3", "t4", "t5"],
        state_names=["s1", "s2", "s3", "s4"],
        n_positions=3,
        n_labels=2,
        y=np.array([0, 1, 1]),
        DESCR=(
            "Li Hang Example 11.1: n=3 positions, labels {1,2} (0-based here), five transition features "
            "t1..t5 and four state features s1..s4 with their weights; asks for the unnormalised "
            "probability of y=(1,2,2), which the book gives as exp(3.2)."
        ),
    )


@example("lihang", "11.2")
def _example_11_2():
    return Bunch(
        symbols=[
            [["a01", "a02"], ["0", "0"]],
            [["b11", "b12"], ["b21", "b22"]],
            [["c11", "c12"], ["c21", "c22"]],
            [["1", "0"], ["1", "0"]],
        ],
        start=0,
        stop=0,
        DESCR=(
            "Li Hang Example 11.2: symbolic matrices M1..M4 for n=3, labels {1,2}, start = stop = 1 "
            "(index 0 here). Z is the (start, stop) entry of M1 M2 M3 M4, the sum of the 8 path weights."
        ),
    )


@example("lihang", "11.3")
def _example_11_3():
    data = _example_11_1()
    data.DESCR = "Li Hang Example 11.3: Viterbi decoding of the CRF of Example 11.1; the book finds y*=(1,2,1)."
    return data


def exercise_11_4():
    """The matrices of Exercise 11.4 (an exercise, so not registered as an example)."""
    return Bunch(
        M=np.array(
            [
                [[0.0, 0.0], [0.5, 0.5]],
                [[0.3, 0.7], [0.7, 0.3]],
                [[0.5, 0.5], [0.6, 0.4]],
                [[0.0, 1.0], [0.0, 1.0]],
            ]
        ),
        start=1,
        stop=1,
        DESCR="Li Hang Exercise 11.4: matrices M1..M4 with start = stop = 2 (index 1 here).",
    )


def make_digit_sequences(
    n_sequences, *, min_length=5, max_length=15, images="train", stay=0.0, noise=0.0, random_state=None
):
    """Sequences of handwritten digits whose labels follow a Markov chain: a sequence-labelling task.

    The images are scikit-learn's 8x8 digits (1 797 images, pixels 0..16, scaled here to 0..1). The
    label chain goes d -> d+1 (mod 10) with probability 0.7, d -> d+3 (mod 10) with 0.2 and to any digit
    uniformly with 0.1 (``stay`` moves mass to d -> d); the first label is uniform. Each position shows a
    random image of its digit, drawn from a fixed half of the images (``images="train"`` or ``"test"``,
    split by a fixed permutation), so test sequences never reuse a training image. ``noise`` adds
    independent Gaussian noise of that standard deviation to the pixels (clipped to 0..1), which makes
    single images harder to read and the transitions more useful.

    Returns
    -------
    Bunch with ``X`` (list of (n_j, 64) arrays), ``y`` (list of int arrays), ``transmat`` (10, 10).
    """
    from sklearn.datasets import load_digits
    from sklearn.utils import check_random_state

    if images not in ("train", "test"):
        raise ValueError(f"images must be 'train' or 'test', got {images!r}")
    rng = check_random_state(random_state)
    digits = load_digits()
    order = np.random.RandomState(0).permutation(len(digits.target))
    half = order[: len(order) // 2] if images == "train" else order[len(order) // 2 :]
    pools = [half[digits.target[half] == d] for d in range(10)]
    transmat = np.full((10, 10), 0.1 / 10)
    for d in range(10):
        transmat[d, (d + 1) % 10] += 0.7 * (1 - stay)
        transmat[d, (d + 3) % 10] += 0.2 * (1 - stay)
        transmat[d, d] += 0.9 * stay
    X, y = [], []
    for _ in range(n_sequences):
        n = rng.randint(min_length, max_length + 1)
        labels = np.empty(n, dtype=np.int64)
        labels[0] = rng.randint(10)
        for i in range(1, n):
            labels[i] = rng.choice(10, p=transmat[labels[i - 1]])
        idx = np.array([pools[d][rng.randint(len(pools[d]))] for d in labels])
        pix = digits.data[idx] / 16.0
        if noise > 0:
            pix = np.clip(pix + noise * rng.standard_normal(pix.shape), 0.0, 1.0)
        X.append(pix)
        y.append(labels)
    return Bunch(X=X, y=y, transmat=transmat, DESCR=make_digit_sequences.__doc__)
