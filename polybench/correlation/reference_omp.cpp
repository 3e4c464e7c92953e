#include <algorithm>
#include <cmath>
#include <vector>
#include <omp.h>

// OpenMP reference for correlation (same method as the serial reference).
// - Column means and squared deviations are accumulated row by row (contiguous and
//   vectorized, same summation order per column as the column walk); normalization is a
//   row-wise pass.
// - corr = D^T D for the normalized data D: D is transposed once into Dt (m x n); the
//   upper triangle (rows in panels of 48, columns from the panel's first row on) is a
//   blocked, register-tiled multiply Dt * D (6 x 32 tile of corr, KC x NC panels of D in
//   cache); the baseline instead walks data down two columns per entry. The diagonal is
//   set to 1 and the lower triangle mirrored from the upper one.
// - Parallel without races: column statistics by column blocks (each thread owns a block
//   of mean and stddev, walking all rows, so each sum keeps its order), normalization,
//   the transpose and the mirror by rows, the multiply by whole row panels (dynamic).
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

void kernel_correlation(int m, int n, std::vector<std::vector<double>>& data,
                        std::vector<std::vector<double>>& corr, std::vector<double>& mean,
                        std::vector<double>& stddev) {
  const double float_n = n;
  const double eps = 0.1;
  double* mu = mean.data();
  double* sd = stddev.data();
  std::vector<double> div(m);
  std::vector<std::vector<double>> Dt(m);
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const int blocks = (m + 7) / 8;  // column blocks of 8 doubles: no shared cache lines
    const int j0 = std::min(m, 8 * (blocks * t / nt)), j1 = std::min(m, 8 * (blocks * (t + 1) / nt));
    for (int j = j0; j < j1; j++) mu[j] = 0.0, sd[j] = 0.0;
    for (int i = 0; i < n; i++) {
      const double* d = data[i].data();
      for (int j = j0; j < j1; j++) mu[j] += d[j];
    }
    for (int j = j0; j < j1; j++) mu[j] /= float_n;
    for (int i = 0; i < n; i++) {
      const double* d = data[i].data();
      for (int j = j0; j < j1; j++) sd[j] += (d[j] - mu[j]) * (d[j] - mu[j]);
    }
    for (int j = j0; j < j1; j++) {
      const double s = std::sqrt(sd[j] / float_n);
      sd[j] = s <= eps ? 1.0 : s;
      div[j] = std::sqrt(float_n) * sd[j];
    }
#pragma omp barrier
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++) {
      double* d = data[i].data();
      for (int j = 0; j < m; j++) d[j] = (d[j] - mu[j]) / div[j];
    }
#pragma omp for schedule(static)
    for (int i = 0; i < m; i++) {
      Dt[i].resize(n);
      for (int k = 0; k < n; k++) Dt[i][k] = data[k][i];
    }
  }
  auto dt = rows(Dt);
  auto d = rows(data);
  auto c = rows_mut(corr);
  constexpr int P = 48;
  const int panels = (m + P - 1) / P;
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, 1)
    for (int q = 0; q < panels; q++) {
      const int p = q * P, pe = std::min(m, p + P);
      for (int i = p; i < pe; i++)
        for (int j = p; j < m; j++) c[i][j] = 0.0;
      block_update(dt.data(), d.data(), c.data(), p, pe, p, m, 0, n, 1.0);
    }
#pragma omp for schedule(static)
    for (int j = 0; j < m; j++) {
      c[j][j] = 1.0;
      for (int i = 0; i < j; i++) c[j][i] = c[i][j];
    }
  }
}
