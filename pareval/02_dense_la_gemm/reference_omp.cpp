#include <algorithm>
#include <cstddef>
#include <vector>
#include <omp.h>

// OpenMP reference: the serial reference's blocked, register-tiled kernel, with the rows
// of C split between threads in chunks of MC rows (each thread writes only its own rows,
// so there is no race and no reduction; any thread count works).
// - The naive i-j-k order walks B down a column (stride N) and keeps one scalar
//   accumulator, so nothing vectorizes. Here the innermost loop runs along a row of B
//   and C (contiguous, vectorized).
// - A KC x NC panel of B is reused for all rows of A while it sits in cache.
// - A 4 x 32 tile of C lives in registers across the whole k loop of a panel, so each
//   B vector loaded feeds 4 multiply-adds and C is loaded/stored once per panel.
namespace {
constexpr size_t MR = 4, NR = 32, KC = 128, NC = 512, MC = 32;

// C[0..MR)[0..NR) += A[0..MR)[0..kc) * B[0..kc)[0..NR); lda/ldb/ldc are row strides.
inline void tile_full(const double* A, const double* B, double* C, size_t kc, size_t lda,
                      size_t ldb, size_t ldc) {
  double c[MR][NR];
  for (size_t r = 0; r < MR; ++r)
    for (size_t j = 0; j < NR; ++j) c[r][j] = C[r * ldc + j];
  for (size_t k = 0; k < kc; ++k) {
    const double* b = B + k * ldb;
    const double a0 = A[k], a1 = A[lda + k], a2 = A[2 * lda + k], a3 = A[3 * lda + k];
    for (size_t j = 0; j < NR; ++j) {
      const double bj = b[j];
      c[0][j] += a0 * bj;
      c[1][j] += a1 * bj;
      c[2][j] += a2 * bj;
      c[3][j] += a3 * bj;
    }
  }
  for (size_t r = 0; r < MR; ++r)
    for (size_t j = 0; j < NR; ++j) C[r * ldc + j] = c[r][j];
}

// Same for a partial tile (mr <= MR rows, nr <= NR columns), at the matrix edges.
inline void tile_edge(const double* A, const double* B, double* C, size_t mr, size_t nr,
                      size_t kc, size_t lda, size_t ldb, size_t ldc) {
  for (size_t r = 0; r < mr; ++r) {
    double* c = C + r * ldc;
    for (size_t k = 0; k < kc; ++k) {
      const double a = A[r * lda + k];
      const double* b = B + k * ldb;
      for (size_t j = 0; j < nr; ++j) c[j] += a * b[j];
    }
  }
}
}  // namespace

void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  const double* a = A.data();
  const double* b = B.data();
  double* c = C.data();
  const long chunks = long((M + MC - 1) / MC);
#pragma omp parallel for schedule(dynamic, 1)
  for (long ch = 0; ch < chunks; ++ch) {
    const size_t i0 = size_t(ch) * MC, i1 = std::min(M, i0 + MC);
    for (size_t j0 = 0; j0 < N; j0 += NC) {
      const size_t nc = std::min(NC, N - j0);
      for (size_t k0 = 0; k0 < K; k0 += KC) {
        const size_t kc = std::min(KC, K - k0);
        for (size_t i = i0; i < i1; i += MR) {
          const size_t mr = std::min(MR, i1 - i);
          for (size_t j = j0; j < j0 + nc; j += NR) {
            const size_t nr = std::min(NR, j0 + nc - j);
            const double* ap = a + i * K + k0;
            const double* bp = b + k0 * N + j;
            double* cp = c + i * N + j;
            if (mr == MR && nr == NR)
              tile_full(ap, bp, cp, kc, K, N, N);
            else
              tile_edge(ap, bp, cp, mr, nr, kc, K, N, N);
          }
        }
      }
    }
  }
}
