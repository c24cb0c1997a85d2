"""Errors a program meets become clear Python exceptions. Prints PASS/FAIL per case."""
import torch
import triton
import triton.language as tl
import tritonc

failures = []


@triton.jit
def copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


@triton.jit
def bad_kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs) + undefined_name)


class FakeCudaTensor:
    """What a CUDA tensor looks like to the binder, on a machine without CUDA."""
    dtype = torch.float32
    device = torch.device("cuda", 0)

    def data_ptr(self):
        return 4096


def expect(name, exc_type, needles, fn):
    try:
        fn()
    except exc_type as e:
        msg = str(e)
        missing = [n for n in needles if n not in msg]
        if missing:
            print(f"FAIL {name} (message lacks {missing!r}: {msg!r})")
        else:
            print(f"PASS {name}")
        return
    except Exception as e:  # the wrong exception
        print(f"FAIL {name} (raised {type(e).__name__}: {e})")
        return
    print(f"FAIL {name} (no exception)")


x = torch.zeros(16)
expect("error_dtype_complex", tritonc.ArgumentError, ["complex64", "not supported"],
       lambda: copy[(1, )](torch.zeros(16, dtype=torch.complex64), x, 16, BLOCK=16))
expect("error_device_meta", tritonc.DeviceError, ["meta"],
       lambda: copy[(1, )](torch.empty(16, device="meta"), x, 16, BLOCK=16))
if not torch.cuda.is_available():  # with CUDA, the fake tensor's address would be launched
    expect("error_cuda_unavailable", tritonc.DeviceError, ["cuda", "not available"],
           lambda: copy[(1, )](FakeCudaTensor(), FakeCudaTensor(), 16, BLOCK=16))
expect("error_mixed_devices", tritonc.DeviceError, ["CPU and CUDA"],
       lambda: copy[(1, )](x, FakeCudaTensor(), 16, BLOCK=16))
expect("error_missing_argument", TypeError, ["missing argument 'n'"],
       lambda: copy[(1, )](x, x, BLOCK=16))
expect("error_unknown_keyword", TypeError, ["unexpected keyword argument 'BLOK'"],
       lambda: copy[(1, )](x, x, 16, BLOK=16))
expect("error_call_from_python", RuntimeError, ["outside of the scope of a kernel"],
       lambda: copy(x, x, 16, 16))
expect("error_object_argument", tritonc.ArgumentError, ["argument n", "dict"],
       lambda: copy[(1, )](x, x, {}, BLOCK=16))
from triton.tools.tensor_descriptor import TensorDescriptor  # noqa: E402
# a padding TensorDescriptor's constructor did not check (changed afterwards)
odd = TensorDescriptor.from_tensor(x.view(4, 4), [4, 4])
odd.padding = "inf"
expect("error_tensor_descriptor_bad_padding", tritonc.ArgumentError,
       ["argument x_ptr", "padding 'inf'"], lambda: copy[(1, )](odd, x, 16, BLOCK=16))
# what TensorDescriptor's constructor checks, changed afterwards: the runner checks it again
# (the translation relies on it)
odd = TensorDescriptor.from_tensor(x.view(4, 4), [4, 4])
odd.strides = [5, 1]
expect("error_tensor_descriptor_stride_alignment", tritonc.ArgumentError,
       ["argument x_ptr", "16-byte multiples"], lambda: copy[(1, )](odd, x, 16, BLOCK=16))
odd = TensorDescriptor.from_tensor(x.view(4, 4), [4, 4])
odd.strides = [4, 2]
expect("error_tensor_descriptor_last_stride", tritonc.ArgumentError,
       ["argument x_ptr", "last stride must be 1"], lambda: copy[(1, )](odd, x, 16, BLOCK=16))
# a descriptor where the kernel adds offsets to a pointer: tritonc's positioned error
expect("error_tensor_descriptor_as_pointer", tritonc.CompilationError,
       ["run_errors.py:", "tensor descriptor"],
       lambda: copy[(1, )](TensorDescriptor.from_tensor(x.view(4, 4), [4, 4]), x, 16, BLOCK=16))
# tuple arguments: plain tuples and NamedTuples are bound (run_tuples.py, run_namedtuples.py); a
# NamedTuple where the kernel wants a pointer is a positioned error naming it, a descriptor
# inside a tuple is refused naming the argument
from typing import NamedTuple  # noqa: E402


class Pair(NamedTuple):
    a: object
    b: object


expect("error_namedtuple_argument", tritonc.CompilationError,
       ["run_errors.py:", "got a NamedTuple 'Pair'"],
       lambda: copy[(1, )](Pair(x, x), x, 16, BLOCK=16))
expect("error_tuple_descriptor_item", tritonc.ArgumentError,
       ["argument x_ptr[1]", "TensorDescriptor inside a tuple"],
       lambda: copy[(1, )]((x, TensorDescriptor.from_tensor(x.view(4, 4), [4, 4])), x, 16,
                           BLOCK=16))
line = bad_kernel.def_line + 2
expect("error_translation_positioned", tritonc.CompilationError,
       [f"run_errors.py:{line}:", "undefined_name", "^"],
       lambda: bad_kernel[(1, )](x, BLOCK=16))
# Triton's own name for the exception works too
expect("error_translation_is_triton_compilation_error", triton.CompilationError, ["error"],
       lambda: bad_kernel[(1, )](x, BLOCK=32))
