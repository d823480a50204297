"""LLVM building blocks shared by the kernels that emit vector code through Numba intrinsics.

Lane by lane, a vector operation built from these is the same IEEE multiplication or addition as the scalar
one; no fused multiply-add is emitted, so the results are the same bits on every processor.
"""

from llvmlite import ir
from numba.core import cgutils

V8 = ir.VectorType(ir.DoubleType(), 8)  # 8 float64: one 64-byte cache line


def block_pointer(context, builder, aryty, ary, row, col):
    """Pointer to ``ary[row, col:col + 8]`` as a vector of 8 float64."""
    item = cgutils.get_item_pointer2(
        context,
        builder,
        data=ary.data,
        shape=cgutils.unpack_tuple(builder, ary.shape),
        strides=cgutils.unpack_tuple(builder, ary.strides),
        layout=aryty.layout,
        inds=[row, col],
    )
    return builder.bitcast(item, V8.as_pointer())


def splat(builder, x, width=8):
    """The vector (x, x, ..., x) of ``width`` float64 (8 by default: a V8)."""
    vty = ir.VectorType(ir.DoubleType(), width)
    v = builder.insert_element(ir.Constant(vty, ir.Undefined), x, ir.Constant(ir.IntType(32), 0))
    return builder.shuffle_vector(v, v, ir.Constant(ir.VectorType(ir.IntType(32), width), [0] * width))
