"""Translate with bin/tritonc, compile with the system C compiler (or keep the CUDA text for
NVRTC), and keep the result in a disk cache keyed by everything that shapes the binary: the
module text, the kernel name, the signature, num_warps, num_stages, the target, the translator (path, size,
mtime), the compiler (its --version) and the flags."""
import functools
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

from .errors import CCompileError, TritoncError, compilation_error

PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
REPO_DIR = os.path.dirname(os.path.dirname(PACKAGE_DIR))

# What a build did, for tests and the overhead figures (a second run of a program shows
# translations == 0 and disk_hits > 0).
stats = {"launches": 0, "executed": 0, "memory_hits": 0, "disk_hits": 0, "translations": 0,
         "compilations": 0, "translate_s": 0.0, "compile_s": 0.0, "disk_repairs": 0}
_lock = threading.Lock()


def c_ident(name):
    """The C name tritonc gives the entry points of kernel `name` (src/support/util.c, c_ident):
    each non-ASCII letter spelled uXXXX (UXXXXXXXX past the BMP), its code point."""
    return "".join(ch if ord(ch) < 0x80 else ("u%04x" % ord(ch) if ord(ch) <= 0xFFFF else "U%08x" % ord(ch))
                   for ch in name)


def cache_dir():
    """$TRITONC_CACHE_DIR, else $XDG_CACHE_HOME/tritonc, else ~/.cache/tritonc; the runner's
    kernels live in its runner/ folder (the CUDA runtime keeps its binaries beside it)."""
    root = os.environ.get("TRITONC_CACHE_DIR")
    if not root:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        root = os.path.join(xdg, "tritonc")
    return os.path.join(root, "runner")


@functools.lru_cache(maxsize=None)
def tritonc_path():
    """$TRITONC, else bin/tritonc beside the package (the repository's), else the one make install
    put beside an installed package, else tritonc on PATH."""
    env = os.environ.get("TRITONC")
    if env:
        return os.path.abspath(env)
    here = os.path.join(REPO_DIR, "bin", "tritonc")
    if os.access(here, os.X_OK):
        return here
    inst = installed()
    if inst and os.access(inst.TRITONC, os.X_OK):
        return inst.TRITONC
    found = shutil.which("tritonc")
    if found:
        return found
    raise TritoncError("tritonc: no translator: build it (make bin/tritonc in the repository), "
                       "put it on PATH, or set TRITONC=/path/to/tritonc")


def installed():
    """The paths tools/install.sh recorded in an installed package; None in the repository."""
    try:
        from . import _installed
    except ImportError:
        return None
    return _installed


def runtime_dir():
    d = os.path.join(REPO_DIR, "runtime")
    return d if os.path.isdir(d) else None


@functools.lru_cache(maxsize=None)
def _file_id(path):
    st = os.stat(path)
    return f"{path}:{st.st_size}:{st.st_mtime_ns}"


@functools.lru_cache(maxsize=None)
def cc_identity(cc):
    try:
        out = subprocess.run([cc, "--version"], capture_output=True, text=True, timeout=30).stdout
    except OSError as e:
        raise TritoncError(f"tritonc: C compiler {cc!r} not found ({e}); set CC") from e
    return out.split("\n", 1)[0]


@functools.lru_cache(maxsize=None)
def _probe(cc, code, flags):
    """Whether cc builds code with flags (SLEEF's presence)."""
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "p.c")
        with open(src, "w") as f:
            f.write(code)
        r = subprocess.run([cc, src, "-o", os.path.join(d, "p")] + list(flags),
                           capture_output=True)
        return r.returncode == 0


@functools.lru_cache(maxsize=None)
def _has_sleef(cc):
    """Probes once per compiler and remembers it in the cache folder (a probe compiles and
    links a program: most of a cached process's start-up otherwise)."""
    memo = os.path.join(cache_dir(), "sleef-" + _key(cc, cc_identity(cc)))
    if os.path.exists(memo):
        with open(memo) as f:
            return f.read().strip() == "1"
    ok = _probe(cc, "#include <sleef.h>\nint main(void){return (int)Sleef_expf_u10(0.0f) - 1;}\n",
                ("-lsleef", "-lm"))
    os.makedirs(cache_dir(), exist_ok=True)
    tmp = f"{memo}.{os.getpid()}"
    with open(tmp, "w") as f:
        f.write("1" if ok else "0")
    os.replace(tmp, memo)
    return ok


def c_flags():
    """cc and flags of the C target: those of tests/exec/run.sh's optimised build (-O3, the host's
    vector ISA, OpenMP for the grid), SLEEF when installed; $TRITONC_CFLAGS adds more."""
    cc = os.environ.get("CC", "cc")
    flags = ["-std=c11", "-O3", "-march=native", "-fopenmp", "-fPIC", "-shared"]
    libs = ["-lm"]
    if _has_sleef(cc):
        flags.append("-DTC_HAVE_SLEEF")
        libs = ["-lsleef", "-lm"]
    flags += os.environ.get("TRITONC_CFLAGS", "").split()
    return cc, flags, libs


def _key(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(str(p).encode())
        h.update(b"\0")
    return h.hexdigest()[:32]


def _files_digest(files):
    h = hashlib.sha256()
    for f in sorted(set(files)):
        try:
            with open(f, "rb") as fh:
                h.update(fh.read())
        except OSError:
            pass
    return h.hexdigest()


# A cache entry is a folder published by one rename; its manifest, written last, holds the sha256
# of every other file in it. An entry is used only while the manifest is there and every file
# still has its digest: a kernel.so or kernel.cu truncated or corrupted on disk after the rename
# (a crash before the data reached the disk, a full disk, a stray write) is rebuilt, instead of
# failing to load (OSError: file too short) on every later launch.
MANIFEST = "entry.sha256"


def _file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _seal(folder):
    lines = ["%s  %s\n" % (_file_sha256(os.path.join(folder, n)), n)
             for n in sorted(os.listdir(folder)) if n != MANIFEST]
    tmp = os.path.join(folder, MANIFEST + ".tmp")
    with open(tmp, "w") as f:
        f.writelines(lines)
    os.replace(tmp, os.path.join(folder, MANIFEST))


def _intact(folder, needed):
    """The entry's manifest lists `needed` and every file it lists has its digest."""
    try:
        with open(os.path.join(folder, MANIFEST)) as f:
            entries = [line.rstrip("\n").split("  ", 1) for line in f if line.strip()]
        names = {e[1] for e in entries if len(e) == 2}
        if not needed <= names:
            return False
        return all(len(e) == 2 and _file_sha256(os.path.join(folder, e[1])) == e[0] for e in entries)
    except (OSError, ValueError):
        return False


def _discard(folder):
    """Moves a damaged entry aside in one rename (a concurrent reader sees it whole or not at
    all), then deletes it."""
    aside = "%s.bad.%d.%d" % (folder, os.getpid(), threading.get_ident())
    try:
        os.rename(folder, aside)
    except OSError:
        return  # another process moved it first
    shutil.rmtree(aside, ignore_errors=True)


def _publish(tmpdir, final):
    """Moves a finished build folder into place atomically (another process may race us)."""
    try:
        os.rename(tmpdir, final)
    except OSError:
        shutil.rmtree(tmpdir, ignore_errors=True)  # the other one won; its files are the same


def translate(text, filename, kernel, signature, target, num_warps, include_dirs, files, num_stages=None):
    """Returns the folder holding kernel.{c,h,so} (C) or kernel.cu (CUDA), building it if the
    cache lacks it. Raises CompilationError with tritonc's message when tritonc rejects it."""
    tritonc = tritonc_path()
    if target == "c":
        cc, flags, libs = c_flags()
        tool = (cc, cc_identity(cc), " ".join(flags + libs))
    else:
        tool = ("nvrtc",)
    key = _key(text, filename, kernel, signature, target, num_warps, num_stages, _file_id(tritonc),
               " ".join(include_dirs), _files_digest(files), *tool)
    final = os.path.join(cache_dir(), key[:2], key)
    needed = {"kernel.so", "kernel.h"} if target == "c" else {"kernel.cu"}
    if os.path.isdir(final):
        if _intact(final, needed):
            stats["disk_hits"] += 1
            return final
        _discard(final)
        stats["disk_repairs"] += 1
    os.makedirs(os.path.dirname(final), exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=key + ".tmp", dir=os.path.dirname(final))
    try:
        with open(os.path.join(tmp, filename), "w") as f:
            f.write(text)
        cmd = [tritonc, filename, "-n", kernel, "-s", signature, "-o", "kernel",
               "-w", str(num_warps), "--target", target]
        if num_stages is not None:
            cmd += ["-ns", str(num_stages)]
        for d in include_dirs:
            cmd += ["-I", d]
        t0 = time.perf_counter()
        r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        stats["translate_s"] += time.perf_counter() - t0
        stats["translations"] += 1
        if r.returncode == 1:
            raise compilation_error(r.stderr.rstrip("\n"), kernel, signature)
        if r.returncode != 0:
            raise TritoncError(f"tritonc failed (exit {r.returncode}) on {kernel} with "
                               f"signature {signature!r}:\n{r.stderr}")
        if target == "c":
            t0 = time.perf_counter()
            out = os.path.join(tmp, "kernel.so")
            cc_cmd = [cc] + flags + ["kernel.c", "-o", out] + libs
            r = subprocess.run(cc_cmd, cwd=tmp, capture_output=True, text=True)
            stats["compile_s"] += time.perf_counter() - t0
            stats["compilations"] += 1
            if r.returncode != 0:
                raise CCompileError(f"tritonc: {cc} failed on the C generated for {kernel} "
                                    f"({signature}) in {tmp}:\n{r.stderr[-4000:]}")
        _seal(tmp)
        _publish(tmp, final)
        tmp = None
        return final
    finally:
        if tmp and os.path.isdir(tmp) and not os.environ.get("TRITONC_KEEP_FAILED"):
            shutil.rmtree(tmp, ignore_errors=True)
