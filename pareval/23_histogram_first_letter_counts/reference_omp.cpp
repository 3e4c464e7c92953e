#include <omp.h>
#include <array>
#include <cstddef>
#include <string>
#include <vector>

// OpenMP reference: each thread counts a contiguous range of the strings into four
// private sets of counters (as in the serial reference), then adds its totals to bins
// under a critical section (26 additions per thread).
void firstLetterCounts(std::vector<std::string> const& s, std::array<size_t, 26>& bins) {
  const size_t n = s.size();
  const std::string* p = s.data();
#pragma omp parallel if (n > 50000)
  {
    const size_t t = size_t(omp_get_thread_num()), nt = size_t(omp_get_num_threads());
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    size_t c[4][32] = {};
    size_t i = lo;
    for (; i + 4 <= hi; i += 4) {
      ++c[0][static_cast<unsigned char>(p[i].data()[0]) & 31];
      ++c[1][static_cast<unsigned char>(p[i + 1].data()[0]) & 31];
      ++c[2][static_cast<unsigned char>(p[i + 2].data()[0]) & 31];
      ++c[3][static_cast<unsigned char>(p[i + 3].data()[0]) & 31];
    }
    for (; i < hi; ++i) ++c[0][static_cast<unsigned char>(p[i].data()[0]) & 31];
#pragma omp critical
    for (int k = 0; k < 26; ++k) bins[k] += c[0][k + 1] + c[1][k + 1] + c[2][k + 1] + c[3][k + 1];
  }
}
