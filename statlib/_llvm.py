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
    """The vector (x, x, ..., x) of ``width`` copies of ``x`` (8 by default; a V8 for a float64 ``x``)."""
    vty = ir.VectorType(x.type, width)
    v = builder.insert_element(ir.Constant(vty, ir.Undefined), x, ir.Constant(ir.IntType(32), 0))
    return builder.shuffle_vector(v, v, ir.Constant(ir.VectorType(ir.IntType(32), width), [0] * width))


def masked_load(builder, pointer, mask, passthru):
    """8 float64 from ``pointer``, reading only the lanes that ``mask`` (<8 x i1>) sets, ``passthru`` elsewhere:
    LLVM's masked load, which touches no memory in the lanes it does not read. (The name is the typed-pointer
    spelling; LLVM with opaque pointers renames it to ``llvm.masked.load.v8f64.p0`` when it reads the module.)"""
    fn = cgutils.get_or_insert_function(
        builder.module,
        ir.FunctionType(V8, [V8.as_pointer(), ir.IntType(32), ir.VectorType(ir.IntType(1), 8), V8]),
        "llvm.masked.load.v8f64.p0v8f64",
    )
    return builder.call(fn, [builder.bitcast(pointer, V8.as_pointer()), ir.Constant(ir.IntType(32), 8), mask, passthru])


def reduce_lanes(builder, vector, less):
    """The lane of an 8-lane ``vector`` that ``less`` (builder, a, b -> <w x i1>, a lane of a before b's) puts first,
    by halving three times: lanes 0-3 against 4-7, then 0-1 against 2-3, then 0 against 1; on equal lanes the lower
    half's wins. Returns the scalar."""
    for w in (4, 2, 1):
        lo = builder.shuffle_vector(vector, vector, ir.Constant(ir.VectorType(ir.IntType(32), w), list(range(w))))
        hi = builder.shuffle_vector(
            vector, vector, ir.Constant(ir.VectorType(ir.IntType(32), w), list(range(w, 2 * w)))
        )
        vector = builder.select(less(builder, hi, lo), hi, lo)
    return builder.extract_element(vector, ir.Constant(ir.IntType(32), 0))


def realign_stack(function):
    """Have LLVM align ``function``'s stack frame to what its spilled vectors need (LLVM's "stackrealign").

    Call it on ``builder.function`` in an intrinsic's codegen: it marks the whole njit function that holds the
    intrinsic. Numba's functions may be entered with the stack 16-byte aligned only. A kernel that holds more 64-byte
    vectors than there are registers spills some to the stack, and LLVM decides on spill slots during register
    allocation, too late to set up a realigned frame, so without this it stores and reloads them with unaligned moves:
    whether each reload straddles two cache lines then depends on where the process's stack happens to lie. Two
    limits: the mark does not survive LLVM inlining the marked function into an unmarked one (the k-means passes
    that carry it are too large to be inlined), and llvmlite's documented ``attributes.alignstack`` is not a
    substitute, since llvmlite drops it when the function has no other attributes. ``"stackrealign"`` is a string
    attribute, which llvmlite's list of known ones does not include, hence ``set.add``."""
    set.add(function.attributes, '"stackrealign"')
