"""Li Hang ch. 5 (decision trees): Table 5.1 (Examples 5.1-5.4, Exercise 5.1) and Table 5.2 (Exercise 5.2)."""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example

# Table 5.1, loan applications (from Liu, Web Data Mining, 2006): ID 1..15 in order.
# Columns: age, has a job, owns a house, credit rating, class (loan approved?).
_TABLE_5_1_ZH = """\
青年 否 否 一般 否
青年 否 否 好 否
青年 是 否 好 是
青年 是 是 一般 是
青年 否 否 一般 否
中年 否 否 一般 否
中年 否 否 好 否
中年 是 是 好 是
中年 否 是 非常好 是
中年 否 是 非常好 是
老年 否 是 非常好 是
老年 否 是 好 是
老年 是 否 好 是
老年 是 否 非常好 是
老年 否 否 一般 否"""

_EN = {
    "青年": "young",
    "中年": "middle",
    "老年": "old",
    "是": "yes",
    "否": "no",
    "非常好": "very good",
    "好": "good",
    "一般": "fair",
}
# Example 5.4's numeric coding: A1 1/2/3 = young/middle/old; A2, A3 1/2 = yes/no; A4 1/2/3 = very good/good/fair.
_CODES = [
    {"young": 1, "middle": 2, "old": 3},
    {"yes": 1, "no": 2},
    {"yes": 1, "no": 2},
    {"very good": 1, "good": 2, "fair": 3},
]


def _table_5_1(number, what):
    zh = np.array([row.split() for row in _TABLE_5_1_ZH.splitlines()])
    en = np.vectorize(_EN.get)(zh)
    X, y = en[:, :4], en[:, 4]
    coded = np.array([[_CODES[j][X[i, j]] for j in range(4)] for i in range(len(X))], dtype=np.int64)
    return Bunch(
        X=X,
        y=y,
        X_zh=zh[:, :4],
        y_zh=zh[:, 4],
        X_coded=coded,
        ids=np.arange(1, 16),
        feature_names=["age", "has_job", "owns_house", "credit"],
        feature_names_zh=["年龄", "有工作", "有自己的房子", "信贷情况"],
        symbols=["A1", "A2", "A3", "A4"],
        codes=_CODES,
        DESCR=(
            f"Li Hang Example {number}: Table 5.1, 15 loan applications (IDs 1-15) with four categorical "
            f"features (A1 age, A2 has a job, A3 owns a house, A4 credit rating) and the class 'loan "
            f"approved' (9 yes, 6 no); {what}. X and y hold English values, X_zh and y_zh the book's, "
            "X_coded the integer coding of Example 5.4."
        ),
    )


@example("lihang", "5.1")
def _example_5_1():
    return _table_5_1("5.1", "the data set of the chapter")


@example("lihang", "5.2")
def _example_5_2():
    return _table_5_1("5.2", "information gain of each feature")


@example("lihang", "5.3")
def _example_5_3():
    return _table_5_1("5.3", "ID3 tree")


@example("lihang", "5.4")
def _example_5_4():
    return _table_5_1("5.4", "CART tree with the Gini index")


@example("lihang", "exercise-5.1")
def _exercise_5_1():
    return _table_5_1("5.1 data (Exercise 5.1)", "C4.5 tree with the gain ratio")


@example("lihang", "exercise-5.2")
def _exercise_5_2():
    return Bunch(
        X=np.arange(1.0, 11.0).reshape(-1, 1),
        y=np.array([4.50, 4.75, 4.91, 5.34, 5.80, 7.05, 7.90, 8.23, 8.70, 9.00]),
        DESCR="Li Hang Exercise 5.2, Table 5.2: x_i = 1..10 and responses y_i for a least-squares regression tree.",
    )
