"""Short float64 vectors held in registers, for the forward pass of the hidden Markov model.

A value of type ``F64Vector(n)`` is an LLVM ``<n x double>``: a local variable of that type lives in
(vector) registers, also from one iteration of a loop to the next, where an array of n numbers would be stored
to memory and loaded back at every step. The functions below are Numba intrinsics, usable only inside compiled
code; ``n`` must be a compile-time constant (a literal integer). Every operation is a plain IEEE multiply or
add, in the order written here, never a fused multiply-add, so the results are the same bits on every CPU.
Arrays are read and written as they are indexed in Python (``get_item_pointer2``); a C-contiguous array is
read or written with one vector load or store, any other layout one entry at a time.
"""

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, models, register_model

_I32 = ir.IntType(32)


class F64Vector(types.Type):
    """n float64 numbers in one LLVM vector value."""

    def __init__(self, n):
        self.n = n
        super().__init__(name=f"F64Vector({n})")


@register_model(F64Vector)
class _F64VectorModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, ir.VectorType(ir.DoubleType(), fe_type.n))


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
    vty = ir.VectorType(ir.DoubleType(), n)
    pointers = _lane_pointers(context, builder, aryty, ary, index, n)
    if aryty.layout == "C":
        return builder.load(builder.bitcast(pointers[0], vty.as_pointer()), align=8)
    v = ir.Constant(vty, ir.Undefined)
    for k, p in enumerate(pointers):
        v = builder.insert_element(v, builder.load(p), _I32(k))
    return v


def _scalar_splat(builder, x, n):
    """The vector (x, ..., x) of length n."""
    vty = ir.VectorType(ir.DoubleType(), n)
    v = builder.insert_element(ir.Constant(vty, ir.Undefined), x, _I32(0))
    return builder.shuffle_vector(v, v, ir.Constant(ir.VectorType(_I32, n), [0] * n))


@intrinsic
def head(typingctx, a, n):
    """``a[0:n]`` of a 1-d float64 array, as a vector."""
    if not (_is_float_array(a, 1) and isinstance(n, types.IntegerLiteral)):
        return None
    width = n.literal_value

    def codegen(context, builder, signature, args):
        return _load(context, builder, signature.args[0], args[0], [], width)

    return F64Vector(width)(a, n), codegen


@intrinsic
def row(typingctx, a, i, n):
    """``a[i, 0:n]`` of a 2-d float64 array, as a vector."""
    if not (_is_float_array(a, 2) and isinstance(i, types.Integer) and isinstance(n, types.IntegerLiteral)):
        return None
    width = n.literal_value

    def codegen(context, builder, signature, args):
        index = context.cast(builder, args[1], signature.args[1], types.intp)
        return _load(context, builder, signature.args[0], args[0], [index], width)

    return F64Vector(width)(a, i, n), codegen


@intrinsic
def store_row(typingctx, a, i, u, c):
    """``a[i, 0:n] = u * c`` (each entry one multiply) for a 2-d float64 array and a vector ``u`` of length n."""
    if not (
        _is_float_array(a, 2)
        and isinstance(i, types.Integer)
        and isinstance(u, F64Vector)
        and isinstance(c, types.Float)
    ):
        return None

    def codegen(context, builder, signature, args):
        aryty, ity, uty, cty = signature.args
        index = context.cast(builder, args[1], ity, types.intp)
        c = context.cast(builder, args[3], cty, types.float64)
        x = builder.fmul(args[2], _scalar_splat(builder, c, uty.n))
        pointers = _lane_pointers(context, builder, aryty, args[0], [index], uty.n)
        if aryty.layout == "C":
            builder.store(x, builder.bitcast(pointers[0], x.type.as_pointer()), align=8)
        else:
            for k, p in enumerate(pointers):
                builder.store(builder.extract_element(x, _I32(k)), p)
        return context.get_dummy_value()

    return types.void(a, i, u, c), codegen


@intrinsic
def times(typingctx, u, v):
    """The entrywise product of two vectors of the same length."""
    if not (isinstance(u, F64Vector) and u == v):
        return None

    def codegen(context, builder, signature, args):
        return builder.fmul(args[0], args[1])

    return u(u, v), codegen


@intrinsic
def scaled(typingctx, u, c):
    """``u * c`` for a vector ``u`` and a float ``c``."""
    if not (isinstance(u, F64Vector) and isinstance(c, types.Float)):
        return None

    def codegen(context, builder, signature, args):
        c = context.cast(builder, args[1], signature.args[1], types.float64)
        return builder.fmul(args[0], _scalar_splat(builder, c, signature.args[0].n))

    return u(u, c), codegen


def _shuffle(builder, v, mask):
    return builder.shuffle_vector(
        v, ir.Constant(v.type, ir.Undefined), ir.Constant(ir.VectorType(_I32, len(mask)), mask)
    )


@intrinsic
def total(typingctx, u):
    """``u[0] + ... + u[n-1]`` for n a power of two, added as a balanced tree of halves: for n = 8,
    ((u[0] + u[4]) + (u[2] + u[6])) + ((u[1] + u[5]) + (u[3] + u[7]))."""
    if not (isinstance(u, F64Vector) and u.n & (u.n - 1) == 0):
        return None

    def codegen(context, builder, signature, args):
        x, n = args[0], signature.args[0].n
        while n > 1:
            n //= 2
            x = builder.fadd(_shuffle(builder, x, list(range(n))), _shuffle(builder, x, list(range(n, 2 * n))))
        return builder.extract_element(x, _I32(0))

    return types.float64(u), codegen


def _xor_table(a, n, along_rows):
    """The typing and code of :func:`xor_columns` (``along_rows`` False) and :func:`xor_rows` (True)."""
    if not (_is_float_array(a, 2) and isinstance(n, types.IntegerLiteral)):
        return None
    width = n.literal_value
    if width & (width - 1) != 0:
        return None

    def codegen(context, builder, signature, args):
        aryty = signature.args[0]
        array = context.make_array(aryty)(context, builder, args[0])
        shape = cgutils.unpack_tuple(builder, array.shape)
        strides = cgutils.unpack_tuple(builder, array.strides)
        table = ir.Constant(ir.VectorType(ir.DoubleType(), width * width), ir.Undefined)
        for k in range(width):
            for i in range(width):
                r, c = (i, i ^ k) if along_rows else (i ^ k, i)
                inds = [context.get_constant(types.intp, r), context.get_constant(types.intp, c)]
                p = cgutils.get_item_pointer2(
                    context, builder, data=array.data, shape=shape, strides=strides, layout=aryty.layout, inds=inds
                )
                table = builder.insert_element(table, builder.load(p), _I32(k * width + i))
        return table

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

    For each k, u with its entries permuted (i -> i ^ k, one shuffle of the vector) is multiplied by row k of
    ``d``; the n products are independent, and they are added as a balanced tree, in pairs of neighbours:
    for n = 8, ((p_0 + p_1) + (p_2 + p_3)) + ((p_4 + p_5) + (p_6 + p_7)). A result therefore waits for a
    shuffle, a multiply and log2(n) adds, not for n adds in a row; and the n shuffles are fixed permutations,
    so no entry of u has to be copied across the whole vector (as a product u[j] * d[j, :] would need).
    """
    if not (isinstance(u, F64Vector) and u.n & (u.n - 1) == 0 and isinstance(d, F64Vector) and d.n == u.n * u.n):
        return None

    def codegen(context, builder, signature, args):
        n = signature.args[0].n
        terms = [
            builder.fmul(
                _shuffle(builder, args[0], [i ^ k for i in range(n)]),
                builder.shuffle_vector(
                    args[1],
                    ir.Constant(args[1].type, ir.Undefined),
                    ir.Constant(ir.VectorType(_I32, n), list(range(k * n, k * n + n))),
                ),
            )
            for k in range(n)
        ]
        while len(terms) > 1:
            terms = [builder.fadd(terms[k], terms[k + 1]) for k in range(0, len(terms), 2)]
        return terms[0]

    return u(u, d), codegen
