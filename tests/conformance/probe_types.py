#!/usr/bin/env python3
"""Asks real Triton which result type (or which error) each of many small expressions gets.

Each snippet is compiled inside its own kernel up to the end of the Python front end only:
the kernel prints its result with tl.static_print and then stops compilation with a failing
tl.static_assert, so no GPU code is generated.  Output lines look like

    i8 + i32                      => int32[4]
    u32 // i32                    => ERROR: Cannot use /, #, or % with uint32 and int32 ...

Usage (needs Triton, PyTorch and a GPU for the driver):
    python3 tests/conformance/probe_types.py > tests/conformance/probe_types.txt
"""
import contextlib
import importlib.util
import io
import os
import sys
import tempfile
import textwrap

# Block operands (shape [4]) named by dtype; s32 is a runtime i32 scalar argument (value 3),
# f32s a scalar fp32 loaded value.
SNIPPETS = [
    # integer promotion
    "i8 + i32", "i8 + i8", "i8 * 3", "i8 + 300", "u8 + i8", "u8 - i8", "u16 + i16", "u32 + i32", "u32 + i64",
    "u64 + i64", "i32 + u8", "i1 + i1", "i1 + 1", "i1 & i1", "i1 + i8", "i1 * 2.0",
    "u32 // 1000", "u32 // i32", "u8 % 3", "i8 // i8", "u32 + (-1)", "i32 + 2**31", "i32 + 2**40", "i8 + 2**40",
    "i64 + 2**63", "u64 * 0x9E3779B97F4A7C15", "i32 >> 1", "u32 >> i32", "i8 << i32", "-u32", "~i1", "~u8",
    "i32 < 3.5", "i32 == u32", "u32 < i32", "i8 < 1000",
    # floating promotion
    "i32 + f16", "i64 + f16", "u8 + bf16", "f16 + f32", "f16 + f64", "f16 * 0.1", "f16 * 1e300", "f16 * 70000.0",
    "f32 * 1e300", "f16 / 3", "f16 / f16", "f16 % f16", "f16 // f16", "f32 // 2.0", "bf16 + bf16",
    "bf16 + f16", "bf16 + f32", "bf16 * 2.0", "bf16 / bf16", "i32 / i32", "i64 / i64", "i8 / i8", "u32 / u32",
    "i32 / f16", "i32 * 1.5", "i64 * 1.5", "f32 % 0.75", "f64 % f32", "i32 ** 2", "f32 ** 2", "f32 ** f32",
    # scalars
    "s32 + 1.5", "s32 // 4", "s32 / 4", "s32 + f16", "f32s + f16", "s32 * 2**33", "-7 // 2", "-7 % 3",
    "7 / 2", "s32 < 5", "not (s32 < 5)", "(s32 > 0) and (s32 < 5)", "(s32 > 0) and (s32 < 5) and (s32 != 2)",
    "(s32 > 0) or f32s", "f32 if s32 > 0 else f32 * 2", "(s32 == 3) + 1", "s32 > 0.5", "u8 + 255",
    "f32.to(tl.uint8)", "tl.program_id(0) * 1.0", "tl.num_programs(2)",
    # reductions and scans
    "tl.sum(i8, 0)", "tl.sum(u8, 0)", "tl.sum(i1, 0)", "tl.sum(i16, 0)", "tl.sum(u32, 0)", "tl.sum(f16, 0)",
    "tl.sum(bf16, 0)", "tl.sum(f16, 0, dtype=tl.float32)", "tl.max(i8, 0)", "tl.max(u8, 0)", "tl.max(f16, 0)",
    "tl.max(bf16, 0)", "tl.min(u16, 0)", "tl.max(i1, 0)", "tl.argmax(i8, 0)", "tl.argmax(f16, 0)",
    "tl.argmax(bf16, 0)", "tl.argmin(u64, 0)", "tl.max(i8, 0, return_indices=True)", "tl.xor_sum(u8, 0)",
    "tl.xor_sum(i1, 0)", "tl.cumsum(i8, 0)", "tl.cumsum(u8, 0)", "tl.cumsum(i1, 0)", "tl.cumsum(f16, 0)",
    "tl.cumsum(bf16, 0)", "tl.cumprod(i8, 0)", "tl.cumprod(bf16, 0)", "tl.sum(f32)", "tl.max(f32, 0, keep_dims=True)",
    "tl.reduce(i8, 0, _add)", "tl.associative_scan(i8, 0, _add)", "tl.sort(f32)", "tl.flip(f32, 0)",
    # math
    "tl.exp(f16)", "tl.exp(bf16)", "tl.exp(f64)", "tl.exp(i32)", "tl.sqrt(f16)", "tl.erf(f16)", "tl.sin(f16)",
    "tl.log(bf16)", "tl.sigmoid(f16)", "tl.sigmoid(i32)", "tl.abs(i8)", "tl.abs(u8)", "tl.abs(f16)",
    "tl.floor(f16)", "tl.floor(i32)", "tl.fma(f16, f16, f16)", "tl.fma(f32, f16, f64)", "tl.sqrt_rn(f64)",
    "tl.div_rn(f64, f64)", "tl.rsqrt(f64)", "tl.exp2(f64)", "tl.clamp(i32, 0, 5)", "tl.clamp(f16, -1.0, 1.0)",
    "tl.maximum(i8, i32)", "tl.maximum(f16, f32)", "tl.minimum(u32, i32)", "tl.maximum(i32, 2.5)",
    "tl.umulhi(i32, i32)", "tl.umulhi(i64, i64)", "tl.umulhi(u32, u32)", "tl.cdiv(i32, 4)", "tl.cdiv(s32, 4)",
    "tl.cdiv(u32, 4)", "libdevice.tanh(f16)", "libdevice.pow(f32, 2.0)", "libdevice.pow(f32, i32)",
    "libdevice.pow(f64, f64)", "tl.math.exp(f32)",
    # where
    "tl.where(i1, i8, i32)", "tl.where(i1, i8, 1.5)", "tl.where(i1, f16, 1.5)", "tl.where(i1, 1, 2)",
    "tl.where(i8, f32, f32)", "tl.where(s32 > 0, f32, 0.0)", "tl.where(i1, u8, 300)",
    # casts
    "f32.to(tl.int8)", "f32.to(tl.float16)", "i1.to(tl.float32)", "f16.to(tl.int16, bitcast=True)",
    "tl.cast(3, tl.int64)", "tl.cast(0, tl.int32)", "tl.full((), 0, tl.int32)", "tl.zeros([], tl.int32)",
    "tl.zeros((1,), tl.int32)", "tl.arange(0, 4) * 1.0", "tl.arange(0, 4) / 2", "tl.full([4], 70000.0, tl.float16)",
    # shapes
    "f32[:, None] * f32[None, :]", "tl.expand_dims(f32, 0)", "tl.reshape(f32, (2, 2))", "tl.trans(tl.reshape(f32, (2, 2)))",
    "tl.join(f32, f32)", "tl.interleave(f32, i32)", "tl.ravel(tl.reshape(f32, (2, 2)))", "tl.view(f32, (2, 2))",
    "tl.broadcast_to(f32s, (2, 4))", "f32 + tl.zeros((2, 1), tl.float16)",
    # control flow
    "c = 0\nfor k in range(s32):\n    c += k\nr = c",
    "c = 0.0\nfor k in range(s32):\n    c += f32\nr = c",
    "c = s32 * 0\nfor k in range(s32):\n    c += k\nr = c",
    "c = 0\nwhile c < s32:\n    c += 1\nr = c",
    "if s32 > 0:\n    c = 1.0\nelse:\n    c = 2.0\nr = c",
    "if s32 > 0:\n    c = 1.0\nelse:\n    c = 1.0\nr = c",
    "if s32 > 0:\n    c = f32s\nelse:\n    c = 2.0\nr = c",
    "if s32 > 0:\n    c = i32\nelse:\n    c = f32\nr = c",
    "c = f32\nfor k in range(10, 0, -3):\n    c += k\nr = c",
    "c = f32\nfor k in range(s32, 0, -s32):\n    c += k\nr = c",
    "c = f32\nfor k in range(0, s32, 2.0):\n    c += k\nr = c",
    "c = f32\nfor k in range(0, i64s):\n    c += k\nr = k",
    "c = f32\nfor k in tl.range(0, s32, 1, num_stages=2):\n    c += k\nr = c",
    "c = f32\nfor k in range(s32):\n    if k == 2:\n        break\nr = c",
    "c = f32\nfor k in range(s32):\n    return\nr = c",
    "c = i32\nwhile c > 0:\n    c = c - 1\nr = c",
    "if i32 > 0:\n    r = f32\nelse:\n    r = f32 * 2",
    "c = 0.0\nfor k in range(s32):\n    c += k * 0.5\nr = c",
    "if s32 > 0:\n    c = 1\nelse:\n    c = 2.5\nr = c",
]

PRELUDE = """
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.jit
def _add(a, b):
    return a + b
"""

KERNEL = """

@triton.jit
def probe_{idx}(pi1, pi8, pi16, pi32, pi64, pu8, pu16, pu32, pu64, pf16, pbf16, pf32, pf64, s32, i64s):
    offs = tl.arange(0, 4)
    i1 = tl.load(pi1 + offs)
    i8 = tl.load(pi8 + offs)
    i16 = tl.load(pi16 + offs)
    i32 = tl.load(pi32 + offs)
    i64 = tl.load(pi64 + offs)
    u8 = tl.load(pu8 + offs)
    u16 = tl.load(pu16 + offs)
    u32 = tl.load(pu32 + offs)
    u64 = tl.load(pu64 + offs)
    f16 = tl.load(pf16 + offs)
    bf16 = tl.load(pbf16 + offs)
    f32 = tl.load(pf32 + offs)
    f64 = tl.load(pf64 + offs)
    f32s = tl.load(pf32)
{body}
    tl.static_print("@@RESULT", r)
    tl.static_assert(False, "@@STOP")
"""


def main():
    import torch
    import triton

    src = [PRELUDE]
    for idx, snip in enumerate(SNIPPETS):
        body = snip if "\n" in snip else f"r = {snip}"
        src.append(KERNEL.format(idx=idx, body=textwrap.indent(body, "    ")))
    tmpdir = tempfile.mkdtemp(prefix="tc_probe_")
    path = os.path.join(tmpdir, "tc_probe_kernels.py")
    with open(path, "w") as f:
        f.write("".join(src))
    spec = importlib.util.spec_from_file_location("tc_probe_kernels", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    dev = "cuda"
    bufs = [torch.zeros(4, dtype=dt, device=dev) for dt in (
        torch.bool, torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)]
    bufs += [torch.zeros(4, dtype=torch.int16, device=dev).view(torch.uint16),
             torch.zeros(4, dtype=torch.int32, device=dev).view(torch.uint32),
             torch.zeros(4, dtype=torch.int64, device=dev).view(torch.uint64)]
    bufs += [torch.zeros(4, dtype=dt, device=dev) for dt in (
        torch.float16, torch.bfloat16, torch.float32, torch.float64)]

    print(f"# triton {triton.__version__}, torch {torch.__version__}")
    print("# block operands have shape [4]; s32 is an i32 scalar argument, i64s an i64 one, f32s an fp32 scalar")
    for idx, snip in enumerate(SNIPPETS):
        kernel = getattr(mod, f"probe_{idx}")
        out = io.StringIO()
        result = None
        try:
            with contextlib.redirect_stdout(out):
                kernel[(1, )](*bufs, 3, 2**40)
            result = "ERROR: compiled without stopping"
        except Exception as e:  # noqa: BLE001
            printed = [ln for ln in out.getvalue().splitlines() if "@@RESULT" in ln]
            text = str(e)
            if printed and "@@STOP" in text:
                result = printed[-1].split("@@RESULT", 1)[1].strip()
            else:
                cause = e
                while cause.__cause__ is not None:
                    cause = cause.__cause__
                msg = str(cause) or type(cause).__name__
                lines = [ln.strip() for ln in msg.splitlines() if ln.strip() and not ln.strip().startswith("^")]
                result = "ERROR: " + (lines[-1] if lines else type(cause).__name__)[:200]
        label = snip.replace("\n", "; ")
        print(f"{label:<44} => {result}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
