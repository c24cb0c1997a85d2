/* hand.c — the same five computations written by hand as plain C loops with OpenMP, the way
 * one would without tritonc. The benchmark compares the generated kernels against these. */
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
