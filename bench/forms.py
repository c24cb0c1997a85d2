"""Speed by spelling: the same matrix product and attention written the ways libraries write them
(bench/forms_kernels.py), each run by real Triton and by tritonc (the runner, python/tritonc) on
the same inputs with the same tile configuration, in one process. Not a test; every tritonc result
is checked against Triton's before it is timed.

    python3 bench/forms.py [--only mm,attn,c] [--out FILE.md] [--rep MS]     # GPU machine
    python3 bench/forms.py --only c [--size 512]                             # any machine

GPU rows: TFLOP/s of tritonc (CUDA target, NVRTC), Triton 3.x and torch, ratio tritonc / Triton.
Both kernels are timed as CUDA-graph replays (triton.testing.do_bench_cudagraph), so Python launch
cost is out of both figures. C rows (--only c): the same spellings on CPU tensors through the C
target, GFLOP/s and the ratio to the fastest spelling of the row's dtype."""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.join(ROOT, "bench"))
os.environ.setdefault("TRITONC", os.path.join(ROOT, "bin", "tritonc"))

import tritonc  # noqa: E402
from tritonc import jit as TJ  # noqa: E402
if not tritonc._real_triton_available():  # no Triton here: the runner's own triton package
    tritonc.patch()
import torch  # noqa: E402
import triton  # noqa: E402
import triton.testing  # noqa: E402
import forms_kernels as FK  # noqa: E402

MM_KN = ["mm_kn", "mm_kn_i64", "mm_kn_bp"]           # B stored [K, N]
MM_NK = ["mm_nk_trans", "mm_nk_ptr", "mm_nk_bp"]     # W stored [N, K]
MM_W8 = ["mm_w8_trans", "mm_w8_ptr"]                 # int8 W [N, K] + per-column scale
ATTN = ["attn_trans", "attn_kt_ptr", "attn_bp"]

# (name, M, N, K, (BM, BN, BK, warps, stages))
MM_SHAPES = [("4096^3", 4096, 4096, 4096, (128, 128, 64, 4, 3)),
             ("decode M=16", 16, 8192, 8192, (16, 64, 128, 4, 4)),
             ("ragged 3000^3", 3000, 3000, 3000, (128, 128, 64, 4, 3))]
_tc = []


def tc_kernel(name):
    """The kernel as the runner decorates it: with real Triton present, a second copy of
    forms_kernels.py imported after tritonc.patch(), so that its helpers are the runner's too."""
    if not _tc:
        if isinstance(FK.mm_kn, TJ.JITFunction):
            _tc.append(FK)
        else:
            import importlib.util
            tritonc.patch(classes=False)  # Triton's kernels run in this process too
            spec = importlib.util.spec_from_file_location("forms_kernels_tc", FK.__file__)
            mod = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(mod)
            _tc.append(mod)
    return getattr(_tc[0], name)


def bench_gpu(fn, rep):
    fn()
    torch.cuda.synchronize()
    try:
        return triton.testing.do_bench_cudagraph(fn, rep=rep), "graph"
    except Exception:  # a launch path that cannot be captured: timed with plain launches
        return triton.testing.do_bench(fn, rep=rep), "plain"


def check(name, got, want, tol):
    err = (got.float() - want.float()).abs().max().item()
    scale = max(want.float().abs().max().item(), 1e-6)
    if not err <= tol * scale:
        raise AssertionError(f"{name}: max error {err:.3g} against Triton (scale {scale:.3g})")


def mm_inputs(spelling, dtype, M, N, K):
    g = torch.Generator(device="cuda").manual_seed(0)
    act = torch.float16 if dtype in ("fp8", "w8") else getattr(torch, {"fp16": "float16",
                                                                      "bf16": "bfloat16"}[dtype])
    a = torch.randn(M, K, device="cuda", generator=g).to(act)
    scale = None
    if dtype == "w8":
        b = torch.randint(-127, 128, (N, K), device="cuda", generator=g, dtype=torch.int8)
        scale = (torch.rand(N, device="cuda", generator=g) * 0.02).to(torch.float16)
    else:
        b = torch.randn(N, K, device="cuda", generator=g).to(act)
        if spelling in MM_KN:
            b = b.t().contiguous()
    if dtype == "fp8":
        a, b = (a * 0.5).to(torch.float8_e4m3fn), (b * 0.5).to(torch.float8_e4m3fn)
    out = torch.float16 if dtype in ("fp8", "w8") else act
    return a, b, scale, out


def torch_mm(spelling, a, b, scale):
    if a.dtype == torch.float8_e4m3fn:
        return None
    if scale is not None:
        return lambda: (a @ b.to(a.dtype).t()) * scale
    return (lambda: a @ b) if spelling in MM_KN else (lambda: a @ b.t())


def run_mm(rows, spellings, dtypes, rep, shapes=None):
    for dtype in dtypes:
        for shape, M, N, K, (BM, BN, BK, w, s) in MM_SHAPES:
            if shapes and not any(x in shape for x in shapes):
                continue
            if dtype == "fp8" and shape.startswith("ragged"):
                continue  # fp8 rows must be 16-byte multiples for Triton's fp8 path
            for sp in spellings:
                a, b, scale, out_dt = mm_inputs(sp, dtype, M, N, K)
                grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN), )
                outs = {}
                fns = {}
                for who, kern in (("triton", getattr(FK, sp)), ("tritonc", tc_kernel(sp))):
                    c = torch.empty(M, N, device="cuda", dtype=out_dt)
                    args = (a, b, scale, c) if scale is not None else (a, b, c)
                    fns[who] = (lambda kern=kern, args=args: kern[grid](
                        *args, M, N, K, BM=BM, BN=BN, BK=BK, GROUP_M=8, num_warps=w, num_stages=s))
                    outs[who] = c
                flops = 2.0 * M * N * K
                row = {"case": f"matmul {dtype} {shape}", "spelling": sp}
                try:
                    fns["triton"]()
                    torch.cuda.synchronize()
                except Exception as e:
                    row["note"] = f"Triton fails: {type(e).__name__}"
                    rows.append(row)
                    print(row, flush=True)
                    continue
                try:
                    fns["tritonc"]()
                    torch.cuda.synchronize()
                    check(sp, outs["tritonc"], outs["triton"], 2e-2)
                    row["tritonc"], _ = bench_gpu(fns["tritonc"], rep)
                except Exception as e:
                    row["note"] = f"tritonc fails: {type(e).__name__}: {str(e)[:120]}"
                row["triton"], how = bench_gpu(fns["triton"], rep)
                tm = torch_mm(sp, a, b, scale)
                if tm:
                    row["torch"], _ = bench_gpu(tm, rep)
                for k in ("tritonc", "triton", "torch"):
                    if k in row:
                        row[k] = flops / row[k] * 1e-9  # ms -> TFLOP/s
                row["timing"] = how
                rows.append(row)
                print(row, flush=True)


def run_attn(rows, spellings, rep):
    import torch.nn.functional as F
    Z, H, N = 4, 32, 4096
    for D, (BLOCK_M, BLOCK_N, w, s) in ((64, (128, 64, 8, 3)), (128, (128, 64, 8, 3))):
        for causal in (False, True):
            g = torch.Generator(device="cuda").manual_seed(0)
            q, k, v = (torch.randn(Z * H, N, D, device="cuda", generator=g).to(torch.float16)
                       for _ in range(3))
            grid = (triton.cdiv(N, BLOCK_M), Z * H)
            flops = 4.0 * Z * H * N * N * D * (0.5 if causal else 1.0)
            for sp in spellings:
                outs, fns = {}, {}
                for who, kern in (("triton", getattr(FK, sp)), ("tritonc", tc_kernel(sp))):
                    o = torch.empty_like(q)
                    fns[who] = (lambda kern=kern, o=o: kern[grid](
                        q, k, v, o, N, q.stride(0), q.stride(1), D ** -0.5, D=D, BLOCK_M=BLOCK_M,
                        BLOCK_N=BLOCK_N, CAUSAL=causal, num_warps=w, num_stages=s))
                    outs[who] = o
                row = {"case": f"attention fp16 D={D}{' causal' if causal else ''}",
                       "spelling": sp}
                fns["triton"]()
                try:
                    fns["tritonc"]()
                    torch.cuda.synchronize()
                    check(sp, outs["tritonc"], outs["triton"], 2e-2)
                    row["tritonc"], _ = bench_gpu(fns["tritonc"], rep)
                except Exception as e:
                    row["note"] = f"tritonc fails: {type(e).__name__}: {str(e)[:120]}"
                row["triton"], how = bench_gpu(fns["triton"], rep)
                q4, k4, v4 = (x.view(Z, H, N, D) for x in (q, k, v))
                row["torch"], _ = bench_gpu(lambda: F.scaled_dot_product_attention(
                    q4, k4, v4, is_causal=causal), rep)
                for key in ("tritonc", "triton", "torch"):
                    if key in row:
                        row[key] = flops / row[key] * 1e-9
                row["timing"] = how
                rows.append(row)
                print(row, flush=True)


def run_c(rows, size, reps):
    """The C target: each spelling on CPU tensors, against the fastest spelling of its dtype."""
    M = N = K = size
    for dtype in (torch.float32, torch.bfloat16):
        g = torch.Generator().manual_seed(0)
        a = torch.randn(M, K, generator=g).to(dtype)
        w = torch.randn(N, K, generator=g).to(dtype)
        ref = (a.float() @ w.float().t())
        got = {}
        for sp in MM_KN + MM_NK:
            b = w.t().contiguous() if sp in MM_KN else w
            c = torch.empty(M, N, dtype=dtype)
            kern = tc_kernel(sp)

            def fn():
                kern[(triton.cdiv(M, 128) * triton.cdiv(N, 128), )](
                    a, b, c, M, N, K, BM=128, BN=128, BK=32, GROUP_M=8)
            fn()
            err = (c.float() - ref).abs().max().item() / ref.abs().max().item()
            best = float("inf")
            for _ in range(reps):
                t0 = time.perf_counter()
                fn()
                best = min(best, time.perf_counter() - t0)
            got[sp] = (2.0 * M * N * K / best * 1e-9, err)
        top = max(v[0] for v in got.values())
        for sp, (gf, err) in got.items():
            row = {"case": f"C matmul {str(dtype)[6:]} {size}^3", "spelling": sp, "gflops": gf,
                   "of_fastest": gf / top, "rel_err": err}
            rows.append(row)
            print(row, flush=True)


def table(rows):
    out = ["| case | spelling | tritonc | Triton | torch | tritonc / Triton | note |",
           "|---|---|---|---|---|---|---|"]
    for r in rows:
        if "gflops" in r:
            continue
        f = lambda k: f"{r[k]:.1f}" if k in r else "-"  # noqa: E731
        ratio = f"{r['tritonc'] / r['triton']:.2f}" if "tritonc" in r and "triton" in r else "-"
        out.append(f"| {r['case']} | {r['spelling']} | {f('tritonc')} | {f('triton')} | "
                   f"{f('torch')} | {ratio} | {r.get('note', '')} |")
    crow = [r for r in rows if "gflops" in r]
    if crow:
        out += ["", "| case (C target) | spelling | GFLOP/s | of fastest spelling | max rel. error |",
                "|---|---|---|---|---|"]
        out += [f"| {r['case']} | {r['spelling']} | {r['gflops']:.1f} | {r['of_fastest']:.2f} | "
                f"{r['rel_err']:.1e} |" for r in crow]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="mm,attn")
    ap.add_argument("--dtypes", default="fp16,bf16,fp8,w8")
    ap.add_argument("--rep", type=int, default=100, help="ms of timed replays per kernel")
    ap.add_argument("--shapes", help="only the matmul shapes whose name holds one of these (comma-separated)")
    ap.add_argument("--size", type=int, default=512, help="matmul size of the C rows")
    ap.add_argument("--out", help="also write the table (markdown) here")
    args = ap.parse_args()
    only = args.only.split(",")
    rows = []
    if "mm" in only:
        for dt in args.dtypes.split(","):
            sps = MM_W8 if dt == "w8" else (["mm_kn", "mm_nk_trans", "mm_nk_ptr"] if dt == "fp8"
                                            else MM_KN + MM_NK)
            run_mm(rows, sps, [dt], args.rep, args.shapes.split(",") if args.shapes else None)
    if "attn" in only:
        run_attn(rows, ATTN, args.rep)
    if "c" in only:
        run_c(rows, args.size, 5)
    text = table(rows)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
