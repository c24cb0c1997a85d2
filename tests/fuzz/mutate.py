#!/usr/bin/env python3
"""mutate.py — a structure-aware mutation fuzzer for the translator (Python 3 standard library).

Seeds are the kernels the tests already translate: every tests/cases/*.case (file, kernel,
signature, grid), every tests/golden/*.py with a `# tritonc:` line, and an autotuned kernel with
its --tuning table. Each mutant changes one to four things in a seed: a token of the kernel
source (a number, a name, an operator, a line), an entry of the signature, a term of the grid, a
line or value of the tuning table, or an option (-w, -ns, --target, --emit, -D, -I, ...: added,
changed or dropped, good values and bad). The translator (built with ASan+UBSan) runs on each
mutant, and these must hold:

  - exit status 0 or 1 (2 is a usage error, allowed only where the mutant changed an option,
    with tritonc's usage message; 3 an internal error, a signal a crash), within 10 s;
  - no sanitizer report on stderr;
  - exit 1 prints a positioned error ("FILE:LINE:COL: error: ...");
  - exit 0 writes C that compiles without a warning: cc -std=c11 -fsyntax-only -Wall -Wextra
    -Werror -fopenmp (every file --all-configs writes); CUDA compiles with nvcc -arch=sm_90
    -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror where nvcc is installed (each distinct
    output once; --no-nvcc: only its presence is checked).

A mutant that breaks one is a defect: written to OUT/NNN.py with a `# tritonc:` header that
reproduces it (its tuning table beside it as OUT/NNN.NAME), and counted once per kind (the first
line of its report, digits removed).

  python3 tests/fuzz/mutate.py [--seed N] [--count N | --seconds S] [--jobs N] [--out DIR]
                               [--no-nvcc]

--count N runs exactly N mutants (deterministic for a seed: the short campaign of `make test`);
--seconds S runs until S seconds have passed (`make fuzz`). Prints PASS/FAIL per seed kernel and
"N passed, N failed" (seeds whose mutants all held), then the executions and defects.
tests/fuzz/sweep.py is the systematic counterpart: every operation on every operand kind and
dtype, on both targets, through the same check.
"""
import argparse
import concurrent.futures
import hashlib
import os
import queue
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOKEN = re.compile(r"""
    (?P<str>[rbfRBF]{0,2}("[^"\n]*"|'[^'\n]*'))
  | (?P<num>(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?|0[xX][0-9a-fA-F]+)
  | (?P<name>[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op>\*\*=?|//=?|<<=?|>>=?|[-+*/%&|^<>=!]=|->|[-+*/%&|^~<>=()\[\]{},:.;@])
  | (?P<ws>[ \t]+|\n|\#[^\n]*)
  | (?P<other>.)""", re.X | re.S)
NUMBERS = ["0", "1", "-1", "2", "3", "7", "16", "17", "128", "1024", "4096", "65536", "0.5",
           "-0.0", "1e400", "1e-45", "2147483647", "2147483648", "4294967296",
           "9223372036854775807", "9223372036854775808", "18446744073709551616", "0x7f", "1.5"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "<<", ">>", "&", "|", "^", "<", "<=", ">",
             ">=", "==", "!=", "and", "or", "not", "~", "=", "+=", "*=", ",", ":", "(", ")", "[",
             "]", ".", "None", "True", "False", "if", "else", "for", "in", "while", "return",
             "lambda", "pass", "break"]
NAMES = ["tl.sum", "tl.max", "tl.min", "tl.argmax", "tl.argmin", "tl.cumsum", "tl.cumprod",
         "tl.reduce", "tl.associative_scan", "tl.where", "tl.exp", "tl.log", "tl.sqrt",
         "tl.abs", "tl.maximum", "tl.minimum", "tl.full", "tl.zeros", "tl.arange", "tl.load",
         "tl.store", "tl.program_id", "tl.num_programs", "tl.static_range", "tl.range",
         "tl.reshape", "tl.trans", "tl.permute", "tl.broadcast_to", "tl.expand_dims", "tl.view",
         "tl.join", "tl.split", "tl.cdiv", "tl.fma", "tl.sigmoid", "tl.softmax", "tl.ravel",
         "tl.float16", "tl.bfloat16", "tl.float32", "tl.float64", "tl.int1", "tl.int8",
         "tl.int16", "tl.int32", "tl.int64", "tl.uint8", "tl.uint32", "tl.uint64", "tl.constexpr",
         "tl.static_assert", "tl.device_assert", "tl.static_print", "tl.multiple_of",
         "tl.max_contiguous", "tl.debug_barrier", "tl.dot", "tl.atomic_add", "tl.rand",
         "triton.cdiv", "triton.jit", "range", "min", "max", "abs", "len", "int", "float", "print",
         "None", "True", "False", "axis", "mask", "other", "keep_dims", "dtype", "to", "T",
         "shape", "float('inf')", "float('nan')", "-float('inf')", "tl.math.exp2", "tl.erf"]
DTYPES = ["*fp32", "*fp16", "*bf16", "*fp64", "*i1", "*i8", "*i16", "*i32", "*i64", "*u8",
          "*u16", "*u32", "*u64", "fp32", "fp16", "bf16", "fp64", "i1", "i8", "i16", "i32", "i64",
          "u8", "u32", "u64", "*fp32:16", "i32:16", "i32:1", "*i8:16"]
CONSTS = ["1", "2", "3", "4", "8", "16", "32", "64", "128", "256", "1024", "4096", "65536",
          "1048576", "0", "-1", "-4", "True", "False", "None", "1.5", "1e400", "-1e400", "'abc'",
          "'fp32'", "tl.float16", "2147483648", "9223372036854775807", "18446744073709551616"]
GRID_TERMS = ["1", "0", "-1", "2", "3", "65536", "2147483647", "cdiv(", ")", "(", "+", "-", "*",
              "/", "%", ",", "n", "N", "BLOCK", "BLOCK_SIZE", "x_ptr", "1.5", "True", "cdiv(1, 0)"]


# Options a mutant adds, changes or drops, with the values it may give them.
FLAGS = {"-w": ["1", "2", "4", "8", "32", "3", "0", "64", "1024", "-4", "4x", ""],
         "-ns": ["1", "2", "3", "8", "0", "9", "x"], "--target": ["c", "cuda", "cuda", "fortran"],
         "--emit": ["ast", "ir", "plan", "c", "cuda", "asm"], "-D": ["BLOCK=64", "X=1", "=3", "N",
         "BLOCK_SIZE=0", "BLOCK_SIZE=-1", "BLOCK_SIZE=1.5"], "--include-runtime": None,
         "--plain": None, "--list-configs": None, "--all-configs": None, "-g": ["1", "", "1, 1, 1, 1", "-1"],
         "-I": [".", "no/such/dir"]}
VALUED = {k for k, v in FLAGS.items() if v is not None}
TUNING_VALUES = ["0", "1", "2", "3", "-1", "1000", "9223372036854775807", "9223372036854775808",
                 "-9223372036854775808", "99999999999999999999", "1e3", "0x10", ""]
TUNING_LINES = ["", "# comment", "n=1 k=1 config=0", "config=0", "n=5", "n=1 k=1 config=99",
                "n=1 n=2 config=0", "=", "n=1\tk=2\tconfig=1", "\r", "n=1 k=2 config=1 # x"]


def field(text, key):
    m = re.search(r"^%s:\s*(.*)$" % key, text, re.M)
    return m.group(1).strip() if m else None


def load_seeds():
    """Every (name, source text, translator arguments) the tests translate."""
    seeds = []
    cases = os.path.join(ROOT, "tests", "cases")
    for fn in sorted(os.listdir(cases)):
        if not fn.endswith(".case"):
            continue
        t = open(os.path.join(cases, fn), encoding="utf-8").read()
        f, k, s, g = (field(t, x) for x in ("file", "kernel", "signature", "grid"))
        if not (f and k and s):
            continue
        src = open(os.path.join(ROOT, f), encoding="utf-8", errors="replace").read()
        args = ["-n", k, "-s", s] + (["-g", g] if g else [])
        seeds.append(("case_" + fn[:-5], src, args))
    golden = os.path.join(ROOT, "tests", "golden")
    for fn in sorted(os.listdir(golden)):
        if not fn.endswith(".py"):
            continue
        t = open(os.path.join(golden, fn), encoding="utf-8", errors="replace").read()
        hdr = re.search(r"^# tritonc: (.*)$", t, re.M)
        if not hdr or re.search(r"^# generate:", t, re.M):
            continue
        f = re.search(r"^# file: (.*)$", t, re.M)
        src = t if not f else open(os.path.join(ROOT, f.group(1).strip()), encoding="utf-8",
                                   errors="replace").read()
        args = [a for a in shlex.split(hdr.group(1)) if a != "--include-runtime"]
        if "--emit" in args:  # a stage printed (--emit plan): the mutants write files
            i = args.index("--emit")
            args = args[:i] + args[i + 2:]
        seeds.append(("golden_" + fn[:-3], src, args))
    # an autotuned kernel with its dispatcher's table (--all-configs --tuning): the table mutated
    tune = open(os.path.join(ROOT, "tests", "tune", "kernels.py"), encoding="utf-8").read()
    seeds.append(("tune_scaled_add", tune, ["-n", "scaled_add_kernel", "-s", "*fp32, *fp32, i32, i32",
                                           "-g", "cdiv(n, BLOCK)", "--all-configs", "--tuning",
                                           "tests/tune/table.tuning"]))
    return seeds


def tokens(src):
    return [m.group(0) for m in TOKEN.finditer(src)]


def pool_of(seeds):
    names, nums = set(), set()
    for _, src, _ in seeds:
        for m in TOKEN.finditer(src):
            if m.lastgroup == "name":
                names.add(m.group(0))
            elif m.lastgroup == "num":
                nums.add(m.group(0))
    return sorted(names), sorted(nums)


class Mutator:
    def __init__(self, rng, seeds):
        self.rng = rng
        self.seeds = seeds
        self.names, self.nums = pool_of(seeds)

    def source(self, src):
        r = self.rng
        toks = tokens(src)
        solid = [i for i, t in enumerate(toks) if not t.isspace() and not t.startswith("#")]
        if not solid:
            return src + r.choice(OPERATORS)
        i = r.choice(solid)
        t = toks[i]
        kind = r.randrange(11)
        if kind == 0 and re.match(r"\d|\.\d", t):
            toks[i] = r.choice(NUMBERS + self.nums)
        elif kind == 0 or kind == 1:
            toks[i] = r.choice(NAMES + self.names) if t[0].isalpha() or t[0] == "_" else \
                r.choice(OPERATORS)
        elif kind == 2:
            toks[i] = r.choice(OPERATORS)
        elif kind == 3:
            toks[i] = ""
        elif kind == 4:
            toks[i] = t + r.choice([" ", ""]) + r.choice(NAMES + NUMBERS + OPERATORS + self.names)
        elif kind == 5:
            toks[i] = t + t
        else:
            return self.lines(src, kind)
        return "".join(toks)

    def lines(self, src, kind):
        r = self.rng
        ls = src.split("\n")
        body = [i for i, line in enumerate(ls) if line.startswith("    ")] or list(range(len(ls)))
        i = r.choice(body)
        if kind == 6:
            del ls[i]
        elif kind == 7:
            ls.insert(i, ls[i])
        elif kind == 8:
            j = r.choice(body)
            ls[i], ls[j] = ls[j], ls[i]
        elif kind == 9:  # a line of another seed, re-indented like this one
            other = r.choice(self.seeds)[1].split("\n")
            donor = [line for line in other if line.startswith("    ") and line.strip()]
            if donor:
                indent = ls[i][:len(ls[i]) - len(ls[i].lstrip())] or "    "
                ls.insert(i, indent + r.choice(donor).strip())
        else:  # change a line's indentation
            ls[i] = r.choice(["", "  ", "        ", "\t"]) + ls[i].lstrip()
        return "\n".join(ls)

    def signature(self, sig):
        r = self.rng
        ent = [e.strip() for e in sig.split(",")]
        i = r.randrange(len(ent))
        kind = r.randrange(5)
        if kind == 0:
            ent[i] = r.choice(DTYPES)
        elif kind == 1:
            ent[i] = r.choice(CONSTS)
        elif kind == 2 and len(ent) > 1:
            del ent[i]
        elif kind == 3:
            ent.insert(i, r.choice(DTYPES + CONSTS))
        else:
            ent[i] = r.choice(CONSTS) if not ent[i].startswith(("*", "i", "u", "f", "b")) else \
                ent[i] + r.choice([":16", ":1", ":8", ""])
        return ", ".join(ent)

    def grid(self, grid):
        r = self.rng
        toks = re.findall(r"\w+|[^\w\s]", grid) or ["1"]
        i = r.randrange(len(toks))
        kind = r.randrange(3)
        if kind == 0:
            toks[i] = r.choice(GRID_TERMS)
        elif kind == 1:
            del toks[i]
        else:
            toks.insert(i, r.choice(GRID_TERMS))
        return " ".join(toks)

    def flags(self, args):
        """One option added, changed or dropped: the values each takes, good and bad."""
        r = self.rng
        opt = r.choice(sorted(FLAGS))
        if opt in args and r.randrange(2):
            j = args.index(opt)
            del args[j:j + (2 if opt in VALUED else 1)]
        elif opt in VALUED:
            args += [opt, r.choice(FLAGS[opt])]
        else:
            args.append(opt)
        return args

    def tuning(self, text):
        """A --tuning table with one line or value changed."""
        r = self.rng
        ls = text.split("\n")
        i = r.randrange(len(ls))
        kind = r.randrange(4)
        if kind == 0:
            ls[i] = re.sub(r"-?\d+", lambda m: r.choice(TUNING_VALUES), ls[i], count=1)
        elif kind == 1:
            ls.insert(i, r.choice(TUNING_LINES))
        elif kind == 2:
            del ls[i]
        else:
            ls[i] = ls[i].replace(r.choice(["=", " ", "config", "n", "k"]), r.choice(["", "==", "  ", "x", "#"]), 1)
        return "\n".join(ls)

    def mutant(self):
        """(seed name, kernel source, arguments, other input files, whether the command line
        changed)"""
        r = self.rng
        name, src, args = r.choice(self.seeds)
        args = list(args)
        files = {}
        if "--tuning" in args:
            j = args.index("--tuning") + 1
            files[os.path.basename(args[j])] = open(os.path.join(ROOT, args[j]), encoding="utf-8").read()
            args[j] = os.path.basename(args[j])
        cli = False
        for _ in range(r.choice([1, 1, 1, 2, 2, 3, 4])):
            what = r.randrange(13)
            if what < 7:
                src = self.source(src)
            elif what < 9 and "-s" in args:
                j = args.index("-s") + 1
                args[j] = self.signature(args[j])
            elif what < 10 and "-g" in args:
                j = args.index("-g") + 1
                args[j] = self.grid(args[j])
            elif what < 11 and files:
                k = next(iter(files))
                files[k] = self.tuning(files[k])
            else:
                args = self.flags(args)
                cli = True
        return name, src, args, files, cli


POSITIONED = re.compile(r"^[^\n:]+:\d+:\d+: error: ", re.M)
USAGE = re.compile(r"^tritonc: .*\nTry 'tritonc --help'", re.M)
SANITIZER = re.compile(r"Sanitizer|runtime error:|LeakSanitizer")
RUNTIME = os.path.join(ROOT, "runtime")  # for --include-runtime outputs
NVCC_LIMIT = [0, 0]  # at most [0] CUDA outputs compiled (0: no limit); [1] compiled so far
_compiled = {}  # sha256 of a generated file -> its compiler's complaint (None: clean)


def find_nvcc():
    """nvcc, to compile CUDA outputs, where a toolkit is installed ($NVCC, PATH, /usr/local/cuda);
    else None (CUDA outputs are then only checked to exist)."""
    for c in (os.environ.get("NVCC"), shutil.which("nvcc"), "/usr/local/cuda/bin/nvcc"):
        if c and os.access(c, os.X_OK):
            return c
    return None


def compile_once(cmd, path, cwd):
    """The first error line of compiling path (None if it compiles without a warning); an output
    the campaign saw before is not compiled again."""
    with open(os.path.join(cwd, path), "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    if digest in _compiled:
        return _compiled[digest]
    c = subprocess.run(cmd + [path], cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=120)
    why = None
    if c.returncode != 0:
        first = [line for line in c.stderr.decode("utf-8", "replace").split("\n")
                 if "error" in line or "warning" in line][:1]
        why = first[0].split(": ", 1)[-1] if first else "?"
    _compiled[digest] = why
    return why


def check(tritonc, cc, work, src, args, files=None, usage_ok=False, nvcc=None):
    """None if the mutant held, else a one-line description of the defect. files: other inputs
    (name -> text) the arguments name, such as a --tuning table; usage_ok: the mutant changed
    the command line, so a usage error (exit 2, "tritonc: ..." and the --help hint) is an
    answer; nvcc: compile CUDA outputs with it (-Werror all-warnings)."""
    path = os.path.join(work, "k.py")
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(src)
    for name, text in (files or {}).items():
        with open(os.path.join(work, name), "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
    for old in os.listdir(work):
        if old.startswith("out") and old.endswith((".c", ".cu", ".h")):
            os.remove(os.path.join(work, old))
    env = dict(os.environ, ASAN_OPTIONS="exitcode=99:detect_leaks=0",
               UBSAN_OPTIONS="print_stacktrace=1:exitcode=99")
    emit = "--emit" in args or "--list-configs" in args
    try:
        p = subprocess.run([tritonc, "k.py"] + args + ([] if emit else ["-o", "out"]), cwd=work,
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=10)
    except subprocess.TimeoutExpired:
        return "timeout (10 s)"
    err = p.stderr.decode("utf-8", "replace")
    if SANITIZER.search(err):
        m = re.search(r"(runtime error: .*|ERROR: \w+Sanitizer: [\w-]+)", err)
        loc = re.search(r"#\d+ 0x[0-9a-f]+ in (\w+) ([^\s]+)", err)
        return "sanitizer: %s%s" % (m.group(1) if m else "report",
                                    " in %s %s" % loc.groups() if loc else "")
    if p.returncode == 1:
        return None if POSITIONED.search(err) else "exit 1 without a positioned error: " + \
            (err.strip().split("\n") or [""])[0]
    if p.returncode == 2 and usage_ok and USAGE.search(err):
        return None
    if p.returncode != 0:
        return "exit %d: %s" % (p.returncode, (err.strip().split("\n") or [""])[0])
    if emit:
        return None
    outs = sorted(f for f in os.listdir(work) if f.startswith("out") and f.endswith((".c", ".cu")))
    targets = [args[i + 1] for i in range(len(args) - 1) if args[i] == "--target"]
    cuda = bool(targets) and targets[-1] == "cuda"  # the last --target given wins
    if not outs or any(f.endswith(".cu") != cuda for f in outs):
        return "exit 0 without out.%s" % ("cu" if cuda else "c")
    for f in outs:
        if not cuda:
            why = compile_once(cc + ["-std=c11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror",
                                     "-fopenmp", "-I" + RUNTIME], f, work)
            if why:
                return "C does not compile cleanly: " + why
        elif nvcc and (not NVCC_LIMIT[0] or NVCC_LIMIT[1] < NVCC_LIMIT[0]):
            NVCC_LIMIT[1] += 1
            why = compile_once([nvcc, "-arch=sm_90", "-c", "-o", os.devnull, "-I" + RUNTIME, "-Werror",
                                "all-warnings", "-Xcompiler", "-Wall,-Wextra,-Werror"], f, work)
            if why:
                return "CUDA does not compile cleanly: " + why
    return None


def kind_of(defect):
    """The defect with its numbers and names of generated values removed, to count it once."""
    d = re.sub(r"\d+", "N", defect)
    return re.sub(r"'[^']*'|‘[^’]*’", "'X'", d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=0)
    ap.add_argument("--seconds", type=float, default=0)
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "fuzz", "defects"))
    ap.add_argument("--tritonc", default=os.environ.get("TRITONC_SAN",
                                                        os.path.join(ROOT, "bin", "tritonc-san")))
    ap.add_argument("--cc", default=os.environ.get("CC", "cc"))
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="mutants checked at a time (default: the cores)")
    ap.add_argument("--quiet", action="store_true", help="no PASS lines")
    ap.add_argument("--no-nvcc", action="store_true",
                    help="do not compile CUDA outputs (by default, with nvcc where installed)")
    a = ap.parse_args()
    if not a.count and not a.seconds:
        a.count = 300
    tritonc = os.path.abspath(a.tritonc)
    if not os.access(tritonc, os.X_OK):
        print("FAIL setup (%s not built: make bin/tritonc-san)" % tritonc)
        print("0 passed, 1 failed")
        return 1
    seeds = load_seeds()
    rng = random.Random(a.seed)
    mut = Mutator(rng, seeds)
    os.makedirs(a.out, exist_ok=True)
    kinds, per_seed = {}, {}
    runs, start = 0, time.time()
    # Mutants are drawn in order from the one generator and checked a.jobs at a time (one work
    # directory per thread); their results are taken in drawing order, so a seed and count give
    # the same mutants, defects and files whatever the number of jobs.
    with tempfile.TemporaryDirectory(prefix="fuzz.") as top, \
            concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        works = queue.Queue()
        for j in range(a.jobs):
            os.makedirs(os.path.join(top, str(j)))
            works.put(os.path.join(top, str(j)))

        nvcc = None if a.no_nvcc else find_nvcc()

        def run_one(m):
            work = works.get()
            try:
                return check(tritonc, shlex.split(a.cc), work, m[1], m[2], m[3], m[4], nvcc)
            finally:
                works.put(work)

        while (a.count and runs < a.count) or (a.seconds and time.time() - start < a.seconds):
            n = 4 * a.jobs
            if a.count:
                n = min(n, a.count - runs)
            batch = [mut.mutant() for _ in range(n)]
            runs += n
            defects = pool.map(run_one, batch)
            for (name, src, args, files, _), defect in zip(batch, defects):
                per_seed.setdefault(name, [])
                if defect is None:
                    continue
                k = kind_of(defect)
                per_seed[name].append(defect)
                if k in kinds:
                    kinds[k][1] += 1
                    continue
                path = os.path.join(a.out, "%03d.py" % len(kinds))
                kinds[k] = [path, 1]
                with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
                    f.write("# tritonc: %s\n# defect: %s\n%s" % (shlex.join(args), defect, src))
                for fname, text in files.items():  # the table beside it, as the arguments name it
                    with open(os.path.join(a.out, "%03d.%s" % (len(kinds) - 1, fname)), "w",
                              encoding="utf-8", errors="surrogateescape") as f:
                        f.write(text)
    passed = failed = 0
    for name in sorted(per_seed):
        if per_seed[name]:
            failed += 1
            print("FAIL %s (%s)" % (name, per_seed[name][0]))
        else:
            passed += 1
            if not a.quiet:
                print("PASS %s" % name)
    for k, (path, n) in kinds.items():
        print("defect x%d: %s\n    reproduce: %s" % (n, k, os.path.relpath(path, ROOT)))
    print("%d executions in %.0f s (seed %d), %d kinds of defect" %
          (runs, time.time() - start, a.seed, len(kinds)))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
