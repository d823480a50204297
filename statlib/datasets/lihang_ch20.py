"""Li Hang ch. 20 (latent Dirichlet allocation): the data of Exercise 20.2, the §17.2.2 title matrix.

``X`` is documents (titles T1..T9) by words (11 index words); the book prints the transpose. No answer is
printed (Gibbs sampling is random).
"""

from sklearn.utils import Bunch

from ._registry import example
from .lihang_ch18 import title_matrix


@example("lihang", "exercise-20.2")
def _exercise_20_2():
    return Bunch(
        **title_matrix(),
        DESCR="Li Hang Exercise 20.2: topic analysis with LDA of the §17.2.2 text example (11 index words in 9 "
        "book titles; X is titles by words). No printed answer.",
    )
