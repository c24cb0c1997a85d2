/* hand.c — the same computations written by hand as plain C loops with OpenMP, the way
 * one would without tritonc. The benchmark compares the generated kernels against these.
 * fp16 data is C's _Float16 (GCC 12+, Clang 15+ on x86-64 and AArch64): converted to float for
 * the math, rounded back by the assignment. */
#include <math.h>
#include <stdint.h>

void hand_add(const float *x, const float *y, float *out, int64_t n) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++)
    out[i] = x[i] + y[i];
}

void hand_softmax(const float *in, float *out, int rows, int cols) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; r++) {
    const float *x = in + (int64_t)r * cols;
    float *y = out + (int64_t)r * cols, m = -INFINITY, s = 0;
    for (int c = 0; c < cols; c++)
      m = fmaxf(m, x[c]);
    for (int c = 0; c < cols; c++) {
      y[c] = expf(x[c] - m);
      s += y[c];
    }
    for (int c = 0; c < cols; c++)
      y[c] /= s;
  }
}

void hand_layernorm(const float *in, float *out, const float *w, const float *b, float *mean,
                    float *rstd, int rows, int cols, float eps) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; r++) {
    const float *x = in + (int64_t)r * cols;
    float *y = out + (int64_t)r * cols, s = 0, v = 0;
    for (int c = 0; c < cols; c++)
      s += x[c];
    float mu = s / cols;
    for (int c = 0; c < cols; c++)
      v += (x[c] - mu) * (x[c] - mu);
    float rs = 1.0f / sqrtf(v / cols + eps);
    mean[r] = mu;
    rstd[r] = rs;
    for (int c = 0; c < cols; c++)
      y[c] = (x[c] - mu) * rs * w[c] + b[c];
  }
}

void hand_bias_gelu(const float *x, const float *bias, float *out, int rows, int cols) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      float z = x[(int64_t)r * cols + c] + bias[c];
      out[(int64_t)r * cols + c] = 0.5f * z * (1.0f + erff(z * 0.7071067811865476f));
    }
}

void hand_row_sum(const float *x, float *out, int rows, int cols) {
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; r++) {
    float s = 0;
    for (int c = 0; c < cols; c++)
      s += x[(int64_t)r * cols + c];
    out[r] = s;
  }
}

void hand_silu(const float *x, float *out, int64_t n) {
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++)
    out[i] = x[i] / (1.0f + expf(-x[i]));
}

void hand_add_f16(const uint16_t *xb, const uint16_t *yb, uint16_t *outb, int64_t n) {
  const _Float16 *x = (const _Float16 *)xb, *y = (const _Float16 *)yb;
  _Float16 *out = (_Float16 *)outb;
#pragma omp parallel for schedule(static)
  for (int64_t i = 0; i < n; i++)
    out[i] = (_Float16)((float)x[i] + (float)y[i]);
}

void hand_bias_gelu_f16(const uint16_t *xb, const float *bias, uint16_t *outb, int rows, int cols) {
  const _Float16 *x = (const _Float16 *)xb;
  _Float16 *out = (_Float16 *)outb;
#pragma omp parallel for schedule(static)
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) {
      float z = (float)x[(int64_t)r * cols + c] + bias[c];
      out[(int64_t)r * cols + c] = (_Float16)(0.5f * z * (1.0f + erff(z * 0.7071067811865476f)));
    }
}
