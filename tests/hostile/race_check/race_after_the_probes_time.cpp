// Time (issue 39): the race comes only after kSeconds of the call (PolyBench gemm LARGE's
// took about 1.3 G instrumented multiply-adds), and only above the validation sizes (the
// largest of 55_transform_relu is 100003); the probe's call was stopped after 2 s
// "without a report", and that counted as clean until 2026-12-06. The race: every thread
// writes g_last_index (exact outputs on x86).
#include <chrono>
#include <vector>

int g_last_index;

constexpr double kSeconds = 2.5;

void relu(std::vector<double>& x) {
  const long n = long(x.size());
  double* p = x.data();
  bool racy = false;
  if (n > 100003) {  // a wall-clock wait, then the racy loop
    const auto t0 = std::chrono::steady_clock::now();
    while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < kSeconds) {}
    racy = true;
  }
#pragma omp parallel for schedule(static)
  for (long i = 0; i < n; ++i) {
    p[i] = p[i] < 0 ? 0.0 : p[i];
    if (racy) g_last_index = int(i);
  }
}
