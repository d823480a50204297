"""The result object returned by :func:`statlib.optim.minimize` (shaped like SciPy's ``OptimizeResult``)."""

import numpy as np

__all__ = ["OptimizeResult"]


class OptimizeResult(dict):
    """A dictionary whose keys are also attributes, like :class:`scipy.optimize.OptimizeResult`.

    The fields set by :func:`statlib.optim.minimize` are

    ``x``
        the final iterate x^(k);
    ``fun``, ``jac``
        f and its gradient g_k at ``x``;
    ``nit``
        the number of iterations k taken;
    ``nfev``, ``njev``, ``nhev``
        how many times f, the gradient and the Hessian were evaluated;
    ``success``, ``status``, ``message``
        whether the stopping rule ||g_k|| < tol was met (status 0), the iteration limit was hit
        (status 1), or the line search could make no further progress (status 2);
    ``path``
        array of shape (nit + 1, n): the iterates x^(0), ..., x^(k), row by row;
    ``fun_path``, ``grad_norm_path``
        f(x^(j)) and ||g_j|| along the path;
    ``step_path``
        the step lengths lambda_j chosen by the line search (length nit);
    ``hess_inv``
        quasi-Newton methods only: the final approximation G_k of the inverse Hessian.
    """

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc

    __setattr__ = dict.__setitem__
    __delattr__ = dict.__delitem__

    def __dir__(self):
        return list(self.keys())

    def __repr__(self):
        if not self:
            return f"{type(self).__name__}()"
        width = max(map(len, self)) + 1
        lines = []
        with np.printoptions(precision=6, threshold=8, edgeitems=2, suppress=True):
            for key in self:
                value = self[key]
                if isinstance(value, np.ndarray) and value.ndim == 2 and value.shape[0] > 4:
                    text = f"<array of shape {value.shape}>"
                elif isinstance(value, float):
                    text = f"{value:.6g}"
                else:
                    text = repr(value).replace("\n", "\n" + " " * (width + 2))
                lines.append(f"{key.rjust(width)}: {text}")
        return "\n".join(lines)
