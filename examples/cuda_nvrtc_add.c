/* cuda_nvrtc_add.c — run tritonc's CUDA vector add from its .cu text with no nvcc: the runtime
 * (runtime/tc_cuda.c) compiles the text with NVRTC for this GPU, or takes the binary from its
 * disk cache, and the driver API does the rest.
 *
 *   tritonc examples/add.py -n add_kernel -s "*fp32:16,*fp32:16,*fp32:16,i32,1024" \
 *           -g "cdiv(n_elements, 1024), 1, 1" --target cuda          # writes add_kernel.cu
 *   cc -std=c11 -O2 -Iruntime -I/usr/local/cuda/include examples/cuda_nvrtc_add.c runtime/tc_cuda.c \
 *      -L/usr/local/cuda/lib64 -lnvrtc -lcuda -o cuda_nvrtc_add
 *   ./cuda_nvrtc_add add_kernel.cu [--kernel add_kernel_kernel] [--block-size 1024] [--n 1000003]
 *                   [--expect-cached]
 *
 * Loads the kernel twice (the first load compiles unless the cache already has it, the second
 * must hit the cache), adds two vectors of n floats, compares with a CPU sum (exact: fp32 adds
 * round the same way on both) and prints the error, both load times and the kernel's time.
 * --expect-cached fails unless the first load is a cache hit too (a second run of the program).
 * Exit status 0 only when every check passed. */
#define _POSIX_C_SOURCE 200809L
#include "tc_cuda.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CK(call)                                                                                   \
  do {                                                                                             \
    CUresult r_ = (call);                                                                          \
    if (r_ != CUDA_SUCCESS) {                                                                      \
      const char *s_ = NULL;                                                                       \
      cuGetErrorString(r_, &s_);                                                                   \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, s_ ? s_ : "?");                \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *s = NULL;
  long n;
  if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && (s = malloc((size_t)n))) {
    rewind(f);
    *len = fread(s, 1, (size_t)n, f);
  }
  if (f)
    fclose(f);
  return s;
}

static tc_cuda_module *load(const char *text, size_t len, const char *sym, const char *file,
                            int which) {
  char err[16384];
  tc_cuda_options o = {file, NULL, 0, 0, NULL};
  tc_cuda_module *m = tc_cuda_load_ex(text, len, sym, &o, err, sizeof err);
  if (!m) {
    fprintf(stderr, "%s\n", err);
    exit(1);
  }
  printf("load %d: %8.2f ms (%s; %s %s, %u threads per CTA)\n", which, m->load_ms,
         m->cache_hit ? "cache hit" : "NVRTC compile", m->is_cubin ? "CUBIN" : "PTX", m->arch,
         m->num_threads);
  return m;
}

int main(int argc, char **argv) {
  const char *path = NULL, *sym = "add_kernel_kernel";
  long block_size = 1024, n = 1000003;
  int expect_cached = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--kernel") && i + 1 < argc)
      sym = argv[++i];
    else if (!strcmp(argv[i], "--block-size") && i + 1 < argc)
      block_size = strtol(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--n") && i + 1 < argc)
      n = strtol(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--expect-cached"))
      expect_cached = 1;
    else if (argv[i][0] != '-' && !path)
      path = argv[i];
    else
      path = NULL, argc = 0;
  }
  if (!path || block_size <= 0 || n <= 0 || n > INT32_MAX) {
    fprintf(stderr, "usage: cuda_nvrtc_add FILE.cu [--kernel SYMBOL] [--block-size N] [--n N] "
                    "[--expect-cached]\n");
    return 2;
  }
  size_t len = 0;
  char *text = read_file(path, &len);
  if (!text) {
    fprintf(stderr, "cannot read %s\n", path);
    return 2;
  }
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;

  CUdevice dev;
  CUcontext ctx;
  char name[256];
  CK(cuInit(0));
  CK(cuDeviceGet(&dev, 0));
  CK(cuDeviceGetName(name, sizeof name, dev));
  CK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CK(cuCtxSetCurrent(ctx));
  printf("device: %s\n", name);

  tc_cuda_module *m1 = load(text, len, sym, base, 1);
  int first_hit = m1->cache_hit;
  printf("cache file: %s\n", m1->cache_path[0] ? m1->cache_path : "(none)");
  tc_cuda_unload(m1);
  tc_cuda_module *m = load(text, len, sym, base, 2);

  size_t bytes = (size_t)n * sizeof(float);
  float *x = malloc(bytes), *y = malloc(bytes), *out = malloc(bytes);
  if (!x || !y || !out)
    return 1;
  uint32_t s = 12345;
  for (long i = 0; i < n; i++) { /* values of every magnitude in [-8, 8) */
    s = s * 1664525u + 1013904223u;
    x[i] = (float)((int32_t)s >> 8) / (1 << 20);
    s = s * 1664525u + 1013904223u;
    y[i] = (float)((int32_t)s >> 8) / (1 << 20) * 1e-3f;
  }
  CUdeviceptr dx, dy, dout;
  CK(cuMemAlloc(&dx, bytes));
  CK(cuMemAlloc(&dy, bytes));
  CK(cuMemAlloc(&dout, bytes));
  CK(cuMemcpyHtoD(dx, x, bytes));
  CK(cuMemcpyHtoD(dy, y, bytes));
  CK(cuMemsetD32(dout, 0x7fc00000u, (size_t)n)); /* NaN where the kernel writes nothing */
  int32_t n32 = (int32_t)n;
  void *args[] = {&dx, &dy, &dout, &n32};
  unsigned grid = (unsigned)((n + block_size - 1) / block_size);
  CK(tc_cuda_launch(m, NULL, grid, 1, 1, 0, 0, args));
  CK(cuCtxSynchronize());
  CK(cuMemcpyDtoH(out, dout, bytes));
  double max_err = 0;
  long bad = 0;
  for (long i = 0; i < n; i++) {
    float want = x[i] + y[i];
    double e = fabs((double)out[i] - (double)want);
    if (!(e <= max_err)) /* NaN counts as an error */
      max_err = isnan(e) ? INFINITY : e;
    bad += out[i] != want;
  }

  CUevent e0, e1;
  float ms = 0;
  enum { REPS = 50 };
  CK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
  CK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
  CK(cuEventRecord(e0, NULL));
  for (int r = 0; r < REPS; r++)
    CK(tc_cuda_launch(m, NULL, grid, 1, 1, 0, 0, args));
  CK(cuEventRecord(e1, NULL));
  CK(cuEventSynchronize(e1));
  CK(cuEventElapsedTime(&ms, e0, e1));
  printf("n = %ld, grid = %u CTAs: max error %g, %ld elements differ from the CPU sum\n", n, grid,
         max_err, bad);
  printf("kernel: %.2f us per launch, %.0f GB/s\n", 1e3 * ms / REPS,
         3.0 * (double)bytes / (1e6 * ms / REPS));

  int ok = bad == 0 && m->cache_hit && (!expect_cached || first_hit);
  if (!m->cache_hit)
    printf("FAIL the second load did not hit the cache\n");
  if (expect_cached && !first_hit)
    printf("FAIL --expect-cached: the first load compiled\n");
  printf("%s\n", ok ? "PASS cuda_nvrtc_add" : "FAIL cuda_nvrtc_add");
  cuMemFree(dx);
  cuMemFree(dy);
  cuMemFree(dout);
  tc_cuda_unload(m);
  cuDevicePrimaryCtxRelease(dev);
  free(x);
  free(y);
  free(out);
  free(text);
  return ok ? 0 : 1;
}
