"""test_core.py's idioms, run by tests/runner/run.sh with pytest and tritonc's plugin on CPU
tensors: kernels defined inside tests, patch_kernel (triton.JITFunction + _unsafe_update_src),
a closure constant, expected translation errors, and a test reading the PTX (skipped at run
time). test_expected_failure fails on purpose: the report must show it under its cause."""
import numpy as np
import pytest
import torch
import triton
import triton.language as tl


def patch_kernel(template, to_replace):
    kernel = triton.JITFunction(template.fn)
    for key, value in to_replace.items():
        kernel._unsafe_update_src(kernel.src.replace(key, value))
    return kernel


@pytest.mark.parametrize("expr, ref", [("x + 1", lambda x: x + 1), ("x * x", lambda x: x * x),
                                       ("tl.abs(x)", np.abs)])
def test_unary(expr, ref):
    SIZE = 128

    @triton.jit
    def kernel(Z, X, SIZE: tl.constexpr):
        off = tl.arange(0, SIZE)
        x = tl.load(X + off)
        z = GENERATE_TEST_HERE
        tl.store(Z + off, z)

    kernel = patch_kernel(kernel, {"GENERATE_TEST_HERE": expr})
    x = np.random.RandomState(0).randn(SIZE).astype(np.float32)
    z = torch.empty(SIZE)
    kernel[(1, )](Z=z, X=torch.from_numpy(x), SIZE=SIZE, num_warps=4, num_ctas=1)
    np.testing.assert_allclose(ref(x), z.numpy(), rtol=1e-6)


def test_closure_constant():
    OFFSET: tl.constexpr = 5

    @triton.jit
    def kernel(X):
        tl.store(X, tl.load(X) + OFFSET)

    x = torch.ones(1)
    kernel[(1, )](x)
    assert x.item() == 6.0


def test_translation_error_raises():
    @triton.jit
    def kernel(X):
        tl.store(X, tl.load(X).nope())

    with pytest.raises(triton.CompilationError, match="has no attribute"):
        kernel[(1, )](torch.ones(1))


def test_reads_ptx():
    @triton.jit
    def kernel(X):
        tl.store(X, tl.load(X))

    x = torch.full((1, ), 2.0)
    pgm = kernel[(1, )](x)
    assert x.item() == 2.0  # checked before the read: the report counts it as ran, then IR
    assert "ld.global" in pgm.asm["ptx"]


def test_reads_ptx_unlaunched():
    @triton.jit
    def kernel(X):
        tl.store(X, tl.load(X) + 1)

    pgm = kernel.warmup(torch.ones(1), grid=(1, ))  # compiled, never run
    assert "ld.global" in pgm.asm["ptx"]


def test_expected_failure():
    @triton.jit
    def kernel(X):
        tl.store(X, tl.load(X) + 1)

    x = torch.ones(1)
    kernel[(1, )](x)
    assert x.item() == 3.0, "deliberately wrong expectation"


def test_listed_skip():
    raise AssertionError("the skip list should have kept this from running")


def test_listed_target_skip():
    raise AssertionError("the skip list's NAME@c entry should have kept this from running on c")


def test_error_cause():
    """Triton's tests read a CompilationError's __cause__: the error's sentence alone."""
    @triton.jit
    def kernel(X):
        pid = tl.program_id(20)

    with pytest.raises(triton.TritonError) as exc_info:
        kernel[(1, )](torch.ones(1))
    cause = str(exc_info.value.__cause__)
    assert cause == "program_id axis must be 0, 1, or 2 but got 20", cause


def test_device_fixture(device):
    assert device == ("cuda" if torch.cuda.is_available() else "cpu")


def test_unsigned_wrapper(device):
    """triton._internal_testing's to_triton / to_numpy: uint32 data as a reinterpreted int32
    tensor, copied by a kernel that sees u32 elements (values above 2^31 stay unsigned)."""
    from triton._internal_testing import to_triton, to_numpy, numpy_random

    @triton.jit
    def kernel(Z, X, SIZE: tl.constexpr):
        off = tl.arange(0, SIZE)
        x = tl.load(X + off)
        tl.static_assert(x.dtype == tl.uint32)
        tl.store(Z + off, x // 3)

    x = numpy_random(64, "uint32", rs=np.random.RandomState(3))
    assert x.dtype == np.uint32 and (x > 2**31).any()
    z = to_triton(np.zeros(64, dtype=np.uint32), device=device)
    kernel[(1, )](z, to_triton(x, device=device), SIZE=64)
    np.testing.assert_array_equal(to_numpy(z), x // 3)
