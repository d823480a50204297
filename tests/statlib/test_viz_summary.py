"""The summary chapter (Li Hang ch. 12): its comparison covers every classifier, and its exercises' answers."""

import importlib

import numpy as np
import pytest
from scipy.optimize import minimize
from sklearn.base import ClassifierMixin
from sklearn.linear_model import LogisticRegression

from statlib.exercises import check
from statlib.viz import summary

FAMILIES = ("linear_model", "neighbors", "naive_bayes", "tree", "svm", "ensemble")


def test_the_comparison_runs_every_general_purpose_classifier():
    # Every classifier exported by the Part I families takes part, except the ID3/C4.5 trees of the book's
    # categorical examples (categorical inputs only), which chapter 5 compares on their own data, the relevance
    # vector classifier (PRML 7.2, binary only), which the RVM chapter compares with the SVM, and logistic ARD
    # (MLAPP 13.7.5, binary only), which the lasso-extensions page compares with l1-penalised logistic regression.
    exported = set()
    for family in FAMILIES:
        module = importlib.import_module(f"statlib.{family}")
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, ClassifierMixin):
                exported.add(name)
    used = {type(m[-1] if hasattr(m, "steps") else m).__name__ for m in summary.classifiers().values()}
    assert exported - used == {"ID3Classifier", "C45Classifier", "RelevanceVectorClassifier", "ARDClassifier"}


def test_exercise_answers():
    hinge, logistic, exponential = max(0.0, 1 - 0.5), np.log(1 + np.exp(-0.5)), np.exp(-0.5)
    assert check("companion-12.1", (hinge, logistic, exponential))
    assert not check("companion-12.1", (0.0, logistic, exponential))


def test_laplace_smoothing_is_the_dirichlet_map():
    # companion-12.3: maximise the log posterior sum_k (N_k + a - 1) log p_k numerically, on the simplex,
    # and compare with the closed form (4, 2, 1) / 7 that the checker holds.
    counts, a = np.array([3.0, 1.0, 0.0]), 2.0

    def neg_log_posterior(t):
        p = np.exp(t) / np.exp(t).sum()  # softmax keeps p on the simplex
        return -np.sum((counts + a - 1) * np.log(p))

    t = minimize(neg_log_posterior, np.zeros(3), method="BFGS", options={"gtol": 1e-10}).x
    p_map = np.exp(t) / np.exp(t).sum()
    np.testing.assert_allclose(p_map, [4 / 7, 2 / 7, 1 / 7], atol=1e-6)
    assert check("companion-12.3", p_map)
    assert not check("companion-12.3", counts / counts.sum())  # the maximum-likelihood estimate is not it


def test_gaussian_prior_is_an_l2_penalty():
    # companion-12.4: MAP with w ~ N(0, sigma^2 I) equals scikit-learn's L2 logistic regression with
    # C = sigma^2, whose objective divided by C N is (12.4) with lambda = 1 / (2 sigma^2 N).
    rng = np.random.default_rng(0)
    N, sigma2 = 200, 0.5
    X = rng.normal(size=(N, 3))
    y = (X @ [1.0, -2.0, 0.5] + rng.normal(size=N) > 0).astype(int)
    s = 2 * y - 1

    def neg_log_posterior(w):
        return np.logaddexp(0, -s * (X @ w)).sum() + w @ w / (2 * sigma2)

    w_map = minimize(neg_log_posterior, np.zeros(3), method="BFGS", options={"gtol": 1e-9}).x
    w_sk = LogisticRegression(C=sigma2, fit_intercept=False, tol=1e-12, max_iter=10000).fit(X, y).coef_[0]
    np.testing.assert_allclose(w_map, w_sk, atol=1e-5)
    lam = 1 / (2 * sigma2 * N)
    assert check("companion-12.4", lam)
    assert not check("companion-12.4", 1 / (2 * sigma2))  # forgetting to divide by N


def test_smallest_scale_of_the_logistic_loss_that_bounds_the_0_1_loss():
    # companion-12.2: search the scale c on a fine grid of margins; the bound is tightest just left of m = 0,
    # where log(1 + e^-m) -> log 2, so the smallest c is 1 / log 2 = log2(e).
    m = -np.logspace(-12, 1, 2001)
    c = np.max(1.0 / np.log1p(np.exp(-m)))
    np.testing.assert_allclose(c, np.log2(np.e), rtol=1e-9)
    assert np.all(c * np.log1p(np.exp(-m)) >= 1 - 1e-12)
    assert check("companion-12.2", c)
    assert not check("companion-12.2", 1.0)  # the natural-log loss itself does not bound the 0-1 loss


def test_discussion_exercises_have_no_checker():
    # Exercises whose answer is an argument, not a value, are derivations with worked solutions only.
    with pytest.raises(ValueError, match="unknown"):
        check("companion-12.5", False)
