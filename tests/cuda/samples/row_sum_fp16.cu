/* row_sum_fp16.cu — hand-written sample in the form of tritonc's --target cuda output: the sum
 * of each row of an fp16 matrix, accumulated in fp32 (a warp shuffle reduction, then one value
 * per warp through shared memory), stored as fp16. Used by tests/cuda/run.sh.
 *
 *   kernel:     row_sum_kernel
 *   signature:  *fp16:16, *fp16:16, i32, i32, 1024
 *   grid:       (n_rows, 1, 1)
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
#include <cuda_fp16.h>

/* The sum over the 32 lanes of a warp, left in every lane. */
static __device__ __forceinline__ float tc_warp_sum(float v)
{
  for (int d = 16; d > 0; d >>= 1)
    v += __shfl_xor_sync(0xffffffffu, v, d);
  return v;
}

#define row_sum_kernel_NUM_THREADS 128

/* One program of row_sum_kernel: a CTA of 128 threads sums row blockIdx.x. */
extern "C" __global__ void __launch_bounds__(128) row_sum_kernel_kernel(__half *x_ptr, __half *out_ptr, int32_t n_cols, int32_t stride)
{
  const int tid = threadIdx.x;
  __shared__ float red0[4];
  const int64_t row = (int64_t)blockIdx.x * stride;
  float acc = 0.0f;
  for (int32_t c = tid; c < n_cols; c += 128) /* cols = tl.arange(0, BLOCK); x = tl.load(..., mask=cols < n_cols, other=0) */
    acc += __half2float(x_ptr[row + c]);
  acc = tc_warp_sum(acc); /* tl.sum(x.to(tl.float32), axis=0) */
  if ((tid & 31) == 0)
    red0[tid >> 5] = acc;
  __syncthreads();
  if (tid == 0)
    out_ptr[blockIdx.x] = __float2half_rn(red0[0] + red0[1] + red0[2] + red0[3]);
} /* row_sum_kernel_kernel */

#ifndef __CUDACC_RTC__
/* Launches row_sum_kernel_kernel on a grid of grid_x * grid_y * grid_z programs on the stream. */
extern "C" cudaError_t row_sum_kernel_grid(cudaStream_t stream, unsigned grid_x, unsigned grid_y, unsigned grid_z, __half *x_ptr, __half *out_ptr, int32_t n_cols, int32_t stride)
{
  if (grid_x == 0 || grid_y == 0 || grid_z == 0)
    return cudaSuccess;
  row_sum_kernel_kernel<<<dim3(grid_x, grid_y, grid_z), 128, 0, stream>>>(x_ptr, out_ptr, n_cols, stride);
  return cudaGetLastError();
}
#endif /* __CUDACC_RTC__ */
