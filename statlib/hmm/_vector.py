"""Short float64 vectors held in registers, for the forward and backward passes of the hidden Markov model.

A value of type ``F64Vector(n)`` is held as LLVM vectors of at most 4 numbers (256 bits): one ``<n x double>``
for n <= 4, else an array of n / 4 blocks ``<4 x double>``. A local variable of that type lives in (vector)
registers, also from one iteration of a loop to the next, where an array of n numbers would be stored to
memory and loaded back at every step. Blocks of 4 keep the permutations of :func:`xor_products_sum` inside
256-bit registers (a 512-bit register would need permutations across its two halves, which were measured
slower). The functions below are Numba intrinsics, usable only inside compiled code; ``n`` must be a
compile-time constant (a literal integer), a power of two. Every operation is a plain IEEE multiply or add, in
the order written here, never a fused multiply-add, so the results are the same bits on every CPU. Arrays
are read and written as they are indexed in Python (``get_item_pointer2``); a C-contiguous array is read or
written a block at a time, any other layout one entry at a time.
"""

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, models, register_model

from .._llvm import splat

_I32 = ir.IntType(32)
_BLOCK = 4  # the most numbers in one LLVM vector


def _width(n):
    return min(n, _BLOCK)


def _block_type(n):
    return ir.VectorType(ir.DoubleType(), _width(n))


class F64Vector(types.Type):
    """n float64 numbers (n a power of two) in LLVM vector values."""

    def __init__(self, n):
        self.n = n
        super().__init__(name=f"F64Vector({n})")


@register_model(F64Vector)
class _F64VectorModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        n = fe_type.n
        be_type = _block_type(n) if n <= _BLOCK else ir.ArrayType(_block_type(n), n // _BLOCK)
        super().__init__(dmm, fe_type, be_type)


def _is_vector(u):
    return isinstance(u, F64Vector) and u.n & (u.n - 1) == 0


def _blocks(builder, value, n):
    """The blocks (LLVM vectors) of a value of type ``F64Vector(n)``."""
    if n <= _BLOCK:
        return [value]
    return [builder.extract_value(value, b) for b in range(n // _BLOCK)]


def _pack(builder, blocks, n):
    """The value of type ``F64Vector(n)`` made of ``blocks``."""
    if n <= _BLOCK:
        return blocks[0]
    value = ir.Constant(ir.ArrayType(_block_type(n), n // _BLOCK), ir.Undefined)
    for b, block in enumerate(blocks):
        value = builder.insert_value(value, block, b)
    return value


def _shuffle(builder, v, mask):
    return builder.shuffle_vector(
        v, ir.Constant(v.type, ir.Undefined), ir.Constant(ir.VectorType(_I32, len(mask)), mask)
    )


def _from_lanes(builder, lanes, n):
    """The value of type ``F64Vector(n)`` with the given n scalar LLVM values."""
    w = _width(n)
    blocks = []
    for b in range(0, n, w):
        block = ir.Constant(_block_type(n), ir.Undefined)
        for k in range(w):
            block = builder.insert_element(block, lanes[b + k], _I32(k))
        blocks.append(block)
    return _pack(builder, blocks, n)


def _is_float_array(a, ndim):
    return isinstance(a, types.Array) and a.dtype == types.float64 and a.ndim == ndim


def _lane_pointers(context, builder, aryty, ary, index, n):
    """Pointers to the n entries ``ary[index..., 0:n]`` (``index`` the leading indices, as intp values)."""
    array = context.make_array(aryty)(context, builder, ary)
    shape = cgutils.unpack_tuple(builder, array.shape)
    strides = cgutils.unpack_tuple(builder, array.strides)
    return [
        cgutils.get_item_pointer2(
            context,
            builder,
            data=array.data,
            shape=shape,
            strides=strides,
            layout=aryty.layout,
            inds=[*index, context.get_constant(types.intp, k)],
        )
        for k in range(n)
    ]


def _load(context, builder, aryty, ary, index, n):
    pointers = _lane_pointers(context, builder, aryty, ary, index, n)
    if aryty.layout != "C":
        return _from_lanes(builder, [builder.load(p) for p in pointers], n)
    w = _width(n)
    blocks = [builder.load(builder.bitcast(pointers[b], _block_type(n).as_pointer()), align=8) for b in range(0, n, w)]
    return _pack(builder, blocks, n)


@intrinsic
def head(typingctx, a, n):
    """``a[0:n]`` of a 1-d float64 array, as a vector."""
    if not (_is_float_array(a, 1) and isinstance(n, types.IntegerLiteral) and _is_vector(F64Vector(n.literal_value))):
        return None
    width = n.literal_value

    def codegen(context, builder, signature, args):
        return _load(context, builder, signature.args[0], args[0], [], width)

    return F64Vector(width)(a, n), codegen


@intrinsic
def row(typingctx, a, i, n):
    """``a[i, 0:n]`` of a 2-d float64 array, as a vector."""
    if not (
        _is_float_array(a, 2)
        and isinstance(i, types.Integer)
        and isinstance(n, types.IntegerLiteral)
        and _is_vector(F64Vector(n.literal_value))
    ):
        return None
    width = n.literal_value

    def codegen(context, builder, signature, args):
        index = context.cast(builder, args[1], signature.args[1], types.intp)
        return _load(context, builder, signature.args[0], args[0], [index], width)

    return F64Vector(width)(a, i, n), codegen


@intrinsic
def store_row(typingctx, a, i, u, c):
    """``a[i, 0:n] = u * c`` (each entry one multiply) for a 2-d float64 array and a vector ``u`` of length n."""
    if not (_is_float_array(a, 2) and isinstance(i, types.Integer) and _is_vector(u) and isinstance(c, types.Float)):
        return None

    def codegen(context, builder, signature, args):
        aryty, ity, uty, cty = signature.args
        n, w = uty.n, _width(uty.n)
        index = context.cast(builder, args[1], ity, types.intp)
        c = splat(builder, context.cast(builder, args[3], cty, types.float64), w)
        blocks = [builder.fmul(block, c) for block in _blocks(builder, args[2], n)]
        pointers = _lane_pointers(context, builder, aryty, args[0], [index], n)
        for b, block in enumerate(blocks):
            if aryty.layout == "C":
                builder.store(block, builder.bitcast(pointers[b * w], block.type.as_pointer()), align=8)
            else:
                for k in range(w):
                    builder.store(builder.extract_element(block, _I32(k)), pointers[b * w + k])
        return context.get_dummy_value()

    return types.void(a, i, u, c), codegen


@intrinsic
def times(typingctx, u, v):
    """The entrywise product of two vectors of the same length."""
    if not (_is_vector(u) and u == v):
        return None

    def codegen(context, builder, signature, args):
        n = signature.args[0].n
        pairs = zip(_blocks(builder, args[0], n), _blocks(builder, args[1], n))
        return _pack(builder, [builder.fmul(x, y) for x, y in pairs], n)

    return u(u, v), codegen


@intrinsic
def scaled(typingctx, u, c):
    """``u * c`` for a vector ``u`` and a float ``c``."""
    if not (_is_vector(u) and isinstance(c, types.Float)):
        return None

    def codegen(context, builder, signature, args):
        n = signature.args[0].n
        c = splat(builder, context.cast(builder, args[1], signature.args[1], types.float64), _width(n))
        return _pack(builder, [builder.fmul(block, c) for block in _blocks(builder, args[0], n)], n)

    return u(u, c), codegen


@intrinsic
def total(typingctx, u):
    """``u[0] + ... + u[n-1]``, added as a balanced tree of halves (entry i plus entry i + m, m = n/2, n/4, ...,
    1): for n = 8, ((u[0] + u[4]) + (u[2] + u[6])) + ((u[1] + u[5]) + (u[3] + u[7]))."""
    if not _is_vector(u):
        return None

    def codegen(context, builder, signature, args):
        blocks = _blocks(builder, args[0], signature.args[0].n)
        while len(blocks) > 1:
            m = len(blocks) // 2
            blocks = [builder.fadd(blocks[b], blocks[b + m]) for b in range(m)]
        x, m = blocks[0], blocks[0].type.count
        while m > 1:
            m //= 2
            x = builder.fadd(_shuffle(builder, x, list(range(m))), _shuffle(builder, x, list(range(m, 2 * m))))
        return builder.extract_element(x, _I32(0))

    return types.float64(u), codegen


def _xor_table(a, n, along_rows):
    """The typing and code of :func:`xor_columns` (``along_rows`` False) and :func:`xor_rows` (True)."""
    if not (_is_float_array(a, 2) and isinstance(n, types.IntegerLiteral) and _is_vector(F64Vector(n.literal_value))):
        return None
    width = n.literal_value

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        array = context.make_array(aryty)(context, builder, args[0])
        shape = cgutils.unpack_tuple(builder, array.shape)
        strides = cgutils.unpack_tuple(builder, array.strides)
        lanes = []
        for k in range(width):
            for i in range(width):
                r, c = (i, i ^ k) if along_rows else (i ^ k, i)
                inds = [context.get_constant(types.intp, r), context.get_constant(types.intp, c)]
                p = cgutils.get_item_pointer2(
                    context, builder, data=array.data, shape=shape, strides=strides, layout=aryty.layout, inds=inds
                )
                lanes.append(builder.load(p))
        return _from_lanes(builder, lanes, width * width)

    return F64Vector(width * width)(a, n), codegen


@intrinsic
def xor_columns(typingctx, a, n):
    """The n x n table d[k, i] = a[i ^ k, i] (``^``: bitwise exclusive or), as one vector of n * n numbers
    (row k at k * n), for n a power of two: the predecessors j = i ^ k of each i, k = 0, ..., n - 1."""
    return _xor_table(a, n, False)


@intrinsic
def xor_rows(typingctx, a, n):
    """The n x n table e[k, i] = a[i, i ^ k], as one vector of n * n numbers (row k at k * n), for n a power
    of two: the successors j = i ^ k of each i."""
    return _xor_table(a, n, True)


@intrinsic
def xor_products_sum(typingctx, u, d):
    """The vector v with ``v[i] = sum_k u[i ^ k] * d[k, i]`` for a vector ``u`` of length n, a power of two, and
    a table ``d`` of :func:`xor_columns` or :func:`xor_rows`.

    For each k, u with its entries permuted (i -> i ^ k) is multiplied by row k of ``d``; the n products are
    independent, and they are added as a balanced tree, in pairs of neighbours: for n = 8,
    ((p_0 + p_1) + (p_2 + p_3)) + ((p_4 + p_5) + (p_6 + p_7)). A result therefore waits for a permutation, a
    multiply and log2(n) adds, not for n adds in a row. The permutation i -> i ^ k moves whole blocks of 4
    (k // 4 picks the block) and permutes within each block (k % 4), so each product is one block of u,
    permuted inside its register, times a block of ``d``: no entry crosses from one register to another.
    """
    if not (_is_vector(u) and isinstance(d, F64Vector) and d.n == u.n * u.n):
        return None

    def codegen(context, builder, signature, args):
        n = signature.args[0].n
        w = _width(n)
        nb = n // w  # blocks of u
        u_blocks = _blocks(builder, args[0], n)
        permuted = [
            [x if k == 0 else _shuffle(builder, x, [i ^ k for i in range(w)]) for k in range(w)] for x in u_blocks
        ]
        d_blocks = _blocks(builder, args[1], n * n)
        if len(d_blocks) == 1:  # n = 2: the whole table in one vector; row k is entries 2k, 2k + 1
            d_rows = [[_shuffle(builder, d_blocks[0], [k * n + i for i in range(n)])] for k in range(n)]
        else:  # row k, block ob (entries i = ob * w .. ob * w + w - 1) is block k * nb + ob
            d_rows = [[d_blocks[k * nb + ob] for ob in range(nb)] for k in range(n)]
        out = []
        for ob in range(nb):  # block ob of v: entries i = ob * w + m take u[i ^ k] from block ob ^ (k // w)
            terms = [builder.fmul(permuted[ob ^ (k // w)][k % w], d_rows[k][ob]) for k in range(n)]
            while len(terms) > 1:
                terms = [builder.fadd(terms[q], terms[q + 1]) for q in range(0, len(terms), 2)]
            out.append(terms[0])
        return _pack(builder, out, n)

    return u(u, d), codegen
