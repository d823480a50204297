"""Sampling and Markov chain Monte Carlo (Li Hang ch. 19).

Finite Markov chains in the book's column-stochastic convention (``P[i, j] = P(X_t = i | X_{t-1} = j)``),
Monte Carlo integration and the accept-reject method, Metropolis-Hastings (Algorithm 19.2), single-component
Metropolis-Hastings, Gibbs sampling (Algorithm 19.3) and diagnostics of the chains they produce.
"""

from ._diagnostics import (
    autocorrelation,
    effective_sample_size,
    ergodic_mean,
    estimate_burn_in,
    geweke_z,
    integrated_autocorrelation_time,
)
from ._markov import (
    check_transition_matrix,
    communicating_classes,
    detailed_balance_gap,
    distribution_path,
    is_aperiodic,
    is_irreducible,
    is_reversible,
    periods,
    simulate_chain,
    stationary_distribution,
    stationary_distributions,
)
from ._mcmc import gibbs_bivariate_normal, gibbs_sampler, metropolis_hastings, single_component_metropolis_hastings
from ._monte_carlo import monte_carlo_expectation, monte_carlo_integrate, rejection_sample

__all__ = [
    "autocorrelation",
    "check_transition_matrix",
    "communicating_classes",
    "detailed_balance_gap",
    "distribution_path",
    "effective_sample_size",
    "ergodic_mean",
    "estimate_burn_in",
    "geweke_z",
    "gibbs_bivariate_normal",
    "gibbs_sampler",
    "integrated_autocorrelation_time",
    "is_aperiodic",
    "is_irreducible",
    "is_reversible",
    "metropolis_hastings",
    "monte_carlo_expectation",
    "monte_carlo_integrate",
    "periods",
    "rejection_sample",
    "simulate_chain",
    "single_component_metropolis_hastings",
    "stationary_distribution",
    "stationary_distributions",
]
