/* driver.c — runs one translated random-number kernel of tests/conformance/kernels/random_ops.py
 * (chosen by -DK_<kernel>, header RT_HDR) for `seed base n` from the command line and prints every
 * output word as hex, one line per element (words of one element separated by spaces), for
 * check.py to compare with philox_ref.py. Output elements past n must stay untouched. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include RT_HDR

static inline uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  long long seed = strtoll(argv[1], NULL, 0), base = strtoll(argv[2], NULL, 0);
  int n = atoi(argv[3]), pad = 200, m = n + pad;
  (void)seed;
  (void)base;
#if defined(K_randint4x)
  uint32_t *o[4];
  for (int j = 0; j < 4; j++) {
    o[j] = malloc((size_t)m * 4);
    memset(o[j], 0xAB, (size_t)m * 4);
  }
  randint4x_kernel(o[0], o[1], o[2], o[3], (int32_t)seed, n);
  for (int i = 0; i < m; i++)
    printf("%08" PRIx32 " %08" PRIx32 " %08" PRIx32 " %08" PRIx32 "\n", o[0][i], o[1][i], o[2][i], o[3][i]);
#elif defined(K_randint64)
  uint64_t *o = malloc((size_t)m * 8);
  memset(o, 0xAB, (size_t)m * 8);
  randint64_kernel(o, seed, base, n);
  for (int i = 0; i < m; i++)
    printf("%016" PRIx64 "\n", o[i]);
#elif defined(K_randint)
  uint32_t *o = malloc((size_t)m * 4);
  memset(o, 0xAB, (size_t)m * 4);
  randint_kernel(o, (int32_t)seed, n);
  for (int i = 0; i < m; i++)
    printf("%08" PRIx32 "\n", o[i]);
#else
  int per = 1;
#if defined(K_randn4x)
  per = 4;
#endif
  float *o = malloc((size_t)m * per * 4);
  memset(o, 0xAB, (size_t)m * per * 4);
#if defined(K_rand)
  rand_kernel(o, (int32_t)seed, n);
#elif defined(K_randn)
  randn_kernel(o, (int32_t)seed, n);
#elif defined(K_randn4x)
  randn4x_kernel(o, (int32_t)seed, n);
#elif defined(K_rand64)
  rand64_kernel(o, seed, base, n);
#elif defined(K_randn64)
  randn64_kernel(o, (int32_t)seed, base, n);
#elif defined(K_dropout)
  float *x = malloc((size_t)m * 4);
  for (int i = 0; i < m; i++)
    x[i] = (float)(i % 13) - 6.0f;
  seeded_dropout_kernel(x, o, n, 0.375f, (int32_t)seed);
#endif
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < per; j++)
      printf(j ? " %08" PRIx32 : "%08" PRIx32, fbits(o[i * per + j]));
    printf("\n");
  }
#endif
  return 0;
}
