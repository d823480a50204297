"""PLSA (Li Hang Algorithm 18.1) and LDA by collapsed Gibbs sampling (Li Hang Algorithm 20.2).

Expected values come from outside the code under test: a plain NumPy transcription of the book's EM
equations (18.11)-(18.13) in the book's own words-by-documents orientation; a NumPy transcription of the
Gibbs sweep with the conditional (20.29) written out; the ``lda`` package's log-likelihood of the same
counts and its sampler at equal sweeps; planted topics recovered from a corpus drawn by Algorithm 20.1.
"""

import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.optimize import linear_sum_assignment
from scipy.special import gammaln
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import parametrize_with_checks

from statlib.datasets import load_example
from statlib.topic import PLSA, LatentDirichletAllocation
from statlib.topic._counts import check_counts
from statlib.topic._lda import _count, _gibbs_sweep, _log_joint, _tokens

FIG_18_1 = load_example("lihang", "figure-18.1")
TITLES = load_example("lihang", "exercise-18.3")


# ----------------------------------------------------------------------------------------------- PLSA
def book_plsa_em(counts, p_w_z, p_z_d, n_iter):
    """Algorithm 18.1 as printed, dense, in the book's orientation: counts[i, j] = n(w_i, d_j) (M x N),
    p_w_z[i, k] = P(w_i | z_k) (M x K), p_z_d[k, j] = P(z_k | d_j) (K x N). Returns the final
    parameters and the log-likelihood before each iteration."""
    logliks = []
    for _ in range(n_iter):
        joint = p_w_z[:, :, None] * p_z_d[None, :, :]  # P(w_i|z_k) P(z_k|d_j), shape M x K x N
        mix = joint.sum(axis=1)  # sum_k ..., shape M x N
        logliks.append(np.sum(counts[counts > 0] * np.log(mix[counts > 0])))
        post = joint / mix[:, None, :]  # E-step (18.11)
        weighted = counts[:, None, :] * post  # n(w_i, d_j) P(z_k | w_i, d_j)
        p_w_z = weighted.sum(axis=2) / weighted.sum(axis=(0, 2))  # M-step (18.12)
        p_z_d = weighted.sum(axis=0) / counts.sum(axis=0)  # M-step (18.13)
    return p_w_z, p_z_d, np.array(logliks)


@pytest.mark.parametrize("data,K", [(FIG_18_1, 2), (FIG_18_1, 3), (TITLES, 3)])
def test_plsa_matches_the_books_equations_from_the_same_start(data, K):
    rng = np.random.default_rng(7)
    M, N = data.counts.shape
    p_w_z0 = rng.random((M, K))
    p_w_z0 /= p_w_z0.sum(axis=0)
    p_z_d0 = rng.random((K, N))
    p_z_d0 /= p_z_d0.sum(axis=0)
    expected_w_z, expected_z_d, expected_ll = book_plsa_em(data.counts.astype(float), p_w_z0, p_z_d0, 40)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = PLSA(K, max_iter=40, tol=0.0, topic_word_init=p_w_z0.T, doc_topic_init=p_z_d0.T).fit(data.X)
    assert model.n_iter_ == 40 and not model.converged_
    np.testing.assert_allclose(model.components_, expected_w_z.T, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(model.doc_topic_, expected_z_d.T, rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(model.loglikelihoods_, expected_ll, rtol=1e-12)


@pytest.mark.parametrize("seed", range(5))
def test_plsa_likelihood_never_decreases_and_distributions_stay_normalised(seed):
    model = PLSA(3, max_iter=500, tol=1e-10, random_state=seed).fit(TITLES.X)
    ll = model.loglikelihoods_
    assert np.all(np.diff(ll) >= -1e-10 * np.abs(ll[1:]))
    assert ll[-1] > ll[0]
    assert model.loglikelihood_ >= ll[-1] - 1e-10
    np.testing.assert_allclose(model.components_.sum(axis=1), 1.0, rtol=1e-12)
    np.testing.assert_allclose(model.doc_topic_.sum(axis=1), 1.0, rtol=1e-12)
    assert np.all(model.components_ >= 0) and np.all(model.doc_topic_ >= 0)


def test_plsa_fit_ends_at_a_fixed_point_of_the_em_map():
    """At convergence one more step of (18.11)-(18.13) leaves the parameters (almost) where they are."""
    model = PLSA(2, max_iter=5000, tol=1e-14, random_state=1).fit(FIG_18_1.X)
    assert model.converged_
    w_z, z_d, _ = book_plsa_em(FIG_18_1.counts.astype(float), model.components_.T, model.doc_topic_.T, 1)
    np.testing.assert_allclose(w_z.T, model.components_, atol=1e-6)
    np.testing.assert_allclose(z_d.T, model.doc_topic_, atol=1e-6)


def test_plsa_reports_convergence_and_warns_when_it_stops_early():
    with pytest.warns(ConvergenceWarning, match="max_iter=3"):
        model = PLSA(2, max_iter=3, tol=1e-12, random_state=0).fit(TITLES.X)
    assert model.n_iter_ == 3 and not model.converged_
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        model = PLSA(2, max_iter=10_000, tol=1e-6, random_state=0).fit(TITLES.X)
    assert model.converged_ and 1 < model.n_iter_ < 10_000
    assert len(model.loglikelihoods_) == model.n_iter_


def test_plsa_is_reproducible_and_sparse_input_gives_the_same_fit():
    a = PLSA(3, random_state=4).fit(TITLES.X)
    b = PLSA(3, random_state=4).fit(sp.csr_matrix(TITLES.X))
    c = PLSA(3, random_state=4).fit(sp.coo_matrix(TITLES.X).tocsc())
    for other in (b, c):
        assert np.array_equal(a.components_, other.components_)
        assert np.array_equal(a.doc_topic_, other.doc_topic_)
        assert np.array_equal(a.loglikelihoods_, other.loglikelihoods_)
    d = PLSA(3, random_state=5).fit(TITLES.X)
    assert not np.allclose(a.components_, d.components_)


def test_plsa_empty_document_gets_the_uniform_topic_distribution():
    X = np.vstack([TITLES.X[:4], np.zeros((1, TITLES.X.shape[1])), TITLES.X[4:]])
    model = PLSA(3, random_state=0).fit(X)
    np.testing.assert_array_equal(model.doc_topic_[4], np.full(3, 1 / 3))
    assert np.all(np.isfinite(model.doc_topic_)) and np.all(np.isfinite(model.components_))
    # The empty document adds nothing to the likelihood, so the other documents' fit is unchanged.
    rng = np.random.RandomState(0)
    start_w = rng.random_sample((3, X.shape[1]))
    start_d = rng.random_sample((X.shape[0], 3))
    kw = dict(max_iter=200, topic_word_init=start_w / start_w.sum(1, keepdims=True))
    with_empty = PLSA(3, doc_topic_init=start_d / start_d.sum(1, keepdims=True), **kw).fit(X)
    without = PLSA(
        3, doc_topic_init=np.delete(start_d, 4, 0) / np.delete(start_d, 4, 0).sum(1, keepdims=True), **kw
    ).fit(TITLES.X)
    np.testing.assert_allclose(with_empty.components_, without.components_, rtol=1e-12)
    np.testing.assert_allclose(np.delete(with_empty.doc_topic_, 4, 0), without.doc_topic_, rtol=1e-12)
    new = model.transform(np.vstack([np.zeros(X.shape[1]), TITLES.X[0]]))
    np.testing.assert_array_equal(new[0], np.full(3, 1 / 3))
    np.testing.assert_allclose(new.sum(axis=1), 1.0)


def test_plsa_transform_folds_in_with_the_topics_fixed():
    model = PLSA(2, max_iter=5000, tol=1e-13, random_state=2).fit(FIG_18_1.X)
    theta = model.transform(FIG_18_1.X)
    # Folding in maximises the same likelihood over P(z|d) alone: (18.13) holds at the result.
    w_z = model.components_.T
    weighted = FIG_18_1.X[:, :, None] * (w_z[None, :, :] * theta[:, None, :])
    weighted /= (w_z[None, :, :] * theta[:, None, :]).sum(axis=2, keepdims=True)
    np.testing.assert_allclose(weighted.sum(axis=1) / FIG_18_1.X.sum(axis=1, keepdims=True), theta, atol=1e-6)


@pytest.mark.parametrize("Estimator", [PLSA, LatentDirichletAllocation])
def test_an_all_empty_corpus_is_refused_naming_x(Estimator):
    with pytest.raises(ValueError, match=r"^X has no words"):
        Estimator(2).fit(np.zeros((3, 4)))
    with pytest.raises(ValueError, match=r"^X has no words"):
        Estimator(2).fit(sp.csr_matrix((3, 4)))


# ------------------------------------------------------------------------------------------------ LDA
def draw_lda_corpus(rng, n_docs, n_words, n_topics, alpha, beta, doc_length):
    """Algorithm 20.1: phi_k ~ Dir(beta), theta_m ~ Dir(alpha), then each word by z ~ theta_m, w ~ phi_z."""
    phi = rng.dirichlet(np.full(n_words, beta), size=n_topics)
    theta = rng.dirichlet(np.full(n_topics, alpha), size=n_docs)
    X = np.zeros((n_docs, n_words), dtype=np.int64)
    for m in range(n_docs):
        X[m] = rng.multinomial(doc_length, theta[m] @ phi)
    return X, phi, theta


def planted_corpus():
    """Ten topics, each owning its own block of 10 words (plus a little mass elsewhere)."""
    rng = np.random.default_rng(3)
    K, V = 5, 50
    phi = np.full((K, V), 0.02 / (V - 10))
    for k in range(K):
        phi[k, 10 * k : 10 * k + 10] = 0.098
    phi /= phi.sum(axis=1, keepdims=True)
    theta = rng.dirichlet(np.full(K, 0.2), size=300)
    X = np.vstack([rng.multinomial(80, t @ phi) for t in theta])
    return X, phi, theta


def test_lda_recovers_planted_topics():
    X, phi, theta = planted_corpus()
    model = LatentDirichletAllocation(5, alpha=0.2, beta=0.01, n_iter=200, random_state=0).fit(X)
    distance = np.abs(phi[:, None, :] - model.components_[None, :, :]).sum(axis=2)  # L1 between topics
    rows, cols = linear_sum_assignment(distance)
    assert distance[rows, cols].max() < 0.1  # total variation < 0.05 per topic
    matched = model.doc_topic_[:, cols]
    assert np.abs(matched - theta).mean() < 0.05


def book_gibbs_sweep(doc, word, z, n_dk, n_kw, alpha, beta, uniforms):
    """Algorithm 20.2 step (3) written out with the book's counts n_mk (D x K) and n_kv (K x V):
    decrement, evaluate (20.29) including both denominators, normalise, invert the CDF at u, increment."""
    K, V = n_kw.shape
    z = z.copy()
    for i in range(len(z)):
        m, v, k = doc[i], word[i], z[i]
        n_dk[m, k] -= 1
        n_kw[k, v] -= 1
        p = (n_kw[:, v] + beta[v]) / (n_kw + beta).sum(axis=1) * (n_dk[m] + alpha) / (n_dk[m] + alpha).sum()
        p /= p.sum()
        k_new = int(np.searchsorted(np.cumsum(p), uniforms[i], side="right"))
        z[i] = min(k_new, K - 1)
        n_dk[m, z[i]] += 1
        n_kw[z[i], v] += 1
    return z


def small_state(seed=0, K=4):
    X = TITLES.X
    indptr, indices, data, (D, V) = check_counts(X, integer=True)
    doc, word = _tokens(indptr, indices, data)
    rng = np.random.default_rng(seed)
    z = rng.integers(0, K, size=len(doc), dtype=np.int32)
    n_dk = np.zeros((D, K), np.int32)
    n_wk = np.zeros((V, K), np.int32)
    n_k = np.zeros(K, np.int32)
    _count(doc, word, z, n_dk, n_wk, n_k)
    alpha = rng.uniform(0.05, 1.0, K)
    beta = rng.uniform(0.01, 0.5, V)
    return doc, word, z, n_dk, n_wk, n_k, alpha, beta, rng


def test_gibbs_conditional_of_one_token_is_formula_20_29():
    doc, word, z, n_dk, n_wk, n_k, alpha, beta, rng = small_state()
    i = 17
    m, v, k = doc[i], word[i], z[i]
    # By hand: remove token i, then (20.29) with both denominators.
    n_kv = n_wk.T.astype(float)
    n_mk = n_dk[m].astype(float)
    n_kv[k, v] -= 1
    n_mk[k] -= 1
    hand = (n_kv[:, v] + beta[v]) / (n_kv + beta).sum(axis=1) * (n_mk + alpha) / (n_mk + alpha).sum()
    hand /= hand.sum()
    # The kernel on that one token; ``cum`` is left holding its cumulative weights.
    cum, inv_den = np.empty(4), np.empty(4)
    zi = z[i : i + 1].copy()
    _gibbs_sweep(
        doc[i : i + 1], word[i : i + 1], zi, n_dk, n_wk, n_k, alpha, beta, beta.sum(), np.array([0.5]), cum, inv_den
    )
    kernel = np.diff(np.r_[0.0, cum])
    np.testing.assert_allclose(kernel / cum[-1], hand, rtol=1e-12)
    assert zi[0] == np.searchsorted(np.cumsum(hand), 0.5, side="right")


def test_gibbs_sweep_matches_the_algorithm_written_out():
    doc, word, z, n_dk, n_wk, n_k, alpha, beta, rng = small_state(seed=5)
    expected_n_dk, expected_n_kw = n_dk.astype(np.int64), n_wk.T.astype(np.int64)
    z_kernel = z.copy()
    for sweep in range(5):
        u = rng.random(len(z))
        z = book_gibbs_sweep(doc, word, z, expected_n_dk, expected_n_kw, alpha, beta, u)
        _gibbs_sweep(doc, word, z_kernel, n_dk, n_wk, n_k, alpha, beta, beta.sum(), u, np.empty(4), np.empty(4))
        assert np.array_equal(z, z_kernel), f"sweep {sweep}"
    assert np.array_equal(n_dk, expected_n_dk) and np.array_equal(n_wk.T, expected_n_kw)
    assert np.array_equal(n_k, expected_n_kw.sum(axis=1))


def test_log_joint_is_eq_20_26_and_equals_the_lda_packages():
    lda_core = pytest.importorskip("lda._lda")
    doc, word, z, n_dk, n_wk, n_k, alpha, beta, rng = small_state(seed=2)
    a, b = 0.3, 0.05
    ours = _log_joint(n_dk, n_wk, n_k, np.full(4, a), np.full(n_wk.shape[0], b))
    theirs = lda_core._loglikelihood(np.asfortranarray(n_wk.T), n_dk, n_k, n_dk.sum(axis=1).astype(np.int32), a, b)
    assert ours == pytest.approx(theirs, rel=1e-12)
    # (20.26) with multivariate beta functions B(x) = prod Gamma(x_i) / Gamma(sum x_i), vector priors.
    log_B = lambda x: gammaln(x).sum(axis=-1) - gammaln(x.sum(axis=-1))  # noqa: E731
    by_hand = (log_B(n_wk.T + beta) - log_B(beta)).sum() + (log_B(n_dk + alpha) - log_B(alpha)).sum()
    assert _log_joint(n_dk, n_wk, n_k, alpha, beta) == pytest.approx(by_hand, rel=1e-12)


def test_loglikelihood_is_comparable_with_the_lda_package_at_equal_sweeps():
    lda = pytest.importorskip("lda")
    rng = np.random.default_rng(11)
    X, _, _ = draw_lda_corpus(rng, 200, 300, 8, 0.3, 0.05, 60)
    ours = LatentDirichletAllocation(8, alpha=0.1, beta=0.01, n_iter=150, random_state=1).fit(X)
    logging_level = __import__("logging").getLogger("lda").level
    __import__("logging").getLogger("lda").setLevel("ERROR")
    try:
        theirs = lda.LDA(n_topics=8, n_iter=150, alpha=0.1, eta=0.01, random_state=1).fit(X)
    finally:
        __import__("logging").getLogger("lda").setLevel(logging_level)
    assert ours.loglikelihood() == pytest.approx(theirs.loglikelihood(), rel=0.01)
    assert ours.loglikelihood() == ours.loglikelihoods_[-1]
    start = LatentDirichletAllocation(8, alpha=0.1, beta=0.01, n_iter=1, random_state=1).fit(X).loglikelihood()
    assert ours.loglikelihood() > start + 0.05 * abs(start)  # the chain has moved far from its random start


def test_lda_is_bit_identical_for_a_seed():
    X, _, _ = planted_corpus()
    a = LatentDirichletAllocation(5, n_iter=20, random_state=42).fit(X)
    b = LatentDirichletAllocation(5, n_iter=20, random_state=42).fit(sp.csr_matrix(X))
    assert np.array_equal(a.topic_assignments_, b.topic_assignments_)
    assert np.array_equal(a.components_, b.components_) and np.array_equal(a.doc_topic_, b.doc_topic_)
    assert np.array_equal(a.loglikelihoods_, b.loglikelihoods_)
    assert np.array_equal(a.transform(X[:7]), b.transform(X[:7]))
    c = LatentDirichletAllocation(5, n_iter=20, random_state=np.random.RandomState(42)).fit(X)
    assert np.array_equal(a.topic_assignments_, c.topic_assignments_)
    d = LatentDirichletAllocation(5, n_iter=20, random_state=43).fit(X)
    assert not np.array_equal(a.topic_assignments_, d.topic_assignments_)


def test_lda_estimates_are_eqs_20_31_and_20_33_of_the_final_counts():
    X, _, _ = planted_corpus()
    alpha = np.array([0.1, 0.2, 0.3, 0.4, 0.5])
    model = LatentDirichletAllocation(5, alpha=alpha, beta=0.02, n_iter=10, random_state=0).fit(X)
    n_kv, n_mk = model.topic_word_counts_, model.doc_topic_counts_
    assert np.array_equal(n_kv.sum(axis=0), X.sum(axis=0)) and np.array_equal(n_mk.sum(axis=1), X.sum(axis=1))
    assert n_kv.sum() == X.sum() == len(model.topic_assignments_)
    np.testing.assert_allclose(model.components_, (n_kv + 0.02) / (n_kv + 0.02).sum(axis=1, keepdims=True), rtol=1e-14)
    np.testing.assert_allclose(model.doc_topic_, (n_mk + alpha) / (n_mk + alpha).sum(axis=1, keepdims=True), rtol=1e-14)
    assert model.n_iter_ == 10 and list(model.loglikelihood_sweeps_) == [1, 10]


def test_lda_empty_document_gets_the_prior_mean():
    X, _, _ = planted_corpus()
    X = np.vstack([X[:3], np.zeros((2, X.shape[1]), dtype=int), X[3:50]])
    alpha = np.array([0.5, 1.0, 1.5, 2.0, 5.0])
    model = LatentDirichletAllocation(5, alpha=alpha, n_iter=20, random_state=0).fit(X)
    np.testing.assert_array_equal(model.doc_topic_[3], alpha / alpha.sum())
    np.testing.assert_array_equal(model.doc_topic_[4], alpha / alpha.sum())
    assert np.all(np.isfinite(model.doc_topic_)) and np.isfinite(model.loglikelihood())
    new = model.transform(np.zeros((2, X.shape[1]), dtype=int))
    np.testing.assert_allclose(new, np.tile(alpha / alpha.sum(), (2, 1)), rtol=1e-15)


def test_lda_transform_finds_the_topics_of_new_documents():
    X, phi, theta = planted_corpus()
    model = LatentDirichletAllocation(5, alpha=0.2, n_iter=200, random_state=0).fit(X)
    distance = np.abs(phi[:, None, :] - model.components_[None, :, :]).sum(axis=2)
    _, cols = linear_sum_assignment(distance)
    rng = np.random.default_rng(9)
    new_theta = rng.dirichlet(np.full(5, 0.2), size=40)
    new_X = np.vstack([rng.multinomial(200, t @ phi) for t in new_theta])
    estimate = model.transform(new_X)[:, cols]
    np.testing.assert_allclose(estimate.sum(axis=1), 1.0)
    assert np.abs(estimate - new_theta).mean() < 0.05


def test_lda_refuses_fractional_counts_and_bad_priors():
    with pytest.raises(ValueError, match="X must hold whole-number counts"):
        LatentDirichletAllocation(2).fit([[1.5, 2.0], [1.0, 0.0]])
    with pytest.raises(ValueError, match="alpha"):
        LatentDirichletAllocation(2, alpha=[1.0, 2.0, 3.0]).fit([[1, 2], [1, 0]])
    with pytest.raises(ValueError, match="beta"):
        LatentDirichletAllocation(2, beta=0.0).fit([[1, 2], [1, 0]])
    with pytest.raises(ValueError, match="X has 3 features"):
        LatentDirichletAllocation(2, n_iter=2).fit([[1, 2], [1, 0]]).transform([[1, 2, 3]])


def test_book_data_are_registered():
    assert FIG_18_1.X.shape == (4, 4) and FIG_18_1.X.sum() == 30
    assert TITLES.X.shape == (9, 11) and TITLES.counts[8, 5] == 2  # "rich" twice in T6
    assert np.array_equal(load_example("lihang", "exercise-20.2").X, TITLES.X)


# ------------------------------------------------------------------------- scikit-learn's contract
# LDA counts word occurrences: it refuses non-integer X, which nearly all of scikit-learn's generic checks
# feed (uniform or Gaussian floats). Those checks are listed as expected failures with that reason; the
# rest of the contract (cloning, parameters, pickling, sparse input, n_features_in_, ...) is checked.
_FRACTIONAL = "LDA by Gibbs sampling needs whole-number word counts; this check feeds fractional X"


def _expected_failures(estimator):
    if isinstance(estimator, LatentDirichletAllocation):
        return LDA_FRACTIONAL_CHECKS
    return {}


LDA_FRACTIONAL_CHECKS = {
    "check_dict_unchanged": _FRACTIONAL,
    "check_dont_overwrite_parameters": _FRACTIONAL,
    "check_dtype_object": _FRACTIONAL,
    "check_estimator_sparse_array": _FRACTIONAL,
    "check_estimator_sparse_matrix": _FRACTIONAL,
    "check_estimator_sparse_tag": _FRACTIONAL,
    "check_estimators_dtypes": _FRACTIONAL,
    "check_estimators_fit_returns_self": _FRACTIONAL,
    "check_estimators_nan_inf": _FRACTIONAL,
    "check_estimators_overwrite_params": _FRACTIONAL,
    "check_estimators_pickle": _FRACTIONAL,
    "check_f_contiguous_array_estimator": _FRACTIONAL,
    "check_fit2d_1feature": _FRACTIONAL,
    "check_fit2d_1sample": _FRACTIONAL,
    "check_fit2d_predict1d": _FRACTIONAL,
    "check_fit_check_is_fitted": _FRACTIONAL,
    "check_fit_idempotent": _FRACTIONAL,
    "check_fit_score_takes_y": _FRACTIONAL,
    "check_methods_sample_order_invariance": _FRACTIONAL,
    "check_methods_subset_invariance": _FRACTIONAL,
    "check_n_features_in": _FRACTIONAL,
    "check_n_features_in_after_fitting": _FRACTIONAL,
    "check_pipeline_consistency": _FRACTIONAL,
    "check_readonly_memmap_input": _FRACTIONAL,
    "check_transformer_data_not_an_array": _FRACTIONAL,
    "check_transformer_general": _FRACTIONAL,
    "check_transformer_preserve_dtypes": _FRACTIONAL,
}


@parametrize_with_checks(
    [PLSA(2, max_iter=50, random_state=0), LatentDirichletAllocation(2, n_iter=5, random_state=0)],
    expected_failed_checks=_expected_failures,
)
def test_sklearn_contract(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def _as_counts(X):
    """ceil(3 X) for the checks' fractional data; anything that is not a real 2-D array passes unchanged
    (to be refused by the estimator), and NaN, infinities and negative entries survive the rounding."""
    if sp.issparse(X):
        X = sp.csr_matrix(X) if X.dtype.kind in "biuf" else X
        X.data = np.ceil(3 * X.data) if X.dtype.kind in "biuf" else X.data
        return X
    raw = np.asarray(X)
    if raw.dtype.kind == "c" or raw.ndim != 2:
        return X
    try:
        return np.ceil(3 * raw.astype(float))
    except (TypeError, ValueError):
        return X


class LDAOnCounts(LatentDirichletAllocation):
    """The same estimator, on the checks' data turned into counts: so the rest of the contract (the checks
    listed above as expected failures) is checked on LDA too."""

    def fit(self, X, y=None):
        return super().fit(_as_counts(X), y)

    def transform(self, X):
        return super().transform(_as_counts(X))


@parametrize_with_checks([LDAOnCounts(2, n_iter=5, random_state=0)])
def test_sklearn_contract_on_counts(estimator, check):
    check(estimator)


def test_lda_refuses_a_corpus_too_large_for_its_token_list_before_building_it():
    with pytest.raises(ValueError, match="X holds 3000000000 word occurrences"):
        LatentDirichletAllocation(2).fit(np.array([[1_000_000_000, 2_000_000_000]]))


# ------------------------------------------------------------------------------------ variational EM
from scipy.special import digamma as sc_digamma  # noqa: E402

from statlib.topic import VariationalLDA  # noqa: E402
from statlib.topic._lda_variational import _digamma, _newton_alpha  # noqa: E402


def test_digamma_kernel_matches_scipy():
    x = np.r_[np.logspace(-8, 3, 400), 0.5, 1.0, 9.999, 10.0, 10.001]
    ours = np.array([_digamma(v) for v in x])
    np.testing.assert_allclose(ours, sc_digamma(x), rtol=1e-13, atol=1e-13)


def book_elbo(X, phi, alpha, gamma):
    """Bound (20.44) of every document at gamma with eta optimal for gamma by (20.58), from the five terms
    (20.49)-(20.55) written with scipy's digamma."""
    total = 0.0
    for x, g in zip(X, gamma):
        e = sc_digamma(g) - sc_digamma(g.sum())
        words = np.flatnonzero(x)
        eta = phi[:, words].T * np.exp(e)
        eta /= eta.sum(axis=1, keepdims=True)
        n = x[words][:, None]
        total += (
            gammaln(alpha.sum())
            - gammaln(alpha).sum()
            + ((alpha - 1) * e).sum()  # E log p(theta|alpha)
            + (n * eta * e).sum()  # E log p(z|theta)
            + (n * eta * np.log(phi[:, words].T)).sum()  # E log p(w|z,phi)
            - gammaln(g.sum())
            + gammaln(g).sum()
            - ((g - 1) * e).sum()  # -E log q(theta)
            - (n * eta * np.log(eta)).sum()
        )  # -E log q(z)
    return total


@pytest.mark.parametrize("update_alpha", [True, False])
def test_variational_bound_never_decreases(update_alpha):
    X, _, _ = planted_corpus()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = VariationalLDA(5, alpha=0.5, update_alpha=update_alpha, max_iter=40, random_state=0).fit(X[:80])
    b = model.bounds_
    assert np.all(np.diff(b) >= -1e-9 * np.abs(b[1:])) and b[-1] > b[0]
    if not update_alpha:
        np.testing.assert_array_equal(model.alpha_, np.full(5, 0.5))


def test_variational_e_step_fixed_point_and_bound_by_hand():
    X, _, _ = planted_corpus()
    X = X[:60]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = VariationalLDA(
            5, alpha=0.3, update_alpha=False, max_iter=30, e_step_tol=1e-12, e_step_max_iter=2000, random_state=1
        ).fit(X)
    # At the E-step's fixed point, gamma = alpha + sum_w n(w, d) eta_wk (20.62) with eta from (20.58).
    gamma, phi, alpha = model.gamma_, model.components_, model.alpha_
    theta = model.transform(X)
    for x, g in zip(X, gamma):
        words = np.flatnonzero(x)
        eta = phi[:, words].T * np.exp(sc_digamma(g) - sc_digamma(g.sum()))
        eta /= eta.sum(axis=1, keepdims=True)
        np.testing.assert_allclose(g, alpha + (x[words][:, None] * eta).sum(axis=0), rtol=1e-8)
    np.testing.assert_allclose(theta, gamma / gamma.sum(axis=1, keepdims=True), atol=1e-6)
    # One more E-step at the fitted phi gives the bound computed by hand from the five terms.
    from statlib.topic._lda_variational import _e_step

    indptr, indices, data, (D, V) = check_counts(X, integer=False)
    g = gamma.copy()
    bound, unconverged = _e_step(
        indptr,
        indices,
        data,
        np.ascontiguousarray(phi.T),
        alpha,
        g,
        True,
        2000,
        1e-12,
        np.empty((V, 5)),
        np.empty(5),
        np.empty((V, 5)),
        np.empty((V, 5)),
        np.empty(5),
        np.empty(5),
    )
    assert unconverged == 0
    np.testing.assert_allclose(g, gamma, rtol=1e-6)  # the fitted gamma is (to the E-step's tolerance) a fixed point
    assert bound == pytest.approx(book_elbo(X, phi, alpha, g), rel=1e-9)


def test_newton_step_for_alpha_reaches_a_zero_of_the_gradient_20_66():
    rng = np.random.default_rng(0)
    gamma = rng.gamma(2.0, 1.0, size=(50, 4))
    stats = (sc_digamma(gamma) - sc_digamma(gamma.sum(axis=1, keepdims=True))).sum(axis=0)
    alpha = _newton_alpha(np.full(4, 1.0), 50, stats)
    gradient = 50 * (sc_digamma(alpha.sum()) - sc_digamma(alpha)) + stats
    np.testing.assert_allclose(gradient, 0.0, atol=1e-8)
    assert np.all(alpha > 0)


def test_variational_recovers_planted_topics_and_handles_empty_documents():
    X, phi, theta = planted_corpus()
    X = np.vstack([X[:2], np.zeros((1, X.shape[1]), dtype=int), X[2:]])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        model = VariationalLDA(5, alpha=0.2, max_iter=100, random_state=0).fit(X)
    distance = np.abs(phi[:, None, :] - model.components_[None, :, :]).sum(axis=2)
    rows, cols = linear_sum_assignment(distance)
    assert distance[rows, cols].max() < 0.1
    np.testing.assert_allclose(model.doc_topic_[2], model.alpha_ / model.alpha_.sum(), rtol=1e-14)
    np.testing.assert_allclose(
        model.transform(np.zeros((1, X.shape[1])))[0], model.alpha_ / model.alpha_.sum(), rtol=1e-14
    )
    assert np.abs(np.delete(model.doc_topic_, 2, 0)[:, cols] - theta).mean() < 0.05


def test_variational_warns_reproduces_and_refuses_an_empty_corpus():
    X, _, _ = planted_corpus()
    with pytest.warns(ConvergenceWarning, match="max_iter=2"):
        a = VariationalLDA(3, max_iter=2, random_state=3).fit(X)
    assert a.n_iter_ == 2 and not a.converged_
    with pytest.warns(ConvergenceWarning):
        b = VariationalLDA(3, max_iter=2, random_state=3).fit(sp.csr_matrix(X))
    assert np.array_equal(a.components_, b.components_) and np.array_equal(a.gamma_, b.gamma_)
    with pytest.raises(ValueError, match=r"^X has no words"):
        VariationalLDA(2).fit(np.zeros((2, 3)))


@parametrize_with_checks([VariationalLDA(2, max_iter=10, random_state=0)])
def test_sklearn_contract_variational(estimator, check):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)
