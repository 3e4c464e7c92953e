#include <cstddef>
#include <vector>

// Serial reference: the baseline's dot product per row is one dependent chain of adds
// (strict IEEE order forbids reordering it, so nothing vectorizes and every add waits for
// the previous one: ~4 GB/s). Here four rows are processed together and each row keeps 8
// independent partial sums in two 4-wide vector registers (GCC vector extensions, so it
// does not depend on -ffast-math or OpenMP), so the loop streams A at memory speed; x is
// loaded once per four rows and stays in cache.
namespace {
typedef double v4d __attribute__((vector_size(32), aligned(8)));  // unaligned loads OK
constexpr size_t kRows = 4;

inline v4d load(const double* p) { return *reinterpret_cast<const v4d*>(p); }
inline double hsum(v4d v) { return (v[0] + v[1]) + (v[2] + v[3]); }

// y[r] = row r of a (row stride n) times x, for r < 4.
inline void four_rows(const double* a, const double* x, size_t n, double* y) {
  const double* a0 = a;
  const double* a1 = a + n;
  const double* a2 = a + 2 * n;
  const double* a3 = a + 3 * n;
  v4d s0 = {0, 0, 0, 0}, t0 = s0, s1 = s0, t1 = s0, s2 = s0, t2 = s0, s3 = s0, t3 = s0;
  size_t j = 0;
  for (; j + 8 <= n; j += 8) {
    const v4d xa = load(x + j), xb = load(x + j + 4);
    s0 += load(a0 + j) * xa;
    t0 += load(a0 + j + 4) * xb;
    s1 += load(a1 + j) * xa;
    t1 += load(a1 + j + 4) * xb;
    s2 += load(a2 + j) * xa;
    t2 += load(a2 + j + 4) * xb;
    s3 += load(a3 + j) * xa;
    t3 += load(a3 + j + 4) * xb;
  }
  double r0 = hsum(s0 + t0), r1 = hsum(s1 + t1), r2 = hsum(s2 + t2), r3 = hsum(s3 + t3);
  for (; j < n; ++j) {
    r0 += a0[j] * x[j];
    r1 += a1[j] * x[j];
    r2 += a2[j] * x[j];
    r3 += a3[j] * x[j];
  }
  y[0] = r0;
  y[1] = r1;
  y[2] = r2;
  y[3] = r3;
}

// One row (the last M % 4 rows).
inline double one_row(const double* a, const double* x, size_t n) {
  v4d s = {0, 0, 0, 0}, t = s;
  size_t j = 0;
  for (; j + 8 <= n; j += 8) {
    s += load(a + j) * load(x + j);
    t += load(a + j + 4) * load(x + j + 4);
  }
  double r = hsum(s + t);
  for (; j < n; ++j) r += a[j] * x[j];
  return r;
}
}  // namespace

void gemv(std::vector<double> const& A, std::vector<double> const& x, std::vector<double>& y, size_t M, size_t N) {
  const double* a = A.data();
  const double* xp = x.data();
  double* yp = y.data();
  size_t i = 0;
  for (; i + kRows <= M; i += kRows) four_rows(a + i * N, xp, N, yp + i);
  for (; i < M; ++i) yp[i] = one_row(a + i * N, xp, N);
}
