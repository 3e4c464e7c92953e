#include <algorithm>
#include <vector>
#include <omp.h>

// OpenMP reference for trmm (B = alpha * A^T * B in place, A unit lower triangular).
// - The baseline's innermost loop walks A and B down columns. Here the strict lower
//   triangle of A is transposed once into U (m x m, U[i][k] = A[k][i] for k > i, zero
//   elsewhere) and the old B is copied once, so the update B[i] += sum_{k>i} U[i][k]*Bold[k]
//   reads only the copy: no in-place hazard, and it is an ordinary multiply along rows.
// - Rows go in panels of 48; for a panel starting at row p only k > p can contribute
//   (the zeros of U cover k <= i inside the panel). Each panel uses cache blocking and a
//   6 x 32 register tile of B. Finally every entry is scaled by alpha.
// - Threads own whole row panels (dynamic schedule; the first panels have the most work)
//   and write only their own rows of B; U and Bold are filled by rows: no race.
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

void kernel_trmm(int m, int n, double alpha, std::vector<std::vector<double>>& A,
                 std::vector<std::vector<double>>& B) {
  std::vector<std::vector<double>> U(m), Bold(m);
#pragma omp parallel for schedule(static)
  for (int i = 0; i < m; i++) {
    U[i].assign(m, 0.0);
    for (int k = i + 1; k < m; k++) U[i][k] = A[k][i];
    Bold[i] = B[i];
  }
  auto u = rows(U);
  auto bo = rows(Bold);
  auto b = rows_mut(B);
  constexpr int P = 48;
  const int panels = (m + P - 1) / P;
#pragma omp parallel for schedule(dynamic, 1)
  for (int q = 0; q < panels; q++) {
    const int p = q * P, pe = std::min(m, p + P);
    block_update(u.data(), bo.data(), b.data(), p, pe, 0, n, p + 1, m, 1.0);
    for (int i = p; i < pe; i++)
      for (int j = 0; j < n; j++) b[i][j] *= alpha;
  }
}
