"""Vector addition as Triton's first tutorial writes it (a `DEVICE` from the active driver, an
`add` wrapper, a check against torch, a small benchmark), unmodified but for running on whatever
device the driver reports: the CPU here, through tritonc."""
import torch

import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    block_start = pid * BLOCK_SIZE
    offsets = block_start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    output = x + y
    tl.store(output_ptr + offsets, output, mask=mask)


def add(x: torch.Tensor, y: torch.Tensor):
    output = torch.empty_like(x)
    assert x.device == DEVICE and y.device == DEVICE and output.device == DEVICE
    n_elements = output.numel()
    grid = lambda meta: (triton.cdiv(n_elements, meta['BLOCK_SIZE']), )
    add_kernel[grid](x, y, output, n_elements, BLOCK_SIZE=1024)
    return output


torch.manual_seed(0)
size = 98432
x = torch.rand(size, device=DEVICE)
y = torch.rand(size, device=DEVICE)
output_torch = x + y
output_triton = add(x, y)
print(output_torch)
print(output_triton)
print(f'The maximum difference between torch and triton is '
      f'{torch.max(torch.abs(output_torch - output_triton))}')
triton.testing.assert_close(output_triton, output_torch)
for size in (2**12, 2**16, 2**20):
    x = torch.rand(size, device=DEVICE)
    y = torch.rand(size, device=DEVICE)
    ms = triton.testing.do_bench(lambda: add(x, y))
    print(f"size {size:8d}: {3 * x.numel() * x.element_size() * 1e-9 / (ms * 1e-3):6.2f} GB/s")
