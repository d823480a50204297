"""Li Hang ch. 15 (singular value decomposition): the matrices of Examples 15.1-15.6 and the book's printed factors.

The book writes a matrix A (m x n) and its factors U (m x m), Sigma (m x n) and V^T (n x n); they are stored
here as printed. Printed decimals (Example 15.4) are the book's four-decimal roundings.
"""

import numpy as np
from sklearn.utils import Bunch

from ._registry import example

_A_15_1 = np.array(
    [
        [1.0, 0, 0, 0],
        [0, 0, 0, 4],
        [0, 3, 0, 0],
        [0, 0, 0, 0],
        [2, 0, 0, 0],
    ]
)
_r2, _r8 = np.sqrt(0.2), np.sqrt(0.8)
_U_15_1 = np.array(
    [
        [0, 0, _r2, 0, _r8],
        [1, 0, 0, 0, 0],
        [0, 1, 0, 0, 0],
        [0, 0, 0, 1, 0],
        [0, 0, _r8, 0, -_r2],
    ]
)
_Sigma_15_1 = np.zeros((5, 4))
_Sigma_15_1[[0, 1, 2], [0, 1, 2]] = [4.0, 3.0, np.sqrt(5.0)]
_Vt_15_1 = np.array(
    [
        [0.0, 0, 0, 1],
        [0, 1, 0, 0],
        [1, 0, 0, 0],
        [0, 0, 1, 0],
    ]
)


@example("lihang", "15.1")
def _example_15_1():
    r4, r5, r1 = np.sqrt(0.4), np.sqrt(0.5), np.sqrt(0.1)
    return Bunch(
        A=_A_15_1.copy(),
        U=_U_15_1.copy(),
        Sigma=_Sigma_15_1.copy(),
        Vt=_Vt_15_1.copy(),
        U_alternative=np.array(
            [
                [0, 0, _r2, r4, -r4],
                [1, 0, 0, 0, 0],
                [0, 1, 0, 0, 0],
                [0, 0, 0, r5, r5],
                [0, 0, _r8, -r1, r1],
            ]
        ),
        DESCR="Li Hang Example 15.1: a 5 x 4 matrix A of rank 3 and its full SVD A = U Sigma V^T as printed; "
        "U_alternative is the second U the book prints (same Sigma and V), showing that U is not unique.",
    )


@example("lihang", "15.2")
def _example_15_2():
    return Bunch(
        A=_A_15_1.copy(),
        U_r=_U_15_1[:, :3].copy(),
        Sigma_r=np.diag([4.0, 3.0, np.sqrt(5.0)]),
        Vt_r=_Vt_15_1[:3].copy(),
        rank=3,
        DESCR="Li Hang Example 15.2: the compact SVD A = U_r Sigma_r V_r^T (15.18) of the A of Example 15.1 (r = 3).",
    )


@example("lihang", "15.3")
def _example_15_3():
    A2 = np.zeros((5, 4))
    A2[1, 3], A2[2, 1] = 4.0, 3.0
    return Bunch(
        A=_A_15_1.copy(),
        k=2,
        U_k=_U_15_1[:, :2].copy(),
        Sigma_k=np.diag([4.0, 3.0]),
        Vt_k=_Vt_15_1[:2].copy(),
        A_k=A2,
        DESCR="Li Hang Example 15.3: the truncated SVD A ~ A_2 = U_2 Sigma_2 V_2^T (15.19) of the A of Example 15.1.",
    )


@example("lihang", "15.4")
def _example_15_4():
    return Bunch(
        A=np.array([[3.0, 1.0], [2.0, 1.0]]),
        U=np.array([[0.8174, -0.5760], [0.5760, 0.8174]]),
        Sigma=np.diag([3.8643, 0.2588]),
        Vt=np.array([[0.9327, 0.3606], [-0.3606, 0.9327]]),
        Vt_e=np.array([[0.9327, 0.3606], [-0.3606, 0.9327]]),  # columns: V^T e_1, V^T e_2
        Sigma_Vt_e=np.array([[3.6042, 1.3935], [-0.0933, 0.2414]]),  # columns: Sigma V^T e_1, Sigma V^T e_2
        A_e=np.array([[3.0, 1.0], [2.0, 1.0]]),  # columns: A e_1, A e_2
        DESCR="Li Hang Example 15.4: the SVD of a 2 x 2 matrix (four decimals as printed) and the images of the "
        "standard basis e_1, e_2 under V^T, Sigma V^T and A = U Sigma V^T (columns). The printed 3.6042 is "
        "a product of rounded factors; the exact value is 3.60434.",
    )


@example("lihang", "15.5")
def _example_15_5():
    s2, s5 = np.sqrt(2.0), np.sqrt(5.0)
    return Bunch(
        A=np.array([[1.0, 1.0], [2.0, 2.0], [0.0, 0.0]]),
        AtA=np.array([[5.0, 5.0], [5.0, 5.0]]),
        eigenvalues=np.array([10.0, 0.0]),
        V=np.array([[1 / s2, 1 / s2], [1 / s2, -1 / s2]]),
        Sigma=np.array([[np.sqrt(10.0), 0.0], [0.0, 0.0], [0.0, 0.0]]),
        U=np.array([[1 / s5, -2 / s5, 0.0], [2 / s5, 1 / s5, 0.0], [0.0, 0.0, 1.0]]),
        null_At_basis=np.array([[-2.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),  # rows: the basis of N(A^T) before normalising
        DESCR="Li Hang Example 15.5: the SVD of a 3 x 2 rank-1 matrix computed by hand with the procedure of §15.2.",
    )


@example("lihang", "15.6")
def _example_15_6():
    A2 = np.zeros((5, 4))
    A2[1, 3], A2[2, 1] = 4.0, 3.0
    return Bunch(
        A=_A_15_1.copy(),
        sigma=np.array([4.0, 3.0]),
        u=np.array([[0.0, 1, 0, 0, 0], [0, 0, 1, 0, 0]]),  # rows: u_1, u_2
        v=np.array([[0.0, 0, 0, 1], [0, 1, 0, 0]]),  # rows: v_1, v_2
        A_2=A2,
        DESCR="Li Hang Example 15.6: the best rank-2 approximation of the A of Example 15.1 by the outer-product "
        "expansion (15.46): A_2 = sigma_1 u_1 v_1^T + sigma_2 u_2 v_2^T.",
    )
