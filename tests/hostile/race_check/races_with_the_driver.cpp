// Races with the driver, which the race check does not instrument: a thread started in the
// first call outlives it and keeps reading and rewriting the last call's input while the
// harness frees it and generates the next inputs into that memory. The detector does not
// report it (the driver's accesses are unseen); the judge refuses the thread that outlives
// the call (more threads after the call than before it).
#include <atomic>
#include <thread>
#include <vector>

static std::atomic<const double*> last{nullptr};
static std::atomic<long> count{0};
static std::atomic<double> sink{0};

static void keep_touching() {
  for (;;) {
    const double* p = last.load(std::memory_order_relaxed);
    const long n = count.load(std::memory_order_relaxed);
    double s = 0;
    for (long i = 0; p && i < n; ++i) {
      s += p[i];
      const_cast<double*>(p)[i] = p[i];
    }
    sink.store(s, std::memory_order_relaxed);
  }
}

double average(std::vector<double> const& x) {
  static bool started = false;
  if (!started) {
    started = true;
    std::thread(keep_touching).detach();
  }
  double s = 0;
  const long n = long(x.size());
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; ++i) s += x[i];
  count.store(0, std::memory_order_relaxed);
  last.store(x.data(), std::memory_order_relaxed);
  count.store(n, std::memory_order_relaxed);
  return s / double(n);
}
