# tritonc: --target cuda -n gelu_kernel -s "*fp32, *fp32, i32, 256" -g "cdiv(w, 256), 1, 1"
# Parameters named like the CUDA emitter's own variables (`e`, its per-thread element loop
# index; `s`, `w`): the signature keeps their names, the body reads them through copies (`e`
# was shadowed by the loop: nvcc "expression must have pointer-to-object type"; unsloth's
# geglu kernels name their pointers e, g, h). tests/cli.sh compiles this output with nvcc.
import triton
import triton.language as tl


@triton.jit
def gelu_kernel(e, s, w, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(e + offs, mask=offs < w, other=0.0)
    tl.store(s + offs, 0.5 * x * (1.0 + tl.math.erf(x * 0.7071067811865476)), mask=offs < w)
