import numpy as np
from sklearn.utils import check_random_state

from .._validation import check_int, check_real


def make_sine(n_samples=10, *, noise=0.3, random_state=None, evenly_spaced=True):
    """Noisy samples of sin(2 pi x) on [0, 1], the curve-fitting data of Li Hang Example 1.1 (after PRML 1.1).

    The book prints no numbers for Example 1.1, only a figure; these data are synthetic, drawn as PRML
    describes: inputs evenly spaced on [0, 1] (or uniform with ``evenly_spaced=False``), targets
    sin(2 pi x) plus Gaussian noise of standard deviation ``noise``.

    Returns
    -------
    x : ndarray of shape (n_samples,)
    t : ndarray of shape (n_samples,)
    """
    n = check_int(n_samples, "n_samples", low=1)
    noise = check_real(noise, "noise", low=0.0)
    rng = check_random_state(random_state)
    x = np.linspace(0.0, 1.0, n) if evenly_spaced else np.sort(rng.uniform(0.0, 1.0, n))
    t = np.sin(2 * np.pi * x) + noise * rng.standard_normal(n)
    return x, t
