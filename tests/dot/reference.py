#!/usr/bin/env python3
"""Reference data for the tl.dot and block-pointer cases, computed with numpy instead of Triton.

For each tests/cases_pending/NAME.case given, writes DATA/NAME/ARG.in and ARG.out in the format
tests/exec/run.sh reads: the inputs exactly as tests/conformance/record.py builds them (same
seeds), the outputs from a numpy matrix product in float64 of the same inputs, rounded to the
output's element type. The kernels' meaning is written here once more, independently of the
translator: one function per kernel name.

usage: reference.py DATA_DIR CASE_FILE...
"""
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
import record  # noqa: E402  (make_input: the recorder's own input generator)
from caseparse import POINTER_DTYPES, parse_case  # noqa: E402


def bf16_bits(x):
    """float64 -> bf16 bits, round to nearest even (as torch's conversion)."""
    b = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    b = (b + 0x7FFF + ((b >> 16) & 1)) >> 16
    return b.astype(np.uint16)


def fp8_table(dtype):
    """The value of each of the 256 codes of fp8e4nv (E4M3FN: bias 7, no infinities, NaN at
    S.1111.111) or fp8e5 (E5M2: the top byte of an fp16)."""
    codes = np.arange(256, dtype=np.uint32)
    if dtype == "fp8e5":
        return (codes << 8).astype(np.uint16).view(np.float16).astype(np.float64)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    e, m = (codes >> 3) & 0xF, codes & 7
    v = np.where(e == 0, m / 8.0 * 2.0 ** -6, (1 + m / 8.0) * 2.0 ** (e.astype(np.float64) - 7))
    v = sign * v
    v[(codes & 0x7F) == 0x7F] = np.nan
    return v


def fp8_bits(x, dtype):
    """float64 -> the nearest finite fp8 code, ties to the even code (inputs here are small)."""
    t = fp8_table(dtype)
    finite = np.where(np.isfinite(t))[0]
    x = np.asarray(x, dtype=np.float64).reshape(-1)
    d = np.abs(x[:, None] - t[finite][None, :])
    best = d.min(axis=1, keepdims=True)
    pick = np.where(d == best, finite[None, :], 1 << 20)
    even = np.where(pick % 2 == 0, pick, 1 << 20).min(axis=1)
    return np.where(even < 256, even, pick.min(axis=1)).astype(np.uint8)


def float_to_bytes(values, dtype):
    if dtype == "bf16":
        return bf16_bits(values).tobytes()
    if dtype.startswith("fp8"):
        return fp8_bits(values, dtype).tobytes()
    return values.astype(record.NP_DTYPES[dtype]).tobytes()


record.float_to_bytes = float_to_bytes  # the recorder converts bf16 through torch


def decode(raw, dtype):
    if dtype.startswith("fp8"):
        return fp8_table(dtype)[np.frombuffer(raw, dtype=np.uint8)]
    if dtype == "bf16":
        bits = np.frombuffer(raw, dtype=np.uint16).astype(np.uint32) << 16
        return bits.view(np.float32).astype(np.float64)
    return np.frombuffer(raw, dtype=record.NP_DTYPES[dtype]).copy()


def encode(values, dtype):
    if dtype in ("fp16", "bf16", "fp32", "fp64") or dtype.startswith("fp8"):
        return float_to_bytes(np.asarray(values, dtype=np.float64), dtype)
    return np.asarray(values).astype(record.NP_DTYPES[dtype]).tobytes()


def mat(buf, rows, cols, ld, off=0):
    return np.stack([buf[off + r * ld: off + r * ld + cols] for r in range(rows)]).astype(np.float64)


def put(buf, m, ld, off=0):
    for r in range(m.shape[0]):
        buf[off + r * ld: off + r * ld + m.shape[1]] = m[r]


def product(a, b, int_result):
    if int_result:  # int8 x int8 summed in int32 (no overflow at these sizes)
        return a.astype(np.int64) @ b.astype(np.int64)
    return a @ b


def gelu(z):
    return 0.5 * z * (1.0 + np.vectorize(math.erf)(z / math.sqrt(2.0)))


def ref_matmul(v, s, c):
    a = mat(v["a_ptr"], s["M"], s["K"], s["lda"])
    b = mat(v["b_ptr"], s["K"], s["N"], s["ldb"])
    r = product(a, b, False)
    if c.get("LEAKY"):
        r = np.where(r > 0, r, r * 0.01)
    put(v["c_ptr"], r, s["ldc"])


def ref_matmul_bt(v, s, c):
    a = mat(v["a_ptr"], s["M"], s["K"], s["lda"])
    bt = mat(v["bt_ptr"], s["N"], s["K"], s["ldbt"])
    put(v["c_ptr"], a @ bt.T, s["ldc"])


def ref_trans_broadcast(v, s, c):
    a = mat(v["a_ptr"], c["M"], c["K"], c["K"])
    w = np.asarray(v["w_ptr"][:c["K"]], dtype=np.float64)
    col = a @ w  # every column of B is w
    put(v["c_ptr"], np.repeat(col[:, None], c["N"], axis=1), c["N"])


def ref_matmul_i8(v, s, c):
    a = mat(v["a_ptr"], s["M"], s["K"], s["lda"])
    b = mat(v["b_ptr"], s["K"], s["N"], s["ldb"])
    put(v["c_ptr"], product(a, b, True), s["ldc"])


def ref_bmm(v, s, c):
    M, N, K = s["M"], s["N"], s["K"]
    for z in range(s["B"]):
        a = mat(v["a_ptr"], M, K, s["stride_am"], z * s["stride_ab"])
        b = mat(v["b_ptr"], K, N, s["stride_bk"], z * s["stride_bb"])
        put(v["c_ptr"], a @ b, s["stride_cm"], z * s["stride_cb"])


def ref_linear_gelu(v, s, c):
    x = mat(v["x_ptr"], s["M"], s["K"], s["stride_xm"])
    w = mat(v["w_ptr"], s["N"], s["K"], s["stride_wn"])
    bias = v["bias_ptr"][: s["N"]].astype(np.float64)
    put(v["out_ptr"], gelu(x @ w.T + bias[None, :]), s["stride_om"])


def ref_attn(v, s, c):
    n, sh, sn, d = s["N_CTX"], s["stride_h"], s["stride_n"], c["HEAD_DIM"]
    heads = (len(v["q_ptr"]) - (n - 1) * sn - d) // sh + 1
    for h in range(heads):
        q, k, val = (mat(v[x], n, d, sn, h * sh) for x in ("q_ptr", "k_ptr", "v_ptr"))
        scores = q @ k.T * s["sm_scale"]
        if c.get("CAUSAL"):
            scores = np.where(np.tril(np.ones((n, n), dtype=bool)), scores, -np.inf)
        w = np.exp(scores - scores.max(axis=1, keepdims=True))
        put(v["out_ptr"], (w / w.sum(axis=1, keepdims=True)) @ val, sn, h * sh)


def ref_swizzle(v, s, c):
    # the grid walked in groups of GROUP rows, each group column by column: the k-th step of the
    # row-major order lands on the k-th cell of that walk
    rows, cols, g = s["size_i"], s["size_j"], c["GROUP"]
    walk = [(r, col) for g0 in range(0, rows, g) for col in range(cols)
            for r in range(g0, min(g0 + g, rows))]
    for k, (r, col) in enumerate(walk):
        v["out_ptr"][2 * k], v["out_ptr"][2 * k + 1] = r, col


def bp_tiles(s, c):
    """(row range, column range) of every in-bounds part of a BM x BN tile, with its program."""
    M, N, BM, BN = s["M"], s["N"], c["BM"], c["BN"]
    for pm in range(-(-M // BM)):
        for pn in range(-(-N // BN)):
            yield pm, pn, range(pm * BM, min(M, pm * BM + BM)), range(pn * BN, min(N, pn * BN + BN))


def ref_bp_scale(v, s, c):
    x = mat(v["x_ptr"], s["M"], s["N"], s["stride_xm"])
    put(v["y_ptr"], 2 * x + 1, s["stride_ym"])


def ref_bp_pad_nan(v, s, c):
    put(v["y_ptr"], mat(v["x_ptr"], s["M"], s["N"], s["stride_xm"]), s["stride_xm"])
    grid_n = -(-s["N"] // c["BN"])
    for pm, pn, rows, cols in bp_tiles(s, c):
        v["flag_ptr"][pm * grid_n + pn] = c["BM"] * c["BN"] - len(rows) * len(cols)


def ref_bp_row_sum(v, s, c):
    v["out_ptr"][: s["M"]] = mat(v["x_ptr"], s["M"], s["N"], s["stride_xm"]).sum(axis=1)


def ref_bp_while_if(v, s, c):
    x = mat(v["x_ptr"], s["M"], s["N"], s["stride_xm"])
    signs = np.array([(-1.0) ** (col // c["BN"]) for col in range(s["N"])])
    v["out_ptr"][: s["M"]] = (x * signs[None, :]).sum(axis=1)


def ref_bp_transpose(v, s, c):
    put(v["y_ptr"], mat(v["x_ptr"], s["M"], s["N"], s["stride_xm"]).T, s["stride_yn"])


def ref_desc_copy(v, s, c):
    put(v["y_ptr"], mat(v["x_ptr"], s["M"], s["N"], s["stride_xm"]) + 1, s["stride_ym"])


def ref_rows_gap(v, s, c):
    BM, BN, K, lda, gap = c["BM"], c["BN"], s["K"], s["lda"], s["gap"]
    rows = [r + (gap if r >= BM // 2 else 0) for r in range(BM)]
    a = np.stack([v["a_ptr"][r * lda: r * lda + K] for r in rows]).astype(np.float64)
    b = mat(v["b_ptr"], K, BN, BN)
    put(v["c_ptr"], a @ b, BN)


def ref_store_between(v, s, c):
    BM, BN, K = c["BM"], c["BN"], s["K"]
    a = mat(v["a_ptr"], BM, K, K)
    put(v["c_ptr"], a @ mat(v["b_ptr"], K, BN, BN), BN)
    put(v["a_ptr"], a * 2.0, K)


def ref_bp_not_bool(v, s, c):
    n = s["N"]
    v["y_ptr"][:n] = (v["x_ptr"][:n] == 0)


def ref_forms_linear(v, s, c):
    """bench/forms_kernels.py mm_nk_*: c = a @ w^T, w stored [N, K]; mm_w8_*: times scale[n]"""
    M, N, K = s["M"], s["N"], s["K"]
    r = mat(v["a"], M, K, K) @ mat(v["w"], N, K, K).T
    if "scale" in v:
        r = r * np.asarray(v["scale"][:N], dtype=np.float64)[None, :]
    put(v["c"], r, N)


def ref_convert(v, s, c):
    """tests/conformance/kernels/dot_convert.py: c = a @ b, one operand an int8 tile the kernel
    converts to fp16 (exactly) before the dot"""
    M, N, K = s["M"], s["N"], s["K"]
    put(v["c"], mat(v["a"], M, K, K) @ mat(v["b"], K, N, N), N)


def ref_forms_attn(v, s, c):
    """bench/forms_kernels.py attn_*: ref_attn under that file's names"""
    names = {"q_ptr": v["q_ptr"], "k_ptr": v["k_ptr"], "v_ptr": v["v_ptr"], "out_ptr": v["o_ptr"]}
    ref_attn(names, s, {"HEAD_DIM": c["D"], "CAUSAL": c.get("CAUSAL")})


REFS = {
    "mm_nk_ptr": ref_forms_linear, "mm_nk_bp": ref_forms_linear, "mm_nk_trans": ref_forms_linear,
    "mm_w8_ptr": ref_forms_linear, "mm_w8_trans": ref_forms_linear,
    "attn_kt_ptr": ref_forms_attn, "attn_bp": ref_forms_attn, "attn_trans": ref_forms_attn,
    "matmul_bp_kernel": ref_matmul, "bp_scale": ref_bp_scale, "bp_pad_nan": ref_bp_pad_nan,
    "bp_row_sum": ref_bp_row_sum, "bp_transpose": ref_bp_transpose, "bp_while_if": ref_bp_while_if, "desc_copy": ref_desc_copy,
    "matmul_kernel": ref_matmul, "matmul_bt_kernel": ref_matmul_bt,
    "matmul_i8_kernel": ref_matmul_i8, "bmm_kernel": ref_bmm, "bmm3d_kernel": ref_bmm,
    "linear_gelu_kernel": ref_linear_gelu, "attn_fwd_kernel": ref_attn,
    "swizzle_kernel": ref_swizzle, "dot_rows_gap_kernel": ref_rows_gap,
    "dot_store_between_kernel": ref_store_between, "bp_not_bool": ref_bp_not_bool,
    "dot_trans_broadcast_kernel": ref_trans_broadcast,
    "dot_w8_kn_kernel": ref_convert, "dot_a8_kernel": ref_convert,
}


def constexprs(case):
    """Constexpr values of the signature by parameter name (from the kernel's source order)."""
    import ast
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
        bufs, types, raw_in, scalars = {}, {}, {}, {}
        for i, (a, e) in enumerate(zip(case.args, runtime)):
            if a.is_buffer:
                raw = record.make_input(case.name, i, e.dtype, a.init, a.count)
                raw_in[a.name] = raw
                types[a.name] = e.dtype
                bufs[a.name] = decode(raw, e.dtype)
            else:
                scalars[a.name] = a.value
        REFS[case.kernel](bufs, scalars, constexprs(case))
        out = os.path.join(data, case.name)
        os.makedirs(out, exist_ok=True)
        for name, raw in raw_in.items():
            with open(os.path.join(out, name + ".in"), "wb") as f:
                f.write(raw)
            with open(os.path.join(out, name + ".out"), "wb") as f:
                f.write(encode(bufs[name], types[name]))
            assert len(raw) == len(encode(bufs[name], types[name])) == \
                POINTER_DTYPES[types[name]] * len(bufs[name])


if __name__ == "__main__":
    main()
