"""@triton.jit, @triton.autotune and @triton.heuristics routed through tritonc.

A JITFunction keeps the kernel's Python function only for its source, signature and globals;
its body never runs in Python. `kernel[grid](*args, **kwargs)` binds the arguments like Triton's
JIT (bind.py), looks the specialisation up in memory, then in the disk cache, else translates and
compiles it (build.py), and calls it (launch_c.py, launch_cuda.py).

Autotuning as Triton's: every config of @triton.autotune (after prune_configs_by) is timed on the
first launch of each key and the fastest kept, on disk too; TRITONC_AUTOTUNE=first takes the
first config without timing (Autotuner)."""
import inspect
import json
import os
import re
import sys
import textwrap
import time
from collections import namedtuple

from . import bind, build, source
from .errors import ArgumentError, DeviceError, OutOfResources

# Launch options Triton takes as keywords besides the kernel's parameters.
OPTIONS = {"num_warps": 4, "num_stages": 3, "num_ctas": 1, "maxnreg": None,
           "enable_fp_fusion": True, "launch_cooperative_grid": False, "launch_pdl": False,
           "matrix_instr_nonkdim": 0, "kpack": 1, "waves_per_eu": 0, "debug": None,
           "sanitize_overflow": None, "extern_libs": None, "enable_reflect_ftz": None,
           "instrumentation_mode": None,
           # the CUDA backend's target architecture ("sm80"): NVRTC compiles for the device the
           # tensors are on, the C target for the host
           "arch": None}


def _ir_unavailable(what):
    """Called when a program reads a launch's IR/PTX (pgm.asm[...]); the pytest plugin replaces
    it with a skip."""
    raise NotImplementedError(f"tritonc: a launch through tritonc has no Triton {what} "
                              "(the kernel was translated to C/CUDA C, not compiled by Triton)")


ir_hook = [_ir_unavailable]


class _Asm(dict):
    def __init__(self, folder):
        super().__init__()
        self.folder = folder

    def __getitem__(self, k):
        if k in ("c", "cu", "source"):
            for name in ("kernel.c", "kernel.cu"):
                p = os.path.join(self.folder, name)
                if os.path.exists(p):
                    with open(p) as f:
                        return f.read()
        return ir_hook[0](f"asm[{k!r}]")

    def __contains__(self, k):
        return ir_hook[0](f"asm ({k!r} in asm)")

    def keys(self):
        return ir_hook[0]("asm.keys()")


class Launched:
    """What kernel[grid](...) returns: Triton's CompiledKernel stand-in. The generated source
    is at .folder; Triton's IR and PTX do not exist here."""

    def __init__(self, kernel, signature, folder):
        self.name = kernel
        self.signature = signature
        self.folder = folder
        self.asm = _Asm(folder)
        self.relaunch = None  # (JITFunction, constexpr values, launch options): see __getitem__

    def __getitem__(self, grid):
        """compiled[grid](*args): launches this specialisation again, as Triton's CompiledKernel
        does, with the runtime arguments alone (Triton 3.6) or with every argument (3.3-3.5),
        in the parameters' order; the constexprs are this compilation's. FlagGems' libentry
        keeps what the first launch returned and launches later calls this way."""
        jf, consts, options = self.relaunch

        def launch(*args, stream=None):
            runtime = [p.name for p in jf.params if not p.is_constexpr]
            if len(args) == len(jf.params):
                names = jf.arg_names
            elif len(args) == len(runtime):
                names = runtime
            else:
                raise ArgumentError(f"tritonc: {jf.__name__}: a compiled kernel takes its "
                                    f"{len(runtime)} runtime arguments or all {len(jf.params)}, "
                                    f"got {len(args)}")
            bound = dict(zip(names, args))
            bound.update(consts)
            return jf.run(grid=grid, **bound, **options)
        return launch

    def __getattr__(self, k):
        if k in ("metadata", "n_regs", "n_spills", "n_max_threads", "kernel", "module",
                 "packed_metadata", "src", "hash", "function"):
            return ir_hook[0](k)
        raise AttributeError(k)


# What Triton's code generator hands to @triton.jit(repr=...) to name the compiled kernel:
# constants maps each constexpr parameter (annotated, or specialised away like an int equal to 1
# or None) to its value; signature maps every parameter to its type ('i32', '*fp32', 'u64', ...)
# or 'constexpr'.
SpecializationProxy = namedtuple("SpecializationProxy", ["constants", "signature"])


def specialization_proxy(params, bound, entries):
    constants, signature = {}, {}
    for p, entry in zip(params, entries):
        v = bound[p.name]
        if p.is_constexpr or type(v).__name__ == "constexpr" or entry in ("1", "None"):
            constants[p.name] = bind.constexpr_value(v)
            signature[p.name] = "constexpr"
        else:
            signature[p.name] = entry.split(":")[0]
    return SpecializationProxy(constants, signature)


class Param:
    __slots__ = ("name", "num", "is_constexpr", "default", "has_default", "do_not_specialize",
                 "no_align")

    def __init__(self, num, p, dns, dnsa):
        self.name = p.name
        self.num = num
        ann = p.annotation
        text = ann if isinstance(ann, str) else getattr(ann, "__name__", str(ann))
        self.is_constexpr = ann is not inspect.Parameter.empty and "constexpr" in text
        self.default = p.default
        self.has_default = p.default is not inspect.Parameter.empty
        self.do_not_specialize = p.name in dns or num in dns
        self.no_align = p.name in dnsa or num in dnsa


class KernelWrapper:
    """jit / autotune / heuristics share the launch syntax."""

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, warmup=False, **kwargs)

    def jit_function(self):
        f = self
        while not isinstance(f, JITFunction):
            f = f.fn
        return f

    @property
    def base_fn(self):
        """The Python function under the decorators (Triton's Autotuner.base_fn)."""
        return self.jit_function().fn


def grid_dims(g):
    if isinstance(g, int):
        g = (g,)
    g = tuple(x if type(x) is int else int(bind.constexpr_value(x)) for x in g)
    if not 1 <= len(g) <= 3:
        raise ArgumentError(f"tritonc: a grid has 1 to 3 dimensions, got {g!r}")
    return g + (1,) * (3 - len(g))


class JITFunction(KernelWrapper):
    def __init__(self, fn, version=None, do_not_specialize=None,
                 do_not_specialize_on_alignment=None, debug=None, noinline=None, repr=None,
                 launch_metadata=None, **_ignored):
        self.fn = fn
        self.__name__ = fn.__name__
        self.__qualname__ = getattr(fn, "__qualname__", fn.__name__)
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__
        self.__globals__ = fn.__globals__
        self.module = fn.__module__
        self.noinline = bool(noinline)
        self.debug = debug
        self._repr = repr
        sig = inspect.signature(fn)
        dns = set(do_not_specialize or ())
        dnsa = set(do_not_specialize_on_alignment or ())
        self.signature = sig  # Triton's JITFunction.signature (FlagGems' libentry reads it)
        self.params = [Param(i, p, dns, dnsa) for i, p in enumerate(sig.parameters.values())]
        self.arg_names = [p.name for p in self.params]
        self.constexprs = [p.num for p in self.params if p.is_constexpr]
        self._by_name = {p.name: p for p in self.params}
        raw = textwrap.dedent(inspect.getsource(fn))
        m = re.search(r"^def\s+\w+\s*\(", raw, re.MULTILINE)
        self.def_line = fn.__code__.co_firstlineno + raw[:m.start()].count("\n")
        self.src = raw[m.start():]
        self.cache = {}  # specialisation -> (callable kernel, folder, signature)
        self.used_global_vals = {}

    # Triton's API for rewriting a kernel's source (test_core.py's patch_kernel uses it).
    def _unsafe_update_src(self, new_src):
        self.src = new_src
        self.cache = {}

    @property
    def cache_key(self):
        return build._key(self.src, self.def_line, self.fn.__code__.co_filename)

    def scope(self):
        return source.scope_of(self.fn)

    def where(self):
        return f"{self.fn.__code__.co_filename}:{self.def_line}"

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"Cannot call @triton.jit'd function {self.__name__} outside of the "
                           "scope of a kernel (tritonc never runs kernel bodies in Python)")

    def __repr__(self):
        return f"JITFunction({self.module}:{self.__qualname__})"

    def bind_args(self, args, kwargs):
        """(bound values by name, options) with Triton's rules for keywords and defaults."""
        params = self.params
        if len(args) > len(params):
            raise TypeError(f"{self.__name__}() takes {len(params)} arguments, got {len(args)}")
        bound = {params[i].name: a for i, a in enumerate(args)}
        options = {}
        for k, v in kwargs.items():
            if k in self._by_name:
                if k in bound:
                    raise TypeError(f"{self.__name__}() got multiple values for argument {k!r}")
                bound[k] = v
            elif k in OPTIONS:
                options[k] = v
            else:
                raise TypeError(f"{self.__name__}() got an unexpected keyword argument {k!r}")
        for p in params:
            if p.name not in bound:
                if not p.has_default:
                    raise TypeError(f"{self.__name__}() missing argument {p.name!r}")
                bound[p.name] = p.default
        return bound, options

    def specialise(self, bound, options):
        """(signature entries, runtime values, tensors, the @triton.jit functions passed as
        constexprs)."""
        entries, values, tensors, funcs = [], [], [], []
        for p in self.params:
            entry, val, tensor = bind.bind_param(p, bound[p.name])
            entries.append(entry)
            bind.add_bound(val, tensor, values, tensors, funcs)
        return entries, values, tensors, funcs

    def target_for(self, tensors):
        """'c' for CPU tensors and numpy arrays; CUDA tensors run on the CUDA target, or on the C
        target through host copies when TRITONC_TARGET=c."""
        kinds = {bind.device_of(t) for t in tensors}
        types = {k[0] for k in kinds}
        if not types or types == {"cpu"}:
            return "c", None
        if types == {"cuda"}:
            if len(kinds) > 1:
                raise DeviceError(f"tritonc: {self.__name__}: tensors on several CUDA devices: "
                                  + ", ".join(f"cuda:{k[1]}" for k in sorted(kinds)))
            cuda_ok = False
            try:
                import torch
                cuda_ok = torch.cuda.is_available()
            except ImportError:
                pass
            if not cuda_ok:
                raise DeviceError(f"tritonc: {self.__name__}: a tensor on cuda, but CUDA is not "
                                  "available here (torch.cuda.is_available() is False)")
            want = os.environ.get("TRITONC_TARGET", "cuda")
            return ("c" if want == "c" else "cuda"), next(iter(kinds))[1]
        other = sorted(types - {"cpu", "cuda"})
        if other:
            raise DeviceError(f"tritonc: {self.__name__}: a tensor on device '{other[0]}': the "
                              "runner runs CPU tensors and numpy arrays (C target) and CUDA "
                              "tensors (CUDA target)")
        raise DeviceError(f"tritonc: {self.__name__}: CPU and CUDA tensors in one launch")

    def run(self, *args, grid, warmup=False, **kwargs):
        build.stats["launches"] += 1
        bound, options = self.bind_args(args, kwargs)
        entries, values, tensors, funcs = self.specialise(bound, options)
        target, _dev = self.target_for(tensors)
        num_warps = options.get("num_warps") or 4
        if num_warps & (num_warps - 1):
            raise AssertionError("num_warps must be a power of 2")  # Triton's own check
        # the CUDA tl.dot's operand buffers; Triton takes 0 and 1 alike as no pipelining
        num_stages = min(max(options.get("num_stages") or 3, 1), 8) if target == "cuda" else None
        # functions passed as constexprs are named in the entries; two may share a name
        key = (tuple(entries), target, num_warps, num_stages) + tuple(funcs)
        hit = self.cache.get(key)
        if hit is None:
            name = self.__name__
            if self._repr is not None:
                name = self._repr(specialization_proxy(self.params, bound, entries))
            hit = self.compile(entries, target, num_warps, num_stages, name, funcs)
            hit[1].relaunch = (self, {p.name: bound[p.name] for p in self.params if p.is_constexpr},
                               {k: v for k, v in options.items() if k in ("num_warps", "num_stages")})
            self.cache[key] = hit
        else:
            build.stats["memory_hits"] += 1
        kernel, launched = hit
        if not warmup:
            build.stats["executed"] += 1
            if callable(grid):
                meta = dict(bound)
                meta.update(OPTIONS)
                meta.update(options)
                grid = grid(meta)
            dims = grid_dims(grid)
            if target == "c" and tensors and bind.device_of(tensors[0])[0] == "cuda":
                run_on_host(kernel, dims, entries, values, tensors)
            else:
                kernel(dims, values, tensors)
        return launched

    def warmup(self, *args, grid=None, **kwargs):
        return self.run(*args, grid=grid or (1,), warmup=True, **kwargs)

    def compile(self, entries, target, num_warps, num_stages=None, name=None, funcs=()):
        """name: what the launch reports as its kernel's name (Launched.name); funcs: the
        @triton.jit functions the arguments pass, which the module text defines."""
        from .launch_c import CKernel
        signature = ", ".join(entries)
        text, dirs, files = source.module_text(self, funcs)
        filename = os.path.basename(self.fn.__code__.co_filename) or "kernel.py"
        if not filename.endswith(".py"):
            filename = "kernel.py"
        dirs = dirs + [os.path.dirname(os.path.abspath(self.fn.__code__.co_filename))]
        folder = build.translate(text, filename, self.__name__, signature, target, num_warps,
                                 dirs, files, num_stages)
        cname = build.c_ident(self.__name__)
        if target == "c":
            return CKernel(folder, cname), Launched(name or self.__name__, signature, folder)
        from .launch_cuda import CudaKernel
        return CudaKernel(folder, cname), Launched(name or self.__name__, signature, folder)


def run_on_host(kernel, dims, entries, values, tensors):
    """The C target on CUDA tensors: every tensor's whole storage is copied to the host (so
    strided views and offsets keep their meaning), the kernel runs there, and the storages are
    copied back."""
    staged = {}
    ptr_map = {}
    for t in tensors:
        t = getattr(t, "base", t) if not hasattr(t, "storage") else t  # TensorWrapper -> tensor
        storage = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()._untyped()
        base = storage.data_ptr()
        if base not in staged:
            staged[base] = (storage, storage.cpu())
        host = staged[base][1]
        ptr_map[t.data_ptr()] = host.data_ptr() + (t.data_ptr() - base)
    host_values = [ptr_map.get(v, v) if isinstance(v, int) and v in ptr_map else v
                   for v in values]
    kernel(dims, host_values, tensors)
    for storage, host in staged.values():
        storage.copy_(host)


# Triton's own JITFunction class, where tritonc.patch() replaced an installed Triton's (its
# triton.jit would build tritonc's: it looks the class up in its module when called)
triton_jitfunction = [None]


def torch_kernel(fn):
    """Whether fn is torch's own Triton code: the helpers of torch's modules
    (torch._inductor.runtime.triton_helpers) and the kernels torch.compile generates into its
    cache folder. Those are Inductor's, not the program's: Triton compiles and runs them, as
    it would without tritonc."""
    if (getattr(fn, "__module__", None) or "").startswith("torch."):
        return True
    utils = sys.modules.get("torch._inductor.runtime.cache_dir_utils")
    code = getattr(fn, "__code__", None)
    if utils is None or code is None:
        return False
    try:
        root = os.path.realpath(utils.cache_dir())
    except Exception:  # noqa: BLE001 - torch's own lookup failed: not one of its files
        return False
    return os.path.realpath(code.co_filename).startswith(root + os.sep)


def jit(fn=None, **kwargs):
    if fn is None:
        return lambda f: jit(f, **kwargs)
    if triton_jitfunction[0] is not None and torch_kernel(fn):
        return triton_jitfunction[0](fn, **kwargs)
    return JITFunction(fn, **kwargs)


class Config:
    """triton.Config: meta-parameter values and launch options of one autotuning candidate."""

    def __init__(self, kwargs, num_warps=4, num_stages=3, num_ctas=1, maxnreg=None,
                 pre_hook=None, **_ignored):
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self):
        out = dict(self.kwargs)
        for k in ("num_warps", "num_stages", "num_ctas", "maxnreg"):
            v = getattr(self, k, None)
            if v is not None:
                out[k] = v
        return out

    def __repr__(self):
        return f"Config({self.kwargs}, num_warps={self.num_warps}, num_stages={self.num_stages})"


def _config_kwargs(cfg):
    if hasattr(cfg, "all_kwargs"):
        return cfg.all_kwargs()
    out = dict(cfg.kwargs)
    out.update(num_warps=cfg.num_warps, num_stages=cfg.num_stages)
    return out


def _autotune_mode():
    mode = os.environ.get("TRITONC_AUTOTUNE", "bench")
    if mode not in ("bench", "first"):
        raise ArgumentError(f"tritonc: TRITONC_AUTOTUNE={mode!r}: expected 'bench' (time every "
                            "config, Triton's way; the default) or 'first' (take the first config)")
    return mode


def _on_cuda(args):
    """The launch runs on the CUDA target (a CUDA tensor among the arguments)."""
    return os.environ.get("TRITONC_TARGET") != "c" and any(
        getattr(getattr(a, "device", None), "type", None) == "cuda" for a in args)


def _device_sync(args):
    """What makes a launch on these arguments finish: torch.cuda.synchronize on the CUDA target
    (it runs asynchronously on torch's stream), nothing on the C target."""
    if _on_cuda(args):
        import torch
        return torch.cuda.synchronize
    return lambda: None


def _time_ms(call, sync, warmup_ms=25.0, rep_ms=100.0):
    """Triton's do_bench, by the wall clock: one call estimates the time of a launch, then about
    warmup_ms of calls warm up and about rep_ms of calls are timed one by one; returns the
    (median, 20th, 80th percentile) in ms, compared as Triton compares its quantiles."""
    sync()
    t0 = time.perf_counter()
    call()
    sync()
    est = max(time.perf_counter() - t0, 1e-6) * 1e3
    for _ in range(max(1, min(100, int(warmup_ms / est)))):
        call()
    times = []
    for _ in range(max(1, min(1000, int(rep_ms / est)))):
        sync()
        t0 = time.perf_counter()
        call()
        sync()
        times.append((time.perf_counter() - t0) * 1e3)
    times.sort()
    pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]  # noqa: E731
    return [pick(0.5), pick(0.2), pick(0.8)]


class Autotuner(KernelWrapper):
    """@triton.autotune as Triton 3.x runs it: on the first launch of each key (the values of the
    `key` arguments and the dtypes of the tensor arguments) every config left by
    prune_configs_by is launched and timed, the fastest kept for the key; reset_to_zero
    arguments are zeroed before each timed launch and once after tuning, restore_value arguments
    restored after each. The choice is kept on disk (cache_dir()/autotune) unless a config has a
    pre_hook, so a later process does not time again. TRITONC_AUTOTUNE=first takes the first
    config instead (no timing).
    The constructor's parameters, pre_hook / post_hook / nargs, prune_configs(kwargs) and
    _bench(*args, config=, **meta) are Triton 3.6's, for autotuners that subclass this one
    (FlagGems' LibTuner passes them by position and times configs with _bench)."""

    def __init__(self, fn, arg_names=None, configs=None, key=(), reset_to_zero=None,
                 restore_value=None, pre_hook=None, post_hook=None, prune_configs_by=None,
                 warmup=None, rep=None, use_cuda_graph=False, do_bench=None, cache_results=False,
                 **_ignored):
        self.fn = fn
        self.configs = list(configs) if configs else [Config({})]
        self.keys = list(key or ())
        self.prune_configs_by = prune_configs_by or {}
        self.reset_to_zero = list(reset_to_zero or ())
        self.restore_value = list(restore_value or ())
        self.user_defined_pre_hook, self.user_defined_post_hook = bool(pre_hook), bool(post_hook)
        self.pre_hook = pre_hook or self._reset_and_save
        self.post_hook = post_hook or self._restore
        self.user_do_bench = do_bench
        self.nargs = None
        self.restore_copies = {}
        self.cache = {}
        self.configs_timings = None
        self.best_config = None
        self.arg_names = fn.arg_names
        self.__name__ = getattr(fn, "__name__", "kernel")

    def _reset_and_save(self, nargs, reset_only=False):
        """Triton's default pre_hook: zero reset_to_zero; save restore_value for post_hook."""
        for name in self.reset_to_zero:
            if nargs.get(name) is not None:
                nargs[name].zero_()
        if not reset_only:
            self.restore_copies = {n: nargs[n].clone() for n in self.restore_value
                                   if nargs.get(n) is not None}

    def _restore(self, nargs, exception=None):
        for n, v in self.restore_copies.items():
            nargs[n].copy_(v)
        self.restore_copies = {}

    def prune_configs(self, kwargs, nargs=None):
        nargs = self.nargs if nargs is None else nargs
        kwargs = {k: v for k, v in kwargs.items() if k not in ("grid", "warmup")}
        configs = self.configs
        prune = self.prune_configs_by.get("early_config_prune")
        if prune:
            configs = list(prune(configs, nargs, **kwargs))
            if not configs:
                raise ArgumentError(f"tritonc: {self.__name__}: early_config_prune left no config")
        model, top_k = self.prune_configs_by.get("perf_model"), self.prune_configs_by.get("top_k", 1.0)
        if model and len(configs) > 1:
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = max(1, int(len(configs) * top_k))
            if len(configs) > top_k:
                est = {id(c): model(**nargs, **kwargs, **_config_kwargs(c)) for c in configs}
                configs = sorted(configs, key=lambda c: est[id(c)])[:top_k]
        return configs

    def tuning_key(self, nargs):
        key = [nargs[k] for k in self.keys if k in nargs]
        key += [str(a.dtype) for a in nargs.values() if hasattr(a, "dtype")]
        return tuple(key)

    def run(self, *args, grid, warmup=False, **kwargs):
        nargs = dict(zip(self.arg_names, args))
        nargs.update({k: v for k, v in kwargs.items() if k in self.arg_names})
        if _autotune_mode() == "first" or warmup or len(self.configs) == 1:
            cfg = self.prune_configs(kwargs, nargs)[0]
        else:
            key = self.tuning_key(nargs)
            cfg = self.cache.get(key)
            if cfg is None:
                configs = self.prune_configs(kwargs, nargs)
                cfg = configs[0] if len(configs) == 1 else self._tune(key, configs, args, grid, kwargs, nargs)
                self.cache[key] = cfg
        self.best_config = cfg
        kw = _config_kwargs(cfg)
        if cfg.pre_hook:  # e.g. a TensorDescriptor's block_shape set from the config
            cfg.pre_hook({**nargs, **kw})
        return self.fn.run(*args, grid=grid, warmup=warmup, **self._with(kwargs, kw))

    def _with(self, kwargs, kw):
        clash = set(kwargs) & set(kw) - {"num_warps", "num_stages", "num_ctas", "maxnreg"}
        if clash:
            raise ArgumentError(f"tritonc: {self.__name__}: conflicting meta-parameters: "
                                f"{', '.join(sorted(clash))} (given at the launch and by the autotuner's configs)")
        return {**kwargs, **kw}

    def _disk_path(self, key, configs, args):
        if any(c.pre_hook for c in configs):
            return None  # as Triton: a hook cannot be written down, so the timing is redone
        jf = self.jit_function()
        if _on_cuda(args):  # a config's speed is the device's
            import torch
            where = "cuda:" + torch.cuda.get_device_name()
        else:
            where = "c:" + os.uname().machine + ":" + str(os.cpu_count())
        digest = build._key(jf.cache_key, repr(key), [repr(c) + repr(_config_kwargs(c)) for c in configs],
                            where, build._file_id(build.tritonc_path()), os.environ.get("TRITONC_CFLAGS", ""))
        return os.path.join(build.cache_dir(), "autotune", digest + ".json")

    def _tune(self, key, configs, args, grid, kwargs, nargs):
        path = self._disk_path(key, configs, args)
        if path and os.path.exists(path):
            try:
                with open(path) as f:
                    best = json.load(f)["best"]
                if 0 <= best < len(configs):
                    return configs[best]
            except (OSError, ValueError, KeyError, TypeError):
                pass  # a damaged entry: timed again and written anew
        t0 = time.perf_counter()
        timings = [self._time_config(c, args, grid, kwargs, nargs) for c in configs]
        best = min(range(len(configs)), key=lambda i: timings[i])
        self.configs_timings = {i: t for i, t in enumerate(timings)}
        for name in self.reset_to_zero:  # Triton's pre_hook(reset_only=True) after tuning
            if nargs.get(name) is not None:
                nargs[name].zero_()
        if os.environ.get("TRITON_PRINT_AUTOTUNING") == "1":
            print(f"tritonc autotuning for function {self.__name__}, with key as {key}, finished after "
                  f"{time.perf_counter() - t0:.2f}s, best config selected: {configs[best]};")
        if path:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "w") as f:
                json.dump({"key": [str(k) for k in key], "timings_ms": timings, "best": best}, f)
            os.replace(tmp, path)  # whole or not at all, as the kernel cache's entries
        return configs[best]

    def _bench(self, *args, config, **meta):
        """Triton's: the (median, 20th, 80th percentile) ms of launches with config, the hooks
        around each; inf for a config the device cannot run. With TRITONC_AUTOTUNE=first nothing
        is launched and every config takes 0 ms, so a search that keeps the fastest keeps the
        first it times, as the runner's own autotuner does in that mode."""
        if _autotune_mode() == "first":
            return [0.0] * 3
        meta = dict(meta)
        grid = meta.pop("grid")
        meta.pop("warmup", None)
        nargs = self.nargs if self.nargs is not None else dict(zip(self.arg_names, args))
        return self._time_config(config, args, grid, meta, nargs)

    def _time_config(self, cfg, args, grid, kwargs, nargs):
        kw = _config_kwargs(cfg)
        full = self._with(kwargs, kw)
        hook_args = {**nargs, **kw}

        def call():
            if cfg.pre_hook:
                cfg.pre_hook(hook_args)
            self.pre_hook(hook_args)
            try:
                self.fn.run(*args, grid=grid, **full)
            finally:
                self.post_hook(hook_args, exception=None)

        if self.user_do_bench:
            return list(self.user_do_bench(call, quantiles=(0.5, 0.2, 0.8)))
        try:
            return _time_ms(call, _device_sync(args))
        except (DeviceError, OutOfResources):  # a config the device cannot run (Triton's
            # OutOfResources): never chosen, as in Triton's autotuner
            return [float("inf")] * 3


def autotune(configs, key=(), **kwargs):
    return lambda fn: Autotuner(fn, configs=configs, key=key, **kwargs)


class Heuristics(KernelWrapper):
    def __init__(self, fn, arg_names, values):
        self.fn = fn
        self.values = values
        self.arg_names = fn.arg_names
        self.__name__ = getattr(fn, "__name__", "kernel")

    def run(self, *args, grid, warmup=False, **kwargs):
        for name, rule in self.values.items():
            kwargs[name] = rule({**dict(zip(self.arg_names, args)), **kwargs})
        return self.fn.run(*args, grid=grid, warmup=warmup, **kwargs)


def heuristics(values):
    return lambda fn: Heuristics(fn, None, values)
