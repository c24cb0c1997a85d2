#!/usr/bin/env python3
"""Asks real Triton whether it fuses `a * b + c` into one rounding (an fma).

Runs `muladd_kernel` (tests/conformance/kernels/accumulate.py) on 2^20 random fp32 triples
and compares each result with the two possible fp32 answers, computed here in float64: the
product a * b is exact in float64, so rounding a * b + c once gives the fused result, and
rounding a * b to fp32 before adding gives the unfused one. Prints how many elements match
each (elements where the two agree count for both).

Usage (needs Triton, PyTorch and a GPU):
    python3 tests/conformance/probe_fma.py > tests/conformance/probe_fma.txt
"""
import importlib.util
import os

import numpy as np
import torch

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("accumulate", os.path.join(here, "kernels", "accumulate.py"))
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)

n = 1 << 20
rng = np.random.default_rng(12345)
a, b, c = (rng.standard_normal(n).astype(np.float32) for _ in range(3))
ta, tb, tc = (torch.from_numpy(v).cuda() for v in (a, b, c))
out = torch.empty_like(ta)
mod.muladd_kernel[(n // 256,)](ta, tb, tc, out, n, BLOCK=256)
got = out.cpu().numpy()

a64, b64, c64 = a.astype(np.float64), b.astype(np.float64), c.astype(np.float64)
fused = (a64 * b64 + c64).astype(np.float32)  # the double sum may round twice; rare, counted below
unfused = ((a64 * b64).astype(np.float32).astype(np.float64) + c64).astype(np.float32)
differ = fused != unfused
print(f"a * b + c on {n} random fp32 triples; the fused and unfused answers differ on {int(differ.sum())}")
print(f"Triton equal to the fused answer:   {int((got == fused).sum())} of {n}, {int((got[differ] == fused[differ]).sum())} of those")
print(f"Triton equal to the unfused answer: {int((got == unfused).sum())} of {n}, {int((got[differ] == unfused[differ]).sum())} of those")
