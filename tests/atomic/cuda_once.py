"""cuda_once.py FILE.cu: every atomic call of a generated kernel runs once per element: a tile's
under `if (tid < TC)` where its layout replicates (TC below the CTA's threads), a scalar's under
`if (tid == 0...)`. Reads the kernel text: each call's enclosing blocks (by indentation) must
include such a guard, unless the tile is spread over every thread. Prints 'ok' or the offender."""
import re
import sys

lines = open(sys.argv[1]).read().split("\n")
threads = int(re.search(r"__launch_bounds__\((\d+)\)", "\n".join(lines)).group(1))
bad = []
for i, l in enumerate(lines):
    if "tc_atom_" not in l or l.startswith("__device__"):
        continue
    ind = len(l) - len(l.lstrip())
    guards = []
    for j in range(i - 1, -1, -1):  # enclosing lines: less indented, going up
        lj = lines[j]
        if not lj.strip():
            continue
        ij = len(lj) - len(lj.lstrip())
        if ij < ind:
            guards.append(lj.strip())
            ind = ij
        if ij == 0:
            break
    guarded = any(re.match(r"if \(tid (< \d+|== 0)", g) for g in guards)
    # an unguarded tile loop is fine only when each thread owns distinct elements: the layout
    # comment above the loop ("once per element: ... N threads") names the whole CTA (a loop of
    # one trip per thread prints as its body in a block, with e = 0)
    if not guarded:
        tile = any(g.startswith("for (int e") or g == "{" for g in guards)
        note = [x for x in lines[max(0, i - 12):i] if "once per element" in x]
        owners = re.findall(r"(\d+) threads", note[-1]) if note else []
        if not (tile and owners and int(owners[-1]) == threads):
            bad.append("line %d: %s" % (i + 1, l.strip()))
print("ok" if not bad else "; ".join(bad[:3]))
