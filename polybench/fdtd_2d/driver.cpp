#include <harness/nested.hpp>
#include "args.hpp"

// polybench/fdtd_2d: the dataset index picks PolyBench 4.2.1's TMAX, NX, NY. Inputs
// follow PolyBench's closed forms, computed in floating point, plus a seeded
// perturbation in [-0.5, 0.5): ex = i*(j+1)/nx, ey = i*(j+2)/ny, hz = i*(j+3)/nx and
// _fict_[t] = t. ex, ey and hz are read and overwritten (restored from pristine copies)
// and all three are compared; _fict_ is an input only (checked unchanged).
namespace {
using Mat = harness::Mat2<double>;

struct Dims {
  int tmax, nx, ny;
};
// (TMAX, NX, NY) per PolyBench 4.2.1 dataset, MINI .. EXTRALARGE.
constexpr Dims kDatasets[5] = {
    {20, 20, 30}, {40, 60, 80}, {100, 200, 240}, {500, 1000, 1200}, {1000, 2000, 2600}};
}  // namespace

struct Instance {
  Dims d;
  int64_t tmax64, nx64, ny64;
  Mat ex, ex0, ey, ey0, hz, hz0;
  std::vector<double> fict, fict0, flat_in[3];
  harness::NestedOutputs<Mat, Mat, Mat> out{{"ex", &ex}, {"ey", &ey}, {"hz", &hz}};
  HarnessArgs a;

  explicit Instance(uint64_t size)
      : d(kDatasets[size < 5 ? size : 4]), tmax64(d.tmax), nx64(d.nx), ny64(d.ny),
        ex(harness::make2(d.nx, d.ny)), ex0(harness::make2(d.nx, d.ny)),
        ey(harness::make2(d.nx, d.ny)), ey0(harness::make2(d.nx, d.ny)),
        hz(harness::make2(d.nx, d.ny)), hz0(harness::make2(d.nx, d.ny)), fict(d.tmax),
        fict0(d.tmax) {
    a = {d.tmax, d.nx, d.ny, &ex, &ey, &hz, &fict};
  }
  void generate(uint64_t seed) {
    const harness::Stream s0(seed, 0), s1(seed, 1), s2(seed, 2), s3(seed, 3);
    const int nx = d.nx, ny = d.ny;
    for (int t = 0; t < d.tmax; ++t)
      fict[t] = fict0[t] = double(t) + s0.uniform(t, -0.5, 0.5);
#pragma omp parallel for schedule(static) if (size_t(nx) * ny > 100000)
    for (int i = 0; i < nx; ++i) {
      for (int j = 0; j < ny; ++j) {
        const size_t k = size_t(i) * ny + j;
        ex0[i][j] = double(i) * (j + 1) / nx + s1.uniform(k, -0.5, 0.5);
        ey0[i][j] = double(i) * (j + 2) / ny + s2.uniform(k, -0.5, 0.5);
        hz0[i][j] = double(i) * (j + 3) / nx + s3.uniform(k, -0.5, 0.5);
      }
      std::copy(ex0[i].begin(), ex0[i].end(), ex[i].begin());
      std::copy(ey0[i].begin(), ey0[i].end(), ey[i].begin());
      std::copy(hz0[i].begin(), hz0[i].end(), hz[i].begin());
    }
  }
  void reset(bool) {
    harness::restore(ex, ex0);
    harness::restore(ey, ey0);
    harness::restore(hz, hz0);
    harness::restore(fict, fict0);
  }
  void* args() { return &a; }
  bool inputs_intact(std::string* why) {
    return harness::nested_intact("_fict_", fict, fict0, why);
  }
  static constexpr bool matches_outputs_only = true;  // reads only the outputs (driver.hpp)
  bool matches(const Instance& e, double rtol, double atol, std::string* why) const {
    return harness::nested_close("ex", e.ex, ex, rtol, atol, why) &&
           harness::nested_close("ey", e.ey, ey, rtol, atol, why) &&
           harness::nested_close("hz", e.hz, hz, rtol, atol, why);
  }
  void outputs(harness::Outputs& o) { out.expose(o); }
  bool adopt(const harness::Views& v, std::string* why) { return out.adopt(v, why); }
  void inputs(harness::Outputs& o) {
    harness::flatten(ex0, flat_in[0]);
    harness::flatten(ey0, flat_in[1]);
    harness::flatten(hz0, flat_in[2]);
    o.add("tmax", harness::I64, &tmax64, 1);
    o.add("nx", harness::I64, &nx64, 1);
    o.add("ny", harness::I64, &ny64, 1);
    o.add("ex", harness::F64, flat_in[0].data(), flat_in[0].size());
    o.add("ey", harness::F64, flat_in[1].data(), flat_in[1].size());
    o.add("hz", harness::F64, flat_in[2].data(), flat_in[2].size());
    o.add("_fict_", harness::F64, fict0.data(), fict0.size());
  }
  size_t bytes() const { return (6 * size_t(d.nx) * d.ny + 2 * size_t(d.tmax)) * sizeof(double); }
};
HARNESS_DRIVER(Instance)
HARNESS_INPUTS(Instance)
