"""check.py KIND SEED BASE N [ROUNDS] < driver output: compares a translated kernel's words with
philox_ref.py. Integers must match bit for bit, rand exactly; randn within ULP_TOL float32 ulps
(log/cos/sin are libm's on the C side, Triton's on the GPU); elements past N must be untouched
(0xAB bytes). Prints one line: 'ok' or what differs first; exit status 1 on a difference."""
import struct
import sys

import philox_ref as P

ULP_TOL = 4


def want(kind, seed, base, i, rounds):
    if kind in ("randint64", "rand64", "randn64"):
        w = P.randint4x(seed, base + i, 64, rounds)
        if kind == "randint64":
            return [w[0]]
        if kind == "rand64":
            return [P.uniform(w[0], 32)]
        return [P.normal_pair(P.uniform(w[0], 32), P.uniform(w[1], 32))[0]]
    w = P.randint4x(seed, i, 32, rounds)
    if kind == "randint":
        return [w[0]]
    if kind == "randint4x":
        return list(w)
    u = [P.uniform(x, 32) for x in w]
    if kind in ("rand", "dropout"):
        return [u[0]]
    if kind == "randn":
        return [P.normal_pair(u[0], u[1])[0]]
    if kind == "randn4x":
        return list(P.normal_pair(u[0], u[1]) + P.normal_pair(u[2], u[3]))
    raise SystemExit("unknown kind " + kind)


def main():
    kind, seed, base, n = sys.argv[1], int(sys.argv[2], 0), int(sys.argv[3], 0), int(sys.argv[4])
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 10
    lines = sys.stdin.read().split("\n")
    floats = kind not in ("randint", "randint4x", "randint64")
    wide = kind == "randint64"
    for i, line in enumerate(l for l in lines if l):
        got = [int(t, 16) for t in line.split()]
        if i >= n:
            pad = 0xABABABABABABABAB if wide else 0xABABABAB
            if any(g != pad for g in got):
                print("element %d past n=%d was written" % (i, n))
                return 1
            continue
        ws = want(kind, seed, base, i, rounds)
        if kind == "dropout":
            x = float((i % 13) - 6)
            p = P.f32(0.375)
            ws = [P.f32(P.f32(x / P.f32(1 - p))) if ws[0] > p else 0.0]
        for j, (g, w) in enumerate(zip(got, ws)):
            if not floats:
                ok = g == w
            else:
                gf = struct.unpack("<f", struct.pack("<I", g))[0]
                if kind.startswith("randn"):
                    ok = P.ulps(gf, w) <= ULP_TOL
                elif kind == "dropout":  # the keep mask exactly, the scaled value to 1 ulp
                    ok = (gf == 0) == (w == 0) and P.ulps(gf, w) <= 1
                else:
                    ok = P.bits_of(w) == g
            if not ok:
                print("element %d word %d: got %#x want %s" % (i, j, g, hex(w) if not floats else
                                                                repr(w)))
                return 1
    if len([l for l in lines if l]) != n + 200:
        print("expected %d lines" % (n + 200))
        return 1
    print("ok")
    return 0


sys.exit(main())
