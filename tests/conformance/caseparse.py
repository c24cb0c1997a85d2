"""Parser for tests/cases/*.case files (format described in tests/cases/README.md).

Pure standard library, so it can also be used to check case files on machines without a GPU:
    python3 tests/conformance/caseparse.py tests/cases/*.case
"""
import ast
import os
import re
import sys

# element sizes in bytes of the pointer element types
POINTER_DTYPES = {
    "i1": 1, "i8": 1, "i16": 2, "i32": 4, "i64": 8,
    "u8": 1, "u16": 2, "u32": 4, "u64": 8,
    "fp16": 2, "bf16": 2, "fp32": 4, "fp64": 8,
    "fp8e4nv": 1, "fp8e5": 1, "fp8e4b15": 1,
}
SCALAR_TYPES = ("i1", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "fp16", "bf16", "fp32", "fp64")
FP8_DTYPES = ("fp8e4nv", "fp8e5", "fp8e4b15")  # pointer element types only
INITS = ("rand", "randn", "randint", "zeros", "ones", "arange", "empty")
KEYS = ("file", "kernel", "signature", "grid", "arg", "tol", "warps")


class CaseError(Exception):
    pass


class SigEntry:
    def __init__(self, text):
        self.text = text
        self.kind = None  # "pointer", "scalar" or "constexpr"
        self.dtype = None
        self.value = None
        m = re.fullmatch(r"(\*?)([a-z0-9]+)(?::(\d+))?", text)
        if m and (m.group(1) or m.group(2) in SCALAR_TYPES + ("u1",)):
            # u1 is Triton's canonical spelling of the bool type i1
            self.dtype = "i1" if m.group(2) == "u1" else m.group(2)
            if m.group(1):
                if self.dtype not in POINTER_DTYPES:
                    raise CaseError(f"unknown pointer element type in {text!r}")
                self.kind = "pointer"
            else:
                self.kind = "scalar"
            self.type_no_hint = m.group(1) + m.group(2)
            return
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            raise CaseError(f"signature entry {text!r} is neither a type nor a constexpr literal") from None
        if not isinstance(value, (bool, int, float)):
            raise CaseError(f"constexpr {text!r} must be an int, float or bool literal")
        self.kind = "constexpr"
        self.value = value
        self.type_no_hint = "constexpr"

    def __repr__(self):
        return f"SigEntry({self.text!r})"


def split_signature(sig):
    parts = [p.strip() for p in sig.split(",")]
    if not sig.strip() or any(not p for p in parts):
        raise CaseError(f"malformed signature {sig!r}")
    return [SigEntry(p) for p in parts]


class Arg:
    def __init__(self, text):
        toks = text.split()
        self.text = text
        if len(toks) == 3:
            self.is_buffer = True
            self.name = toks[0]
            self.init = parse_init(toks[1])
            try:
                self.count = int(toks[2])
            except ValueError:
                raise CaseError(f"bad element count in arg {text!r}") from None
            if self.count <= 0:
                raise CaseError(f"element count must be positive in arg {text!r}")
        elif len(toks) == 2:
            self.is_buffer = False
            self.name = toks[0]
            self.raw = toks[1]
            try:
                self.value = int(toks[1], 0)
            except ValueError:
                try:
                    self.value = float(toks[1])
                except ValueError:
                    raise CaseError(f"bad scalar value in arg {text!r}") from None
        else:
            raise CaseError(f"arg must be `NAME INIT COUNT` or `NAME VALUE`: {text!r}")


def parse_init(tok):
    parts = tok.split(":")
    kind = parts[0]
    if kind not in INITS:
        raise CaseError(f"unknown init {tok!r}")
    if kind == "rand":
        if len(parts) == 1:
            return kind, (-1.0, 1.0)
        if len(parts) == 3:
            return kind, (float(parts[1]), float(parts[2]))
    elif kind == "randint":
        if len(parts) == 3:
            lo, hi = int(parts[1]), int(parts[2])
            if hi <= lo:
                raise CaseError(f"empty range in {tok!r}")
            return kind, (lo, hi)
    elif len(parts) == 1:
        return kind, ()
    raise CaseError(f"malformed init {tok!r}")


class Case:
    def __init__(self, path):
        self.path = path
        self.name = os.path.splitext(os.path.basename(path))[0]
        self.args = []
        self.tol = None
        fields = {}
        with open(path) as f:
            for lineno, line in enumerate(f, 1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                key, sep, value = line.partition(":")
                key = key.strip()
                value = value.strip()
                if not sep or key not in KEYS:
                    raise CaseError(f"{path}:{lineno}: expected `key: value` with key in {KEYS}")
                if key == "arg":
                    self.args.append(Arg(value))
                elif key in fields:
                    raise CaseError(f"{path}:{lineno}: duplicate key {key}")
                else:
                    fields[key] = value
        for key in ("file", "kernel", "signature", "grid"):
            if key not in fields:
                raise CaseError(f"{path}: missing `{key}:`")
        self.file = fields["file"]
        self.kernel = fields["kernel"]
        self.signature = fields["signature"]
        self.grid = fields["grid"]
        self.sig = split_signature(self.signature)
        self.warps = 4  # num_warps, Triton's default
        if "warps" in fields:
            try:
                self.warps = int(fields["warps"])
            except ValueError:
                raise CaseError(f"{path}: warps must be an integer") from None
            if self.warps <= 0 or self.warps & (self.warps - 1) or self.warps > 32:
                raise CaseError(f"{path}: warps must be a power of two up to 32")
        if "tol" in fields:
            toks = fields["tol"].split()
            if len(toks) != 2:
                raise CaseError(f"{path}: tol needs `ATOL RTOL`")
            self.tol = (float(toks[0]), float(toks[1]))
        runtime = [e for e in self.sig if e.kind != "constexpr"]
        if len(runtime) != len(self.args):
            raise CaseError(f"{path}: {len(self.args)} arg lines for {len(runtime)} non-constexpr signature entries")
        for e, a in zip(runtime, self.args):
            if (e.kind == "pointer") != a.is_buffer:
                raise CaseError(f"{path}: arg {a.name!r} does not match signature entry {e.text!r}")
            if e.kind == "scalar":
                if e.dtype.startswith(("i", "u")) and not isinstance(a.value, int):
                    raise CaseError(f"{path}: integer scalar {a.name} has value {a.raw}")
            if e.kind == "pointer" and e.dtype in ("fp16", "bf16", "fp32", "fp64") and self.tol is None:
                raise CaseError(f"{path}: floating-point buffers need a `tol:` line")
        names = [a.name for a in self.args]
        if len(set(names)) != len(names):
            raise CaseError(f"{path}: duplicate argument names")
        eval_grid(self.grid, {a.name: (a.value if isinstance(a.value, int) else 1)
                              for a, e in zip(self.args, runtime) if e.kind == "scalar"})


def parse_case(path):
    return Case(path)


def eval_grid(text, scalars):
    """Evaluates `X, Y, Z` over integer scalars; `/` is integer division."""
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        raise CaseError(f"grid {text!r} does not parse") from None
    if not isinstance(tree, ast.Tuple) or len(tree.elts) != 3:
        raise CaseError(f"grid {text!r} needs exactly three expressions")

    def ev(node):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in scalars:
                raise CaseError(f"grid names {node.id!r}, which is not a scalar argument")
            v = scalars[node.id]
            if not isinstance(v, int):
                raise CaseError(f"grid uses non-integer scalar {node.id!r}")
            return v
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -ev(node.operand)
        if isinstance(node, ast.BinOp):
            a, b = ev(node.left), ev(node.right)
            if isinstance(node.op, ast.Add):
                return a + b
            if isinstance(node.op, ast.Sub):
                return a - b
            if isinstance(node.op, ast.Mult):
                return a * b
            if isinstance(node.op, (ast.Div, ast.Mod)):
                if a < 0 or b <= 0:
                    raise CaseError(f"grid division needs non-negative operands in {text!r}")
                return a // b if isinstance(node.op, ast.Div) else a % b
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "cdiv"
                and len(node.args) == 2 and not node.keywords):
            a, b = ev(node.args[0]), ev(node.args[1])
            if a < 0 or b <= 0:
                raise CaseError(f"cdiv needs non-negative operands in {text!r}")
            return (a + b - 1) // b
        raise CaseError(f"unsupported grid expression {ast.dump(node)} in {text!r}")

    return tuple(ev(e) for e in tree.elts)


if __name__ == "__main__":
    bad = 0
    for p in sys.argv[1:]:
        try:
            c = parse_case(p)
            nbytes = sum(a.count * POINTER_DTYPES[e.dtype]
                         for a, e in zip(c.args, [e for e in c.sig if e.kind != "constexpr"]) if a.is_buffer)
            print(f"ok   {c.name}: {c.kernel} grid={c.grid!r} buffers={nbytes} bytes")
        except CaseError as e:
            bad += 1
            print(f"FAIL {p}: {e}")
    sys.exit(1 if bad else 0)
