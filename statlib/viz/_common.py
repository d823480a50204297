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
