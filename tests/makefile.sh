#!/bin/sh
# makefile.sh — the Makefile's own rules, in copies of the files they read under a scratch folder:
#   1. each generated object (build/obj/{templates,queries,pymodules,runtime,cuda_runtime}.o) builds
#      where build/ does not exist yet, as in a fresh clone;
#   2. a grammar/node_modules that is a link to another checkout's copy is not reinstalled (a
#      fake npm on PATH records whether it ran) and what it points to is left whole.
# Prints PASS/FAIL lines and "N passed, N failed".
cd "$(dirname "$0")/.." || exit 2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/makefile.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "PASS $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1 ($2)"; [ -f "$3" ] && sed -n '1,10s/^/    /p' "$3"; fail=$((fail + 1)); }

r=$tmp/repo
mkdir -p "$r/src/c" "$r/grammar"
cp -r Makefile templates tools runtime "$r/"
cp -r grammar/queries grammar/package.json grammar/package-lock.json "$r/grammar/"
cp src/c/runtime_index.h "$r/src/c/"
for o in templates queries pymodules runtime cuda_runtime; do
  rm -rf "$r/build"
  if make -C "$r" "build/obj/$o.o" > "$tmp/log" 2>&1 && [ -f "$r/build/obj/$o.o" ]; then
    ok "fresh-build-obj-$o"
  else
    bad "fresh-build-obj-$o" "make failed" "$tmp/log"
  fi
done

# a worktree whose grammar/node_modules links to a checkout's copy, older than package.json
shared=$tmp/shared/node_modules
mkdir -p "$shared/tree-sitter-python/src" "$tmp/bin"
echo "/* parser */" > "$shared/tree-sitter-python/src/parser.c"
touch -d '2000-01-01' "$shared/tree-sitter-python/src/parser.c"
ln -s "$shared" "$r/grammar/node_modules"
printf '#!/bin/sh\necho ran >> "%s/npm-ran"\n' "$tmp" > "$tmp/bin/npm"
chmod +x "$tmp/bin/npm"
PATH=$tmp/bin:$PATH make -C "$r" grammar/node_modules/tree-sitter-python/src/parser.c > "$tmp/log" 2>&1
if [ ! -f "$tmp/npm-ran" ] && [ -L "$r/grammar/node_modules" ] &&
   [ -f "$shared/tree-sitter-python/src/parser.c" ]; then
  ok linked-node-modules-kept
else
  bad linked-node-modules-kept "npm ci ran through the link" "$tmp/log"
fi
# without the link (a folder of its own, out of date), npm ci runs
rm "$r/grammar/node_modules"
cp -rp "$shared" "$r/grammar/node_modules"
PATH=$tmp/bin:$PATH make -C "$r" grammar/node_modules/tree-sitter-python/src/parser.c > "$tmp/log" 2>&1
if [ -f "$tmp/npm-ran" ]; then ok own-node-modules-reinstalled
else bad own-node-modules-reinstalled "npm ci did not run" "$tmp/log"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
