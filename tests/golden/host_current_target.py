# tritonc: -n copy_kernel -s "*fp32, *fp32, i32" -g "cdiv(n, 128), 1, 1"
# Configs chosen by the backend, as Triton's tutorials write it: is_cuda() asks
# triton.runtime.driver.active.get_current_target(), which tritonc answers as the GPU its CUDA
# target compiles for (backend "cuda", arch 90; the C target takes the same kernel), so the CUDA
# list is used: BLOCK = 128 (the HIP list would give 256).
import triton
import triton.language as tl


def is_cuda():
    return triton.runtime.driver.active.get_current_target().backend == "cuda"


def get_cuda_autotune_config():
    return [triton.Config({"BLOCK": 128}, num_warps=4), triton.Config({"BLOCK": 512}, num_warps=8)]


def get_hip_autotune_config():
    return [triton.Config({"BLOCK": 256}, num_warps=4)]


def get_autotune_config():
    if is_cuda():
        return get_cuda_autotune_config()
    else:
        return get_hip_autotune_config()


@triton.autotune(configs=get_autotune_config(), key=["n"])
@triton.jit
def copy_kernel(X, Y, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(Y + offs, tl.load(X + offs, mask=offs < n), mask=offs < n)
