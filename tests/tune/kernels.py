"""@triton.autotune kernels for --all-configs (tests/tune/run.sh): a two-argument key, an
in-place update with restore_value, an atomic sum with reset_to_zero; and decorators the C
dispatcher refuses (a pre_hook, a key that is not an integer argument)."""
import triton
import triton.language as tl


@triton.autotune(
    configs=[
        triton.Config({'BLOCK': 64}, num_warps=2),
        triton.Config({'BLOCK': 128}, num_warps=4),
        triton.Config({'BLOCK': 512}, num_warps=8),
    ],
    key=['n', 'k'],
)
@triton.jit
def scaled_add_kernel(x_ptr, out_ptr, n, k, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * k + 1.0, mask=mask)


@triton.autotune(
    configs=[triton.Config({'BLOCK': 32}), triton.Config({'BLOCK': 256})],
    key=['n'],
    restore_value=['x_ptr'],
)
@triton.jit
def inplace_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(x_ptr + offs, x * 2 + 1, mask=mask)


@triton.autotune(
    configs=[triton.Config({'BLOCK': 16}), triton.Config({'BLOCK': 128})],
    key=['n'],
    reset_to_zero=['acc_ptr'],
)
@triton.jit
def sum_kernel(x_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.atomic_add(acc_ptr, tl.sum(x, axis=0))


@triton.autotune(
    configs=[triton.Config({'BLOCK': 64})],
    key=['n'],
    pre_hook=lambda args: args['out_ptr'].zero_(),
)
@triton.jit
def hooked_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32), mask=offs < n)


@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['out_ptr'])
@triton.jit
def ptr_key_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32), mask=offs < n)


@triton.autotune(configs=[triton.Config({'BLOCK': 64})], key=['size'])
@triton.jit
def bad_key_kernel(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs.to(tl.float32), mask=offs < n)
