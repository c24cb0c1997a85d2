"""Data-dependent `while` loops and early returns."""
import triton
import triton.language as tl


@triton.jit
def collatz_steps_kernel(x_ptr, steps_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    # The grid may be larger than needed: surplus programs leave immediately.
    if pid * BLOCK >= n:
        return
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1)
    steps = tl.zeros([BLOCK], dtype=tl.int32)
    # Iterate until every lane of the block has reached 1.
    while tl.max(x, axis=0) > 1:
        active = x > 1
        nxt = tl.where(x % 2 == 0, x // 2, 3 * x + 1)
        x = tl.where(active, nxt, x)
        steps += active.to(tl.int32)
    tl.store(steps_ptr + offs, steps, mask=mask)


@triton.jit
def halving_kernel(x_ptr, count_ptr, n):
    # One program per element: count how many halvings bring the value to 0.
    pid = tl.program_id(0)
    if pid >= n:
        return
    v = tl.load(x_ptr + pid)
    count = 0
    while v > 0:
        v = v // 2
        count += 1
    tl.store(count_ptr + pid, count)


if __name__ == "__main__":
    import torch
    x = torch.randint(1, 1000, (3000, ), device='cuda', dtype=torch.int32)
    steps = torch.empty_like(x)
    collatz_steps_kernel[(triton.cdiv(3000, 128) + 1, )](x, steps, 3000, BLOCK=128)
    print(x[:8].tolist(), steps[:8].tolist())
    counts = torch.empty_like(x)
    halving_kernel[(3000, )](x, counts, 3000)
    print(counts[:8].tolist())
