"""The disk cache after faults: an entry whose kernel.so is truncated or corrupted, or whose
manifest is missing, is rebuilt (it raised `OSError: file too short` on every later launch); a
compile killed half way leaves no entry that a later run loads; a truncated kernel.cu (CUDA) and
a truncated CUDA runtime library are rebuilt. Each run is a fresh process (python3 -m tritonc
--stats) on its own cache folder, a numpy vector add checked against numpy.
Prints PASS/FAIL lines, then "cache_faults ok" when all passed."""
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHILD = """import numpy as np
from add import add_kernel
x = np.arange(1000, dtype=np.float32)
out = np.zeros_like(x)
add_kernel[(1,)](x, x, out, 1000, BLOCK_SIZE=1024)
assert (out == 2 * x).all(), "wrong sum"
print("child ok")
"""
failed = []
made = []


def new_cache():
    d = tempfile.mkdtemp(prefix="tc_faults.")
    made.append(d)
    return d


def check(name, ok, why=""):
    print(("PASS " if ok else "FAIL ") + name + ("" if ok else " (%s)" % why))
    if not ok:
        failed.append(name)


def run(cache, env_extra=None):
    """(exit status, the stats the run printed, its output)"""
    env = dict(os.environ, TRITONC_CACHE_DIR=cache)
    env.update(env_extra or {})
    p = subprocess.run([sys.executable, "-m", "tritonc", "--stats", os.path.join(cache, "child.py")],
                       env=env, capture_output=True, text=True, timeout=300)
    stats = dict(re.findall(r"(\w+)=([\d.]+)", p.stderr.split("tritonc stats:")[-1]))
    return p.returncode, stats, p.stdout + p.stderr


def entries(cache):
    """Folders holding a kernel.so (published or not)."""
    return [d for d, _, files in os.walk(cache) if "kernel.so" in files]


def fresh():
    cache = new_cache()
    with open(os.path.join(cache, "child.py"), "w") as f:
        f.write(CHILD)
    rc, st, out = run(cache)
    check("first run builds", rc == 0 and st.get("compilations") == "1", out[-300:])
    return cache


def damaged(name, damage):
    cache = fresh()
    [entry] = entries(cache)
    damage(os.path.join(entry, "kernel.so"), entry)
    rc, st, out = run(cache)
    check(name + ": rebuilt", rc == 0 and "child ok" in out and st.get("disk_repairs") == "1"
          and st.get("compilations") == "1", out[-300:])
    rc, st, out = run(cache)
    check(name + ": then a disk hit", rc == 0 and st.get("disk_hits") == "1"
          and st.get("compilations") == "0", out[-300:])


def truncate(so, entry):
    with open(so, "r+b") as f:
        f.truncate(16)


def corrupt(so, entry):
    size = os.path.getsize(so)
    with open(so, "r+b") as f:  # the same size, 64 bytes in the middle changed
        f.seek(size // 2)
        f.write(b"\xa5" * 64)


def no_manifest(so, entry):
    os.remove(os.path.join(entry, "entry.sha256"))


damaged("truncated kernel.so", truncate)
damaged("corrupted kernel.so", corrupt)
damaged("entry without its manifest", no_manifest)

# a compile killed half way: the compiler writes half a kernel.so, then the process dies
cache = new_cache()
with open(os.path.join(cache, "child.py"), "w") as f:
    f.write(CHILD)
cc = os.path.join(cache, "killing-cc")
with open(cc, "w") as f:
    f.write('#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && out=$2; shift; done\n'
            'printf "\\177ELF half a library" > "$out"\nkill -9 $PPID\n')
os.chmod(cc, os.stat(cc).st_mode | stat.S_IXUSR)
rc, st, out = run(cache, {"CC": cc})
check("killed compile dies", rc != 0, "exit %d" % rc)
rc, st, out = run(cache)
check("after a killed compile: built, not loaded", rc == 0 and "child ok" in out
      and st.get("compilations") == "1" and st.get("disk_hits") == "0", out[-300:])

# CUDA: the entry is kernel.cu (NVRTC compiles it at launch); translation alone, no GPU needed
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))
os.environ["TRITONC_CACHE_DIR"] = new_cache()
from tritonc import build  # noqa: E402
src = open(os.path.join(HERE, "..", "..", "..", "examples", "add.py")).read()
args = (src, "add.py", "add_kernel", "*fp32, *fp32, *fp32, i32, 1024", "cuda", 4, [], [])
folder = build.translate(*args)
cu = os.path.join(folder, "kernel.cu")
whole = open(cu).read()
with open(cu, "w") as f:
    f.write(whole[:len(whole) // 2])
repairs = build.stats["disk_repairs"]
again = build.translate(*args)
check("truncated kernel.cu: rebuilt", again == folder and open(cu).read() == whole
      and build.stats["disk_repairs"] == repairs + 1)

# the CUDA runtime library (runtime/tc_cuda.c built into the cache): truncated, it is rebuilt
try:
    from tritonc import launch_cuda
    launch_cuda.runtime_lib()
except Exception as e:  # no CUDA toolkit here
    print("SKIP truncated CUDA runtime library (%s)" % str(e).split("\n")[0][:100])
else:
    rt = os.path.join(build.cache_dir(), "cuda-runtime")
    [so] = [os.path.join(rt, n) for n in os.listdir(rt) if n.endswith(".so")]
    with open(so, "r+b") as f:
        f.truncate(16)
    try:
        launch_cuda.runtime_lib.__wrapped__()
        check("truncated CUDA runtime library: rebuilt", os.path.getsize(so) > 16)
    except OSError as e:
        check("truncated CUDA runtime library: rebuilt", False, str(e))

for d in made:
    shutil.rmtree(d, ignore_errors=True)
if not failed:
    print("cache_faults ok")
sys.exit(1 if failed else 0)
