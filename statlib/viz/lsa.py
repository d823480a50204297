"""Figures and the explorer of the chapter on latent semantic analysis and NMF (Li Hang ch. 17)."""

import numpy as np

from ..datasets import load_example
from ..decomposition import NMF, beta_divergence
from ..decomposition._nmf import _initialize

__all__ = ["plot_word_document", "plot_topic_map", "nmf_path", "plot_nmf_state", "nmf_explorer", "demo_explorer"]


def plot_word_document(ax, X, words, documents, title=None, fmt="{:g}", cmap="Blues"):
    """A word-document matrix (words as rows, as Li Hang draws it) as an annotated heat map."""
    X = np.asarray(X, dtype=float)
    ax.imshow(X, cmap=cmap, aspect="auto")
    top = np.abs(X).max() if X.size else 1.0
    for i in range(X.shape[0]):
        for j in range(X.shape[1]):
            if X[i, j] != 0:
                ax.text(
                    j,
                    i,
                    fmt.format(X[i, j] + 0.0),
                    ha="center",
                    va="center",
                    fontsize=9,
                    color="white" if abs(X[i, j]) > 0.6 * top else "black",
                )
    ax.set_xticks(range(len(documents)), documents)
    ax.set_yticks(range(len(words)), words)
    ax.set_xlabel("document")
    ax.set_ylabel("word")
    if title:
        ax.set_title(title)


def plot_topic_map(ax, Y, documents, words=None, T=None, title=None):
    """Documents at their coordinates on topics 2 and 3 of an LSA (rows 1, 2 of Y = Sigma_k V_k^T), and
    optionally words at rows 1, 2 of T Sigma_k (their coordinates on the same topics)."""
    ax.axhline(0, color="0.8", lw=0.8)
    ax.axvline(0, color="0.8", lw=0.8)
    ax.scatter(Y[1], Y[2], color="C0", label="titles (columns of $\\Sigma_3V_3^T$)")
    for j, d in enumerate(documents):
        ax.annotate(d, (Y[1, j], Y[2, j]), textcoords="offset points", xytext=(4, 4), color="C0")
    if T is not None:
        ax.scatter(T[:, 1], T[:, 2], color="C3", marker="s", label="words (rows of $U_3\\Sigma_3$)")
        for i, w in enumerate(words):
            ax.annotate(w, (T[i, 1], T[i, 2]), textcoords="offset points", xytext=(4, -10), color="C3", fontsize=8)
    ax.set_xlabel("topic 2")
    ax.set_ylabel("topic 3")
    ax.legend(loc="best", fontsize=8)
    if title:
        ax.set_title(title)


def nmf_path(X, k, n_iter, loss="frobenius", random_state=0):
    """Run Algorithm 17.1 one round at a time from a seeded start (the start of ``NMF(init="random")``), with
    :class:`~statlib.decomposition.NMF` (``init="custom"``, ``max_iter=1``); return the list of (W, H) after
    rounds 0, 1, ..., n_iter and the losses (17.20) or (17.21) (the squared norm, or D itself).

    ``X`` is factorised as given: for the book's words x documents matrix, W is the book's topic matrix and
    is updated first in each round, as in Algorithm 17.1."""
    X = np.asarray(X, dtype=float)
    W, H = _initialize(X, k, "random", random_state)  # the start NMF(init="random") uses
    path = [(W, H)]
    model = NMF(k, init="custom", tol=0.0, max_iter=1, beta_loss=loss)
    for _ in range(n_iter):
        W = model.fit_transform(X, W=W, H=H)
        H = model.components_
        path.append((W, H))
    losses = np.array([beta_divergence(X, W, H, loss) ** 2 / (1 if loss == "frobenius" else 2) for W, H in path])
    return path, losses


def plot_nmf_state(axes, X, path, losses, t, words, documents, loss="frobenius"):
    """Three panels for round ``t`` of Algorithm 17.1 on a word-document matrix ``X`` (words as rows, the book's
    orientation): the topic matrix W (words x k), the documents' coefficients H (k x documents) and the loss
    curve with round t marked. ``path`` and ``losses`` come from :func:`nmf_path` applied to ``X`` itself, so
    that its factors are the book's W and H, updated in the book's order (W first)."""
    book_W, book_H = path[t]
    a0, a1, a2 = axes
    k = book_W.shape[1]
    plot_word_document(a0, book_W, words, [f"topic {j + 1}" for j in range(k)], fmt="{:.2f}", cmap="Oranges")
    a0.set_xlabel("topic")
    a0.set_title(f"book's W (words x topics), round {t}")
    plot_word_document(a1, book_H, [f"topic {j + 1}" for j in range(k)], documents, fmt="{:.1f}", cmap="Greens")
    a1.set_ylabel("topic")
    a1.set_title("book's H (topics x documents)")
    a2.semilogy(np.arange(len(losses)), losses, color="C0")
    a2.plot([t], [losses[t]], "o", color="C3")
    a2.set_xlabel("round t of Algorithm 17.1")
    a2.set_ylabel("squared loss (17.20)" if loss == "frobenius" else "divergence (17.21)")
    a2.set_title(f"loss {losses[t]:.3f} at round {t}")


def nmf_explorer(X=None, words=None, documents=None, n_iter=100):
    """A round slider, a rank slider and a loss menu: Algorithm 17.1 on the word-document matrix of
    Li Hang §17.2.2, the factors after round t and the loss curve."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    if X is None:
        ex = load_example("lihang", "section-17.2.2")
        X, words, documents = ex.X, ex.words, ex.documents
    X = np.asarray(X, dtype=float)
    runs = {}

    def run(k, loss):
        if (k, loss) not in runs:
            runs[k, loss] = nmf_path(X, k, n_iter, loss)
        return runs[k, loss]

    rank = widgets.IntSlider(value=3, min=1, max=5, description="topics k")
    losses = [("squared (17.20)", "frobenius"), ("divergence (17.21)", "kullback-leibler")]
    loss_menu = widgets.Dropdown(options=losses, value="frobenius", description="loss")
    step = widgets.IntSlider(value=n_iter, min=0, max=n_iter, description="round t")

    def draw():
        path, losses = run(rank.value, loss_menu.value)
        fig, axes = plt.subplots(1, 3, figsize=(14, 4.2), gridspec_kw={"width_ratios": [1, 1.6, 1.4]})
        plot_nmf_state(axes, X, path, losses, step.value, words, documents, loss_menu.value)
        fig.tight_layout()
        return fig

    return explorer_panel([[rank, loss_menu], [step]], draw)


def demo_explorer():
    """The NMF explorer on the nine book titles of Li Hang §17.2.2."""
    return nmf_explorer()
