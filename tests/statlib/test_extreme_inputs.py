"""Finite but extreme inputs across statlib's public API: each case keeps its right answer or keeps refusing clearly.

The property tests (test_*_properties.py) draw data at scales 1e-3..1e3. The cases here are finite data whose squares
overflow float64 (entries near 1e150 and 1e300) or underflow it (near 1e-160 and 1e-300), columns of mixed scale,
constant columns and identical rows, the smallest sizes (n = 1, 2; d = 1; k = n), and their analogues for graphs
(subnormal or huge link weights, one node) and sequences (length 1, long sequences of tiny probabilities). Each is
one of two kinds:

- ``REFUSED``: the call raises ValueError or TypeError whose message contains the given words, which name the
  argument at fault and say what is wrong with it. Before the scale checks, most of these returned inf or NaN, a
  wrong answer (every distance tied at 0 or inf), or failed inside a kernel or LAPACK.
- ``ANSWERS``: the call returns the right answer, checked against an exact identity (a statistic that does not
  depend on the scale of the data, or scales with it) or against scikit-learn.

The audit that found them ran each public estimator and function on these inputs in a subprocess with Numba's
bounds checking on; the cases that must keep working or keep refusing are collected here and run in-process.
"""

import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import LinearRegression as SkLinearRegression
from sklearn.neighbors import KDTree as SkKDTree
from sklearn.neighbors import KNeighborsClassifier as SkKNN
from sklearn.svm import SVC as SkSVC
from sklearn.svm import SVR as SkSVR
from sklearn.tree import DecisionTreeClassifier as SkDecisionTreeClassifier

from statlib._validation import scale_exponent
from statlib.cluster import (
    AgglomerativeClustering,
    KMeans,
    kmeans_plusplus,
    linkage,
    mahalanobis_distances,
    pairwise_distances,
)
from statlib.crf import marginals
from statlib.cross_decomposition import CCA, PLSRegression
from statlib.decomposition import (
    NMF,
    PCA,
    FactorAnalysis,
    FastICA,
    IndependentFactorAnalysis,
    ProbabilisticPCA,
    TruncatedSVD,
    svd,
)
from statlib.ensemble import AdaBoostClassifier, GradientBoostingRegressor
from statlib.feature_selection import fisher_criterion
from statlib.graph import pagerank, transition_matrix
from statlib.hmm import CategoricalHMM
from statlib.linear_model import (
    ARDRegression,
    BayesianVariableSelection,
    GroupLasso,
    Lasso,
    LinearRegression,
    OrthogonalMatchingPursuit,
    Perceptron,
    PolynomialBasis,
    best_subset,
    lasso_path,
    lasso_proximal,
)
from statlib.mixture import GaussianMixture, ThreeCoinEM
from statlib.neighbors import KDTree, KNeighborsClassifier, linear_scan, minkowski_distance
from statlib.sampling import autocorrelation, geweke_z
from statlib.svm import SVC, SVR, RelevanceVectorRegressor, smo_trace
from statlib.tree import DecisionTreeClassifier

_rng = np.random.default_rng(0)
# three well separated groups in the plane, their labels, and a linear target with noise
X = np.vstack([_rng.normal(size=(8, 2)) + [4, 0], _rng.normal(size=(8, 2)) - [4, 0], _rng.normal(size=(8, 2)) + [0, 6]])
LABELS = np.repeat([0, 1, 2], 8)
BINARY = (LABELS == 0).astype(int)
TARGET = X @ [1.0, -2.0] + 0.1 * _rng.normal(size=24)
POSITIVE = np.abs(X) + 0.1
SECOND_VIEW = np.column_stack([X[:, 1] + _rng.normal(size=24), _rng.normal(size=24)])
RING = np.roll(np.eye(4), 1, axis=1) + 3 * np.roll(np.eye(4), 2, axis=1)  # weighted links i -> i+1, i+2

HUGE, BIG, SMALL, TINY = 1e300, 1e150, 1e-160, 1e-300
WIDEST = np.vstack([X, [[-1.5e308, 0.0], [1.5e308, 0.0]]])  # coordinates spanning more than the largest double

# (id, call, words the message must contain)
REFUSED = [
    # clustering
    ("KMeans-1e160", lambda: KMeans(3, n_init=1).fit(X * 1e160), "X is too large"),
    ("KMeans-1e-300", lambda: KMeans(3, n_init=1).fit(X * TINY), "X is too small"),
    ("KMeans-k-above-n", lambda: KMeans(8).fit(X[:2]), "n_clusters=8"),
    ("kmeans_plusplus-1e300", lambda: kmeans_plusplus(X * HUGE, 3), "X is too large"),
    ("linkage-ward-1e-300", lambda: linkage(X * TINY, "ward"), "X is too small for method='ward'"),
    ("linkage-centroid-1e200", lambda: linkage(X * 1e200, "centroid"), "X is too large for method='centroid'"),
    ("Agglomerative-n1", lambda: AgglomerativeClustering(1).fit(X[:1]), "X"),
    ("mahalanobis-1e300", lambda: mahalanobis_distances(X * HUGE), "X is too large"),
    # decomposition
    ("PCA-1e300", lambda: PCA(2).fit(X * HUGE), "X is too large"),
    ("PCA-1e-300", lambda: PCA(2).fit(X * TINY), "X is too small"),
    ("TruncatedSVD-1e300", lambda: TruncatedSVD(1).fit(X * HUGE), "X is too large"),
    ("TruncatedSVD-sparse-1e300", lambda: TruncatedSVD(1).fit(sp.csr_array(X * HUGE)), "X is too large"),
    ("svd-1e300", lambda: svd(X * HUGE), "A is too large"),
    ("FactorAnalysis-1e300", lambda: FactorAnalysis(1).fit(X * HUGE), "X is too large"),
    ("NMF-1e300", lambda: NMF(2, random_state=0).fit(POSITIVE * HUGE), "X is too large"),
    ("IFA-1e-160", lambda: IndependentFactorAnalysis(2, random_state=0).fit(X * SMALL), "X is too small"),
    ("ProbabilisticPCA-1e-160", lambda: ProbabilisticPCA(1).fit(X * SMALL), "X is too small"),
    ("CCA-X-1e300", lambda: CCA(1).fit(X * HUGE, SECOND_VIEW), "X is too large"),
    ("PLSRegression-y-1e-300", lambda: PLSRegression(1).fit(X, SECOND_VIEW * TINY), "y is too small"),
    # linear models
    ("Perceptron-1e300", lambda: Perceptron().fit(X * HUGE, BINARY), "X is too large"),
    ("best_subset-1e-300", lambda: best_subset(X * TINY, TARGET), "X is too small"),
    ("lasso_path-1e-160", lambda: lasso_path(X * SMALL, TARGET), "X is too small"),
    ("lasso_proximal-1e300", lambda: lasso_proximal(X * HUGE, TARGET, 0.1), "X is too large"),
    ("Lasso-y-1e300", lambda: Lasso(0.1).fit(X, TARGET * HUGE), "y is too large"),
    ("GroupLasso-1e-160", lambda: GroupLasso(groups=[0, 1]).fit(X * SMALL, TARGET), "X is too small"),
    ("BayesianVariableSelection-1e300", lambda: BayesianVariableSelection().fit(X * HUGE, TARGET), "X is too large"),
    ("OMP-1e-300", lambda: OrthogonalMatchingPursuit(1).fit(X * TINY, TARGET), "X is too small"),
    ("ARDRegression-1e-160", lambda: ARDRegression().fit(X * SMALL, TARGET), "X is too small"),
    ("ARDRegression-n1", lambda: ARDRegression().fit(X[:1], TARGET[:1]), "X"),
    (
        "PolynomialBasis-1e150",
        lambda: PolynomialBasis(3).fit(X * BIG).transform(X * BIG),
        "X is too large for degree=3",
    ),
    # ensembles, SVMs
    ("GradientBoosting-y-1e300", lambda: GradientBoostingRegressor(n_estimators=2).fit(X, TARGET * HUGE), "y is too"),
    ("SVC-gamma-1e160", lambda: SVC(gamma=0.7).fit(X * 1e160, LABELS), "gamma=0.7 is too large for X"),
    ("SVC-linear-1e300", lambda: SVC(kernel="linear").fit(X * HUGE, LABELS), "X is too large"),
    ("SVR-linear-1e300", lambda: SVR(kernel="linear").fit(X * HUGE, TARGET), "X is too large"),
    # every product x . z underflows (to subnormals or zero): the linear kernel, which is not rescaled, has no digits
    ("SVC-linear-1e-160", lambda: SVC(kernel="linear").fit(X * SMALL, LABELS), "X is too small"),
    ("SVR-linear-1e-300", lambda: SVR(kernel="linear").fit(X * TINY, TARGET), "X is too small"),
    ("SVC-poly-gamma-1e160", lambda: SVC(kernel="poly", gamma=0.7).fit(X * 1e160, LABELS), "gamma x . z overflows"),
    ("smo_trace-1e300", lambda: smo_trace(X * HUGE, 2.0 * BINARY - 1), "X is too large"),
    ("RVR-y-1e300", lambda: RelevanceVectorRegressor().fit(X, TARGET * HUGE), "y is too large"),
    ("GaussianMixture-n1", lambda: GaussianMixture(1).fit(X[:1]), "X"),
    # neighbours: two points 3e308 apart have no float64 distance
    ("KDTree-span-3e308", lambda: KDTree(WIDEST), "X is too large for L_p distances with p=2"),
    ("KDTree-query-3e308", lambda: KDTree(X).query(WIDEST[-2:]), "X (with the tree's data) is too large"),
    ("linear_scan-p3-3e308", lambda: linear_scan(WIDEST, X[:2], p=3), "X and queries is too large"),
    ("KNN-span-3e308", lambda: KNeighborsClassifier(3).fit(WIDEST, np.arange(26) % 2), "X is too large"),
    ("KNN-k-above-n", lambda: KNeighborsClassifier(5).fit(X[:2], LABELS[:2] * 0 + [0, 1]), "n_neighbors"),
    ("minkowski_distance-3e308", lambda: minkowski_distance(WIDEST[-1], WIDEST[-2], p=3), "a and b is too large"),
    # chains, criteria
    ("autocorrelation-1e300", lambda: autocorrelation(np.tile([1.0, -1.0, 0.5], 10) * HUGE), "x is too large"),
    ("geweke_z-1e-300", lambda: geweke_z(np.tile([1.0, -1.0, 0.5, 0.2], 10) * TINY), "x is too small"),
    ("fisher_criterion-1e300", lambda: fisher_criterion(X * HUGE, BINARY), "X is too large"),
]


@pytest.mark.parametrize("call, words", [pytest.param(c, w, id=i) for i, c, w in REFUSED])
def test_refused_clearly(call, words):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        with pytest.raises((ValueError, TypeError)) as error:
            call()
    assert words in str(error.value), f"the message does not say {words!r}: {error.value}"


def _same_partition(a, b):
    """Two labelings are the same partition (labels may be permuted)."""
    pairs = set(zip(np.asarray(a).tolist(), np.asarray(b).tolist()))
    return len(pairs) == len(set(a)) == len(set(b))


def _pagerank_of_scaled_weights():
    # w_ij / sum_k w_ik does not depend on the scale of a row: subnormal weights gave NaN ranks, and weights whose
    # row sum overflows gave ranks off by 0.1, before the extreme rows were rescaled
    A = RING.copy()
    A[3] = [1.0, 0.0, 0.0, 0.0]
    for scale in (5e-324, TINY, HUGE, 5e307):
        for adjacency in (A * scale, sp.csr_array(A * scale)):
            np.testing.assert_allclose(pagerank(adjacency), pagerank(A), rtol=0, atol=1e-12)
            np.testing.assert_allclose(
                np.asarray(sp.csr_array(transition_matrix(adjacency)).todense()), transition_matrix(A)
            )


def _pagerank_smallest_graphs():
    np.testing.assert_array_equal(pagerank(np.zeros((1, 1))), [1.0])  # one dangling node
    np.testing.assert_array_equal(pagerank(np.ones((1, 1))), [1.0])  # one node linking to itself
    np.testing.assert_allclose(pagerank(np.array([[0.0, 1.0], [1.0, 0.0]])), [0.5, 0.5])
    np.testing.assert_allclose(pagerank(np.zeros((4, 4))), np.full(4, 0.25))  # no links at all


def _linkages_without_squares():
    # single, complete and average linkage use distances, not their squares: the same merges at any finite scale
    for method in ("single", "complete", "average"):
        expected = linkage(X, method)
        for scale in (TINY, HUGE):
            Z = linkage(X * scale, method)
            np.testing.assert_array_equal(Z[:, [0, 1, 3]], expected[:, [0, 1, 3]])
            np.testing.assert_allclose(Z[:, 2] / scale, expected[:, 2], rtol=1e-12)


def _distances_scale_exactly():
    for scale in (TINY, SMALL, HUGE):
        np.testing.assert_allclose(pairwise_distances(X * scale) / scale, pairwise_distances(X), rtol=1e-12)


def _neighbours_without_powers():
    # p = 1 and p = inf take no powers, so 1e-300 and 1e300 data have the neighbours of the unscaled data
    for p in (1, np.inf):
        expected = KDTree(X, p=p).query(X[:5], k=3)[1]
        for scale in (TINY, HUGE):
            np.testing.assert_array_equal(KDTree(X * scale, p=p).query(X[:5] * scale, k=3)[1], expected)
            np.testing.assert_array_equal(linear_scan(X * scale, X[:5] * scale, k=3, p=p)[1], expected)


def _neighbours_scaled_by_powers_of_two():
    # p = 2 and p = 3 near 1e-300 and 1e300 (squared or cubed differences underflowed to 0 or overflowed, so every
    # neighbour tied and the first rows were returned, or the data were refused): the searches scale the points by a
    # power of two, so they find scikit-learn's neighbours of the unit-scale data, at distances scaled by 2^k
    Q = X[::5] + 0.25
    for p in (2, 3):
        expected_d, expected_i = SkKDTree(X, metric="minkowski", p=p).query(Q, k=3)
        expected_labels = SkKNN(3, p=p).fit(X, LABELS).predict(Q)
        for k in (-1000, -530, 530, 1000):
            Xk, Qk = np.ldexp(X, k), np.ldexp(Q, k)
            d, i = KDTree(Xk, p=p).query(Qk, k=3)
            np.testing.assert_array_equal(i, expected_i)
            np.testing.assert_allclose(np.ldexp(d, -k), expected_d, rtol=1e-12)
            np.testing.assert_array_equal(linear_scan(Xk, Qk, k=3, p=p)[1], expected_i)
            for algorithm in ("kd_tree", "brute"):
                model = KNeighborsClassifier(3, p=p, algorithm=algorithm).fit(Xk, LABELS)
                np.testing.assert_array_equal(model.predict(Qk), expected_labels)
            reference = np.sum(np.abs(X[0] - Q[0]) ** p) ** (1 / p)  # at unit scale, by hand
            np.testing.assert_allclose(np.ldexp(minkowski_distance(Xk[0], Qk[0], p=p), -k), reference, rtol=1e-12)


def _gaussian_and_polynomial_kernel_machines_scaled_by_powers_of_two():
    # near 1e-300 gamma='scale' was inf and near 1e160 the squared distances (and products) overflowed (both refused):
    # the Gaussian and polynomial kernels are computed on X scaled by a power of two with gamma scaled by 4^e, the same
    # kernel, so SVC and SVR fit the unit-scale data's machine bit for bit, which predicts as libsvm's (scikit-learn)
    # there
    Q = X[::3] + 0.5
    for kernel in ("rbf", "poly"):
        svc, svr = SVC(kernel=kernel).fit(X, LABELS), SVR(kernel=kernel).fit(X, TARGET)
        np.testing.assert_array_equal(svc.predict(Q), SkSVC(kernel=kernel).fit(X, LABELS).predict(Q))
        reference = SkSVR(kernel=kernel).fit(X, TARGET).predict(Q)
        np.testing.assert_allclose(svr.predict(Q), reference, atol=1e-3 * np.ptp(TARGET))
        for k in (-1000, -530, 530, 1000):
            Xk, Qk = np.ldexp(X, k), np.ldexp(Q, k)
            np.testing.assert_array_equal(
                SVC(kernel=kernel).fit(Xk, LABELS).decision_function(Qk), svc.decision_function(Q)
            )
            np.testing.assert_array_equal(SVR(kernel=kernel).fit(Xk, TARGET).predict(Qk), svr.predict(Q))


def _trees_like_scikit_learn():
    # a split needs feature values more than 1e-7 apart (scikit-learn's FEATURE_THRESHOLD): at 1e-160 both trees
    # are one leaf and predict the majority class; at 1e300 (beyond scikit-learn's float32) the splits are the
    # unscaled data's
    for scale in (SMALL, 1e-8, 1.0, 1e30):
        ours = DecisionTreeClassifier().fit(X * scale, LABELS).predict(X * scale)
        theirs = SkDecisionTreeClassifier(random_state=0).fit(X * scale, LABELS).predict(X * scale)
        np.testing.assert_array_equal(ours, theirs)
    expected = DecisionTreeClassifier().fit(X, LABELS).predict(X)
    np.testing.assert_array_equal(DecisionTreeClassifier().fit(X * HUGE, LABELS).predict(X * HUGE), expected)


def _scale_free_models():
    # least squares, boosted stumps and ICA's whitening do not depend on the scale of X
    expected = LinearRegression().fit(X, TARGET).predict(X)
    for scale in (TINY, SMALL, BIG, HUGE):
        np.testing.assert_allclose(LinearRegression().fit(X * scale, TARGET).predict(X * scale), expected, rtol=1e-9)
    expected = GradientBoostingRegressor(n_estimators=5).fit(X, TARGET).predict(X)
    for scale in (TINY, HUGE):
        predicted = GradientBoostingRegressor(n_estimators=5).fit(X * scale, TARGET).predict(X * scale)
        np.testing.assert_allclose(predicted, expected, rtol=1e-12)
    expected = AdaBoostClassifier(n_estimators=5).fit(X, LABELS).predict(X)
    for scale in (TINY, HUGE):
        np.testing.assert_array_equal(
            AdaBoostClassifier(n_estimators=5).fit(X * scale, LABELS).predict(X * scale), expected
        )
    expected = np.abs(FastICA(2, random_state=0).fit(X).transform(X))
    for scale in (TINY, HUGE):
        sources = np.abs(FastICA(2, random_state=0).fit(X * scale).transform(X * scale))
        np.testing.assert_allclose(sources, expected, rtol=1e-6)


def _just_inside_the_limits():
    # below the limits the answers are the scaled answers of the unscaled data
    np.testing.assert_allclose(PCA(2).fit(X * 1e140).explained_variance_, PCA(2).fit(X).explained_variance_ * 1e280)
    np.testing.assert_allclose(PCA(2).fit(X * 1e-140).explained_variance_, PCA(2).fit(X).explained_variance_ * 1e-280)
    model = KMeans(3, n_init=1, random_state=0)
    assert _same_partition(model.fit(X * 1e140).labels_, KMeans(3, n_init=1, random_state=0).fit(X).labels_)


def _smallest_sizes():
    # n = 2 points, one feature: least squares interpolates them, as scikit-learn's does
    x2, y2 = np.array([[1.0], [3.0]]), np.array([2.0, -1.0])
    np.testing.assert_allclose(LinearRegression().fit(x2, y2).predict(x2), y2, atol=1e-12)
    np.testing.assert_allclose(LinearRegression().fit(x2, y2).coef_, SkLinearRegression().fit(x2, y2).coef_)
    # d = 1: one component carries all the variance
    np.testing.assert_allclose(PCA(1).fit(X[:, :1]).explained_variance_ratio_, [1.0])
    # k = n: every point its own cluster, no within-cluster scatter
    model = KMeans(6, n_init=1, random_state=0).fit(X[:6])
    assert sorted(model.labels_) == list(range(6)) and model.inertia_ == 0.0
    assert sorted(AgglomerativeClustering(6).fit(X[:6]).labels_) == list(range(6))
    # constant column: least squares leaves it out and matches scikit-learn's minimum-norm fit
    Xc = np.column_stack([X[:, 0], np.full(24, 7.0)])
    np.testing.assert_allclose(
        LinearRegression().fit(Xc, TARGET).predict(Xc), SkLinearRegression().fit(Xc, TARGET).predict(Xc), rtol=1e-9
    )


def _sequences():
    # a sequence of length 1 fits; a long sequence of tiny probabilities keeps a finite log-probability
    model = CategoricalHMM(n_states=2, random_state=0).fit(np.array([[0]]))
    np.testing.assert_allclose(model.transmat_.sum(axis=1), 1.0)
    hmm = CategoricalHMM(
        np.array([1 - 1e-300, 1e-300]),
        np.array([[1 - 1e-300, 1e-300], [0.5, 0.5]]),
        np.array([[0.9, 0.1], [1e-300, 1 - 1e-300]]),
    )
    obs = np.tile([0, 1], 1000)
    _, log_prob = hmm.forward(obs, scaled=True)
    path, log_path = hmm.viterbi(obs, log=True)
    assert np.isfinite(log_prob) and np.isfinite(log_path) and path.shape == (2000,) and log_path <= log_prob
    # CRF marginals with scores near 1e300 stay probabilities
    _, node, _ = marginals(np.array([[1e300, -1e300], [0.0, 0.0]]), np.zeros((2, 2)))
    np.testing.assert_allclose(node.sum(axis=1), 1.0)
    # three coins from one toss
    coins = ThreeCoinEM(pi=0.4, p=0.6, q=0.7).fit(np.array([1]))
    assert all(0.0 <= v <= 1.0 for v in (coins.pi_, coins.p_, coins.q_))


ANSWERS = [
    _pagerank_of_scaled_weights,
    _pagerank_smallest_graphs,
    _linkages_without_squares,
    _distances_scale_exactly,
    _neighbours_without_powers,
    _neighbours_scaled_by_powers_of_two,
    _gaussian_and_polynomial_kernel_machines_scaled_by_powers_of_two,
    _trees_like_scikit_learn,
    _scale_free_models,
    _just_inside_the_limits,
    _smallest_sizes,
    _sequences,
]


@pytest.mark.parametrize("check", ANSWERS, ids=lambda f: f.__name__.lstrip("_"))
def test_right_answer(check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check()


@pytest.mark.parametrize("top", [5e-324, 1e-300, 2.0**-1022, 0.75, 1.0, 3.0, 1e160, 1.7976931348623157e308])
def test_scale_exponent_brings_the_largest_magnitude_to_one_half_up_to_one_exactly(top):
    # the fixes above scale by 2^-e with e from statlib._validation.scale_exponent: max|X| lands in [0.5, 1) (frexp's
    # mantissa), and scaling back by 2^e returns the same numbers (powers of two change only the exponents)
    values = np.array([[top, -top / 3.0], [0.0, top / 7.0]])
    e = scale_exponent(values)
    with np.errstate(over="ignore"):  # 2^1024 is inf
        assert np.ldexp(1.0, e - 1) <= top < np.ldexp(1.0, e)
    scaled = np.ldexp(values, -e)
    assert 0.5 <= np.max(np.abs(scaled)) < 1.0
    np.testing.assert_array_equal(np.ldexp(scaled, e), values)
    np.testing.assert_array_equal(scale_exponent(values, axis=0), np.frexp(np.abs(values).max(axis=0))[1])
    assert scale_exponent(np.zeros((2, 2))) == 0
