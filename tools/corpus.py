#!/usr/bin/env python3
"""corpus.py — how many published kernels tritonc translates unmodified.

    python3 tools/corpus.py [--nvcc N] [--jobs J] [--tsv FILE] [-I DIR] NAME=DIR [NAME=DIR ...]

For every .py file under DIR, every @triton.jit function is translated with bin/tritonc for a
signature derived from its parameters alone (the kernel's own text is never edited):
  - a parameter is a pointer when its name says so (x_ptr, ptr, in_ptr0, X_ptr, ...) or when it
    is the base of an address: the leftmost operand of the `+` chain given to tl.load/tl.store/
    tl.atomic_*, followed through local assignments (X += row * stride keeps X the base);
  - a pointer is *i64 when what it loads is used inside another address (gathers through an
    index tensor), *i32 when it is a lock/counter of tl.atomic_cas/xchg, *fp32 otherwise;
  - other parameters are i32, fp32 for names that are conventionally real (eps, scale, ...);
  - constexprs: trailing ones are left to tritonc (-D, the first autotune config, heuristics,
    defaults); when it still asks for one ("no value for constexpr 'X'") the run is repeated with
    -D X=GUESS (likewise for "give X in the signature or with -D"); a constexpr before a runtime parameter gets GUESS in the signature. GUESS is 16,
    True for flag-like names (HAS_*, IS_*, USE_*), tl.float32 for *dtype, *_TY, *_TYPE.
Kernels that cannot be given a signature this way (*args, **kwargs) are counted as 'no
signature', apart from tritonc's failures. The C of each translation is checked with
`cc -std=c11 -O2 -march=native -fopenmp -c -Wall -Wextra` (any warning counts as not clean); with
--nvcc N, N of the translated kernels per source (evenly spread) are also translated with
--target cuda and compiled with nvcc -c. Prints per source: files, kernels, no signature,
translated, compile-clean, and tritonc's failures grouped by the first line of the message
(quoted names replaced by '_'); crashes, internal errors (exit 3) and timeouts are listed.
"""
import argparse
import ast
import collections
import copy
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRITONC = os.environ.get("TRITONC", os.path.join(ROOT, "bin", "tritonc"))
FLOAT_NAMES = re.compile(r"^(eps|epsilon|.*_eps|scale|.*_scale|sm_scale|alpha|beta|gamma|"
                         r"temperature|momentum|softcap|lr|weight_decay|p|dropout_p|"
                         r"label_smoothing|.*_smoothing|.*_weight_scale)$", re.I)
PTR_NAMES = re.compile(r"((^|_)(ptr|PTR)s?(\d*$|_)|Ptr$)")
NOT_PTR = re.compile(r"stride|size|numel|offset|len|count|num", re.I)  # Mean_ptr_row_stride
FLAG_NAMES = re.compile(r"^(HAS|IS|USE|ENABLE|RETURN|EVEN|DO|NEED|APPLY|SAVE|COMPUTE)_", re.I)
ADDR_FNS = {"load", "store", "atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or",
            "atomic_xor", "atomic_xchg", "atomic_cas"}
TIMEOUT = 30
NVCC_TIMEOUT = 600  # nvcc of one kernel takes tens of seconds on a loaded 2-core machine


def dotted(node):
    """'triton.jit' for the expression triton.jit; None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return base + "." + node.attr if base else None
    return None


def is_jit(fn):
    for d in fn.decorator_list:
        name = dotted(d.func if isinstance(d, ast.Call) else d) or ""
        if name in ("triton.jit", "jit", "tl.jit"):
            return True
    return False


def is_constexpr(arg):
    ann = arg.annotation
    return ann is not None and (dotted(ann) or "").split(".")[-1] == "constexpr"


def address_base(node, assigns, seen=None):
    """The name at the bottom of an address expression: left of `+`/`-`, through subscripts,
    casts and local assignments."""
    seen = seen or set()
    while True:
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            node = node.left
        elif isinstance(node, ast.Subscript):
            node = node.value
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("to", "broadcast_to", "reshape", "view", "expand_dims") or \
                isinstance(node, ast.Call) and (dotted(node.func) or "").endswith("make_block_ptr"):
            if isinstance(node.func, ast.Attribute) and node.func.attr != "make_block_ptr":
                node = node.func.value
            else:
                base = [k.value for k in node.keywords if k.arg == "base"]
                node = base[0] if base else (node.args[0] if node.args else None)
        elif isinstance(node, ast.Name):
            if node.id in assigns and node.id not in seen:
                seen.add(node.id)
                bases = set()
                for v in assigns[node.id]:
                    b = address_base(v, assigns, seen)
                    bases |= b if isinstance(b, set) else {b}
                bases.discard(None)
                # a local bound to one of several pointers (if/elif on a program id)
                return (bases if len(bases) > 1 else bases.pop()) if bases else node.id
            return node.id
        else:
            return None


def addr_calls(fn):
    """(function name, address expression) of every load/store/atomic in fn."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            name = (dotted(node.func) or "").split(".")[-1]
            if name in ADDR_FNS:
                arg = node.args[0] if node.args else next(
                    (k.value for k in node.keywords if k.arg in ("pointer", "ptr")), None)
                if arg is not None:
                    yield name, node, arg


def local_assigns(fn):
    """Name -> the expressions assigned to it (plain assignments only; += keeps the base)."""
    out = collections.defaultdict(list)
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign):
            for t in node.targets:
                if isinstance(t, ast.Name):
                    out[t.id].append(node.value)
        elif isinstance(node, ast.AnnAssign) and node.value and isinstance(node.target, ast.Name):
            out[node.target.id].append(node.value)
    return out


def names_in(expr, assigns):
    """Every name expr reads, through local assignments."""
    out, todo = set(), [expr]
    while todo:
        for n in ast.walk(todo.pop()):
            if isinstance(n, ast.Name) and n.id not in out:
                out.add(n.id)
                todo.extend(assigns.get(n.id, []))
    return out


def pointer_kinds(fn, params):
    """Param name -> 'fp32' | 'i64' | 'i32' for the params used as pointers."""
    assigns = local_assigns(fn)
    ptrs = {}
    for p in params:
        if PTR_NAMES.search(p) and not NOT_PTR.search(p):
            ptrs[p] = "fp32"
    loaded_from = {}  # local name -> param it was loaded from
    for name, call, arg in addr_calls(fn):
        base = address_base(arg, assigns)
        for b in base if isinstance(base, set) else ():
            if b in params:
                ptrs.setdefault(b, "fp32")
        if isinstance(base, str) and base in params:
            ptrs.setdefault(base, "fp32")
            if name in ("atomic_cas", "atomic_xchg") and len(call.args) >= 2 and \
                    isinstance(call.args[1], ast.Constant) and isinstance(call.args[1].value, int):
                ptrs[base] = "i32"
    for target, values in assigns.items():
        for v in values:
            inner = v
            while isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and \
                    inner.func.attr == "to":
                inner = inner.func.value
            if isinstance(inner, ast.Call) and (dotted(inner.func) or "").split(".")[-1] == "load" \
                    and inner.args:
                base = address_base(inner.args[0], assigns)
                if isinstance(base, str) and base in ptrs:
                    loaded_from[target] = base
    # a loaded value used in another address (not as its base) is an index: *i64; addresses
    # are those of loads and stores, and what `ptr += ...` adds to a pointer
    addrs = [(address_base(arg, assigns), arg) for _, _, arg in addr_calls(fn)]
    for node in ast.walk(fn):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and \
                node.target.id in ptrs:
            addrs.append((node.target.id, node.value))
    for base, arg in addrs:
        for n in names_in(arg, assigns):
            if n != base and not (isinstance(base, set) and n in base) and n in loaded_from and ptrs.get(loaded_from[n]) == "fp32":
                ptrs[loaded_from[n]] = "i64"
    return ptrs


def guess_constexpr(name):
    if name.lower().endswith(("dtype", "_ty", "_type")):
        return "tl.float32"
    if FLAG_NAMES.match(name):
        return "True"
    return "16"


def literal(node):
    """A default's text for the signature, or None when it is not a plain literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (bool, int, float)):
        return repr(node.value)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return "'%s'" % node.value
    return None


def signature(fn):
    """(signature text, params) or (None, reason)."""
    a = fn.args
    if a.vararg or a.kwarg:
        return None, "*args/**kwargs"
    args = a.posonlyargs + a.args + a.kwonlyargs
    defaults = [None] * (len(a.posonlyargs + a.args) - len(a.defaults)) + list(a.defaults) + \
        list(a.kw_defaults)
    names = [x.arg for x in args]
    ptrs = pointer_kinds(fn, set(names))
    last_rt = max([i for i, x in enumerate(args) if not is_constexpr(x)], default=-1)
    ent = []
    for i, (x, d) in enumerate(zip(args, defaults)):
        if i > last_rt:
            break
        if is_constexpr(x):
            ent.append((literal(d) if d is not None else None) or guess_constexpr(x.arg))
        elif x.arg in ptrs:
            ent.append("*" + ptrs[x.arg])
        elif FLOAT_NAMES.match(x.arg):
            ent.append("fp32")
        else:
            ent.append("i32")
    return ", ".join(ent), names


def jit_call(node):
    """The function name f of `triton.jit(f)` / `jit(f)` (also with keyword arguments), else None."""
    if isinstance(node, ast.Call) and (dotted(node.func) or "") in ("triton.jit", "jit", "tl.jit") \
            and len(node.args) == 1 and isinstance(node.args[0], ast.Name):
        return node.args[0].id
    return None


def jit_functions(path):
    """The @triton.jit functions of a file, and the module-level functions made kernels by an
    assignment `name = triton.jit(fn)` (counted under the assigned name, which is what a launch
    calls)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            tree = ast.parse(f.read(), path)
    except (SyntaxError, ValueError):
        return None
    found = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and is_jit(n)]
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for st in tree.body:
        if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
            fn = defs.get(jit_call(st.value) or "")
            if fn is not None and not is_jit(fn):
                k = copy.copy(fn)
                k.name = st.targets[0].id
                k.jit_assigned = True
                found.append(k)
    return found


def called_names(fn):
    """Names fn calls (f(...) and mod.f(...) both give 'f')."""
    out = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call):
            name = dotted(node.func)
            if name:
                out.add(name.split(".")[-1])
    return out


def is_helper(fn, called):
    """A @triton.jit function another one calls, or one returning a value, is a helper: it has no
    signature of its own (its arguments are tensors of the caller)."""
    if fn.name in called:
        return True
    return any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(fn))


def run(cmd, cwd=None, timeout=TIMEOUT):
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd=cwd,
                           errors="replace")
        return p.returncode, p.stdout + p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", "timed out after %d s" % timeout


def first_line(text):
    for line in text.splitlines():
        if line.strip():
            return line.strip()
    return ""


def normalise(msg):
    msg = re.sub(r"^\S+?:\d+:\d+: ", "", msg)
    msg = re.sub(r"^error: ", "", msg)
    msg = re.sub(r"-D \w+=", "-D _=", msg)
    return re.sub(r"'[^']*'", "'_'", msg)


def translate(job):
    """One kernel: translate (retrying with -D for constexprs tritonc asks for), compile."""
    path, name, sig, incs, out, cuda = job
    res = {"file": path, "kernel": name, "sig": sig, "defs": []}
    base = os.path.join(out, "k")
    for _ in range(64):
        cmd = [TRITONC, path, "-n", name, "-s", sig, "-o", base] + \
            sum((["-I", d] for d in incs), []) + sum((["-D", d] for d in res["defs"]), [])
        rc, text = run(cmd)
        m = re.search(r"no value for constexpr '([^']+)'|give (\w+) in the signature or with -D",
                      text) if rc == 1 else None
        want = m and (m.group(1) or m.group(2))
        if not want or any(d.startswith(want + "=") for d in res["defs"]):
            break
        res["defs"].append(want + "=" + guess_constexpr(want))
    res["rc"], res["msg"] = rc, first_line(text)
    if rc != 0:
        return res
    crc, ctext = run(["cc", "-std=c11", "-O2", "-march=native", "-fopenmp", "-c", "-Wall", "-Wextra",
                      base + ".c", "-o", base + ".o"])
    res["clean"] = crc == 0 and not ctext.strip()
    res["cc"] = next((l for l in ctext.splitlines() if "warning:" in l or "error:" in l),
                     first_line(ctext))
    if cuda:
        rc, text = run(cmd + ["--target", "cuda"])
        if rc != 0:
            res["cuda"] = "tritonc: " + first_line(text)
        else:
            nrc, ntext = run(["nvcc", "-O3", "-c", "-arch=sm_90", "-I" + os.path.join(ROOT, "runtime"),
                              "-Xcompiler", "-Wall,-Wextra", base + ".cu", "-o", base + ".o"],
                             timeout=NVCC_TIMEOUT)
            warn = [l for l in ntext.splitlines() if "warning" in l or "error" in l]
            res["cuda"] = "clean" if nrc == 0 and not warn else \
                "nvcc: " + (warn[0] if warn else first_line(ntext))
    return res


def survey(name, root, args, tmp):
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs
                   if f.endswith(".py"))
    incs = [root] + [os.path.join(root, s) for s in ("src",) if os.path.isdir(os.path.join(root, s))]
    incs += args.include
    jobs, nosig, nfiles, unparsable, helpers, assigned = [], [], 0, 0, 0, 0
    found = {}
    for path in files:
        fns = jit_functions(path)
        if fns is None:
            unparsable += 1
        elif fns:
            found[path] = fns
    called = set()
    for fns in found.values():
        for fn in fns:
            called |= called_names(fn)
    for path, fns in found.items():
        ks = [fn for fn in fns if not is_helper(fn, called)]
        helpers += len(fns) - len(ks)
        if not ks:
            continue
        nfiles += 1
        for fn in ks:
            assigned += getattr(fn, "jit_assigned", False)
            sig, why = signature(fn)
            if sig is None:
                nosig.append((path, fn.name, why))
                continue
            jobs.append([path, fn.name, sig, incs, None, False])
    ok_idx = []
    results = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        for i, j in enumerate(jobs):
            j[4] = tempfile.mkdtemp(dir=tmp)
        results = list(ex.map(translate, jobs))
        ok_idx = [i for i, r in enumerate(results) if r["rc"] == 0]
        if args.nvcc and ok_idx:
            step = max(1, len(ok_idx) // args.nvcc)
            sample = ok_idx[::step][:args.nvcc]
            for i in sample:
                jobs[i][5] = True
            for i, r in zip(sample, ex.map(translate, [jobs[i] for i in sample])):
                results[i] = r
    return {"name": name, "files": nfiles, "unparsable": unparsable, "nosig": nosig,
            "helpers": helpers, "assigned": assigned,
            "results": results}


def report(s, out):
    rs = s["results"]
    tr = [r for r in rs if r["rc"] == 0]
    clean = [r for r in tr if r.get("clean")]
    total = len(rs) + len(s["nosig"])
    w = out.write
    w("## %s\n\nfiles with kernels %d, kernels %d, no signature %d, translated %d, "
      "compile-clean %d (and %d @triton.jit helpers: called by a kernel or returning a value); "
      "%d of the kernels made by `name = triton.jit(fn)`\n" %
      (s["name"], s["files"], total, len(s["nosig"]), len(tr), len(clean), s["helpers"],
       s["assigned"]))
    cu = [r for r in rs if "cuda" in r]
    if cu:
        w("CUDA sample: %d translated to .cu, %d nvcc-clean\n" %
          (len(cu), sum(r["cuda"] == "clean" for r in cu)))
        for r in cu:
            if r["cuda"] != "clean":
                w("  cuda %s:%s: %s\n" % (r["file"], r["kernel"], r["cuda"]))
    defects = [r for r in rs if r["rc"] not in (0, 1)]
    for r in defects:
        w("  DEFECT rc=%s %s:%s -s '%s': %s\n" % (r["rc"], r["file"], r["kernel"], r["sig"], r["msg"]))
    for r in tr:
        if not r.get("clean"):
            w("  NOT CLEAN %s:%s -s '%s': %s\n" % (r["file"], r["kernel"], r["sig"], r["cc"]))
    groups = collections.Counter(normalise(r["msg"]) for r in rs if r["rc"] == 1)
    example = {}
    for r in rs:
        if r["rc"] == 1:
            example.setdefault(normalise(r["msg"]), r)
    w("\ntritonc failures by message:\n")
    for msg, n in groups.most_common():
        e = example[msg]
        w("%5d  %s\n       e.g. %s:%s\n" % (n, msg, e["file"], e["kernel"]))
    if s["nosig"]:
        w("no signature: %s\n" % ", ".join("%s (%s)" % (k, why) for _, k, why in s["nosig"]))
    w("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sources", nargs="+", metavar="NAME=DIR")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("-I", dest="include", action="append", default=[],
                    help="also search DIR for imported modules (DIR and DIR/src always are)")
    ap.add_argument("--nvcc", type=int, default=0, help="kernels per source compiled with nvcc")
    ap.add_argument("--tsv", help="write one line per kernel here")
    args = ap.parse_args()
    if args.nvcc and not shutil.which("nvcc"):
        sys.exit("corpus.py: --nvcc needs nvcc on PATH")
    tmp = tempfile.mkdtemp(prefix="corpus.")
    try:
        surveys = []
        for src in args.sources:
            name, _, root = src.partition("=")
            surveys.append(survey(name, root or name, args, tmp))
            report(surveys[-1], sys.stdout)
            sys.stdout.flush()
        if args.tsv:
            with open(args.tsv, "w") as f:
                for s in surveys:
                    for r in s["results"]:
                        f.write("\t".join([s["name"], r["file"], r["kernel"], r["sig"],
                                           " ".join(r["defs"]), str(r["rc"]),
                                           "clean" if r.get("clean") else "",
                                           r["msg"] if r["rc"] else r.get("cc", "")]) + "\n")
                    for path, k, why in s["nosig"]:
                        f.write("\t".join([s["name"], path, k, "", "", "nosig", "", why]) + "\n")
        print("%-12s %6s %8s %7s %11s %14s" % ("source", "files", "kernels", "no sig",
                                                "translated", "compile-clean"))
        for s in surveys:
            tr = [r for r in s["results"] if r["rc"] == 0]
            print("%-12s %6d %8d %7d %11d %14d" % (
                s["name"], s["files"], len(s["results"]) + len(s["nosig"]), len(s["nosig"]),
                len(tr), sum(bool(r.get("clean")) for r in tr)))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
