#include <algorithm>
#include <vector>

// Serial reference for syr2k (lower triangle of C = alpha*(A*B^T + B*A^T) + beta*C).
// - The baseline's innermost loop walks A and B down columns. Here the two products are
//   merged into one multiply with inner dimension 2m: L = [A | B] (n x 2m, rows of A
//   and B side by side) times R = [B^T ; A^T] (2m x n), so
//   C[i][j] += alpha * sum_k L[i][k]*R[k][j] = alpha*(A[i].B[j] + B[i].A[j]).
// - Rows are processed in panels of 48: the part left of the diagonal is a full
//   rectangle (cache blocking plus a 6 x 32 register tile of C); the 48 x 48 triangle on
//   the diagonal is done entry by entry as dot products of rows (contiguous, 8 partial
//   sums). The strict upper triangle is never touched.
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

namespace {
// sum over k < m of x[k]*y[k] with 8 independent partial sums
inline double dot(const double* x, const double* y, int m) {
  double p[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  int k = 0;
  for (; k + 8 <= m; k += 8)
    for (int l = 0; l < 8; l++) p[l] += x[k + l] * y[k + l];
  double s = ((p[0] + p[1]) + (p[2] + p[3])) + ((p[4] + p[5]) + (p[6] + p[7]));
  for (; k < m; k++) s += x[k] * y[k];
  return s;
}

// rows [i0, i1) of the lower triangle; l/r are the rows of L and R
void panel(const double* const* l, const double* const* r, double* const* c, int i0, int i1,
           int m, double alpha, double beta) {
  for (int i = i0; i < i1; i++)
    for (int j = 0; j <= i; j++) c[i][j] *= beta;
  block_update(l, r, c, i0, i1, 0, i0, 0, 2 * m, alpha);
  // L[i] = [A[i] | B[i]]; [B[j] | A[j]] is L[j] with its halves swapped
  for (int i = i0; i < i1; i++)
    for (int j = i0; j <= i; j++)
      c[i][j] += alpha * (dot(l[i], l[j] + m, m) + dot(l[i] + m, l[j], m));
}
}  // namespace

void kernel_syr2k(int n, int m, double alpha, double beta, std::vector<std::vector<double>>& C,
                  std::vector<std::vector<double>>& A, std::vector<std::vector<double>>& B) {
  std::vector<std::vector<double>> L(n, std::vector<double>(2 * m)), R(2 * m, std::vector<double>(n));
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++) {
      L[i][k] = A[i][k], L[i][m + k] = B[i][k];
      R[k][i] = B[i][k], R[m + k][i] = A[i][k];
    }
  auto l = rows(L);
  auto r = rows(R);
  auto c = rows_mut(C);
  constexpr int P = 48;
  for (int i0 = 0; i0 < n; i0 += P)
    panel(l.data(), r.data(), c.data(), i0, std::min(n, i0 + P), m, alpha, beta);
}
