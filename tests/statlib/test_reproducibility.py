"""Every estimator in statlib, found by walking the package: reproducible, and never silent about convergence.

- The same ``random_state`` (or none, for a deterministic estimator) gives bit-identical fitted attributes.
- An estimator with ``max_iter`` and ``tol`` that is stopped after one iteration with a tolerance it cannot
  meet warns ``ConvergenceWarning`` and reports ``n_iter_``.

New estimators are picked up automatically; the few that need other inputs than a small table of counts say so
in ``INPUTS``.
"""

import importlib
import inspect
import pkgutil
import warnings

import numpy as np
import pytest
from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
from sklearn.exceptions import ConvergenceWarning

import statlib

_SKIP_PACKAGES = {"datasets", "exercises", "viz"}


def _estimators():
    found = {}
    for info in pkgutil.iter_modules(statlib.__path__):
        if info.name.startswith("_") or info.name in _SKIP_PACKAGES:
            continue
        package = importlib.import_module(f"statlib.{info.name}")
        for name in getattr(package, "__all__", []):
            obj = getattr(package, name)
            if inspect.isclass(obj) and issubclass(obj, BaseEstimator):
                found[name] = obj
    return found


ESTIMATORS = _estimators()

_rng = np.random.default_rng(0)
_COUNTS = _rng.integers(0, 4, size=(24, 3)).astype(float)  # non-negative, integral: fits every kind of model
_CLASSES = np.array([0, 1, 2] * 8)
_TARGET = _COUNTS @ [1.0, -2.0, 0.5] + _rng.normal(size=24)
_SECOND_VIEW = _COUNTS[:, [2, 0]] + _rng.normal(size=(24, 2))  # paired views (CCA, PLS)

# Estimators whose fit takes something other than (counts) or (counts, labels).
INPUTS = {
    "ThreeCoinEM": lambda: ((_COUNTS[:, 0] > 1).astype(float),),
    "BinaryPCA": lambda: ((_COUNTS > 1).astype(float),),
    "CategoricalHMM": lambda: (_COUNTS.astype(int),),
    "LinearChainCRF": lambda: ([_COUNTS[:12], _COUNTS[12:]], [_CLASSES[:12], _CLASSES[12:]]),
    # two views of the same samples
    **{name: lambda: (_COUNTS, _SECOND_VIEW) for name in ("CCA", "PLSCanonical", "ProbabilisticCCA")},
    # feature selectors (transformers that need class labels)
    **{
        name: lambda: (_COUNTS, _CLASSES)
        for name in (
            "AdaBoostSelector",
            "BranchAndBound",
            "Relief",
            "ReliefF",
            "SequentialSelection",
            "SingleFeatureRanking",
        )
    },
    "RelevanceVectorClassifier": lambda: (_COUNTS, (_CLASSES == 0).astype(int)),  # binary only (PRML 7.2.3)
    "ARDClassifier": lambda: (_COUNTS, (_CLASSES == 0).astype(int)),  # binary only (MLAPP 13.7.5)
}
# Estimators that need constructor arguments to be fitted at all.
MAKE = {
    "CategoricalHMM": lambda cls, **kw: cls(n_states=2, **kw),
    # the closed form has nothing to iterate or draw; EM (one latent dimension) has both
    "ProbabilisticPCA": lambda cls, **kw: cls(n_components=1, method="em", **kw),
    "ProbabilisticCCA": lambda cls, **kw: cls(n_components=1, method="em", **kw),
}


def _make(name, **params):
    cls = ESTIMATORS[name]
    if name in MAKE:
        estimator = MAKE[name](cls)
    else:
        estimator = cls()
    valid = estimator.get_params()
    return estimator.set_params(**{k: v for k, v in params.items() if k in valid})


def _fit_args(name):
    if name in INPUTS:
        return INPUTS[name]()
    cls = ESTIMATORS[name]
    if issubclass(cls, ClassifierMixin):
        return _COUNTS, _CLASSES
    if issubclass(cls, RegressorMixin):
        return _COUNTS, _TARGET
    return (_COUNTS,)


def _fitted_state(estimator):
    return {k: v for k, v in vars(estimator).items() if k.endswith("_") and not k.startswith("_")}


def _assert_identical(a, b, path):
    if isinstance(a, dict):
        assert a.keys() == b.keys(), path
        for key in a:
            _assert_identical(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (u, v) in enumerate(zip(a, b)):
            _assert_identical(u, v, f"{path}[{i}]")
    elif isinstance(a, np.ndarray):
        np.testing.assert_array_equal(a, b, err_msg=path, strict=True)
    elif isinstance(a, (int, float, str, bool, np.generic, type(None))):
        assert (a == b) or (a != a and b != b), f"{path}: {a!r} != {b!r}"
    # other objects (trees, nodes, kernels) are compared through the predictions below


def test_every_estimator_is_found():
    # A guard on the walk itself: the Part I estimators must all be there.
    expected = {
        "Perceptron",
        "LogisticRegression",
        "KNeighborsClassifier",
        "CategoricalNB",
        "ID3Classifier",
        "C45Classifier",
        "DecisionTreeClassifier",
        "DecisionTreeRegressor",
        "SVC",
        "AdaBoostClassifier",
        "GradientBoostingRegressor",
        "GaussianMixture",
        "ThreeCoinEM",
        "CategoricalHMM",
        "LinearChainCRF",
    }
    assert expected <= set(ESTIMATORS)


@pytest.mark.parametrize("name", sorted(ESTIMATORS))
def test_same_seed_gives_bit_identical_fits(name):
    params = {"random_state": 7, "shuffle": True}
    runs = []
    for _ in range(2):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            estimator = _make(name, **params).fit(*_fit_args(name))
        runs.append(estimator)
    first, second = (_fitted_state(e) for e in runs)
    assert first, f"{name} has no fitted attributes"
    _assert_identical(first, second, name)
    data = _fit_args(name)[0]
    for method in ("predict", "predict_proba", "transform", "score_samples"):
        if hasattr(runs[0], method) and name not in INPUTS:
            np.testing.assert_array_equal(
                getattr(runs[0], method)(data), getattr(runs[1], method)(data), err_msg=f"{name}.{method}", strict=True
            )


def test_stochastic_estimators_take_random_state():
    # An estimator that draws random numbers (a random start, shuffling, sampling) must expose random_state;
    # scikit-learn's names for those options mark them.
    random_options = {"shuffle", "init_params", "init", "n_init", "sample"}
    for name, cls in ESTIMATORS.items():
        params = set(inspect.signature(cls.__init__).parameters)
        if params & random_options:
            assert "random_state" in params, f"{name} has {params & random_options} but no random_state"


ITERATIVE = sorted(
    name for name, cls in ESTIMATORS.items() if {"max_iter", "tol"} <= set(inspect.signature(cls.__init__).parameters)
)


@pytest.mark.parametrize("name", ITERATIVE)
def test_stopping_at_max_iter_warns_and_reports_n_iter(name):
    estimator = _make(name, max_iter=1, tol=1e-300, random_state=0)
    with pytest.warns(ConvergenceWarning):
        estimator.fit(*_fit_args(name))
    assert hasattr(estimator, "n_iter_"), f"{name} does not report n_iter_"
    assert np.all(np.asarray(estimator.n_iter_) <= 1)
