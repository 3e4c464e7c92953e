#include <harness/driver.hpp>
#include "args.hpp"

// 54_stencil_game_of_life. Each cell is alive with probability p, and p varies with the
// seed (0.05..0.7) and from one band of 64 rows to the next (x0.5..x1.5), so neighbour
// counts of 2 and 3 (the interesting cases) are common but their mix differs across
// inputs. Output is exact 0/1; the poison value is -1.
struct Instance {
  size_t N;
  std::vector<int> input, input0, output;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : N(size), input(size * size), input0(size * size), output(size * size) {
    a = {&input, &output, N};
  }
  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2);
    const double p = s1.uniform(0, 0.05, 0.7);
    const long n = long(N);
    const size_t NN = N;
#pragma omp parallel for schedule(static) if (NN >= 256)
    for (long il = 0; il < n; ++il) {
      const size_t i = size_t(il);
      const double pi = std::min(0.95, p * s2.uniform(i / 64, 0.5, 1.5));
      for (size_t j = 0; j < NN; ++j) {
        const int c = s0.unit(i * NN + j) < pi ? 1 : 0;
        input[i * NN + j] = input0[i * NN + j] = c;
      }
    }
  }
  void reset(bool poison) { harness::reset_output(output, N * N, poison, -1); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("input", input, input0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("output", e.output, output, why);
  }
  void outputs(harness::Outputs& o) const { o.add("output", harness::I32, output.data(), output.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("input", harness::I32, input0.data(), input0.size());
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return 3 * N * N * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
