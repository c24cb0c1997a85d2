"""philox_ref.py — an independent reference for Triton's random numbers, written from the
definition of Philox (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3", SC'11) and
the way triton.language.random feeds it, in plain Python integers (no numpy, no tritonc code).

Checked against Random123's published known-answer vectors for Philox4x32-10 and Philox4x64-10
before anything else is compared (self_test)."""
import math
import struct

M32, M64 = (1 << 32) - 1, (1 << 64) - 1
# (multiplier for word 0, multiplier for word 2, key bump 0, key bump 1, word mask, word bits)
P32 = (0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85, M32, 32)
P64 = (0xD2E7470EE14C6C93, 0xCA5A826395121157, 0x9E3779B97F4A7C15, 0xBB67AE8584CAA73B, M64, 64)


def philox(ctr, key, rounds=10, p=P32):
    m0, m1, b0, b1, mask, w = p
    c0, c1, c2, c3 = ctr
    k0, k1 = key
    for _ in range(rounds):
        p0, p1 = m0 * c0, m1 * c2  # full double-width products
        c0, c1, c2, c3 = ((p1 >> w) ^ c1 ^ k0) & mask, p1 & mask, ((p0 >> w) ^ c3 ^ k1) & mask, p0 & mask
        k0, k1 = (k0 + b0) & mask, (k1 + b1) & mask
    return c0, c1, c2, c3


KAT = [  # Random123 kat_vectors: philox4x32 10 / philox4x64 10, (counter, key, expected)
    (P32, (0, 0, 0, 0), (0, 0), (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)),
    (P32, (M32,) * 4, (M32, M32), (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)),
    (P32, (0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344), (0xa4093822, 0x299f31d0),
     (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1)),
    (P64, (0, 0, 0, 0), (0, 0),
     (0x16554d9eca36314c, 0xdb20fe9d672d0fdc, 0xd7e772cee186176b, 0x7e68b68aec7ba23b)),
    (P64, (M64,) * 4, (M64, M64),
     (0x87b092c3013fe90b, 0x438c3c67be8d0224, 0x9cc7d7c69cd777b6, 0xa09caebf594f0ba0)),
    (P64, (0x243f6a8885a308d3, 0x13198a2e03707344, 0xa4093822299f31d0, 0x082efa98ec4e6c89),
     (0x452821e638d01377, 0xbe5466cf34e90c6c),
     (0xa528f45403e61d95, 0x38c72dbd566e9788, 0xa5a1610e72fd18b5, 0x57bd43b5e52b7fe6)),
]


def self_test():
    bad = [i for i, (p, c, k, want) in enumerate(KAT) if philox(c, k, 10, p) != want]
    return bad


# ---- Triton's use of it ----
def randint4x(seed, offset, bits, rounds=10):
    """seed: the Python int the kernel got (int32 or int64, sign-extended to uint64 as a cast
    of a signed integer does); offset: the counter as a signed int of `bits` bits. Philox4x32 for
    every width: the offset's low word is the first counter, its high word (64-bit offsets) the
    second, as Triton 3.6's randint4x splits it (its recorded int64-offset outputs agree)."""
    s = seed & M64
    hi = (offset >> 32) & M32 if bits == 64 else 0
    return philox((offset & M32, hi, 0, 0), (s & M32, s >> 32), rounds, P32)


def f32(x):
    """round a double to the nearest float32 (ties to even), as a Python float"""
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_of_int(x):
    """an integer converted to float32 with one rounding (to nearest, ties to even)"""
    if x == 0:
        return 0.0
    neg, a = x < 0, abs(x)
    sh = a.bit_length() - 24
    if sh > 0:
        q, r = a >> sh, a & ((1 << sh) - 1)
        half = 1 << (sh - 1)
        if r > half or (r == half and q & 1):
            q += 1
        a = q << sh
    return -float(a) if neg else float(a)


def uniform(u, bits):
    """uint_to_uniform_float: the word as signed, x < 0 -> -x - 1 (wrapping), times the scale"""
    top = 1 << (bits - 1)
    x = u - (1 << bits) if u >= top else u
    if x < 0:
        x = -x - 1
        if x >= top:  # -INT_MIN wraps to INT_MIN, minus 1 wraps to INT_MAX
            x -= 1 << bits
    scale = f32(4.6566127342e-10 if bits == 32 else 1.0842020432385337e-19)
    return f32(f32_of_int(x) * scale)


def normal_pair(u1, u2):
    """Box-Muller with fp32 roundings after every step (the math itself in double)"""
    u1 = max(f32(1.0e-7), u1)
    th = f32(f32(6.283185307179586) * u2)
    r = f32(math.sqrt(f32(f32(-2.0) * f32(math.log(u1)))))
    return f32(r * f32(math.cos(th))), f32(r * f32(math.sin(th)))


def bits_of(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def ulps(a, b):
    """distance in float32 units in the last place (both finite)"""
    def key(x):
        u = bits_of(x)
        return u if u < 0x80000000 else 0x80000000 - u
    return abs(key(a) - key(b))
