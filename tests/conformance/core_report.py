"""Report of a test_core.py run through tritonc (tests/conformance/test_core_runner.sh): reads
the JSON lines the pytest plugin wrote under RESULTS/TARGET/ and writes report.md and
report.json: per target the passed/failed/skipped counts, per test function the counts (and
how many of the skipped ran their kernels and every check before an IR/PTX read), the
failures grouped by cause (most frequent first, with example test ids), the skips by reason,
and how many collected tests have no result yet (a run cut short by a time limit).

usage: core_report.py RESULTS_DIR OUT_DIR"""
import collections
import json
import os
import sys


def load(folder):
    recs = {}
    for name in sorted(os.listdir(folder)):
        if name.startswith("results-") and name.endswith(".jsonl"):
            for line in open(os.path.join(folder, name)):
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                # a failed setup/teardown outranks the call's pass
                if r["nodeid"] not in recs or r["outcome"] == "failed":
                    recs[r["nodeid"]] = r
    collected = []
    p = os.path.join(folder, "collected.txt")
    if os.path.exists(p):
        collected = [l.strip() for l in open(p) if l.strip()]
    return recs, collected


def main(results, out):
    os.makedirs(out, exist_ok=True)
    md = ["# test_core.py through tritonc", ""]
    summary = {}
    # a target's folder holds collected.txt (the kernel cache and the report folder do not)
    targets = sorted(d for d in os.listdir(results)
                     if os.path.exists(os.path.join(results, d, "collected.txt")))
    for t in targets:
        recs, collected = load(os.path.join(results, t))
        count = collections.Counter(r["outcome"] for r in recs.values())
        missing = len(set(collected) - set(recs)) if collected else 0
        per_fn = collections.defaultdict(collections.Counter)
        causes = collections.defaultdict(list)
        skips = collections.defaultdict(list)
        for r in recs.values():
            per_fn[r["function"]][r["outcome"]] += 1
            if r["outcome"] == "skipped" and r.get("launched"):
                per_fn[r["function"]]["ran"] += 1
                count["ran"] += 1
            if r["outcome"] == "failed":
                causes[r.get("cause", "?")].append(r["nodeid"])
            elif r["outcome"] == "skipped":
                skips[r.get("cause", "?")].append(r["function"])
        summary[t] = {"passed": count["passed"], "failed": count["failed"],
                      "skipped": count["skipped"], "skipped_after_launches": count["ran"],
                      "not_run": missing,
                      "per_function": {k: dict(v) for k, v in sorted(per_fn.items())},
                      "failure_causes": {k: len(v) for k, v in causes.items()}}
        md += [f"## target {t}", "",
               f"{count['passed']} passed, {count['failed']} failed, {count['skipped']} skipped"
               + (f", {missing} collected but not run yet" if missing else ""), "",
               f"Of the skipped, {count['ran']} were skipped at a read of Triton's IR/PTX after "
               "their kernels ran through tritonc and every check before the read passed "
               "(column 'ran, then IR').", "",
               "| test function | passed | failed | skipped | ran, then IR |", "|---|---|---|---|---|"]
        for fn, c in sorted(per_fn.items()):
            md.append(f"| {fn} | {c['passed']} | {c['failed']} | {c['skipped']} | {c['ran']} |")
        md += ["", f"### failures by cause ({t})", ""]
        for cause, ids in sorted(causes.items(), key=lambda kv: -len(kv[1])):
            md.append(f"- {len(ids)} x `{cause}` e.g. {', '.join(ids[:3])}")
        md += ["", f"### skips by reason ({t})", ""]
        for reason, fns in sorted(skips.items(), key=lambda kv: -len(kv[1])):
            names = sorted(set(fns))
            md.append(f"- {len(fns)} x {reason}: {', '.join(names[:12])}"
                      + (" ..." if len(names) > 12 else ""))
        md.append("")
    with open(os.path.join(out, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(out, "report.json"), "w") as f:
        json.dump(summary, f, indent=1)
    for t, s in summary.items():
        print(f"{t}: {s['passed']} passed, {s['failed']} failed, {s['skipped']} skipped, "
              f"{s['not_run']} not run yet")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
