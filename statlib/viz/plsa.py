"""Figures and the explorer of the chapter on probabilistic latent semantic analysis (Li Hang ch. 18)."""

import warnings

import numpy as np

from .._validation import check_int

__all__ = [
    "simplex_corpus",
    "plsa_path",
    "to_ternary",
    "plot_simplex",
    "plot_plates",
    "plsa_explorer",
    "demo_explorer",
]


def simplex_corpus(n_documents=40, length=60, random_state=0):
    """A corpus of three words drawn from the generative model (18.2) with two topics, for the simplex figure.

    Topic 1 favours word 1, topic 2 word 3; each document's P(z_1 | d) is uniform on [0, 1] and it has
    ``length`` words. Returns (X, topics, mixtures): X documents x words counts, the true P(w | z) (2 x 3)
    and P(z | d) (n_documents x 2).
    """
    n_documents = check_int(n_documents, "n_documents", low=1)
    length = check_int(length, "length", low=1)
    rng = np.random.default_rng(random_state)
    topics = np.array([[0.7, 0.25, 0.05], [0.1, 0.3, 0.6]])
    share = rng.uniform(0.0, 1.0, size=n_documents)
    mixtures = np.column_stack([share, 1.0 - share])
    X = np.array([rng.multinomial(length, m @ topics) for m in mixtures])
    return X, topics, mixtures


def plsa_path(X, n_topics, n_iter, random_state=0):
    """Algorithm 18.1 one iteration at a time from the seeded start of ``PLSA(random_state=...)``.

    Uses :class:`~statlib.topic.PLSA` with ``max_iter=1`` and the previous parameters as its start; returns
    the list of (P(w | z) (K x W), P(z | d) (D x K)) after iterations 0, 1, ..., n_iter and the
    log-likelihoods L at each of them.
    """
    from sklearn.exceptions import ConvergenceWarning

    from ..topic import PLSA

    n_iter = check_int(n_iter, "n_iter", low=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        first = PLSA(n_topics, max_iter=1, tol=0.0, random_state=random_state).fit(X)
        # The start: the same draws as the fit above, before its one iteration.
        rng = np.random.RandomState(random_state)
        W0 = rng.random_sample((n_topics, X.shape[1]))
        Z0 = rng.random_sample((X.shape[0], n_topics))
        path = [(W0 / W0.sum(axis=1, keepdims=True), Z0 / Z0.sum(axis=1, keepdims=True))]
        logliks = [float(first.loglikelihoods_[0])]
        model = first
        for _ in range(n_iter):
            path.append((model.components_, model.doc_topic_))
            logliks.append(model.loglikelihood_)
            model = PLSA(
                n_topics, max_iter=1, tol=0.0, topic_word_init=model.components_, doc_topic_init=model.doc_topic_
            ).fit(X)
    return path, np.array(logliks)


def to_ternary(P):
    """Points of the probability simplex over three outcomes (rows of ``P``) in the plane: e1, e2, e3 go to
    (0, 0), (1, 0), (1/2, sqrt(3)/2)."""
    P = np.atleast_2d(np.asarray(P, dtype=float))
    if P.shape[-1] != 3:
        raise ValueError(f"P must have 3 columns (a distribution over three words), got shape {P.shape}.")
    return np.column_stack([P[:, 1] + P[:, 2] / 2, P[:, 2] * np.sqrt(3) / 2])


def plot_simplex(ax, X, topic_word, doc_topic, title=None, true_topics=None):
    """Fig. 18.5 on data: the word simplex (triangle), the documents' empirical P(w | d) (hollow), the
    fitted P(w | d) = sum_z P(z | d) P(w | z) (18.7) (dots), and the topic simplex spanned by the P(w | z).

    ``X`` holds counts (documents x 3 words), ``topic_word`` P(w | z) (K x 3), ``doc_topic`` P(z | d)
    (documents x K); ``true_topics``, if given, is drawn as crosses (rows: distributions over the 3 words).
    """
    X = np.asarray(X, dtype=float)
    topic_word = np.asarray(topic_word, dtype=float)
    doc_topic = np.asarray(doc_topic, dtype=float)
    if X.ndim != 2 or X.shape[1] != 3 or X.shape[0] == 0 or np.any(X < 0) or np.any(X.sum(axis=1) <= 0):
        raise ValueError(f"X must be non-negative counts of 3 words with no empty document, got shape {X.shape}.")
    if topic_word.ndim != 2 or topic_word.shape[1] != 3:
        raise ValueError(f"topic_word must have shape (K, 3), got {topic_word.shape}.")
    if doc_topic.shape != (X.shape[0], topic_word.shape[0]):
        raise ValueError(
            f"doc_topic must have shape (n_documents, K) = {(X.shape[0], topic_word.shape[0])}, got {doc_topic.shape}."
        )
    corners = to_ternary(np.eye(3))
    ax.fill(corners[:, 0], corners[:, 1], color="0.95", edgecolor="0.3", lw=1)
    # Each corner's name centred under (word 1, word 2) or over (word 3) its corner, so that it stays inside the axes.
    for p, name, dy, va in zip(corners, ["word 1", "word 2", "word 3"], [-0.03, -0.03, 0.03], ["top", "top", "bottom"]):
        ax.text(p[0], p[1] + dy, name, fontsize=9, ha="center", va=va)
    empirical = to_ternary(X / X.sum(axis=1, keepdims=True))
    ax.scatter(
        empirical[:, 0], empirical[:, 1], facecolors="none", edgecolors="0.5", s=18, label="documents: n(w, d) / n(d)"
    )
    fitted = to_ternary(doc_topic @ topic_word)
    ax.scatter(fitted[:, 0], fitted[:, 1], color="C0", s=10, label="model: P(w | d) (18.7)")
    for a, b in zip(empirical, fitted):
        ax.plot([a[0], b[0]], [a[1], b[1]], color="C0", lw=0.4, alpha=0.5)
    vertices = to_ternary(topic_word)
    closed = np.vstack([vertices, vertices[:1]])
    ax.plot(closed[:, 0], closed[:, 1], color="C3", lw=1.5)
    ax.scatter(vertices[:, 0], vertices[:, 1], color="C3", marker="s", s=40, zorder=3, label="topics: P(w | z)")
    if true_topics is not None:
        t = to_ternary(true_topics)
        ax.scatter(t[:, 0], t[:, 1], color="k", marker="x", s=40, zorder=3, label="true topics")
    ax.set_aspect("equal")
    ax.set_xlim(-0.1, 1.1)
    ax.set_ylim(-0.1, 0.95)
    ax.set_xlabel("simplex coordinate 1 (P(w2) + P(w3) / 2)")
    ax.set_ylabel("simplex coordinate 2 (P(w3) sqrt(3) / 2)")
    ax.legend(loc="upper left", fontsize=7)
    if title:
        ax.set_title(title, fontsize=10)


def _node(ax, xy, label, observed=False):
    from matplotlib.patches import Circle

    ax.add_patch(Circle(xy, 0.32, facecolor="0.75" if observed else "white", edgecolor="k", lw=1.2, zorder=2))
    ax.text(*xy, label, ha="center", va="center", fontsize=12, zorder=3)


def _arrow(ax, a, b):
    ax.annotate(
        "", xy=(b[0] - 0.34, b[1]), xytext=(a[0] + 0.34, a[1]), arrowprops=dict(arrowstyle="-|>", color="k", lw=1.2)
    )


def _plate(ax, x0, y0, w, h, label):
    from matplotlib.patches import Rectangle

    ax.add_patch(Rectangle((x0, y0), w, h, fill=False, edgecolor="k", lw=1))
    ax.text(x0 + w - 0.1, y0 + 0.1, label, ha="right", va="bottom", fontsize=11)


def plot_plates(axes):
    """Figs. 18.2 and 18.3: plate diagrams of the generative model d -> z -> w and the co-occurrence model
    d <- z -> w (shaded nodes observed; the plates repeat over the L words of a document and the N documents,
    and over the N x L word-document pairs)."""
    ax1, ax2 = axes
    d, z, w = (0.8, 1.0), (2.6, 1.0), (4.4, 1.0)
    _node(ax1, d, "$d$", observed=True)
    _node(ax1, z, "$z$")
    _node(ax1, w, "$w$", observed=True)
    _arrow(ax1, d, z)
    _arrow(ax1, z, w)
    _plate(ax1, 1.95, 0.35, 3.05, 1.3, "$L$")
    _plate(ax1, 0.2, -0.15, 5.0, 2.05, "$N$")
    ax1.text(1.7, 1.25, "$P(z|d)$", ha="center", fontsize=9)
    ax1.text(3.5, 1.25, "$P(w|z)$", ha="center", fontsize=9)
    ax1.set_title("Fig. 18.2: generative model (18.2)")
    _node(ax2, d, "$d$", observed=True)
    _node(ax2, z, "$z$")
    _node(ax2, w, "$w$", observed=True)
    ax2.annotate(
        "", xy=(d[0] + 0.34, d[1]), xytext=(z[0] - 0.34, z[1]), arrowprops=dict(arrowstyle="-|>", color="k", lw=1.2)
    )
    _arrow(ax2, z, w)
    _plate(ax2, 0.2, 0.35, 4.8, 1.3, "$N \\times L$ pairs $(w, d)$")
    ax2.text(1.7, 1.25, "$P(d|z)$", ha="center", fontsize=9)
    ax2.text(3.5, 1.25, "$P(w|z)$", ha="center", fontsize=9)
    ax2.text(2.6, 0.45, "$P(z)$", ha="center", fontsize=9)
    ax2.set_title("Fig. 18.3: co-occurrence model (18.5)")
    for ax in axes:
        ax.set_xlim(0, 5.4)
        ax.set_ylim(-0.2, 2.1)
        ax.set_aspect("equal")
        ax.axis("off")


def plsa_explorer(n_iter=40):
    """An iteration slider, a topic-count slider and a seed slider: Algorithm 18.1 on a three-word corpus,
    drawn in the word simplex (Fig. 18.5) beside the log-likelihood curve."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    X, topics, _ = simplex_corpus()
    runs = {}

    def run(k, seed):
        if (k, seed) not in runs:
            runs[k, seed] = plsa_path(X, k, n_iter, random_state=seed)
        return runs[k, seed]

    n_topics = widgets.IntSlider(value=2, min=1, max=3, description="topics K")
    seed = widgets.IntSlider(value=0, min=0, max=9, description="start (seed)")
    step = widgets.IntSlider(value=3, min=0, max=n_iter, description="iteration t")

    def draw():
        path, logliks = run(n_topics.value, seed.value)
        W, Z = path[step.value]
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.4), gridspec_kw={"width_ratios": [1.2, 1]})
        plot_simplex(axes[0], X, W, Z, f"word simplex after {step.value} EM iterations", true_topics=topics)
        axes[1].plot(logliks, color="C0")
        axes[1].scatter([step.value], [logliks[step.value]], color="C3", zorder=3)
        axes[1].set_xlabel("EM iteration t")
        axes[1].set_ylabel("log-likelihood L")
        axes[1].set_title("L never decreases")
        fig.tight_layout()
        return fig

    return explorer_panel([[n_topics, seed], [step]], draw)


def demo_explorer():
    """The PLSA explorer on a three-word corpus drawn from two topics."""
    return plsa_explorer()
