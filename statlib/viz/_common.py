import inspect
import io
import time

import numpy as np


def plot_decision_regions(
    ax,
    predict,
    X,
    y,
    *,
    resolution=300,
    padding=0.5,
    cmap="coolwarm",
    alpha=0.25,
    labels=None,
    markers=("o", "s", "^", "D", "v", "P"),
):
    """Shade the regions ``predict`` assigns to each class over the box around ``X`` (2 features) and
    scatter the points ``X`` coloured by ``y``. Returns the axes."""
    import matplotlib.pyplot as plt

    X = np.asarray(X, dtype=float)
    x0, x1 = X[:, 0].min() - padding, X[:, 0].max() + padding
    y0, y1 = X[:, 1].min() - padding, X[:, 1].max() + padding
    gx, gy = np.meshgrid(np.linspace(x0, x1, resolution), np.linspace(y0, y1, resolution))
    classes = np.unique(y)
    z = np.asarray(predict(np.c_[gx.ravel(), gy.ravel()])).reshape(gx.shape)
    z_index = np.searchsorted(classes, z)
    colours = plt.get_cmap(cmap)(np.linspace(0, 1, len(classes)))
    ax.contourf(gx, gy, z_index, levels=np.arange(len(classes) + 1) - 0.5, colors=colours, alpha=alpha)
    for k, c in enumerate(classes):
        name = labels[k] if labels is not None else str(c)
        ax.scatter(*X[y == c].T, color=colours[k], edgecolor="k", marker=markers[k % len(markers)], label=name, s=30)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    return ax


def _renderer(ax):
    """The renderer of ``ax``'s canvas (None where the backend has none), for measuring drawn extents."""
    canvas = ax.figure.canvas
    return canvas.get_renderer() if hasattr(canvas, "get_renderer") else None


def _text_size(ax, text, **style):
    """Width and height in display pixels of ``text`` as ``ax`` would draw it with ``style`` (drawn, measured and
    removed): the size of a label's box before a placer looks for room for it."""
    probe = ax.text(0, 0, text, transform=None, **style)
    extent = probe.get_window_extent(_renderer(ax))
    probe.remove()
    return extent.width, extent.height


def _rect_is_free(rect, frame, placed, marks, *, inset, margin):
    """Whether a label's box ``rect`` (x0, y0, x1, y1, display pixels) lies ``inset`` pixels inside ``frame`` (the
    axes' extent), overlaps none of the boxes ``placed`` and has no marker of ``marks`` (an (m, 2) array of pixel
    positions) within ``margin`` pixels: the test the figure helpers' label placers share."""
    if not (frame.x0 + inset <= rect[0] and rect[2] <= frame.x1 - inset):
        return False
    if not (frame.y0 + inset <= rect[1] and rect[3] <= frame.y1 - inset):
        return False
    if any(rect[0] < o[2] and o[0] < rect[2] and rect[1] < o[3] and o[1] < rect[3] for o in placed):
        return False
    near = (marks[:, 0] > rect[0] - margin) & (marks[:, 0] < rect[2] + margin)
    return not np.any(near & (marks[:, 1] > rect[1] - margin) & (marks[:, 1] < rect[3] + margin))


def _segment_crosses_rect(p, q, rect):
    """Whether the segment from ``p`` to ``q`` (display pixels) passes through the inside of ``rect`` (x0, y0, x1,
    y1): the segment is clipped to the rectangle's slab in x, then in y (Liang and Barsky), exactly."""
    low, high = 0.0, 1.0
    for start, delta, lo, hi in ((p[0], q[0] - p[0], rect[0], rect[2]), (p[1], q[1] - p[1], rect[1], rect[3])):
        if delta == 0.0:
            if not lo < start < hi:
                return False
            continue
        t0, t1 = (lo - start) / delta, (hi - start) / delta
        low, high = max(low, min(t0, t1)), min(high, max(t0, t1))
        if low >= high:
            return False
    return True


def _place_beside(
    ax,
    points,
    sizes,
    candidates,
    *,
    marks=None,
    margin=3.0,
    segments=None,
    placed=(),
    order=None,
    inset=0.0,
    inside=True,
):
    """Place each label beside its point at the first free spot among candidate offsets: the label placer that
    the figure helpers share (the topic map's words and titles, the k-means samples' names, the biplot's variables).

    ``points`` are the labelled points (n, 2) and ``marks`` the markers no label may cover (m, 2), both in data
    coordinates; ``sizes`` the labels' boxes (n, 2): width and height in display pixels; ``candidates[i]`` the
    offsets (dx, dy) in pixels of label i's centre from its point, in order of preference. Labels are served in
    ``order`` (default: as given); each takes its first candidate whose box lies ``inset`` pixels inside the axes
    (unless ``inside`` is False, for a caller whose margins keep its labels inside at limits set later), overlaps
    no box of ``placed`` (a legend, say) and no label placed before it, keeps ``margin`` pixels (a number, or one
    per mark) from every mark, and is crossed by none of ``segments`` (s, 2, 2; data coordinates: arrows, moves).
    Where none is free it takes the first of those that only segments cross, the fewest of them (a label is drawn
    over a line rather than over another label), and where there is none either, its first candidate. Places are
    found at the axes' present size and limits, so set the limits first.

    Returns ``(choices, boxes)``: for each label the index of the candidate taken (None where it took its first
    candidate for want of any other) and its box (x0, y0, x1, y1) in pixels.
    """
    from matplotlib.transforms import Bbox

    frame = ax.get_window_extent(_renderer(ax)) if inside else Bbox([[-np.inf, -np.inf], [np.inf, np.inf]])
    pixels = ax.transData.transform(np.asarray(points, dtype=float).reshape(-1, 2))
    sizes = np.asarray(sizes, dtype=float).reshape(-1, 2)
    if len(sizes) != len(pixels) or len(candidates) != len(pixels):
        raise ValueError(
            f"sizes and candidates must have one entry per point: {len(pixels)} points, {len(sizes)} sizes, "
            f"{len(candidates)} candidate lists"
        )
    marks = np.empty((0, 2)) if marks is None else ax.transData.transform(np.asarray(marks, dtype=float).reshape(-1, 2))
    margin = np.asarray(margin, dtype=float)
    if margin.ndim and margin.shape != (len(marks),):
        raise ValueError(f"margin must be a number or one per mark: {len(marks)} marks, margin of shape {margin.shape}")
    ends = [] if segments is None else [ax.transData.transform(np.asarray(s, dtype=float)) for s in segments]
    taken = [tuple(box) for box in placed]
    choices, boxes = [None] * len(pixels), [None] * len(pixels)
    for i in range(len(pixels)) if order is None else order:
        (w, h), first, crossed = sizes[i], None, None
        for k, (dx, dy) in enumerate(candidates[i]):
            x, y = pixels[i, 0] + dx, pixels[i, 1] + dy
            rect = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            first = rect if first is None else first
            if not _rect_is_free(rect, frame, taken, marks, inset=inset, margin=margin):
                continue
            crossings = sum(_segment_crosses_rect(p, q, rect) for p, q in ends)
            if crossings:
                crossed = (crossings, k, rect) if crossed is None or crossings < crossed[0] else crossed
                continue
            choices[i], boxes[i] = k, rect
            break
        else:
            if crossed is not None:
                choices[i], boxes[i] = crossed[1:]
            else:
                boxes[i] = first
        taken.append(boxes[i])
    return choices, boxes


def time_side_by_side(runs, *, repeat=5, number=1):
    """Time each ``name -> callable`` in ``runs``: seconds per call, the best of ``repeat`` rounds.

    The conditions are those of the benchmarks (``benchmarks/``), so a chapter's table and the performance
    appendix measure alike:

    - one warm-up call each first, which excludes Numba's compilation and fills the caches;
    - one thread per side: BLAS and OpenMP are held to one thread (``threadpoolctl``) while timing, as
      scikit-learn's or SciPy's C code and statlib's serial kernels would otherwise get different numbers of
      cores; on a machine whose cores are busy, a threaded BLAS can also wait a whole scheduler slice per call;
    - the rounds are interleaved (each round calls every entry once, ``number`` times in a row), so a burst of
      load from elsewhere slows all sides alike instead of one.

    Returns a dict name -> seconds per call. Timings vary between machines and runs, so cells printing them
    are tagged ``nbval-ignore-output``.
    """
    from threadpoolctl import threadpool_limits

    if not isinstance(runs, dict) or not runs:
        raise TypeError(f"runs must be a non-empty dict of name -> callable, got {type(runs).__name__}")
    for name, fn in runs.items():
        if not callable(fn):
            raise TypeError(f"runs[{name!r}] must be callable, got {type(fn).__name__}")
    for arg, value in (("repeat", repeat), ("number", number)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
            raise ValueError(f"{arg} must be a positive integer, got {value!r}")
    best = dict.fromkeys(runs, np.inf)
    with threadpool_limits(limits=1):
        for fn in runs.values():
            fn()  # warm-up: compile, fill caches
        for _ in range(repeat):
            for name, fn in runs.items():
                start = time.perf_counter()
                for _ in range(number):
                    fn()
                best[name] = min(best[name], (time.perf_counter() - start) / number)
    return best


def show_source(obj, *, start=None, stop=None):
    """Print the source of a statlib function or class, so the reader sees the implementation.

    For a Numba kernel, the Python function it compiles is shown. With ``start`` (and ``stop``), only an
    excerpt is printed: from the first line containing the text ``start`` through the next line containing
    ``stop`` (or to the end), e.g. ``show_source(kernel, start="# (14.8)", stop="return")``. A chapter prints
    such excerpts beside the equations they implement, and the whole source in a collapsed cell.
    """
    for name, value in (("start", start), ("stop", stop)):
        if value is not None and not isinstance(value, str):
            raise TypeError(f"{name} must be a string or None, got {type(value).__name__}")
    if stop is not None and start is None:
        raise ValueError("stop needs start: an excerpt begins at the line containing start")
    target = getattr(obj, "py_func", obj)
    source = inspect.getsource(target)
    if start is None:
        print(source)
        return
    lines = source.splitlines()
    first = next((i for i, line in enumerate(lines) if start in line), None)
    if first is None:
        raise ValueError(f"start: no line of {target.__qualname__} contains {start!r}")
    last = len(lines) - 1
    if stop is not None:
        last = next((i for i in range(first, len(lines)) if stop in lines[i]), None)
        if last is None:
            raise ValueError(f"stop: no line of {target.__qualname__} after {start!r} contains {stop!r}")
    excerpt = lines[first : last + 1]
    indent = min(len(line) - len(line.lstrip()) for line in excerpt if line.strip())
    print("\n".join(line[indent:] for line in excerpt))


def figure_png(fig, *, dpi=100):
    """The figure as PNG bytes (and close it), for an explorer's ``ipywidgets.Image``."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return buffer.getvalue()


def explorer_panel(controls, draw):
    """An explorer: ``controls`` (rows of ipywidgets) above an image that ``draw()`` renders.

    ``draw`` returns a matplotlib figure for the controls' current values; it is redrawn whenever any
    control's value changes. Rendering into an ``Image`` (not an ``Output``) keeps the view testable
    without a kernel: set a control's value and the image's ``value`` (PNG bytes) changes.
    """
    import ipywidgets as widgets

    image = widgets.Image(format="png")

    def redraw(*_):
        image.value = figure_png(draw())

    for row in controls:
        for control in row:
            if hasattr(control, "value") and not isinstance(control, widgets.Play):
                control.observe(redraw, names="value")
    redraw()
    panel = widgets.VBox([widgets.HBox(list(row)) for row in controls] + [image])
    panel.image = image
    return panel
