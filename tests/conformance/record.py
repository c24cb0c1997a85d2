#!/usr/bin/env python3
"""Record reference data for the execution tests by running every case with real Triton on a GPU.

For each tests/cases/NAME.case this script imports the kernel's file, builds the input buffers
from the case's `arg:` lines with a fixed seed per case, launches the kernel with the case's
grid, and writes

    tests/conformance/data/NAME/ARG.in    buffer contents before the launch
    tests/conformance/data/NAME/ARG.out   buffer contents after the launch, when they differ

for every pointer argument (raw little-endian element bytes, exactly COUNT elements), plus
tests/conformance/data/VERSIONS.txt (Triton/PyTorch/CUDA versions and the GPU name).

Usage:  python3 tests/conformance/record.py [--data DIR] [CASE_NAME ...]

Needs a CUDA GPU, Triton and PyTorch.  Every failure is reported and makes the exit status
nonzero; the cases that work are recorded regardless.
"""
import argparse
import importlib.util
import os
import shutil
import sys
import traceback
import zlib

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

from caseparse import CaseError, POINTER_DTYPES, eval_grid, parse_case, split_signature  # noqa: E402

# The value every byte of an `empty` buffer is set to before the launch.
POISON_BYTE = 0x7F


def torch_dtype(name):
    import torch
    return {
        "i1": torch.bool, "i8": torch.int8, "i16": torch.int16, "i32": torch.int32, "i64": torch.int64,
        "u8": torch.uint8, "u16": torch.uint16, "u32": torch.uint32, "u64": torch.uint64,
        "fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32, "fp64": torch.float64,
        # fp8: the JIT maps these torch dtypes to fp8e4nv / fp8e5; fp8e4b15 has no torch dtype
        # (Triton 3.6 has no fp8e4b15 conversions on sm_90 either), so its cases stay local
        "fp8e4nv": torch.float8_e4m3fn, "fp8e5": torch.float8_e5m2,
    }[name]


NP_DTYPES = {
    "i1": np.uint8, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
    "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
    "fp16": np.float16, "bf16": None, "fp32": np.float32, "fp64": np.float64,
    "fp8e4nv": None, "fp8e5": None,
}
FLOAT_DTYPES = ("fp16", "bf16", "fp32", "fp64", "fp8e4nv", "fp8e5")


def float_to_bytes(values, dtype):
    """float64 numpy array -> raw bytes of `dtype` (round to nearest even)."""
    if dtype == "bf16":
        import torch
        t = torch.from_numpy(values.astype(np.float32)).to(torch.bfloat16)
        return t.view(torch.int16).numpy().tobytes()
    if dtype.startswith("fp8"):
        t = torch_from_f32(values).to(torch_dtype(dtype))
        return t.view(__import__("torch").uint8).numpy().tobytes()
    return values.astype(NP_DTYPES[dtype]).tobytes()


def torch_from_f32(values):
    import torch
    return torch.from_numpy(values.astype(np.float32))


def make_input(case_name, arg_index, dtype, init, count):
    """Raw bytes of the initial contents of one pointer argument."""
    rng = np.random.default_rng([zlib.crc32(case_name.encode()), arg_index])
    kind, params = init
    if kind == "empty":
        return bytes([POISON_BYTE]) * (count * POINTER_DTYPES[dtype])
    if kind in ("zeros", "ones", "arange"):
        if kind == "zeros":
            vals = np.zeros(count, dtype=np.int64)
        elif kind == "ones":
            vals = np.ones(count, dtype=np.int64)
        else:
            vals = np.arange(count, dtype=np.int64)
            if dtype == "i1":
                vals = vals % 2
        if dtype in FLOAT_DTYPES:
            return float_to_bytes(vals.astype(np.float64), dtype)
        return vals.astype(NP_DTYPES[dtype]).tobytes()
    if kind in ("rand", "randn"):
        if dtype not in FLOAT_DTYPES:
            raise CaseError(f"init {kind} needs a floating-point buffer, not {dtype}")
        if kind == "rand":
            lo, hi = params
            vals = rng.uniform(lo, hi, count)
        else:
            vals = rng.standard_normal(count)
        return float_to_bytes(vals, dtype)
    if kind == "randint":
        lo, hi = params
        if hi > 2**63 - 1:
            vals = rng.integers(lo, hi, count, dtype=np.uint64, endpoint=False)
        else:
            vals = rng.integers(lo, hi, count, dtype=np.int64, endpoint=False)
        if dtype in FLOAT_DTYPES:
            return float_to_bytes(vals.astype(np.float64), dtype)
        if dtype == "i1" and not (lo >= 0 and hi <= 2):
            raise CaseError("randint for *i1 must lie in [0, 2)")
        # astype wraps modulo 2**bits, which is what we want for narrow types
        return vals.astype(NP_DTYPES[dtype]).tobytes()
    raise CaseError(f"unknown init {kind}")


def canon_type(t):
    """Triton 3.6 canonicalises the bool type i1 to u1; treat the two spellings alike."""
    return t[:-2] + "i1" if t in ("u1", "*u1") else t


def load_module(path):
    name = "tc_case_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def unwrap(kernel):
    """Returns (jit_function, [autotuners], [heuristics]) for a possibly decorated kernel.
    Inductor's decorators (@triton_heuristics.pointwise/reduction/...) make a CachingAutotuner,
    which launches through its own .run(): its .fn, the JITFunction, is what a case launches,
    with the block sizes (XBLOCK, R0_BLOCK) the case's signature gives."""
    from triton.runtime.jit import JITFunction
    tuners, heurs = [], []
    obj = kernel
    while not isinstance(obj, JITFunction):
        cls = type(obj).__name__
        if cls == "Autotuner":
            tuners.append(obj)
        elif cls == "Heuristics":
            heurs.append(obj)
        elif cls == "CachingAutotuner":
            pass
        else:
            raise CaseError(f"do not know how to unwrap a {cls}")
        obj = obj.fn
    return obj, tuners, heurs


def param_list(jitfn):
    """[(name, is_constexpr)] in declaration order."""
    params = getattr(jitfn, "params", None)
    if params is not None:
        return [(p.name, bool(p.is_constexpr)) for p in params]
    names = jitfn.arg_names
    return [(n, i in jitfn.constexprs) for i, n in enumerate(names)]


def set_scratch_allocator():
    """Kernels that build tensor descriptors (tl.make_tensor_descriptor) need global scratch
    memory for them; Triton asks the allocator set here (none is set by default)."""
    import torch
    import triton
    if hasattr(triton, "set_allocator"):
        triton.set_allocator(lambda size, alignment, stream:
                             torch.empty(size, dtype=torch.int8, device="cuda"))


def record_case(case, data_root):
    import torch

    set_scratch_allocator()
    mod = load_module(os.path.join(ROOT, case.file))
    if not hasattr(mod, case.kernel):
        raise CaseError(f"{case.file} has no kernel {case.kernel}")
    kernel = getattr(mod, case.kernel)
    jitfn, tuners, heurs = unwrap(kernel)
    params = param_list(jitfn)
    sig = split_signature(case.signature)
    if len(sig) > len(params):
        raise CaseError(f"signature has {len(sig)} entries but the kernel has {len(params)} parameters")

    provided = set()  # constexprs set by autotune configs or heuristics: not passed by us
    for h in heurs:
        provided |= set(h.values.keys())
    tuned_keys = set()
    for t in tuners:
        for c in t.configs:
            tuned_keys |= set(c.kwargs.keys())
    provided |= tuned_keys

    kwargs = {}
    constexprs = {}
    runtime = []  # (name, type) of non-constexpr params
    for i, (pname, is_cx) in enumerate(params):
        if i >= len(sig):
            if not is_cx:
                raise CaseError(f"signature leaves out non-constexpr parameter {pname}")
            if pname not in tuned_keys:
                raise CaseError(f"signature leaves out {pname}, which no autotune config provides")
            continue
        entry = sig[i]
        if is_cx:
            if entry.kind != "constexpr":
                raise CaseError(f"parameter {pname} is tl.constexpr, signature gives type {entry.text}")
            constexprs[pname] = entry.value
            if pname not in provided:
                kwargs[pname] = entry.value
        else:
            if entry.kind == "constexpr":
                raise CaseError(f"parameter {pname} is not tl.constexpr, signature gives value {entry.text}")
            runtime.append((pname, entry))

    if len(case.args) != len(runtime):
        raise CaseError(f"{len(case.args)} arg lines for {len(runtime)} non-constexpr parameters")

    buffers = {}  # name -> (dtype, count, tensor, in_bytes)
    scalars = {}
    for idx, ((pname, entry), arg) in enumerate(zip(runtime, case.args)):
        if arg.name != pname:
            raise CaseError(f"arg line {idx + 1} names {arg.name}, parameter is {pname}")
        if entry.kind == "pointer":
            if not arg.is_buffer:
                raise CaseError(f"pointer parameter {pname} needs `arg: NAME INIT COUNT`")
            raw = make_input(case.name, idx, entry.dtype, arg.init, arg.count)
            assert len(raw) == arg.count * POINTER_DTYPES[entry.dtype]
            t = torch.frombuffer(bytearray(raw), dtype=torch.uint8).to("cuda").view(torch_dtype(entry.dtype))
            assert t.numel() == arg.count
            buffers[pname] = (entry.dtype, arg.count, t, raw)
            kwargs[pname] = t
        else:
            if arg.is_buffer:
                raise CaseError(f"scalar parameter {pname} needs `arg: NAME VALUE`")
            value = float(arg.value) if entry.dtype.startswith(("fp", "bf")) else int(arg.value)
            scalars[pname] = value
            kwargs[pname] = value

    # Autotuned kernels: keep only the config matching the signature (or the first config when
    # the signature leaves the parameter out), so exactly that config runs, once, unbenchmarked.
    for t in tuners:
        chosen = None
        for c in t.configs:
            if all(constexprs.get(k, t.configs[0].kwargs[k]) == v for k, v in c.kwargs.items()):
                chosen = c
                break
        if chosen is None:
            raise CaseError(f"no autotune config matches the signature's constexprs {constexprs}")
        t.configs = [chosen]
        for k, v in chosen.kwargs.items():
            constexprs.setdefault(k, v)
    # Heuristics: the value the heuristic computes must be the one the signature states.
    for h in heurs:
        nargs = dict(kwargs)
        for k, fn in h.values.items():
            got = fn(nargs)
            if k not in constexprs:
                raise CaseError(f"signature must give the heuristic constexpr {k} (computes {got!r})")
            if got != constexprs[k]:
                raise CaseError(f"heuristic {k} computes {got!r}, signature says {constexprs[k]!r}")

    grid = eval_grid(case.grid, scalars)
    if any(g <= 0 for g in grid):
        raise CaseError(f"grid {grid} has an empty dimension")

    ins = {name: raw for name, (_, _, _, raw) in buffers.items()}
    launch = jitfn if type(kernel).__name__ == "CachingAutotuner" else kernel
    warps = {"num_warps": case.warps} if case.warps != 4 else {}  # 4: as every earlier case ran
    compiled = launch[grid](**kwargs, **warps)
    torch.cuda.synchronize()

    # The types Triton specialised the launch to must be the ones the signature states.
    src = getattr(compiled, "src", None)
    tsig = getattr(src, "signature", None) if src is not None else None
    if isinstance(tsig, dict):
        for pname, entry in runtime:
            got = canon_type(str(tsig.get(pname, "?")))
            want = canon_type(entry.type_no_hint)
            if got != want:
                raise CaseError(f"Triton typed {pname} as {got}, the signature says {want}"
                                f" (Python ints are i32 when they fit, i64 otherwise; fp scalars are fp32;"
                                f" an int equal to 1 may become a constexpr)")
    else:
        print(f"  note: could not read the compiled signature of {case.name} to check scalar types")

    out_dir = os.path.join(data_root, case.name)
    tmp_dir = out_dir + ".tmp"
    shutil.rmtree(tmp_dir, ignore_errors=True)
    os.makedirs(tmp_dir)
    for name, (dtype, count, t, _) in buffers.items():
        out = t.view(torch.uint8).cpu().numpy().tobytes()
        assert len(out) == count * POINTER_DTYPES[dtype]
        with open(os.path.join(tmp_dir, name + ".in"), "wb") as f:
            f.write(ins[name])
        if out != ins[name]:  # a buffer the launch leaves as it was has no ARG.out
            with open(os.path.join(tmp_dir, name + ".out"), "wb") as f:
                f.write(out)
    shutil.rmtree(out_dir, ignore_errors=True)
    os.rename(tmp_dir, out_dir)
    changed = [n for n, (_, _, t, raw) in buffers.items() if t.view(torch.uint8).cpu().numpy().tobytes() != raw]
    return grid, changed


def write_versions(data_root):
    import torch
    import triton
    lines = [
        f"triton {triton.__version__}",
        f"torch {torch.__version__}",
        f"cuda {torch.version.cuda}",
        f"gpu {torch.cuda.get_device_name(0)}",
        f"numpy {np.__version__}",
    ]
    with open(os.path.join(data_root, "VERSIONS.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", default=os.path.join(HERE, "data"), help="output directory")
    ap.add_argument("--cases", default=os.path.join(ROOT, "tests", "cases"), help="case directory")
    ap.add_argument("names", nargs="*", help="case names to record (default: all)")
    args = ap.parse_args()

    files = sorted(f for f in os.listdir(args.cases) if f.endswith(".case"))
    all_names = [f[:-5] for f in files]
    names = args.names or all_names
    missing = [n for n in names if n not in all_names]
    failures = [(n, "no such case") for n in missing]
    os.makedirs(args.data, exist_ok=True)
    write_versions(args.data)
    for name in names:
        if name in missing:
            continue
        try:
            case = parse_case(os.path.join(args.cases, name + ".case"))
            grid, changed = record_case(case, args.data)
            print(f"ok   {name}  grid={grid}  written={','.join(changed) or '-'}", flush=True)
        except Exception as e:  # noqa: BLE001 - report every failure, keep going
            msg = f"{type(e).__name__}: {e}"
            print(f"FAIL {name}: {msg}", flush=True)
            if not isinstance(e, CaseError):
                traceback.print_exc()
            failures.append((name, msg.splitlines()[0] if msg else ""))
    print(f"{len(names) - len(failures)} recorded, {len(failures)} failed")
    for name, msg in failures:
        print(f"  failed: {name}: {msg}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
