"""Python builtins inside a kernel as Triton's code generator binds them: min/max (tl.minimum,
tl.maximum) on tiles and runtime scalars, float("-inf"), int() and len() on constexprs, range
with a constexpr step (also negative), a dtype called as a constructor, dtype- and string-valued
constexpr parameters of a helper, and tl.constexpr globals read directly and through .value."""
import triton
import triton.language as tl

MODE_SUM = tl.constexpr(0)
MODE_MEAN = tl.constexpr(1)
HALF: tl.constexpr = tl.constexpr(0.5)


@triton.jit
def _finish(acc, count, OUT_DTYPE: tl.constexpr, reduction: tl.constexpr = "mean"):
    if reduction == "mean":
        acc = acc / count
    elif reduction == "sum":
        acc = acc * 1.0
    return acc.to(OUT_DTYPE)


@triton.jit
def py_builtins_kernel(x_ptr, y_ptr, out_ptr, half_ptr, stats_ptr, n_rows, n_cols, limit,
                       BLOCK: tl.constexpr):
    row = tl.program_id(0)
    rows_per_prog = 3
    row_end = min((row + 1) * rows_per_prog, n_rows)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    best = tl.full([], -float("inf"), tl.float32)
    lowest = tl.full([], float("inf"), tl.float32)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for r in range(row * rows_per_prog, row_end):
        x = tl.load(x_ptr + r * n_cols + cols, mask=mask, other=float("-inf"))
        y = tl.load(y_ptr + r * n_cols + cols, mask=mask, other=0.0)
        best = max(best, tl.max(x, axis=0))
        lowest = min(lowest, tl.min(tl.where(mask, x, float("inf")), axis=0))
        clipped = min(max(x, y), limit)
        acc += tl.where(mask, clipped, 0.0)
    count = max(row_end - row * rows_per_prog, 1)
    mean = _finish(acc, count, tl.float32, "mean")
    total = _finish(acc, count, tl.float16, reduction="sum")
    tl.store(out_ptr + row * n_cols + cols, mean * HALF.value + MODE_MEAN.value, mask=mask)
    tl.store(half_ptr + row * n_cols + cols, total, mask=mask)
    # constexpr builtins: int() of a float, len() of a tuple, a stepped and a reversed range
    steps = tl.zeros((BLOCK,), dtype=tl.int32)
    for i in range(0, BLOCK, int(BLOCK * HALF)):
        steps += i
    widths = (2, 3, 5)
    for i in tl.static_range(len(widths) - 1, -1, -1):
        steps = steps * 2 + widths[i] + MODE_SUM
    tl.store(stats_ptr + row * 3 + 0, best)
    tl.store(stats_ptr + row * 3 + 1, lowest)
    tl.store(stats_ptr + row * 3 + 2, tl.sum(steps, axis=0).to(tl.float32))
