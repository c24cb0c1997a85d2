# lib_device_setup.sh — sourced by a library's device script (fla_device.sh, flaggems_device.sh)
# with its ROOT and OUT arguments: checks them, sets root and out (absolute), moves to the
# repository root, and exports TRITONC (bin/tritonc-static, built here if missing),
# TRITONC_AUTOTUNE (default 'first': the tests check results, which every autotune config must
# compute alike, and compiling each config for timing would take the whole call) and
# LIBTESTS_WORKERS (default 6).
set -u
[ $# -eq 2 ] || { echo "usage: $0 ROOT OUT" >&2; exit 2; }
mkdir -p "$2" || exit 2
root=$(cd "$1" && pwd) out=$(cd "$2" && pwd) || exit 2
cd "$(dirname "$0")/../.." || exit 2
if [ -z "${TRITONC:-}" ]; then
  [ -x bin/tritonc-static ] || make -j"$(nproc)" bin/tritonc-static > "$out/build.log" 2>&1 || exit 2
  export TRITONC=$PWD/bin/tritonc-static
fi
export TRITONC_AUTOTUNE=${TRITONC_AUTOTUNE:-first}
export LIBTESTS_WORKERS=${LIBTESTS_WORKERS:-6}
