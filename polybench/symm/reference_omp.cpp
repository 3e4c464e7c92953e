#include <algorithm>
#include <vector>
#include <omp.h>

// OpenMP reference for symm (C = alpha*A*B + beta*C, A symmetric, lower triangle stored).
// - The symmetric matrix is expanded into a full m x m scratch copy S (threads own
//   disjoint rows of S), after which the product is an ordinary matrix multiply.
// - C is scaled by beta once; then alpha*S*B is accumulated with cache blocking and a
//   6 x 32 register tile of C. Threads own disjoint blocks of 48 rows of C (dynamic
//   schedule): no race, no reduction, any thread count.
namespace {
constexpr int MR = 6, NR = 32, KC = 256, NC = 512;

// t[r][x] += alpha * sum over k in [k0, k1) of a[r][k] * b[k][j + x], for a 6 x 32 tile
// held in registers; c rows are loaded before and stored after.
inline void tile_full(const double* const* a, const double* const* b, double* const* c,
                      int k0, int k1, int j, double alpha) {
  double t[MR][NR];
  for (int r = 0; r < MR; ++r)
    for (int x = 0; x < NR; ++x) t[r][x] = c[r][j + x];
  const double* ap[MR];
  for (int r = 0; r < MR; ++r) ap[r] = a[r];
  for (int k = k0; k < k1; ++k) {
    const double* bk = b[k] + j;
    for (int r = 0; r < MR; ++r) {
      const double ar = alpha * ap[r][k];
      for (int x = 0; x < NR; ++x) t[r][x] += ar * bk[x];
    }
  }
  for (int r = 0; r < MR; ++r)
    for (int x = 0; x < NR; ++x) c[r][j + x] = t[r][x];
}

// The same for a partial tile (mr <= MR rows, nr <= NR columns) at the block edges.
inline void tile_edge(const double* const* a, const double* const* b, double* const* c,
                      int mr, int k0, int k1, int j, int nr, double alpha) {
  for (int r = 0; r < mr; ++r) {
    double* cr = c[r] + j;
    for (int k = k0; k < k1; ++k) {
      const double ak = alpha * a[r][k];
      const double* bk = b[k] + j;
      for (int x = 0; x < nr; ++x) cr[x] += ak * bk[x];
    }
  }
}

// c[i][j] += alpha * sum over k in [k0, k1) of a[i][k] * b[k][j], for i in [i0, i1) and
// j in [j0, j1): KC x NC panels of b stay in cache while the rows of a pass over them.
void block_update(const double* const* a, const double* const* b, double* const* c, int i0,
                  int i1, int j0, int j1, int k0, int k1, double alpha) {
  for (int jb = j0; jb < j1; jb += NC) {
    const int je = std::min(j1, jb + NC);
    for (int kb = k0; kb < k1; kb += KC) {
      const int ke = std::min(k1, kb + KC);
      for (int i = i0; i < i1; i += MR) {
        const int mr = std::min(MR, i1 - i);
        for (int j = jb; j < je; j += NR) {
          const int nr = std::min(NR, je - j);
          if (mr == MR && nr == NR)
            tile_full(a + i, b, c + i, kb, ke, j, alpha);
          else
            tile_edge(a + i, b, c + i, mr, kb, ke, j, nr, alpha);
        }
      }
    }
  }
}

template <class M>
std::vector<const double*> rows(M& m) {
  std::vector<const double*> p(m.size());
  for (size_t i = 0; i < m.size(); ++i) p[i] = m[i].data();
  return p;
}
std::vector<double*> rows_mut(std::vector<std::vector<double>>& m) {
  std::vector<double*> p(m.size());
  for (size_t i = 0; i < m.size(); ++i) p[i] = m[i].data();
  return p;
}
}  // namespace

void kernel_symm(int m, int n, double alpha, double beta, std::vector<std::vector<double>>& C,
                 std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
  std::vector<std::vector<double>> S(m);
  // row i of S: A[i][k] for k <= i, A[k][i] for k > i (each thread writes only its rows)
#pragma omp parallel for schedule(static)
  for (int i = 0; i < m; i++) {
    S[i].resize(m);
    for (int k = 0; k <= i; k++) S[i][k] = A[i][k];
    for (int k = i + 1; k < m; k++) S[i][k] = A[k][i];
  }
  auto s = rows(S);
  auto b = rows(B);
  auto c = rows_mut(C);
  constexpr int MC = 48;
  const int chunks = (m + MC - 1) / MC;
#pragma omp parallel for schedule(dynamic, 1)
  for (int ch = 0; ch < chunks; ch++) {
    const int i0 = ch * MC, i1 = std::min(m, i0 + MC);
    for (int i = i0; i < i1; i++)
      for (int j = 0; j < n; j++) c[i][j] *= beta;
    block_update(s.data(), b.data(), c.data(), i0, i1, 0, n, 0, m, alpha);
  }
}
