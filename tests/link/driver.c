/* driver.c — calls the functions --link made (tests/link/run.sh) and checks, against plain C
 * loops, what they computed and which specialization ran. The linked files are compiled with
 * -DKERNEL_sI=probe_KERNEL_sI, so each call of a specialization passes through a probe here that
 * records its number before running the real one.
 *
 *   scale_add: s0 *:16 pointers and n % 16 == 0, s1 any pointers, i32 n
 *   index_fill: s0 i32 start and n, s1 i64 (n past 2^31: s0's int32 offsets would wrap)
 *   stride_copy: s0 stride == 1, s1 any stride
 *   strict (scale_add, one specialization *:16 with n % 16 == 0): NO_MATCH otherwise */
#define _DEFAULT_SOURCE
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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static int ran = -1; /* the specialization the last call ran */
static int pass, fail;

#define PROBE(K, I, PARAMS, ARGS)                                                                \
  void probe_##K##_s##I PARAMS;                                                                  \
  void probe_##K##_s##I PARAMS {                                                                 \
    ran = I;                                                                                     \
    K##_s##I ARGS;                                                                               \
  }
PROBE(scale_add_kernel, 0, (float *x, float *y, float *o, int32_t n, float a), (x, y, o, n, a))
PROBE(scale_add_kernel, 1, (float *x, float *y, float *o, int32_t n, float a), (x, y, o, n, a))
PROBE(index_fill_kernel, 0, (int64_t *o, int32_t s, int32_t n), (o, s, n))
PROBE(index_fill_kernel, 1, (int64_t *o, int64_t s, int64_t n), (o, s, n))
PROBE(stride_copy_kernel, 0, (float *s, float *d, int32_t n), (s, d, n))
PROBE(stride_copy_kernel, 1, (float *s, float *d, int32_t n, int32_t st), (s, d, n, st))

static void check(const char *name, int ok) {
  printf("%s %s\n", ok ? "PASS" : "FAIL", name);
  ok ? pass++ : fail++;
}

/* scale_add on x + off, y + off, out + off (off floats past 64-byte aligned buffers) */
static void scale_add(const char *name, int off, int n, int want) {
  float *x = aligned_alloc(64, 4096 * 4), *y = aligned_alloc(64, 4096 * 4),
        *o = aligned_alloc(64, 4096 * 4);
  for (int i = 0; i < 4096; i++) {
    x[i] = (float)(i % 101) - 50.0f;
    y[i] = (float)(i % 7) * 0.5f;
    o[i] = -1.0f;
  }
  ran = -1;
  int rc = scale_add_kernel(x + off, y + off, o + off, n, 2.5f);
  int ok = rc == 0 && ran == want;
  for (int i = 0; i < 4096; i++) {
    int in = i >= off && i < off + n;
    ok &= o[i] == (in ? 2.5f * x[i] + y[i] : -1.0f);
  }
  check(name, ok);
  free(x);
  free(y);
  free(o);
}

/* index_fill of [start, n) of a buffer of n int64 elements reserved, not committed */
static void index_fill(const char *name, int64_t start, int64_t n, int want) {
  size_t bytes = (size_t)n * 8;
  int64_t *o = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS |
                    MAP_NORESERVE, -1, 0);
  if (o == MAP_FAILED) {
    check(name, 0);
    return;
  }
  for (int64_t i = start - 64; i < n; i++)
    o[i] = -7;
  ran = -1;
  int rc = index_fill_kernel(o, start, n);
  int ok = rc == 0 && ran == want;
  for (int64_t i = start - 64; i < n; i++)
    ok &= o[i] == (i >= start ? i : -7);
  check(name, ok);
  munmap(o, bytes);
}

static void stride_copy(const char *name, int stride, int want) {
  float src[3 * 300], dst[301];
  for (int i = 0; i < 900; i++)
    src[i] = (float)i * 0.25f;
  for (int i = 0; i < 301; i++)
    dst[i] = -1.0f;
  ran = -1;
  int rc = stride_copy_kernel(src, dst, 300, stride);
  int ok = rc == 0 && ran == want && dst[300] == -1.0f;
  for (int i = 0; i < 300; i++)
    ok &= dst[i] == src[i * stride];
  check(name, ok);
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
  index_fill("index_fill start past 2^31: s1", 2147483648LL + 100, 2147483648LL + 2000, 1);
  stride_copy("stride_copy stride 1: s0", 1, 0);
  stride_copy("stride_copy stride 3: s1", 3, 1);

  /* strict: the only specialization needs 16-byte pointers and n % 16 == 0 */
  float *x = aligned_alloc(64, 256 * 4), *o = aligned_alloc(64, 256 * 4);
  for (int i = 0; i < 256; i++)
    x[i] = (float)i, o[i] = -1.0f;
  int ok = strict_kernel(x + 1, x + 1, o + 1, 160, 1.0f) == strict_kernel_NO_MATCH;
  ok &= strict_kernel(x, x, o, 100, 1.0f) == strict_kernel_NO_MATCH;
  for (int i = 0; i < 256; i++)
    ok &= o[i] == -1.0f;
  check("no specialization fits: NO_MATCH, nothing written", ok);
  ok = strict_kernel(x, x, o, 160, 1.0f) == 0;
  for (int i = 0; i < 256; i++)
    ok &= o[i] == (i < 160 ? 2.0f * x[i] : -1.0f);
  check("strict aligned: runs", ok);
  free(x);
  free(o);
  printf("%d passed, %d failed\n", pass, fail);
  return fail != 0;
}
