"""Figures and the explorer of the summary of unsupervised learning (Li Hang ch. 22).

``plot_method_map`` redraws Figure 22.1 (how the unsupervised methods rest on the basic ones),
``plot_gaussian_plate`` Figure 22.2 (LSA and NMF as a Gaussian generative model), ``fit_assignments`` runs one
of the part's methods on a document-word matrix and returns a cluster or topic per document, and
``method_explorer`` lets the reader pick the method and the number of clusters and see the documents' 2-D map
coloured by what the method found.
"""

from functools import lru_cache

import numpy as np

from ._common import _rect_is_free, _renderer, _text_size

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
    patch = ax.add_patch(
        FancyBboxPatch(
            (x - width / 2, y - height / 2), width, height, boxstyle="round,pad=0.05", fc=colour, ec="0.3", lw=0.8
        )
    )
    return patch, ax.text(x, y, text, ha="center", va="center", fontsize=fontsize)


def _fit_text_in_boxes(ax, pairs):
    """The largest factor (at most 1) by which the fonts of the (box, text) pairs can be scaled so that each text
    fits its box (a patch, or a ``Bbox`` in data coordinates) two pixels clear of the outline at the axes' present
    size; the texts are scaled by it. A text's
    extent grows in proportion to its font size, so one step gives the factor; a few more shave off the rounding of
    glyph metrics. The caller scales its other texts by the same factor, so that the drawing keeps its proportions."""
    from matplotlib.transforms import Bbox

    canvas = ax.figure.canvas
    if not hasattr(canvas, "get_renderer"):
        return 1.0
    renderer = canvas.get_renderer()
    base = [text.get_fontsize() for _, text in pairs]

    def room():
        ratios = [1.0]
        for region, text in pairs:
            if isinstance(region, Bbox):  # a slot in data coordinates
                outer = ax.transData.transform_bbox(region)
            else:
                outer = region.get_window_extent(renderer)
            inner = outer.padded(-2.0)  # two pixels clear of the outline
            extent = text.get_window_extent(renderer)
            ratios += [max(inner.width, 0.0) / extent.width, max(inner.height, 0.0) / extent.height]
        return min(ratios)

    factor = 1.0
    for _ in range(8):
        need = room()
        if need >= 1.0:
            break
        factor *= 0.99 * need
        for (_, text), size in zip(pairs, base):
            text.set_fontsize(size * factor)
    return factor


# Figure 22.1 shades the methods of the book's Part I dark grey and those of Part II light grey.
PART_I_COLOUR, PART_II_COLOUR = "#a6a6a6", "#ececec"


def plot_method_map(ax):
    """Li Hang Figure 22.1: the unsupervised methods (top) and the basic methods they rest on (bottom).

    As in the book, the methods of Part I (the Gaussian mixture and EM, chapter 9) are dark grey and those of
    Part II light grey; an arrow goes from a method to the basic method that learns it (§22.1.2). The names are
    broken over up to three lines so that they fit their boxes in a figure about 13 inches wide and 4.4 high (the
    chapter's); in a narrower or lower axes every font of the drawing (names, headings, legend) shrinks by one
    factor, so that each name fits its box and the drawing keeps its proportions. Returns ``ax``.
    """
    width, height, top_y, basic_y = 2.7, 0.95, 3.35, 0.95
    tasks = {
        "clustering": ["hierarchical\n(ch. 14)", "k-means\n(ch. 14)", "Gaussian\nmixture\n(ch. 9)"],
        "dimension\nreduction": ["PCA\n(ch. 16)"],
        "topic analysis": ["LSA\n(ch. 17)", "PLSA\n(ch. 18)", "LDA\n(ch. 20)"],
        "graph analysis": ["PageRank\n(ch. 21)"],
    }
    pairs, others = [], []  # the names in boxes; the headings and captions around them
    top = {}
    x = 0.0
    for task, methods in tasks.items():
        xs = [x + 3.0 * i for i in range(len(methods))]
        others.append(ax.text(np.mean(xs), 4.4, task, ha="center", va="center", fontsize=10, fontweight="bold"))
        for xi, method in zip(xs, methods):
            colour = PART_I_COLOUR if "ch. 9" in method else PART_II_COLOUR
            pairs.append(_box(ax, (xi, top_y), method, colour, width=width, height=height))
            top[method.split("\n")[0]] = xi
        x = xs[-1] + 3.3
    # Each basic method by its short name: (its label, its x position).
    basics = {
        "SVD": ("SVD\n(ch. 15)", top["PCA"]),
        "NMF": ("NMF\n(ch. 17)", top["LSA"]),
        "EM": ("EM\n(ch. 9)", top["PLSA"] + 0.3),
        "VI": ("variational\ninference\n(ch. 20)", top["LDA"] + 0.3),
        "MCMC": ("MCMC\n(ch. 19)", top["LDA"] + 3.3),
        "power": ("power\nmethod\n(ch. 21)", top["PageRank"] + 3.6),
    }
    for name, xi in basics.values():
        colour = PART_I_COLOUR if "ch. 9" in name else PART_II_COLOUR
        pairs.append(_box(ax, (xi, basic_y), name, colour, width=width, height=height))
    groups = [
        ("matrix factorisation", ["SVD", "NMF"]),
        ("latent-variable estimation", ["EM", "VI", "MCMC"]),
        ("eigenvalues", ["power"]),
    ]
    for label, members in groups:
        group_x = np.mean([basics[m][1] for m in members])
        others.append(
            ax.text(group_x, basic_y - height / 2 - 0.2, label, ha="center", va="top", fontsize=9, style="italic")
        )
    # The dependencies the book states in §22.1.2; hierarchical clustering (heuristic) and k-means (its own
    # iteration) rest on none of the basic methods.
    links = [
        ("Gaussian", "EM"),
        ("PCA", "SVD"),
        ("LSA", "SVD"),
        ("LSA", "NMF"),
        ("PLSA", "EM"),
        ("LDA", "VI"),
        ("LDA", "MCMC"),
        ("PageRank", "power"),
    ]
    for method, basic in links:
        ax.annotate(
            "",
            xy=(basics[basic][1], basic_y + height / 2 + 0.05),
            xytext=(top[method], top_y - height / 2 - 0.05),
            arrowprops=dict(arrowstyle="->", color="0.35", lw=0.9),
        )
    from matplotlib.patches import Patch

    def legend(fontsize):
        ax.legend(
            handles=[
                Patch(fc=PART_I_COLOUR, ec="0.3", label="Part I (supervised learning)"),
                Patch(fc=PART_II_COLOUR, ec="0.3", label="Part II (unsupervised learning)"),
            ],
            loc="lower left",
            bbox_to_anchor=(0.08, 0.06),
            fontsize=fontsize,
            frameon=False,
        )

    from matplotlib.transforms import Bbox

    legend(8)
    others.append(ax.text(-3.9, top_y, "unsupervised\nmethods", ha="left", va="center", fontsize=8, color="0.35"))
    others.append(ax.text(-3.9, basic_y, "basic\nmethods", ha="left", va="center", fontsize=8, color="0.35"))
    ax.set_xlim(-4.0, max(xi for _, xi in basics.values()) + 1.6)
    ax.set_ylim(-0.1, 4.75)
    ax.axis("off")
    # The row names fit the room left of the first box, as the names fit their boxes.
    left = -width / 2 - 0.05  # the first box's outline
    slots = [
        (Bbox([[-3.95, y - height / 2], [left, y + height / 2]]), t) for y, t in zip((top_y, basic_y), others[-2:])
    ]
    factor = _fit_text_in_boxes(ax, pairs + slots)
    if factor < 1.0:  # the headings, captions and legend shrink with the names (the legend's patches with its font)
        for text in others[:-2]:  # the row names are scaled already
            text.set_fontsize(factor * text.get_fontsize())
        legend(8 * factor)
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


def _crosses(p, q, r, s):
    """Whether the segments pq and rs cross (touching ends do not count)."""

    def side(a, b, c):
        return np.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))

    return side(p, q, r) * side(p, q, s) < 0 and side(r, s, p) * side(r, s, q) < 0


def _hits(p, q, rect):
    """Whether the segment pq passes through the rectangle (x0, y0, x1, y1)."""
    t = np.linspace(0.0, 1.0, 25)[:, None]
    x, y = (p + t * (q - p)).T
    return bool(np.any((x > rect[0]) & (x < rect[2]) & (y > rect[1]) & (y < rect[3])))


def _place_names(ax, points, names, *, fontsize=8):
    """Write ``names`` at ``points`` (data coordinates) without overlaps.

    Each name sits on its point if there it covers no other point or name; otherwise it is set aside, at least two
    name heights away, joined to its point by a thin line, at the place that is nearest and most outward (away
    from the middle of all the points) among those inside the axes whose name and line cross no other name or
    line. The most isolated points are served first. Places are found at the axes' present size: a layout that
    later enlarges the axes (``constrained_layout``) only widens the gaps. Returns the text annotations.
    """
    renderer = _renderer(ax)
    points = np.asarray(points, dtype=float)
    pixels = ax.transData.transform(points)
    frame = ax.get_window_extent(renderer)
    middle = pixels.mean(axis=0)
    gaps = np.linalg.norm(pixels[:, None] - pixels[None], axis=-1) + np.diag(np.full(len(points), np.inf))
    order = np.argsort(-gaps.min(axis=1), kind="stable") if len(points) > 1 else np.arange(len(points))
    style = dict(fontsize=fontsize, fontweight="bold", color="0.1", ha="center", va="center")
    box = dict(boxstyle="round,pad=0.15", fc="white", ec="none", alpha=0.75)
    rects, lines = [], []  # the names (x0, y0, x1, y1) and joining lines (point, name centre) placed so far
    texts = [None] * len(points)
    for i in order:
        w, h = _text_size(ax, names[i], **style)
        w, h = w + 4, h + 2  # room for the pale box behind the name
        outward = pixels[i] - middle
        outward = outward / np.linalg.norm(outward) if np.linalg.norm(outward) > 0 else np.zeros(2)
        others = np.delete(pixels, i, axis=0)
        step = 0.6 * h
        # On the point, or far enough away for the line to show; nearest first, so that the search can stop once
        # the distance alone exceeds the best cost found.
        offsets = [np.array([a * step, b * step]) for a in range(-16, 17) for b in range(-16, 17)]
        offsets = sorted((o for o in offsets if not 0 < np.hypot(*o) < 2 * h), key=lambda o: np.hypot(*o))
        best, best_cost = (0.0, 0.0), np.inf
        for offset in offsets:
            r = float(np.hypot(*offset))
            if r >= best_cost:
                break
            x, y = pixels[i] + offset
            rect = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if not _rect_is_free(rect, frame, rects, others, inset=0, margin=3):
                continue
            cost = r * (1.0 + 0.6 * (1.0 - (offset @ outward) / r)) if r > 0 else 0.0
            if cost >= best_cost:
                continue
            centre = np.array([x, y])
            if any(_hits(p, q, rect) for p, q in lines):
                continue
            placed = zip(lines, rects)
            if r > 0 and any(_hits(pixels[i], centre, o) or _crosses(pixels[i], centre, *pq) for pq, o in placed):
                continue
            best, best_cost = (float(offset[0]), float(offset[1])), cost
        x, y = pixels[i] + best
        rects.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        lines.append((pixels[i], np.array([x, y])))
        to_points = 72.0 / ax.figure.dpi
        moved = best != (0.0, 0.0)
        texts[i] = ax.annotate(
            names[i],
            points[i],
            xytext=(best[0] * to_points, best[1] * to_points),
            textcoords="offset points",
            bbox=box,
            arrowprops=dict(arrowstyle="-", color="0.2", lw=0.7, shrinkA=0, shrinkB=3) if moved else None,
            **style,
        )
    return texts


def plot_assignments(ax, Y2, assignments, labels, *, title=None, axis_names=("LSA coordinate 2", "LSA coordinate 3")):
    """The documents' 2-D map ``Y2``, coloured by ``assignments``, with each true label's centre marked.

    The chapter's map uses LSA coordinates 2 and 3: the first follows mostly the documents' overall weight. Each
    centre is a black dot with the label's last dotted part as its name; names that would overlap are moved
    apart and joined to their dots by a line.
    """
    import matplotlib

    Y2 = np.asarray(Y2, dtype=float)
    groups = np.unique(assignments)
    cmap = matplotlib.colormaps["tab10"]
    for g in groups:
        mask = assignments == g
        ax.scatter(*Y2[mask].T, s=6, color=cmap(int(g) % 10), alpha=0.6)
    labels = np.asarray(labels)
    names = np.unique(labels)
    centres = np.array([Y2[labels == name].mean(axis=0) for name in names])
    ax.scatter(*centres.T, s=14, color="k", edgecolor="white", lw=0.6, zorder=3)
    # The limits are fixed before the names are placed, so that the places are found on the final map.
    low, high = Y2.min(axis=0), Y2.max(axis=0)
    pad = 0.05 * np.where(high > low, high - low, 1.0)
    ax.set_xlim(low[0] - pad[0], high[0] + pad[0])
    ax.set_ylim(low[1] - pad[1], high[1] + pad[1])
    _place_names(ax, centres, [str(name).split(".")[-1] for name in names])
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
