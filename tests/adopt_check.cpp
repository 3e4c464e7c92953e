// Drives a problem's driver.so through harness_adopt for tests/test_adopt.py.
//
//   adopt_check roundtrip DRIVER SIDE RTOL ATOL SIZE:SEED...
//     For each case: one instance runs SIDE's harness_call, its output views are copied
//     byte for byte, and a fresh instance of the same seed (reset with poison) adopts the
//     copy: unchanged, and altered one way at a time (one element, a count, a missing,
//     an extra or a renamed view, a wrong dtype, a 32-character unterminated name, no
//     data, a bool or byte view's first byte set to 2). Where the driver says its matches
//     reads only the outputs (harness_matches_outputs_only), the unchanged copy and each
//     one-element change again, both sides' outputs adopted by instances of other inputs
//     (cases exact-stale, element-stale).
//   adopt_check flag DRIVER
//     Prints 1 where the driver says its matches reads only the outputs, else 0.
//   adopt_check variant DRIVER SIDE WRONG RTOL ATOL SIZE:SEED...
//     For each case: SIDE's outputs are the expected ones; WRONG's are compared with them
//     directly and, through a byte copy, after adopt into a fresh instance; where matches
//     reads only the outputs, also with both adopted by instances of other inputs
//     (STALE_RC -3 where it does not say so).
//
// One line per check, tab-separated:
//   roundtrip: CASE SIZE SEED VIEW ADOPT_RC MATCH_RC WHY    (MATCH_RC -2: not compared)
//   variant:   variant SIZE SEED INTACT DIRECT_RC ADOPT_RC VIA_RC DIRECT_WHY VIA_WHY STALE_RC STALE_WHY
// Exit status 2 on a usage or loading error.
#include <dlfcn.h>

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <harness/driver.hpp>

namespace {
using harness::OutputView;

struct Driver {
  void* (*create)(uint64_t);
  void (*destroy)(void*);
  void (*generate)(void*, uint64_t);
  void (*reset)(void*, int);
  void* (*args)(void*);
  int (*inputs_intact)(void*, char*, size_t);
  int (*matches)(void*, void*, double, double, char*, size_t);
  int (*outputs)(void*, OutputView*, int);
  int (*adopt)(void*, const OutputView*, int, char*, size_t);
  bool outputs_only;
};

[[noreturn]] void die(const std::string& s) {
  std::fprintf(stderr, "adopt_check: %s\n", s.c_str());
  std::exit(2);
}

void* open_lib(const char* path) {
  void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) die(dlerror());
  return h;
}

template <class F>
void bind(void* h, const char* name, F& f) {
  void* s = dlsym(h, name);
  if (!s) die(std::string("missing symbol ") + name);
  f = reinterpret_cast<F>(s);
}

Driver load_driver(const char* path) {
  void* h = open_lib(path);
  Driver d{};
  bind(h, "harness_create", d.create);
  bind(h, "harness_destroy", d.destroy);
  bind(h, "harness_generate", d.generate);
  bind(h, "harness_reset", d.reset);
  bind(h, "harness_args", d.args);
  bind(h, "harness_inputs_intact", d.inputs_intact);
  bind(h, "harness_matches", d.matches);
  bind(h, "harness_outputs", d.outputs);
  bind(h, "harness_adopt", d.adopt);
  int (*only)() = nullptr;
  bind(h, "harness_matches_outputs_only", only);
  d.outputs_only = only() == 1;
  return d;
}

using Call = void (*)(void*);
Call load_call(const char* path) {
  Call c;
  bind(open_lib(path), "harness_call", c);
  return c;
}

// One view's bytes, owned: room for one element more than it holds (for "count+1").
struct Copy {
  OutputView view;
  std::vector<unsigned char> bytes;
};

std::vector<Copy> copy_outputs(const Driver& d, void* p) {
  OutputView v[64];
  const int n = d.outputs(p, v, 64);
  if (n < 0 || n > 64) die("harness_outputs returned " + std::to_string(n));
  std::vector<Copy> out(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    const size_t es = harness::dtype_size(v[i].dtype), sz = v[i].count * es;
    out[i].view = v[i];
    out[i].bytes.assign(sz + es, 0);
    if (sz) std::memcpy(out[i].bytes.data(), v[i].data, sz);
    if (sz) std::memcpy(out[i].bytes.data() + sz, v[i].data, es);  // a plausible extra element
  }
  return out;
}

std::vector<OutputView> views_of(std::vector<Copy>& c) {
  std::vector<OutputView> v;
  for (Copy& x : c) {
    x.view.data = x.bytes.data();
    v.push_back(x.view);
  }
  return v;
}

// Element 0 of a view changed beyond any tolerance (a float v becomes v + 1 + 2|v|, an
// integer v + 1, a byte flips its lowest bit).
void alter_first(Copy& c) {
  unsigned char* b = c.bytes.data();
  auto far = [](double v) { return std::isfinite(v) ? v + 1 + 2 * std::fabs(v) : 0.0; };
  switch (c.view.dtype) {
    case harness::F64: { double v; std::memcpy(&v, b, 8); v = far(v); std::memcpy(b, &v, 8); break; }
    case harness::C128: { double v; std::memcpy(&v, b, 8); v = far(v); std::memcpy(b, &v, 8); break; }
    case harness::F32: { float v; std::memcpy(&v, b, 4); v = float(far(v)); std::memcpy(b, &v, 4); break; }
    case harness::I32: {  // never to another negative value (19: any negative is "unreachable")
      int32_t v;
      std::memcpy(&v, b, 4);
      v = v >= 0 && v < INT32_MAX ? v + 1 : 0;
      std::memcpy(b, &v, 4);
      break;
    }
    case harness::I64: case harness::U64: { uint64_t v; std::memcpy(&v, b, 8); ++v; std::memcpy(b, &v, 8); break; }
    case harness::BOOL: case harness::U8: b[0] ^= 1; break;
    default: die("unknown dtype " + std::to_string(c.view.dtype));
  }
}

std::string one_line(const char* s) {
  std::string r(s);
  for (char& c : r)
    if (c == '\t' || c == '\n' || c == '\r') c = ' ';
  return r;
}

struct Instance {
  const Driver& d;
  void* p;
  Instance(const Driver& drv, uint64_t size, uint64_t seed) : d(drv), p(drv.create(size)) {
    d.generate(p, seed);
    d.reset(p, 1);
  }
  ~Instance() { d.destroy(p); }
};

// A fresh instance of (size, inputs) adopts `views`; prints one roundtrip line (for the
// case's seed).
void check(const Driver& d, void* expected, double rtol, double atol, uint64_t size,
           uint64_t seed, const char* name, const std::string& view,
           const std::vector<OutputView>& views, uint64_t inputs) {
  Instance g(d, size, inputs);
  char why[512] = "";
  const int rc = d.adopt(g.p, views.data(), int(views.size()), why, sizeof why);
  int m = -2;
  if (rc == 1) m = d.matches(expected, g.p, rtol, atol, why, sizeof why);
  std::printf("%s\t%llu\t%llu\t%s\t%d\t%d\t%s\n", name, (unsigned long long)size,
              (unsigned long long)seed, view.c_str(), rc, m, one_line(why).c_str());
}

// Inputs other than the case's (a seed of their own), for the -stale checks.
uint64_t other_seed(uint64_t seed) { return seed ^ 0x5eed0c0ffee5ULL; }

// `expected` and `got` (output views) both adopted by instances of other inputs than the
// case's, then compared (a driver whose matches reads only the outputs); one roundtrip line.
void check_stale(const Driver& d, std::vector<Copy> expected, double rtol, double atol, uint64_t size,
                 uint64_t seed, const char* name, const std::string& view, const std::vector<OutputView>& got) {
  Instance e(d, size, other_seed(seed));
  char why[512] = "";
  const std::vector<OutputView> ev = views_of(expected);
  if (d.adopt(e.p, ev.data(), int(ev.size()), why, sizeof why) != 1) die(std::string("stale expected: ") + why);
  check(d, e.p, rtol, atol, size, seed, name, view, got, other_seed(seed));
}

void roundtrip(const Driver& d, Call side, double rtol, double atol, uint64_t size, uint64_t seed) {
  Instance e(d, size, seed);
  side(d.args(e.p));
  const std::vector<Copy> base = copy_outputs(d, e.p);
  auto fresh = [&] { return std::vector<Copy>(base); };
  {
    auto c = fresh();
    check(d, e.p, rtol, atol, size, seed, "exact", "-", views_of(c), seed);
    if (d.outputs_only) check_stale(d, fresh(), rtol, atol, size, seed, "exact-stale", "-", views_of(c));
  }
  for (size_t k = 0; k < base.size(); ++k) {
    const std::string name = base[k].view.name;
    if (base[k].view.count > 0) {
      auto c = fresh();
      alter_first(c[k]);
      check(d, e.p, rtol, atol, size, seed, "element", name, views_of(c), seed);
      if (d.outputs_only) check_stale(d, fresh(), rtol, atol, size, seed, "element-stale", name, views_of(c));
      c = fresh();
      c[k].view.count -= 1;
      check(d, e.p, rtol, atol, size, seed, "count-1", name, views_of(c), seed);
      if (c[k].view.dtype == harness::BOOL || c[k].view.dtype == harness::U8) {
        c = fresh();
        c[k].bytes[0] = 2;
        check(d, e.p, rtol, atol, size, seed, "byte2", name, views_of(c), seed);
      }
      c = fresh();
      std::vector<OutputView> v = views_of(c);
      v[k].data = nullptr;
      check(d, e.p, rtol, atol, size, seed, "null-data", name, v, seed);
    }
    auto c = fresh();
    c[k].view.count += 1;
    check(d, e.p, rtol, atol, size, seed, "count+1", name, views_of(c), seed);
    c = fresh();
    c.erase(c.begin() + long(k));
    check(d, e.p, rtol, atol, size, seed, "missing", name, views_of(c), seed);
    c = fresh();
    c.push_back(c[k]);
    check(d, e.p, rtol, atol, size, seed, "twice", name, views_of(c), seed);
    c = fresh();
    c[k].view.dtype = c[k].view.dtype == harness::F64 ? harness::I64 : harness::F64;
    check(d, e.p, rtol, atol, size, seed, "dtype", name, views_of(c), seed);
    c = fresh();
    std::memset(c[k].view.name, 'q', sizeof c[k].view.name);  // no terminating NUL
    check(d, e.p, rtol, atol, size, seed, "name32", name, views_of(c), seed);
  }
  auto c = fresh();
  Copy extra = base.empty() ? Copy{} : base[0];
  std::snprintf(extra.view.name, sizeof extra.view.name, "%s", "not_an_output");
  if (base.empty()) extra.view.dtype = harness::F64, extra.bytes.assign(8, 0);
  c.push_back(extra);
  check(d, e.p, rtol, atol, size, seed, "extra", "not_an_output", views_of(c), seed);
}

void variant(const Driver& d, Call side, Call wrong, double rtol, double atol, uint64_t size,
             uint64_t seed) {
  Instance e(d, size, seed), w(d, size, seed);
  side(d.args(e.p));
  wrong(d.args(w.p));
  char dwhy[512] = "", vwhy[512] = "", iwhy[512] = "";
  const int intact = d.inputs_intact(w.p, iwhy, sizeof iwhy);
  const int direct = d.matches(e.p, w.p, rtol, atol, dwhy, sizeof dwhy);
  std::vector<Copy> c = copy_outputs(d, w.p);
  const std::vector<OutputView> v = views_of(c);
  Instance g(d, size, seed);
  const int rc = d.adopt(g.p, v.data(), int(v.size()), vwhy, sizeof vwhy);
  const int via = rc == 1 ? d.matches(e.p, g.p, rtol, atol, vwhy, sizeof vwhy) : -2;
  int stale = -3;
  char swhy[512] = "";
  if (d.outputs_only && rc == 1) {  // both sides' outputs in instances of other inputs
    Instance se(d, size, other_seed(seed)), sg(d, size, other_seed(seed));
    std::vector<Copy> ec = copy_outputs(d, e.p);
    const std::vector<OutputView> ev = views_of(ec);
    if (d.adopt(se.p, ev.data(), int(ev.size()), swhy, sizeof swhy) != 1) die(std::string("stale expected: ") + swhy);
    stale = d.adopt(sg.p, v.data(), int(v.size()), swhy, sizeof swhy) == 1
                ? d.matches(se.p, sg.p, rtol, atol, swhy, sizeof swhy)
                : -2;
  }
  std::printf("variant\t%llu\t%llu\t%d\t%d\t%d\t%d\t%s\t%s\t%d\t%s\n", (unsigned long long)size,
              (unsigned long long)seed, intact, direct, rc, via, one_line(dwhy).c_str(),
              one_line(vwhy).c_str(), stale, one_line(swhy).c_str());
}

bool parse_case(const char* s, uint64_t& size, uint64_t& seed) {
  char* end;
  size = std::strtoull(s, &end, 10);
  if (*end != ':') return false;
  seed = std::strtoull(end + 1, &end, 10);
  return *end == 0;
}
}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) die("usage: adopt_check roundtrip|variant|flag ...");
  const std::string mode = argv[1];
  if (mode == "flag" && argc == 3) {
    std::printf("%d\n", load_driver(argv[2]).outputs_only ? 1 : 0);
    return 0;
  }
  const int fixed = mode == "roundtrip" ? 6 : mode == "variant" ? 7 : -1;
  if (fixed < 0 || argc < fixed) die("usage: adopt_check roundtrip|variant|flag ...");
  const Driver d = load_driver(argv[2]);
  const Call side = load_call(argv[3]);
  const Call wrong = mode == "variant" ? load_call(argv[4]) : nullptr;
  const double rtol = std::atof(argv[fixed - 2]), atol = std::atof(argv[fixed - 1]);
  for (int i = fixed; i < argc; ++i) {
    uint64_t size, seed;
    if (!parse_case(argv[i], size, seed)) die(std::string("bad case ") + argv[i]);
    if (wrong)
      variant(d, side, wrong, rtol, atol, size, seed);
    else
      roundtrip(d, side, rtol, atol, size, seed);
    std::fflush(stdout);
  }
  return 0;
}
