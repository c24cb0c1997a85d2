"""The launch features of Triton's JIT, on torch CPU tensors: what each launch binds is read
back from the signature tritonc was given (Launched.signature), and every result is checked
against torch."""
import torch
import triton
import triton.language as tl
from helpers.mathops import scaled

OFFSET = tl.constexpr(3)


@triton.jit
def affine(x_ptr, out_ptr, n, stride, alpha, BLOCK: tl.constexpr, SHIFT: tl.constexpr = 1.5):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs * stride, mask=m)
    tl.store(out_ptr + offs, scaled(x) * alpha + SHIFT + OFFSET, mask=m)


x = torch.randn(4096)
out = torch.empty(4096)
# tuple grid, defaults, ints: n=4096 divisible by 16 -> i32:16; stride 1 -> constexpr 1
pgm = affine[(4, )](x, out, 4096, 1, 0.5, BLOCK=1024)
torch.testing.assert_close(out, x * 2.0 * 0.5 + 1.5 + 3)
assert pgm.signature == "*fp32:16, *fp32:16, i32:16, 1, fp32, 1024, 1.5", pgm.signature

# a strided view (every other element) with stride 2 and n = 2047 -> i32 without :16
xs = x[::2][:2047]
pgm = affine[lambda meta: (triton.cdiv(2047, meta["BLOCK"]), )](xs, out, 2047, xs.stride(0), 2.0,
                                                                BLOCK=512, SHIFT=0.0, num_warps=8)
torch.testing.assert_close(out[:2047], xs * 4.0 + 3)
assert pgm.signature == "*fp32:16, *fp32:16, i32, i32, fp32, 512, 0.0", pgm.signature

# do_not_specialize keeps a 1 as a runtime i32
@triton.jit(do_not_specialize=["stride"])
def copy_strided(x_ptr, out_ptr, n, stride, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs * stride, mask=offs < n), mask=offs < n)


pgm = copy_strided[(1, )](x, out, 100, 1, BLOCK=128)
assert pgm.signature == "*fp32:16, *fp32:16, i32, i32, 128", pgm.signature
torch.testing.assert_close(out[:100], x[:100])

# a closure variable and a 2-D transposed (non-contiguous) tensor with its strides passed
def make_kernel(bias):
    @triton.jit
    def transpose_add(x_ptr, out_ptr, M, N, sxm, sxn, BM: tl.constexpr, BN: tl.constexpr):
        rm = tl.arange(0, BM)
        rn = tl.arange(0, BN)
        mask = (rm[:, None] < M) & (rn[None, :] < N)
        v = tl.load(x_ptr + rm[:, None] * sxm + rn[None, :] * sxn, mask=mask)
        tl.store(out_ptr + rm[:, None] * N + rn[None, :], v + bias, mask=mask)
    return transpose_add


k = make_kernel(10)
a = torch.randn(40, 24)
t = a.t()  # 24 x 40, strides (1, 24)
o = torch.empty(24, 40)
k[(1, )](t, o, 24, 40, t.stride(0), t.stride(1), BM=32, BN=64)
torch.testing.assert_close(o, t + 10)

# autotune (its first config with TRITONC_AUTOTUNE=first; run_autotune.py times them) and heuristics
@triton.autotune(configs=[triton.Config({"BLOCK": 256}, num_warps=4),
                          triton.Config({"BLOCK": 1024}, num_warps=8)], key=["n"])
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def neg(x_ptr, out_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(out_ptr + offs, -tl.load(x_ptr + offs))
    else:
        tl.store(out_ptr + offs, -tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


assert neg.base_fn.__name__ == "neg" and callable(neg.base_fn)  # Triton's Autotuner.base_fn
__import__("os").environ["TRITONC_AUTOTUNE"] = "first"  # the heuristics under a known config
for n in (4096, 1000):
    out.zero_()
    pgm = neg[lambda meta: (triton.cdiv(n, meta["BLOCK"]), )](x, out, n)
    torch.testing.assert_close(out[:n], -x[:n])
    assert out[n:].abs().sum() == 0
    even = "True" if n == 4096 else "False"
    assert pgm.signature.endswith(", 256, " + even), pgm.signature
del __import__("os").environ["TRITONC_AUTOTUNE"]

# bool, float, int64 and fp16/int64 tensors
@triton.jit
def mixed(h_ptr, i_ptr, out_ptr, flag, big, f):
    v = tl.load(h_ptr).to(tl.float32) + tl.load(i_ptr).to(tl.float32)
    if flag:
        v = v + (big - 4294967296).to(tl.float32)
    tl.store(out_ptr, v * f)


h = torch.tensor([1.5], dtype=torch.float16)
i = torch.tensor([40], dtype=torch.int64)
pgm = mixed[(1, )](h, i, out, True, 4294967296 + 7, 2.0)
assert pgm.signature == "*fp16:16, *i64:16, *fp32:16, u1, i64, fp32", pgm.signature
assert out[0].item() == (1.5 + 40 + 7) * 2.0, out[0].item()

# Triton's TensorWrapper (test_core's to_triton for unsigned types): a signed torch tensor whose
# .dtype is tl.uint32, so the kernel sees *u32 and shifts logically
class TensorWrapper:
    def __init__(self, base, dtype):
        self.base, self.dtype, self.device, self.shape = base, dtype, base.device, base.shape

    def data_ptr(self):
        return self.base.data_ptr()


@triton.jit
def halve(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) >> 1)


raw = torch.tensor([-2, -1, 6, 2**31 - 1] * 4, dtype=torch.int32)
res = torch.empty_like(raw)
pgm = halve[(1, )](TensorWrapper(raw, tl.uint32), TensorWrapper(res, tl.uint32), BLOCK=16)
assert pgm.signature == "*u32:16, *u32:16, 16", pgm.signature
want = [(v & 0xFFFFFFFF) >> 1 for v in raw.tolist()]
assert [v & 0xFFFFFFFF for v in res.tolist()] == want, (res.tolist(), want)
# a tuple constexpr (test_core's test_reshape: out_tuple = (16, 4)) is a shape for tl.reshape
@triton.jit
def reshape_rows(x_ptr, out_ptr, SHAPE: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, SHAPE[0] * SHAPE[1]))
    rows, cols = SHAPE
    z = tl.reshape(x, SHAPE)
    tl.store(out_ptr + tl.arange(0, rows)[:, None] * cols + tl.arange(0, cols)[None, :], z)


flat = torch.arange(64, dtype=torch.int32)
res2 = torch.empty(16, 4, dtype=torch.int32)
pgm = reshape_rows[(1, )](flat, res2, (16, 4))
assert pgm.signature == "*i32:16, *i32:16, (16, 4)", pgm.signature
assert torch.equal(res2, flat.reshape(16, 4)), res2
# @triton.jit(repr=...) names the launch's kernel from what the binding specialised, as Triton's
# code generator does: constants by name (constexprs, ints equal to 1, None) and the signature
seen = []


def name_of(spec):
    seen.append((dict(spec.constants), dict(spec.signature)))
    return "k_" + "_".join(f"{k}{v}" for k, v in spec.signature.items())


@triton.jit(repr=name_of)
def spec_probe(x_ptr, big, one, nothing, flag, scale, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), tl.load(x_ptr + tl.arange(0, BLOCK)) * scale)


buf = torch.ones(16)
pgm = spec_probe[(1, )](buf, 2**40, 1, None, True, 2.0, 16)
assert seen == [({"one": 1, "nothing": None, "BLOCK": 16},
                 {"x_ptr": "*fp32", "big": "i64", "one": "constexpr", "nothing": "constexpr",
                  "flag": "u1", "scale": "fp32", "BLOCK": "constexpr"})], seen
assert pgm.name == ("k_x_ptr*fp32_bigi64_oneconstexpr_nothingconstexpr_flagu1_scalefp32_"
                    "BLOCKconstexpr"), pgm.name
assert spec_probe[(1, )](buf, 2**63, 1, None, True, 2.0, 16).name.startswith("k_x_ptr*fp32_bigu64")
try:  # an integer past 64 bits: Triton's launcher raises OverflowError
    spec_probe[(1, )](buf, 2**64, 1, None, True, 2.0, 16)
    raise AssertionError("no OverflowError")
except OverflowError:
    pass
# tl.sum of fp16 / bf16 stays in the type and adds pairwise like Triton's lanes and warps: 4096
# ones sum to 4096 (a sequential 16-bit sum stops at 256 in bf16, 2048 in fp16)
import os, sys  # noqa: E401,E402
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../conformance/kernels"))
from sum_half import sum_half_kernel  # noqa: E402

for dt in (torch.bfloat16, torch.float16):
    xs = torch.ones(64, 64, dtype=dt)
    outs = [torch.empty(64, dtype=dt), torch.empty(64, dtype=dt), torch.empty(1, dtype=dt),
            torch.empty(1, dtype=dt)]
    sum_half_kernel[(1, )](xs, *outs, 64, 64)
    got = [o.float().tolist() for o in outs]
    assert got == [[64.0] * 64, [64.0] * 64, [4096.0], [4096.0]], (dt, got)
    xs = torch.rand(32, 64).to(dt)
    outs = [torch.empty(32, dtype=dt), torch.empty(64, dtype=dt), torch.empty(1, dtype=dt),
            torch.empty(1, dtype=dt)]
    sum_half_kernel[(1, )](xs, *outs, 32, 64)
    xd = xs.double()
    for o, want in zip(outs, (xd.sum(1), xd.sum(0), xd.sum().reshape(1), xd.sum().reshape(1))):
        torch.testing.assert_close(o.double(), want, rtol=1e-2, atol=1e-2)
# integers as pointers and back (test_core's test_where on '*int32'): numpy's where is the oracle
from ptr_cast import ptr_where_kernel  # noqa: E402

cond = torch.arange(200) % 3 == 0
a = torch.randint(-3, 4, (200, ), dtype=torch.int64)
b = torch.randint(-1000, 1000, (200, ), dtype=torch.int64)
out = torch.empty(200, dtype=torch.int64)
nz = torch.empty(200, dtype=torch.int32)
ptr_where_kernel[(4, )](cond, a, b, out, nz, 200, 64)
assert torch.equal(out, torch.where(cond, a, b)), out
assert torch.equal(nz, (a != 0).int() + (b - a > 0).int()), nz
# tl.extra.cuda: globaltimer() advances over 10000 rounds of stores (the C target reads the UTC
# clock in nanoseconds); num_threads() / num_warps() are the launch's num_warps * 32 and num_warps
from cuda_extra import timer_kernel  # noqa: E402

flag = torch.zeros(1, dtype=torch.int32)
acc = torch.zeros(128, dtype=torch.int64)
info = torch.zeros(2, dtype=torch.int32)
timer_kernel[(1, )](flag, acc, info, 10000, num_warps=8)
assert flag.tolist() == [1] and acc.tolist() == [10000] * 128 and info.tolist() == [256, 8], \
    (flag, acc[:4], info)

# a kernel named in Cyrillic (valid Python): its entry points are ASCII (u044f...), which the
# runner finds by the same spelling
@triton.jit
def ядро(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) * 3)


xu = torch.randn(64)
outu = torch.empty(64)
ядро[(1, )](xu, outu, BLOCK=64)
torch.testing.assert_close(outu, xu * 3)
print("features ok")
