"""Exercises of the optimisation appendix (Li Hang appendices A-C; the book has none, these are ours)."""

from ._checkers import numeric
from ._registry import register

register(
    "optim-1.1",
    numeric([0.2, 0.4], atol=1e-6),
    hint="for f(x) = x^T A x / 2 - b^T x the Hessian is A and the gradient A x - b, so (B.8) gives "
    "x1 = x0 - A^{-1}(A x0 - b) = A^{-1} b whatever x0 is.",
    prompts=["first coordinate of x(1)", "second coordinate of x(1)"],
)

register(
    "optim-1.2",
    numeric(2 / 7, atol=1e-4),
    hint="along p = -g the quadratic is phi(lam) = f(x) - lam g.g + lam^2 g.A g / 2; set phi'(lam) = 0.",
    prompts=["the exact step length lambda_0 (4 decimals)"],
)

register(
    "optim-1.3",
    numeric(1.0, atol=1e-6),
    hint="by symmetry x* = (1/2, 1/2); the constraint is active, so (C.21) reads 2 x* - alpha (1, 1) = 0.",
    prompts=["the multiplier alpha*"],
)
