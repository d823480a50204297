"""Figures and the explorer of the summary of unsupervised learning (Li Hang ch. 22).

``plot_method_map`` redraws Figure 22.1 (how the unsupervised methods rest on the basic ones),
``plot_gaussian_plate`` Figure 22.2 (LSA and NMF as a Gaussian generative model), ``fit_assignments`` runs one
of the part's methods on a document-word matrix and returns a cluster or topic per document, and
``method_explorer`` lets the reader pick the method and the number of clusters and see the documents' 2-D map
coloured by what the method found.
"""

from functools import lru_cache

import numpy as np

__all__ = [
    "METHODS",
    "demo_explorer",
    "fit_assignments",
    "method_explorer",
    "plot_assignments",
    "plot_gaussian_plate",
    "plot_method_map",
]

# The methods of Part II that put each document in a group: hard clusters, or the most probable topic.
METHODS = ("k-means", "hierarchical (Ward)", "Gaussian mixture", "NMF", "PLSA", "LDA (Gibbs)")


def _box(ax, xy, text, colour, width=2.7, height=0.7, fontsize=8.5):
    from matplotlib.patches import FancyBboxPatch

    x, y = xy
    ax.add_patch(
        FancyBboxPatch(
            (x - width / 2, y - height / 2), width, height, boxstyle="round,pad=0.05", fc=colour, ec="0.3", lw=0.8
        )
    )
    ax.text(x, y, text, ha="center", va="center", fontsize=fontsize)


# Figure 22.1 shades the methods of the book's Part I dark grey and those of Part II light grey.
PART_I_COLOUR, PART_II_COLOUR = "#a6a6a6", "#ececec"


def plot_method_map(ax):
    """Li Hang Figure 22.1: the unsupervised methods (top) and the basic methods they rest on (bottom).

    As in the book, the methods of Part I (the Gaussian mixture and EM, chapter 9) are dark grey and those of
    Part II light grey; an arrow goes from a method to the basic method that learns it (§22.1.2). Returns
    ``ax``.
    """
    tasks = {
        "clustering": ["hierarchical\n(ch. 14)", "k-means\n(ch. 14)", "Gaussian\nmixture (ch. 9)"],
        "dimension\nreduction": ["PCA\n(ch. 16)"],
        "topic analysis": ["LSA\n(ch. 17)", "PLSA\n(ch. 18)", "LDA\n(ch. 20)"],
        "graph analysis": ["PageRank\n(ch. 21)"],
    }
    top = {}
    x = 0.0
    for task, methods in tasks.items():
        xs = [x + 3.0 * i for i in range(len(methods))]
        ax.text(np.mean(xs), 4.35, task, ha="center", va="center", fontsize=10, fontweight="bold")
        for xi, method in zip(xs, methods):
            _box(ax, (xi, 3.4), method, PART_I_COLOUR if "ch. 9" in method else PART_II_COLOUR)
            top[method.split("\n")[0]] = xi
        x = xs[-1] + 3.3
    basics = {
        "SVD\n(ch. 15)": top["PCA"],
        "NMF\n(ch. 17)": top["LSA"],
        "EM\n(ch. 9)": top["PLSA"] + 0.3,
        "variational\ninference (ch. 20)": top["LDA"] + 0.3,
        "MCMC\n(ch. 19)": top["LDA"] + 3.3,
        "power method\n(ch. 21)": top["PageRank"] + 3.6,
    }
    for name, xi in basics.items():
        _box(ax, (xi, 0.9), name, PART_I_COLOUR if "ch. 9" in name else PART_II_COLOUR)
    groups = [
        ("matrix factorisation", ["SVD\n(ch. 15)", "NMF\n(ch. 17)"]),
        ("latent-variable estimation", ["EM\n(ch. 9)", "variational\ninference (ch. 20)", "MCMC\n(ch. 19)"]),
        ("eigenvalues", ["power method\n(ch. 21)"]),
    ]
    for label, members in groups:
        ax.text(np.mean([basics[m] for m in members]), 0.2, label, ha="center", fontsize=9, style="italic")
    # The dependencies the book states in §22.1.2; hierarchical clustering (heuristic) and k-means (its own
    # iteration) rest on none of the basic methods.
    links = [
        ("Gaussian", "EM\n(ch. 9)"),
        ("PCA", "SVD\n(ch. 15)"),
        ("LSA", "SVD\n(ch. 15)"),
        ("LSA", "NMF\n(ch. 17)"),
        ("PLSA", "EM\n(ch. 9)"),
        ("LDA", "variational\ninference (ch. 20)"),
        ("LDA", "MCMC\n(ch. 19)"),
        ("PageRank", "power method\n(ch. 21)"),
    ]
    for method, basic in links:
        ax.annotate(
            "",
            xy=(basics[basic], 1.25),
            xytext=(top[method], 3.05),
            arrowprops=dict(arrowstyle="->", color="0.35", lw=0.9),
        )
    from matplotlib.patches import Patch

    ax.legend(
        handles=[
            Patch(fc=PART_I_COLOUR, ec="0.3", label="Part I (supervised learning)"),
            Patch(fc=PART_II_COLOUR, ec="0.3", label="Part II (unsupervised learning)"),
        ],
        loc="lower left",
        bbox_to_anchor=(0.08, 0.06),
        fontsize=8,
        frameon=False,
    )
    ax.text(-3.9, 3.4, "unsupervised\nmethods", ha="left", va="center", fontsize=8, color="0.35")
    ax.text(-3.9, 0.9, "basic\nmethods", ha="left", va="center", fontsize=8, color="0.35")
    ax.set_xlim(-4.0, max(basics.values()) + 1.6)
    ax.set_ylim(0.0, 4.7)
    ax.axis("off")
    return ax


def plot_gaussian_plate(ax):
    """Li Hang Figure 22.2: LSA and NMF as a generative model, d_n ~ N(U v_n, I) for each of N documents."""
    from matplotlib.patches import Circle, Rectangle

    ax.add_patch(Rectangle((1.2, 0.2), 3.0, 2.0, fill=False, lw=1.0))
    ax.text(4.0, 0.35, "N", fontsize=11)
    nodes = {"U": (0.4, 1.2, False), "v_n": (2.0, 1.2, False), "d_n": (3.4, 1.2, True)}
    for name, (x, y, observed) in nodes.items():
        ax.add_patch(Circle((x, y), 0.38, fc="#c8c8c8" if observed else "white", ec="0.2", lw=1.0))
        ax.text(x, y, f"${name}$", ha="center", va="center", fontsize=12)
    arrow = dict(arrowstyle="->", color="0.2", lw=1.0)
    ax.annotate("", xy=(3.0, 1.35), xytext=(0.75, 1.45), arrowprops=dict(arrow, connectionstyle="arc3,rad=-0.35"))
    ax.annotate("", xy=(3.02, 1.2), xytext=(2.38, 1.2), arrowprops=arrow)
    ax.set_xlim(-0.2, 4.5)
    ax.set_ylim(0.0, 2.6)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def fit_assignments(method, counts, tfidf, n_clusters, *, random_state=0):
    """Cluster (or most probable topic) of every document by one of :data:`METHODS`.

    ``counts`` is the document-word count matrix (PLSA and LDA model counts), ``tfidf`` its TF-IDF weighting
    (k-means and NMF work on it; the hierarchical clustering and the Gaussian mixture on its 10-dimensional
    LSA projection, with rows scaled to unit length).
    """
    from scipy import sparse

    from .._validation import check_array, check_choice, check_int
    from ..cluster import AgglomerativeClustering, KMeans
    from ..decomposition import NMF, TruncatedSVD
    from ..mixture import GaussianMixture
    from ..topic import PLSA, LatentDirichletAllocation

    check_choice(method, "method", METHODS)
    dense = check_array(tfidf.toarray() if sparse.issparse(tfidf) else tfidf, "tfidf", min_rows=2)
    n_docs = counts.shape[0] if sparse.issparse(counts) else check_array(counts, "counts", min_rows=2).shape[0]
    if n_docs != dense.shape[0]:
        raise ValueError(
            f"counts and tfidf must have one row per document; counts has {n_docs}, tfidf {dense.shape[0]}"
        )
    n_clusters = check_int(n_clusters, "n_clusters", low=2, high=n_docs)
    norms = np.linalg.norm(dense, axis=1, keepdims=True)
    if np.any(norms == 0):
        raise ValueError("tfidf has a row of zeros (an empty document); every document needs a word")
    unit = dense / norms
    if method == "k-means":
        return KMeans(n_clusters, n_init=4, random_state=random_state).fit(unit).labels_
    if method in ("hierarchical (Ward)", "Gaussian mixture"):
        low = TruncatedSVD(10, algorithm="arpack", random_state=random_state).fit_transform(tfidf)
        low = low / np.linalg.norm(low, axis=1, keepdims=True)
        if method == "hierarchical (Ward)":
            return AgglomerativeClustering(n_clusters, linkage="ward").fit(low).labels_
        mixture = GaussianMixture(n_clusters, n_init=2, random_state=random_state).fit(low)
        return mixture.predict(low)
    if method == "NMF":
        return NMF(n_clusters, init="nndsvd", max_iter=400).fit_transform(tfidf).argmax(axis=1)
    if method == "PLSA":
        model = PLSA(n_clusters, max_iter=2000, tol=1e-6, random_state=random_state).fit(counts)
        return model.doc_topic_.argmax(axis=1)
    lda = LatentDirichletAllocation(n_clusters, alpha=0.1, beta=0.01, n_iter=300, random_state=random_state)
    return lda.fit(counts).doc_topic_.argmax(axis=1)


def plot_assignments(ax, Y2, assignments, labels, *, title=None, axis_names=("LSA coordinate 2", "LSA coordinate 3")):
    """The documents' 2-D map ``Y2``, coloured by ``assignments``, with each true label's centre marked.

    The chapter's map uses LSA coordinates 2 and 3: the first follows mostly the documents' overall weight.
    """
    import matplotlib

    groups = np.unique(assignments)
    cmap = matplotlib.colormaps["tab10"]
    for g in groups:
        mask = assignments == g
        ax.scatter(*Y2[mask].T, s=6, color=cmap(int(g) % 10), alpha=0.6)
    labels = np.asarray(labels)
    for name in np.unique(labels):
        centre = Y2[labels == name].mean(axis=0)
        ax.annotate(name.split(".")[-1], centre, fontsize=8, ha="center", fontweight="bold", color="0.1")
    ax.set_xlabel(axis_names[0])
    ax.set_ylabel(axis_names[1])
    if title:
        ax.set_title(title, fontsize=10)
    return ax


def method_explorer(counts, tfidf, labels, Y2, *, methods=METHODS, max_clusters=12):
    """Widget: choose a method and the number of clusters K; the map is coloured by what the method finds.

    ``Y2`` holds the documents' 2-D map coordinates (one row per document), ``labels`` their true groups.
    """
    import ipywidgets as widgets
    import matplotlib.pyplot as plt
    from sklearn.metrics import normalized_mutual_info_score

    from .._validation import check_array, check_int
    from ._common import explorer_panel

    Y2 = check_array(Y2, "Y2")
    labels = np.asarray(labels)
    if Y2.shape[1] != 2 or Y2.shape[0] != labels.shape[0] or counts.shape[0] != labels.shape[0]:
        raise ValueError(
            f"Y2 must have shape (n_documents, 2) and labels one entry per document; got Y2 of shape {Y2.shape}, "
            f"{labels.shape[0]} labels and {counts.shape[0]} documents in counts"
        )
    unknown = set(methods) - set(METHODS)
    if unknown:
        raise ValueError(f"methods must be taken from {METHODS}; unknown: {sorted(unknown)}")
    max_clusters = check_int(max_clusters, "max_clusters", low=2, high=counts.shape[0])
    method = widgets.Dropdown(options=list(methods), value=methods[0], description="method")
    k = widgets.IntSlider(value=min(8, max_clusters), min=2, max=max_clusters, description="K")

    @lru_cache(maxsize=64)
    def assignments(name, n_clusters):
        return fit_assignments(name, counts, tfidf, n_clusters)

    def draw():
        found = assignments(method.value, k.value)
        fig, ax = plt.subplots(figsize=(6, 4.4))
        nmi = normalized_mutual_info_score(labels, found)
        plot_assignments(ax, Y2, found, labels, title=f"{method.value}, K = {k.value}: NMI with the packages {nmi:.2f}")
        return fig

    return explorer_panel([[method, k]], draw)


def demo_explorer():
    """The explorer on a small corpus: three NumPy/SciPy subpackages."""
    from ..datasets import load_docstring_corpus
    from ..decomposition import TruncatedSVD

    corpus = load_docstring_corpus(["numpy.linalg", "scipy.optimize", "scipy.signal"], min_df=5)
    counts = corpus.X.astype(float)
    Y2 = TruncatedSVD(2, algorithm="arpack", random_state=0).fit_transform(counts)
    return method_explorer(counts, counts, corpus.labels, Y2, methods=("k-means", "NMF"), max_clusters=4)
