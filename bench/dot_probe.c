/* dot_probe.c — the C target's tl.dot micro-kernel alone, on tiles that stay in cache: GFLOP/s of
 * the runtime's tc_dot_f32 (runtime/tc_simd.h, section dot) and of other register blocks, on one
 * thread, for the tile shapes a Triton matmul kernel hands it (acc[M][N] += a[M][K] b[K][N] once
 * per K step). It separates the micro-kernel's own speed from the memory side of a whole matmul
 * (bench/host_cpu.py). Every variant's result is compared with the plain triple loop first.
 *
 *   cc -O3 -march=native -o build/dot_probe bench/dot_probe.c -lm && build/dot_probe
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../runtime/tc_simd.h"

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* a register block of MR rows by NV vectors, as the runtime's TC__DOT_BLOCK */
#define BLOCK(NAME, MR, NV)                                                                    \
  static void NAME(int K, const float *A, int lda, const float *B, int ldb, float *C,          \
                   int ldc) {                                                                  \
    tc_vf32 c[MR][NV];                                                                         \
    _Pragma("GCC unroll 16") for (int r = 0; r < MR; r++)                                     \
      _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                    \
        c[r][v] = tc_f32_load(C + (long)r * ldc + v * TC_VLEN);                               \
    for (int k = 0; k < K; k++) {                                                              \
      tc_vf32 b[NV];                                                                           \
      _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                    \
        b[v] = tc_f32_load(B + (long)k * ldb + v * TC_VLEN);                                  \
      _Pragma("GCC unroll 16") for (int r = 0; r < MR; r++) {                                 \
        tc_vf32 a = tc_f32_splat(A[(long)r * lda + k]);                                        \
        _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                  \
          c[r][v] = tc_f32_muladd(a, b[v], c[r][v]);                                           \
      }                                                                                        \
    }                                                                                          \
    _Pragma("GCC unroll 16") for (int r = 0; r < MR; r++)                                     \
      _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                    \
        tc_f32_store(C + (long)r * ldc + v * TC_VLEN, c[r][v]);                               \
  }

/* the same block reading A packed k-major: Ap[k][MR] */
#define BLOCKP(NAME, MR, NV)                                                                   \
  static void NAME(int K, const float *Ap, const float *B, int ldb, float *C, int ldc) {       \
    tc_vf32 c[MR][NV];                                                                         \
    _Pragma("GCC unroll 16") for (int r = 0; r < MR; r++)                                     \
      _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                    \
        c[r][v] = tc_f32_load(C + (long)r * ldc + v * TC_VLEN);                               \
    for (int k = 0; k < K; k++) {                                                              \
      tc_vf32 b[NV];                                                                           \
      _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                    \
        b[v] = tc_f32_load(B + (long)k * ldb + v * TC_VLEN);                                  \
      _Pragma("GCC unroll 16") for (int r = 0; r < MR; r++) {                                 \
        tc_vf32 a = tc_f32_splat(Ap[(long)k * MR + r]);                                        \
        _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                  \
          c[r][v] = tc_f32_muladd(a, b[v], c[r][v]);                                           \
      }                                                                                        \
    }                                                                                          \
    _Pragma("GCC unroll 16") for (int r = 0; r < MR; r++)                                     \
      _Pragma("GCC unroll 4") for (int v = 0; v < NV; v++)                                    \
        tc_f32_store(C + (long)r * ldc + v * TC_VLEN, c[r][v]);                               \
  }

BLOCK(b8x2, 8, 2)
BLOCK(b12x2, 12, 2)
BLOCK(b14x2, 14, 2)
BLOCK(b6x4, 6, 4)
BLOCK(b4x4, 4, 4)
BLOCKP(p8x2, 8, 2)
BLOCKP(p12x2, 12, 2)
BLOCKP(p14x2, 14, 2)
BLOCKP(p6x4, 6, 4)

typedef void (*blk_fn)(int, const float *, int, const float *, int, float *, int);
typedef void (*pblk_fn)(int, const float *, const float *, int, float *, int);

/* panels of NV vectors outer, row blocks inner; the rows left over one by one through the
 * runtime's plain loops (M, N multiples of the block in this probe's shapes where it matters) */
static void dot_blocked(blk_fn f, int MR, int NV, int M, int N, int K, const float *A,
                        const float *B, float *C) {
  int W = NV * TC_VLEN;
  for (int j = 0; j + W <= N; j += W) {
    int i = 0;
    for (; i + MR <= M; i += MR)
      f(K, A + (long)i * K, K, B + j, N, C + (long)i * N + j, N);
    if (i < M)
      tc_dot_f32(M - i, W, K, A + (long)i * K, K, B + j, N, C + (long)i * N + j, N);
  }
}

static float Ap[1 << 16];
static void dot_packed(pblk_fn f, int MR, int NV, int M, int N, int K, const float *A,
                       const float *B, float *C) {
  int W = NV * TC_VLEN, full = M / MR * MR;
  for (int i = 0; i < full; i += MR) /* A's row blocks k-major */
    for (int k = 0; k < K; k++)
      for (int r = 0; r < MR; r++)
        Ap[(long)i * K + k * MR + r] = A[(long)(i + r) * K + k];
  for (int j = 0; j + W <= N; j += W) {
    for (int i = 0; i < full; i += MR)
      f(K, Ap + (long)i * K, B + j, N, C + (long)i * N + j, N);
    if (full < M)
      tc_dot_f32(M - full, W, K, A + (long)full * K, K, B + j, N, C + (long)full * N + j, N);
  }
}

static float *A, *B, *C, *R;

static void reference(int M, int N, int K) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float s = R[i * N + j];
      for (int k = 0; k < K; k++)
        s = fmaf(A[i * K + k], B[k * N + j], s);
      R[i * N + j] = s;
    }
}

enum { RUNTIME, BLOCKED, PACKED };
struct variant {
  const char *name;
  int kind, MR, NV;
  blk_fn f;
  pblk_fn p;
};

static void run(const struct variant *v, int M, int N, int K) {
  if (v->kind == RUNTIME)
    tc_dot_f32(M, N, K, A, K, B, N, C, N);
  else if (v->kind == BLOCKED)
    dot_blocked(v->f, v->MR, v->NV, M, N, K, A, B, C);
  else
    dot_packed(v->p, v->MR, v->NV, M, N, K, A, B, C);
}

int main(int argc, char **argv) {
  double secs = argc > 1 ? atof(argv[1]) : 0.3;
  static const int shapes[][3] = {{128, 128, 32}, {128, 128, 64}, {64, 64, 64}, {64, 128, 64},
                                  {128, 64, 64},  {64, 64, 256},  {128, 128, 128}, {32, 64, 256}};
  static const struct variant vs[] = {
      {"runtime tc_dot_f32", RUNTIME, 0, 0, 0, 0}, {"8x2", BLOCKED, 8, 2, b8x2, 0},
      {"12x2", BLOCKED, 12, 2, b12x2, 0},           {"14x2", BLOCKED, 14, 2, b14x2, 0},
      {"6x4", BLOCKED, 6, 4, b6x4, 0},              {"4x4", BLOCKED, 4, 4, b4x4, 0},
      {"8x2 packed A", PACKED, 8, 2, 0, p8x2},      {"12x2 packed A", PACKED, 12, 2, 0, p12x2},
      {"14x2 packed A", PACKED, 14, 2, 0, p14x2},   {"6x4 packed A", PACKED, 6, 4, 0, p6x4}};
  int nv = sizeof vs / sizeof vs[0];
  printf("level %s, TC_VLEN %d, one thread, best of repetitions over %.2f s per cell\n",
         TC_SIMD_ISA, TC_VLEN, secs);
  printf("%-20s", "GFLOP/s  M x N x K");
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    char t[32];
    snprintf(t, sizeof t, "%dx%dx%d", shapes[s][0], shapes[s][1], shapes[s][2]);
    printf(" %11s", t);
  }
  printf("\n");
  A = aligned_alloc(64, 4 << 20), B = aligned_alloc(64, 4 << 20);
  C = aligned_alloc(64, 4 << 20), R = aligned_alloc(64, 4 << 20);
  int bad = 0;
  for (int vi = 0; vi < nv; vi++) {
    printf("%-20s", vs[vi].name);
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
      int M = shapes[s][0], N = shapes[s][1], K = shapes[s][2];
      srand(1);
      for (int i = 0; i < M * K; i++)
        A[i] = (float)(rand() % 17 - 8) / 8;
      for (int i = 0; i < K * N; i++)
        B[i] = (float)(rand() % 13 - 6) / 4;
      for (int i = 0; i < M * N; i++)
        C[i] = R[i] = (float)(rand() % 7 - 3);
      run(&vs[vi], M, N, K); /* small integers: every order of the sums is exact */
      reference(M, N, K);
      if (memcmp(C, R, sizeof(float) * M * N)) {
        printf(" %11s", "WRONG");
        bad++;
        continue;
      }
      double best = 1e30, t0 = now();
      int reps = 0;
      while (now() - t0 < secs || reps < 5) {
        double t = now();
        for (int r = 0; r < 20; r++)
          run(&vs[vi], M, N, K);
        t = (now() - t) / 20;
        best = t < best ? t : best;
        reps++;
      }
      printf(" %11.1f", 2.0 * M * N * K / best * 1e-9);
    }
    printf("\n");
    fflush(stdout);
  }
  printf("%d wrong\n", bad);
  return bad != 0;
}
