from importlib import resources

import numpy as np
from sklearn.utils import Bunch


def load_prostate():
    """Prostate cancer data (Stamey et al., 1989), as used in MLAPP section 13.3.

    97 men; 8 clinical predictors ``lcavol lweight age lbph svi lcp gleason pgg45``; response
    ``lpsa`` (log prostate-specific antigen); ``train`` marks the 67 training rows (the other 30
    are the test rows). The file is the public copy distributed with Hastie, Tibshirani and
    Friedman, *The Elements of Statistical Learning*, vendored in ``statlib/datasets/data``.

    Returns
    -------
    Bunch with ``data`` (97, 8), ``target`` (97,), ``train`` (97,) bool, ``feature_names``, ``DESCR``.
    """
    text = resources.files(__package__).joinpath("data/prostate.tsv").read_text()
    lines = [line.split("\t") for line in text.strip().splitlines()]
    header, rows = lines[0], lines[1:]
    # The first column is the row number (its header cell is empty).
    columns = [h.strip() for h in header if h.strip()]
    values = np.array([[float(v) for v in row[1 : 1 + len(columns)]] for row in rows])
    feature_names = columns[:8]
    return Bunch(
        data=values[:, :8],
        target=values[:, columns.index("lpsa")],
        train=values[:, columns.index("train")].astype(bool) if "train" in columns else None,
        feature_names=feature_names,
        DESCR=load_prostate.__doc__,
    )
