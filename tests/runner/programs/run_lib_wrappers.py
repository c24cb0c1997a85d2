"""Launch wrappers that kernel libraries build on Triton's runtime classes, through the runner
(torch CPU tensors, C target), each result checked against torch:
- an entry cache in the way of FlagGems' libentry: the first call goes through fn.run and keeps
  what it returns (Triton's CompiledKernel); later calls launch that object directly,
  compiled[grid](*runtime_args) (Triton 3.6: constexprs left out) or with every argument
  (3.3-3.5); the wrapper reads JITFunction.signature and .params;
- an autotuner subclassing triton.runtime.Autotuner that passes Triton 3.6's constructor
  arguments by position and runs its own search with prune_configs(kwargs),
  _bench(*args, config=, **kwargs) and pre_hook(nargs, reset_only=True), and under
  TRITONC_AUTOTUNE=first keeps the first config without launching the others;
- a @tl.constexpr function a kernel calls, with the plain function it calls in turn."""
import inspect
import os

import torch
import triton
import triton.language as tl
import tritonc


@triton.jit
def axpy(x_ptr, y_ptr, out_ptr, a, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, a * tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m),
             mask=m)


class EntryCache(triton.KernelInterface):
    """Keys launches by dtype and constexpr values; launches a known key without binding."""

    def __init__(self, fn):
        self.fn = fn
        self.arg_names = fn.arg_names
        jf = fn
        while not isinstance(jf, triton.runtime.JITFunction):
            jf = jf.fn
        self.const_at = [p.num for p in jf.params if p.is_constexpr]
        self.names = list(jf.signature.parameters)
        self.compiled = {}
        self.first_calls = 0

    def run(self, *args, grid, warmup=False, **kwargs):
        key = tuple(str(a.dtype) if hasattr(a, "dtype") else type(a).__name__ for a in args)
        key += tuple(sorted(kwargs.items()))
        if key not in self.compiled:
            self.first_calls += 1
            self.compiled[key] = self.fn.run(*args, grid=grid, warmup=warmup, **kwargs)
            return self.compiled[key]
        runtime = [a for i, a in enumerate(args) if i not in self.const_at]
        runtime += [v for k, v in kwargs.items() if k in self.names and
                    self.names.index(k) not in self.const_at]
        self.compiled[key][grid](*runtime)
        return self.compiled[key]


def check(out, x, y, a, what):
    torch.testing.assert_close(out, a * x + y, msg=what)


n = 1000
grid = (triton.cdiv(n, 128),)
x, y = torch.randn(n), torch.randn(n)
entry = EntryCache(axpy)
for a in (2.0, -0.5, 3.0):
    out = torch.empty(n)
    entry[grid](x, y, out, a, n, BLOCK=128)
    check(out, x, y, a, f"entry cache, a={a}")
assert entry.first_calls == 1, entry.first_calls
# every argument in order, constexprs included (the launcher of Triton 3.3-3.5)
compiled = next(iter(entry.compiled.values()))
out = torch.empty(n)
compiled[grid](x, y, out, 1.5, n, 128)
check(out, x, y, 1.5, "every argument")
try:
    compiled[grid](x, y, out)
    raise AssertionError("a compiled kernel launched with too few arguments")
except tritonc.ArgumentError as e:
    assert "runtime arguments" in str(e), e
assert str(inspect.signature(axpy.fn)) == str(axpy.signature)


class SearchAll(triton.runtime.Autotuner):
    """Times every config left after pruning with the base class's _bench, keeps the fastest."""

    def __init__(self, fn, arg_names, configs, key, reset_to_zero, restore_value, pre_hook=None,
                 post_hook=None, prune_configs_by=None, warmup=None, rep=None,
                 use_cuda_graph=False):
        super().__init__(fn, arg_names, configs, key, reset_to_zero, restore_value, pre_hook,
                         post_hook, prune_configs_by, warmup, rep, use_cuda_graph)
        self.chosen = {}
        self.timed = []

    def run(self, *args, **kwargs):
        self.nargs = dict(zip(self.arg_names, args))
        key = tuple(self.nargs[k] for k in self.keys)
        if key not in self.chosen:
            configs = self.prune_configs(kwargs)
            times = {}
            for c in configs:
                times[c] = self._bench(*args, config=c, **kwargs)[0]
                self.timed.append(c.kwargs["BLOCK"])
            self.chosen[key] = min(times, key=times.get)
            self.pre_hook({**self.nargs, **kwargs}, reset_only=True)
        self.best_config = self.chosen[key]
        ret = self.fn.run(*args, **kwargs, **self.best_config.all_kwargs())
        self.nargs = None
        return ret


@triton.jit
def accumulate(x_ptr, acc_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.atomic_add(acc_ptr + offs, tl.load(x_ptr + offs, mask=m), mask=m)


pruned_with = []


def keep_small(configs, nargs, **kwargs):
    pruned_with.append(sorted(nargs))
    return [c for c in configs if c.kwargs["BLOCK"] <= 256]


configs = [triton.Config({"BLOCK": b}) for b in (64, 256, 1024)]
tuner = SearchAll(accumulate, accumulate.arg_names, configs, ["n"], ["acc_ptr"], None,
                  prune_configs_by={"early_config_prune": keep_small})
acc = torch.zeros(n)
tuner[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, acc, n)
assert sorted(tuner.timed) == [64, 256], tuner.timed
assert pruned_with == [["acc_ptr", "n", "x_ptr"]], pruned_with
# reset_to_zero around each timed launch and after tuning: one accumulation is left, not three
torch.testing.assert_close(acc, x)
assert tuner.best_config.kwargs["BLOCK"] in (64, 256)
# a @tl.constexpr function the kernel calls (FlagGems' get_scan_accum_type), and the plain
# function it calls, reach the translation as host Python


def widen_to(t):
    return tl.float32 if t.is_fp16() or t.is_bf16() else t


@tl.constexpr
def accum_type(t: tl.dtype) -> tl.dtype:
    return widen_to(t)


@triton.jit
def prefix_sum(x_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    acc_t: tl.constexpr = accum_type(x_ptr.type.element_ty)
    tl.store(out_ptr + offs, tl.cumsum(tl.load(x_ptr + offs).to(acc_t), 0))


h = (torch.arange(64) % 7).to(torch.float16)
ps = torch.empty(64)
prefix_sum[(1,)](h, ps, N=64)
torch.testing.assert_close(ps, torch.cumsum(h.float(), 0))

# TRITONC_AUTOTUNE=first: _bench launches nothing and rates every config alike, so the search
# keeps the first config it is given
os.environ["TRITONC_AUTOTUNE"] = "first"
tuner = SearchAll(accumulate, accumulate.arg_names, configs[::-1], ["n"], ["acc_ptr"], None)
acc = torch.zeros(n)
tuner[lambda meta: (triton.cdiv(n, meta["BLOCK"]),)](x, acc, n)
assert tuner.best_config.kwargs["BLOCK"] == 1024, tuner.best_config
torch.testing.assert_close(acc, x)
print("lib_wrappers ok")
