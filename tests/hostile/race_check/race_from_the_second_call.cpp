// Calls (issue 39): the race is used from the second call at one size above the
// validation sizes (the largest of 55_transform_relu is 100003); the race check's probe
// made one call there until 2026-12-06. The race: every thread writes g_last_index
// (exact outputs on x86).
#include <vector>

int g_last_index;

void relu(std::vector<double>& x) {
  static long last_n = -1;
  static int calls_at_n = 0;
  const long n = long(x.size());
  calls_at_n = n == last_n ? calls_at_n + 1 : 1;
  last_n = n;
  double* p = x.data();
  const bool racy = n > 100003 && calls_at_n >= 2;
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    p[i] = p[i] < 0 ? 0.0 : p[i];
    if (racy) g_last_index = int(i);
  }
}
