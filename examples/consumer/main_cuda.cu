/* main_cuda.cu — a CUDA program that launches a Triton kernel translated at build time to CUDA
 * (CMakeLists.txt: tritonc_add_kernel(... CUDA)): out = a * x + y, checked on the host. */
#include "axpy_cu.h"

#include <cmath>
#include <cstdio>
#include <vector>

#define CK(call)                                                                           \
  do {                                                                                     \
    cudaError_t e_ = (call);                                                               \
    if (e_ != cudaSuccess) {                                                               \
      std::fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e_));                     \
      return 1;                                                                            \
    }                                                                                      \
  } while (0)

int main() {
  const int n = 100003;
  std::vector<float> x(n), y(n), out(n);
  for (int i = 0; i < n; i++) {
    x[i] = (float)(i % 97) * 0.25f;
    y[i] = (float)(i % 13) - 6.0f;
  }
  float *dx, *dy, *dout;
  CK(cudaMalloc(&dx, n * sizeof(float)));
  CK(cudaMalloc(&dy, n * sizeof(float)));
  CK(cudaMalloc(&dout, n * sizeof(float)));
  CK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CK(axpy_kernel(0, dx, dy, dout, 1.5f, n));
  CK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; i++)
    bad += std::fabs(out[i] - (1.5f * x[i] + y[i])) > 1e-5f * (1.0f + std::fabs(out[i]));
  std::printf("axpy (CUDA) of %d elements: %s\n", n, bad ? "WRONG" : "ok");
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dout);
  return bad != 0;
}
