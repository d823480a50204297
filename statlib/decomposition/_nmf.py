"""Non-negative matrix factorisation by Lee and Seung's multiplicative updates: Li Hang §17.3, Algorithm 17.1.

The data matrix is X ≈ W H with W, H >= 0 (17.17)-(17.19). Two losses are minimised (17.22)/(17.23):

* the squared (Frobenius) loss ||X - WH||^2 (17.20), with the updates of Theorem 17.1,
  W <- W * (X H^T) / (W H H^T) (17.33 = 17.25) and H <- H * (W^T X) / (W^T W H) (17.34 = 17.24);
* the divergence D(X || WH) = sum(x log(x / y) - x + y) (17.21) (the generalised Kullback-Leibler
  divergence), with the updates of Theorem 17.2,
  W_il <- W_il sum_j [H_lj X_ij / (WH)_ij] / sum_j H_lj (17.27) and
  H_lj <- H_lj sum_i [W_il X_ij / (WH)_ij] / sum_i W_il (17.26).

Each update is a gradient step (17.30)/(17.31) with the element-wise step sizes (17.32), chosen so that
the step becomes a multiplication; neither loss increases under either update (Lee and Seung 2001).

The matrix products (X H^T, W^T X, W H) go to BLAS through ``np.dot`` inside the Numba kernels (and through
``statlib._blas.gemm_tn`` where W^T X is summed over blocks of rows: with the squared loss on dense X, a round
reads X from memory once, ``_frobenius_round``); the element-wise updates are loops in the same kernels, so one
call runs every round. Orientation and update order are scikit-learn's: ``X`` is (n_samples, n_features),
``W`` (n_samples, k) holds each sample's coefficients and ``H = components_`` (k, n_features) the
basis; one iteration updates W, then H. (In the book's word-by-document X, the "topic" matrix is
``components_.T`` and the document representation ``W.T``.)
"""

import warnings

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from scipy import linalg, sparse
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._blas import gemm_tn
from .._llvm import V8, block_pointer, splat
from .._validation import check_array, check_choice, check_int, check_real, check_scale, validate_data

__all__ = ["NMF", "beta_divergence"]

# The small numbers scikit-learn uses: a zero denominator becomes EPSILON, a (WH)_ij below EPSILON is
# raised to it before dividing, and with the divergence loss entries of H below the float64 machine
# epsilon are set to zero. Using the same ones keeps the two implementations in step.
EPSILON = float(np.finfo(np.float32).eps)
_TINY = float(np.finfo(np.float64).eps)
_BLOCK_BYTES = 3 << 18  # 768 KiB of X per block of rows (see _block_rows)
_INITS = ("random", "nndsvd", "nndsvda", "nndsvdar", "custom")
_LOSSES = ("frobenius", "kullback-leibler")


# --------------------------------------------------------------------------------------------- kernels
@njit(cache=True)
def _frobenius_error(X, W, H, WH):
    """||X - WH||_F (the square root of (17.20)); ``WH`` is scratch of X's shape."""
    np.dot(W, H, WH)
    n, m = X.shape
    s = 0.0
    for i in range(n):
        for j in range(m):
            r = X[i, j] - WH[i, j]
            s += r * r
    return np.sqrt(s)


@njit(cache=True)
def _kl_error(X, W, H, WH):
    """sqrt(2 D(X || WH)) with D of (17.21), zero entries of X contributing only (WH)_ij.

    As in scikit-learn, only entries with X_ij > EPSILON enter the logarithm and (WH)_ij is floored at
    EPSILON there; sum(WH) is computed as sum_l (column sums of W)_l (row sums of H)_l.
    """
    np.dot(W, H, WH)
    n, m = X.shape
    k = W.shape[1]
    s = 0.0
    xs = 0.0
    for i in range(n):
        for j in range(m):
            x = X[i, j]
            if x > EPSILON:
                y = WH[i, j]
                if y < EPSILON:
                    y = EPSILON
                s += x * np.log(x / y)
                xs += x
    total = 0.0
    for l in range(k):
        cw = 0.0
        for i in range(n):
            cw += W[i, l]
        ch = 0.0
        for j in range(m):
            ch += H[l, j]
        total += cw * ch
    d = s + total - xs
    return np.sqrt(2.0 * d) if d > 0.0 else 0.0


@njit(cache=True)
def _divide_update(A, num, den):
    """A *= num / den element-wise, a zero denominator read as EPSILON."""
    n, m = A.shape
    for i in range(n):
        for j in range(m):
            d = den[i, j]
            if d == 0.0:
                d = EPSILON
            A[i, j] *= num[i, j] / d


@njit(cache=True)
def _frobenius_round(X, W, H, rows, XHt, HHt, WHHt, WtX, WtW, WtWH):
    """One round of (17.33) then (17.34), in place, reading X from memory once.

    Both updates need a product with X: X H^T for W's, W^T X (with the new W) for H's. W's update is row by row,
    and W^T X = sum_b W_b^T X_b over blocks of ``rows`` rows, so each block's rows of W are updated and their share
    of W^T X is added in while the block of X is still in cache. The sums differ from one product's by rounding
    only. Scratch: XHt, WHHt (rows, k); HHt, WtW (k, k); WtX, WtWH (k, m).
    """
    n = X.shape[0]
    np.dot(H, H.T, HHt)
    for start in range(0, n, rows):
        stop = min(start + rows, n)
        Xb = X[start:stop]
        Wb = W[start:stop]
        XHt_b = XHt[: stop - start]
        WHHt_b = WHHt[: stop - start]
        # (17.33) on the block's rows: W <- W * (X H^T) / (W (H H^T))
        np.dot(Xb, H.T, XHt_b)
        np.dot(Wb, HHt, WHHt_b)
        _divide_update(Wb, XHt_b, WHHt_b)
        # the block's share of (17.34)'s numerator: W^T X += W_b^T X_b
        gemm_tn(Wb, Xb, WtX, 0.0 if start == 0 else 1.0)
    # (17.34): H <- H * (W^T X) / ((W^T W) H)
    np.dot(W.T, W, WtW)
    np.dot(WtW, H, WtWH)
    _divide_update(H, WtX, WtWH)


@njit(cache=True)
def _mu_frobenius(X, W, H, max_iter, tol, update_H, rows, XHt, HHt, WHHt, WtX, WtW, WtWH, WH):
    """Algorithm 17.1 with the squared loss: ``max_iter`` rounds of (17.33) then (17.34), in place.

    Every 10th round the error ||X - WH||_F is compared with the previous check; the loop stops when
    it fell by less than ``tol`` times the initial error (scikit-learn's rule; ``tol = 0`` runs all
    rounds). A round with ``update_H`` is ``_frobenius_round`` over blocks of ``rows`` rows; with ``update_H``
    false only W is updated (the ``transform`` of a fitted model), and X H^T, H H^T are computed once.
    The other arguments are scratch: XHt, WHHt (rows, k), with rows = n when H is fixed; HHt, WtW (k, k);
    WtX, WtWH (k, m); WH (n, m).
    Returns (rounds done, converged).
    """
    error_at_init = _frobenius_error(X, W, H, WH)
    previous = error_at_init
    if not update_H:
        np.dot(X, H.T, XHt)
        np.dot(H, H.T, HHt)
    n_iter = 0
    for it in range(1, max_iter + 1):
        n_iter = it
        if update_H:
            _frobenius_round(X, W, H, rows, XHt, HHt, WHHt, WtX, WtW, WtWH)
        else:  # (17.33) alone, H fixed
            np.dot(W, HHt, WHHt)
            _divide_update(W, XHt, WHHt)
        if tol > 0.0 and it % 10 == 0:
            error = _frobenius_error(X, W, H, WH)
            if error_at_init > 0.0 and (previous - error) / error_at_init < tol:
                return n_iter, True
            previous = error
    return n_iter, False


@njit(cache=True)
def _ratio(X, WH):
    """WH <- X / max(WH, EPSILON) element-wise (the X_ij / (WH)_ij of (17.26)/(17.27))."""
    n, m = X.shape
    for i in range(n):
        for j in range(m):
            y = WH[i, j]
            if y < EPSILON:
                y = EPSILON
            WH[i, j] = X[i, j] / y


@njit(cache=True)
def _mu_kl(X, W, H, max_iter, tol, update_H, WH, numW, numH):
    """Algorithm 17.1 with the divergence loss: rounds of (17.27) then (17.26), in place.

    (17.27): W_il <- W_il [(X / WH) H^T]_il / sum_j H_lj;  (17.26): H_lj <- H_lj [W^T (X / WH)]_lj /
    sum_i W_il, with (WH)_ij floored at EPSILON, a zero column sum of W read as 1 and entries of H below
    the float64 epsilon set to 0 after each H update (scikit-learn's safeguards). Stopping rule and
    ``update_H`` as in :func:`_mu_frobenius`; scratch WH (n, m), numW (n, k), numH (k, m).
    """
    n, k = W.shape
    m = H.shape[1]
    error_at_init = _kl_error(X, W, H, WH)
    previous = error_at_init
    h_sum = np.empty(k)
    w_sum = np.empty(k)
    n_iter = 0
    for it in range(1, max_iter + 1):
        n_iter = it
        np.dot(W, H, WH)
        _ratio(X, WH)
        np.dot(WH, H.T, numW)
        if update_H or it == 1:
            for l in range(k):
                s = 0.0
                for j in range(m):
                    s += H[l, j]
                h_sum[l] = s
        for i in range(n):
            for l in range(k):
                d = h_sum[l]
                if d == 0.0:
                    d = EPSILON
                W[i, l] *= numW[i, l] / d
        if update_H:
            np.dot(W, H, WH)
            _ratio(X, WH)
            np.dot(W.T, WH, numH)
            for l in range(k):
                s = 0.0
                for i in range(n):
                    s += W[i, l]
                w_sum[l] = s if s != 0.0 else 1.0
            for l in range(k):
                for j in range(m):
                    h = H[l, j] * (numH[l, j] / w_sum[l])
                    H[l, j] = h if h >= _TINY else 0.0
        if tol > 0.0 and it % 10 == 0:
            error = _kl_error(X, W, H, WH)
            if error_at_init > 0.0 and (previous - error) / error_at_init < tol:
                return n_iter, True
            previous = error
    return n_iter, False


@njit(cache=True)
def _csr_times_ht(data, indices, indptr, Ht, out):
    """out = X H^T for X in CSR form (n, m), given Ht = H^T (m, k) C-contiguous: O(nnz k), the zeros of X
    never touched, each nonzero reading one contiguous row of Ht."""
    n = indptr.size - 1
    k = Ht.shape[1]
    for i in range(n):
        for l in range(k):
            out[i, l] = 0.0
        for p in range(indptr[i], indptr[i + 1]):
            j = indices[p]
            x = data[p]
            for l in range(k):
                out[i, l] += x * Ht[j, l]


@njit(cache=True)
def _csr_t_times_w(W, data, indices, indptr, out):
    """out = X^T W = (W^T X)^T, shape (m, k), for W (n, k) and X in CSR form (n, m): O(nnz k)."""
    n, k = W.shape
    out[:, :] = 0.0
    for i in range(n):
        for p in range(indptr[i], indptr[i + 1]):
            j = indices[p]
            x = data[p]
            for l in range(k):
                out[j, l] += W[i, l] * x


# The sparse squared-loss fit works on blocks of 8 columns of the factors (one 64-byte cache line of
# float64): X H^T and X^T W are sums over the nonzeros of X of a number times a row of H^T or W, and
# with k small (5, say) a loop over the k columns is too short for the compiler to vectorise, so each
# nonzero would cost k separate multiplies, adds and loads. The two helpers below do one block of 8
# columns per nonzero as single vector operations (LLVM's <8 x double>): lane by lane they are the
# same multiplications and additions, in the same order, as the scalar loop (building blocks in statlib._llvm).

# Up to this rank the blocked single pass is used (measured 0.36-0.83 of the separate loops at k = 2 to 40);
# above it the separate loops over k, which then vectorise, were as fast or faster in some measurements.
_BLOCKED_MAX_RANK = 32


def _is_csr_block_call(data, indices, start, stop, G, col):
    return (
        isinstance(data, types.Array)
        and data.dtype == types.float64
        and data.ndim == 1
        and isinstance(indices, types.Array)
        and isinstance(indices.dtype, types.Integer)
        and indices.ndim == 1
        and all(isinstance(t, types.Integer) for t in (start, stop, col))
        and isinstance(G, types.Array)
        and G.dtype == types.float64
        and G.ndim == 2
    )


def _csr_block_operands(context, builder, signature, args):
    """The LLVM values of the common arguments (data, indices, start, stop, G, col) of the two block intrinsics:
    the CSR data and indices arrays, G, and start, stop and col as intp."""
    data_t, indices_t, start_t, stop_t, G_t, col_t = signature.args[:6]
    values = context.make_array(data_t)(context, builder, args[0])
    positions = context.make_array(indices_t)(context, builder, args[1])
    block = context.make_array(G_t)(context, builder, args[4])
    first = context.cast(builder, args[2], start_t, types.intp)
    last = context.cast(builder, args[3], stop_t, types.intp)
    col = context.cast(builder, args[5], col_t, types.intp)
    return values, positions, block, first, last, col


@intrinsic
def _gather_block(typingctx, data, indices, start, stop, G, col):
    """sum over p in [start, stop) of data[p] * G[indices[p], col:col + 8], the terms added in order of p
    starting from 0, returned as a tuple of 8 float64: one row of X times one block of 8 columns of G.

    The caller guarantees valid CSR positions and ``col + 8 <= G.shape[1]``."""
    if not _is_csr_block_call(data, indices, start, stop, G, col):
        return None
    sig = types.UniTuple(types.float64, 8)(data, indices, start, stop, G, col)

    def codegen(context, builder, signature, args):
        indices_t, G_t = signature.args[1], signature.args[4]
        values, positions, block, first, last, col = _csr_block_operands(context, builder, signature, args)
        total = cgutils.alloca_once_value(builder, ir.Constant(V8, [0.0] * 8))
        with cgutils.for_range_slice(builder, first, last, ir.Constant(first.type, 1)) as (p, _):
            x = builder.load(builder.gep(values.data, [p]))
            j = context.cast(builder, builder.load(builder.gep(positions.data, [p])), indices_t.dtype, types.intp)
            row = builder.load(block_pointer(context, builder, G_t, block, j, col), align=8)
            builder.store(builder.fadd(builder.load(total), builder.fmul(splat(builder, x), row)), total)
        v = builder.load(total)
        lanes = [builder.extract_element(v, ir.Constant(ir.IntType(32), lane)) for lane in range(8)]
        return context.make_tuple(builder, signature.return_type, lanes)

    return sig, codegen


@intrinsic
def _scatter_block(typingctx, data, indices, start, stop, G, col, w):
    """G[indices[p], col:col + 8] += w * data[p] for p in [start, stop), in order of p; ``w`` a tuple of 8
    float64: one row of X, transposed, times one block of 8 entries of a row of W, added into G.

    The caller guarantees valid CSR positions and ``col + 8 <= G.shape[1]``."""
    if not _is_csr_block_call(data, indices, start, stop, G, col) or w != types.UniTuple(types.float64, 8):
        return None
    sig = types.void(data, indices, start, stop, G, col, w)

    def codegen(context, builder, signature, args):
        indices_t, G_t = signature.args[1], signature.args[4]
        values, positions, block, first, last, col = _csr_block_operands(context, builder, signature, args)
        wv = ir.Constant(V8, ir.Undefined)
        for lane in range(8):
            wv = builder.insert_element(wv, builder.extract_value(args[6], lane), ir.Constant(ir.IntType(32), lane))
        with cgutils.for_range_slice(builder, first, last, ir.Constant(first.type, 1)) as (p, _):
            x = builder.load(builder.gep(values.data, [p]))
            j = context.cast(builder, builder.load(builder.gep(positions.data, [p])), indices_t.dtype, types.intp)
            target = block_pointer(context, builder, G_t, block, j, col)
            builder.store(
                builder.fadd(builder.load(target, align=8), builder.fmul(wv, splat(builder, x))), target, align=8
            )
        return context.get_dummy_value()

    return sig, codegen


@njit(cache=True)
def _csr_w_step(data, indices, indptr, W, WHHt, G, row):
    """(17.33) for every row of W and, with the new W, X^T W: one pass over the rows of X in CSR form.

    With b = ceil(k / 8) blocks of 8 columns, ``G`` (m, 16 b) holds H^T in its first 8 b columns (zero past
    column k; read only) and receives X^T W in the last 8 b; ``row`` is scratch of length 8 b, zero past k.
    Row i: (X H^T)_i. from its nonzeros, W_i. <- W_i. * (X H^T)_i. / (W H H^T)_i. (17.33), then
    X_ij W_i. added into row j of X^T W for each nonzero X_ij. Every entry is the sum the separate products
    form, in the same order, so the result is that of :func:`_csr_times_ht`, (17.33), then X^T W.
    """
    n, k = W.shape
    blocks = row.size // 8
    G[:, 8 * blocks :] = 0.0
    for i in range(n):
        start = indptr[i]
        stop = indptr[i + 1]
        for b in range(blocks):
            s = _gather_block(data, indices, start, stop, G, 8 * b)
            c = 8 * b
            row[c], row[c + 1], row[c + 2], row[c + 3] = s[0], s[1], s[2], s[3]
            row[c + 4], row[c + 5], row[c + 6], row[c + 7] = s[4], s[5], s[6], s[7]
        for l in range(k):  # (17.33): W <- W * (X H^T) / (W H H^T)
            d = WHHt[i, l]
            if d == 0.0:
                d = EPSILON
            W[i, l] *= row[l] / d
            row[l] = W[i, l]
        for b in range(blocks):
            c = 8 * b
            w = (row[c], row[c + 1], row[c + 2], row[c + 3], row[c + 4], row[c + 5], row[c + 6], row[c + 7])
            _scatter_block(data, indices, start, stop, G, 8 * (blocks + b), w)


@njit(cache=True)
def _frobenius_error_csr(data, indices, indptr, W, H):
    """||X - WH||_F for X in CSR form without forming WH: ||X||^2 - 2 <X, WH> + <W^T W, H H^T>."""
    n, k = W.shape
    xx = 0.0
    xy = 0.0
    for i in range(n):
        for p in range(indptr[i], indptr[i + 1]):
            j = indices[p]
            x = data[p]
            y = 0.0
            for l in range(k):
                y += W[i, l] * H[l, j]
            xx += x * x
            xy += x * y
    yy = np.sum(np.dot(W.T, W) * np.dot(H, H.T))
    d = xx - 2.0 * xy + yy
    return np.sqrt(d) if d > 0.0 else 0.0


@njit(cache=True)
def _mu_frobenius_csr(data, indices, indptr, W, H, max_iter, tol, update_H, XHt, HHt, WHHt, XtW, WtW, WtWH, Ht, G, row):
    """:func:`_mu_frobenius` for a sparse X in CSR form: the same rounds of (17.33) then (17.34), with X H^T
    and W^T X computed from the nonzeros of X (O(nnz k) each) and W H never formed, as scikit-learn does
    for sparse input. With ``row`` non-empty (k <= _BLOCKED_MAX_RANK) each round reads X once:
    :func:`_csr_w_step` does (17.33) and forms X^T W in the same pass, in blocks of 8 columns; otherwise
    :func:`_csr_times_ht`, (17.33) and :func:`_csr_t_times_w` run one after the other. Scratch: HHt, WtW
    (k, k); WHHt (n, k); WtWH (k, m); G (m, 16 b) and row (8 b) of :func:`_csr_w_step`, zero-filled, with
    b = ceil(k / 8); XHt (n, k), XtW = (W^T X)^T (m, k) and Ht = H^T (m, k) for the separate products.
    Returns (rounds done, converged)."""
    n, k = W.shape
    m = H.shape[1]
    error_at_init = _frobenius_error_csr(data, indices, indptr, W, H)
    previous = error_at_init
    blocked = update_H and row.size > 0
    if not update_H:
        Ht[:, :] = H.T
        _csr_times_ht(data, indices, indptr, Ht, XHt)
        np.dot(H, H.T, HHt)
    if blocked:
        XtW = G[:, row.size :]
    n_iter = 0
    for it in range(1, max_iter + 1):
        n_iter = it
        # (17.33): W <- W * (X H^T) / (W (H H^T))
        if blocked:  # and X^T W with the new W, for (17.34), in the same pass over X
            G[:, :k] = H.T
            np.dot(H, H.T, HHt)
            np.dot(W, HHt, WHHt)
            _csr_w_step(data, indices, indptr, W, WHHt, G, row)
        else:
            if update_H:
                Ht[:, :] = H.T
                _csr_times_ht(data, indices, indptr, Ht, XHt)
                np.dot(H, H.T, HHt)
            np.dot(W, HHt, WHHt)
            _divide_update(W, XHt, WHHt)
            if update_H:
                _csr_t_times_w(W, data, indices, indptr, XtW)
        if update_H:
            # (17.34): H <- H * (W^T X) / ((W^T W) H)
            np.dot(W.T, W, WtW)
            np.dot(WtW, H, WtWH)
            for l in range(k):
                for j in range(m):
                    d = WtWH[l, j]
                    if d == 0.0:
                        d = EPSILON
                    H[l, j] *= XtW[j, l] / d
        if tol > 0.0 and it % 10 == 0:
            error = _frobenius_error_csr(data, indices, indptr, W, H)
            if error_at_init > 0.0 and (previous - error) / error_at_init < tol:
                return n_iter, True
            previous = error
    return n_iter, False


def _block_rows(n, m):
    """Rows of X per block of ``_frobenius_round``: about 768 KiB, so that a block read for X H^T is still in
    a core's cache (1 MiB L2 on the machine measured, where 256 KiB to 2 MiB blocks did about equally well) for
    W^T X. At least 16 rows, for the products' sake: beyond m = 6144 a block is larger than 768 KiB."""
    return min(n, max(16, _BLOCK_BYTES // (8 * m)))


def _aligned_zeros(rows, cols):
    """A zero (rows, cols) float64 array whose data start on a 64-byte boundary (rows of 8 columns then
    fill whole cache lines)."""
    buffer = np.zeros(rows * cols + 8)
    offset = (-buffer.ctypes.data % 64) // 8
    return buffer[offset : offset + rows * cols].reshape(rows, cols)


def _run_mu(X, W, H, loss, max_iter, tol, update_H):
    """Run the kernel of ``loss`` on C-contiguous float64 copies of W and H; returns (W, H, n_iter, converged)."""
    n, m = X.shape
    k = W.shape[1]
    if sparse.issparse(X):  # only the squared loss keeps X sparse (see NMF._prepare_X)
        blocks = (k + 7) // 8 if update_H and k <= _BLOCKED_MAX_RANK else 0
        separate = 0 if blocks else m  # rows of the scratch of the separate products
        n_iter, converged = _mu_frobenius_csr(
            X.data,
            X.indices,
            X.indptr,
            W,
            H,
            max_iter,
            tol,
            update_H,
            np.empty((n if separate else 0, k)),
            np.empty((k, k)),
            np.empty((n, k)),
            np.empty((separate, k)),
            np.empty((k, k)),
            np.empty((k, m)),
            np.empty((separate, k)),
            _aligned_zeros(m if blocks else 0, 16 * blocks),
            np.zeros(8 * blocks),
        )
    elif loss == "frobenius":
        rows = _block_rows(n, m) if update_H else n
        n_iter, converged = _mu_frobenius(
            X,
            W,
            H,
            max_iter,
            tol,
            update_H,
            rows,
            np.empty((rows, k)),
            np.empty((k, k)),
            np.empty((rows, k)),
            np.empty((k, m)),
            np.empty((k, k)),
            np.empty((k, m)),
            np.empty((n, m)),
        )
    else:
        n_iter, converged = _mu_kl(
            X, W, H, max_iter, tol, update_H, np.empty((n, m)), np.empty((n, k)), np.empty((k, m))
        )
    return W, H, int(n_iter), bool(converged)


def beta_divergence(X, W, H, beta_loss="frobenius"):
    """The loss of an NMF, reported as scikit-learn's ``reconstruction_err_``.

    ``"frobenius"``: ||X - WH||_F, the square root of (17.20). ``"kullback-leibler"``: sqrt(2 D(X || WH))
    with D the divergence (17.21). Both are zero exactly when X = WH.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features), non-negative
    W : array-like of shape (n_samples, n_components), non-negative
    H : array-like of shape (n_components, n_features), non-negative
    beta_loss : {"frobenius", "kullback-leibler"}
    """
    loss = check_choice(beta_loss, "beta_loss", _LOSSES)
    X = _check_nonnegative(check_array(X, "X"), "X")
    W = _check_nonnegative(check_array(W, "W"), "W")
    H = _check_nonnegative(check_array(H, "H"), "H")
    if W.shape[0] != X.shape[0] or H.shape[1] != X.shape[1] or W.shape[1] != H.shape[0]:
        raise ValueError(
            f"W and H must have shapes (n_samples, k) and (k, n_features) matching X {X.shape}; "
            f"got W {W.shape} and H {H.shape}"
        )
    if loss == "frobenius":
        check_scale(X, "X")  # ||X - W H||^2 is a sum of squares
    kernel = _frobenius_error if loss == "frobenius" else _kl_error
    return float(kernel(X, W, H, np.empty(X.shape)))


def _check_nonnegative(A, name):
    if A.size and A.min() < 0:
        i, j = np.unravel_index(np.argmin(A), A.shape)
        raise ValueError(
            f"{name} must be non-negative (NMF factorises non-negative matrices). Negative values "
            f"in data passed to NMF: {name}[{i}, {j}] = {A[i, j]:g}"
        )
    return A


# ------------------------------------------------------------------------------------------ initialisation
# The NNDSVD start needs only the k leading singular triplets. LAPACK's thin SVD computes them all, O(n m min(n, m)),
# and needs X dense; for a dense X with fewer than 200 rows or columns that takes at most a few milliseconds and gives
# them exactly. Otherwise the start uses scikit-learn's own method, the randomised range finder
# (:func:`._svd._randomized_svd`, the same draws), which costs O(k) products with X, sparse or dense. Measured on one
# thread: a full SVD made chapter 22's 1182 x 1538 fit take 26 times scikit-learn's time, and Lanczos (ARPACK) to
# machine precision still 1.2-2.2 times at 1000 x 500 to 20 000 x 5 000 (k = 10-20).
_RANDOMIZED_MIN_SIDE = 200
_DENSE_MAX_ENTRIES = 10**6  # a sparse X with fewer than 200 rows or columns is made dense only up to this size


def _leading_triplets(X, k, random_state):
    """(U, s, Vt): the k leading singular triplets of X, n x k, k and k x m, singular values decreasing (each
    direction's sign is arbitrary). For a small X (fewer than 200 rows or columns, and if sparse at most 10^6
    entries), LAPACK's thin SVD of X made dense: exact up to round-off. Otherwise
    scikit-learn's randomised SVD (Halko et al. 2011; n_iter = 7 power iterations when k < min(n, m) / 10, else 4;
    10 extra directions) on X as it is, never densifying a sparse X, with its test matrix drawn from
    ``random_state`` (a fixed seed, 0, when it is None, so that the start is reproducible): with the same integer
    ``random_state`` the start is scikit-learn's."""
    from ._svd import _randomized_svd

    side = min(X.shape)
    if side < _RANDOMIZED_MIN_SIDE and not (sparse.issparse(X) and X.shape[0] * X.shape[1] > _DENSE_MAX_ENTRIES):
        U, s, Vt = linalg.svd(X.toarray() if sparse.issparse(X) else X, full_matrices=False)
        return U[:, :k], s[:k], Vt[:k]
    rng = check_random_state(0 if random_state is None else random_state)
    return _randomized_svd(X, k, n_iter=7 if k < 0.1 * side else 4, random_state=rng)


def _initialize(X, k, init, rng_seed):
    """Initial (W, H) as scikit-learn's ``_initialize_nmf``; the NNDSVD variants take the leading singular triplets
    from :func:`_leading_triplets` (exact for a small X, where scikit-learn always uses its randomised SVD).
    ``X`` may be sparse."""
    n, m = X.shape
    if init == "random":
        avg = np.sqrt(X.mean() / k)
        rng = check_random_state(rng_seed)
        H = avg * rng.standard_normal(size=(k, m))
        W = avg * rng.standard_normal(size=(n, k))
        return np.abs(W), np.abs(H)
    # NNDSVD (Boutsidis and Gallopoulos 2008): for each singular pair keep the larger of the positive and
    # the negative parts of (u_j, v_j), scaled by sqrt(sigma_j * their norms).
    U, S, Vt = _leading_triplets(X, k, rng_seed)
    W = np.zeros((n, k))
    H = np.zeros((k, m))
    W[:, 0] = np.sqrt(S[0]) * np.abs(U[:, 0])
    H[0] = np.sqrt(S[0]) * np.abs(Vt[0])
    for j in range(1, k):
        x, y = U[:, j], Vt[j]
        xp, yp = np.maximum(x, 0), np.maximum(y, 0)
        xn, yn = np.abs(np.minimum(x, 0)), np.abs(np.minimum(y, 0))
        xpn, ypn, xnn, ynn = (np.linalg.norm(v) for v in (xp, yp, xn, yn))
        mp, mn = xpn * ypn, xnn * ynn
        if mp > mn:
            u, v, sigma = xp / xpn, yp / ypn, mp
        elif mn > 0:
            u, v, sigma = xn / xnn, yn / ynn, mn
        else:  # a zero singular pair: leave the column zero
            continue
        lam = np.sqrt(S[j] * sigma)
        W[:, j] = lam * u
        H[j] = lam * v
    W[W < 1e-6] = 0.0
    H[H < 1e-6] = 0.0
    avg = X.mean()
    if init == "nndsvda":
        W[W == 0] = avg
        H[H == 0] = avg
    elif init == "nndsvdar":
        rng = check_random_state(rng_seed)
        W[W == 0] = np.abs(avg * rng.standard_normal(size=int((W == 0).sum())) / 100)
        H[H == 0] = np.abs(avg * rng.standard_normal(size=int((H == 0).sum())) / 100)
    return W, H


class NMF(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """Non-negative matrix factorisation X ≈ W H by multiplicative updates, Li Hang Algorithm 17.1.

    Minimises the squared loss ||X - WH||^2 (17.22) with the updates (17.33)-(17.34) of Theorem 17.1,
    or the divergence D(X || WH) (17.23) with the updates (17.26)-(17.27) of Theorem 17.2 (Lee and
    Seung 2001). Neither loss increases from one iteration to the next. The parameters, initialisations,
    stopping rule and fitted attributes are those of :class:`sklearn.decomposition.NMF` with
    ``solver="mu"`` and no regularisation, so the two give the same factors from the same start.

    ``X`` may be a dense array or a SciPy sparse matrix (e.g. a document-term count matrix). With the
    squared loss a sparse ``X`` stays sparse: X H^T and W^T X are computed from its nonzeros and W H is
    never formed, O(nnz k + (n + m) k^2) per iteration (as scikit-learn); the divergence updates need
    X / (WH) entry by entry and work on the dense array.

    Parameters
    ----------
    n_components : int or None, default=None
        Rank k of the factorisation (the number of topics in the book); None means n_features.
    init : {"random", "nndsvd", "nndsvda", "nndsvdar", "custom"} or None, default=None
        Initial W and H: absolute values of scaled Gaussian draws (seeded by ``random_state``), the
        NNDSVD of Boutsidis and Gallopoulos (2008) (zeros kept, filled with the mean of X, or filled
        with small random values), or ``W`` and ``H`` passed to :meth:`fit`. None means "nndsvda" if
        k <= min(n_samples, n_features), else "random".
    solver : {"mu"}, default="mu"
        Multiplicative updates; the only solver.
    beta_loss : {"frobenius", "kullback-leibler"}, default="frobenius"
        The squared loss (17.20) or the divergence (17.21).
    tol : float, default=1e-4
        Every 10 iterations the error is recomputed; the fit stops when it fell by less than
        ``tol`` times the initial error since the last check. ``tol=0`` runs exactly ``max_iter``
        iterations (and then no convergence warning is given).
    max_iter : int, default=200
        Maximum number of iterations t of Algorithm 17.1.
    random_state : int, RandomState or None, default=None
        Seed of the "random" and "nndsvdar" initialisations, and of the randomised SVD behind the NNDSVD starts
        of an X with at least 200 rows and columns (None: the fixed seed 0 there, so the default start is
        reproducible; the random fill of "nndsvdar" stays unseeded with None, as in scikit-learn).

    Attributes
    ----------
    components_ : ndarray of shape (n_components, n_features)
        H, the basis ("topics" are its rows; the book's W is ``components_.T``).
    n_components_ : int
    reconstruction_err_ : float
        ||X - WH||_F, or sqrt(2 D(X || WH)) for the divergence, at the end of the fit.
    n_iter_ : int
        Iterations run.
    n_features_in_ : int

    Notes
    -----
    Algorithm 17.1 normalises the columns of the book's W (our H^T) at the start, and the text before it
    says every iteration; rescaling a column of the book's W and the matching row of the book's H
    leaves WH and the loss unchanged, so the fit here does not normalise (as scikit-learn). A chapter
    that wants unit topic vectors divides each row of ``components_`` by its norm and multiplies the
    corresponding column of W by it.

    With ``init="nndsvd"`` (and the "a"/"ar" variants) the leading singular triplets of a small X (fewer than 200
    rows or columns; if sparse, also at most 10^6 entries, since it is made dense) are exact, where scikit-learn
    uses a randomised SVD, so the two start from slightly different points; for a larger X both use the same
    randomised SVD (without densifying a sparse X), and with the same
    integer ``random_state`` they start from the same point; with "random" or "custom" they
    start from the same point. The ``alpha_W``/``alpha_H`` penalties and the Itakura-Saito loss of
    scikit-learn are not implemented.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §17.3, Theorems 17.1-17.2, Algorithm 17.1.
    D. D. Lee and H. S. Seung, Algorithms for non-negative matrix factorization, NIPS 13, 2001.
    C. Boutsidis and E. Gallopoulos, SVD based initialization, Pattern Recognition 41(4), 2008.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.decomposition import NMF
    >>> X = np.array([[1.0, 1.0], [2.0, 1.0], [3.0, 1.2], [4.0, 1.0], [5.0, 0.8], [6.0, 1.0]])
    >>> model = NMF(n_components=2, init="random", random_state=0, max_iter=1000)
    >>> W = model.fit_transform(X)
    >>> bool(model.reconstruction_err_ < 0.1)
    True
    """

    def __init__(
        self,
        n_components=None,
        *,
        init=None,
        solver="mu",
        beta_loss="frobenius",
        tol=1e-4,
        max_iter=200,
        random_state=None,
    ):
        self.n_components = n_components
        self.init = init
        self.solver = solver
        self.beta_loss = beta_loss
        self.tol = tol
        self.max_iter = max_iter
        self.random_state = random_state

    def _check_hyperparameters(self, n_features):
        k = n_features if self.n_components is None else check_int(self.n_components, "n_components", low=1)
        # (n_features None: checked before X, k then set from X)
        init = self.init
        if init is not None:
            check_choice(init, "init", _INITS)
        check_choice(self.solver, "solver", ("mu",))
        loss = check_choice(self.beta_loss, "beta_loss", _LOSSES)
        tol = check_real(self.tol, "tol", low=0.0)
        max_iter = check_int(self.max_iter, "max_iter", low=1)
        return k, init, loss, tol, max_iter

    def _check_X(self, X, reset, loss):
        X = validate_data(self, X, dtype=np.float64, accept_sparse=("csr", "csc", "coo"), reset=reset)
        check_scale(X, "X", small=True)  # the NNDSVD start and the squared loss are sums of squares of X
        if not sparse.issparse(X):
            return _check_nonnegative(np.ascontiguousarray(X), "X")
        # A document-term count matrix (Li Hang ch. 17) is sparse. The squared-loss updates need X only in
        # the products X H^T and W^T X, computed from its nonzeros; the divergence updates need X / (WH)
        # entry by entry, so that kernel works on the dense array.
        X = X.tocsr()
        if X.nnz and X.data.min() < 0:
            _check_nonnegative(X.toarray(), "X")
        if loss != "frobenius":
            return np.ascontiguousarray(X.toarray())
        X.sum_duplicates()
        return X

    def fit_transform(self, X, y=None, W=None, H=None):
        """Fit the model to ``X`` and return W, shape (n_samples, n_components).

        ``W`` and ``H`` are the initial factors when ``init="custom"`` (both required then).
        """
        k, init, loss, tol, max_iter = self._check_hyperparameters(None)
        X = self._check_X(X, reset=True, loss=loss)
        n, m = X.shape
        if self.n_components is None:
            k = m
        if init is None:
            init = "nndsvda" if k <= min(n, m) else "random"
        if init in ("nndsvd", "nndsvda", "nndsvdar") and k > min(n, m):
            raise ValueError(
                f"init={init!r} needs n_components <= min(n_samples, n_features) = {min(n, m)}, got n_components={k}"
            )
        if init == "custom":
            if W is None or H is None:
                raise ValueError("init='custom' needs both W and H passed to fit")
            W = _check_nonnegative(check_array(W, "W"), "W").copy()
            H = _check_nonnegative(check_array(H, "H"), "H").copy()
            if W.shape != (n, k):
                raise ValueError(f"W must have shape (n_samples, n_components) = {(n, k)}, got {W.shape}")
            if H.shape != (k, m):
                raise ValueError(f"H must have shape (n_components, n_features) = {(k, m)}, got {H.shape}")
        else:
            if W is not None or H is not None:
                warnings.warn(
                    "W and H are used only with init='custom'; they are ignored", RuntimeWarning, stacklevel=2
                )
            W, H = _initialize(X, k, init, self.random_state)
            W, H = np.ascontiguousarray(W), np.ascontiguousarray(H)
        W, H, n_iter, converged = _run_mu(X, W, H, loss, max_iter, tol, True)
        self._warn_if_not_converged(converged, tol, max_iter)
        self.components_ = H
        self.n_components_ = k
        self.n_iter_ = n_iter
        if sparse.issparse(X):
            self.reconstruction_err_ = float(_frobenius_error_csr(X.data, X.indices, X.indptr, W, H))
        else:
            self.reconstruction_err_ = beta_divergence(X, W, H, loss)
        return W

    def fit(self, X, y=None, W=None, H=None):
        """Fit the model to ``X`` (see :meth:`fit_transform`). Returns ``self``."""
        self.fit_transform(X, W=W, H=H)
        return self

    @staticmethod
    def _warn_if_not_converged(converged, tol, max_iter):
        if tol > 0 and not converged:
            warnings.warn(
                f"NMF did not converge in max_iter={max_iter} iterations (tol={tol:g}); increase max_iter or tol.",
                ConvergenceWarning,
                stacklevel=2,
            )

    def transform(self, X):
        """W for new data with the fitted H held fixed: the W-updates alone, from W = sqrt(mean(X) / k).

        Returns an array of shape (n_samples, n_components).
        """
        check_is_fitted(self)
        k, _, loss, tol, max_iter = self._check_hyperparameters(None)
        X = self._check_X(X, reset=False, loss=loss)
        k = self.components_.shape[0]
        W = np.full((X.shape[0], k), np.sqrt(X.mean() / k))
        H = np.ascontiguousarray(self.components_)
        W, _, _, converged = _run_mu(X, W, H.copy(), loss, max_iter, tol, False)
        self._warn_if_not_converged(converged, tol, max_iter)
        return W

    def inverse_transform(self, X):
        """W H: the data reconstructed from coefficients ``X`` of shape (n_samples, n_components)."""
        check_is_fitted(self)
        W = check_array(X, "X")
        if W.shape[1] != self.components_.shape[0]:
            raise ValueError(f"X must have n_components = {self.components_.shape[0]} columns, got {W.shape[1]}")
        return W @ self.components_

    @property
    def _n_features_out(self):
        return self.components_.shape[0]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.positive_only = True
        tags.input_tags.sparse = True
        return tags
