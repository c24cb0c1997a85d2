"""The module text tritonc translates for a kernel: the kernel's source (Triton's
JITFunction.src, so patched sources count) at the line where the program defines it, followed by
what the kernel reads from its globals and closure, with the values the program holds at launch
(as Triton's code generator sees them): @triton.jit helpers, tl.constexpr and plain number
globals, dtypes, NamedTuple classes, and imported modules (tritonc resolves `import mod` in the
-I folders); then the @triton.jit functions the launch's arguments pass as constexprs."""
import inspect
import keyword
import os
import re
import sys
import textwrap
import types

from .bind import TL_NAMES, constexpr_value, is_dtype

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def referenced_names(src):
    return {n for n in _IDENT.findall(src) if not keyword.iskeyword(n)}


def scope_of(fn):
    """The names a function can read: its globals, then its closure cells."""
    scope = dict(fn.__globals__)
    if fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                scope[name] = cell.cell_contents
            except ValueError:  # an empty cell: the name is not bound yet
                pass
    return scope


def module_root(mod):
    """The sys.path entry a module was imported from, or None."""
    f = getattr(mod, "__file__", None)
    name = getattr(mod, "__name__", "")
    if not f or name == "__main__":
        return None
    d = os.path.dirname(os.path.abspath(f))
    up = name.count(".") + (1 if os.path.basename(f) == "__init__.py" else 0)
    for _ in range(up):
        d = os.path.dirname(d)
    return d


def _float(v):
    if v != v:
        return "float('nan')"
    if v in (float("inf"), float("-inf")):
        return "float('inf')" if v > 0 else "float('-inf')"
    return repr(v)


def _value_text(v):
    """Python text rebuilding a constexpr-like value, or None."""
    v = constexpr_value(v)
    if v is None or isinstance(v, (bool, int)):
        return repr(v)
    if isinstance(v, float):
        return _float(v)
    if isinstance(v, str):
        return repr(v)
    return None


class Synth:
    def __init__(self):
        self.lines = []          # text after the kernel
        self.bound = {}          # name -> its emitted text (first binding wins per scope)
        self.objs = {}           # name -> the value emitted for it
        self.inlined = set()     # ids of helper functions already emitted
        self.include_dirs = []
        self.files = []          # files of imported modules (their contents key the cache)
        self.host_callers = set()  # names a @tl.constexpr function's body reads

    def add_dir(self, d):
        if d and d not in self.include_dirs:
            self.include_dirs.append(d)

    def emit_scope(self, src, scope, own_name):
        for name in sorted(referenced_names(src)):
            if name == own_name or name in self.bound or name not in scope:
                continue
            self.emit(name, scope[name])

    def emit(self, name, v):
        from .jit import KernelWrapper
        self.objs[name] = v
        if isinstance(v, type) and issubclass(v, tuple) and hasattr(v, "_fields"):
            self.emit_namedtuple(name, v)
            return
        if isinstance(v, KernelWrapper):
            self.bound[name] = "helper"
            self.emit_helper(name, v.jit_function())
            return
        if isinstance(v, types.ModuleType):
            mod = v.__name__
            text = f"import {mod}" if mod == name else f"import {mod} as {name}"
            if "." not in mod and mod == name:
                text = f"import {mod}"
            self.bound[name] = text
            self.lines.append(text)
            root = module_root(v)
            if root and not mod.startswith(("triton", "numpy", "torch")):
                self.add_dir(root)
                self.files.append(v.__file__)
            return
        if is_dtype(v):
            tl_name = TL_NAMES.get(getattr(v, "name", ""), None)
            if tl_name:
                text = f"{name} = tl.{tl_name}"
                self.bound[name] = text
                self.lines.append(text)
            return
        fn = getattr(v, "value", None) if type(v).__name__ == "constexpr" else None
        if isinstance(fn, types.FunctionType):  # @tl.constexpr def: run at compile time
            self.emit_host_function(name, fn, "@tl.constexpr")
            return
        if isinstance(v, types.FunctionType) and name in self.host_callers:
            self.emit_host_function(name, v, None)  # a plain function one of those calls
            return
        text = triton_function_text(name, v)
        if text:
            self.bound[name] = text
            self.lines.append(text)
            return
        text = _value_text(v)
        if text is not None and (type(v).__name__ == "constexpr" or isinstance(
                v, (bool, int, float, str)) or v is None):
            line = f"{name} = tl.constexpr({text})"
            self.bound[name] = line
            self.lines.append(line)

    def emit_host_function(self, name, fn, decorator):
        """A function Triton runs in Python while compiling (a @tl.constexpr def, FlagGems'
        get_scan_accum_type; or a plain function such a def calls), as its source: tritonc
        evaluates it as host Python. Not emitted when its source cannot be read."""
        try:
            src = textwrap.dedent(inspect.getsource(fn))
        except (OSError, TypeError):
            return
        m = re.search(r"^def\s+\w+\s*\(", src, re.MULTILINE)
        if not m:
            return
        src = src[m.start():]
        if fn.__name__ != name:
            src = re.sub(r"^def\s+" + re.escape(fn.__name__) + r"\b", "def " + name, src, count=1)
        self.bound[name] = "host function"
        self.lines.append("")
        self.lines.append(f"# {fn.__name__} from {fn.__code__.co_filename}:{fn.__code__.co_firstlineno}")
        if decorator:
            self.lines.append(decorator)
        self.lines.extend(src.rstrip("\n").split("\n"))
        self.host_callers.update(referenced_names(src))
        scope = dict(fn.__globals__)
        self.emit_scope(src, scope, name)

    def emit_namedtuple(self, name, cls):
        """A NamedTuple class as a `class NAME(typing.NamedTuple)` with its fields and defaults
        (a default that is no constexpr value is written `...`: tritonc refuses the class)."""
        if "typing" not in self.bound:
            self.bound["typing"] = "import typing"
            self.lines.append("import typing")
        self.bound[name] = "class"
        defaults = getattr(cls, "_field_defaults", {})
        self.lines.append("")
        self.lines.append(f"class {name}(typing.NamedTuple):")
        for f in cls._fields:
            text = ""
            if f in defaults:
                d = defaults[f]
                text = _value_text(d)
                if text is None and isinstance(d, tuple):
                    text = tuple_text(d)
                text = " = " + (text if text is not None else "...")
            self.lines.append(f"    {f}: any{text}")
        if not cls._fields:
            self.lines.append("    pass")

    def emit_helper(self, name, jf):
        if id(jf) in self.inlined and jf.fn.__name__ == name:
            return
        self.inlined.add(id(jf))
        src = jf.src
        if jf.fn.__name__ != name:
            src = re.sub(r"^def\s+" + re.escape(jf.fn.__name__) + r"\b", "def " + name, src, count=1)
        self.lines.append("")
        self.lines.append(f"# {jf.fn.__name__} from {jf.where()}")
        self.lines.append("@triton.jit" + ("(noinline=True)" if jf.noinline else ""))
        self.lines.extend(src.rstrip("\n").split("\n"))
        self.emit_scope(jf.src, jf.scope(), name)


# The shim's builtin("libdevice.rsqrt") and the like: the triton.language module each comes from.
_SHIM_PREFIXES = {"libdevice": "triton.language.extra.libdevice", "math": "triton.language.math",
                  "": "triton.language"}


def triton_function_text(name, v):
    """`from MODULE import F as NAME` for a function of triton.language a global holds (rsqrt =
    a helper's getattr(libdevice, "rsqrt"), or Liger's conditional import of it), or None."""
    cls = type(v)
    if cls.__name__ == "builtin" and cls.__module__ == "triton.language.core":
        head, _, fn = v.__name__.rpartition(".")
        mod = _SHIM_PREFIXES.get(head)
    else:
        mod, fn = getattr(v, "__module__", None), getattr(v, "__name__", None)
        if not callable(v) or isinstance(v, type) or not isinstance(mod, str) or \
                not mod.startswith("triton.language") or not isinstance(fn, str):
            return None
    if not mod or not fn.isidentifier():
        return None
    return f"from {mod} import {fn}" + ("" if fn == name else f" as {name}")


def tuple_text(v):
    """Python text of a tuple of constexpr values, or None."""
    items = [_value_text(e) if not isinstance(e, tuple) else tuple_text(e) for e in v]
    if any(t is None for t in items):
        return None
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def module_text(jf, funcs=()):
    """(text, include_dirs, files) for translating JITFunction jf under its own name. The def
    stays on the program's line so tritonc's positioned errors point into the program. funcs:
    @triton.jit functions the launch passes as constexprs, defined under their own names (the
    signature names them so)."""
    from .bind import jit_name
    from .errors import ArgumentError
    s = Synth()
    s.bound = {"triton": "import triton", "tl": "import triton.language as tl"}
    s.emit_scope(jf.src, jf.scope(), jf.fn.__name__)
    for f in funcs:
        name = jit_name(f)
        held = s.objs.get(name, f) if name != jf.fn.__name__ else jf
        if held is not f and getattr(held, "jit_function", lambda: None)() is not f.jit_function():
            raise ArgumentError(f"tritonc: {jf.__name__}: the @triton.jit function {name} passed "
                                f"as an argument has the name of another value the kernel or "
                                f"its helpers read ({held!r})")
        if name not in s.objs:
            s.emit(name, f)
    head = "\n" * max(jf.def_line - 2, 0) + "@triton.jit"
    body = [jf.src.rstrip("\n"), "", "", "# what the kernel reads, as the program holds it at launch",
            "import triton", "import triton.language as tl"]
    return "\n".join([head] + body + s.lines) + "\n", s.include_dirs, s.files
