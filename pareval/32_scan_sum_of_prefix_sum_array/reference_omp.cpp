#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: the serial reference's weighted sum sum_i (n - i) * x[i], with the
// index range split into one contiguous block per thread (each with W vector lanes and
// its own weights), and the per-thread partial sums added with an OpenMP reduction.
double sumOfPrefixSum(std::vector<double> const& x) {
  constexpr size_t W = 16;
  const size_t n = x.size();
  const double* p = x.data();
  double total = 0.0;
#pragma omp parallel reduction(+ : total) if (n > 100000)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    double acc[W], w[W];
    for (size_t l = 0; l < W; ++l) {
      acc[l] = 0.0;
      w[l] = double(n - lo) - double(l);
    }
    size_t i = lo;
    for (; i + W <= hi; i += W) {
      for (size_t l = 0; l < W; ++l) acc[l] += w[l] * p[i + l];
      for (size_t l = 0; l < W; ++l) w[l] -= double(W);
    }
    double s = 0.0;
    for (size_t l = 0; l < W; ++l) s += acc[l];
    for (; i < hi; ++i) s += double(n - i) * p[i];
    total += s;
  }
  return total;
}
