"""Clustering (Li Hang ch. 14): distances and similarities (§14.1), agglomerative hierarchical clustering
(Algorithm 14.1) and k-means (Algorithm 14.2)."""

from ._agglomerative import AgglomerativeClustering, linkage
from ._distances import (
    correlation_coefficients,
    cosine_similarities,
    mahalanobis_distances,
    minkowski_distances,
    pairwise_distances,
)
from ._kmeans import KMeans, kmeans_plusplus

__all__ = [
    "AgglomerativeClustering",
    "KMeans",
    "correlation_coefficients",
    "cosine_similarities",
    "kmeans_plusplus",
    "linkage",
    "mahalanobis_distances",
    "minkowski_distances",
    "pairwise_distances",
]
