"""@triton.autotune through the runner as Triton runs it (torch CPU tensors, C target): every config
timed on the first launch of a key and the fastest kept, the choice read back from disk by a new
autotuner, reset_to_zero and restore_value around the timed launches, TRITONC_AUTOTUNE=first.
Which config ran is read from the output: each config's constexpr REPS is written into it."""
import os
import tempfile

os.environ["TRITONC_CACHE_DIR"] = tempfile.mkdtemp()  # this program's own cache: its autotune/ alone
import torch  # noqa: E402
import triton  # noqa: E402
import triton.language as tl  # noqa: E402
import tritonc  # noqa: E402
from tritonc import jit as J  # noqa: E402


@triton.jit
def spin(x_ptr, out_ptr, n, REPS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    for _ in range(REPS):  # a dependent chain: REPS = 3000 costs thousands of times REPS = 1
        x = x * 0.999 + 0.001
    tl.store(out_ptr + offs, x + REPS, mask=m)


SLOW = triton.Config({"REPS": 3000, "BLOCK": 256})
FAST = triton.Config({"REPS": 1, "BLOCK": 256})


def tuned(**kw):
    return triton.autotune(configs=[SLOW, FAST], key=["n"], **kw)(spin)


def reps_used(x, out):
    r = out - x  # x * 0.999^R + (1 - 0.999^R) + R, so out - x is close to R for x near 1
    return round(r.mean().item())


def expect(what, got, want):
    assert got == want, f"{what}: got {got}, want {want}"


def timings_forbidden(*a, **k):
    raise AssertionError("configs were timed although the choice should come from memory or disk")


n = 1 << 16
x = torch.ones(n)
out = torch.empty(n)
grid = lambda meta: (triton.cdiv(n, meta["BLOCK"]), )  # noqa: E731

# the default: both timed, the fast one kept, and written to disk
os.environ.pop("TRITONC_AUTOTUNE", None)
k = tuned()
k[grid](x, out, n)
expect("default mode", reps_used(x, out), 1)
assert k.configs_timings[0][0] > k.configs_timings[1][0], k.configs_timings
files = os.listdir(os.path.join(tritonc.cache_dir(), "autotune"))
assert len(files) == 1, files

# the same key again in this process: no timing
real_time_ms = J._time_ms
J._time_ms = timings_forbidden
k[grid](x, out, n)
expect("second launch", reps_used(x, out), 1)
# a new autotuner of the same kernel and configs (as a new process has): the choice from disk
k2 = tuned()
k2[grid](x, out, n)
expect("from disk", reps_used(x, out), 1)
# a new key (another n) is timed again
J._time_ms = real_time_ms
x2, out2 = torch.ones(n // 2), torch.empty(n // 2)
k2[lambda meta: (triton.cdiv(n // 2, meta["BLOCK"]), )](x2, out2, n // 2)
expect("second key", reps_used(x2, out2), 1)
assert len(os.listdir(os.path.join(tritonc.cache_dir(), "autotune"))) == 2
assert k2.tuning_key({"x_ptr": x, "out_ptr": out, "n": n}) == (n, "torch.float32", "torch.float32")

# a damaged disk entry is timed again, not trusted
for f in os.listdir(os.path.join(tritonc.cache_dir(), "autotune")):
    with open(os.path.join(tritonc.cache_dir(), "autotune", f), "w") as fh:
        fh.write('{"best": ')
k3 = tuned()
k3[grid](x, out, n)
expect("damaged entry", reps_used(x, out), 1)
assert k3.configs_timings is not None

# TRITONC_AUTOTUNE=first: the first config, nothing timed
os.environ["TRITONC_AUTOTUNE"] = "first"
J._time_ms = timings_forbidden
tuned()[grid](x, out, n)
expect("first mode", reps_used(x, out), 3000)
os.environ["TRITONC_AUTOTUNE"] = "fastest"
try:
    tuned()[grid](x, out, n)
    raise AssertionError("TRITONC_AUTOTUNE=fastest was accepted")
except tritonc.ArgumentError as e:
    assert "TRITONC_AUTOTUNE='fastest'" in str(e), e
os.environ.pop("TRITONC_AUTOTUNE")

# early_config_prune leaving one config: launched without timing
k4 = tuned(prune_configs_by={"early_config_prune": lambda configs, nargs, **kw: configs[:1]})
k4[grid](x, out, n)
expect("pruned to one", reps_used(x, out), 3000)
J._time_ms = real_time_ms


# reset_to_zero: the timed launches add into acc; it is zeroed before each and after tuning, so
# the launch the program asked for adds once
@triton.autotune(configs=[triton.Config({"BLOCK": 128}), triton.Config({"BLOCK": 512})], key=["n"],
                 reset_to_zero=["acc_ptr"])
@triton.jit
def add_into(x_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(acc_ptr + offs, tl.load(acc_ptr + offs, mask=m) + tl.load(x_ptr + offs, mask=m), mask=m)


acc = torch.zeros(n)
add_into[grid](x, acc, n)
torch.testing.assert_close(acc, x)


# restore_value: the timed launches increment y in place; y is restored after each, so the
# program's own launch increments it once
@triton.autotune(configs=[triton.Config({"BLOCK": 128}), triton.Config({"BLOCK": 512})], key=["n"],
                 restore_value=["y_ptr"])
@triton.jit
def bump(y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(y_ptr + offs, tl.load(y_ptr + offs, mask=m) + 1.0, mask=m)


y = torch.arange(n, dtype=torch.float32)
bump[grid](y, n)
torch.testing.assert_close(y, torch.arange(n, dtype=torch.float32) + 1)

# A config the device cannot run is timed as infinitely slow, as Triton's autotuner times one that
# raises OutOfResources, and never chosen. On the CUDA target, a dot whose operand buffers pass the
# shared memory is such a config: its translation raises tritonc.OutOfResources (a CompilationError).
@triton.jit
def big_dot(a_ptr, b_ptr, c_ptr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, 4 * BK, BK):
        a = tl.load(a_ptr + rm[:, None] * 4 * BK + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


try:
    big_dot.compile(["*fp32:16", "*fp32:16", "*fp32:16", "256", "256", "128"], "cuda", 4, 4)
    raise AssertionError("a 256x256x128 fp32 dot in 4 stages translated for the CUDA target")
except tritonc.OutOfResources as e:
    assert isinstance(e, tritonc.CompilationError) and "bytes of shared memory" in str(e), str(e)
tuner = triton.autotune(configs=[triton.Config({"BM": 256, "BN": 256, "BK": 128}),
                                 triton.Config({"BM": 32, "BN": 32, "BK": 32})], key=[])(big_dot)


def no_room(*args, **kwargs):
    raise tritonc.OutOfResources("x.py:1:1: error: kernel big_dot needs 1064960 bytes of shared "
                                 "memory for its reductions, dots and layout changes")


tuner.fn.run = no_room
expect("an out-of-resources config's time", tuner._bench(config=tuner.configs[0], grid=(1,)),
       [float("inf")] * 3)
print("autotune ok")
