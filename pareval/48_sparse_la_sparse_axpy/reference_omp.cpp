#include <omp.h>
#include <algorithm>
#include <cstddef>
#include <vector>

struct Element {
  size_t index;
  double value;
};

// OpenMP reference: the index range [0, z.size()) is split into one contiguous share per
// thread; each thread finds where its share starts in x and in y by binary search
// (both are sorted by index) and runs the serial reference's windowed scatter on its
// share. Every z[k] is updated by exactly the thread owning k: no atomics, no race,
// correct for any thread count.
void sparseAxpy(double alpha, std::vector<Element> const& x, std::vector<Element> const& y,
                std::vector<double>& z) {
  const Element* xp = x.data();
  const Element* yp = y.data();
  const size_t nx = x.size(), ny = y.size(), n = z.size();
  double* zp = z.data();
  auto below = [](const Element* v, size_t len, size_t k) -> size_t {
    return size_t(std::lower_bound(v, v + len, k,
                                   [](Element const& e, size_t key) { return e.index < key; }) -
                  v);
  };
#pragma omp parallel if (nx + ny > 100000)
  {
    const size_t t = size_t(omp_get_thread_num()), T = size_t(omp_get_num_threads());
    const size_t lo = n / T * t + n % T * t / T;
    const size_t hi = t + 1 == T ? n : n / T * (t + 1) + n % T * (t + 1) / T;
    size_t i = below(xp, nx, lo), j = below(yp, ny, lo);
    const size_t ie = below(xp, nx, hi), je = below(yp, ny, hi);
    for (size_t end = lo + 2048; i < ie || j < je; end += 2048) {
      for (; i < ie && xp[i].index < end; ++i) zp[xp[i].index] += alpha * xp[i].value;
      for (; j < je && yp[j].index < end; ++j) zp[yp[j].index] += yp[j].value;
    }
  }
}
