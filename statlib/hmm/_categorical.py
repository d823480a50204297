"""The hidden Markov model with categorical (discrete) observations, Li Hang ch. 10."""

import warnings

import numpy as np
from scipy import sparse
from sklearn.base import BaseEstimator
from sklearn.exceptions import ConvergenceWarning, NotFittedError
from sklearn.utils import check_random_state

from .._validation import (
    check_array,
    check_bool,
    check_choice,
    check_int,
    check_probability_vector,
    check_real,
    check_stochastic_matrix,
    check_symbol_sequence,
)
from ._kernels import (
    _backward_scaled,
    _backward_with_forward_scales,
    _baum_welch_stats,
    _forward_scaled,
    _sample,
    _viterbi_log,
)

__all__ = ["CategoricalHMM", "estimate_from_labelled"]


def _parse_sequences(X, name):
    """Turn ``X`` into ``(obs, offsets, layout)``: all symbols concatenated (int64), the start of
    each sequence plus the total length, and how the input was laid out ("single", "matrix", "list").

    Accepted: one sequence (1-D), equal-length sequences as the rows of a 2-D array, or a list of
    1-D sequences of any lengths. Symbols must be whole numbers >= 0; their upper bound is checked
    by the caller, who knows the number of symbols.
    """
    if isinstance(X, (str, bytes)):
        raise TypeError(f"{name} must be a sequence of integer symbols or a list of such sequences, got a string")
    if sparse.issparse(X):
        raise TypeError(f"{name} is a sparse matrix; sparse input is not supported, pass a dense array of symbols")
    try:
        raw = np.asarray(X)
    except ValueError:  # a ragged list of sequences
        raw = None
    if raw is not None and np.iscomplexobj(raw):
        raise ValueError(f"Complex data not supported: {name} must hold integer symbols")
    ragged = raw is None or (
        raw.dtype == object and raw.ndim == 1 and raw.size > 0 and all(np.ndim(x) == 1 for x in raw)
    )
    if ragged:
        if len(X) == 0:
            raise ValueError(f"{name} must contain at least one sequence")
        seqs = [check_array(x, f"{name}[{s}]", ndim=1, dtype=np.int64) for s, x in enumerate(X)]
        lengths = np.array([len(x) for x in seqs], dtype=np.int64)
        obs = np.concatenate(seqs)
        layout = "list"
    else:
        if raw.ndim not in (1, 2):
            raise ValueError(
                f"{name} must be one sequence (1-D), sequences as rows (2-D) or a list of 1-D sequences; "
                f"got an array of shape {raw.shape}"
            )
        if raw.ndim == 2 and raw.shape[0] > 0 and raw.shape[1] == 0:
            raise ValueError(
                f"{name} holds sequences of length 0: 0 feature(s) (shape={raw.shape}) "
                "while a minimum of 1 is required."
            )
        arr = check_array(raw, name, ndim=raw.ndim, dtype=np.int64)
        if arr.ndim == 1:
            lengths = np.array([arr.shape[0]], dtype=np.int64)
            layout = "single"
        else:
            lengths = np.full(arr.shape[0], arr.shape[1], dtype=np.int64)
            layout = "matrix"
        obs = arr.ravel()
    if obs.min() < 0:
        raise ValueError(f"Negative values in data: {name} must hold symbols 0, 1, 2, ...; found {obs.min()}")
    offsets = np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64)
    return np.ascontiguousarray(obs), offsets, layout


def _check_symbols(obs, name, n_symbols):
    if obs.max() >= n_symbols:
        raise ValueError(
            f"{name} must hold symbols 0..{n_symbols - 1} (the model has {n_symbols} observation symbols); "
            f"found {obs.max()}"
        )


def _regroup(values, offsets, layout):
    """Split a concatenated per-position array back into the layout the input had."""
    if layout == "single":
        return values
    if layout == "matrix":
        return values.reshape(len(offsets) - 1, -1)
    return [values[offsets[s] : offsets[s + 1]] for s in range(len(offsets) - 1)]


class CategoricalHMM(BaseEstimator):
    """Hidden Markov model with categorical observations: lambda = (A, B, pi), Li Hang Definition 10.1.

    States are ``0..N-1`` and observation symbols ``0..M-1`` (the book's q_1..q_N and v_1..v_M,
    shifted by one). ``transmat[i, j] = a_ij = P(i_{t+1} = j | i_t = i)`` (10.2),
    ``emissionprob[j, k] = b_j(k) = P(o_t = k | i_t = j)`` (10.4), ``startprob[i] = pi_i`` (10.6).

    The model can be used in two ways. Given all three parameters, it is a known model: ``forward``
    (algorithm 10.2), ``backward`` (10.3), ``gamma``/``xi`` ((10.24), (10.26)), ``viterbi``
    (10.5), ``decode`` and ``sample`` (10.1) work at once, with no fit. ``fit`` learns the
    parameters by Baum-Welch (algorithm 10.4), starting from the given parameters (step (1) of the
    algorithm) or, for those not given, from random ones drawn with ``random_state`` for a model of
    ``n_states`` states and ``n_symbols`` symbols; after a fit the learned parameters (``startprob_``,
    ``transmat_``, ``emissionprob_``) are the ones every method uses.

    Parameters
    ----------
    startprob : array-like of shape (N,), default=None
        Initial state distribution pi.
    transmat : array-like of shape (N, N), default=None
        Transition matrix A, rows summing to one.
    emissionprob : array-like of shape (N, M), default=None
        Observation matrix B, rows summing to one.
    n_states : int, default=None
        Number of hidden states N when some parameter is to be initialised at random. ``None`` means
        the size of the given parameters, or 2 if none is given. Must agree with the given parameters.
    n_symbols : int, default=None
        Number of observation symbols M. ``None`` means the width of ``emissionprob`` if given, else
        one more than the largest symbol in the training data.
    max_iter : int, default=100
        Maximum number of Baum-Welch iterations.
    tol : float, default=1e-4
        Stop when an iteration raises the total log-likelihood by less than ``tol``.
    random_state : int, RandomState or None, default=None
        Seed for the random initial parameters (rows drawn uniformly from the probability simplex).

    Attributes
    ----------
    startprob_, transmat_, emissionprob_ : ndarray
        The learned parameters.
    n_states_, n_symbols_ : int
        N and M of the fitted model.
    log_likelihoods_ : ndarray of shape (n_iter_,)
        Total log-likelihood of the training sequences under the parameters at the start of each
        iteration, log P(O | lambda^(0)), log P(O | lambda^(1)), ...; non-decreasing (EM).
    n_iter_ : int
        Number of Baum-Welch iterations run.
    converged_ : bool
        Whether the last iteration improved the log-likelihood by less than ``tol``.

    Notes
    -----
    ``forward`` and ``backward`` return the book's unscaled alpha and beta and P(O | lambda) by
    default; these underflow for long sequences (with two equally likely symbols, P(O | lambda) is
    about 10^-30 000 for 100 000 observations). With ``scaled=True`` they return each time step's probabilities
    normalised to
    sum to one and the log-probability log P(O | lambda) instead, at the same cost. ``viterbi``
    works in log space and returns P* (or log P* with ``log=True``).

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., ch. 10, algorithms 10.1-10.5.
    L. R. Rabiner, "A tutorial on hidden Markov models and selected applications in speech
    recognition", Proc. IEEE 77(2), 1989 (the scaling of sec. V.A).

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.hmm import CategoricalHMM
    >>> A = [[0.5, 0.2, 0.3], [0.3, 0.5, 0.2], [0.2, 0.3, 0.5]]
    >>> B = [[0.5, 0.5], [0.4, 0.6], [0.7, 0.3]]
    >>> model = CategoricalHMM([0.2, 0.4, 0.4], A, B)
    >>> alpha, prob = model.forward([0, 1, 0])      # Example 10.2: red, white, red
    >>> round(prob, 5)
    0.13022
    >>> path, p_star = model.viterbi([0, 1, 0])     # Example 10.3
    >>> path + 1, round(p_star, 4)
    (array([3, 3, 3]), 0.0147)
    """

    def __init__(
        self,
        startprob=None,
        transmat=None,
        emissionprob=None,
        *,
        n_states=None,
        n_symbols=None,
        max_iter=100,
        tol=1e-4,
        random_state=None,
    ):
        self.startprob = startprob
        self.transmat = transmat
        self.emissionprob = emissionprob
        self.n_states = n_states
        self.n_symbols = n_symbols
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state

    def __sklearn_is_fitted__(self):
        given = self.startprob is not None and self.transmat is not None and self.emissionprob is not None
        return hasattr(self, "transmat_") or given

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.categorical = True  # symbols 0..M-1
        tags.input_tags.positive_only = True
        return tags

    # ----------------------------------------------------------------------------------------------
    # parameters
    def _given_parameters(self):
        """Validate the constructor's parameters; return (pi, A, B, N, M), None for those not given."""
        pi = A = B = None
        N = M = None
        if self.startprob is not None:
            pi = check_probability_vector(self.startprob, "startprob")
            N = pi.shape[0]
        if self.transmat is not None:
            A = check_stochastic_matrix(self.transmat, "transmat", shape=(N, N) if N is not None else None)
            if A.shape[0] != A.shape[1]:
                raise ValueError(f"transmat must be square (N, N), got shape {A.shape}")
            N = A.shape[0]
        if self.emissionprob is not None:
            B = check_stochastic_matrix(self.emissionprob, "emissionprob")
            if N is not None and B.shape[0] != N:
                raise ValueError(f"emissionprob must have one row per state ({N}), got shape {B.shape}")
            N, M = B.shape
        if self.n_states is not None:
            n_states = check_int(self.n_states, "n_states", low=1)
            if N is not None and n_states != N:
                raise ValueError(f"n_states={n_states} disagrees with the given parameters, which have {N} states")
            N = n_states
        if self.n_symbols is not None:
            n_symbols = check_int(self.n_symbols, "n_symbols", low=1)
            if M is not None and n_symbols != M:
                raise ValueError(f"n_symbols={n_symbols} disagrees with emissionprob, which has {M} columns")
            M = n_symbols
        return pi, A, B, N, M

    def _parameters(self):
        """The model's current (pi, A, B): learned ones after ``fit``, else the given ones."""
        if hasattr(self, "transmat_"):
            return self.startprob_, self.transmat_, self.emissionprob_
        if self.startprob is None or self.transmat is None or self.emissionprob is None:
            raise NotFittedError(
                "This CategoricalHMM has no parameters yet: pass startprob, transmat and emissionprob, or call fit."
            )
        pi, A, B, _, _ = self._given_parameters()
        return pi, A, B

    def _sequence(self, obs, name="obs"):
        pi, A, B = self._parameters()
        obs = check_symbol_sequence(obs, name, B.shape[1])
        return obs, pi, A, np.ascontiguousarray(B.T)

    @staticmethod
    def _t(matrix):
        return np.ascontiguousarray(matrix.T)

    # ----------------------------------------------------------------------------------------------
    # probability computation (Li Hang sec. 10.2)
    def forward(self, obs, scaled=False):
        """Forward algorithm (algorithm 10.2): ``(alpha, P(O | lambda))``.

        Parameters
        ----------
        obs : array-like of int, shape (T,)
            One observation sequence, symbols ``0..M-1``.
        scaled : bool, default=False
            ``False``: the book's alpha_t(i) = P(o_1..o_t, i_t = i | lambda) (10.14)-(10.16) and
            P(O | lambda) (10.17); both underflow to 0 for long sequences (a warning says so).
            ``True``: each row normalised, ``alpha[t] = P(i_t | o_1..o_t)``, and log P(O | lambda).

        Returns
        -------
        alpha : ndarray of shape (T, N)
        prob : float
            P(O | lambda), or log P(O | lambda) when ``scaled``.
        """
        scaled = check_bool(scaled, "scaled")
        obs, pi, A, BT = self._sequence(obs)
        alpha = np.empty((obs.shape[0], pi.shape[0]))
        scale = np.empty(obs.shape[0])
        log_prob = _forward_scaled(pi, np.ascontiguousarray(A), self._t(A), BT, obs, alpha, scale)
        if scaled:
            return alpha, log_prob
        alpha *= np.cumprod(scale)[:, None]
        prob = float(alpha[-1].sum())  # (10.17)
        _warn_underflow(prob, log_prob, "forward")
        return alpha, prob

    def backward(self, obs, scaled=False):
        """Backward algorithm (algorithm 10.3): ``(beta, P(O | lambda))``.

        Parameters
        ----------
        obs : array-like of int, shape (T,)
            One observation sequence.
        scaled : bool, default=False
            ``False``: the book's beta_t(i) = P(o_{t+1}..o_T | i_t = i, lambda) (10.18)-(10.20) and
            P(O | lambda) by (10.21). ``True``: each row of beta normalised to sum to one, and
            log P(O | lambda). The backward pass is computed independently of the forward pass.

        Returns
        -------
        beta : ndarray of shape (T, N)
        prob : float
            P(O | lambda), or log P(O | lambda) when ``scaled``.
        """
        scaled = check_bool(scaled, "scaled")
        obs, pi, A, BT = self._sequence(obs)
        beta = np.empty((obs.shape[0], pi.shape[0]))
        scale = np.empty(obs.shape[0])
        log_prob = _backward_scaled(pi, np.ascontiguousarray(A), self._t(A), BT, obs, beta, scale)
        if scaled:
            return beta, log_prob
        beta *= np.cumprod(scale[::-1])[::-1, None]
        prob = float(np.sum(pi * BT[obs[0]] * beta[0]))  # (10.21)
        _warn_underflow(prob, log_prob, "backward")
        return beta, prob

    def _posterior_pass(self, obs):
        obs, pi, A, BT = self._sequence(obs)
        T, N = obs.shape[0], pi.shape[0]
        alpha, beta, scale = np.empty((T, N)), np.empty((T, N)), np.empty(T)
        A, AT = np.ascontiguousarray(A), self._t(A)
        log_prob = _forward_scaled(pi, A, AT, BT, obs, alpha, scale)
        if log_prob == -np.inf:
            raise ValueError("obs has probability zero under the model; its posteriors are undefined")
        _backward_with_forward_scales(A, AT, BT, obs, scale, beta)
        return obs, A, BT, alpha, beta, scale, log_prob

    def gamma(self, obs):
        """gamma_t(i) = P(i_t = i | O, lambda), eq. (10.24); an array of shape (T, N), rows summing to one."""
        _, _, _, alpha, beta, _, _ = self._posterior_pass(obs)
        return alpha * beta

    def xi(self, obs):
        """xi_t(i, j) = P(i_t = i, i_{t+1} = j | O, lambda), eq. (10.26); shape (T-1, N, N)."""
        obs, A, BT, alpha, beta, scale, _ = self._posterior_pass(obs)
        right = BT[obs[1:]] * beta[1:] / scale[1:, None]  # b_j(o_{t+1}) beta_{t+1}(j), rescaled
        return alpha[:-1, :, None] * A[None, :, :] * right[:, None, :]

    # ----------------------------------------------------------------------------------------------
    # prediction (Li Hang sec. 10.4)
    def viterbi(self, obs, log=False, return_trellis=False):
        """Viterbi algorithm (algorithm 10.5): the most probable state path and its probability.

        Parameters
        ----------
        obs : array-like of int, shape (T,)
            One observation sequence.
        log : bool, default=False
            Return log P* (and log delta) instead of P* (and delta). The recursion always runs in
            log space, so long sequences are safe either way; only P* itself underflows.
        return_trellis : bool, default=False
            Also return the tables ``delta`` (T, N), eq. (10.44)-(10.45), and ``psi`` (T, N),
            eq. (10.46), with ``psi[0] = -1`` (no predecessor; the book writes Psi_1 = 0).

        Returns
        -------
        path : ndarray of int64, shape (T,)
            I* = (i*_1, ..., i*_T), 0-based.
        prob : float
            P* = max_i delta_T(i), or log P*.
        delta, psi : ndarray, only with ``return_trellis``
        """
        log = check_bool(log, "log")
        return_trellis = check_bool(return_trellis, "return_trellis")
        obs, pi, A, BT = self._sequence(obs)
        T, N = obs.shape[0], pi.shape[0]
        with np.errstate(divide="ignore"):
            log_pi, log_A, log_AT, log_BT = np.log(pi), np.log(np.ascontiguousarray(A)), np.log(self._t(A)), np.log(BT)
        delta = np.empty((T if return_trellis else 2, N))
        psi = np.empty((T, N), dtype=np.int8 if N <= 127 else np.int32)
        path = np.empty(T, dtype=np.int64)
        log_prob = _viterbi_log(log_pi, log_A, log_AT, log_BT, obs, delta, psi, path)
        prob = log_prob if log else float(np.exp(log_prob))
        if not return_trellis:
            return path, prob
        return path, prob, (delta if log else np.exp(delta)), psi.astype(np.int64)

    def decode(self, obs, algorithm="viterbi"):
        """The state path for ``obs``: ``"viterbi"`` (algorithm 10.5, the most probable path) or
        ``"posterior"`` (Li Hang's approximate algorithm (10.43): the most probable state at each
        time on its own, argmax_i gamma_t(i), which may string together impossible transitions)."""
        algorithm = check_choice(algorithm, "algorithm", ("viterbi", "posterior"))
        if algorithm == "viterbi":
            return self.viterbi(obs)[0]
        return np.argmax(self.gamma(obs), axis=1)

    def predict(self, X):
        """Viterbi paths for the sequences in ``X`` (laid out as ``X``: one, rows, or a list)."""
        obs, offsets, layout = self._sequences(X)
        paths = np.empty_like(obs)
        for s in range(len(offsets) - 1):
            paths[offsets[s] : offsets[s + 1]] = self.viterbi(obs[offsets[s] : offsets[s + 1]])[0]
        return _regroup(paths, offsets, layout)

    def score_samples(self, X):
        """log P(O_s | lambda) for each sequence O_s in ``X``; shape (n_sequences,)."""
        obs, offsets, _ = self._sequences(X)
        pi, A, B = self._parameters()
        A, AT, BT = np.ascontiguousarray(A), self._t(A), self._t(B)
        alpha, scale = np.empty((2, pi.shape[0])), np.empty(1)  # only the last two rows are kept
        out = np.empty(len(offsets) - 1)
        for s in range(len(out)):
            out[s] = _forward_scaled(pi, A, AT, BT, obs[offsets[s] : offsets[s + 1]], alpha, scale)
        return out

    def score(self, X, y=None):
        """Total log-likelihood sum_s log P(O_s | lambda) of the sequences in ``X`` (``y`` is ignored)."""
        return float(np.sum(self.score_samples(X)))

    def _sequences(self, X):
        pi, A, B = self._parameters()
        obs, offsets, layout = _parse_sequences(X, "X")
        _check_symbols(obs, "X", B.shape[1])
        return obs, offsets, layout

    # ----------------------------------------------------------------------------------------------
    # generation (Li Hang sec. 10.1.2)
    def sample(self, n, random_state=None):
        """Generate ``n`` observations by algorithm 10.1: returns ``(obs, states)``, both of length ``n``.

        The book's step (5) ("t = t + 1; if t < T go to (3)") would stop after T - 1 observations;
        this emits exactly ``n``. Uniform draws are made in NumPy from ``random_state`` (first all the
        state draws, then all the observation draws), so a seed reproduces the sequence bit for bit.
        """
        n = check_int(n, "n", low=1)
        pi, A, B = self._parameters()
        rng = check_random_state(random_state)
        u_state = rng.random(n)
        u_obs = rng.random(n)
        cdfs = [np.cumsum(p, axis=-1) for p in (pi, A, B)]
        cdfs = [np.ascontiguousarray(c / c[..., -1:]) for c in cdfs]
        states = np.empty(n, dtype=np.int64)
        obs = np.empty(n, dtype=np.int64)
        _sample(cdfs[0], cdfs[1], cdfs[2], u_state, u_obs, states, obs)
        return obs, states

    # ----------------------------------------------------------------------------------------------
    # learning (Li Hang sec. 10.3)
    def fit(self, X, y=None):
        """Learn lambda by Baum-Welch (algorithm 10.4) from unlabelled observation sequences.

        Parameters
        ----------
        X : array-like
            One sequence of symbols (1-D), equal-length sequences as rows (2-D), or a list of 1-D
            sequences of any lengths.
        y : ignored

        Returns
        -------
        self
        """
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        tol = check_real(self.tol, "tol", low=0.0)
        pi, A, B, N, M = self._given_parameters()
        obs, offsets, _ = _parse_sequences(X, "X")
        if M is None:
            M = int(obs.max()) + 1
        _check_symbols(obs, "X", M)
        N = 2 if N is None else N
        rng = check_random_state(self.random_state)
        pi = rng.dirichlet(np.ones(N)) if pi is None else pi.copy()
        A = rng.dirichlet(np.ones(N), size=N) if A is None else A.copy()
        B = rng.dirichlet(np.ones(M), size=N) if B is None else B.copy()

        longest = int(np.max(np.diff(offsets)))
        alpha, beta, scale = np.empty((longest, N)), np.empty((longest, N)), np.empty(longest)
        start_acc, trans_acc, emit_acc = np.empty(N), np.empty((N, N)), np.empty((N, M))
        history = []
        converged = False
        for _ in range(max_iter):
            start_acc[:] = 0.0
            trans_acc[:] = 0.0
            emit_acc[:] = 0.0
            log_prob = _baum_welch_stats(
                pi, A, self._t(A), self._t(B), obs, offsets, alpha, beta, scale, start_acc, trans_acc, emit_acc
            )
            if log_prob == -np.inf:
                raise ValueError(
                    "X contains a sequence of probability zero under the current parameters "
                    "(e.g. a symbol that emissionprob never emits); Baum-Welch cannot start from them"
                )
            history.append(log_prob)
            pi = start_acc / start_acc.sum()  # (10.41)
            A = _normalise_rows(trans_acc, A)  # (10.39)
            B = _normalise_rows(emit_acc, B)  # (10.40)
            if len(history) > 1 and history[-1] - history[-2] < tol:
                converged = True
                break

        self.startprob_, self.transmat_, self.emissionprob_ = pi, A, B
        self.n_states_, self.n_symbols_ = N, M
        self.log_likelihoods_ = np.array(history)
        self.n_iter_ = len(history)
        self.converged_ = converged
        if not converged:
            warnings.warn(
                f"Baum-Welch did not converge in max_iter={max_iter} iterations (last gain in log-likelihood "
                f"{history[-1] - history[-2] if len(history) > 1 else float('nan'):.3g} >= tol={tol}).",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self


def _normalise_rows(counts, previous):
    """Divide each row by its sum; a row with no expected counts keeps its previous value."""
    sums = counts.sum(axis=1, keepdims=True)
    return np.where(sums > 0, counts / np.where(sums > 0, sums, 1.0), previous)


def _warn_underflow(prob, log_prob, name):
    if prob == 0.0 and log_prob > -np.inf:
        warnings.warn(
            f"P(O | lambda) = exp({log_prob:.6g}) underflows double precision; call {name}(obs, scaled=True) "
            "for the scaled probabilities and the log-probability.",
            RuntimeWarning,
            stacklevel=3,
        )


def estimate_from_labelled(X, states, n_states=None, n_symbols=None):
    """Supervised maximum-likelihood estimate of lambda from labelled sequences (Li Hang sec. 10.3.1).

    Counts, over all sequences, the transitions i -> j (A_ij), the emissions of symbol k in state j
    (B_jk) and the initial states, and normalises them: a_ij = A_ij / sum_j A_ij (10.30),
    b_j(k) = B_jk / sum_k B_jk (10.31), pi_i = frequency of initial state i. A state never left (or
    never seen) has no counts to normalise; its row is then set to the uniform distribution.

    Parameters
    ----------
    X : array-like
        Observation sequences, laid out as for :meth:`CategoricalHMM.fit`.
    states : array-like
        The state sequences, laid out like ``X`` (same lengths).
    n_states, n_symbols : int, default=None
        N and M; ``None`` means one more than the largest label seen.

    Returns
    -------
    CategoricalHMM
        A model holding the estimated ``startprob``, ``transmat`` and ``emissionprob``.
    """
    obs, offsets, _ = _parse_sequences(X, "X")
    labels, label_offsets, _ = _parse_sequences(states, "states")
    if not np.array_equal(offsets, label_offsets):
        raise ValueError("X and states must have the same layout and sequence lengths")
    N = int(labels.max()) + 1 if n_states is None else check_int(n_states, "n_states", low=1)
    M = int(obs.max()) + 1 if n_symbols is None else check_int(n_symbols, "n_symbols", low=1)
    _check_symbols(obs, "X", M)
    if labels.max() >= N:
        raise ValueError(
            f"states must hold state labels 0..{N - 1} (the model has {N} hidden states); found {labels.max()}"
        )
    starts = offsets[:-1]
    ends = offsets[1:]
    start_counts = np.bincount(labels[starts], minlength=N).astype(float)
    keep = np.ones(labels.shape[0], dtype=bool)
    keep[ends - 1] = False  # the last position of each sequence has no successor
    trans_counts = np.zeros((N, N))
    np.add.at(trans_counts, (labels[keep], labels[np.flatnonzero(keep) + 1]), 1.0)
    emit_counts = np.zeros((N, M))
    np.add.at(emit_counts, (labels, obs), 1.0)
    startprob = start_counts / start_counts.sum()
    transmat = _normalise_rows(trans_counts, np.full((N, N), 1.0 / N))
    emissionprob = _normalise_rows(emit_counts, np.full((N, M), 1.0 / M))
    return CategoricalHMM(startprob, transmat, emissionprob)
