#include <cstddef>
#include <vector>

/* Multiply the matrix A by the matrix B and add the product to the matrix C: C += A*B.
   A is an MxK matrix, B is a KxN matrix and C is an MxN matrix, all stored in row-major
   order in flat vectors.
   Example:
   input: A=[[1, -1, 2], [0, -2, 1]] B=[[4, 1], [-1, 0], [2, 2]] C=[[0, 0], [0, 0]]
   output: C=[[9, 5], [4, 2]]
*/
void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  for (size_t i = 0; i < M; ++i) {
    for (size_t j = 0; j < N; ++j) {
      double sum = 0.0;
      for (size_t k = 0; k < K; ++k) {
        sum += A[i * K + k] * B[k * N + j];
      }
      C[i * N + j] += sum;
    }
  }
}
