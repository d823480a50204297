"""Li Hang ch. 13 (introduction to unsupervised learning): the book has no exercises; these two are ours,
on the chapter's data (Tables 13.1 and 13.5)."""

from ._checkers import numeric
from ._registry import register

# Exercise 13.1 (ours): W (14.19) of the k-means answer for Table 13.1, {A, B, C} with centre (2/3, 1) and {D, E}
# with centre (2.5, 4.5): A 1/9, B 1/9 + 1, C 4/9 + 1 -> 8/3; D and E 1/2 each -> 1; W = 11/3.
register(
    "lihang-13.1",
    numeric(11 / 3, atol=5e-4),
    hint="the centres are the means (2/3, 1) and (2.5, 4.5); add the squared Euclidean distances of the five "
    "samples to their own centre.",
    prompts=["W(C) for the clusters {A, B, C} and {D, E} of Table 13.1 (3 decimals or more):"],
)

# Exercise 13.2 (ours): step 4 of Table 13.5, R4 = M R3 with R3 = (3, 4, 9, 8)/24 on the graph A -> B, C;
# B -> D; C -> A, B, D; D -> C: A = C/3, B = A/2 + C/3, C = A/2 + D, D = B + C/3.
register(
    "lihang-13.2",
    numeric([1 / 8, 3 / 16, 19 / 48, 7 / 24], atol=1e-3),  # 3/16 = 0.1875 lies halfway between 3-decimal roundings
    hint="each node passes its probability in equal shares along its out-links: A = C/3, B = A/2 + C/3, "
    "C = A/2 + D, D = B + C/3, with the step-3 column (3, 4, 9, 8)/24.",
    prompts=[f"P({node}) at step 4 (3 decimals or more):" for node in "ABCD"],
)
