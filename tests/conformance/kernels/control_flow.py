"""Control flow: static_range, runtime-bounded loops with carried values, scalar if/elif/else,
boolean operators on scalars, 3D grids."""
import triton
import triton.language as tl


@triton.jit
def static_range_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, NUM: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.static_range(NUM):
        acc += x * (i + 1)
    for j in tl.static_range(1, 7, 2):  # 1, 3, 5
        if j % 3 == 0:  # resolved at compile time
            acc = acc - j
        else:
            acc = acc + j * 0.5
    tl.store(out_ptr + offs, acc, mask=mask)


@triton.jit
def loops_kernel(x_ptr, out_ptr, cnt_ptr, n, n_iter, start, step, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    acc = tl.zeros_like(x)
    cnt = 0
    for k in range(n_iter):
        acc = acc * 0.5 + x
        cnt += k
    for k in range(start, n_iter * 3, step):
        acc += k
        for m in range(0, k % 3):
            acc -= 1.0
            cnt += 1
    for k in range(n_iter * 2, 1, -3):  # constant negative step
        acc += k * 0.125
    total = 0.0
    i = 0
    while i < n_iter:
        total += i * 0.25
        i += 1
    tl.store(out_ptr + offs, acc + total, mask=mask)
    tl.store(cnt_ptr + pid, cnt)


@triton.jit
def scalar_if_kernel(x_ptr, out_ptr, n, mode, thresh, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    # a name assigned in both branches of a runtime `if` becomes one scalar of a common type
    if pid % 2 == 0:
        scale = 2.0
        shift = x
    else:
        scale = pid - 1.5
        shift = x * 0.5
    if mode > 3 and pid < 3:
        bonus = 10.0
    elif not (mode > 3) or pid == 4:
        bonus = thresh * 20.0
    else:
        bonus = 30.0
    y = x * scale + shift + bonus
    if thresh > 0.5:
        y = -y
    if (mode == 2) | (pid == 5):
        y = y * 3
    tl.store(out_ptr + offs, y, mask=mask)


@triton.jit
def grid3d_kernel(out_ptr, gx, BLOCK: tl.constexpr):
    px = tl.program_id(0)
    py = tl.program_id(1)
    pz = tl.program_id(2)
    nx = tl.num_programs(0)
    ny = tl.num_programs(1)
    nz = tl.num_programs(2)
    base = ((pz * ny + py) * nx + px) * BLOCK
    offs = tl.arange(0, BLOCK)
    val = px + 10 * py + 100 * pz + 1000 * nx + 10000 * ny + 100000 * nz + offs * 1000000
    val = tl.where(px < gx, val, -val)
    tl.store(out_ptr + base + offs, val)
