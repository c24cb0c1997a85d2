/* driver_cuda.cu — the CUDA twin of driver.c: calls the functions --link --target cuda made
 * (tests/link/run.sh, on a machine with a GPU) on device buffers and checks, against plain loops
 * on the host, what they computed and which specialization ran. The linked files are compiled with
 * -DKERNEL_sI=probe_KERNEL_sI, so each call of a specialization passes through a probe here that
 * records its number before launching the real one.
 *
 *   scale_add: s0 *:16 pointers and n % 16 == 0, s1 any pointers, i32 n
 *   index_fill: s0 i32 start and n, s1 i64 (n past 2^31: s0's int32 offsets would wrap)
 *   stride_copy: s0 stride == 1, s1 any stride
 *   strict (scale_add, one specialization *:16 with n % 16 == 0): cudaErrorInvalidValue
 *   otherwise, nothing launched */
#include "scale_add.h"
#include "scale_add_s0.h"
#include "scale_add_s1.h"
#include "index_fill.h"
#include "index_fill_s0.h"
#include "index_fill_s1.h"
#include "stride_copy.h"
#include "stride_copy_s0.h"
#include "stride_copy_s1.h"
#include "strict.h"
#include "strict_s0.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <vector>

static int ran = -1; /* the specialization the last call ran */
static int pass, fail;

#define PROBE(K, I, PARAMS, ARGS)                                                                \
  extern "C" cudaError_t probe_##K##_s##I PARAMS;                                                \
  extern "C" cudaError_t probe_##K##_s##I PARAMS {                                               \
    ran = I;                                                                                     \
    return K##_s##I ARGS;                                                                        \
  }
PROBE(scale_add_kernel, 0, (cudaStream_t st, float *x, float *y, float *o, int32_t n, float a),
      (st, x, y, o, n, a))
PROBE(scale_add_kernel, 1, (cudaStream_t st, float *x, float *y, float *o, int32_t n, float a),
      (st, x, y, o, n, a))
PROBE(index_fill_kernel, 0, (cudaStream_t st, int64_t *o, int32_t s, int32_t n), (st, o, s, n))
PROBE(index_fill_kernel, 1, (cudaStream_t st, int64_t *o, int64_t s, int64_t n), (st, o, s, n))
PROBE(stride_copy_kernel, 0, (cudaStream_t st, float *s, float *d, int32_t n), (st, s, d, n))
PROBE(stride_copy_kernel, 1, (cudaStream_t st, float *s, float *d, int32_t n, int32_t k),
      (st, s, d, n, k))

static void check(const char *name, int ok) {
  printf("%s %s\n", ok ? "PASS" : "FAIL", name);
  ok ? pass++ : fail++;
}

template <class T> static T *dev_copy(const std::vector<T> &h) {
  T *d = NULL;
  if (cudaMalloc(&d, h.size() * sizeof(T)) != cudaSuccess)
    return NULL;
  cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

/* scale_add on x + off, y + off, out + off (off floats past cudaMalloc's aligned buffers) */
static void scale_add(const char *name, int off, int n, int want) {
  std::vector<float> x(4096), y(4096), o(4096, -1.0f);
  for (int i = 0; i < 4096; i++) {
    x[i] = (float)(i % 101) - 50.0f;
    y[i] = (float)(i % 7) * 0.5f;
  }
  float *dx = dev_copy(x), *dy = dev_copy(y), *dout = dev_copy(o);
  ran = -1;
  int ok = dx && dy && dout;
  ok = ok && scale_add_kernel(0, dx + off, dy + off, dout + off, n, 2.5f) == cudaSuccess;
  ok = ok && cudaMemcpy(o.data(), dout, 4096 * 4, cudaMemcpyDeviceToHost) == cudaSuccess;
  ok &= ran == want;
  for (int i = 0; i < 4096; i++) {
    int in = i >= off && i < off + n;
    ok &= o[i] == (in ? 2.5f * x[i] + y[i] : -1.0f);
  }
  check(name, ok);
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout);
}

/* index_fill of [start, n) of a device buffer of n int64 elements; the 64 elements before start
 * hold -7 and must keep it */
static void index_fill(const char *name, int64_t start, int64_t n, int want) {
  int64_t *o = NULL;
  if (cudaMalloc(&o, (size_t)n * 8) != cudaSuccess) {
    check(name, 0);
    return;
  }
  std::vector<int64_t> h((size_t)(n - start + 64), -7);
  cudaMemcpy(o + start - 64, h.data(), h.size() * 8, cudaMemcpyHostToDevice);
  ran = -1;
  int ok = index_fill_kernel(0, o, start, n) == cudaSuccess;
  ok = ok && cudaMemcpy(h.data(), o + start - 64, h.size() * 8, cudaMemcpyDeviceToHost) == cudaSuccess;
  ok &= ran == want;
  for (int64_t i = start - 64; i < n; i++)
    ok &= h[(size_t)(i - start + 64)] == (i >= start ? i : -7);
  check(name, ok);
  cudaFree(o);
}

static void stride_copy(const char *name, int stride, int want) {
  std::vector<float> src(900), dst(301, -1.0f);
  for (int i = 0; i < 900; i++)
    src[i] = (float)i * 0.25f;
  float *ds = dev_copy(src), *dd = dev_copy(dst);
  ran = -1;
  int ok = ds && dd && stride_copy_kernel(0, ds, dd, 300, stride) == cudaSuccess;
  ok = ok && cudaMemcpy(dst.data(), dd, 301 * 4, cudaMemcpyDeviceToHost) == cudaSuccess;
  ok &= ran == want && dst[300] == -1.0f;
  for (int i = 0; i < 300; i++)
    ok &= dst[i] == src[i * stride];
  check(name, ok);
  cudaFree(ds);
  cudaFree(dd);
}

int main(void) {
  scale_add("scale_add aligned, n % 16 == 0: s0", 0, 4000, 0);
  scale_add("scale_add aligned, n % 16 != 0: s1", 0, 4001, 1);
  scale_add("scale_add misaligned by 4 bytes: s1", 1, 4000, 1);
  scale_add("scale_add misaligned by 8 bytes, short: s1", 2, 37, 1);
  scale_add("scale_add aligned at 16 bytes: s0", 4, 1024, 0);
  index_fill("index_fill below 2^31: s0", 1000, 5000, 0);
  index_fill("index_fill past 2^31 (2^31 + 3000 elements): s1", 2147483648LL - 5000,
             2147483648LL + 3000, 1);
  stride_copy("stride_copy stride 1: s0", 1, 0);
  stride_copy("stride_copy stride 3: s1", 3, 1);

  /* strict: the only specialization needs 16-byte pointers and n % 16 == 0 */
  std::vector<float> x(256), o(256, -1.0f);
  for (int i = 0; i < 256; i++)
    x[i] = (float)i;
  float *dx = dev_copy(x), *dout = dev_copy(o);
  int ok = dx && dout;
  ok = ok && strict_kernel(0, dx + 1, dx + 1, dout + 1, 160, 1.0f) == cudaErrorInvalidValue;
  ok = ok && strict_kernel(0, dx, dx, dout, 100, 1.0f) == cudaErrorInvalidValue;
  ok = ok && cudaMemcpy(o.data(), dout, 256 * 4, cudaMemcpyDeviceToHost) == cudaSuccess;
  for (int i = 0; i < 256; i++)
    ok &= o[i] == -1.0f;
  check("no specialization fits: cudaErrorInvalidValue, nothing written", ok);
  ok = strict_kernel(0, dx, dx, dout, 160, 1.0f) == cudaSuccess;
  ok = ok && cudaMemcpy(o.data(), dout, 256 * 4, cudaMemcpyDeviceToHost) == cudaSuccess;
  for (int i = 0; i < 256; i++)
    ok &= o[i] == (i < 160 ? 2.0f * x[i] : -1.0f);
  check("strict aligned: runs", ok);
  cudaFree(dx);
  cudaFree(dout);
  printf("%d passed, %d failed\n", pass, fail);
  return fail != 0;
}
