// The race runner: runs a problem's baseline and then a candidate under ThreadSanitizer.
//
// Built by harness/races.py with clang++ -fsanitize=thread -fopenmp (LLVM's libomp, whose
// Archer tool tells ThreadSanitizer about OpenMP's synchronisation), like the driver,
// baseline and candidate objects it loads (dlopen, RTLD_LOCAL: baseline and candidate
// both export harness_call). Runs sandboxed, as every candidate process does.
//
//   race_runner DRIVER.so BASELINE.so CANDIDATE.so --protocol-fd N
//
// stdin: the evaluation's nonce on the first line, then "timeout_factor timeout_min_s",
// then "probe_size probe_seed probe_s" (probe_size 0: no probe), then one "size seed"
// line per case. On fd N it writes JSON lines, each with the nonce:
// {"event": "phase", "side": "baseline"} before the first baseline call,
// {"event": "phase", "side": "candidate"} before the candidate's object is loaded (its
// static constructors run then), a deadline before every candidate call (max(timeout_min_s,
// timeout_factor x the baseline's time on that case under the detector)) after
// {"event": "call", "index": i} (the case's index); then, with a probe, {"event": "probe"}
// before the probe's inputs are generated, {"event": "probe_call"} and a deadline of
// probe_s before the candidate's call on them (the probe: one call at the timed size, which the baseline does not run
// and the harness may stop at its deadline: a race shows in a call's first moments), and
// {"event": "done"} after the last call. Every call gets fresh inputs from the driver
// (outputs poisoned), so the candidate runs exactly as in validation; outputs are not
// compared here (the worker does that). A race ends the process at the detector's first
// report (halt_on_error), so the last phase message says whose code it is in.
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace {

void* load(const char* path) {
  void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    std::fprintf(stderr, "race_runner: dlopen failed: %s\n", dlerror());
    std::exit(3);
  }
  return h;
}

template <class F>
F sym(void* h, const char* name) {
  void* s = dlsym(h, name);
  if (!s) {
    std::fprintf(stderr, "race_runner: missing symbol %s\n", name);
    std::exit(3);
  }
  return reinterpret_cast<F>(s);
}

struct Driver {
  void* (*create)(uint64_t);
  void (*destroy)(void*);
  void (*generate)(void*, uint64_t);
  void (*reset)(void*, int);
  void* (*args)(void*);
  explicit Driver(void* h)
      : create(sym<void* (*)(uint64_t)>(h, "harness_create")),
        destroy(sym<void (*)(void*)>(h, "harness_destroy")),
        generate(sym<void (*)(void*, uint64_t)>(h, "harness_generate")),
        reset(sym<void (*)(void*, int)>(h, "harness_reset")),
        args(sym<void* (*)(void*)>(h, "harness_args")) {}
};

int g_fd = -1;
std::string g_nonce;

void send(const std::string& body) {
  const std::string line = "{" + body + ", \"nonce\": \"" + g_nonce + "\"}\n";
  if (write(g_fd, line.data(), line.size()) != ssize_t(line.size())) std::exit(3);
}

// One call on fresh inputs of (size, seed); returns its wall time in seconds. `before`
// runs between the inputs' generation and the call.
double run_case(const Driver& d, void (*call)(void*), uint64_t size, uint64_t seed,
                void (*before)(double) = nullptr, double arg = 0) {
  void* inst = d.create(size);
  d.generate(inst, seed);
  d.reset(inst, 1);
  if (before) before(arg);
  const auto t0 = std::chrono::steady_clock::now();
  call(d.args(inst));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  d.destroy(inst);
  return s;
}

void send_deadline(double seconds) { send("\"event\": \"deadline\", \"seconds\": " + std::to_string(seconds)); }

// The probe's inputs are ready: what follows is the candidate's call (running out of
// memory from here on is the candidate's doing, not the driver's).
void start_probe_call(double seconds) {
  send("\"event\": \"probe_call\"");
  send_deadline(seconds);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6 || std::strcmp(argv[4], "--protocol-fd") != 0) {
    std::fprintf(stderr, "usage: race_runner DRIVER BASELINE CANDIDATE --protocol-fd N\n");
    return 2;
  }
  g_fd = std::atoi(argv[5]);
  double factor = 0, min_s = 0, probe_s = 0;
  uint64_t probe_size = 0, probe_seed = 0;
  std::vector<std::pair<uint64_t, uint64_t>> cases;
  if (!(std::cin >> g_nonce >> factor >> min_s >> probe_size >> probe_seed >> probe_s)) return 2;
  for (uint64_t size, seed; std::cin >> size >> seed;) cases.emplace_back(size, seed);

  const Driver drv(load(argv[1]));
  auto base = sym<void (*)(void*)>(load(argv[2]), "harness_call");
  send("\"event\": \"phase\", \"side\": \"baseline\"");
  std::vector<double> base_s;
  for (const auto& c : cases) base_s.push_back(run_case(drv, base, c.first, c.second));

  send("\"event\": \"phase\", \"side\": \"candidate\"");
  auto cand = sym<void (*)(void*)>(load(argv[3]), "harness_call");
  for (size_t i = 0; i < cases.size(); ++i) {
    const double limit = std::max(std::max(min_s, factor * base_s[i]), 0.1);
    // the index first: every other message resets the watchdog to its long default
    send("\"event\": \"call\", \"index\": " + std::to_string(i));
    send_deadline(limit);
    run_case(drv, cand, cases[i].first, cases[i].second);
  }
  if (probe_size) {
    send("\"event\": \"probe\"");
    run_case(drv, cand, probe_size, probe_seed, start_probe_call, probe_s);
  }
  send("\"event\": \"done\"");
  return 0;
}
