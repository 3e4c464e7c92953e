#include <harness/nested.hpp>
#include "args.hpp"

// polybench/deriche: the dataset index picks PolyBench 4.2.1's (W, H). imgIn (w rows of
// h floats) follows PolyBench's pattern ((313 i + 991 j) mod 65536) / 65535 (the integer
// part is exact in int arithmetic for every dataset, the division is in floating point)
// plus a seeded perturbation in [-0.25, 0.25). alpha is PolyBench's 0.25 moved by a
// seeded offset in [-0.05, 0.05), so code that hard-wires the coefficients fails; the
// filters stay stable (poles of modulus exp(-alpha) < 1). imgIn is an input only
// (checked intact); imgOut, y1 and y2 are outputs (poisoned with NaN when asked) and all
// three are compared.
namespace {
using Img = harness::Mat2<float>;

struct Dims {
  int w, h;
};
// (W, H) per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr Dims kDatasets[5] = {{64, 64}, {192, 128}, {720, 480}, {4096, 2160}, {7680, 4320}};
constexpr float kPoisonF = std::numeric_limits<float>::quiet_NaN();
}  // namespace

struct Instance {
  Dims d;
  int64_t w_in, h_in;
  double alpha = 0.25;
  Img in, in0, out, y1, y2;
  std::vector<float> flat;
  harness::NestedOutputs<Img, Img, Img> outs{{"imgOut", &out}, {"y1", &y1}, {"y2", &y2}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), w_in(d.w), h_in(d.h),
        in(harness::make2<float>(d.w, d.h)), in0(harness::make2<float>(d.w, d.h)),
        out(harness::make2<float>(d.w, d.h)), y1(harness::make2<float>(d.w, d.h)),
        y2(harness::make2<float>(d.w, d.h)) {
    a = {d.w, d.h, alpha, &in, &out, &y1, &y2};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1);
    const int w = d.w, h = d.h;
    alpha = 0.25 + s1.uniform(0, -0.05, 0.05);
    a.alpha = alpha;
#pragma omp parallel for schedule(static) if (size_t(w) * h > 100000)
    for (int i = 0; i < w; ++i) {
      for (int j = 0; j < h; ++j)
        in0[i][j] = float(double((313 * i + 991 * j) & 65535) / 65535.0 +
                          s0.uniform(size_t(i) * h + j, -0.25, 0.25));
      std::copy(in0[i].begin(), in0[i].end(), in[i].begin());
    }
  }
  void reset(bool poison) {
    harness::restore(in, in0);
    harness::reset_output2(out, d.w, d.h, poison, kPoisonF);
    harness::reset_output2(y1, d.w, d.h, poison, kPoisonF);
    harness::reset_output2(y2, d.w, d.h, poison, kPoisonF);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) { return harness::nested_intact("imgIn", in, in0, why); }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("imgOut", e.out, out, rtol, atol, why) &&
           harness::nested_close("y1", e.y1, y1, rtol, atol, why) &&
           harness::nested_close("y2", e.y2, y2, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { outs.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return outs.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    harness::flatten(in0, flat);
    o.add("w", harness::I64, &w_in, 1);
    o.add("h", harness::I64, &h_in, 1);
    o.add("alpha", harness::F64, &alpha, 1);
    o.add("imgIn", harness::F32, flat.data(), flat.size());
  }
  size_t bytes() const { return 5 * size_t(d.w) * d.h * sizeof(float); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
