"""Figures and the Viterbi explorer for the hidden Markov model chapter (Li Hang ch. 10)."""

import numpy as np


def draw_trellis(
    ax,
    values,
    *,
    psi=None,
    path=None,
    upto=None,
    all_edges=False,
    value_name="δ",
    state_labels=None,
    obs_labels=None,
    fmt="{:.4g}",
    show_path=True,
    fontsize=8,
):
    """Draw the trellis of an HMM (Li Hang Figures 10.2 and 10.4): one column per time, one node per state.

    Parameters
    ----------
    ax : matplotlib Axes
    values : ndarray (T, N)
        Number written at each node (delta for Viterbi, alpha for the forward pass).
    psi : ndarray (T, N) of int, optional
        Back-pointers; an arrow is drawn from ``psi[t, i]`` at time t-1 to i at time t.
    path : sequence of int, optional
        A state path to highlight (drawn in red over the arrows).
    upto : int, optional
        Show only times 0..upto-1 (for stepping through the recursion); the path is drawn only when
        every column is shown (and ``show_path`` is true).
    all_edges : bool
        Draw every transition as a thin grey line (the "path structure" of Figure 10.2).
    fmt, fontsize : str, float
        How the numbers are written; each node's circle is sized to hold the widest of them.
    """
    T, N = values.shape
    upto = T if upto is None else int(upto)
    state_labels = state_labels or [f"{i + 1}" for i in range(N)]

    def y(i):  # state 1 on top, as in the book
        return N - 1 - i

    if all_edges:
        for t in range(1, T):
            for j in range(N):
                for i in range(N):
                    ax.plot([t - 1, t], [y(j), y(i)], color="0.85", lw=0.8, zorder=1)
    # Size the circles to the widest number they hold, so that no value overflows its node: a digit of
    # DejaVu Sans at the given font size is about 0.64 of its size wide, the decimal point about half that.
    texts = [[fmt.format(v) for v in row] for row in values]
    width = max(
        fontsize * (0.64 * sum(ch.isdigit() or ch in "-e+" for ch in x) + 0.32 * x.count("."))
        for row in texts
        for x in row
    )
    diameter = max(28.0, width + 9.0)  # points, with a margin inside the ring
    if psi is not None:
        for t in range(1, upto):
            for i in range(N):
                j = psi[t, i]
                ax.annotate(
                    "",
                    xy=(t, y(i)),
                    xytext=(t - 1, y(j)),
                    arrowprops=dict(
                        arrowstyle="->", color="tab:blue", lw=1.2, shrinkA=diameter / 2 + 2, shrinkB=diameter / 2 + 2
                    ),
                    zorder=2,
                )
    if path is not None and upto == T and show_path:
        ax.plot(np.arange(T), [y(i) for i in path], color="tab:red", lw=3, alpha=0.6, zorder=3, label="optimal path")
    for t in range(T):
        for i in range(N):
            shown = t < upto
            ax.scatter(
                t, y(i), s=diameter**2, color="white" if shown else "0.95", edgecolor="k" if shown else "0.8", zorder=4
            )
            if shown:
                ax.text(t, y(i), texts[t][i], ha="center", va="center", fontsize=fontsize, zorder=5)
    ax.set_xticks(range(T))
    labels = [f"t = {t + 1}" + (f"\n{obs_labels[t]}" if obs_labels is not None else "") for t in range(T)]
    ax.set_xticklabels(labels)
    ax.set_yticks([y(i) for i in range(N)])
    ax.set_yticklabels(state_labels)
    ax.set_xlim(-0.6, T - 0.4)
    ax.set_ylim(-0.6, N - 0.4)
    ax.set_xlabel("time t (and observation $o_t$)")
    ax.set_ylabel("state")
    ax.set_title(f"nodes: {value_name}$_t(i)$", fontsize=9)
    return ax


def draw_recursion(ax, kind="forward"):
    """Draw one step of the forward or the backward recursion (Li Hang Figures 10.1 and 10.3).

    ``kind="forward"``: the N forward probabilities alpha_t(j) at time t flow along the transitions a_ji into
    state q_i at time t + 1, eq. (10.16). ``kind="backward"``: beta_t(i) collects a_ij b_j(o_{t+1}) beta_{t+1}(j)
    from every state q_j at time t + 1, eq. (10.20). The N states are drawn as q_1, q_2, ..., q_N.
    """
    kind = str(kind)
    if kind not in ("forward", "backward"):
        raise ValueError(f"kind must be 'forward' or 'backward', got {kind!r}")
    column = [(r"$q_1$", "1", 1.6), (r"$q_2$", "2", 0.6), (r"$q_N$", "N", -1.6)]
    node = dict(boxstyle="circle,pad=0.35", fc="white", ec="k")
    many_x, one_x = (0.0, 2.4) if kind == "forward" else (2.4, 0.0)
    for label, k, yk in column:
        ax.text(many_x, yk, label, ha="center", va="center", fontsize=12, bbox=node, zorder=3)
        if kind == "forward":
            start, end, weight = (many_x, yk), (one_x, 0.0), rf"$a_{{{k}i}}$"
            side = rf"$\alpha_t({k})$"
        else:
            start, end, weight = (one_x, 0.0), (many_x, yk), rf"$a_{{i{k}}}$"
            side = rf"$\beta_{{t+1}}({k})$" + "\n" + rf"$b_{k}(o_{{t+1}})$"
        ax.annotate(
            "",
            xy=end,
            xytext=start,
            zorder=2,
            arrowprops=dict(arrowstyle="-|>", color="0.3", lw=1.3, shrinkA=16, shrinkB=16),
        )
        ax.text(
            0.5 * (many_x + one_x),
            0.5 * yk + 0.12,
            weight,
            ha="center",
            va="bottom",
            fontsize=11,
            bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none"),
            zorder=3,
        )
        offset = -0.45 if kind == "forward" else 0.45
        ax.text(many_x + offset, yk, side, ha="right" if kind == "forward" else "left", va="center", fontsize=11)
    ax.text(many_x, -0.5, r"$\vdots$", ha="center", va="center", fontsize=14)
    ax.text(one_x, 0.0, r"$q_i$", ha="center", va="center", fontsize=12, bbox=node, zorder=3)
    if kind == "forward":
        ax.text(
            one_x + 0.45,
            0.0,
            r"$\alpha_{t+1}(i)$" + "\n" + r"$\times\, b_i(o_{t+1})$",
            ha="left",
            va="center",
            fontsize=11,
        )
        formula = r"$\alpha_{t+1}(i) = \left[\sum_{j=1}^N \alpha_t(j)\, a_{ji}\right]\, b_i(o_{t+1})$   (10.16)"
    else:
        ax.text(one_x - 0.45, 0.0, r"$\beta_t(i)$", ha="right", va="center", fontsize=11)
        formula = r"$\beta_t(i) = \sum_{j=1}^N a_{ij}\, b_j(o_{t+1})\, \beta_{t+1}(j)$   (10.20)"
    ax.set_xlim(-1.6, 4.0)
    ax.set_ylim(-2.4, 2.3)
    ax.set_xticks([0.0, 2.4] if kind == "forward" else [0.0, 2.4])
    ax.set_xticklabels(["time $t$", "time $t+1$"])
    ax.set_yticks([])
    for spine in ("left", "right", "top"):
        ax.spines[spine].set_visible(False)
    ax.set_xlabel(formula, fontsize=11)
    return ax


def viterbi_steps(model, obs, *, state_labels=None, obs_labels=None, ncols=2):
    """Small multiples: the trellis of algorithm 10.5 after each time step, then the backtracked path."""
    import matplotlib.pyplot as plt

    path, prob, delta, psi = model.viterbi(obs, return_trellis=True)
    T = len(obs)
    nrows = int(np.ceil((T + 1) / ncols))
    fig, axes = plt.subplots(nrows, ncols, figsize=(4.6 * ncols, 3.6 * nrows), constrained_layout=True)
    axes = np.atleast_1d(axes).ravel()
    for k, ax in enumerate(axes):
        if k > T:
            ax.axis("off")
            continue
        final = k == T
        draw_trellis(
            ax,
            delta,
            psi=psi,
            path=path,
            upto=min(k + 1, T),
            show_path=final,
            state_labels=state_labels,
            obs_labels=obs_labels,
        )
        if final:
            best = " → ".join(str(i + 1) for i in path)
            ax.set_title(f"backtracking: P* = {prob:.4g}, I* = ({best})", fontsize=9)
        else:
            ax.set_title(f"after step t = {k + 1}: δ and Ψ", fontsize=9)
    return fig


def viterbi_explorer(model, obs, *, state_labels=None, obs_labels=None):
    """Widget: step through algorithm 10.5 on ``obs``, one time step (one trellis column) at a time;
    step T + 1 backtracks the optimal path. Needs a running kernel."""
    import ipywidgets as widgets
    import matplotlib.pyplot as plt

    from ._common import explorer_panel

    path, prob, delta, psi = model.viterbi(obs, return_trellis=True)
    T = len(obs)
    step = widgets.IntSlider(value=1, min=1, max=T + 1, description="step")
    play = widgets.Play(interval=1200, min=1, max=T + 1)
    widgets.jslink((play, "value"), (step, "value"))

    def draw():
        t = step.value
        fig, ax = plt.subplots(figsize=(1.8 * T + 2, 3.6))
        draw_trellis(
            ax,
            delta,
            psi=psi,
            path=path,
            upto=min(t, T),
            show_path=t > T,
            state_labels=state_labels,
            obs_labels=obs_labels,
        )
        if t > T:
            best = " → ".join(str(i + 1) for i in path)
            ax.set_title(f"P* = {prob:.4g}; backtracking gives I* = ({best})", fontsize=9)
        else:
            ax.set_title(f"δ and Ψ up to t = {t}", fontsize=9)
        return fig

    return explorer_panel([[play, step]], draw)


def demo_explorer():
    """The chapter's explorer on Example 10.3 (the model and observations of Example 10.2)."""
    from ..datasets import load_example
    from ..hmm import CategoricalHMM

    ex = load_example("lihang", "10.3")
    model = CategoricalHMM(ex.startprob, ex.transmat, ex.emissionprob)
    return viterbi_explorer(model, ex.obs, state_labels=ex.states, obs_labels=[ex.symbols[o] for o in ex.obs])


def plot_decoding(obs, states, decoded, gamma, *, state_labels=None, window=None):
    """Hidden states, Viterbi and posterior decodings, and gamma, along a sampled sequence."""
    import matplotlib.pyplot as plt

    T, N = gamma.shape
    sl = slice(None) if window is None else slice(*window)
    t = np.arange(T)[sl]
    fig, axes = plt.subplots(
        2, 1, figsize=(10, 5), sharex=True, constrained_layout=True, gridspec_kw=dict(height_ratios=[1.2, 1])
    )
    ax = axes[0]
    ax.step(t + 1, states[sl] + 1, where="mid", color="k", lw=2, label="true state")
    offsets = np.linspace(-0.15, 0.15, len(decoded))
    for (name, path), off in zip(decoded.items(), offsets):
        ax.step(t + 1, path[sl] + 1 + off, where="mid", lw=1.2, label=name)
    ax.set_yticks(range(1, N + 1))
    if state_labels:
        ax.set_yticklabels(state_labels)
    ax.set_ylabel("state")
    ax.legend(loc="lower left", bbox_to_anchor=(0.0, 1.0), fontsize=8, ncol=len(decoded) + 1, frameon=False)
    ax = axes[1]
    im = ax.imshow(
        gamma[sl].T,
        aspect="auto",
        origin="lower",
        cmap="Greys",
        vmin=0,
        vmax=1,
        extent=(t[0] + 0.5, t[-1] + 1.5, 0.5, N + 0.5),
    )
    ax.set_yticks(range(1, N + 1))
    if state_labels:
        ax.set_yticklabels(state_labels)
    ax.set_xlabel("time t")
    ax.set_ylabel("state")
    ax.set_title("posterior $\\gamma_t(i) = P(i_t = i \\mid O, \\lambda)$", fontsize=9)
    fig.colorbar(im, ax=ax, fraction=0.03)
    return fig


def plot_emissions(emissionprob, symbols, *, state_labels=None, ax=None):
    """Grouped bar chart of the rows of B (one bar group per symbol)."""
    import matplotlib.pyplot as plt

    N, M = emissionprob.shape
    if ax is None:
        _, ax = plt.subplots(figsize=(10, 3))
    width = 0.8 / N
    for i in range(N):
        label = state_labels[i] if state_labels else f"state {i + 1}"
        ax.bar(np.arange(M) + (i - (N - 1) / 2) * width, emissionprob[i], width, label=label)
    ax.set_xticks(range(M))
    ax.set_xticklabels(symbols)
    ax.set_xlabel("symbol")
    ax.set_ylabel("$b_j(k)$")
    ax.legend()
    return ax
