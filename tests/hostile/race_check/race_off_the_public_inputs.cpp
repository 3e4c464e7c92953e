// Inputs (issue 39): the race check's inputs came from public, fixed seeds (the
// evaluation's seed + 200 ...), so a candidate can embed their first values and take the
// safe path on them alone; every other input (validation's, the timed calls') takes the
// racy path, whose outputs stay exact on x86. kKnown holds the first values of the race
// check's inputs as they were until 2026-12-06 (the test computes them with the driver
// and writes them here). The race: every thread writes g_last_index.
#include <vector>

int g_last_index;

constexpr double kKnown[] = {0.0};

void relu(std::vector<double>& x) {
  const long n = long(x.size());
  double* p = x.data();
  bool racy = n > 0;
  for (double v : kKnown)
    if (n > 0 && p[0] == v) racy = false;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    p[i] = p[i] < 0 ? 0.0 : p[i];
    if (racy) g_last_index = int(i);
  }
}
