"""tl.atomic_*: kernels whose results do not depend on the order in which programs (or lanes)
reach memory — integer reductions into a few addresses, float sums of small integers (exact in
any order), max/min (order-free), old values only where each address is touched once, and a
compare-and-swap lock around a read-modify-write."""
import triton
import triton.language as tl


@triton.jit
def histogram_kernel(x_ptr, hist_ptr, n, NBINS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(hist_ptr + x % NBINS, 1, mask=mask)


@triton.jit
def add_float_kernel(x_ptr, out_ptr, n, NOUT: tl.constexpr, BLOCK: tl.constexpr):
    # small integers held as floats: every order of addition gives the same sum
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.atomic_add(out_ptr + offs % NOUT, x, mask=mask, sem="relaxed")


@triton.jit
def ticket_kernel(counter_ptr, seen_ptr):
    # each program draws a ticket; every ticket 0..G-1 is drawn exactly once
    t = tl.atomic_add(counter_ptr, 1)
    tl.store(seen_ptr + t, 1)


@triton.jit
def minmax_kernel(x_ptr, mx_ptr, mn_ptr, n, NOUT: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.atomic_max(mx_ptr + offs % NOUT, x, mask=mask)
    tl.atomic_min(mn_ptr + offs % NOUT, x, mask=mask, sem="acq_rel", scope="gpu")


@triton.jit
def old_values_kernel(x_ptr, a_ptr, b_ptr, c_ptr, d_ptr, olds_ptr, n, BLOCK: tl.constexpr):
    # every address is touched by one lane of one program: the old values are the initial data
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    o1 = tl.atomic_max(a_ptr + offs, x, mask=mask)
    o2 = tl.atomic_min(b_ptr + offs, x, mask=mask, sem="release")
    o3 = tl.atomic_xchg(c_ptr + offs, x, mask=mask, sem="acquire", scope="cta")
    o4 = tl.atomic_add(d_ptr + offs, x, mask=mask, scope="sys")
    tl.store(olds_ptr + 4 * offs, o1, mask=mask)
    tl.store(olds_ptr + 4 * offs + 1, o2, mask=mask)
    tl.store(olds_ptr + 4 * offs + 2, o3, mask=mask)
    tl.store(olds_ptr + 4 * offs + 3, o4, mask=mask)


@triton.jit
def bits_kernel(x_ptr, and_ptr, or_ptr, xor_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.atomic_and(and_ptr + offs % 2, x | 0x10000, mask=mask)
    tl.atomic_or(or_ptr + offs % 2, x, mask=mask)
    tl.atomic_xor(xor_ptr + offs % 2, x, mask=mask)


@triton.jit
def cas_kernel(x_ptr, cmp_ptr, val_ptr, olds_ptr, BLOCK: tl.constexpr):
    # a tile of compare-and-swaps, each on its own address: swaps where x == cmp
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    c = tl.load(cmp_ptr + offs)
    v = tl.load(val_ptr + offs)
    old = tl.atomic_cas(x_ptr + offs, c, v)
    tl.store(olds_ptr + offs, old)


@triton.jit
def locked_sum_kernel(x_ptr, acc_ptr, count_ptr, Lock, n, NACC: tl.constexpr, BLOCK: tl.constexpr):
    # the layer-norm backward pattern: a spin lock per accumulator row, the first program to
    # arrive stores, the others add (integers: exact in any order)
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    row = pid % NACC
    cols = tl.arange(0, BLOCK)
    lock = Lock + row
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    count = tl.load(count_ptr + row)
    if count == 0:
        tl.atomic_xchg(count_ptr + row, 1)
    else:
        x += tl.load(acc_ptr + row * BLOCK + cols)
    tl.store(acc_ptr + row * BLOCK + cols, x)
    tl.atomic_xchg(lock, 0)


@triton.jit
def publish_kernel(x_ptr, y_ptr, done_ptr, n, BLOCK: tl.constexpr):
    # a block of results, then a release increment that publishes them (the stores must be
    # ordered before it: no weakly ordered streaming stores)
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0, mask=mask)
    tl.atomic_add(done_ptr, 1, sem="release")


@triton.jit
def pairs_kernel(x_ptr, val_ptr, NUM: tl.constexpr):
    # a [NUM, NUM] tile added into NUM * NUM / 2 addresses, two neighbours into each (0 + a + b is
    # a + b rounded once in either order): test_core's non-exclusive offsets; NUM = 128 on one
    # warp is 512 values per thread, past the CUDA target's register budget
    i = tl.arange(0, NUM)
    offs = i[:, None] * NUM + i[None, :]
    tl.atomic_add(x_ptr + offs // 2, tl.load(val_ptr + offs))
