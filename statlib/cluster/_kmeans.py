"""k-means clustering by Lloyd's iteration: Li Hang Algorithm 14.2, eqs. (14.18)-(14.22).

Each iteration alternates the two minimisations of the within-cluster scatter
W(C) = sum_l sum_{C(i)=l} ||x_i - m_l||^2 (14.19):

* assignment (14.22): with the centres fixed, each sample goes to its nearest centre in squared
  Euclidean distance (14.18); ties go to the lowest-numbered centre;
* update: with the partition fixed, each centre becomes the mean of its samples.

The nearest centre is found from ||x - m||^2 = ||x||^2 - 2 x.m + ||m||^2, dropping the ||x||^2
that all centres share. The samples are taken in blocks of up to 1024 rows (about 128 KiB of X; fewer
with many centres, so that the block's products take at most 256 KiB); the products x.m_l of a block come
from one matrix product (BLAS dgemm through ``np.dot``, as in scikit-learn's chunked Lloyd iteration),
and the kernel then scores ||m_l||^2/2 - x.m_l, picks the argmin and adds the sample to its cluster's
sums while the block is still in cache: assignment and the sums of the update are one pass. (A plain
loop over features and centres was measured about twice as slow.) The argmin takes the scores eight at a
time (:func:`_first_minimum`, the first minimum as the plain loop finds it); at k = 100, d = 10 that cut a
pass over 10^4 rows from about 0.98 to 0.59 ms (measured), of which the matrix products take 0.41.
When X is larger than 2 MiB, the scan of a block issues one prefetch instruction per 64-byte cache line of the next
block, spread over the rows scanned, so that the next block is read from memory while this one is scanned rather
than during its matrix product (measured about 15% faster per iteration with X beyond the last-level cache at
d = 10; one prefetch per cache line instead of one per row a further 10-25% at d = 20-50); the prefetch is a hint and
changes no result.
With few centres and features (k <= 32, d <= 16) the matrix product is not worth its set-up: a sample's
products with all k centres are then computed directly as one, two or four vectors of 8 lanes (LLVM's
<8 x double>, :func:`_nearest_rows`), the nearest centre is the first minimum over those vectors, and the sample is
added to its cluster's sums, one row of X at a time, eight rows after it is scored (``_SUMS_DELAY``); for at most 8
centres and 8 or more features, with X over 2 MiB, the data 8 KiB ahead are prefetched meanwhile. (Measured
about 0.45-0.7 of the time of the blocked pass at d = 10, k = 2 to 8, and 0.25 at d = 2; 0.12-0.9 of it for
k = 9 to 32 at d = 2 to 16, where before the blocked pass had made the default fit 1.1-1.26 times
scikit-learn's time at d = 2 to 10, k = 16 to 32.) Each product
x.m_l is a sum of separate multiplications and additions in a fixed order,
so the scores, unlike dgemm's, are the same bits on every processor; they differ from dgemm's by rounding only.
As scikit-learn does, the data are centred on their mean before the fit (the expansion then loses no
digits to a large common offset) and the centres shifted back afterwards.
All scratch arrays are allocated once per fit, none inside the iteration loop.

Hamerly's bounds (``algorithm="hamerly"``, and the default "auto" for more than 32 centres in at most 3
dimensions; otherwise "auto" is "lloyd", as in scikit-learn). Once the partition
settles, most samples are far from every boundary and their k distances need not be computed at all. Each
sample keeps an upper bound u on the distance to its centre and a lower bound l on the distance to any other
centre; when the centres move, u grows by its centre's movement and l shrinks by the largest movement of the
others (triangle inequality). A sample whose u is below max(l, half the distance from its centre to the
nearest other centre) cannot change cluster and is skipped (Hamerly 2010). The iterates are those of the plain
iteration, barring rounding-level ties of two distances (the bounds compare distances computed another way);
only the work differs. In the first iterations, while many labels change, the bounds skip little and cost a
distance computation without matrix products, so the bounded steps start only once at most 1/30 of the labels
changed in a step; until then the steps are the plain blocked ones.

Empty clusters. A centre that receives no sample in an assignment step is moved onto the sample
farthest from the centre it was assigned to (scikit-learn's rule; with several empty clusters
scikit-learn's pairing of clusters and samples is unspecified, ours is fixed): the clusters that came out
empty, in increasing order of their index, take the samples with the largest squared distance to
their (old) assigned centre, in decreasing order of that distance (ties: the lower sample index);
each such sample is removed from the sums of the cluster it was assigned to and becomes the
whole of the empty cluster for that update. Its label is corrected by the next assignment step.
If removing it empties the cluster it came from (possible only when the data hold fewer distinct
points than clusters), that cluster keeps its previous centre.
"""

import warnings

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic
from sklearn.base import BaseEstimator, ClassNamePrefixFeaturesOutMixin, ClusterMixin, TransformerMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted

from .._llvm import V8, masked_load, realign_stack, reduce_lanes, splat
from .._validation import check_array, check_choice, check_int, check_real, check_scale, validate_data

__all__ = ["KMeans", "kmeans_plusplus"]

_INITS = ("k-means++", "random")
_ALGORITHMS = ("auto", "lloyd", "hamerly")


# --------------------------------------------------------------------------------------- kernels
_SWITCH_FRACTION = 30  # algorithm="hamerly" runs plain blocked steps until at most 1/30 of the labels change
_BLOCK_BYTES = 1 << 17  # rows of X per block: about 128 KiB of X, at most 1024 rows (measured best at d = 10)
_PREFETCH_SIZE = 1 << 18  # entries of X (2 MiB) above which the passes prefetch X ahead of the rows they score
_PRODUCT_BYTES = 1 << 18  # and at most 256 KiB of products x.m_l: fewer rows (halved) for many centres
_DIRECT_MAX_D = 16  # the direct kernel (no matrix product) is compiled for each dimension d up to this
_DIRECT_GROUPS = (1, 2, 4)  # and for 1, 2 or 4 vectors of 8 centres (k <= 8, 16 or 32)
_DIRECT_MAX_K = 8 * _DIRECT_GROUPS[-1]
# The direct kernel adds a row into its cluster's sums this many rows after scoring it: by then the row's label is
# known, so the addresses of the sums it reads and writes are too. Added at once, they waited on the row's comparison,
# probably leaving the processor to guess past those stores (measured 3.3-3.4 against 4.3 ns per row at d = 10,
# k = 8, n = 10^6; a delay of 2 or 4 rows gained less)
_SUMS_DELAY = 8
# For one vector of centres (k <= 8), rows of at least 8 features and X over _PREFETCH_SIZE entries, it also asks for
# the cache lines this many bytes ahead of the row it scores: one stream of reads alone came well short of the
# memory's bandwidth (measured 2.7-2.9 against 3.3 ns per row at d = 10, n = 10^6, and 2.6 with X in cache; 3.8-3.9
# against 4.9 at d = 16; 4 KiB ahead gained little, and at d = 2, 3 and 5 it measured no gain)
_DIRECT_PREFETCH_BYTES = 1 << 13
_BOUNDS_MAX_D = 3  # algorithm="auto" takes Hamerly's bounds beyond _DIRECT_MAX_K centres in at most this many features


_I32 = ir.IntType(32)
_I64 = ir.IntType(64)
_V8I64 = ir.VectorType(_I64, 8)
_LANES = ir.Constant(_V8I64, list(range(8)))  # 0, 1, ..., 7


@njit(cache=True)
def _block_rows(n, d, k):
    """Samples per block, so that a block of X and its (block, k) products stay in cache."""
    rows = min(1024, max(16, _BLOCK_BYTES // (8 * d)))
    while rows > 16 and rows * k * 8 > _PRODUCT_BYTES:
        rows //= 2
    return max(1, min(n, rows))


@intrinsic
def _prefetch(typingctx, array, index):
    """Ask the CPU to start loading the cache line of entry ``index`` (flat) of the C-contiguous ``array``.

    A hint only (LLVM's ``llvm.prefetch``, one prefetch instruction): it reads nothing and changes no result.
    """
    if not isinstance(array, types.Array) or not isinstance(index, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        data = context.make_array(signature.args[0])(context, builder, args[0]).data
        _emit_prefetch(builder, builder.gep(data, [args[1]]))
        return context.get_dummy_value()

    return types.void(array, index), codegen


def _emit_prefetch(builder, pointer):
    """One prefetch instruction for the cache line at ``pointer``: a read, to be kept in cache, of data. It never
    faults, even past the end of an array."""
    byte_ptr = ir.IntType(8).as_pointer()
    fn = builder.module.declare_intrinsic(
        "llvm.prefetch", fnty=ir.FunctionType(ir.VoidType(), [byte_ptr, _I32, _I32, _I32])
    )
    builder.call(fn, [builder.bitcast(pointer, byte_ptr), _I32(0), _I32(3), _I32(1)])


def _emit_scores(builder, half_norms, row, k, chunk, full):
    """The scores ||m_l||^2 / 2 - x.m_l of centres l = 8 chunk, ..., 8 chunk + 7 as one vector, from ``half_norms``
    and the row ``row`` of products x.m_l (pointers to float64). Unless the chunk is ``full`` (8 centres below k),
    lanes at or past ``k`` are NaN, which no comparison selects, and read no memory."""
    base = builder.mul(chunk, ir.Constant(_I64, 8))
    if full:
        h = builder.load(builder.bitcast(builder.gep(half_norms, [base]), V8.as_pointer()), align=8)
        p = builder.load(builder.bitcast(builder.gep(row, [base]), V8.as_pointer()), align=8)
        return builder.fsub(h, p)
    inside = builder.icmp_signed("<", _LANES, splat(builder, builder.sub(k, base)))
    h = masked_load(builder, builder.gep(half_norms, [base]), inside, ir.Constant(V8, [float("nan")] * 8))
    p = masked_load(builder, builder.gep(row, [base]), inside, ir.Constant(V8, [0.0] * 8))
    return builder.fsub(h, p)


@intrinsic
def _first_minimum(typingctx, products, i, half_norms):
    """The centre of the first minimum of the scores half_norms[l] - products[i, l] (14.22) over l < k, eight
    centres to a vector, where k = len(half_norms) (at most the row's length). Lane by lane, the running minimum and
    the first centre that reached it (a strictly smaller score replaces both); then the minimum over the lanes, and
    the smallest centre among the lanes that hold it. For scores without NaN (validated data give none), that is the
    centre the plain loop ``if score < best_score`` over l picks, from the same scores, with no branch that depends
    on the data; 0 if every score is NaN."""
    if not (
        isinstance(products, types.Array)
        and products.ndim == 2
        and products.layout == "C"
        and products.dtype == types.float64
        and isinstance(half_norms, types.Array)
        and half_norms.ndim == 1
        and half_norms.layout == "C"
        and half_norms.dtype == types.float64
        and isinstance(i, types.Integer)
    ):
        return None

    def codegen(context, builder, signature, args):
        P = context.make_array(signature.args[0])(context, builder, args[0])
        H = context.make_array(signature.args[2])(context, builder, args[2])
        row_index = context.cast(builder, args[1], signature.args[1], types.intp)
        width = cgutils.unpack_tuple(builder, P.shape)[1]
        k = cgutils.unpack_tuple(builder, H.shape)[0]
        k = builder.select(builder.icmp_signed("<", width, k), width, k)  # never past the row
        row = builder.gep(P.data, [builder.mul(row_index, width)])
        low_ptr = cgutils.alloca_once_value(builder, ir.Constant(V8, [float("inf")] * 8))
        where_ptr = cgutils.alloca_once_value(builder, ir.Constant(_V8I64, [0] * 8))

        def scan(chunk, full):  # a strictly smaller score replaces the lane's minimum and its centre
            s = _emit_scores(builder, H.data, row, k, chunk, full)
            old = builder.load(low_ptr)
            lower = builder.fcmp_ordered("<", s, old)
            builder.store(builder.select(lower, s, old), low_ptr)
            centres = builder.add(_LANES, splat(builder, builder.mul(chunk, ir.Constant(_I64, 8))))
            builder.store(builder.select(lower, centres, builder.load(where_ptr)), where_ptr)

        chunks = builder.udiv(k, ir.Constant(_I64, 8))  # full chunks of 8 centres
        with cgutils.for_range(builder, chunks) as loop:
            scan(loop.index, True)
        with builder.if_then(builder.icmp_signed("<", builder.mul(chunks, ir.Constant(_I64, 8)), k)):
            scan(chunks, False)  # the last k % 8 centres
        low, where = builder.load(low_ptr), builder.load(where_ptr)
        smallest = splat(builder, reduce_lanes(builder, low, lambda b, x, y: b.fcmp_ordered("<", x, y)))
        # the smallest centre among the lanes holding the minimum (k where none does: every score NaN)
        candidates = builder.select(builder.fcmp_ordered("==", low, smallest), where, splat(builder, k))
        best = reduce_lanes(builder, candidates, lambda b, x, y: b.icmp_signed("<", x, y))
        return builder.select(builder.icmp_signed("<", best, k), best, ir.Constant(_I64, 0))

    return types.intp(products, i, half_norms), codegen


@njit(cache=True)
def _assign_block(X, start, stop, centres_t, half_norms, products, labels, sums, counts):
    """Nearest centres (14.22) of rows ``start:stop`` of ``X``; returns how many labels changed.

    The products x.m_l of the block come from one matrix product (BLAS dgemm, as in scikit-learn);
    the score ||m_l||^2/2 - x.m_l orders the centres as ||x - m_l||^2 (14.18) does, and the first
    minimum wins. If ``counts`` has length k, each sample is also added to ``sums``/``counts``. While the
    block is scanned, the rows of the next block are prefetched, so that reading ``X`` from memory overlaps
    the scan instead of stalling the next matrix product.
    """
    n, d = X.shape
    k = centres_t.shape[1]
    m = stop - start
    block = products[:m]
    np.dot(X[start:stop], centres_t, block)
    accumulate = counts.shape[0] == k
    ahead = min(m, n - stop) if X.size > _PREFETCH_SIZE else 0  # rows of the next block, if X is not in cache
    line = stop * d  # next entry of the next block to prefetch: every 8th, one per 64-byte cache line
    changed = 0
    for i in range(m):  # (14.22): the nearest centre, by the score ||m_l||^2 / 2 - x.m_l
        if i < ahead:  # start loading row stop + i of the next block (a hint: it changes no result)
            while line < (stop + i + 1) * d:
                _prefetch(X, line)
                line += 8
        best = _first_minimum(block, i, half_norms)
        j = start + i
        if labels[j] != best:
            changed += 1
            labels[j] = best
        if accumulate:  # the sums of the update m_l = (1 / n_l) sum_{C(i)=l} x_i
            counts[best] += 1
            for a in range(d):
                sums[best, a] += X[j, a]
    return changed


def _emit_nearest_rows(context, builder, arrays, first, last, accumulate, prefetch, changed, d, groups):
    """The row loop of :func:`_nearest_rows` for ``d`` features and ``groups`` vectors of 8 centres (Python ints: the
    loops over features and groups are unrolled and the centres' coordinates stay in registers, or, for more of them
    than there are registers, in aligned spill slots: see :func:`statlib._llvm.realign_stack`)."""
    X, centres_t, half_norms, labels, sums, counts = arrays
    width = 8 * groups
    # centres_t is (d, 8 * groups): feature a of centres 8g, ..., 8g + 7 is one vector
    cols = [
        [
            builder.load(
                builder.bitcast(builder.gep(centres_t.data, [ir.Constant(_I64, width * a + 8 * g)]), V8.as_pointer()),
                align=8,
            )
            for g in range(groups)
        ]
        for a in range(d)
    ]
    h = [
        builder.load(
            builder.bitcast(builder.gep(half_norms.data, [ir.Constant(_I64, 8 * g)]), V8.as_pointer()), align=8
        )
        for g in range(groups)
    ]
    stride = cgutils.unpack_tuple(builder, sums.shape)[1]  # entries per row of sums
    mask_type = ir.IntType(width)
    first_zero = cgutils.get_or_insert_function(
        builder.module, ir.FunctionType(mask_type, [mask_type, ir.IntType(1)]), f"llvm.cttz.i{width}"
    )
    with cgutils.for_range_slice(builder, first, last, ir.Constant(_I64, 1)) as (j, _):
        row = builder.gep(X.data, [builder.mul(j, ir.Constant(_I64, d))])
        x = [builder.load(builder.gep(row, [ir.Constant(_I64, a)])) for a in range(d)]
        xs = [splat(builder, x[a]) for a in range(d)]
        if groups == 1 and d >= 8:  # rows of a cache line or more, X over _PREFETCH_SIZE entries: ask for lines ahead
            with builder.if_then(prefetch):
                for offset in range(_DIRECT_PREFETCH_BYTES, _DIRECT_PREFETCH_BYTES + 8 * d, 64):
                    _emit_prefetch(
                        builder,
                        builder.gep(builder.bitcast(row, ir.IntType(8).as_pointer()), [ir.Constant(_I64, offset)]),
                    )
        scores = []
        for g in range(groups):
            # x.m_l for 8 centres at once: the products x_a m_la, added in 4 running sums (features a = 0, 4, 8, ...;
            # 1, 5, 9, ...; ...), then (s_0 + s_1) + (s_2 + s_3): a fixed order, the same on every processor
            parts = []
            for a in range(d):
                prod = builder.fmul(xs[a], cols[a][g])
                if a < 4:
                    parts.append(prod)
                else:
                    parts[a % 4] = builder.fadd(parts[a % 4], prod)
            while len(parts) > 1:
                parts = [
                    builder.fadd(*parts[i : i + 2]) if i + 1 < len(parts) else parts[i] for i in range(0, len(parts), 2)
                ]
            scores.append(builder.fsub(h[g], parts[0]))  # ||m_l||^2 / 2 - x.m_l
        low = scores[0]  # the minimum over the groups, lane by lane, then over the lanes by halving three times
        for score in scores[1:]:
            low = builder.select(builder.fcmp_ordered("<", score, low), score, low)
        smallest = splat(builder, reduce_lanes(builder, low, lambda b, x, y: b.fcmp_ordered("<", x, y)))
        ties = ir.Constant(mask_type, 0)  # bit l set where centre l's score equals the minimum
        for g, score in enumerate(scores):
            bits = builder.bitcast(builder.fcmp_ordered("==", score, smallest), ir.IntType(8))
            bits = builder.zext(bits, mask_type) if groups > 1 else bits
            ties = builder.or_(ties, builder.shl(bits, ir.Constant(mask_type, 8 * g)) if g else bits)
        best = builder.zext(builder.call(first_zero, [ties, ir.Constant(ir.IntType(1), 1)]), _I64)  # first minimum
        label = builder.gep(labels.data, [j])
        builder.store(
            builder.add(
                builder.load(changed), builder.zext(builder.icmp_signed("!=", builder.load(label), best), _I64)
            ),
            changed,
        )
        builder.store(best, label)
        with builder.if_then(accumulate, likely=True):  # the sums of the update for the row _SUMS_DELAY rows back
            with builder.if_then(builder.icmp_signed(">=", j, builder.add(first, ir.Constant(_I64, _SUMS_DELAY)))):
                _emit_add_row(
                    builder, X, labels, sums, counts, stride, d, builder.sub(j, ir.Constant(_I64, _SUMS_DELAY))
                )
    with builder.if_then(accumulate, likely=True):  # and for the last rows
        tail = builder.sub(last, ir.Constant(_I64, _SUMS_DELAY))
        tail = builder.select(builder.icmp_signed("<", tail, first), first, tail)
        with cgutils.for_range_slice(builder, tail, last, ir.Constant(_I64, 1)) as (j, _):
            _emit_add_row(builder, X, labels, sums, counts, stride, d, j)


def _emit_add_row(builder, X, labels, sums, counts, stride, d, j):
    """Row ``j`` of X added into row labels[j] of ``sums``, and 1 into counts[labels[j]]."""
    best = builder.load(builder.gep(labels.data, [j]))
    count = builder.gep(counts.data, [best])
    builder.store(builder.add(builder.load(count), ir.Constant(_I64, 1)), count)
    row = builder.gep(X.data, [builder.mul(j, ir.Constant(_I64, d))])
    target = builder.gep(sums.data, [builder.mul(best, stride)])
    a = 0
    for w in (8, 4, 2, 1):
        while d - a >= w:
            vec = ir.VectorType(ir.DoubleType(), w)
            xp = builder.bitcast(builder.gep(row, [ir.Constant(_I64, a)]), vec.as_pointer())
            sp = builder.bitcast(builder.gep(target, [ir.Constant(_I64, a)]), vec.as_pointer())
            builder.store(builder.fadd(builder.load(sp, align=8), builder.load(xp, align=8)), sp, align=8)
            a += w


@intrinsic
def _nearest_rows(typingctx, X, start, stop, centres_t, half_norms, labels, sums, counts):
    """Nearest centres (14.22) of rows ``start:stop`` of ``X`` without a matrix product; returns the labels changed.

    For k <= 32 centres and d <= 16 features. ``centres_t`` (d, 8 g) holds the centres as columns, zero past k, and
    ``half_norms`` (8 g,) holds ||m_l||^2 / 2, +inf past k, with g = 1, 2 or 4 groups of 8 centres
    (:func:`_groups`). For each row the scores ||m_l||^2 / 2 - x.m_l of each group are one vector (LLVM's
    <8 x double>); the first minimum wins, as in :func:`_assign_block`. If ``counts`` has length k,
    the row is added to the first d entries of row l of ``sums`` (k, at least d columns) and to ``counts``, in the
    order of the rows, as there. The caller guarantees these shapes.
    """
    f64_2d = types.Array(types.float64, 2, "C")
    f64_1d = types.Array(types.float64, 1, "C")
    i64_1d = types.Array(types.int64, 1, "C")
    if not (
        X == f64_2d
        and centres_t == f64_2d
        and half_norms == f64_1d
        and sums == f64_2d
        and labels == i64_1d
        and counts == i64_1d
        and isinstance(start, types.Integer)
        and isinstance(stop, types.Integer)
    ):
        return None
    sig = types.intp(X, start, stop, centres_t, half_norms, labels, sums, counts)

    def codegen(context, builder, signature, args):
        realign_stack(builder.function)  # 2 or 4 vectors of centres in many features spill: keep the spills aligned
        arrays = [context.make_array(signature.args[i])(context, builder, args[i]) for i in (0, 3, 4, 5, 6, 7)]
        first = context.cast(builder, args[1], signature.args[1], types.intp)
        last = context.cast(builder, args[2], signature.args[2], types.intp)
        d = cgutils.unpack_tuple(builder, arrays[0].shape)[1]
        width = cgutils.unpack_tuple(builder, arrays[1].shape)[1]  # 8 * groups columns of centres_t
        accumulate = builder.icmp_signed("!=", cgutils.unpack_tuple(builder, arrays[5].shape)[0], ir.Constant(_I64, 0))
        n = cgutils.unpack_tuple(builder, arrays[0].shape)[0]
        prefetch = builder.icmp_signed(">", builder.mul(n, d), ir.Constant(_I64, _PREFETCH_SIZE))
        changed = cgutils.alloca_once_value(builder, ir.Constant(_I64, 0))
        done = builder.append_basic_block("nearest_rows.done")
        key = builder.add(builder.mul(d, ir.Constant(_I64, 64)), width)
        switch = builder.switch(key, done)  # one loop compiled for each d and number of groups
        for dd in range(1, _DIRECT_MAX_D + 1):
            for groups in _DIRECT_GROUPS:
                case = builder.append_basic_block(f"nearest_rows.d{dd}.g{groups}")
                switch.add_case(ir.Constant(_I64, 64 * dd + 8 * groups), case)
                builder.position_at_end(case)
                _emit_nearest_rows(context, builder, arrays, first, last, accumulate, prefetch, changed, dd, groups)
                builder.branch(done)
        builder.position_at_end(done)
        return builder.load(changed)

    return sig, codegen


@njit(cache=True)
def _direct(d, k):
    """Whether the assignment uses :func:`_nearest_rows` (few centres and features) rather than matrix products."""
    return d <= _DIRECT_MAX_D and k <= _DIRECT_MAX_K


def _bounds_pay(d, k):
    """Whether ``algorithm="auto"`` takes Hamerly's bounds: more centres than the direct step scores, in at most
    three dimensions (see the ``algorithm`` parameter of :class:`KMeans` for the measurements)."""
    return k > _DIRECT_MAX_K and d <= _BOUNDS_MAX_D


@njit(cache=True)
def _groups(k):
    """Vectors of 8 centres that :func:`_nearest_rows` scores for k centres: 1, 2 or 4."""
    return 1 if k <= 8 else (2 if k <= 16 else 4)


@njit(cache=True)
def _assign(X, centres_t, half_norms, products, labels, direct):
    """Nearest centre of every row of ``X``, in blocks of ``products.shape[0]`` rows; returns the labels changed.

    With ``direct``, the rows go through :func:`_nearest_rows` (the scratch of :func:`_assignment_scratch`).
    """
    n = X.shape[0]
    no_sums = np.empty((0, 0))
    no_counts = np.empty(0, dtype=np.int64)
    if direct:
        return _nearest_rows(X, 0, n, centres_t, half_norms, labels, no_sums, no_counts)
    changed = 0
    for start in range(0, n, products.shape[0]):
        stop = min(start + products.shape[0], n)
        changed += _assign_block(X, start, stop, centres_t, half_norms, products, labels, no_sums, no_counts)
    return changed


@njit(cache=True)
def _assignment_scratch(n, d, k, direct):
    """centres_t, half_norms and products for the assignment.

    With ``direct`` (:func:`_nearest_rows`): the centres padded to 8, 16 or 32 (zero centres, +inf half norms), and
    in place of the products the sums of the update with their rows padded to whole 64-byte cache lines (a row's vector
    additions then never straddle two lines), starting on a line.
    """
    if direct:
        width = 8 * ((d + 7) // 8)
        buffer = np.zeros(k * width + 8)
        offset = (-buffer.ctypes.data % 64) // 8
        centres = 8 * _groups(k)
        return np.zeros((d, centres)), np.full(centres, np.inf), buffer[offset : offset + k * width].reshape((k, width))
    return np.empty((d, k)), np.empty(k), np.empty((_block_rows(n, d, k), k))


@njit(cache=True)
def _half_norms_and_transpose(centres, centres_t, half_norms):
    k, d = centres.shape
    for l in range(k):
        s = 0.0
        for a in range(d):
            c = centres[l, a]
            centres_t[a, l] = c
            s += c * c
        half_norms[l] = 0.5 * s


@njit(cache=True)
def _lloyd_pass(X, centres_t, half_norms, products, labels, sums, counts, direct):
    """Assignment step (14.22) fused with the sums of the update step; returns the number of changed labels.

    ``sums`` (k, d) and ``counts`` (k,) are overwritten with sum_{C(i)=l} x_i and n_l; ``products``
    (block, k) is scratch. With ``direct`` the pass is :func:`_nearest_rows`, whose sums go into the padded rows
    of ``products`` (see :func:`_assignment_scratch`).
    """
    n, d = X.shape
    counts[:] = 0
    if direct:
        products[:, :] = 0.0
        changed = _nearest_rows(X, 0, n, centres_t, half_norms, labels, products, counts)
        sums[:, :] = products[:, :d]
        return changed
    sums[:, :] = 0.0
    changed = 0
    for start in range(0, n, products.shape[0]):
        stop = min(start + products.shape[0], n)
        changed += _assign_block(X, start, stop, centres_t, half_norms, products, labels, sums, counts)
    return changed


@njit(cache=True)
def _relocate_empty(X, centres, labels, sums, counts, far_dist):
    """Give every empty cluster the sample farthest from its assigned centre (see the module notes).

    ``centres`` are the centres used in the assignment; ``far_dist`` (n,) is scratch. Returns the
    number of clusters relocated.
    """
    n, d = X.shape
    k = centres.shape[0]
    n_empty = 0
    for l in range(k):
        if counts[l] == 0:
            n_empty += 1
    if n_empty == 0:
        return 0
    for i in range(n):
        c = labels[i]
        s = 0.0
        for a in range(d):
            u = X[i, a] - centres[c, a]
            s += u * u
        far_dist[i] = s
    for l in range(k):
        if counts[l] != 0:
            continue
        far = 0
        for i in range(1, n):
            if far_dist[i] > far_dist[far]:
                far = i
        far_dist[far] = -1.0  # taken
        old = labels[far]
        for a in range(d):
            sums[old, a] -= X[far, a]
            sums[l, a] = X[far, a]
        counts[old] -= 1
        counts[l] = 1
    return n_empty


@njit(cache=True)
def _update_centres(sums, counts, old_centres, new_centres):
    """m_l = (1 / n_l) sum_{C(i)=l} x_i; returns sum_l ||m_l^(t+1) - m_l^(t)||^2."""
    k, d = sums.shape
    shift = 0.0
    for l in range(k):
        if counts[l] > 0:
            inv = 1.0 / counts[l]
            for a in range(d):
                new_centres[l, a] = sums[l, a] * inv
        else:
            for a in range(d):
                new_centres[l, a] = old_centres[l, a]
        for a in range(d):
            u = new_centres[l, a] - old_centres[l, a]
            shift += u * u
    return shift


@njit(cache=True)
def _distances(X, centres, out):
    """out[i, l] = ||x_i - m_l|| (14.3), summed directly."""
    n, d = X.shape
    k = centres.shape[0]
    for i in range(n):
        for l in range(k):
            s = 0.0
            for a in range(d):
                u = X[i, a] - centres[l, a]
                s += u * u
            out[i, l] = np.sqrt(s)


@njit(cache=True)
def _centre_columns(X, mean):
    """Subtract the column means from ``X`` in place (stored in ``mean``); returns the mean column variance."""
    n, d = X.shape
    mean[:] = 0.0
    for i in range(n):
        for a in range(d):
            mean[a] += X[i, a]
    for a in range(d):
        mean[a] /= n
    total = 0.0
    for i in range(n):
        for a in range(d):
            u = X[i, a] - mean[a]
            X[i, a] = u
            total += u * u
    return total / (n * d)


@njit(cache=True)
def _inertia(X, centres, labels):
    """W(C) of (14.19): sum_i ||x_i - m_{C(i)}||^2, summed directly (no expansion)."""
    n, d = X.shape
    total = 0.0
    for i in range(n):
        c = labels[i]
        s = 0.0
        for a in range(d):
            u = X[i, a] - centres[c, a]
            s += u * u
        total += s
    return total


@njit(cache=True)
def _lloyd(X, centres, max_iter, tol, labels, n_relocated, bounded):
    """Algorithm 14.2 from the centres ``centres`` (k, d), updated in place; ``labels`` (n,) is output.

    Stops when an assignment step changes no label (the book's "the partition no longer
    changes"), when the centres move by at most ``tol`` in total squared distance, or after
    ``max_iter`` iterations. Returns (n_iter, converged). ``n_relocated[0]`` counts the
    relocations of empty clusters. After a stop on ``tol`` or ``max_iter`` the labels are
    recomputed from the final centres, so that labels and centres always agree. With ``bounded``
    the assignment step is :func:`_bounded_assign` (Hamerly's bounds; the same iterates), otherwise
    :func:`_lloyd_pass` (every distance).
    """
    n, d = X.shape
    k = centres.shape[0]
    direct = _direct(d, k)
    centres_t, half_norms, products = _assignment_scratch(n, d, k, direct)
    sums = np.empty((k, d))
    counts = np.empty(k, dtype=np.int64)
    new_centres = np.empty((k, d))
    far_dist = np.empty(n)
    upper = np.full(n if bounded else 0, np.inf)
    lower = np.zeros(n if bounded else 0)
    half_gap = np.zeros(k)
    labels[:] = -1
    converged = False
    strict = False
    n_iter = 0
    use_bounds = False
    for it in range(max_iter):
        n_iter = it + 1
        if use_bounds:
            changed = _bounded_assign(X, centres, labels, upper, lower, half_gap, sums, counts)
        else:
            _half_norms_and_transpose(centres, centres_t, half_norms)
            changed = _lloyd_pass(X, centres_t, half_norms, products, labels, sums, counts, direct)
        relocated = _relocate_empty(X, centres, labels, sums, counts, far_dist)
        n_relocated[0] += relocated
        shift = _update_centres(sums, counts, centres, new_centres)
        if changed == 0:
            # the partition did not change, so the new centres equal the old ones
            strict = True
            converged = True
            centres[:, :] = new_centres
            break
        if use_bounds:
            if relocated:  # a relocated sample's label is stale: recompute every distance next time
                upper[:] = np.inf
                lower[:] = 0.0
            _move_bounds(centres, new_centres, labels, upper, lower, half_gap)
        elif bounded and changed * _SWITCH_FRACTION <= n:
            # the partition is settling: from the next step on, Hamerly's bounds skip most samples. The bounds
            # start empty (upper = inf), so the first bounded step computes each sample's distance to its centre
            use_bounds = True
            upper[:] = np.inf
            lower[:] = 0.0
            _move_bounds(centres, new_centres, labels, upper, lower, half_gap)
        centres[:, :] = new_centres
        if shift <= tol:
            converged = True
            break
    if not strict and max_iter > 0:
        _half_norms_and_transpose(centres, centres_t, half_norms)
        _assign(X, centres_t, half_norms, products, labels, direct)
    return n_iter, converged


@njit(cache=True)
def _bounded_assign(X, centres, labels, upper, lower, half_gap, sums, counts):
    """Assignment step (14.22) with Hamerly's bounds, and the sums of the update step; returns changed labels.

    ``upper[i]`` bounds ||x_i - m_{C(i)}|| from above, ``lower[i]`` bounds the distance to every other
    centre from below, and ``half_gap[l]`` is half the distance from m_l to its nearest other centre. If
    ||x_i - m_{C(i)}|| is below max(half_gap, lower), no other centre can be nearer (triangle inequality), so
    the sample keeps its label without computing its k distances; otherwise they are computed as in
    :func:`_assign_block` and the first minimum wins. The comparisons keep a relative margin of 1e-9, so
    rounding in the bounds can only cost a computation, never change a label.
    """
    n, d = X.shape
    k = centres.shape[0]
    sums[:, :] = 0.0
    counts[:] = 0
    changed = 0
    for i in range(n):
        c = labels[i]
        skip = False
        if c >= 0:
            bound = max(half_gap[c], lower[i]) * (1.0 - 1e-9)
            if upper[i] < bound:
                skip = True
            else:
                s = 0.0
                for a in range(d):
                    u = X[i, a] - centres[c, a]
                    s += u * u
                upper[i] = np.sqrt(s)
                skip = upper[i] < bound
        if not skip:
            best, second = -1, -1
            best_d, second_d = np.inf, np.inf
            for l in range(k):
                s = 0.0
                for a in range(d):
                    u = X[i, a] - centres[l, a]
                    s += u * u
                if s < best_d:
                    second, second_d = best, best_d
                    best, best_d = l, s
                elif s < second_d:
                    second, second_d = l, s
            upper[i] = np.sqrt(best_d)
            lower[i] = np.sqrt(second_d) if second >= 0 else np.inf
            if c != best:
                changed += 1
                labels[i] = best
                c = best
        counts[c] += 1
        for a in range(d):
            sums[c, a] += X[i, a]
    return changed


@njit(cache=True)
def _move_bounds(old_centres, new_centres, labels, upper, lower, half_gap):
    """After the update step: widen the bounds by how far the centres moved, and recompute half_gap."""
    k, d = new_centres.shape
    move = np.empty(k)
    first, top, runner = 0, 0.0, 0.0
    for l in range(k):
        s = 0.0
        for a in range(d):
            u = new_centres[l, a] - old_centres[l, a]
            s += u * u
        move[l] = np.sqrt(s)
        if move[l] > top:
            first, runner, top = l, top, move[l]
        elif move[l] > runner:
            runner = move[l]
    for i in range(labels.shape[0]):
        c = labels[i]
        upper[i] += move[c]
        lower[i] -= runner if c == first else top
    for l in range(k):
        nearest = np.inf
        for j in range(k):
            if j != l:
                s = 0.0
                for a in range(d):
                    u = new_centres[l, a] - new_centres[j, a]
                    s += u * u
                nearest = min(nearest, s)
        half_gap[l] = 0.5 * np.sqrt(nearest)


@njit(cache=True)
def _nearest(X, centres, labels):
    k, d = centres.shape
    direct = _direct(d, k)
    centres_t, half_norms, products = _assignment_scratch(X.shape[0], d, k, direct)
    _half_norms_and_transpose(centres, centres_t, half_norms)
    labels[:] = -1
    _assign(X, centres_t, half_norms, products, labels, direct)


# ------------------------------------------------------------------------------- initialisation
def _squared_distances(A, B, B_norms):
    """||a - b||^2 for the rows of A and B by the expansion, clipped at 0 (as scikit-learn computes it)."""
    D = -2.0 * (A @ B.T)
    D += (A * A).sum(axis=1)[:, None]
    D += B_norms[None, :]
    np.maximum(D, 0.0, out=D)
    return D


def _kmeans_plusplus(X, n_clusters, rng, n_local_trials=None):
    """Greedy k-means++ seeding (Arthur and Vassilvitskii 2007), with scikit-learn's draws from ``rng``."""
    n, d = X.shape
    if n_local_trials is None:
        n_local_trials = 2 + int(np.log(n_clusters))
    x_norms = (X * X).sum(axis=1)
    centres = np.empty((n_clusters, d))
    indices = np.full(n_clusters, -1, dtype=np.int64)
    first = rng.choice(n, p=np.full(n, 1.0 / n))
    centres[0] = X[first]
    indices[0] = first
    closest = _squared_distances(X[[first]], X, x_norms)[0]
    potential = closest.sum()
    for c in range(1, n_clusters):
        draws = rng.uniform(size=n_local_trials) * potential
        candidates = np.searchsorted(np.cumsum(closest), draws)
        np.clip(candidates, None, n - 1, out=candidates)
        to_candidates = _squared_distances(X[candidates], X, x_norms)
        np.minimum(closest, to_candidates, out=to_candidates)
        potentials = to_candidates.sum(axis=1)
        best = int(np.argmin(potentials))
        potential = potentials[best]
        closest = to_candidates[best]
        centres[c] = X[candidates[best]]
        indices[c] = candidates[best]
    return centres, indices


def kmeans_plusplus(X, n_clusters, *, random_state=None, n_local_trials=None):
    """Initial centres by greedy k-means++ seeding (Arthur and Vassilvitskii 2007).

    The first centre is a uniformly drawn sample; each further centre is the best (lowest
    resulting W) of ``n_local_trials`` samples drawn with probability proportional to their squared
    distance to the nearest centre chosen so far. The draws are scikit-learn's, so the same
    ``random_state`` gives the same seeds as :func:`sklearn.cluster.kmeans_plusplus` (up to
    rounding ties).

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
    n_clusters : int
        Number of centres, at most ``n_samples``.
    random_state : int, RandomState or None
    n_local_trials : int, default=None
        Candidates per centre; ``2 + int(log(n_clusters))`` when None.

    Returns
    -------
    centres : ndarray of shape (n_clusters, n_features)
    indices : ndarray of shape (n_clusters,)
        The rows of ``X`` chosen.
    """
    X = check_array(X, "X")
    check_scale(X - X.mean(axis=0), "X", small=True)  # the D(x)^2 weights are squared distances
    n_clusters = check_int(n_clusters, "n_clusters", low=1, high=X.shape[0])
    if n_local_trials is not None:
        n_local_trials = check_int(n_local_trials, "n_local_trials", low=1)
    return _kmeans_plusplus(X, n_clusters, check_random_state(random_state), n_local_trials)


def _same_partition(a, b, k):
    """Whether labellings ``a`` and ``b`` (values in 0..k-1) are the same partition up to renaming."""
    forward = np.full(k, -1, dtype=np.int64)
    forward[a] = b
    present = np.flatnonzero(np.bincount(a, minlength=k))  # the labels used in a, in increasing order
    return bool(np.array_equal(forward[a], b)) and len(np.unique(forward[present])) == len(present)


# ------------------------------------------------------------------------------------ estimator
class KMeans(ClassNamePrefixFeaturesOutMixin, TransformerMixin, ClusterMixin, BaseEstimator):
    """k-means clustering, Li Hang Algorithm 14.2 (Lloyd's iteration), eqs. (14.18)-(14.22).

    Minimises the within-cluster scatter W(C) = sum_l sum_{C(i)=l} ||x_i - m_l||^2 (14.19) by
    alternating the assignment of each sample to its nearest centre (14.22) and the replacement of
    each centre by the mean of its cluster. The result is a local minimum that depends on the
    initial centres (Li Hang §14.3.4); ``n_init`` runs from different initial centres keep the one
    with the smallest W. Signature, fitted attributes, stopping rule and initialisations follow
    :class:`sklearn.cluster.KMeans` with ``algorithm="lloyd"``, so the two give the same partition
    from the same initial centres. See the module notes for the rule on empty clusters.

    Parameters
    ----------
    n_clusters : int, default=8
        Number of clusters k.
    init : {"k-means++", "random"} or array-like of shape (n_clusters, n_features), default="k-means++"
        "random": k distinct samples drawn uniformly (Algorithm 14.2, step 1; the draw is
        scikit-learn's, ``rng.choice(n, k, replace=False, p=uniform)``); "k-means++": greedy k-means++ seeding
        (:func:`kmeans_plusplus`); an array: the initial centres themselves.
    n_init : "auto" or int, default="auto"
        Number of runs from different initial centres; the run with the smallest W is kept.
        "auto" is 10 for ``init="random"`` and 1 otherwise. An array ``init`` allows one run only.
    max_iter : int, default=300
        Maximum number of iterations of one run (0 returns the initial centres and their partition).
    tol : float, default=1e-4
        A run also stops when the centres move, in total squared distance, by at most ``tol`` times
        the mean variance of the features (scikit-learn's relative tolerance). With ``tol=0`` a run
        stops only when the partition no longer changes (the book's rule) or at ``max_iter``.
    random_state : int, RandomState or None, default=None
        Seed of the initial centres.
    algorithm : {"auto", "lloyd", "hamerly"}, default="auto"
        How the assignment step is computed; all give the same iterates, partition and centres, barring
        rounding-level ties of two distances. "auto" is "hamerly" for more than 32 centres in at most 3
        features and "lloyd" otherwise. Measured (one thread) on separated and on overlapping blobs, n = 10^4 and
        10^5, k = 40 to 100, 50 iterations or ``tol`` 1e-4 or 0: "hamerly" took 0.31-0.76 of "lloyd"'s time at
        d = 2 and 0.51-1.04 at d = 3, but up to 1.2-1.5 times it from d = 4 to 10 on overlapping blobs; up to 32
        centres in at most 16 features "lloyd"'s direct step is the quicker (50 000 uniform 2-D points, k = 20,
        ``tol=0``: the bounds took about 1.6 times its time). "lloyd" computes every
        sample's k distances in each iteration (directly or by blocked matrix products, as scikit-learn's
        ``algorithm="lloyd"``). "hamerly" keeps, for each sample,
        an upper bound on the distance to its centre and a lower bound on the distance to the others (Hamerly
        2010), moved by the triangle inequality as the centres move, and computes distances only where the
        bounds cannot rule out a change of cluster; once the partition settles most samples are skipped. It
        runs the plain "lloyd" steps until at most 1/30 of the labels change in a step, then switches to the
        bounds. It pays on long runs (many iterations after the partition has nearly settled, e.g. with
        ``tol=0``) in few dimensions with many centres, where a sample the bounds cannot skip is cheap to
        compute; the bounds skip a sample entirely or compute all k of its distances. On short runs, in many
        dimensions, and for at most 32 centres in at most 16 dimensions, "lloyd" is as fast or faster.

    Attributes
    ----------
    cluster_centers_ : ndarray of shape (n_clusters, n_features)
        The centres m_l.
    labels_ : ndarray of shape (n_samples,)
        The cluster of each training sample (0-based), consistent with ``cluster_centers_``.
    inertia_ : float
        W(C) of (14.19) for ``labels_`` and ``cluster_centers_``.
    n_iter_ : int
        Iterations of the kept run.
    converged_ : bool
        Whether the kept run stopped before ``max_iter``.
    n_relocated_ : int
        How many times a centre left empty was moved (kept run).
    n_features_in_ : int

    Notes
    -----
    A run that reaches ``max_iter`` without the partition settling (or the centres moving less than
    the tolerance) emits :class:`sklearn.exceptions.ConvergenceWarning`; scikit-learn stays silent
    there. ``sample_weight`` and the "elkan" algorithm are not implemented.

    References
    ----------
    Li Hang, *Statistical Learning Methods*, 2nd ed., §14.3, Algorithm 14.2.
    J. MacQueen, Proc. 5th Berkeley Symp. Math. Statist. Probab., 1967.
    S. Lloyd, IEEE Trans. Inf. Theory 28(2), 1982.
    D. Arthur and S. Vassilvitskii, "k-means++: the advantages of careful seeding", SODA 2007.

    Examples
    --------
    >>> import numpy as np
    >>> from statlib.cluster import KMeans
    >>> X = np.array([[0.0, 2.0], [0.0, 0.0], [1.0, 0.0], [5.0, 0.0], [5.0, 2.0]])  # Example 14.2
    >>> km = KMeans(2, init=X[[0, 1]]).fit(X)
    >>> km.labels_.tolist(), km.inertia_
    ([0, 1, 1, 1, 0], 26.5)
    """

    def __init__(
        self,
        n_clusters=8,
        *,
        init="k-means++",
        n_init="auto",
        max_iter=300,
        tol=1e-4,
        random_state=None,
        algorithm="auto",
    ):
        self.n_clusters = n_clusters
        self.init = init
        self.n_init = n_init
        self.max_iter = max_iter
        self.tol = tol
        self.random_state = random_state
        self.algorithm = algorithm

    def _check_params(self, n, d):
        k = check_int(self.n_clusters, "n_clusters", low=1)
        if n < k:
            raise ValueError(f"X must have at least n_clusters={k} samples, got {n}")
        max_iter = check_int(self.max_iter, "max_iter", low=0)
        tol = check_real(self.tol, "tol", low=0.0)
        check_choice(self.algorithm, "algorithm", _ALGORITHMS)
        if isinstance(self.init, str):
            init = check_choice(self.init, "init", _INITS)
            centres = None
        elif self.init is None or callable(self.init):
            raise TypeError(
                f"init must be 'k-means++', 'random' or an array of initial centres, got {type(self.init).__name__}"
            )
        else:
            init = "array"
            centres = check_array(self.init, "init")
            if centres.shape != (k, d):
                raise ValueError(f"init must have shape (n_clusters, n_features) = ({k}, {d}), got {centres.shape}")
        if isinstance(self.n_init, str):
            check_choice(self.n_init, "n_init", ("auto",))
            n_init = 10 if init == "random" else 1
        else:
            n_init = check_int(self.n_init, "n_init", low=1)
        if init == "array" and n_init != 1:
            warnings.warn(
                f"init is an array of centres, so only one run is made (n_init={n_init} ignored)",
                RuntimeWarning,
                stacklevel=3,
            )
            n_init = 1
        return k, init, centres, n_init, max_iter, tol

    def fit(self, X, y=None):
        """Run Algorithm 14.2 ``n_init`` times and keep the partition with the smallest W. Returns ``self``."""
        X = validate_data(self, X, dtype=np.float64, order="C", copy=True)
        n, d = X.shape
        k, init, given, n_init, max_iter, tol = self._check_params(n, d)
        rng = check_random_state(self.random_state)
        bounded = self.algorithm == "hamerly" or (self.algorithm == "auto" and _bounds_pay(d, k))
        mean = np.empty(d)
        # centre the copy (the distance expansion then keeps its digits); tol is relative to the variance
        tol_abs = tol * _centre_columns(X, mean)
        check_scale(X, "X", small=True)  # squared distances that overflow, or that all underflow to 0

        best = None
        labels = np.empty(n, dtype=np.int64)
        for _ in range(n_init):
            if init == "array":
                centres = given - mean
            elif init == "random":
                centres = X[rng.choice(n, size=k, replace=False, p=np.full(n, 1.0 / n))]
            else:
                centres = _kmeans_plusplus(X, k, rng)[0]
            centres = np.ascontiguousarray(centres, dtype=np.float64)
            relocated = np.zeros(1, dtype=np.int64)
            n_iter, converged = _lloyd(X, centres, max_iter, tol_abs, labels, relocated, bounded)
            if max_iter == 0:
                _nearest(X, centres, labels)
            inertia = _inertia(X, centres, labels)
            # as scikit-learn: a run replaces the best only with a smaller W and a different partition
            # (the same partition with permuted labels may differ in W by rounding alone)
            if best is None or (inertia < best[2] and not _same_partition(labels, best[1], k)):
                best = (centres, labels.copy(), inertia, n_iter, converged, int(relocated[0]))

        centres, labels, inertia, n_iter, converged, relocated = best
        self.cluster_centers_ = centres + mean
        self._mean = mean
        self._centres_centred = centres
        self.labels_ = labels
        self.inertia_ = float(inertia)
        self.n_iter_ = n_iter
        self.converged_ = converged
        self.n_relocated_ = relocated
        self._n_features_out = k
        distinct = int(np.count_nonzero(np.bincount(labels, minlength=k)))  # np.unique of n labels costs ~15x more
        if distinct < k:
            warnings.warn(
                f"KMeans found only {distinct} distinct clusters (n_clusters={k}): X holds fewer "
                "distinct points than clusters",
                ConvergenceWarning,
                stacklevel=2,
            )
        if not converged and max_iter > 0:
            warnings.warn(
                f"KMeans did not converge in max_iter={max_iter} iterations (tol={tol:g}): the partition was "
                "still changing; increase max_iter or tol.",
                ConvergenceWarning,
                stacklevel=2,
            )
        return self

    def _validated(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        check_scale(X, "X")
        return X

    def predict(self, X):
        """The nearest centre (14.22) of each row of ``X``."""
        X = self._validated(X)
        labels = np.empty(X.shape[0], dtype=np.int64)
        # in the training coordinates, so that predict(X_train) reproduces labels_ exactly
        _nearest(np.ascontiguousarray(X - self._mean), self._centres_centred, labels)
        return labels

    def fit_predict(self, X, y=None):
        """Fit and return ``labels_``."""
        return self.fit(X).labels_

    def transform(self, X):
        """Euclidean distances (14.3) from each row of ``X`` to every centre: shape (n_samples, n_clusters)."""
        X = self._validated(X)
        out = np.empty((X.shape[0], self.cluster_centers_.shape[0]))
        _distances(X, np.ascontiguousarray(self.cluster_centers_), out)
        return out

    def fit_transform(self, X, y=None):
        """Fit, then return the distances of the training samples to the centres."""
        return self.fit(X).transform(X)

    def score(self, X, y=None):
        """-W of ``X`` with respect to the fitted centres (larger is better)."""
        X = self._validated(X)
        labels = self.predict(X)
        return -float(_inertia(X, np.ascontiguousarray(self.cluster_centers_), labels))
