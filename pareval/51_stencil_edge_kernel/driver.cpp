#include <harness/driver.hpp>
#include "args.hpp"

// 51_stencil_edge_kernel. Pixel values 0..255. The image is made of 16x16 tiles: a tile
// is flat (one grey level: the result is 0 inside and depends on the tile edges), noisy
// (grey level + uniform noise of a per-seed amplitude 1..255, clipped to 0..255) or a
// two-level step, so results below 0, inside [0, 255] and above 255 all occur, and the
// border pixels (zero outside the image) see large positive sums. The mix of tile kinds
// varies with the seed. Output is exact; the poison value is -1.
struct Instance {
  size_t N;
  std::vector<int> img, img0, out;
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : N(size), img(size * size), img0(size * size), out(size * size) {
    a = {&img, &out, N};
  }
  void generate(uint64_t seed) {
    using namespace harness;
    const Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3), s4(seed, 4);
    const double p_flat = s1.uniform(0, 0.0, 0.5);
    const double p_step = s1.uniform(1, 0.0, 0.4);
    const int amp = int(s1.integer(2, 1, 255));
    const size_t NN = N, T = (N + 15) / 16;
    const long n = long(N);
#pragma omp parallel for schedule(static) if (NN >= 256)
    for (long il = 0; il < n; ++il) {
      const size_t i = size_t(il);
      for (size_t j = 0; j < NN; ++j) {
        const size_t tile = (i / 16) * T + j / 16;
        const double kind = s2.unit(tile);
        const int g = int(s3.integer(tile, 0, 255));
        int v;
        if (kind < p_flat) {
          v = g;
        } else if (kind < p_flat + p_step) {
          const int g2 = int(s4.integer(tile, 0, 255));
          v = (i % 16) + (j % 16) < 16 ? g : g2;
        } else {
          v = std::min(255, std::max(0, g + int(s0.integer(i * NN + j, -amp, amp))));
        }
        img[i * NN + j] = img0[i * NN + j] = v;
      }
    }
  }
  void reset(bool poison) { harness::reset_output(out, N * N, poison, -1); }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("imageIn", img, img0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("imageOut", e.out, out, why);
  }
  void outputs(harness::Outputs& o) const { o.add("imageOut", harness::I32, out.data(), out.size()); }
  void inputs(harness::Outputs& o) const {
    o.add("imageIn", harness::I32, img0.data(), img0.size());
    o.add("N", harness::U64, &N, 1);
  }
  size_t bytes() const { return 3 * N * N * sizeof(int); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
