/* add.cu — hand-written sample in the form of tritonc's --target cuda output (the fp32 vector
 * add of examples/add.py with BLOCK_SIZE=1024, num_warps=4), used by tests/cuda/run.sh and
 * tests/cuda/device_nvrtc.sh until the translator writes such files itself.
 *
 *   kernel:     add_kernel
 *   signature:  *fp32:16, *fp32:16, *fp32:16, i32, 1024
 *   grid:       (cdiv(n_elements, 1024), 1, 1)
 *   num_warps:  4 (a program is one CTA of 128 threads)
 */
#ifdef __CUDACC_RTC__ /* NVRTC: no host headers */
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
#else
#include <stdint.h>
#include <cuda_runtime.h>
#endif

#define add_kernel_NUM_THREADS 128

/* One program of add_kernel: a CTA of 128 threads; thread tid holds elements tid + 128 * e. */
extern "C" __global__ void __launch_bounds__(128) add_kernel_kernel(float *x_ptr, float *y_ptr, float *output_ptr, int32_t n_elements)
{
  const int tid = threadIdx.x;
  /* add.py: pid = tl.program_id(axis=0); block_start = pid * BLOCK_SIZE */
  const int32_t block_start = (int32_t)blockIdx.x * 1024;
  for (int e = 0; e < 8; e++) {
    /* add.py: offsets = block_start + tl.arange(0, BLOCK_SIZE); mask = offsets < n_elements */
    const int32_t offsets = block_start + e * 128 + tid;
    if (offsets < n_elements)
      output_ptr[offsets] = x_ptr[offsets] + y_ptr[offsets]; /* add.py: output = x + y */
  } /* for e */
} /* add_kernel_kernel */

#ifndef __CUDACC_RTC__
/* Launches add_kernel_kernel on a grid of grid_x * grid_y * grid_z programs on the stream. */
extern "C" cudaError_t add_kernel_grid(cudaStream_t stream, unsigned grid_x, unsigned grid_y, unsigned grid_z, float *x_ptr, float *y_ptr, float *output_ptr, int32_t n_elements)
{
  if (grid_x == 0 || grid_y == 0 || grid_z == 0)
    return cudaSuccess;
  add_kernel_kernel<<<dim3(grid_x, grid_y, grid_z), 128, 0, stream>>>(x_ptr, y_ptr, output_ptr, n_elements);
  return cudaGetLastError();
}

/* Launches add_kernel on the grid (cdiv(n_elements, 1024), 1, 1). */
extern "C" cudaError_t add_kernel(cudaStream_t stream, float *x_ptr, float *y_ptr, float *output_ptr, int32_t n_elements)
{
  return add_kernel_grid(stream, (unsigned)((n_elements + 1023) / 1024), 1, 1, x_ptr, y_ptr, output_ptr, n_elements);
}
#endif /* __CUDACC_RTC__ */
