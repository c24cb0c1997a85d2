#!/bin/bash
# fla_device.sh ROOT OUT — flash-linear-attention's own tests of its Triton ops and modules on
# the GPU machine, under real Triton and through tritonc's runner on the CUDA and C targets
# (tests/conformance/libtests.sh), then the report (lib_report.py) at OUT/report.md.
#
# ROOT holds the library as published, unmodified: its fla/ package (imported from ROOT: the
# tests' conftest.py imports fla.utils, so the runner must patch triton before that conftest,
# which its pytest plugin does) and its tests/ folder. Staged from the fetched repository with
#   git -C MIRROR archive HEAD fla tests pyproject.toml | tar -x -C .devstage-libs/fla
# Needs: torch, triton, pytest, pytest-xdist, einops, transformers (all on the GPU machine's
# image); TRITONC (default bin/tritonc-static, built here if missing).
#
# Time: about 8 minutes with the defaults. FLA_SECONDS gives each mode's limit ("triton cuda
# c"); a mode cut off keeps every test that finished, and OUTCOMES_RESUME=1 continues it in a
# later call. FLA_MODES picks the modes (default "triton cuda c"): Triton compiles every
# autotune config of every kernel, so its baseline may need a call of its own (the first run
# got through 8 tests in 110 s under Triton, 392 through tritonc's CUDA target in 200 s).
# TRITONC_AUTOTUNE defaults to 'first' here: fla autotunes most kernels over 8-16 num_warps x
# num_stages configs, and compiling each for timing would take the whole budget; the tests
# check results, which every config must compute alike.
. "$(dirname "$0")/lib_device_setup.sh"   # root, out, TRITONC, TRITONC_AUTOTUNE, LIBTESTS_WORKERS
read -r t_triton t_cuda t_c <<< "${FLA_SECONDS:-110 200 140}"
# cheap module kernels first, then the ops' chunked kernels (xdist hands tests out in order)
F="tests/modules/test_l2norm.py tests/modules/test_layernorm.py tests/modules/test_activation.py
   tests/ops/test_solve_tril.py tests/ops/utils/test_cumsum.py tests/ops/test_simple_gla.py
   tests/ops/test_gla.py tests/ops/test_delta.py tests/ops/test_gdn.py tests/ops/test_retention.py
   tests/ops/test_linear_attn.py tests/ops/test_hgrn.py tests/ops/test_based.py
   tests/ops/test_rwkv6.py tests/ops/test_kda.py tests/ops/test_attn.py"
nvidia-smi --query-gpu=name --format=csv,noheader | tee "$out/device.txt"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__)" \
  | tee -a "$out/device.txt"
for m in ${FLA_MODES:-triton cuda c}; do
  eval "lim=\$t_$m"
  bash tests/conformance/libtests.sh "$out" "$root" "$lim" "$m" -- $F
done
python3 tests/conformance/lib_report.py "flash-linear-attention (tests/ops, tests/modules)" "$out" \
  > "$out/report.md"
head -n 40 "$out/report.md"
