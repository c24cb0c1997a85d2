"""lib_report.py TITLE DIR [DIR...] > report.md

Compares one library's own test suite run three ways (libtests.sh: DIR/triton.jsonl, cuda.jsonl,
c.jsonl; several DIRs are runs of other test subsets, merged): per test file, how many tests
passed, failed and were skipped under real Triton and through tritonc's CUDA and C targets; then
every test that passed under Triton but not through tritonc, grouped by cause. A test that did not
finish inside a mode's time limit is counted as not run there."""
import collections
import json
import os
import re
import sys

MODES = ("triton", "cuda", "c")


def load(dirs):
    res = {m: {} for m in MODES}
    for d in dirs:
        for m in MODES:
            p = os.path.join(d, m + ".jsonl")
            if os.path.exists(p):
                for line in open(p):
                    try:
                        r = json.loads(line)
                    except ValueError:
                        continue  # a line cut by the time limit
                    res[m][r["nodeid"]] = r
    return res


def norm(cause):
    """The cause with numbers and addresses blanked, to group failures of one kind."""
    c = re.sub(r"0x[0-9a-f]+", "0x.", cause or "")
    c = re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", c)
    return c[:160]


def main():
    title, dirs = sys.argv[1], sys.argv[2:]
    res = load(dirs)
    ran = [m for m in MODES if res[m]]
    files = collections.defaultdict(lambda: {m: collections.Counter() for m in MODES})
    for m in ran:
        for nid, r in res[m].items():
            files[nid.split("::")[0]][m][r["outcome"]] += 1
    print(f"# {title}: the library's own tests under real Triton and through tritonc\n")
    print("Counts are passed / failed (errors included) / skipped; a blank mode did not run "
          "that file inside its time limit.\n")
    print("| test file | " + " | ".join(ran) + " |")
    print("|---|" + "---|" * len(ran))
    tot = {m: collections.Counter() for m in ran}
    for f in sorted(files):
        cells = []
        for m in ran:
            c = files[f][m]
            tot[m].update(c)
            n = sum(c.values())
            cells.append(f"{c['passed']} / {c['failed'] + c['error']} / {c['skipped']}" if n else "")
        print(f"| {f} | " + " | ".join(cells) + " |")
    print("| **all** | " + " | ".join(
        f"**{tot[m]['passed']} / {tot[m]['failed'] + tot[m]['error']} / {tot[m]['skipped']}**"
        for m in ran) + " |")
    base = res["triton"]
    for m in ran:
        if m == "triton":
            continue
        both = [n for n, r in base.items() if r["outcome"] == "passed" and n in res[m]]
        worse = [n for n in both if res[m][n]["outcome"] != "passed"]
        better = [n for n, r in res[m].items()
                  if r["outcome"] == "passed" and n in base and base[n]["outcome"] != "passed"]
        print(f"\n## {m} target: {len(both) - len(worse)} of {len(both)} tests that pass under "
              f"Triton pass ({len(worse)} do not); {len(better)} pass only through tritonc\n")
        groups = collections.defaultdict(list)
        for n in worse:
            groups[norm(res[m][n].get("cause", res[m][n]["outcome"]))].append(n)
        for cause, ns in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            print(f"- {len(ns)} x `{res[m][ns[0]].get('cause', '')[:200]}`")
            for n in ns[:3]:
                print(f"  - {n}")
            if len(ns) > 3:
                print(f"  - ... and {len(ns) - 3} more")
        unknown = [n for n, r in res[m].items() if n not in base and r["outcome"] in ("failed", "error")]
        if unknown:
            print(f"\nFailing through tritonc, not run under Triton within its time limit:\n")
            for n in unknown:
                print(f"- {n}: `{res[m][n].get('cause', '')[:300]}`")
    if base:
        nb = collections.Counter(r["outcome"] for r in base.values())
        print(f"\nUnder real Triton: {dict(nb)}.")


if __name__ == "__main__":
    main()
