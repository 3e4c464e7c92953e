#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: the serial reference's branch-free row sweep (vertical sums into a
// zero-padded row buffer, then count = v[j-1] + v[j] + v[j+1] - in[i][j]), rows split
// statically across threads, each with its own buffer. Every output row is written by
// exactly one thread; correct for any thread count.
void gameOfLife(std::vector<int> const& input, std::vector<int>& output, size_t N) {
  if (N == 0) return;
  std::vector<int> zero(N, 0);
  const int* in = input.data();
  int* out = output.data();
  const long n = long(N);
#pragma omp parallel if (N >= 128)
  {
    std::vector<int> vbuf(N + 2, 0);
    int* v = vbuf.data() + 1;
#pragma omp for schedule(static)
    for (long il = 0; il < n; ++il) {
      const size_t i = size_t(il);
      const int* __restrict up = i > 0 ? in + (i - 1) * N : zero.data();
      const int* __restrict mid = in + i * N;
      const int* __restrict dn = i + 1 < N ? in + (i + 1) * N : zero.data();
      for (size_t j = 0; j < N; ++j) v[j] = up[j] + mid[j] + dn[j];
      int* __restrict o = out + i * N;
      for (size_t j = 0; j < N; ++j) {
        const int s = v[j - 1] + v[j] + v[j + 1] - mid[j];
        o[j] = (s == 3) | ((s == 2) & (mid[j] == 1));
      }
    }
  }
}
