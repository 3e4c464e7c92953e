// WRONG (OpenMP work split): x is divided between the threads, but every thread merges
// its part of x with all of y, so each y entry is added once per thread (missing
// partition of y; correct only with one thread).
#include <omp.h>
#include <vector>
struct Element { size_t index; double value; };
void sparseAxpy(double alpha, std::vector<Element> const& x, std::vector<Element> const& y,
                std::vector<double>& z) {
#pragma omp parallel
  {
    const size_t t = omp_get_thread_num(), T = omp_get_num_threads();
    size_t i = x.size() * t / T, ie = x.size() * (t + 1) / T, j = 0;
    while (i < ie && j < y.size()) {
      if (x[i].index < y[j].index) { z[x[i].index] += alpha * x[i].value; ++i; }
      else if (y[j].index < x[i].index) {
#pragma omp atomic
        z[y[j].index] += y[j].value;
        ++j;
      } else {
#pragma omp atomic
        z[x[i].index] += alpha * x[i].value + y[j].value;
        ++i; ++j;
      }
    }
    for (; i < ie; ++i) z[x[i].index] += alpha * x[i].value;
    for (; j < y.size(); ++j) {
#pragma omp atomic
      z[y[j].index] += y[j].value;
    }
  }
}
