#!/bin/bash
# flaggems_device.sh ROOT OUT — FlagGems' own accuracy tests of its Triton operators on the GPU
# machine, under real Triton and through tritonc's runner on the CUDA and C targets
# (tests/conformance/libtests.sh, FlagGems' own --mode quick shapes), then the report
# (lib_report.py) at OUT/report.md.
#
# ROOT holds the library as published, unmodified: src/flag_gems (imported from ROOT/src, its
# pure-Python build: no C extension), tests/ and pytest.ini. The tests' conftest.py imports
# flag_gems, so the runner must patch triton before that conftest (its pytest plugin does).
# FlagGems launches through its own wrappers on Triton's runtime classes (libentry keeps the
# first launch's compiled kernel and launches it directly afterwards; LibTuner subclasses
# triton.runtime.Autotuner): the runner provides those interfaces. Staged with
#   git -C MIRROR archive HEAD src/flag_gems tests pytest.ini | tar -x -C .devstage-libs/flaggems
# Needs: torch, triton, pytest, pytest-xdist, numpy, scipy, PyYAML (on the GPU machine's image);
# TRITONC (default bin/tritonc-static, built here if missing).
#
# Time: about 8 minutes with the defaults. GEMS_SECONDS gives each mode's limit ("triton cuda
# c"); a mode cut off keeps every test that finished, and OUTCOMES_RESUME=1 continues it in a
# later call. GEMS_MODES picks the modes (default "triton cuda c"): Triton compiles every
# autotune config of every kernel, so its baseline may need a call of its own. Each mode has
# its own FLAGGEMS_CACHE_DIR under TMPDIR (FlagGems' tuning database and generated pointwise
# kernels), outside OUT, which keeps its 8 result files only. TRITONC_AUTOTUNE defaults to
# 'first' (as in fla_device.sh).
. "$(dirname "$0")/lib_device_setup.sh"   # root, out, TRITONC, TRITONC_AUTOTUNE, LIBTESTS_WORKERS
# FlagGems' conftest records each test's result in a dict its own setup hook fills, which under
# pytest-xdist lives in the worker, not in the controller that reports (KeyError at the first
# report): one pytest process per test file instead
export LIBTESTS_SPLIT=${LIBTESTS_SPLIT:-files}
read -r t_triton t_cuda t_c <<< "${GEMS_SECONDS:-110 200 140}"
F="tests/test_unary_pointwise_ops.py tests/test_binary_pointwise_ops.py tests/test_reduction_ops.py
   tests/test_norm_ops.py tests/test_general_reduction_ops.py tests/test_blas_ops.py
   tests/test_tensor_constructor_ops.py tests/test_special_ops.py"
nvidia-smi --query-gpu=name --format=csv,noheader | tee "$out/device.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" \
  | tee -a "$out/device.txt"
for m in ${GEMS_MODES:-triton cuda c}; do
  eval "lim=\$t_$m"
  FLAGGEMS_CACHE_DIR=${TMPDIR:-/tmp}/flaggems_cache_$m bash tests/conformance/libtests.sh "$out" "$root" "$lim" "$m" \
    -- $F --mode quick
done
python3 tests/conformance/lib_report.py "FlagGems (tests/, --mode quick)" "$out" > "$out/report.md"
head -n 40 "$out/report.md"
