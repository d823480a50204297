"""Plotting, table and widget helpers for the chapters (never used by the algorithms themselves).

Shared helpers live here; a chapter's own figures and explorers live in ``statlib.viz.<topic>``
(e.g. :mod:`statlib.viz.perceptron`), so notebooks show mathematics and results, not boilerplate.
"""

from ._common import explorer_panel, figure_png, plot_decision_regions, show_source, time_side_by_side

__all__ = ["explorer_panel", "figure_png", "plot_decision_regions", "show_source", "time_side_by_side"]
