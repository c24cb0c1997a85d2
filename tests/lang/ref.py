#!/usr/bin/env python3
"""ref.py — inputs and expected outputs for the tests/lang cases, from plain-Python references.

    python3 tests/lang/ref.py OUTDIR CASEFILE...

For each case with a reference below, writes OUTDIR/NAME/ARG.in and ARG.out in the layout of
tests/conformance/data (raw little-endian elements), so that tests/exec/run.sh can check the
translated kernel against it before real Triton's outputs are recorded. The references are
written from the definitions of the operations (Python's sorted(), counting, indexing, the
fp8 formats' bit layouts), not from tritonc's code. Standard library only.
"""
import bisect
import math
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
from caseparse import parse_case  # noqa: E402

FMT = {"bf16": "H", "i1": "B", "i8": "b", "i16": "h", "i32": "i", "i64": "q", "u8": "B", "u16": "H",
       "u32": "I", "u64": "Q", "fp16": "e", "fp32": "f", "fp64": "d"}
FLOATS = ("fp16", "fp32", "fp64")
# fp8 formats, from their definitions: exponent bits, mantissa bits, bias, special codes
# ("fn": only S.1111.111 is NaN; "ieee": exponent all ones is inf/NaN; "none": all finite)
FP8 = {"fp8e4nv": (4, 3, 7, "fn"), "fp8e5": (5, 2, 15, "ieee"), "fp8e4b15": (4, 3, 15, "none")}
for _t in FP8:
    FMT[_t] = "B"
POISON = 0x7F


def fp8_value(dt, code):
    ebits, mbits, bias, special = FP8[dt]
    sign = -1.0 if code & 0x80 else 1.0
    e, m = (code >> mbits) & ((1 << ebits) - 1), code & ((1 << mbits) - 1)
    if special == "fn" and code & 0x7F == 0x7F:
        return math.nan
    if special == "ieee" and e == (1 << ebits) - 1:
        return sign * math.inf if m == 0 else math.nan
    if e == 0:
        return sign * m * 2.0 ** (1 - bias - mbits)
    return sign * (1 + m / 2.0 ** mbits) * 2.0 ** (e - bias)


def fp8_encode(dt, x, rtz=False):
    """Nearest code by search over the format's finite non-negative codes: ties to the even
    code, overflow saturating to the largest finite one (rtz: the code at or below |x|; an
    infinity stays infinite for fp8e5), NaN to 0x7f."""
    if math.isnan(x):
        return 0x7F
    s = 0x80 if math.copysign(1.0, x) < 0 else 0
    a = abs(x)
    finite = sorted((fp8_value(dt, c), c) for c in range(0x80) if math.isfinite(fp8_value(dt, c)))
    vmax, cmax = finite[-1]
    if math.isinf(a) and rtz and FP8[dt][3] == "ieee":
        return s | 0x7C
    if a >= vmax:
        return s | cmax
    for (lo, clo), (hi, chi) in zip(finite, finite[1:]):
        if lo <= a < hi:
            if rtz or a - lo < hi - a or (a - lo == hi - a and clo % 2 == 0):
                return s | clo
            return s | chi
    raise AssertionError(x)


def _check_fp8_reference():
    known = [("fp8e4nv", 0x7E, 448.0), ("fp8e4nv", 0x38, 1.0), ("fp8e4nv", 0x01, 2.0 ** -9),
             ("fp8e4nv", 0xC0, -2.0), ("fp8e5", 0x7B, 57344.0), ("fp8e5", 0x3C, 1.0),
             ("fp8e5", 0x01, 2.0 ** -16), ("fp8e5", 0x7C, math.inf), ("fp8e4b15", 0x7F, 1.875),
             ("fp8e4b15", 0x78, 1.0), ("fp8e4b15", 0x08, 2.0 ** -14)]
    for dt, code, v in known:
        assert fp8_value(dt, code) == v, (dt, hex(code))
        assert not math.isfinite(v) or fp8_encode(dt, v) == code, (dt, hex(code))
    assert math.isnan(fp8_value("fp8e4nv", 0x7F)) and math.isnan(fp8_value("fp8e5", 0x7D))
    assert fp8_encode("fp8e4nv", 17.0) == 0x58  # 16 and 18 tie: 16 (even mantissa)
    assert fp8_encode("fp8e4nv", 1000.0) == 0x7E and fp8_encode("fp8e5", -math.inf) == 0xFB
    assert fp8_encode("fp8e5", 1.2, rtz=True) == 0x3C and fp8_encode("fp8e5", math.inf, True) == 0x7C


_check_fp8_reference()


def pack(vals, dt):
    if dt in FP8:
        return bytes(vals)
    if dt in FLOATS:
        return struct.pack("<%d%s" % (len(vals), FMT[dt]), *vals)
    bits = struct.calcsize(FMT[dt]) * 8
    wrapped = []
    for v in vals:
        v &= (1 << bits) - 1
        if FMT[dt].islower() and v >= 1 << (bits - 1):
            v -= 1 << bits
        wrapped.append(v)
    return struct.pack("<%d%s" % (len(vals), FMT[dt]), *wrapped)


def unpack(data, dt):
    if dt in FP8:
        return list(data)
    n = len(data) // struct.calcsize(FMT[dt])
    return list(struct.unpack("<%d%s" % (n, FMT[dt]), data))


def make_input(case, arg, dt):
    rng = random.Random("%s/%s" % (case.name, arg.name))
    kind, params = arg.init
    n = arg.count
    if kind == "empty":
        return bytes([POISON]) * (n * struct.calcsize(FMT[dt]))
    if kind == "zeros":
        vals = [0] * n
    elif kind == "ones":
        vals = [1] * n
    elif kind == "arange":
        vals = list(range(n))
    elif kind == "randint":
        vals = [rng.randrange(params[0], params[1]) for _ in range(n)]
    elif kind == "rand":
        vals = [rng.uniform(params[0], params[1]) for _ in range(n)]
    elif kind == "randn":
        vals = [rng.gauss(0.0, 1.0) for _ in range(n)]
    else:
        raise SystemExit("ref.py: init %s not supported" % kind)
    if dt in FP8:
        return bytes(fp8_encode(dt, float(v)) for v in vals)
    if dt in FLOATS:
        vals = [float(v) for v in vals]
    return pack(vals, dt)


REFS = {}


def ref(*names):
    def deco(fn):
        for n in names:
            REFS[n] = fn
        return fn
    return deco


def rows(v, n):
    return [v[i:i + n] for i in range(0, len(v), n)]


@ref("sort_1d")
def _sort_1d(b, s, c):
    b["asc_ptr"] = sorted(b["x_ptr"])
    b["desc_ptr"] = sorted(b["x_ptr"], reverse=True)


@ref("sort_rows_desc", "sort_rows_fp16")
def _sort_rows(b, s, c):
    n, desc = c[3], c[4]
    b["y_ptr"] = [v for r in rows(b["x_ptr"], n) for v in sorted(r, reverse=desc)]


@ref("argsort_packed")
def _argsort(b, s, c):
    x = b["x_ptr"]
    b["idx_ptr"] = sorted(range(len(x)), key=lambda i: (x[i], i))


@ref("topk_rows")
def _topk(b, s, c):
    n, k = c[2], c[3]
    b["y_ptr"] = [v for r in rows(b["x_ptr"], n) for v in sorted(r, reverse=True)[:k]]


@ref("topk_i16")
def _topk_i16(b, s, c):
    b["y_ptr"] = sorted(b["x_ptr"], reverse=True)[:c[3]]


@ref("gather_axes")
def _gather(b, s, c):
    m, n, k = c[5], c[6], c[7]
    src = rows(b["src_ptr"], n)
    i0, i1 = rows(b["i0_ptr"], n), rows(b["i1_ptr"], k)
    b["g0_ptr"] = [src[i0[r][j]][j] for r in range(k) for j in range(n)]
    b["g1_ptr"] = [src[i][i1[i][r]] for i in range(m) for r in range(k)]


@ref("histogram_mask", "histogram_64")
def _histogram(b, s, c):
    bins = c[5]
    x = b["x_ptr"]
    b["h_ptr"] = [sum(1 for v in x if v == i) for i in range(bins)]
    b["hm_ptr"] = [sum(1 for v in x[:s["n"]] if v == i) for i in range(bins)]


@ref("flip_2d")
def _flip(b, s, c):
    m, n = c[3], c[4]
    x = rows(b["x_ptr"], n)
    b["f0_ptr"] = [v for r in x[::-1] for v in r]
    b["f1_ptr"] = [v for r in x for v in r[::-1]]


@ref("argext_tiebreak")
def _argext_tiebreak(b, s, c):
    x, y = b["x_ptr"], b["y_ptr"]
    b["out_ptr"] = [x.index(max(x)), x.index(min(x)), max(x), min(x), sum(x) + sum(y),
                    max(x + y)]


@ref("minmax_idx_i16")
def _minmax_idx_i16(b, s, c):
    r = rows(b["x_ptr"], s["N"])
    b["val_ptr"] = [min(x) for x in r]
    b["idx_ptr"] = [x.index(min(x)) for x in r]
    b["top_ptr"] = [max(x) for x in r]


@ref("shift_mixed_sign")
def _shift_mixed_sign(b, s, c):
    # int8 sign-extended to 32 bits then shifted arithmetically (Python's >> floors), kept as
    # uint32 bits; uint16 promoted with int8 stays uint16 and shifts logically
    b["z_ptr"] = [(x >> y) & 0xFFFFFFFF for x, y in zip(b["x_ptr"], b["y_ptr"])]
    b["w_ptr"] = [u >> sh for u, sh in zip(b["u_ptr"], b["s_ptr"])]


@ref("number_attrs")
def _number_attrs(b, s, c):
    b["out_ptr"] = [3] * 16
    b["acc_ptr"] = [sum(range(s["lo"], s["hi"], 3))]


@ref("py_forms")
def _py_forms(b, s, c):
    b["out_ptr"] = [max(x, y) for x, y in zip(b["a_ptr"], b["b_ptr"])]
    b["flag_ptr"] = [2]


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def bitonic(x, desc):
    """Triton's sort_impl (standard.py) on one line, as written there: each compare-and-swap
    step computes every position from the old line at once, x = where((x > y) != (flip ^
    is_right), y, x) with y the partner at distance 2^j."""
    n = len(x)
    logn = n.bit_length() - 1
    for stage in range(1, logn + 1):
        for i in range(stage):
            j = stage - 1 - i
            old = list(x)
            for p in range(n):
                flip = (p >> stage) & 1 if stage < logn else int(desc)
                y = old[p ^ (1 << j)]
                x[p] = y if (old[p] > y) != bool(flip ^ ((p >> j) & 1)) else old[p]
    return x


@ref("sort_nan_zero", "sort_nan_zero_desc")
def _sort_special(b, s, c):
    n, desc = c[2], c[3]
    keys = []
    for v in b["x_ptr"]:
        v = float("nan") if v > 0.75 else v
        v = -0.0 if -0.25 < v < 0.0 else v
        v = 0.0 if 0.0 <= v < 0.25 else v
        keys.append(f32(v))
    out = bitonic(keys, desc)
    b["bits_ptr"] = [struct.unpack("<i", struct.pack("<f", v))[0] for v in out]


def f32_round(v):
    return struct.unpack("<f", struct.pack("<f", v))[0] if math.isfinite(v) or math.isnan(v) else v


FP8_BY_FMT = ["fp8e4nv", "fp8e5", "fp8e4b15"]


@ref("fp8_decode_e4nv", "fp8_decode_e5", "fp8_decode_e4b15")
def _fp8_decode(b, s, c):
    dt = FP8_BY_FMT[c[2]]
    b["out_ptr"] = [fp8_value(dt, code) for code in b["bits_ptr"]]


@ref("fp8_encode_e4nv_int", "fp8_encode_e4nv_small", "fp8_encode_e5_randn", "fp8_encode_e5_rtz")
def _fp8_encode(b, s, c):
    dt, rtz = FP8_BY_FMT[c[3]], c[4]
    n = s["n"]
    b["bits_ptr"][:n] = [fp8_encode(dt, x, rtz) for x in b["x_ptr"][:n]]


@ref("fp8_ties_e4nv", "fp8_ties_e5", "fp8_ties_e4b15")
def _fp8_ties(b, s, c):
    dt, rtz = FP8_BY_FMT[c[2]], c[3]
    mids, ups = [], []
    for code in range(256):
        a, nb = fp8_value(dt, code), fp8_value(dt, (code + 1) & 0xFF)
        mid = f32_round((a + nb) * 0.5)
        up = f32_round(mid + f32_round(abs(mid) * 2.0 ** -20))
        mids.append(fp8_encode(dt, mid, rtz))
        ups.append(fp8_encode(dt, up, rtz))
    b["mid_ptr"], b["up_ptr"] = mids, ups


@ref("fp8_copy_e4nv")
def _fp8_copy(b, s, c):
    b["y_ptr"] = list(b["x_ptr"])
    b["f_ptr"] = [fp8_value("fp8e4nv", v) for v in b["x_ptr"]]
    b["h_ptr"] = [fp8_value("fp8e4nv", v) for v in b["x_ptr"]]


def _fp8_minmax(dt, b, c):
    r, n = c[4], c[5]
    x = rows([fp8_value(dt, code) for code in b["x_ptr"]], n)
    b["max_ptr"] = [max(row) for row in x]
    b["min_ptr"] = [min(row[j] for row in x) for j in range(n)]
    b["all_ptr"] = [max(map(max, x)), min(map(min, x))]


@ref("fp8_minmax_e5")
def _fp8_minmax_e5(b, s, c):
    _fp8_minmax("fp8e5", b, c)


@ref("fp8_minmax_e4nv")
def _fp8_minmax_e4nv(b, s, c):
    _fp8_minmax("fp8e4nv", b, c)


@ref("ptr_shape_ops")
def _ptr_shape_ops(b, s, c):
    n, x = c[5], b["x_ptr"]
    b["f_ptr"] = x[::-1]
    b["j_ptr"] = x + [-v for v in x]
    b["i_ptr"] = [v for a in x for v in (2.0 * a, a)]
    b["s_ptr"] = [-v for v in x] + x


@ref("abs_int_min_i32", "abs_int_min_i64")
def _abs_int_min(b, s, c):
    b["y_ptr"] = [abs(v) for v in b["x_ptr"]]
    b["n_ptr"] = list(b["m_ptr"])  # abs(INT_MIN) wraps to INT_MIN


@ref("reduce_keep_first")
def _reduce_keep_first(b, s, c):
    b["r_ptr"] = [b["x_ptr"][0]]
    b["s_ptr"] = [b["x_ptr"][0]] * len(b["x_ptr"])


def _positive_values(decode, top):
    return sorted((decode(c), c) for c in range(top + 1))


F16_POS = _positive_values(lambda c: struct.unpack("<e", struct.pack("<H", c))[0], 0x7BFF)
BF16_POS = _positive_values(lambda c: struct.unpack("<f", struct.pack("<I", c << 16))[0], 0x7F7F)


def toward_zero(table, x):
    """(value, code) of the largest finite value of the format not above |x|, signed"""
    if math.isnan(x) or math.isinf(x):
        return None
    i = bisect.bisect_right([v for v, _ in table], abs(x)) - 1
    v, code = table[i]
    return (-v if x < 0 or math.copysign(1.0, x) < 0 else v), code | (0x8000 if math.copysign(1.0, x) < 0 else 0)


def bf16_bits_of(x):
    r = toward_zero(BF16_POS, x)
    assert r is not None
    return r[1]


def f16_nearest(x):
    try:
        return struct.unpack("<e", struct.pack("<e", x))[0]
    except OverflowError:  # beyond 65520: rounds to infinity
        return math.copysign(math.inf, x)


@ref("rtz_wide", "rtz_randn")
def _rtz(b, s, c):
    n = s["n"]
    xs = b["x_ptr"][:n]
    b["h_ptr"][:n] = [toward_zero(F16_POS, x)[0] for x in xs]
    b["b_ptr"][:n] = [bf16_bits_of(x) for x in xs]
    b["hn_ptr"][:n] = [f16_nearest(x) for x in xs]


def shl_clamped(x, s, bits):
    """x << s as the GPU's shl gives it: 0 once the count (read as unsigned) reaches the width;
    pack() wraps the result to the type."""
    return 0 if s < 0 or s >= bits else x << s


def shr_clamped(x, s, bits):
    """x >> s as shr gives it: arithmetic for a signed x (Python's >>), logical for an unsigned
    one (never negative here); past the width the sign: -1 or 0."""
    if s < 0 or s >= bits:
        return -1 if x < 0 else 0
    return x >> s


def _shift(b, bits):
    b["shl_ptr"] = [shl_clamped(x, n, bits) for x, n in zip(b["x_ptr"], b["s_ptr"])]
    b["shr_ptr"] = [shr_clamped(x, n, bits) for x, n in zip(b["x_ptr"], b["s_ptr"])]


@ref("shift_i8")
def _shift_8(b, s, c):
    _shift(b, 8)


@ref("shift_u16")
def _shift_16(b, s, c):
    _shift(b, 16)


@ref("shift_i32", "shift_u32")
def _shift_32(b, s, c):
    _shift(b, 32)


@ref("shift_i64")
def _shift_64(b, s, c):
    _shift(b, 64)


def _shift_scalar(b, s, c, bits):
    x, n, k = s["x"], s["s"], c[3]
    b["out_ptr"] = [shl_clamped(x, n, bits), shr_clamped(x, n, bits), shl_clamped(x, k, bits),
                    shr_clamped(x, k, bits)]


@ref("shift_scalar_i32")
def _shift_scalar_32(b, s, c):
    _shift_scalar(b, s, c, 32)


@ref("shift_scalar_i64")
def _shift_scalar_64(b, s, c):
    _shift_scalar(b, s, c, 64)


@ref("half_scalar_fp16")
def _half_scalar(b, s, c):
    # small integers and 0.75: every sum is exact in fp16
    v = float(s["s"])
    b["out_ptr"] = [max(float(x), v) + v + max(v, 2.5) for x in b["x_ptr"]]


def constexprs(case):
    """signature position -> constexpr value (a Python int, float or bool)"""
    return {i: e.value for i, e in enumerate(case.sig) if e.kind == "constexpr"}


def main():
    outdir, files = sys.argv[1], sys.argv[2:]
    for path in files:
        case = parse_case(path)
        if case.name not in REFS:
            continue
        runtime = [e for e in case.sig if e.kind != "constexpr"]
        bufs, scalars, dts, raw = {}, {}, {}, {}
        for e, a in zip(runtime, case.args):
            if a.is_buffer:
                raw[a.name] = make_input(case, a, e.dtype)
                dts[a.name] = e.dtype
                bufs[a.name] = unpack(raw[a.name], e.dtype)
            else:
                scalars[a.name] = a.value
        REFS[case.name](bufs, scalars, constexprs(case))
        d = os.path.join(outdir, case.name)
        os.makedirs(d, exist_ok=True)
        for name, data in raw.items():
            with open(os.path.join(d, name + ".in"), "wb") as f:
                f.write(data)
            with open(os.path.join(d, name + ".out"), "wb") as f:
                f.write(pack(bufs[name], dts[name]))


if __name__ == "__main__":
    main()
