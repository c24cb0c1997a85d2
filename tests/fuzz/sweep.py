#!/usr/bin/env python3
"""sweep.py — the systematic side of the fuzzer: every operation on every kind of operand, in
every dtype, on both targets, one statement in a fixed kernel (Python 3 standard library).

    r = OP(a)            or   r = OP(a, b)
    tl.store(out_ptr + offs, r)

a and b are each one of KINDS (a tensor loaded from a *DT pointer, a scalar argument of type
DT, a pointer tensor, a pointer scalar, a 2-D tensor, Python int / float / bool constants, a
constexpr), DT one of the 15 DTYPES; OP one of UNARY or BINARY (builtins, operators, reductions,
scans, shape ops, atomics, loads and stores). Binary operations pair a's dtype with b's own for
tensor operands, and with a's elsewhere. Each case is checked as mutate.py checks a mutant
(tests/fuzz/mutate.py's check: exit 0 or 1, a positioned error, no sanitizer report, C that
compiles with -Wall -Wextra -Werror, CUDA with nvcc where installed).

    python3 tests/fuzz/sweep.py [--count N --seed S | --seconds S --seed S | --all]
                                [--jobs N] [--out DIR] [--no-nvcc] [--list]

--count N checks N cases drawn with the seed from the whole space (the short slice of `make
test`: deterministic); --seconds S goes through the whole space in the seed's order until S
seconds have passed (`make fuzz`); --all checks every case. Prints one FAIL line per kind of
defect with the file that reproduces it (OUT/sweep_NNN.py, its `# tritonc:` line the arguments),
then "N passed, N failed" (cases).
"""
import argparse
import concurrent.futures
import itertools
import os
import queue
import random
import shlex
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutate  # noqa: E402

DTYPES = {"i1": "tl.int1", "i8": "tl.int8", "i16": "tl.int16", "i32": "tl.int32", "i64": "tl.int64",
          "u8": "tl.uint8", "u16": "tl.uint16", "u32": "tl.uint32", "u64": "tl.uint64",
          "fp16": "tl.float16", "bf16": "tl.bfloat16", "fp32": "tl.float32", "fp64": "tl.float64",
          "fp8e4nv": "tl.float8e4nv", "fp8e5": "tl.float8e5"}
FP8 = ("fp8e4nv", "fp8e5")

# operand kind -> (expression, is it a tensor of the dtype); X is a or b, DT the dtype's tl name
KINDS = {
    "tensor": "tl.load(X_ptr + offs)",
    "scalar": "sX",
    "ptr": "X_ptr + offs",
    "ptr_scalar": "X_ptr",
    "tensor2d": "tl.load(X_ptr + offs[:, None] * BLOCK + offs[None, :])",
    "full": "tl.full([BLOCK], 3, DT)",
    "int": "3",
    "neg_int": "-7",
    "big_int": "2147483648",
    "float": "2.5",
    "bool": "True",
    "constexpr": "BLOCK",
}
TYPED = ("tensor", "scalar", "ptr", "ptr_scalar", "tensor2d", "full")  # kinds that carry DT

UNARY = [
    "-{a}", "~{a}", "not {a}", "abs({a})", "tl.abs({a})", "tl.exp({a})", "tl.exp2({a})",
    "tl.log({a})", "tl.log2({a})", "tl.sqrt({a})", "tl.sqrt_rn({a})", "tl.rsqrt({a})",
    "tl.sin({a})", "tl.cos({a})", "tl.floor({a})", "tl.ceil({a})", "tl.sigmoid({a})",
    "tl.erf({a})", "tl.softmax({a})", "tl.sum({a}, 0)", "tl.max({a}, 0)", "tl.min({a}, 0)",
    "tl.argmax({a}, 0)", "tl.argmin({a}, 0)", "tl.xor_sum({a}, 0)", "tl.cumsum({a}, 0)",
    "tl.cumprod({a}, 0)", "tl.flip({a}, 0)", "tl.sort({a})", "tl.ravel({a})", "tl.trans({a})",
    "tl.reshape({a}, [BLOCK])", "tl.expand_dims({a}, 0)", "tl.broadcast_to({a}, [BLOCK])",
    "{a}.to(tl.float32)", "{a}.to(tl.int8)", "{a}.to(tl.float8e5)", "{a}.to(tl.uint64)",
    "{a}.to(tl.int32, bitcast=True)", "tl.load({a})", "tl.split(tl.join({a}, {a}))[0]",
    "tl.histogram({a}, 4)", "tl.where({a}, 1, 0)", "tl.zeros_like({a})",
    "tl.full([BLOCK], {a}, tl.float32)", "tl.max_contiguous({a}, 4)", "tl.multiple_of({a}, 4)",
    "tl.math.fma({a}, {a}, {a})", "tl.umulhi({a}, {a})", "tl.div_rn({a}, {a})",
    "tl.fdiv({a}, {a})", "tl.clamp({a}, {a}, {a})", "tl.associative_scan({a}, 0, _add)",
    "tl.reduce({a}, 0, _add)", "tl.topk({a}, 4)", "tl.gather({a}, offs, 0)",
    "tl.interleave({a}, {a})", "tl.atomic_add({a}, 1)", "tl.inline_asm_elementwise('mov.b32 $0, $1;', '=r,r', [{a}], dtype=tl.int32, is_pure=True, pack=1)",
]
BINARY = [
    "{a} + {b}", "{a} - {b}", "{a} * {b}", "{a} / {b}", "{a} // {b}", "{a} % {b}", "{a} ** {b}",
    "{a} << {b}", "{a} >> {b}", "{a} & {b}", "{a} | {b}", "{a} ^ {b}", "{a} < {b}",
    "{a} <= {b}", "{a} == {b}", "{a} != {b}", "{a} and {b}", "{a} or {b}",
    "tl.maximum({a}, {b})", "tl.minimum({a}, {b})", "tl.where({a}, {b}, {b})",
    "tl.where({b} > 0, {a}, {b})", "tl.fma({a}, {b}, {b})", "tl.join({a}, {b})",
    "tl.interleave({a}, {b})", "tl.cat({a}, {b}, can_reorder=True)", "tl.clamp({a}, {b}, {b})",
    "tl.atomic_add({a}, {b})", "tl.atomic_max({a}, {b})", "tl.atomic_xchg({a}, {b})",
    "tl.atomic_cas({a}, {b}, {b})", "tl.load({a}, mask={b})", "tl.load({a}, mask=offs < 8, other={b})",
    "tl.store({a}, {b})", "tl.dot({a}, {b})", "tl.umulhi({a}, {b})", "tl.cdiv({a}, {b})",
    "tl.math.pow({a}, {b})", "tl.rand({b}, {a})", "tl.randint({b}, {a})",
    "tl.broadcast_to({a}, {b})", "tl.reshape({a}, {b})", "{a}.to({b})",
]

KERNEL = '''import triton
import triton.language as tl


@triton.jit
def _add(x, y):
    return x + y


@triton.jit
def k(a_ptr, b_ptr, out_ptr, sa, sb, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    a = {A}
    b = {B}
    r = {OP}
    tl.store(out_ptr + offs, r)
'''


def operand(kind, x, dt):
    return KINDS[kind].replace("X", x).replace("DT", DTYPES[dt])


def scalar_type(dt):
    """A scalar argument of an fp8 dtype is not a signature type: fp32, cast in the kernel."""
    return "fp32" if dt in FP8 else dt


def case(op, ka, da, kb, db, target):
    """(kernel source, translator arguments) of one case."""
    a, b = operand(ka, "a", da), operand(kb, "b", db)
    if ka == "scalar" and da in FP8:
        a = "sa.to(%s)" % DTYPES[da]
    if kb == "scalar" and db in FP8:
        b = "sb.to(%s)" % DTYPES[db]
    src = KERNEL.replace("{A}", a).replace("{B}", b).replace("{OP}", op.format(a="a", b="b"))
    sig = "*%s, *%s, *%s, %s, %s, 16" % (da, db, da, scalar_type(da), scalar_type(db))
    args = ["-n", "k", "-s", sig, "-g", "1, 1, 1"] + (["--target", "cuda"] if target == "cuda" else [])
    return src, args


def space():
    """Every case, in a fixed order: (op, kind a, dtype a, kind b, dtype b, target)."""
    out = []
    for target in ("c", "cuda"):
        for op in UNARY:
            for ka in KINDS:
                for da in (DTYPES if ka in TYPED else ["fp32"]):
                    out.append((op, ka, da, "int", "i32", target))
        for op in BINARY:
            for ka, kb in itertools.product(KINDS, KINDS):
                for da in (DTYPES if ka in TYPED else ["fp32"]):
                    dbs = DTYPES if (ka, kb) == ("tensor", "tensor") else [da]
                    for db in (dbs if kb in TYPED else ["fp32"]):
                        out.append((op, ka, da, kb, db, target))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0)
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--out", default=os.path.join(mutate.ROOT, "build", "fuzz", "defects"))
    ap.add_argument("--tritonc", default=os.environ.get("TRITONC_SAN", os.path.join(
        mutate.ROOT, "bin", "tritonc-san")))
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-nvcc", action="store_true")
    ap.add_argument("--nvcc-limit", type=int, default=0,
                    help="compile at most N distinct CUDA outputs with nvcc (0: all)")
    ap.add_argument("--list", action="store_true", help="print the size of the space and exit")
    a = ap.parse_args()
    cases = space()
    if a.list:
        print("%d cases (%d operations, %d kinds, %d dtypes, 2 targets)" %
              (len(cases), len(UNARY) + len(BINARY), len(KINDS), len(DTYPES)))
        return 0
    rng = random.Random(a.seed)
    if a.count:
        cases = rng.sample(cases, min(a.count, len(cases)))
    elif not a.all:
        rng.shuffle(cases)
        if not a.seconds:
            a.seconds = 60
    tritonc = os.path.abspath(a.tritonc)
    if not os.access(tritonc, os.X_OK):
        print("FAIL setup (%s not built: make bin/tritonc-san)\n0 passed, 1 failed" % tritonc)
        return 1
    nvcc = None if a.no_nvcc else mutate.find_nvcc()
    mutate.NVCC_LIMIT[0] = a.nvcc_limit
    os.makedirs(a.out, exist_ok=True)
    kinds, passed, failed, runs, start, made = {}, 0, 0, 0, time.time(), 0
    with tempfile.TemporaryDirectory(prefix="sweep.") as top, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        works = queue.Queue()
        for j in range(a.jobs):
            os.makedirs(os.path.join(top, str(j)))
            works.put(os.path.join(top, str(j)))

        def run_one(c):
            src, args = case(*c)
            work = works.get()
            try:
                d = mutate.check(tritonc, shlex.split(a.cc), work, src, args, nvcc=nvcc)
                made = any(f.startswith("out.") for f in os.listdir(work))
                return src, args, d, made
            finally:
                works.put(work)

        for i in range(0, len(cases), 4 * a.jobs):
            if a.seconds and time.time() - start >= a.seconds:
                break
            batch = cases[i:i + 4 * a.jobs]
            runs += len(batch)
            for c, (src, args, defect, out) in zip(batch, pool.map(run_one, batch)):
                made += out
                if defect is None:
                    passed += 1
                    continue
                failed += 1
                k = mutate.kind_of(defect)
                if k in kinds:
                    kinds[k][1] += 1
                    continue
                path = os.path.join(a.out, "sweep_%03d.py" % len(kinds))
                kinds[k] = [path, 1, c]
                with open(path, "w", encoding="utf-8") as f:
                    f.write("# tritonc: %s\n# defect: %s\n%s" % (shlex.join(args), defect, src))
    for k, (path, n, c) in kinds.items():
        print("FAIL %s x%d (%s on %s %s, %s %s, %s)\n    reproduce: %s" %
              (k, n, c[0], c[1], c[2], c[3], c[4], c[5], os.path.relpath(path, mutate.ROOT)))
    print("%d cases in %.0f s (seed %d): %d translated, %d refused; %d kinds of defect" %
          (runs, time.time() - start, a.seed, made, runs - made, len(kinds)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
