"""Kernels of tests/keep/run.sh beside examples/matmul.py: a program that stores through one
argument and then reads the same memory as a tl.dot operand through another (the host passes one
buffer for both), so a copy kept from an earlier program would be stale."""
import triton
import triton.language as tl


@triton.jit
def rewrite_then_dot(a_ptr, w_ptr, b_ptr, c_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    r = tl.arange(0, N)
    rk = tl.arange(0, 2 * N)
    r4 = tl.arange(0, 4 * N)
    # every program first writes its own values over the shared scratch, B's 4N x N ...
    tl.store(w_ptr + r4[:, None] * N + r[None, :], (pid + 1) * 0.25 + r4[:, None] * 0.0 + r[None, :] * 0.0)
    # ... then multiplies its [N, 4N] rows of A by what it reads back through b_ptr, in two K steps
    acc = tl.zeros((N, N), dtype=tl.float32)
    for k in range(2):
        a = tl.load(a_ptr + pid * 4 * N * N + r[:, None] * 4 * N + k * 2 * N + rk[None, :])
        b = tl.load(b_ptr + (k * 2 * N + rk[:, None]) * N + r[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + pid * N * N + r[:, None] * N + r[None, :], acc)
