// Not an attack but the parity probe of tests/test_race_parity.py (run with the screen
// off: it reads the environment and prints): on its first call it writes, on one line of
// stderr, everything a candidate can read of the environment it runs in (every
// environment variable, OpenMP's settings, the threads' CPU affinity and places), with a
// hash of it in front, and aborts. The race runner and the timed side runner must print
// the same line.
#include <omp.h>
#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

extern char** environ;

namespace {

std::string cpus_of_this_thread() {
  cpu_set_t set;
  CPU_ZERO(&set);
  sched_getaffinity(0, sizeof set, &set);
  std::string s;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &set)) s += std::to_string(c) + ",";
  return s;
}

}  // namespace

void relu(std::vector<double>& x) {
  std::vector<std::string> vars;
  for (char** e = environ; *e; ++e) vars.emplace_back(*e);
  std::sort(vars.begin(), vars.end());
  std::string s = "env=";
  for (const auto& v : vars) s += v + ";";
  s += " max_threads=" + std::to_string(omp_get_max_threads());
  s += " proc_bind=" + std::to_string(int(omp_get_proc_bind()));
  s += " dynamic=" + std::to_string(omp_get_dynamic());
  s += " num_procs=" + std::to_string(omp_get_num_procs());
  s += " places=" + std::to_string(omp_get_num_places()) + ":";
  for (int p = 0; p < omp_get_num_places(); ++p) s += std::to_string(omp_get_place_num_procs(p)) + ",";
  s += " main_cpus=" + cpus_of_this_thread();
  std::vector<std::string> team(64);
  int threads = 0;
#pragma omp parallel
  {
#pragma omp single
    threads = omp_get_num_threads();
    const int t = omp_get_thread_num();
    if (t < 64) team[t] = std::to_string(omp_get_place_num()) + "@" + cpus_of_this_thread();
  }
  s += " team=" + std::to_string(threads) + ":";
  for (int t = 0; t < threads && t < 64; ++t) s += team[t] + "/";
  uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  std::fprintf(stderr, "\nPARITY %016llx %s\n", (unsigned long long)h, s.c_str());
  if (!x.empty()) std::abort();
}
