#include <omp.h>
#include <cstddef>
#include <vector>

struct COOElement {
  size_t row, column;
  double value;
};

// OpenMP reference: the serial reference's fused per-row pass, with the nonzeros split
// into one contiguous share per thread (balanced by nonzero count, not by rows). Each
// share's start is moved forward to the beginning of a row, so no row is split between
// threads; thread t owns the rows from its first entry's row up to the next thread's,
// including the empty rows in between. Every y[r] is written by exactly one thread:
// no atomics, no race, correct for any thread count.
void spmv(double alpha, std::vector<COOElement> const& A, std::vector<double> const& x,
          double beta, std::vector<double>& y, size_t M, size_t N) {
  (void)N;
  const COOElement* a = A.data();
  const size_t nnz = A.size();
  const double* xv = x.data();
  double* yv = y.data();
#pragma omp parallel if (M + nnz > 50000)
  {
    const size_t t = size_t(omp_get_thread_num()), T = size_t(omp_get_num_threads());
    // First entry of share p, moved to a row boundary; nnz when past the end.
    auto entry_start = [&](size_t p) -> size_t {
      if (p == 0) return 0;
      if (p >= T) return nnz;
      size_t e = nnz / T * p + nnz % T * p / T;
      while (e > 0 && e < nnz && a[e].row == a[e - 1].row) ++e;
      return e;
    };
    // First row owned by share p.
    auto row_start = [&](size_t p, size_t e) -> size_t {
      if (p == 0) return 0;
      if (p >= T || e >= nnz) return M;
      return a[e].row;
    };
    size_t e = entry_start(t);
    const size_t r0 = row_start(t, e);
    const size_t r1 = row_start(t + 1, entry_start(t + 1));
    for (size_t r = r0; r < r1; ++r) {
      double sum = 0.0;
      for (; e < nnz && a[e].row == r; ++e) sum += a[e].value * xv[a[e].column];
      yv[r] = beta * yv[r] + alpha * sum;
    }
  }
}
