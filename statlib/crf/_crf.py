"""Linear-chain conditional random field (Li Hang ch. 11): learning by IIS or quasi-Newton, Viterbi decoding.

The features are the two families a practitioner uses (and that CRFsuite uses):

* state features s_{p,c}(y_i, x, i) = x_{i,p} [y_i = c], one per (observation attribute p, label c), with
  weights ``state_weights_[p, c]``;
* transition features t_{a,b}(y_{i-1}, y_i, x, i) = [y_{i-1} = a, y_i = b], one per label pair, with weights
  ``transition_weights_[a, b]``.

So the local score of eq. (11.23) is W_i(a, b | x) = transition_weights_[a, b] + x_i . state_weights_[:, b],
and everything in :mod:`statlib.crf._chain` applies with ``unary = x @ state_weights_`` and
``trans = transition_weights_``.
"""

import warnings

import numpy as np
from numba import njit
from scipy.optimize import minimize
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted

from .._validation import check_array, check_choice, check_int, check_real, validate_data
from ._chain import _backward, _exp_shifted, _forward, _posteriors, _viterbi


@njit(cache=True)
def _batch_expectations(U, T, offsets, node, pair):
    """Forward-backward over every training sequence: returns sum_j log Z(x_j) (the first term of (11.50)).

    ``U`` (n_tokens, m) holds the state scores of all sequences stacked, sequence j occupying rows
    ``offsets[j]:offsets[j+1]``; ``T`` (m, m) the transition scores. Writes P(Y_i = c | x_j) (11.32) for
    every token into ``node`` and adds the pair marginals (11.33) into ``pair``: ``pair[0]`` summed over all
    sequences when ``pair`` has one slice, ``pair[j]`` per sequence otherwise. ``node`` and ``pair`` then give
    the model expectations of the state and transition features, eqs. (11.34)-(11.35).
    """
    n_tokens, m = U.shape
    n_seq = offsets.shape[0] - 1
    expU = np.empty((n_tokens, m))
    expT = np.empty((1, m, m))
    T3 = np.empty((1, m, m))
    T3[0] = T
    umax_total, tshift = _exp_shifted(U, T3, expU, expT)  # shifts keep exp from overflowing; added back below
    tmax = tshift[0]
    max_len = 0
    for s in range(n_seq):
        if offsets[s + 1] - offsets[s] > max_len:
            max_len = offsets[s + 1] - offsets[s]
    alpha = np.empty((max_len, m))
    beta = np.empty((max_len, m))
    la = np.empty(max_len)
    lb = np.empty(max_len)
    total = umax_total
    per_sequence = pair.shape[0] > 1
    for s in range(n_seq):
        lo, hi = offsets[s], offsets[s + 1]
        n = hi - lo
        eu = expU[lo:hi]
        log_z = _forward(eu, expT, alpha[:n], la[:n])
        _backward(eu, expT, beta[:n], lb[:n])
        k = s if per_sequence else 0
        # the marginals (11.32)-(11.33), whose sums are the model expectations (11.34)-(11.35)
        _posteriors(eu, expT, alpha[:n], la[:n], beta[:n], lb[:n], log_z, node[lo:hi], pair[k : k + 1])
        total += log_z + (n - 1) * tmax  # log Z(x_j), the first term of (11.50)
    return total


@njit(cache=True)
def _batch_viterbi(U, T, offsets, out):
    """Algorithm 11.3 on every sequence; the best paths are written into ``out`` (n_tokens,)."""
    n_tokens, m = U.shape
    n_seq = offsets.shape[0] - 1
    trans = np.empty((1, m, m))
    trans[0] = T
    max_len = 0
    for s in range(n_seq):
        if offsets[s + 1] - offsets[s] > max_len:
            max_len = offsets[s + 1] - offsets[s]
    delta = np.empty((max_len, m))
    psi = np.empty((max_len, m), dtype=np.int64)
    for s in range(n_seq):
        lo, hi = offsets[s], offsets[s + 1]
        n = hi - lo
        _viterbi(U[lo:hi], trans, delta[:n], psi[:n], out[lo:hi])


@njit(cache=True)
def _per_sequence_state_counts(X, node, offsets, out):
    """out[j, p, c] = sum over the tokens i of sequence j of x_{i,p} P(Y_i = c | x_j): the a_{k,x} of (11.47)."""
    n_seq = offsets.shape[0] - 1
    d = X.shape[1]
    m = node.shape[1]
    for s in range(n_seq):
        for i in range(offsets[s], offsets[s + 1]):
            for p in range(d):
                xp = X[i, p]
                if xp != 0.0:
                    for c in range(m):
                        out[s, p, c] += xp * node[i, c]


class LinearChainCRF(ClassifierMixin, BaseEstimator):
    """Linear-chain conditional random field (Lafferty et al., 2001; Li Hang ch. 11).

    Models P(y | x) = exp(w . F(y, x)) / Z_w(x) (11.19) over label sequences y of an observation sequence x,
    with state features x_{i,p} [y_i = c] and transition features [y_{i-1} = a, y_i = b]. Training minimises
    the regularised negative log-likelihood

        f(w) = sum_j log Z_w(x_j) - sum_j w . F(y_j, x_j) + c1 ||w||_1 + c2 ||w||_2^2,

    eq. (11.50) summed over the training sequences (CRFsuite's convention for ``c1`` and ``c2``), with the
    gradient (11.51) computed by forward-backward. Prediction is Viterbi decoding (Algorithm 11.3).

    Parameters
    ----------
    method : {"lbfgs", "iis"}, default="lbfgs"
        ``"lbfgs"``: quasi-Newton (the limited-memory form of Algorithm 11.2) through
        ``scipy.optimize.minimize(method="L-BFGS-B")``; with ``c1 > 0`` the weights are split into positive
        and negative parts, w = u - v with u, v >= 0, which turns the l1 term into a smooth bounded problem.
        ``"iis"``: improved iterative scaling, Algorithm 11.1, solving each update equation (11.36)/(11.37)
        by Newton's method; it needs non-negative observation features and ``c1 = 0``.
    c1 : float, default=0.0
        Weight of the l1 penalty (``method="lbfgs"`` only).
    c2 : float, default=1.0
        Weight of the squared l2 penalty.
    max_iter : int, default=100
        Most iterations (L-BFGS iterations, or IIS sweeps over all features).
    tol : float, default=1e-5
        L-BFGS: stop when the largest projected gradient component is below ``tol`` or the relative
        decrease of f is below ``ftol=1e-10``. IIS: stop when every |delta_k| < ``tol``.
    iis_bound : {"sequence", "global"}, default="sequence"
        IIS only. The feature total T(x, y) (11.38); here it does not depend on y. ``"sequence"`` uses each
        sequence's own T(x) (the book's Algorithm T, (11.46)-(11.48)); ``"global"`` uses the single constant
        S = max_x T(x) for every sequence (Algorithm S, (11.39)-(11.45)), whose steps are smaller.

    Attributes
    ----------
    classes_ : ndarray (n_classes,)
        The labels; label ``classes_[c]`` is state c.
    n_features_in_ : int
        Number of observation attributes per position.
    state_weights_ : ndarray (n_features_in_, n_classes)
        mu of the state features s_{p,c}.
    transition_weights_ : ndarray (n_classes, n_classes)
        lambda of the transition features t_{a,b} (row: previous label, column: current label).
    n_iter_ : int
        Iterations run.
    converged_ : bool
        Whether ``tol`` was met before ``max_iter``.
    objective_curve_ : ndarray
        f(w) at the start and after each iteration.

    Notes
    -----
    ``X`` is a list of sequences, each an array (n_positions, n_features), and ``y`` a list of label arrays
    of the same lengths. A single 2-D array ``X`` (or a list of rows) with a 1-D ``y`` is read as one
    sequence, which lets the scikit-learn estimator checks run on this class; two of them cannot hold for
    any sequence model (a position's label depends on its neighbours, so predictions change when the rows
    are permuted or split).

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 11.
    J. Lafferty, A. McCallum, F. Pereira, "Conditional random fields", ICML 2001.
    F. Sha, F. Pereira, "Shallow parsing with conditional random fields", NAACL 2003.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.crf import LinearChainCRF
    >>> X = [np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]])]
    >>> y = [np.array([0, 1, 0])]
    >>> LinearChainCRF(c2=0.1).fit(X, y).predict(X)[0].tolist()
    [0, 1, 0]
    """

    def __init__(self, method="lbfgs", c1=0.0, c2=1.0, max_iter=100, tol=1e-5, iis_bound="sequence"):
        self.method = method
        self.c1 = c1
        self.c2 = c2
        self.max_iter = max_iter
        self.tol = tol
        self.iis_bound = iis_bound

    # ------------------------------------------------------------------------------------------
    # input handling
    # ------------------------------------------------------------------------------------------

    def _stack(self, X, y=None, *, reset):
        """Validate; return (stacked X, stacked y or None, offsets, was_list)."""
        if _is_sequence_list(X):
            if len(X) == 0:
                raise ValueError("X must contain at least one sequence, got an empty list")
            seqs = [check_array(x, f"X[{j}]", ndim=2) for j, x in enumerate(X)]
            widths = {s.shape[1] for s in seqs}
            if len(widths) > 1:
                raise ValueError(f"every sequence in X must have the same number of features; got {sorted(widths)}")
            lengths = np.array([len(s) for s in seqs], dtype=np.int64)
            Xs = np.vstack(seqs)
            if y is not None:
                if not isinstance(y, (list, tuple)) or len(y) != len(X):
                    raise ValueError(f"y must be a list of {len(X)} label sequences, one per sequence in X")
                ys = []
                for j, (lab, n) in enumerate(zip(y, lengths)):
                    if isinstance(lab, (str, bytes)):
                        raise TypeError(f"y[{j}] must be an array of labels, got a string")
                    lab = np.asarray(lab)
                    if lab.ndim != 1 or lab.shape[0] != n:
                        raise ValueError(
                            f"y[{j}] must be 1-D with {n} labels (the length of X[{j}]), got shape {lab.shape}"
                        )
                    ys.append(lab)
                Xs, ys = validate_data(self, Xs, np.concatenate(ys), reset=reset, dtype=np.float64, order="C")
            else:
                Xs = validate_data(self, Xs, reset=reset, dtype=np.float64, order="C")
                ys = None
            was_list = True
        else:
            if isinstance(y, (list, tuple)) and len(y) and not isinstance(y[0], (str, bytes)) and np.ndim(y[0]) == 1:
                raise ValueError(
                    "y is a list of label sequences, so X must be a list of 2-D arrays, one "
                    "(n_positions, n_features) array per sequence; X[0] is not 2-D "
                    f"(shape {np.shape(X[0]) if len(X) else ()})"
                )
            if y is not None:
                Xs, ys = validate_data(self, X, y, reset=reset, dtype=np.float64, order="C")
            else:
                Xs, ys = validate_data(self, X, reset=reset, dtype=np.float64, order="C"), None
            lengths = np.array([Xs.shape[0]], dtype=np.int64)
            was_list = False
        offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
        return Xs, ys, offsets, was_list

    def _check_params(self):
        method = check_choice(self.method, "method", ("lbfgs", "iis"))
        c1 = check_real(self.c1, "c1", low=0.0)
        c2 = check_real(self.c2, "c2", low=0.0)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0, low_inclusive=False)
        bound = check_choice(self.iis_bound, "iis_bound", ("sequence", "global"))
        if method == "iis" and c1 > 0:
            raise ValueError("c1 must be 0 with method='iis' (IIS has no l1 form); use method='lbfgs'")
        return method, c1, c2, max_iter, tol, bound

    # ------------------------------------------------------------------------------------------
    # objective and gradient, eqs. (11.50)-(11.51)
    # ------------------------------------------------------------------------------------------

    def _unpack(self, w, d, m):
        return w[: d * m].reshape(d, m), w[d * m :].reshape(m, m)

    def _objective(self, w, X, offsets, emp, c2):
        """f(w) and its gradient g(w) = E_P[F] - E_P~[F] + 2 c2 w, eqs. (11.50)-(11.51), summed over sequences."""
        d, m = X.shape[1], len(self.classes_)
        W, T = self._unpack(w, d, m)
        U = X @ W
        node = np.empty_like(U)
        pair = np.zeros((1, m, m))
        log_z = _batch_expectations(U, np.ascontiguousarray(T), offsets, node, pair)
        expected = np.concatenate([(X.T @ node).ravel(), pair[0].ravel()])
        f = log_z - w @ emp + c2 * (w @ w)
        g = expected - emp + 2.0 * c2 * w
        return f, g

    def _empirical_counts(self, X, y_idx, offsets, m):
        """E_P~[F]: the observed totals of every state and transition feature (left sides of (11.36)-(11.37))."""
        onehot = np.zeros((X.shape[0], m))
        onehot[np.arange(X.shape[0]), y_idx] = 1.0
        state = X.T @ onehot
        trans = np.zeros((m, m))
        inner = np.ones(X.shape[0], dtype=bool)
        inner[offsets[:-1]] = False  # the first position of a sequence has no predecessor
        pos = np.flatnonzero(inner)
        np.add.at(trans, (y_idx[pos - 1], y_idx[pos]), 1.0)
        return np.concatenate([state.ravel(), trans.ravel()])

    # ------------------------------------------------------------------------------------------
    # fit
    # ------------------------------------------------------------------------------------------

    def fit(self, X, y):
        """Learn the weights from sequences ``X`` (list of (n_j, n_features) arrays) and labels ``y``."""
        method, c1, c2, max_iter, tol, bound = self._check_params()
        X, y, offsets, _ = self._stack(X, y, reset=True)
        check_classification_targets(y)
        self.classes_, y_idx = np.unique(y, return_inverse=True)
        if len(self.classes_) < 2:
            raise ValueError(f"y must contain at least two classes (labels); got 1 class: {self.classes_.tolist()}")
        m, d = len(self.classes_), X.shape[1]
        emp = self._empirical_counts(X, y_idx.astype(np.int64), offsets, m)
        w0 = np.zeros(d * m + m * m)
        if method == "lbfgs":
            w, curve, n_iter, converged = self._fit_lbfgs(w0, X, offsets, emp, c1, c2, max_iter, tol)
        else:
            if np.any(X < 0):
                raise ValueError("X must be non-negative for method='iis' (IIS needs non-negative features)")
            w, curve, n_iter, converged = self._fit_iis(w0, X, offsets, emp, c2, max_iter, tol, bound)
        self.state_weights_, self.transition_weights_ = (a.copy() for a in self._unpack(w, d, m))
        self.objective_curve_ = np.asarray(curve)
        self.n_iter_ = int(n_iter)
        self.converged_ = bool(converged)
        if not converged:
            warnings.warn(
                f"LinearChainCRF ({method}) stopped at max_iter={max_iter} before meeting tol={tol}; "
                "increase max_iter or loosen tol.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def _fit_lbfgs(self, w0, X, offsets, emp, c1, c2, max_iter, tol):
        """Quasi-Newton learning (§11.4.2): L-BFGS-B on (11.50) with the analytic gradient (11.51)."""
        k = w0.size
        if c1 > 0:
            # w = u - v with u, v >= 0: c1 ||w||_1 becomes the linear term c1 sum(u + v) at the optimum.
            def fun(z):
                f, g = self._objective(z[:k] - z[k:], X, offsets, emp, c2)
                return f + c1 * z.sum(), np.concatenate([g + c1, -g + c1])

            z0, bounds = np.zeros(2 * k), [(0.0, None)] * (2 * k)
        else:

            def fun(z):
                return self._objective(z, X, offsets, emp, c2)

            z0, bounds = w0, None
        curve = [fun(z0)[0]]

        def record(intermediate_result):
            curve.append(float(intermediate_result.fun))

        res = minimize(
            fun,
            z0,
            jac=True,
            method="L-BFGS-B",
            bounds=bounds,
            callback=record,
            options={"maxiter": max_iter, "gtol": tol, "ftol": 1e-10, "maxcor": 10},
        )
        z = res.x
        w = z[:k] - z[k:] if c1 > 0 else z
        converged = res.status == 0
        if res.status == 2:  # line search could not improve: at the optimum to machine precision
            converged = True
        return w, curve, res.nit, converged

    def _fit_iis(self, w, X, offsets, emp, c2, max_iter, tol, bound):
        """Algorithm 11.1 (improved iterative scaling), with an optional l2 term.

        Each sweep computes, for every feature k and sequence x, the model's expected count a_{k,x}
        (by forward-backward, (11.42)/(11.45)) and solves

            sum_x a_{k,x} exp(delta_k T(x)) + 2 c2 (w_k + delta_k) = E_P~[f_k]

        by Newton's method ((11.36)-(11.37), (11.47)-(11.48); with c2 = 0 and T(x) = S this is (11.41)/(11.44)).
        T(x) = sum_i sum_p x_{i,p} + (n - 1) counts the features that fire in (x, y) for any y (11.38).
        """
        d, m = X.shape[1], len(self.classes_)
        n_seq = offsets.shape[0] - 1
        lengths = np.diff(offsets)
        row_sums = np.add.reduceat(X.sum(axis=1), offsets[:-1]) if X.shape[0] else np.zeros(n_seq)
        T_x = row_sums + (lengths - 1)
        if bound == "global":
            T_x = np.full(n_seq, T_x.max())
        T_max = max(T_x.max(), 1e-12)
        max_step = 30.0 / T_max  # keeps exp(delta T) finite; a step is never larger than this
        curve = [self._objective(w, X, offsets, emp, c2)[0]]
        converged = False
        n_iter = 0
        for n_iter in range(1, max_iter + 1):
            W, T = self._unpack(w, d, m)
            U = X @ W
            node = np.empty_like(U)
            pair = np.zeros((n_seq, m, m))
            _batch_expectations(U, np.ascontiguousarray(T), offsets, node, pair)
            state_counts = np.zeros((n_seq, d, m))
            _per_sequence_state_counts(X, node, offsets, state_counts)
            A = np.concatenate([state_counts.reshape(n_seq, -1), pair.reshape(n_seq, -1)], axis=1)
            delta = _iis_newton(A, T_x, emp, w, c2, max_step)
            w = w + delta
            curve.append(self._objective(w, X, offsets, emp, c2)[0])
            if np.max(np.abs(delta)) < tol:
                converged = True
                break
        return w, curve, n_iter, converged

    # ------------------------------------------------------------------------------------------
    # inference
    # ------------------------------------------------------------------------------------------

    def _scores(self, X):
        check_is_fitted(self)
        X, _, offsets, was_list = self._stack(X, reset=False)
        return X @ self.state_weights_, offsets, was_list

    def predict(self, X):
        """Viterbi labels (Algorithm 11.3): a list of arrays for a list of sequences, else one array."""
        U, offsets, was_list = self._scores(X)
        out = np.empty(U.shape[0], dtype=np.int64)
        _batch_viterbi(np.ascontiguousarray(U), np.ascontiguousarray(self.transition_weights_), offsets, out)
        labels = self.classes_[out]
        return [labels[a:b] for a, b in zip(offsets[:-1], offsets[1:])] if was_list else labels

    def predict_marginals(self, X):
        """P(Y_i = c | x) for every position (11.32): a list of (n_j, n_classes) arrays (or one array)."""
        U, offsets, was_list = self._scores(X)
        node = np.empty_like(U)
        pair = np.zeros((1, len(self.classes_), len(self.classes_)))
        _batch_expectations(
            np.ascontiguousarray(U), np.ascontiguousarray(self.transition_weights_), offsets, node, pair
        )
        return [node[a:b] for a, b in zip(offsets[:-1], offsets[1:])] if was_list else node

    def log_likelihood(self, X, y):
        """sum_j log P_w(y_j | x_j) (the log-likelihood L(w) of §11.4.1, without the penalty)."""
        Xs, ys, offsets, _ = self._stack(X, y, reset=False)
        y_idx = np.searchsorted(self.classes_, ys)
        if np.any(y_idx >= len(self.classes_)) or np.any(
            self.classes_[np.minimum(y_idx, len(self.classes_) - 1)] != ys
        ):
            raise ValueError("y contains labels not seen in fit")
        m = len(self.classes_)
        w = np.concatenate([self.state_weights_.ravel(), self.transition_weights_.ravel()])
        emp = self._empirical_counts(Xs, y_idx.astype(np.int64), offsets, m)
        f, _ = self._objective(w, Xs, offsets, emp, 0.0)
        return -float(f)

    def score(self, X, y, sample_weight=None):
        """Accuracy over all positions of all sequences."""
        pred = self.predict(X)
        if _is_sequence_list(X):
            pred = np.concatenate(pred)
            y = np.concatenate([np.asarray(lab) for lab in y])
        from sklearn.metrics import accuracy_score

        return accuracy_score(y, pred, sample_weight=sample_weight)

    def transition_matrices(self, x):
        """The book's matrices M_1(x), ..., M_{n+1}(x) (11.21)-(11.23) for one sequence, with start = stop = 0."""
        from ._chain import matrix_form

        check_is_fitted(self)
        x = validate_data(self, check_array(x, "x", ndim=2), reset=False, dtype=np.float64)
        return matrix_form(x @ self.state_weights_, self.transition_weights_)


def _is_sequence_list(X):
    """A list (or tuple) of 2-D sequences, as opposed to one 2-D array or a list of rows."""
    if not isinstance(X, (list, tuple)):
        return False
    if len(X) == 0:
        return True
    first = X[0]
    return not isinstance(first, (str, bytes)) and np.ndim(first) == 2


def _iis_newton(A, T_x, emp, w, c2, max_step, n_newton=50):
    """Solve g_k(delta) = sum_x A[x, k] exp(delta T_x) + 2 c2 (w_k + delta) - emp_k = 0 for every k.

    g_k is increasing and convex in delta, so Newton's method converges from any start once it is to the
    right of the root; steps are clipped to |delta| <= max_step. Features with no root (emp_k = 0 and
    c2 = 0, whose weight tends to -infinity) take the step -max_step.
    """
    k = A.shape[1]
    delta = np.zeros(k)
    for _ in range(n_newton):
        E = np.exp(np.outer(T_x, delta))  # (n_seq, K)
        g = (A * E).sum(axis=0) + 2.0 * c2 * (w + delta) - emp
        h = (A * E * T_x[:, None]).sum(axis=0) + 2.0 * c2
        safe = h > 0
        step = np.where(safe, g / np.where(safe, h, 1.0), 0.0)
        new = np.clip(delta - step, -max_step, max_step)
        if np.max(np.abs(new - delta)) < 1e-12:
            delta = new
            break
        delta = new
    return delta
