"""examples/matmul_descriptor.py (host TensorDescriptors) on the GPU machine: real Triton, then
tritonc's CUDA target, then tritonc's C target (through host copies), on the same inputs; every
result against a float64 reference, and tritonc's against Triton's; then 4096^3 fp16 timed under
Triton and under tritonc's CUDA target (NO_BENCH=1 skips it).

    python3 tests/conformance/descriptor_vs_triton.py OUTDIR [MODE]   (MODE: one of triton,
    cuda, c alone, e.g. under compute-sanitizer)
"""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHAPES = [(300, 264, 200, (64, 64, 32), 16), (512, 512, 512, (128, 128, 32), 132),
          (77, 1000, 136, (32, 128, 32), 7)]  # rows of 16-byte multiples


def bench(mode):
    """4096^3 fp16, 128x128x64 blocks, 4 warps, 3 stages, one and two programs per SM: TFLOP/s."""
    import torch
    import triton
    import matmul_descriptor as ex
    n = 4096
    a = torch.randn(n, n, device="cuda", dtype=torch.float16)
    b = torch.randn(n, n, device="cuda", dtype=torch.float16)
    c = torch.empty(n, n, device="cuda", dtype=torch.float16)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    for progs in (sms, 2 * sms):
        f = lambda: ex.matmul(a, b, c, block=(128, 128, 64), programs=progs)  # noqa: E731
        c.zero_()
        f()
        err = (c.float() - (a.float() @ b.float())).abs().max().item()
        ms = triton.testing.do_bench(f, rep=300)
        print(f"bench {mode} {progs} programs: {2 * n ** 3 / ms * 1e-9:.1f} TFLOP/s (max error {err:.3g})")


def run(mode, out):
    sys.path[:0] = [os.path.join(ROOT, "examples"), os.path.join(ROOT, "python")]
    if mode != "triton":
        os.environ["TRITONC_TARGET"] = mode
        import tritonc
        tritonc.patch()
    import torch
    import matmul_descriptor as ex
    for i, (M, N, K, block, progs) in enumerate(SHAPES):
        for dt in (torch.float16, torch.float32):
            g = torch.Generator(device="cuda").manual_seed(i)
            a = torch.randn(M, K, device="cuda", dtype=dt, generator=g)
            b = torch.randn(K, N, device="cuda", dtype=dt, generator=g)
            c = torch.full((M, N), float("nan"), device="cuda", dtype=dt)
            ex.matmul(a, b, c, block=block, programs=progs)
            torch.save((a.cpu(), b.cpu(), c.cpu()), os.path.join(out, f"{mode}_{i}_{str(dt)[6:]}.pt"))
    if mode != "c" and not os.environ.get("NO_BENCH"):
        bench(mode)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    if len(sys.argv) > 2:
        return run(sys.argv[2], out)
    for mode in ("triton", "cuda", "c"):
        r = subprocess.run([sys.executable, __file__, out, mode], capture_output=True, text=True)
        print(f"# {mode}: exit {r.returncode}" + (f": {r.stderr.strip()[-600:]}" if r.returncode else ""))
        print(r.stdout.strip())
    import torch
    bad = 0
    for i, (M, N, K, block, progs) in enumerate(SHAPES):
        for dt in ("float16", "float32"):
            res = {m: torch.load(os.path.join(out, f"{m}_{i}_{dt}.pt")) for m in ("triton", "cuda", "c")
                   if os.path.exists(os.path.join(out, f"{m}_{i}_{dt}.pt"))}
            row = f"{M}x{N}x{K} {block} {progs} programs {dt}:"
            if "triton" not in res:
                print(row, "no result from Triton")
                bad += 1
                continue
            a, b, _ = res["triton"]
            ref = a.double() @ b.double()
            for m, (_, _, c) in res.items():
                err = (c.double() - ref).abs().max().item()
                row += f" {m} {err:.3g}"
                tol = 0.01 * K ** 0.5  # tf32 products, fp16 outputs
                bad += not err <= tol
            for m in ("cuda", "c"):
                if m in res:
                    d = (res[m][2].double() - res["triton"][2].double()).abs().max().item()
                    row += f" | {m} vs triton {d:.3g}"
            print(row)
    print("descriptor_vs_triton:", "ok" if not bad else f"{bad} results off")


if __name__ == "__main__":
    main()
