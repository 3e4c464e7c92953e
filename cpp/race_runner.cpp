// The race runner: runs a problem's baseline, or a candidate, under ThreadSanitizer.
//
// Built by harness/measure/races.py with clang++ -fsanitize=thread -fopenmp (LLVM's libomp,
// whose Archer tool tells ThreadSanitizer about OpenMP's synchronisation), like the
// baseline and candidate objects it loads (dlopen, RTLD_NOW | RTLD_LOCAL, as the timed
// caller cpp/caller.cpp loads its side; the driver is built with libomp, not instrumented).
// Runs sandboxed, as every candidate process does, with the timed side runners' environment
// (harness/measure/omp_env.py) plus the detector's own variables (kDetectorEnv), which it
// removes from its environment once ThreadSanitizer and libomp have read them, before
// anything of the problem or the candidate is loaded: what the candidate can read of its
// environment is what the timed runners have. A run loads one side only, as a timed
// caller does: the baseline's run (its times, which set the candidate's deadlines and how
// far its probe goes; one per batch of candidates, harness/measure/races.py BaselineRun)
// or a candidate's.
//
//   race_runner DRIVER.so BASELINE.so - --protocol-fd N     the baseline's run
//   race_runner DRIVER.so - CANDIDATE.so --protocol-fd N    a candidate's run
//
// The baseline's run, stdin (whitespace-separated, after the nonce):
//   nonce
//   budget_s min_s n_ladder
//   n_ladder lines "size ratio": the probe's size ladder, ascending, each with the
//     baseline's expected time there over its time at the first case's size
//   one line "size seed" per validation case (the rest of the input).
// On fd N, JSON lines, each with the nonce: {"event": "phase", "side": "baseline"}; after
// each case {"event": "case", "index": i, "seconds": s}; then the ladder: a step runs only
// while the baseline's expected time there, scaled from its last call, is within budget_s,
// announced by {"event": "ladder", "index": j} and a deadline (max(min_s, 2 x budget_s,
// 3 x its expected time)) and followed by {"event": "step", "index": j, "seconds": s}
// (inputs: the first case's seed; its time, not its inputs, matters); {"event": "done"}.
//
// A candidate's run, stdin:
//   nonce
//   n_cases n_probe reached probe_limit_s
//   n_cases lines "size seed deadline_s": the validation cases, each call's deadline
//     (max(timeout_min_s, timeout_factor x the baseline's time on it))
//   n_probe lines "size seed": the probe's calls (none when reached is 0); size 0 is
//     `reached` (the largest ladder size the baseline finished), any other is capped at it;
//     each with the deadline probe_limit_s.
// On fd N: {"event": "phase", "side": "candidate"} before the candidate's object is loaded
// (its static constructors run then); {"event": "call", "index": i} and the call's
// deadline before validation call i; when reached > 0, {"event": "probe", "size":
// reached}, then per probe call {"event": "probe_inputs", "index": k} before its inputs
// are generated and {"event": "probe_call", "index": k} and its deadline before the
// call; {"event": "done"} after the last call.
// Every call gets fresh inputs from the driver (outputs poisoned), so the candidate runs
// exactly as in validation; outputs are not compared here (the worker does that). A race
// ends the process at the detector's first report (halt_on_error), so the last message
// says which call it was in.
#include <dlfcn.h>
#include <omp.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace {

// Variables only the detector needs (harness/measure/races.py DETECTOR_ENV): read by
// ThreadSanitizer before main and by libomp when it starts (the parallel region in main),
// then removed, so the candidate's environment is the timed runners'.
constexpr const char* kDetectorEnv[] = {"TSAN_OPTIONS", "OMP_TOOL_LIBRARIES"};

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

void send_deadline(double seconds) { send("\"event\": \"deadline\", \"seconds\": " + std::to_string(seconds)); }

// What runs between a call's input generation and the call (the call's messages).
struct Before {
  std::string message;  // "" for none
  double deadline_s = 0;
};

// One call on fresh inputs of (size, seed); returns its wall time in seconds.
double run_case(const Driver& d, void (*call)(void*), uint64_t size, uint64_t seed, const Before& before = {}) {
  void* inst = d.create(size);
  d.generate(inst, seed);
  d.reset(inst, 1);
  // Wake the OpenMP team right before the call: a worker that slept through the input
  // generation and started its part of the call after the main thread had finished its
  // own hid a race between the two (under load: 5 of 12 checks of a racy sum missed it;
  // 2 of 28 with this; docs/methodology/races.md).
#pragma omp parallel
  {
    volatile int x = omp_get_thread_num();
    (void)x;
  }
  if (!before.message.empty()) {
    send(before.message);
    send_deadline(before.deadline_s);
  }
  const auto t0 = std::chrono::steady_clock::now();
  call(d.args(inst));
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  d.destroy(inst);
  return s;
}

// The baseline's run (see the top of this file); returns main's exit code.
int baseline_run(const Driver& drv, void (*base)(void*)) {
  double budget_s = 0, min_s = 0;
  size_t n_ladder = 0;
  if (!(std::cin >> budget_s >> min_s >> n_ladder)) return 2;
  std::vector<std::pair<uint64_t, double>> ladder(n_ladder);
  for (auto& l : ladder)
    if (!(std::cin >> l.first >> l.second)) return 2;
  std::vector<std::pair<uint64_t, uint64_t>> cases;
  for (uint64_t size, seed; std::cin >> size >> seed;) cases.emplace_back(size, seed);
  if (cases.empty()) return 2;
  send("\"event\": \"phase\", \"side\": \"baseline\"");
  double first_s = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const double s = run_case(drv, base, cases[i].first, cases[i].second);
    if (i == 0) first_s = s;
    send("\"event\": \"case\", \"index\": " + std::to_string(i) + ", \"seconds\": " + std::to_string(s));
  }
  double last_s = std::max(first_s, 1e-6), last_ratio = 1.0;
  for (size_t j = 0; j < ladder.size(); ++j) {
    const double expected = last_s * ladder[j].second / last_ratio;
    if (expected > budget_s) break;
    send("\"event\": \"ladder\", \"index\": " + std::to_string(j));
    send_deadline(std::max({min_s, 2 * budget_s, 3 * expected}));
    last_s = std::max(run_case(drv, base, ladder[j].first, cases[0].second), 1e-6);
    last_ratio = ladder[j].second;
    send("\"event\": \"step\", \"index\": " + std::to_string(j) + ", \"seconds\": " + std::to_string(last_s));
  }
  send("\"event\": \"done\"");
  return 0;
}

// A candidate's run (see the top of this file); returns main's exit code.
int candidate_run(const Driver& drv, const char* object) {
  size_t n_cases = 0, n_probe = 0;
  uint64_t reached = 0;
  double limit_s = 0;
  if (!(std::cin >> n_cases >> n_probe >> reached >> limit_s) || n_cases == 0) return 2;
  std::vector<std::pair<uint64_t, uint64_t>> cases(n_cases), probe(n_probe);
  std::vector<double> deadline_s(n_cases);
  for (size_t i = 0; i < n_cases; ++i)
    if (!(std::cin >> cases[i].first >> cases[i].second >> deadline_s[i])) return 2;
  for (auto& p : probe)
    if (!(std::cin >> p.first >> p.second)) return 2;
  send("\"event\": \"phase\", \"side\": \"candidate\"");
  auto cand = sym<void (*)(void*)>(load(object), "harness_call");
  for (size_t i = 0; i < cases.size(); ++i)
    // the index first: every other message resets the watchdog to its long default
    run_case(drv, cand, cases[i].first, cases[i].second,
             {"\"event\": \"call\", \"index\": " + std::to_string(i), std::max(deadline_s[i], 0.1)});
  if (reached) {
    send("\"event\": \"probe\", \"size\": " + std::to_string(reached));
    for (size_t k = 0; k < probe.size(); ++k) {
      const uint64_t size = probe[k].first ? std::min(probe[k].first, reached) : reached;
      send("\"event\": \"probe_inputs\", \"index\": " + std::to_string(k));
      run_case(drv, cand, size, probe[k].second,
               {"\"event\": \"probe_call\", \"index\": " + std::to_string(k), limit_s});
    }
  }
  send("\"event\": \"done\"");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const bool baseline = argc == 6 && std::strcmp(argv[3], "-") == 0 && std::strcmp(argv[2], "-") != 0;
  const bool candidate = argc == 6 && std::strcmp(argv[2], "-") == 0 && std::strcmp(argv[3], "-") != 0;
  if (!(baseline || candidate) || std::strcmp(argv[4], "--protocol-fd") != 0) {
    std::fprintf(
        stderr,
        "usage: race_runner DRIVER BASELINE - --protocol-fd N | race_runner DRIVER - CANDIDATE --protocol-fd N\n");
    return 2;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);  // as the side runner: dies with the harness
  g_fd = std::atoi(argv[5]);
  if (!(std::cin >> g_nonce)) return 2;

    // Start libomp (and with it Archer) and its pool, as the timed caller starts libgomp's
    // before it loads its side; then the detector's variables go.
#pragma omp parallel
  {
    volatile int x = omp_get_thread_num();
    (void)x;
  }
  for (const char* name : kDetectorEnv) unsetenv(name);

  const Driver drv(load(argv[1]));
  if (baseline) return baseline_run(drv, sym<void (*)(void*)>(load(argv[2]), "harness_call"));
  return candidate_run(drv, argv[3]);
}
