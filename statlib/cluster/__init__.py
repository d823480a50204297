"""Clustering (Li Hang ch. 14): k-means (Algorithm 14.2) and agglomerative hierarchical clustering (Algorithm 14.1)."""

from ._agglomerative import AgglomerativeClustering, linkage, pairwise_distances
from ._kmeans import KMeans, kmeans_plusplus

__all__ = ["AgglomerativeClustering", "KMeans", "kmeans_plusplus", "linkage", "pairwise_distances"]
