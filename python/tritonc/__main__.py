"""python3 -m tritonc [--cache-dir | --stats] PROGRAM.py [ARGS...]"""
import os
import runpy
import sys

USAGE = """usage: python3 -m tritonc PROGRAM.py [ARGS...]
       python3 -m tritonc -m MODULE [ARGS...]
       python3 -m tritonc --cache-dir

Runs a Triton program with every kernel launch translated by tritonc (C target for CPU tensors
and numpy arrays, CUDA target for CUDA tensors). Options before the program:
  --cache-dir   print the folder of compiled kernels ($TRITONC_CACHE_DIR overrides it) and exit
  --stats       print launch/translation/compilation counts to stderr when the program ends
Environment: TRITONC (translator), TRITONC_CACHE_DIR, TRITONC_TARGET=c (CUDA tensors on the C
target through host copies), TRITONC_AUTOTUNE=first (default bench: time every config), TRITONC_CFLAGS, CC, TRITONC_SHIM=1."""


def main(argv):
    show_stats = False
    while argv and argv[0].startswith("-") and argv[0] != "-m":
        opt = argv.pop(0)
        if opt == "--cache-dir":
            from .build import cache_dir
            print(cache_dir())
            return 0
        if opt == "--stats":
            show_stats = True
        elif opt in ("-h", "--help"):
            print(USAGE)
            return 0
        else:
            print(f"tritonc: unknown option {opt}\n{USAGE}", file=sys.stderr)
            return 2
    if not argv:
        print(USAGE, file=sys.stderr)
        return 2
    import tritonc
    tritonc.patch()
    try:
        if argv[0] == "-m" and len(argv) > 1:
            sys.argv = argv[1:]
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        else:
            path = argv[0]
            sys.argv = list(argv)
            sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
            runpy.run_path(path, run_name="__main__")
    except tritonc.CompilationError as e:
        print(f"tritonc: {e.kernel}: the kernel does not translate:\n{e}", file=sys.stderr)
        return 1
    finally:
        if show_stats:
            s = tritonc.stats
            print("tritonc stats: " + ", ".join(f"{k}={v:.3f}" if isinstance(v, float) else
                                               f"{k}={v}" for k, v in s.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
