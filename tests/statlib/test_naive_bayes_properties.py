"""Property-based tests for statlib.naive_bayes: categorical naive Bayes on categorical tables.

What the generated cases must satisfy, and how they are registered and run: ``property_support``.
"""

from collections import Counter

from property_support import categorical_harness

from statlib.naive_bayes import CategoricalNB

CASES = Counter()  # (name, kind) -> number of generated cases; reported by conftest.py


# -- categorical naive Bayes ----------------------------------------------------------------------------------------

CATEGORICAL = {
    "CategoricalNB": lambda: CategoricalNB(alpha=1.0),
}


test_categorical_models_on_valid_data, test_categorical_models_refuse_invalid_data = categorical_harness(
    CATEGORICAL, CASES
)
