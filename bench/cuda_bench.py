"""CUDA-target benchmark, run on the GPU machine: tritonc's CUDA output vs real Triton vs torch on
the same inputs in one run, at the shapes of the CUDA-target issue. Not a test.

    python3 bench/cuda_bench.py [--tritonc bin/tritonc-static] [--out DIR]

For each kernel: translate with --target cuda, build with nvcc into a shared library (timed),
compile the same .cu text through NVRTC (cupy.RawModule, timed), check the result against
torch, then time all three with triton.testing.do_bench. Prints a table of GB/s and ratios.
"""
import argparse
import ctypes
import os
import subprocess
import sys
import time

import torch
import triton
import triton.testing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples"))
import add as ex_add  # noqa: E402
import bias_gelu as ex_gelu  # noqa: E402
import layernorm as ex_ln  # noqa: E402
import matmul as ex_mm  # noqa: E402
import flash_attention as ex_fa  # noqa: E402
import softmax as ex_sm  # noqa: E402


def build(tc, out, pyfile, kernel, sig, grid, warps, tag="", stages=3):
    # one file per configuration: dlopen of a path already loaded returns the loaded library
    base = os.path.join(out, kernel + tag)
    subprocess.run([tc, os.path.join(ROOT, "examples", pyfile), "-n", kernel, "-s", sig, "-g", grid,
                    "--target", "cuda", "-w", str(warps), "-ns", str(stages), "-o", base], check=True)
    t0 = time.perf_counter()
    subprocess.run(["nvcc", "-O3", "-arch=sm_90a", "-shared", "-Xcompiler", "-fPIC", "-o",
                    base + ".so", base + ".cu"], check=True)
    t_nvcc = time.perf_counter() - t0
    text = open(base + ".cu").read()
    t_nvrtc = float("nan")
    try:
        import cupy
        t0 = time.perf_counter()
        mod = cupy.RawModule(code=text, options=("-std=c++17",), backend="nvrtc")
        mod.get_function(kernel + "_kernel")
        t_nvrtc = time.perf_counter() - t0
    except Exception as e:  # reported, not fatal: the nvcc build is what runs
        print(f"  NVRTC compile of {kernel}: {e}")
    return ctypes.CDLL(base + ".so"), t_nvcc, t_nvrtc


def launcher(lib, kernel, grid, args):
    f = getattr(lib, kernel + "_grid")
    cargs = []
    for a in args:
        if isinstance(a, torch.Tensor):
            cargs.append(ctypes.c_void_p(a.data_ptr()))
        elif isinstance(a, float):
            cargs.append(ctypes.c_float(a))
        else:
            cargs.append(ctypes.c_int32(a))
    g = [ctypes.c_uint(x) for x in grid]

    def run():
        s = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
        err = f(s, *g, *cargs)
        if err:
            raise RuntimeError(f"{kernel}: cudaError {err}")
    return run


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tritonc", default=os.path.join(ROOT, "bin", "tritonc-static"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "cuda_bench"))
    ap.add_argument("--rep", type=int, default=300, help="ms of timed runs per function")
    ap.add_argument("--check-only", action="store_true", help="run each tritonc kernel once and check it")
    ap.add_argument("--mm-configs", default="128,128,64,4;128,128,32,8",
                    help="matmul tiles BLOCK_M,BLOCK_N,BLOCK_K,num_warps[,num_stages (default 3)]; several separated by ';'")
    ap.add_argument("--mm-dtypes", default="fp16",
                    help="matmul operand types, comma-separated: fp16, fp32 (tf32 tensor cores), fp32bt (a @ bt.T with "
                         "bt [N, K], matmul_bt_kernel), int8")
    ap.add_argument("--attn-dtypes", default="fp16",
                    help="attention operand types, comma-separated: fp16, fp32 (tf32 tensor cores)")
    ap.add_argument("--only", default="", help="comma-separated sections: add,softmax,layernorm,gelu,matmul,attention")
    a = ap.parse_args()

    def want(section):
        return not a.only or section in a.only.split(",")
    os.makedirs(a.out, exist_ok=True)
    torch.manual_seed(0)
    dev = "cuda"
    rows = []

    def report(*row):
        """Times a kernel right after its section, while the section's variables are its own."""
        if a.check_only:
            print(f"{row[0]}: max err vs torch {row[5]:.2e}", flush=True)
            return
        name, nbytes, ours, theirs, ref, err, tn, tr = row
        ts = []
        for who, f in (("tritonc", ours), ("Triton", theirs), ("torch", ref)):
            try:
                ts.append(triton.testing.do_bench(f, warmup=min(50, a.rep), rep=a.rep))
            except Exception as e:
                print(f"{name}: {who} failed: {e}", flush=True)
                raise
        gbs = [nbytes / (t * 1e-3) / 1e9 for t in ts]
        print(f"| {name} | {gbs[0]:.0f} | {gbs[1]:.0f} | {gbs[2]:.0f} | {gbs[0] / gbs[1]:.3f} | {err:.2e} | "
              f"{tn:.2f} | {tr:.2f} |", flush=True)

    print(f"device: {torch.cuda.get_device_name()}, triton {triton.__version__}, torch {torch.__version__}")
    print("| kernel | tritonc GB/s | Triton GB/s | torch GB/s | tritonc/Triton | max err vs torch | nvcc s | NVRTC s |")
    print("|---|---|---|---|---|---|---|---|")

    # The signatures are the ones Triton's JIT specialises these launches to: every integer
    # argument below is a multiple of 16, so it carries `:16` as the pointers do.

    if want("add"):
        # add, fp32, 2^26
        n = 1 << 26
        x, y = torch.rand(n, device=dev), torch.rand(n, device=dev)
        o1, o2 = torch.empty_like(x), torch.empty_like(x)
        lib, tn, tr = build(a.tritonc, a.out, "add.py", "add_kernel", "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024",
                            "cdiv(n_elements, 1024), 1, 1", 4)
        g = (triton.cdiv(n, 1024), 1, 1)
        ours = launcher(lib, "add_kernel", g, [x, y, o1, n])
        theirs = lambda: ex_add.add_kernel[g](x, y, o2, n, BLOCK_SIZE=1024, num_warps=4)
        ref = lambda: torch.add(x, y, out=o2)
        ours(); torch.cuda.synchronize()
        err = (o1 - (x + y)).abs().max().item()
        report("add fp32 2^26", 3 * n * 4, ours, theirs, ref, err, tn, tr)

    if want("softmax"):
        # softmax, fp32, 4096 x 4096, one row per program
        M = N = 4096
        xs = torch.randn(M, N, device=dev)
        s1, s2 = torch.empty_like(xs), torch.empty_like(xs)
        lib, tn, tr = build(a.tritonc, a.out, "softmax.py", "softmax_kernel",
                            "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 4096", "n_rows, 1, 1", 8)
        ours = launcher(lib, "softmax_kernel", (M, 1, 1), [s1, xs, N, N, M, N])
        theirs = lambda: ex_sm.softmax_kernel[(M,)](s2, xs, N, N, M, N, BLOCK_SIZE=4096, num_warps=8)
        ref = lambda: torch.softmax(xs, dim=1, out=s2) if False else torch.softmax(xs, dim=1)
        ours(); torch.cuda.synchronize()
        err = (s1 - torch.softmax(xs, dim=1)).abs().max().item()
        report("softmax fp32 4096x4096", 2 * M * N * 4, ours, theirs, ref, err, tn, tr)

    if want("layernorm"):
        # layer norm forward, fp16, 4096 x 4096
        xl = torch.randn(M, N, device=dev, dtype=torch.float16)
        w = torch.rand(N, device=dev, dtype=torch.float16)
        b = torch.rand(N, device=dev, dtype=torch.float16)
        y1, y2 = torch.empty_like(xl), torch.empty_like(xl)
        mean, rstd = torch.empty(M, device=dev), torch.empty(M, device=dev)
        lib, tn, tr = build(a.tritonc, a.out, "layernorm.py", "_layer_norm_fwd_fused",
                            "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, 4096",
                            "4096, 1, 1", 8)
        ours = launcher(lib, "_layer_norm_fwd_fused", (M, 1, 1), [xl, y1, w, b, mean, rstd, N, N, 1e-5])
        theirs = lambda: ex_ln._layer_norm_fwd_fused[(M,)](xl, y2, w, b, mean, rstd, N, N, 1e-5,
                                                           BLOCK_SIZE=4096, num_warps=8)
        ref = lambda: torch.nn.functional.layer_norm(xl, (N,), w, b, 1e-5)
        ours(); torch.cuda.synchronize()
        err = (y1.float() - ref().float()).abs().max().item()
        report("layer norm fwd fp16 4096x4096", 2 * M * N * 2, ours, theirs, ref, err, tn, tr)

    if want("gelu"):
        # bias + GELU (erf), fp32, 8192 x 8192
        M = N = 8192
        xg = torch.randn(M, N, device=dev)
        bg = torch.randn(N, device=dev)
        g1, g2 = torch.empty_like(xg), torch.empty_like(xg)
        lib, tn, tr = build(a.tritonc, a.out, "bias_gelu.py", "bias_gelu_kernel",
                            "*fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32:16, 8, 1024",
                            "cdiv(M, 8), cdiv(N, 1024), 1", 4)
        gg = (M // 8, N // 1024, 1)
        ours = launcher(lib, "bias_gelu_kernel", gg, [xg, bg, g1, M, N, N, N])
        theirs = lambda: ex_gelu.bias_gelu_kernel[gg](xg, bg, g2, M, N, N, N, BLOCK_M=8, BLOCK_N=1024, num_warps=4)
        ref = lambda: torch.nn.functional.gelu(xg + bg)
        ours(); torch.cuda.synchronize()
        err = (g1 - ref()).abs().max().item()
        report("bias+GELU fp32 8192x8192", 2 * M * N * 4, ours, theirs, ref, err, tn, tr)


    if want("matmul"):
        # matmul, 4096^3, TFLOP/s (TOP/s for int8): fp16 operands, fp32 accumulator, fp16 result
        # (issue 12's figure); fp32 at Triton's default precision (tf32 tensor cores; torch with
        # TF32 allowed for the side-by-side); int8 -> int32 (examples' matmul_i8_kernel, torch._int_mm)
        M = N = K = 4096
        if not a.check_only:
            print(f"\n| kernel | tritonc TFLOP/s | Triton TFLOP/s | torch TFLOP/s | tritonc/Triton | max err vs torch | nvcc s | NVRTC s |")
            print("|---|---|---|---|---|---|---|---|")
        for dt in a.mm_dtypes.split(","):
            if dt == "int8":
                am = torch.randint(-128, 128, (M, K), device=dev, dtype=torch.int8)
                bm = torch.randint(-128, 128, (K, N), device=dev, dtype=torch.int8)
                c1, c2 = (torch.empty(M, N, device=dev, dtype=torch.int32) for _ in range(2))
                ref = lambda: torch._int_mm(am, bm)
            else:
                tdt = torch.float16 if dt == "fp16" else torch.float32
                am = torch.randn(M, K, device=dev, dtype=tdt)
                bm = torch.randn(K, N, device=dev, dtype=tdt)
                c1, c2 = (torch.empty(M, N, device=dev, dtype=tdt) for _ in range(2))
                ref = lambda: torch.matmul(am, bm.T if dt == "fp32bt" else bm)
            torch.backends.cuda.matmul.allow_tf32 = dt in ("fp32", "fp32bt")
            sig = {"fp16": "*fp16:16, *fp16:16, *fp16:16", "fp32": "*fp32:16, *fp32:16, *fp32:16",
                   "fp32bt": "*fp32:16, *fp32:16, *fp32:16", "int8": "*i8:16, *i8:16, *i32:16"}[dt]
            for cfg in a.mm_configs.split(";"):
                bm_, bn_, bk_, w_, s_ = ([int(v) for v in cfg.split(",")] + [3])[:5]
                ints = "i32:16, i32:16, i32:16, i32:16, i32:16, i32:16"
                tag = f"_{dt}_{bm_}x{bn_}x{bk_}w{w_}s{s_}"
                if dt == "fp32bt":  # a @ bt.T, bt [N, K]: tl.trans of the loaded tile (K-major B)
                    lib, tn, tr = build(a.tritonc, a.out, "matmul.py", "matmul_bt_kernel",
                                        f"{sig}, {ints}, {bm_}, {bn_}, {bk_}", f"cdiv(M, {bm_}), cdiv(N, {bn_}), 1",
                                        w_, tag, s_)
                    gm = (M // bm_, N // bn_, 1)
                    ours = launcher(lib, "matmul_bt_kernel", gm, [am, bm, c1, M, N, K, K, K, N])
                    theirs = lambda: ex_mm.matmul_bt_kernel[gm](am, bm, c2, M, N, K, K, K, N, BLOCK_M=bm_,
                                                                BLOCK_N=bn_, BLOCK_K=bk_, num_warps=w_, num_stages=s_)
                elif dt == "int8":
                    lib, tn, tr = build(a.tritonc, a.out, "matmul.py", "matmul_i8_kernel",
                                        f"{sig}, {ints}, {bm_}, {bn_}, {bk_}", f"cdiv(M, {bm_}), cdiv(N, {bn_}), 1",
                                        w_, tag, s_)
                    gm = (M // bm_, N // bn_, 1)
                    ours = launcher(lib, "matmul_i8_kernel", gm, [am, bm, c1, M, N, K, K, N, N])
                    theirs = lambda: ex_mm.matmul_i8_kernel[gm](am, bm, c2, M, N, K, K, N, N, BLOCK_M=bm_,
                                                                BLOCK_N=bn_, BLOCK_K=bk_, num_warps=w_, num_stages=s_)
                else:
                    lib, tn, tr = build(a.tritonc, a.out, "matmul.py", "matmul_kernel",
                                        f"{sig}, {ints}, {bm_}, {bn_}, {bk_}, 8, False",
                                        f"cdiv(M, {bm_}) * cdiv(N, {bn_}), 1, 1", w_, tag, s_)
                    gm = ((M // bm_) * (N // bn_), 1, 1)
                    ours = launcher(lib, "matmul_kernel", gm, [am, bm, c1, M, N, K, K, N, N])
                    theirs = lambda: ex_mm.matmul_kernel[gm](am, bm, c2, M, N, K, K, N, N, BLOCK_M=bm_, BLOCK_N=bn_,
                                                             BLOCK_K=bk_, GROUP_SIZE_M=8, LEAKY=False, num_warps=w_,
                                                             num_stages=s_)
                c1.zero_() if dt == "int8" else c1.fill_(float("nan"))
                ours(); torch.cuda.synchronize()
                err = (c1.double() - ref().double()).abs().max().item()
                if a.check_only:
                    print(f"matmul {dt} 4096^3 {cfg}: max err vs torch {err:.2e}", flush=True)
                    continue
                ts = [triton.testing.do_bench(f, warmup=25, rep=a.rep) for f in (ours, theirs, ref)]
                tf = [2 * M * N * K / (t * 1e-3) / 1e12 for t in ts]
                print(f"| matmul {dt} 4096^3 ({bm_}x{bn_}x{bk_}, {w_} warps, {s_} stages) | {tf[0]:.1f} | {tf[1]:.1f} | "
                      f"{tf[2]:.1f} | {tf[0] / tf[1]:.3f} | {err:.2e} | {tn:.2f} | {tr:.2f} |", flush=True)
        torch.backends.cuda.matmul.allow_tf32 = False

    if want("attention"):
        # flash attention forward, batch 4, 32 heads, 4096 keys, head dim 64: TFLOP/s; fp16, or
        # fp32 with the dots at Triton's default precision (tf32)
        Z, H, NC, D = 4, 32, 4096, 64
        if not a.check_only:
            print(f"\n| kernel | tritonc TFLOP/s | Triton TFLOP/s | torch SDPA TFLOP/s | tritonc/Triton | max err vs torch | nvcc s | NVRTC s |")
            print("|---|---|---|---|---|---|---|---|")
        for dt in a.attn_dtypes.split(","):
            tdt = torch.float16 if dt == "fp16" else torch.float32
            torch.backends.cuda.matmul.allow_tf32 = dt == "fp32"
            q, k, v = (torch.randn(Z * H, NC, D, device=dev, dtype=tdt) for _ in range(3))
            o1, o2 = torch.empty_like(q), torch.empty_like(q)
            for causal in (False, True):
                bm_, bn_, w_ = 128, 64, 8
                lib, tn, tr = build(a.tritonc, a.out, "flash_attention.py", "attn_fwd_kernel",
                                    f"*{dt}:16, *{dt}:16, *{dt}:16, *{dt}:16, i32:16, i32:16, i32:16, fp32, {D}, {bm_}, {bn_}, {causal}",
                                    f"cdiv(N_CTX, {bm_}), {Z * H}, 1", w_,
                                    f"_{dt}_{bm_}x{bn_}w{w_}{'_causal' if causal else ''}")
                g = (NC // bm_, Z * H, 1)
                sc = D ** -0.5
                ours = launcher(lib, "attn_fwd_kernel", g, [q, k, v, o1, NC, NC * D, D, sc])
                theirs = lambda: ex_fa.attn_fwd_kernel[g](q, k, v, o2, NC, NC * D, D, sc, HEAD_DIM=D, BLOCK_M=bm_,
                                                          BLOCK_N=bn_, CAUSAL=causal, num_warps=w_, num_stages=3)
                q4, k4, v4 = (t.view(Z, H, NC, D) for t in (q, k, v))
                ref = lambda: torch.nn.functional.scaled_dot_product_attention(q4, k4, v4, is_causal=causal, scale=sc)
                o1.fill_(float("nan"))
                ours(); torch.cuda.synchronize()
                err = (o1.view(Z, H, NC, D).float() - ref().float()).abs().max().item()
                theirs(); torch.cuda.synchronize()
                err_t = (o2.view(Z, H, NC, D).float() - ref().float()).abs().max().item()
                print(f"attention {dt} causal={causal}: max err vs torch: tritonc {err:.2e}, Triton {err_t:.2e}", flush=True)
                if a.check_only:
                    continue
                ts = [triton.testing.do_bench(f, warmup=25, rep=a.rep) for f in (ours, theirs, ref)]
                fl = 4 * Z * H * NC * NC * D * (0.5 if causal else 1.0)
                tf = [fl / (t * 1e-3) / 1e12 for t in ts]
                print(f"| attention fwd {dt} {Z}x{H}x{NC}x{D} {'causal' if causal else 'full'} ({bm_}x{bn_}, {w_} warps) | "
                      f"{tf[0]:.1f} | {tf[1]:.1f} | {tf[2]:.1f} | {tf[0] / tf[1]:.3f} | {err:.2e} | {tn:.2f} | {tr:.2f} |",
                      flush=True)
        torch.backends.cuda.matmul.allow_tf32 = False


if __name__ == "__main__":
    main()
