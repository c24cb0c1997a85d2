# tritonc: -n zero_kernel -s "*fp32, i32, 64" -g "cdiv(n, 64), 1, 1"
# A package that imports triton only when it is installed, and defines its kernels under the
# same check (has_triton() comes from torch, which tritonc cannot run): the names bound only
# under the `if` take their value from it, since reading them otherwise would be a NameError;
# HALF, bound differently by the two branches, would still be an error if a kernel read it.
from torch.utils._triton import has_triton

if has_triton():
    import triton
    import triton.language as tl
    HALF = 0.5
else:
    HALF = None

if has_triton():

    @triton.jit
    def zero_kernel(X, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(X + offs, 0.0, mask=offs < n)
