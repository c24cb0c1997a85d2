#!/usr/bin/env python3
"""Reference data for the tl.dot_scaled cases (tests/cases_pending/mx_*.case), from numpy.

Kernels: tests/conformance/kernels/dot_scaled.py, mx_matmul_kernel (a K loop, any format pair)
and mx_bmm_kernel (e2m1 x e2m1 packed along K, M or N; 2-D or batched 3-D).

For each case given, writes DATA/NAME/ARG.in and ARG.out as tests/exec/run.sh reads them: the
inputs as tests/conformance/record.py builds them (same seeds; bf16 and fp8 rounded here with
numpy where the recorder uses torch), the output from the definition of microscaled formats
written here once more, independently of the translator:
  e2m1: s ee m in a nibble, two per byte along K (low nibble first): 0, 0.5, 1, 1.5, 2, 3, 4, 6;
  e4m3 (fn: bias 7, no infinities, s.1111.111 NaN), e5m2 (IEEE-like, bias 15);
  e8m0 scale byte s: 2^(s - 127), 0 for s = 0 (Triton's shift-and-bitcast), NaN for s = 255;
Triton's emulation upcasts each operand to bf16 (fp16 if either format is fp16), multiplies by
the scale in that type, and accumulates the product in fp32; here the product is float64.

usage: reference.py DATA_DIR CASE_FILE...
"""
import ast
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
import record  # noqa: E402  (make_input: the recorder's own input generator)
from caseparse import parse_case  # noqa: E402

FP8 = {"fp8e4nv": (4, 3, 7), "fp8e5": (5, 2, 15)}


def fp8_value(code, fmt):
    e_bits, m_bits, bias = FP8[fmt]
    s, e, m = code >> 7, (code >> m_bits) & ((1 << e_bits) - 1), code & ((1 << m_bits) - 1)
    if fmt == "fp8e4nv" and e == 15 and m == 7:
        return float("nan")
    if fmt == "fp8e5" and e == 31:
        return float("nan") if m else (-1) ** s * float("inf")
    mag = m * 2.0 ** (1 - bias - m_bits) if e == 0 else (1 + m / 2 ** m_bits) * 2.0 ** (e - bias)
    return -mag if s else mag


def fp8_table(fmt):
    return np.array([fp8_value(c, fmt) for c in range(256)])


def fp8_bits(values, fmt):
    """float64 -> fp8 codes, nearest (ties to the even code) among the finite positive codes."""
    table = fp8_table(fmt)
    pos = np.array([c for c in range(128) if np.isfinite(table[c])])
    mags = table[pos]
    a = np.abs(values)
    hi = np.clip(np.searchsorted(mags, a), 1, len(mags) - 1)
    lo = hi - 1
    d_lo, d_hi = a - mags[lo], mags[hi] - a
    pick = np.where((d_hi < d_lo) | ((d_hi == d_lo) & (pos[hi] % 2 == 0)), hi, lo)
    return (pos[pick] | np.where(values < 0, 0x80, 0)).astype(np.uint8)


def bf16_bits(x):
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    b = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    return b.astype(np.uint16)


def round_bf16(x):
    x = np.asarray(x, dtype=np.float64)
    finite = np.isfinite(x)
    r = (bf16_bits(np.where(finite, x, 0)).astype(np.uint32) << 16).view(np.float32)
    r = r.astype(np.float64)
    return np.where(finite, r, x)


def float_to_bytes(values, dtype):
    if dtype == "bf16":
        return bf16_bits(values).tobytes()
    if dtype in FP8:
        return fp8_bits(values, dtype).tobytes()
    return values.astype(record.NP_DTYPES[dtype]).tobytes()


record.float_to_bytes = float_to_bytes  # the recorder converts bf16 and fp8 through torch

E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6])
FORMATS = ["e2m1", "e4m3", "e5m2", "bf16", "fp16"]


def decode(raw, dtype):
    if dtype == "bf16":
        return (np.frombuffer(raw, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if dtype in FP8:
        return fp8_table(dtype)[np.frombuffer(raw, dtype=np.uint8)]
    return np.frombuffer(raw, dtype=record.NP_DTYPES[dtype]).astype(np.float64)


def operand(raw, dtype, fmt, rows, cols, ld, col_major, k_axis):
    """The operand as a float64 [rows, cols] matrix (e2m1 bytes unpacked along k_axis)."""
    stored = [rows, cols]
    if fmt == 0:
        stored[k_axis] //= 2
    r, c = np.meshgrid(np.arange(stored[0]), np.arange(stored[1]), indexing="ij")
    idx = r + c * ld if col_major else r * ld + c
    if fmt != 0:
        return decode(raw, dtype)[idx]
    b = np.frombuffer(raw, dtype=np.uint8)[idx]
    lo, hi = E2M1[b & 0xF], E2M1[b >> 4]
    out = np.empty((rows, cols))
    if k_axis == 1:
        out[:, 0::2], out[:, 1::2] = lo, hi
    else:
        out[0::2, :], out[1::2, :] = lo, hi
    return out


def scale_values(raw, rows, K, fast):
    s = np.frombuffer(raw, dtype=np.uint8)[: rows * (K // 32)].reshape(rows, K // 32).astype(np.int64)
    v = np.where(s == 0, 0.0, 2.0 ** (s - 127.0))
    v = np.where(s == 255, np.inf if fast else np.nan, v)
    return np.repeat(v, 32, axis=1)  # [rows, K]


def to_compute(x, fp16):
    if fp16:
        with np.errstate(over="ignore"):
            return x.astype(np.float16).astype(np.float64)
    return round_bf16(x)


def ref_mx_matmul(raw, types, s, c):
    M, N, K = s["M"], s["N"], s["K"]
    fa, fb = c["FMT_A"], c["FMT_B"]
    fp16 = 4 in (fa, fb)
    a = to_compute(operand(raw["a_ptr"], types["a_ptr"], fa, M, K, s["lda"], c["COL_A"], 1), fp16)
    b = to_compute(operand(raw["b_ptr"], types["b_ptr"], fb, K, N, s["ldb"], c["COL_B"], 0), fp16)
    with np.errstate(invalid="ignore", over="ignore"):
        if c["SCALE_A"]:
            a = to_compute(a * to_compute(scale_values(raw["sa_ptr"], M, K, c["FAST"]), fp16), fp16)
        if c["SCALE_B"]:
            b = to_compute(b * to_compute(scale_values(raw["sb_ptr"], N, K, c["FAST"]), fp16).T, fp16)
        return {"c_ptr": (a @ b).reshape(-1)}


def unpack_e2m1(raw, shape, axis):
    """Bytes of `shape` (contiguous) -> values with `axis` doubled, low nibble first."""
    b = np.frombuffer(raw, dtype=np.uint8).reshape(shape)
    pair = np.stack([E2M1[b & 0xF], E2M1[b >> 4]], axis=axis + 1)
    out = list(shape)
    out[axis] *= 2
    return pair.reshape(out)


def ref_mx_bmm(raw, types, s, c):
    B, M, N, K, ka, kb = c["BATCH"], c["M"], c["N"], c["K"], c["KPACK_A"], c["KPACK_B"]
    a = unpack_e2m1(raw["a_ptr"], (B, M, K // 2) if ka else (B, M // 2, K), 2 if ka else 1)
    b = unpack_e2m1(raw["b_ptr"], (B, K // 2, N) if kb else (B, K, N // 2), 1 if kb else 2)
    sa = np.frombuffer(raw["sa_ptr"], dtype=np.uint8).reshape(B * M, K // 32)
    sb = np.frombuffer(raw["sb_ptr"], dtype=np.uint8).reshape(B * N, K // 32)
    a = round_bf16(a * round_bf16(scale_values(sa.tobytes(), B * M, K, False)).reshape(B, M, K))
    b = round_bf16(b * round_bf16(scale_values(sb.tobytes(), B * N, K, False)).reshape(B, N, K).transpose(0, 2, 1))
    return {"c_ptr": (a @ b).reshape(-1)}


REFS = {"mx_matmul_kernel": ref_mx_matmul, "mx_bmm_kernel": ref_mx_bmm}


def constexprs(case):
    src = open(os.path.join(HERE, "..", "..", case.file)).read()
    fn = next(n for n in ast.walk(ast.parse(src))
              if isinstance(n, ast.FunctionDef) and n.name == case.kernel)
    names = [a.arg for a in fn.args.args]
    return {n: e.value for n, e in zip(names, case.sig) if e.kind == "constexpr"}


def main():
    data, cases = sys.argv[1], sys.argv[2:]
    for path in cases:
        case = parse_case(path)
        runtime = [e for e in case.sig if e.kind != "constexpr"]
        raw, types, scalars = {}, {}, {}
        for i, (a, e) in enumerate(zip(case.args, runtime)):
            if a.is_buffer:
                raw[a.name] = record.make_input(case.name, i, e.dtype, a.init, a.count)
                types[a.name] = e.dtype
            else:
                scalars[a.name] = a.value
        outs = REFS[case.kernel](raw, types, scalars, constexprs(case))
        out = os.path.join(data, case.name)
        os.makedirs(out, exist_ok=True)
        for name, r in raw.items():
            with open(os.path.join(out, name + ".in"), "wb") as f:
                f.write(r)
            with open(os.path.join(out, name + ".out"), "wb") as f:
                f.write(outs[name].astype(np.float32).tobytes() if name in outs else r)


if __name__ == "__main__":
    main()
