"""Figures and the explorer of the chapter on latent semantic analysis and NMF (Li Hang ch. 17)."""

import numpy as np

from .._validation import check_real
from ..datasets import load_example
from ..decomposition import NMF, beta_divergence
from ..decomposition._nmf import _initialize
from ._common import _place_beside, _renderer, _text_size

__all__ = [
    "plot_word_document",
    "plot_topic_map",
    "log_ticks",
    "nmf_path",
    "plot_nmf_state",
    "nmf_explorer",
    "demo_explorer",
]


def plot_word_document(ax, X, words, documents, title=None, fmt="{:g}", cmap="Blues", blank_below=None):
    """A word-document matrix (words as rows, as Li Hang draws it) as an annotated heat map.

    A cell is left blank when its entry is 0 or, if ``blank_below`` (a non-negative number) is given, when the
    entry's absolute value is below it: pass half the last printed digit (0.005 with ``fmt="{:.2f}"``) to blank
    every entry that would print as zero, whatever its round-off."""
    X = np.asarray(X, dtype=float)
    if blank_below is not None:
        blank_below = check_real(blank_below, "blank_below", low=0.0)
    ax.imshow(X, cmap=cmap, aspect="auto")
    top = np.abs(X).max() if X.size else 1.0
    for i in range(X.shape[0]):
        for j in range(X.shape[1]):
            if X[i, j] != 0 and (blank_below is None or abs(X[i, j]) >= blank_below):
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


def log_ticks(axis):
    """Label a logarithmic axis at 1, 1.5, 2, 3, 5 and 7 times each power of ten, in plain numbers, so that a
    range of less than a decade still shows several labelled ticks."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    axis.set_major_locator(LogLocator(subs=(1.0, 1.5, 2.0, 3.0, 5.0, 7.0)))
    axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    axis.set_minor_formatter(NullFormatter())


def _place_labels(ax, points, labels, colors, fontsizes, avoid):
    """Write each label beside its point (data coordinates) at the nearest of a ring of places around it where
    it stays inside the axes and covers no marker in ``avoid`` and no label already written (nowhere free: the
    first place to the right); points are served from the most crowded outward, so that isolated labels keep their
    first choice. Places are found at the axes' present size and limits, so set the limits first."""
    renderer = _renderer(ax)
    pixels = ax.transData.transform(np.asarray(points, dtype=float))
    to_points = 72.0 / ax.figure.dpi
    gap = 5.0 / to_points  # five points between a marker's centre and its label's near edge
    directions = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]
    legend = ax.get_legend()
    placed = [tuple(legend.get_window_extent(renderer).extents)] if legend is not None else []
    crowd = np.linalg.norm(pixels[:, None] - pixels[None], axis=-1) + np.diag(np.full(len(pixels), np.inf))
    sizes, candidates = [], []
    for i in range(len(pixels)):
        w, h = _text_size(ax, labels[i], fontsize=fontsizes[i])
        sizes.append((w, h))
        candidates.append(
            [
                (dx * (reach * gap + w / 2), dy * (reach * gap + h / 2))
                for reach in (1.0, 1.8, 2.6, 3.4)
                for dx, dy in directions
            ]
        )
    order = np.argsort(crowd.min(axis=1), kind="stable")
    choices, _ = _place_beside(
        ax, points, sizes, candidates, marks=avoid, margin=4, placed=placed, order=order, inset=2
    )
    for i in order:
        dx, dy = candidates[i][choices[i] or 0]  # nowhere free: the first place, to the right
        x, y = pixels[i, 0] + dx, pixels[i, 1] + dy
        offset = ((x - pixels[i, 0]) * to_points, (y - pixels[i, 1]) * to_points)
        ax.annotate(
            labels[i],
            points[i],
            textcoords="offset points",
            xytext=offset,
            ha="center",
            va="center",
            color=colors[i],
            fontsize=fontsizes[i],
        )


def plot_topic_map(ax, Y, documents, words=None, T=None, title=None):
    """Documents at their coordinates on topics 2 and 3 of an LSA (rows 1, 2 of Y = Sigma_k V_k^T), and
    optionally words at rows 1, 2 of T Sigma_k (their coordinates on the same topics).

    Labels are placed beside their markers where they overlap no other label or marker; words at the same
    point (equal rows of T) share one label, their names joined by " / "."""
    Y = np.asarray(Y, dtype=float)
    ax.axhline(0, color="0.8", lw=0.8)
    ax.axvline(0, color="0.8", lw=0.8)
    ax.scatter(Y[1], Y[2], color="C0", label="titles (columns of $\\Sigma_3V_3^T$)", zorder=3)
    points = [(Y[1, j], Y[2, j]) for j in range(Y.shape[1])]
    labels, colors, sizes = list(documents), ["C0"] * len(points), [10] * len(points)
    marks = list(points)
    if T is not None:
        T = np.asarray(T, dtype=float)
        ax.scatter(T[:, 1], T[:, 2], color="C3", marker="s", label="words (rows of $U_3\\Sigma_3$)", zorder=3)
        scale = max(np.abs(T[:, 1:3]).max(), 1.0)
        groups = []  # words at the same point, to within round-off
        for i in range(T.shape[0]):
            for g in groups:
                if np.all(np.abs(T[g[0], 1:3] - T[i, 1:3]) <= 1e-9 * scale):
                    g.append(i)
                    break
            else:
                groups.append([i])
        for g in groups:
            points.append((T[g[0], 1], T[g[0], 2]))
            labels.append(" / ".join(words[i] for i in g))
            colors.append("C3")
            sizes.append(8)
        marks += [(T[i, 1], T[i, 2]) for i in range(T.shape[0])]
    ax.set_xlabel("topic 2")
    ax.set_ylabel("topic 3")
    ax.margins(0.12)
    ax.legend(loc="best", fontsize=8)
    if title:
        ax.set_title(title)
    ax.set_xlim(ax.get_xlim())  # freeze the limits before the labels are placed
    ax.set_ylim(ax.get_ylim())
    _place_labels(ax, points, labels, colors, sizes, marks)


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
    plot_word_document(
        a0, book_W, words, [f"topic {j + 1}" for j in range(k)], fmt="{:.2f}", cmap="Oranges", blank_below=0.005
    )
    a0.set_xlabel("topic")
    a0.set_title(f"W (words x topics) after round {t}")
    topics = [f"topic {j + 1}" for j in range(k)]
    plot_word_document(a1, book_H, topics, documents, fmt="{:.2f}", cmap="Greens", blank_below=0.005)
    a1.set_ylabel("topic")
    a1.set_title(f"H (topics x documents) after round {t}")
    a2.semilogy(np.arange(len(losses)), losses, color="C0")
    a2.plot([t], [losses[t]], "o", color="C3")
    a2.set_xlabel("round t of Algorithm 17.1")
    a2.set_ylabel("squared loss (17.20)" if loss == "frobenius" else "divergence (17.21)")
    a2.set_title(f"the loss up to round {t} (red dot)")
    log_ticks(a2.yaxis)


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
