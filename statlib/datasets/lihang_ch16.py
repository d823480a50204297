"""Li Hang ch. 16 (principal component analysis): the correlation matrix of Example 16.1.

Only the correlation matrix R of the four examination scores is printed (Table 16.1); the number of
students is not given. Variables are x1..x4 = Chinese (语文), foreign language (外语), mathematics
(数学), physics (物理).
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example


@example("lihang", "16.1")
def _example_16_1():
    return Bunch(
        R=np.array(
            [
                [1.00, 0.44, 0.29, 0.33],
                [0.44, 1.00, 0.35, 0.32],
                [0.29, 0.35, 1.00, 0.60],
                [0.33, 0.32, 0.60, 1.00],
            ]
        ),
        feature_names=["chinese", "foreign_language", "mathematics", "physics"],
        eigenvalues=np.array([2.17, 0.87, 0.57, 0.39]),
        components=np.array([[0.460, 0.476, 0.523, 0.537], [0.574, 0.486, -0.476, -0.456]]),
        explained_variance_ratio=np.array([0.543, 0.218]),
        loadings=np.array([[0.678, 0.701, 0.770, 0.791], [0.536, 0.453, -0.444, -0.425]]),
        contributions=np.array([0.747, 0.697, 0.790, 0.806]),
        DESCR=(
            "Li Hang Example 16.1: correlation matrix R (Table 16.1) of four exam scores of a class. The book "
            "prints the eigenvalues 2.17, 0.87, 0.57, 0.39; the first two unit eigenvectors and their variance "
            "contribution rates (Table 16.2, fields components and explained_variance_ratio); the factor "
            "loadings rho(y_k, x_i) and the contributions nu_i of y1, y2 to each x_i (Table 16.3, fields "
            "loadings and contributions). The printed vectors differ from the exact eigenvectors of the printed "
            "R by up to 0.006 (the loadings up to 0.009, nu up to 0.014), more than the rounding of R or of the "
            "printed digits can explain."
        ),
    )
