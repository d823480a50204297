"""statlib.datasets: the registry and the shipped data files."""

import numpy as np
import pytest

from statlib.datasets import example, list_examples, load_example, load_prostate
from statlib.datasets._registry import ID_PATTERN


def test_example_2_1_is_the_books_data():
    ex = load_example("lihang", "2.1")
    np.testing.assert_array_equal(ex.X, [[3, 3], [4, 3], [1, 1]])
    np.testing.assert_array_equal(ex.y, [1, 1, -1])
    assert ("lihang", "2.1") in list_examples("lihang")


def test_unknown_example_and_source():
    with pytest.raises(ValueError, match="not a registered lihang example"):
        load_example("lihang", "99.1")
    with pytest.raises(ValueError, match="source must be one of"):
        load_example("nobody", "2.1")


def test_every_id_follows_the_one_naming_scheme():
    assert all(ID_PATTERN.match(number) for _, number in list_examples())
    with pytest.raises(ValueError, match="number must be an example number"):
        example("lihang", "fig21.2")


def test_an_unknown_id_suggests_the_close_ones():
    with pytest.raises(ValueError, match=r"did you mean '7\.2' or 'exercise-7\.2'"):
        load_example("lihang", "ex7.2")
    with pytest.raises(ValueError, match=r"did you mean 'figure-21\.2'"):
        load_example("lihang", "fig21.2")


def test_prostate_matches_its_published_description():
    # Stamey et al. (1989) as distributed with The Elements of Statistical Learning: 97 men, 8 predictors,
    # 67 training and 30 test rows.
    data = load_prostate()
    assert data.data.shape == (97, 8) and data.target.shape == (97,)
    assert data.feature_names == ["lcavol", "lweight", "age", "lbph", "svi", "lcp", "gleason", "pgg45"]
    assert data.train.sum() == 67
    # First row of the file: lcavol -0.579818495, lpsa -0.4307829.
    assert np.isclose(data.data[0, 0], -0.579818495) and np.isclose(data.target[0], -0.4307829)
    assert set(np.unique(data.data[:, 4])) == {0.0, 1.0}  # svi is binary
