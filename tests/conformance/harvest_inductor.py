#!/usr/bin/env python3
"""Harvest the Triton kernels torch.compile (Inductor) generates for small models written here.

Run on the GPU machine (torch + Triton + CUDA):

    python3 tests/conformance/harvest_inductor.py OUTDIR

Every model below is compiled with torch.compile and run once on CUDA tensors; Inductor writes
one Python module per generated kernel into its cache directory (pointed at a fresh folder
here).  Each module holding an `@triton.jit` function is copied to OUTDIR/KERNEL.py, and
OUTDIR/INDEX.txt lists kernel, model and the shapes the model ran at.  These files are what
tritonc must translate unmodified (tests/inductor/).
"""
import os
import re
import shutil
import sys
import tempfile

OUTDIR = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "inductor_kernels")
CACHE = tempfile.mkdtemp(prefix="inductor_cache_")
os.environ["TORCHINDUCTOR_CACHE_DIR"] = CACHE
os.environ.setdefault("TORCHINDUCTOR_FX_GRAPH_CACHE", "0")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import torch._inductor.config as icfg  # noqa: E402

icfg.triton.unique_kernel_names = True
icfg.triton.descriptive_names = "original_aten"
icfg.compile_threads = 1

dev = "cuda"
torch.manual_seed(0)


def silu_add(x, y):
    return x * torch.sigmoid(x) + y


def gelu_bias(x, b):
    return F.gelu(x + b, approximate="tanh") * 2.0


def softmax_rows(x):
    return torch.softmax(x, dim=-1)


def layer_norm(x, w, b):
    return F.layer_norm(x, (x.shape[-1],), w, b, 1e-5)


def residual_rmsnorm(x, r, w):
    h = x + r
    y = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * w
    return y, h


def col_sum(x):
    return x.sum(dim=0)


def embedding_scale(idx, table):
    return F.embedding(idx, table) * 0.5


def var_mean_rows(x):
    v, m = torch.var_mean(x, dim=1)
    return v + m


def argmax_rows(x):
    return torch.argmax(x, dim=1)


def clamp_where(x):
    return torch.where(x > 0, torch.clamp(x, max=3.0), 0.1 * x)


def transpose_add(x, y):
    return x.t() + y


def half_mul(x, y):
    return (x.half() * y.half()).float() + 1.0


def log_softmax_nll(logits, target):
    return F.cross_entropy(logits, target)


def cumsum_rows(x):
    return torch.cumsum(x, dim=1)


def bf16_layer_norm(x, w, b):
    return F.layer_norm(x.bfloat16(), (x.shape[-1],), w.bfloat16(), b.bfloat16(), 1e-5).float()


def max_abs_rows(x):
    return x.abs().amax(dim=-1)


def r(*shape, dtype=torch.float32):
    return torch.randn(*shape, device=dev, dtype=dtype)


MODELS = [
    (silu_add, lambda: (r(1000, 1000), r(1000, 1000))),
    (gelu_bias, lambda: (r(512, 768), r(768))),
    (softmax_rows, lambda: (r(1024, 1000),)),
    (softmax_rows, lambda: (r(64, 20000),)),
    (layer_norm, lambda: (r(512, 768), r(768), r(768))),
    (residual_rmsnorm, lambda: (r(512, 1024), r(512, 1024), r(1024))),
    (col_sum, lambda: (r(4096, 333),)),
    (embedding_scale, lambda: (torch.randint(0, 1000, (64, 37), device=dev), r(1000, 256))),
    (var_mean_rows, lambda: (r(256, 3000),)),
    (argmax_rows, lambda: (r(300, 500),)),
    (clamp_where, lambda: (r(1 << 20),)),
    (transpose_add, lambda: (r(700, 500), r(500, 700))),
    (half_mul, lambda: (r(4096, 257), r(4096, 257))),
    (log_softmax_nll, lambda: (r(128, 5000), torch.randint(0, 5000, (128,), device=dev))),
    (cumsum_rows, lambda: (r(64, 1000),)),
    (bf16_layer_norm, lambda: (r(256, 1024), r(1024), r(1024))),
    (max_abs_rows, lambda: (r(100, 70000),)),
]


def harvest():
    os.makedirs(OUTDIR, exist_ok=True)
    seen = set()
    index = []
    for fn, make in MODELS:
        args = make()
        before = set()
        for root, _, files in os.walk(CACHE):
            before.update(os.path.join(root, f) for f in files)
        torch._dynamo.reset()
        try:
            torch.compile(fn)(*args)
            torch.cuda.synchronize()
        except Exception as e:  # report and go on: one model failing must not lose the rest
            print(f"FAIL {fn.__name__}: {type(e).__name__}: {e}")
            continue
        shapes = " ".join("x".join(map(str, a.shape)) + ":" + str(a.dtype).replace("torch.", "") for a in args)
        for root, _, files in os.walk(CACHE):
            for f in sorted(files):
                p = os.path.join(root, f)
                if p in before or not f.endswith(".py"):
                    continue
                text = open(p).read()
                if "@triton.jit" not in text:
                    continue
                m = re.search(r"^def (\w+)\(", text, re.M)
                if not m or m.group(1) in seen:
                    continue
                name = m.group(1)
                seen.add(name)
                shutil.copy(p, os.path.join(OUTDIR, name + ".py"))
                index.append(f"{name} {fn.__name__} {shapes}")
                print(f"kernel {name} <- {fn.__name__}")
    with open(os.path.join(OUTDIR, "INDEX.txt"), "w") as f:
        f.write(f"# torch {torch.__version__}, triton {__import__('triton').__version__}\n")
        f.write("\n".join(index) + "\n")
    print(f"{len(index)} kernels in {OUTDIR}")


if __name__ == "__main__":
    harvest()
