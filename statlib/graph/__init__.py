"""Link analysis on directed graphs (Li Hang ch. 21): PageRank by iteration, power method and linear solve."""

from ._pagerank import google_matrix, pagerank, pagerank_from_transition, pagerank_iterates, transition_matrix

__all__ = ["google_matrix", "pagerank", "pagerank_from_transition", "pagerank_iterates", "transition_matrix"]
