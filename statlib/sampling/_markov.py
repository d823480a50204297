"""Finite Markov chains in Li Hang's convention (ch. 19, §19.2).

Li Hang writes the transition matrix with ``p_ij = P(X_t = i | X_{t-1} = j)`` (19.9): column j holds the
distribution of the next state given the current state j, every column sums to one (19.10), and a
distribution is a column vector that moves as pi(t) = P pi(t - 1) = P^t pi(0) (19.13)-(19.14). Every function
here takes P exactly as the book prints it. A chain given as a weighted graph (``w[i, j]`` = weight of the
move i -> j) becomes such a P with :func:`statlib.graph.transition_matrix`; a row-stochastic matrix ``T``
(``T[i, j] = P(next = j | now = i)``, as :class:`statlib.hmm.CategoricalHMM` stores it) is ``P = T.T``.
"""

import math

import numpy as np
from numba import njit
from sklearn.utils import check_random_state

from .._validation import check_array, check_int, check_probability_vector, check_real, check_stochastic_matrix


def check_transition_matrix(P, name="P", *, atol=1e-8):
    """Return ``P`` as a square float array whose columns are probability vectors (19.10), or raise.

    The test is ``statlib._validation.check_stochastic_matrix`` applied to ``P.T``; its message is
    translated to columns, since the book's matrices are column-stochastic.
    """
    P = check_array(P, name)
    if P.shape[0] != P.shape[1]:
        raise ValueError(f"{name} must be a square transition matrix, got shape {P.shape}")
    try:
        check_stochastic_matrix(P.T, name, atol=atol)
    except ValueError as error:
        message = str(error).replace(
            "row-stochastic (each row sums to 1); row",
            "column-stochastic (each column sums to 1, p_ij = P(X_t = i | X_t-1 = j)); column",
        )
        message = message.replace("must be row-stochastic", "must be column-stochastic")
        raise ValueError(message) from None
    return P


def _check_state(x0, name, n):
    if isinstance(x0, (bool, np.bool_)) or not isinstance(x0, (int, np.integer)):
        raise TypeError(f"{name} must be a state index (an integer), got {type(x0).__name__}")
    if not 0 <= int(x0) < n:
        raise ValueError(f"{name} must be a state 0..{n - 1}, got {int(x0)}")
    return int(x0)


def distribution_path(P, pi0, n_steps):
    """The state distributions pi(0), pi(1), ..., pi(n_steps) of a chain, eq. (19.13)-(19.14).

    Parameters
    ----------
    P : array-like of shape (n, n)
        Column-stochastic transition matrix, ``P[i, j] = P(X_t = i | X_{t-1} = j)`` (19.9).
    pi0 : array-like of shape (n,)
        The initial distribution pi(0).
    n_steps : int
        Number of steps t.

    Returns
    -------
    ndarray of shape (n_steps + 1, n)
        Row t is pi(t) = P pi(t - 1) (19.13).

    Examples
    --------
    The weather chain of §19.2.1 (state 0 sunny, 1 rainy), started on a sunny day:

    >>> distribution_path([[0.9, 0.5], [0.1, 0.5]], [1, 0], 2).round(2)
    array([[1.  , 0.  ],
           [0.9 , 0.1 ],
           [0.86, 0.14]])
    """
    P = check_transition_matrix(P)
    pi0 = check_probability_vector(pi0, "pi0")
    if pi0.shape[0] != P.shape[0]:
        raise ValueError(f"pi0 must have one entry per state ({P.shape[0]}), got {pi0.shape[0]}")
    n_steps = check_int(n_steps, "n_steps", low=0)
    out = np.empty((n_steps + 1, P.shape[0]))
    out[0] = pi0
    for t in range(n_steps):
        out[t + 1] = P @ out[t]  # (19.13)
    return out


def _reachability(P):
    """R[i, j] = True when state i can be reached from state j in zero or more steps (boolean closure)."""
    n = P.shape[0]
    A = (P > 0) | np.eye(n, dtype=bool)
    R = A.copy()
    while True:
        R_next = (R.astype(np.int64) @ A.astype(np.int64)) > 0
        if np.array_equal(R_next, R):
            return R
        R = R_next


def communicating_classes(P):
    """The communicating classes of a finite chain and whether each is closed.

    States i and j communicate when each can be reached from the other; a class is closed when no
    move leaves it. The chain is irreducible (Def. 19.3) when there is a single class.

    Returns
    -------
    classes : list of ndarray of int
        The states of each class, in increasing order of their smallest state.
    closed : ndarray of bool
        ``closed[k]`` is True when no state outside ``classes[k]`` can be reached from it.
    """
    P = check_transition_matrix(P)
    R = _reachability(P)
    mutual = R & R.T
    seen = np.zeros(P.shape[0], dtype=bool)
    classes = []
    for i in range(P.shape[0]):
        if not seen[i]:
            members = np.flatnonzero(mutual[:, i])
            seen[members] = True
            classes.append(members)
    reach = P > 0
    closed = np.array([not np.any(np.delete(reach[:, c], c, axis=0)) for c in classes])
    return classes, closed


def is_irreducible(P):
    """Whether every state can be reached from every other state, Li Hang Def. 19.3 (19.24).

    >>> is_irreducible([[0.5, 0.5, 0.25], [0.25, 0, 0.25], [0.25, 0.5, 0.5]])  # Example 19.3
    True
    >>> is_irreducible([[0, 0.5, 0], [1, 0, 0], [0, 0.5, 1]])  # Example 19.5
    False
    """
    return bool(_reachability(check_transition_matrix(P)).all())


def periods(P):
    """The period of every state: gcd{t > 0 : P(X_t = i | X_0 = i) > 0}, Li Hang Def. 19.4.

    Computed per communicating class from breadth-first levels: the period divides every
    ``level(j) + 1 - level(i)`` over the moves j -> i inside the class, and is their gcd. A state that can
    never return to itself gets period 0.

    >>> periods([[0, 0, 1], [1, 0, 0], [0, 1, 0]]).tolist()  # Example 19.6: returns only at t = 3, 6, ...
    [3, 3, 3]
    """
    P = check_transition_matrix(P)
    classes, _ = communicating_classes(P)
    out = np.zeros(P.shape[0], dtype=np.int64)
    edge = P > 0
    for members in classes:
        inside = np.zeros(P.shape[0], dtype=bool)
        inside[members] = True
        level = np.full(P.shape[0], -1)
        level[members[0]] = 0
        frontier = [members[0]]
        while frontier:
            nxt = []
            for j in frontier:
                for i in np.flatnonzero(edge[:, j] & inside):
                    if level[i] < 0:
                        level[i] = level[j] + 1
                        nxt.append(i)
            frontier = nxt
        g = 0
        for j in members:
            for i in np.flatnonzero(edge[:, j] & inside):
                g = math.gcd(g, abs(int(level[j]) + 1 - int(level[i])))
        out[members] = g
    return out


def is_aperiodic(P):
    """Whether every state that can return to itself has period 1, Li Hang Def. 19.4.

    >>> is_aperiodic([[0, 0, 1], [1, 0, 0], [0, 1, 0]])  # Example 19.6
    False
    """
    p = periods(P)
    return bool(np.all(p[p > 0] == 1))


def _stationary_irreducible(Q):
    """The unique stationary distribution of an irreducible column-stochastic Q (Lemma 19.1, (19.16)-(19.18))."""
    n = Q.shape[0]
    A = Q - np.eye(n)
    A[-1] = 1.0  # replace one balance equation (they are dependent) by sum(x) = 1 (19.18)
    b = np.zeros(n)
    b[-1] = 1.0
    x = np.linalg.solve(A, b)
    x = np.clip(x, 0.0, None)
    return x / x.sum()


def stationary_distributions(P):
    """The extreme stationary distributions of a finite chain, one per closed communicating class.

    Every stationary distribution (Def. 19.2, pi = P pi (19.15)) is a convex combination of the rows
    returned: each is the unique stationary distribution of one closed class (Lemma 19.1, solved as the
    linear system (19.16)-(19.18)), zero elsewhere. One row means the stationary distribution is unique.

    Returns
    -------
    ndarray of shape (n_closed_classes, n)

    Examples
    --------
    Example 19.4 has two absorbing states, so every (a, 0, 1 - a) is stationary:

    >>> stationary_distributions([[1, 1/3, 0], [0, 1/3, 0], [0, 1/3, 1]]).round(6)
    array([[1., 0., 0.],
           [0., 0., 1.]])
    """
    P = check_transition_matrix(P)
    classes, closed = communicating_classes(P)
    rows = []
    for members, is_closed in zip(classes, closed):
        if is_closed:
            x = np.zeros(P.shape[0])
            x[members] = _stationary_irreducible(P[np.ix_(members, members)])
            rows.append(x)
    return np.array(rows)


def stationary_distribution(P):
    """The unique stationary distribution pi = P pi of a finite chain, Li Hang Def. 19.2 and Lemma 19.1.

    Raises ValueError when the chain has more than one closed class, where the stationary distribution is
    not unique (Example 19.4); :func:`stationary_distributions` then gives them all.

    >>> stationary_distribution([[0.5, 0.5, 0.25], [0.25, 0, 0.25], [0.25, 0.5, 0.5]]).round(6)  # Ex. 19.3
    array([0.4, 0.2, 0.4])
    """
    rows = stationary_distributions(P)
    if rows.shape[0] > 1:
        raise ValueError(
            f"P has {rows.shape[0]} closed classes, so its stationary distribution is not unique; "
            "stationary_distributions(P) returns one per class"
        )
    return rows[0]


def detailed_balance_gap(P, pi):
    """max_ij |p_ij pi_j - p_ji pi_i|: zero exactly when (P, pi) satisfy detailed balance (19.29)."""
    P = check_transition_matrix(P)
    pi = check_probability_vector(pi, "pi")
    if pi.shape[0] != P.shape[0]:
        raise ValueError(f"pi must have one entry per state ({P.shape[0]}), got {pi.shape[0]}")
    flow = P * pi[None, :]  # flow[i, j] = p_ij pi_j, the probability of the move j -> i
    return float(np.max(np.abs(flow - flow.T)))


def is_reversible(P, pi=None, *, atol=1e-10):
    """Whether the chain satisfies detailed balance p_ij pi_j = p_ji pi_i (19.29), Li Hang Def. 19.6.

    ``pi`` defaults to the unique stationary distribution.

    >>> is_reversible([[0.5, 0.5, 0.25], [0.25, 0, 0.25], [0.25, 0.5, 0.5]])  # Example 19.3
    True
    >>> is_reversible([[0.25, 0.5, 0.25], [0.25, 0, 0.5], [0.5, 0.5, 0.25]])  # Example 19.8
    False
    """
    P = check_transition_matrix(P)
    atol = check_real(atol, "atol", low=0)
    if pi is None:
        pi = stationary_distribution(P)
    return detailed_balance_gap(P, pi) <= atol


@njit(cache=True)
def _simulate_kernel(cdf, x0, u):
    """The chain x_1, ..., x_n from uniforms u: x_t is the first i with u_t < cdf[i, x_{t-1}] (inverse CDF)."""
    n_states = cdf.shape[0]
    path = np.empty(u.shape[0] + 1, dtype=np.int64)
    path[0] = x0
    x = x0
    for t in range(u.shape[0]):
        i = 0
        while i < n_states - 1 and u[t] >= cdf[i, x]:
            i += 1
        x = i
        path[t + 1] = x
    return path


def simulate_chain(P, x0, n_steps, random_state=None):
    """A path X_0 = x0, X_1, ..., X_n of the chain with transition matrix P (19.9).

    One uniform per step is drawn in NumPy from ``random_state`` and turned into the next state by the
    inverse of the column CDF of P in a Numba kernel, so a seed gives the same path on any machine.

    Returns
    -------
    ndarray of int64, shape (n_steps + 1,)
    """
    P = check_transition_matrix(P)
    x0 = _check_state(x0, "x0", P.shape[0])
    n_steps = check_int(n_steps, "n_steps", low=0)
    u = check_random_state(random_state).random_sample(n_steps)
    cdf = np.cumsum(P, axis=0)
    cdf[-1] = 1.0
    # moves of probability zero are never taken: a state with p_ij = 0 has an empty CDF interval
    return _simulate_kernel(np.ascontiguousarray(cdf), x0, u)
