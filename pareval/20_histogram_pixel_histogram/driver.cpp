#include <harness/driver.hpp>
#include "args.hpp"

// 20_histogram_pixel_histogram. The image looks like a photograph's scan lines: runs of
// pixels share a base level (run length L per seed: 1, 4, 16 or 64 pixels), and each
// pixel is the level plus small noise (-2..2, clamped) with a per-seed probability, so
// equal neighbours are common (as in real images) and values are skewed: about 12% of
// the runs are black (0) and 8% white (255), the rest uniform over 0..255. Every bin is
// used at the timed size, the 0 and 255 bins exceed 65535 at the quick size (so narrow
// counters overflow), and the first and last pixels carry arbitrary values.
// bins arrive zeroed (the calling convention: the function adds its counts to them).
struct Instance {
  size_t n;
  std::vector<int> image, image0;
  std::array<size_t, 256> bins{};
  HarnessArgs a;

  explicit Instance(uint64_t size) : n(size), image(size), image0(size) { a = {&image, &bins}; }

  static int level(const harness::Stream& levels, uint64_t run) {
    const uint64_t r = levels.u64(run);
    const uint64_t u = r % 100;
    if (u < 12) return 0;
    if (u < 20) return 255;
    return int((r >> 8) & 255);
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const int shift = 2 * int(s0.u64(0) % 4);  // L = 1, 4, 16, 64
    const double noisy = s0.unit(1);          // P(noise on a pixel)
    const size_t nn = n;
#pragma omp parallel for schedule(static) if (nn > 100000)
    for (size_t i = 0; i < nn; ++i) {
      int v = level(s1, i >> shift);
      if (s2.unit(i) < noisy) {
        v += int(s3.integer(i, -2, 2));
        v = v < 0 ? 0 : (v > 255 ? 255 : v);
      }
      image[i] = image0[i] = v;
    }
  }
  void reset(bool) { bins.fill(0); }  // bins always arrive zeroed
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::intact("image", image, image0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double, double, std::string* why) const {
    return harness::all_equal("bins", e.bins.data(), bins.data(), 256, why);
  }
  void outputs(harness::Outputs& o) const { o.add("bins", harness::U64, bins.data(), 256); }
  void inputs(harness::Outputs& o) const {
    o.add("image", harness::I32, image0.data(), image0.size());
  }
  size_t bytes() const { return 2 * n * sizeof(int) + sizeof(bins); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
