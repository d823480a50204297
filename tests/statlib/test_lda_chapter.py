"""Chapter 20 (latent Dirichlet allocation): the LDA example of Li Hang ch. 13 (the counts of Table 13.3 give the
topics of Table 13.4), the exercise checkers of statlib/exercises/lihang_ch20.py against hand-derived values, and
the chapter's figures."""

import matplotlib
import numpy as np
import pytest
from scipy import stats
from scipy.special import gammaln

from statlib.datasets import load_example
from statlib.exercises import check
from statlib.topic import LatentDirichletAllocation
from statlib.viz import lda as viz

matplotlib.use("Agg")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_table_13_3_gives_the_topics_of_table_13_4(seed):
    # Two disjoint word groups, each word in two documents: the sampler settles on the book's two topics, and
    # the estimates (20.31), (20.33) are the smoothed counts (2 + beta) / (6 + 6 beta), (2 + alpha) / (2 + 2 alpha).
    X = load_example("lihang", "table-13.3").X
    book = load_example("lihang", "table-13.4")
    a = b = 0.01
    model = LatentDirichletAllocation(2, alpha=a, beta=b, n_iter=500, random_state=seed).fit(X)
    phi, theta = model.components_, model.doc_topic_
    order = [0, 1] if phi[0, 0] > phi[1, 0] else [1, 0]
    phi, theta = phi[order], theta[:, order]
    expected_phi = np.where(book.topic_word > 0, (2 + b) / (6 + 6 * b), b / (6 + 6 * b))
    expected_theta = np.where(book.doc_topic > 0, (2 + a) / (2 + 2 * a), a / (2 + 2 * a))
    np.testing.assert_allclose(phi, expected_phi, rtol=1e-12)
    np.testing.assert_allclose(theta, expected_theta, rtol=1e-12)
    np.testing.assert_allclose(phi, book.topic_word, atol=0.005)  # the book's idealised 1/3 and 0


def test_exercise_20_1_dirichlet_mean():
    assert check("lihang-20.1", [2 / 19, 6 / 19, 11 / 19]).correct
    draws = np.random.default_rng(0).dirichlet([2, 6, 11], size=400_000)
    assert check("lihang-20.1", draws.mean(axis=0)).correct
    np.testing.assert_allclose(stats.dirichlet.mean([2, 6, 11]), [2 / 19, 6 / 19, 11 / 19], rtol=1e-12)
    assert not check("lihang-20.1", np.array([2, 6, 11]) / 11).correct
    assert not check("lihang-20.1", [1 / 16, 5 / 16, 10 / 16]).correct  # the mode (alpha_i - 1) / (alpha_0 - K)


def test_exercise_20_2_accepts_two_topics_and_refuses_one():
    ex = load_example("lihang", "exercise-20.2")
    model = LatentDirichletAllocation(2, alpha=0.1, beta=0.01, n_iter=300, random_state=0).fit(ex.X)
    assert check("lihang-20.2", (model.components_, model.doc_topic_)).correct
    freq = ex.X.sum(axis=0) / ex.X.sum()
    one_topic = (np.vstack([freq, freq]), np.full((9, 2), 0.5))  # exactly the unigram fit: not better
    assert not check("lihang-20.2", one_topic).correct
    assert not check("lihang-20.2", (model.components_.T, model.doc_topic_)).correct
    assert not check("lihang-20.2", (model.components_ * 2, model.doc_topic_)).correct


def test_companion_20_1_conjugate_posterior():
    # Dir(alpha) x Mult(n | theta) / Dir(theta | alpha + n) is the same constant at every theta.
    alpha, n = np.array([1.0, 1.0, 1.0]), np.array([3, 0, 2])
    thetas = np.random.default_rng(1).dirichlet([1, 1, 1], size=5)
    ratio = [
        stats.dirichlet.logpdf(t, alpha)
        + stats.multinomial.logpmf(n, n.sum(), t)
        - stats.dirichlet.logpdf(t, alpha + n)
        for t in thetas
    ]
    np.testing.assert_allclose(ratio, ratio[0], atol=1e-10)
    assert check("companion-20.1", alpha + n).correct
    assert not check("companion-20.1", n).correct


def _log_joint(n_kv, n_mk, alpha, beta):
    # (20.26) from count matrices: sum_k log B(n_k + beta)/B(beta) + sum_m log B(n_m + alpha)/B(alpha).
    def log_b(a):
        return gammaln(a).sum(axis=-1) - gammaln(a.sum(axis=-1))

    return (log_b(n_kv + beta) - log_b(beta + 0 * n_kv)).sum() + (log_b(n_mk + alpha) - log_b(alpha + 0 * n_mk)).sum()


def test_companion_20_2_full_conditional_from_the_joint():
    # The configuration of the exercise (counts without the token): word v = 0, document 0.
    n_kv = np.array([[3.0, 1.0, 1.0], [0.0, 2.0, 2.0]])  # n_1 = 5, n_2 = 4
    n_mk = np.array([[2.0, 1.0], [3.0, 3.0]])  # the token's document, and the rest of the corpus
    alpha, beta = np.full(2, 0.5), np.full(3, 0.1)
    logs = []
    for k in range(2):
        kv, mk = n_kv.copy(), n_mk.copy()
        kv[k, 0] += 1
        mk[0, k] += 1
        logs.append(_log_joint(kv, mk, alpha, beta))
    p = np.exp(np.array(logs) - max(logs))
    p /= p.sum()
    assert check("companion-20.2", p).correct
    assert not check("companion-20.2", p[::-1]).correct


def test_sampler_prefix_and_plate_diagram():
    import matplotlib.pyplot as plt

    X = load_example("lihang", "exercise-20.2").X
    short, long = viz.gibbs_state(X, 2, 10), viz.gibbs_state(X, 2, 25)
    np.testing.assert_array_equal(long.loglikelihoods_[:10], short.loglikelihoods_)
    fig, ax = plt.subplots()
    viz.plot_plate_diagram(ax)
    assert len(ax.patches) == 6 + 5 + 3  # nodes, arrows, plates
    with pytest.raises(TypeError, match="ax"):
        viz.plot_plate_diagram(None)
    with pytest.raises(ValueError, match="axes"):
        viz.plot_gibbs_state([ax], short, list("abcdefghijk"), list("123456789"))
    plt.close(fig)
    fig, axes = plt.subplots(1, 3)
    viz.plot_gibbs_state(axes, short, list("abcdefghijk"), list("123456789"))
    assert len(fig.axes) == 3 + 2  # the three panels and the colour bars of phi and theta
    np.testing.assert_allclose(axes[0].images[0].get_array(), short.components_)
    np.testing.assert_allclose(axes[1].images[0].get_array(), short.doc_topic_)
    plt.close(fig)
