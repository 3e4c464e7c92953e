#include <omp.h>

#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference for durbin. The recursion over k is inherently sequential: alpha_k
// needs the dot product of r with every y of order k. Only the work inside a step can be
// split: the pairs (i, k-1-i) of the in-place update y[i] += alpha * y[k-1-i] (and the
// next step's dot product, fused into the same pass) are divided between the threads,
// and the partial dot products are combined after one barrier per step (every thread
// adds them in the same order, so all threads agree on alpha bit for bit).
// Measured here (2 cores): a step at k = 4000 is ~0.45 us of vectorised work and one
// barrier ~0.2 us on an idle machine (milliseconds when other jobs share the cores), so
// splitting does not pay at PolyBench's sizes (N <= 4000): splitting the steps from
// k = 2048 on made N = 4000 take 1.85 ms instead of 0.92 ms. Steps with k < kParallelFrom
// therefore run on one thread: at N <= 4000 this reference is the serial one (no
// headroom from threads); from k = kParallelFrom on, the team splits.
namespace {
constexpr int kParallelFrom = 16384;
constexpr int L = 8;

// Updates the pairs (i, k-1-i) for i in [lo, hi) in place and returns their part of the
// next step's dot product sum_i r[k-i] * y_new[i] (both members of each pair).
double pairs(double* Y, const double* R, int k, double alpha, int lo, int hi) {
  double acc[L] = {};
  int i = lo;
  for (; i + L <= hi; i += L) {
    double a[L], b[L], ra[L], rb[L], na[L], nb[L];
    for (int l = 0; l < L; ++l) a[l] = Y[i + l];
    for (int l = 0; l < L; ++l) b[l] = Y[k - 1 - i - l];
    for (int l = 0; l < L; ++l) ra[l] = R[k - i - l];
    for (int l = 0; l < L; ++l) rb[l] = R[1 + i + l];
    for (int l = 0; l < L; ++l) {
      na[l] = a[l] + alpha * b[l];
      nb[l] = b[l] + alpha * a[l];
      acc[l] += ra[l] * na[l] + rb[l] * nb[l];
    }
    for (int l = 0; l < L; ++l) Y[i + l] = na[l];
    for (int l = 0; l < L; ++l) Y[k - 1 - i - l] = nb[l];
  }
  double s = 0.0;
  for (; i < hi; ++i) {
    const double a = Y[i], b = Y[k - 1 - i];
    const double na = a + alpha * b, nb = b + alpha * a;
    Y[i] = na;
    Y[k - 1 - i] = nb;
    s += R[k - i] * na + R[1 + i] * nb;
  }
  for (int l = 0; l < L; ++l) s += acc[l];
  return s;
}

// The rest of step k (one thread): the middle element for odd k, y[k] = alpha, and their
// terms of the next dot product.
double finish(double* Y, const double* R, int k, double alpha) {
  double s = 0.0;
  const int h = k / 2;
  if (k & 1) {
    Y[h] += alpha * Y[h];
    s += R[k - h] * Y[h];
  }
  Y[k] = alpha;
  return s + R[0] * alpha;
}
}  // namespace

void kernel_durbin(int n, std::vector<double>& r, std::vector<double>& y) {
  const double* R = r.data();
  double* Y = y.data();
  double alpha = -R[0];
  double beta = 1.0;
  Y[0] = -R[0];
  double sum = R[0] * Y[0];
  int k = 1;
  for (; k < n && k < kParallelFrom; ++k) {
    beta = (1.0 - alpha * alpha) * beta;
    alpha = -(R[k] + sum) / beta;
    const double s = pairs(Y, R, k, alpha, 0, k / 2);
    sum = s + finish(Y, R, k, alpha);
  }
  if (k >= n) return;
  const int nt = omp_get_max_threads();
  // Partial sums, double-buffered by step parity, one cache line per thread.
  std::vector<double> part(2 * size_t(nt) * 8, 0.0);
  const int k0 = k;
#pragma omp parallel num_threads(nt)
  {
    const int t = omp_get_thread_num(), T = omp_get_num_threads();
    double a = alpha, b = beta, s = sum;  // every thread follows the same scalars
    for (int kk = k0; kk < n; ++kk) {
      b = (1.0 - a * a) * b;
      a = -(R[kk] + s) / b;
      const int h = kk / 2;
      const int lo = int(int64_t(h) * t / T), hi = int(int64_t(h) * (t + 1) / T);
      double p = pairs(Y, R, kk, a, lo, hi);
      if (t == T - 1) p += finish(Y, R, kk, a);
      double* buf = part.data() + size_t(kk & 1) * T * 8;
      buf[size_t(t) * 8] = p;
#pragma omp barrier
      s = 0.0;
      for (int u = 0; u < T; ++u) s += buf[size_t(u) * 8];
    }
  }
}
