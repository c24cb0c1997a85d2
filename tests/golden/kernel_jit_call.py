# tritonc: -n rms_kernel -s "*fp32, *fp32, i32, fp32" -g "8, 1, 1"
# A kernel made by calling the decorators on a plain function, as unsloth writes its kernels:
# `f = triton.jit(f)`, then `f = triton.heuristics({...})(f)` (the heuristic gives BLOCK = 64
# from the constexpr N_HINT's default, 40, rounded up to a power of two). -n names the
# module-level name, as Triton's AOT compiler takes getattr(module, name).
import triton
import triton.language as tl


def rms_kernel(X, Y, n_cols, eps, N_HINT: tl.constexpr = 40, BLOCK: tl.constexpr = 16):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(X + row * n_cols + cols, mask=cols < n_cols, other=0.0)
    r = tl.rsqrt(tl.sum(x * x, 0) / n_cols + eps)
    tl.store(Y + row * n_cols + cols, x * r, mask=cols < n_cols)


rms_kernel = triton.jit(rms_kernel)
rms_kernel = triton.heuristics({"BLOCK": lambda args: triton.next_power_of_2(args["N_HINT"])})(rms_kernel)
