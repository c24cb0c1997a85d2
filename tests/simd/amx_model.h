/* amx_model.h — the AMX instructions runtime/tc_simd.h's section amx uses, as C, so that its
 * packing, blocking and K-loop panels run (tests/simd/run.sh, level amx-model) on machines
 * without the tile unit. Included before tc_simd.h with -DTC_AMX_MODEL (the runtime then asks
 * Linux for no tile state) and -mamx-tile -mamx-bf16 (the compiler's target macros choose the
 * section's tile path). Each thread has its own eight tiles of 16 rows of 64 bytes, as the
 * palette tc__amx_config loads; _tile_dpbf16ps adds, per element of C, each k pair's two
 * products in turn, rounding in fp32 (the unit's own order within a pair is not modelled, nor
 * its treatment of denormal inputs as zero: the test's values have none). */
#ifndef AMX_MODEL_H
#define AMX_MODEL_H
#include <immintrin.h>
#include <stdint.h>
#include <string.h>

static _Thread_local unsigned char amx_model_tile[8][16][64];

static inline float amx_model_bf16(const unsigned char *p) {
  uint16_t h;
  memcpy(&h, p, 2);
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}
static inline void amx_model_load(int t, const void *base, long stride) {
  for (int r = 0; r < 16; r++)
    memcpy(amx_model_tile[t][r], (const char *)base + r * stride, 64);
}
static inline void amx_model_store(int t, void *base, long stride) {
  for (int r = 0; r < 16; r++)
    memcpy((char *)base + r * stride, amx_model_tile[t][r], 64);
}
/* C[m][n] (fp32) += sum over k pairs of A[m][2k] B[k][2n] + A[m][2k+1] B[k][2n+1] (bf16) */
static inline void amx_model_dpbf16ps(int c, int a, int b) {
  for (int m = 0; m < 16; m++)
    for (int n = 0; n < 16; n++) {
      float s;
      memcpy(&s, &amx_model_tile[c][m][n * 4], 4);
      for (int k = 0; k < 16; k++) {
        s += amx_model_bf16(&amx_model_tile[a][m][k * 4]) * amx_model_bf16(&amx_model_tile[b][k][n * 4]);
        s += amx_model_bf16(&amx_model_tile[a][m][k * 4 + 2]) *
             amx_model_bf16(&amx_model_tile[b][k][n * 4 + 2]);
      }
      memcpy(&amx_model_tile[c][m][n * 4], &s, 4);
    }
}
#undef _tile_loadd
#undef _tile_stored
#undef _tile_dpbf16ps
#undef _tile_loadconfig
#undef _tile_release
#define _tile_loadconfig(cfg) ((void)(cfg))
#define _tile_release() ((void)0)
#define _tile_loadd(t, base, stride) amx_model_load(t, (base), (long)(stride))
#define _tile_stored(t, base, stride) amx_model_store(t, (base), (long)(stride))
#define _tile_dpbf16ps(c, a, b) amx_model_dpbf16ps(c, a, b)
#endif
