# Set-up in two commands on a fresh Debian or Ubuntu machine (README, "Set up"):
#   make run    installs what is missing, then runs the main job (python -m harness run --mode omp)
#   make test   installs the test extras too, then runs the test suite (python -m pytest -q)
# System packages come from apt (with sudo when not root). The harness installs into the
# Python that runs `make` unless that Python refuses pip (PEP 668, "externally managed",
# as Debian's own python3 does); then into a virtual environment in .venv, which the
# other `python -m harness ...` commands of the README then need: `. .venv/bin/activate`.

PYTHON ?= python3
VENV := .venv
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# 1 when $(PYTHON) is a system Python that refuses `pip install` (PEP 668)
MANAGED := $(shell $(PYTHON) -c 'import os, sys, sysconfig; print(int(sys.prefix == sys.base_prefix and os.path.exists(os.path.join(sysconfig.get_path("stdlib"), "EXTERNALLY-MANAGED"))))' 2>/dev/null)
PY := $(if $(filter 1,$(MANAGED)),$(VENV)/bin/python,$(PYTHON))
.PHONY: run test system-packages install install-test

run: install
	$(PY) -m harness run --mode omp

test: install-test
	$(PY) -m pytest -q

# Debian packages for what is missing: a C++ compiler, bubblewrap (the sandbox), ps, the
# Python headers (the extension is compiled), clang with LLVM's OpenMP runtime (the race
# detector of omp mode: ThreadSanitizer with libomp and its Archer tool, harness/races.py)
# and, for a system Python, its venv module
system-packages:
	@missing=""; \
	command -v g++ >/dev/null || missing="$$missing g++"; \
	command -v clang++ >/dev/null || missing="$$missing clang"; \
	clang_lib=$$(dirname "$$(dirname "$$(readlink -f "$$(command -v clang++ || echo /nonexistent/bin/x)")")")/lib; \
	[ -e "$$clang_lib/libarcher.so" ] && [ -e "$$clang_lib/libomp.so" ] || missing="$$missing libomp-dev"; \
	[ -e "$$clang_lib/../bin/llvm-symbolizer" ] || command -v llvm-symbolizer >/dev/null || missing="$$missing llvm"; \
	command -v bwrap >/dev/null || missing="$$missing bubblewrap"; \
	command -v ps >/dev/null || missing="$$missing procps"; \
	$(PYTHON) -c 'import os, sys, sysconfig; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' || missing="$$missing python3-dev"; \
	if [ "$(MANAGED)" = 1 ]; then $(PYTHON) -c 'import ensurepip' 2>/dev/null || missing="$$missing python3-venv"; fi; \
	if [ -n "$$missing" ]; then \
	  echo "installing with apt:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

# local: the embedded model (llama.cpp compiled from source, about 5-8 minutes on 2 cores)
install: system-packages $(if $(filter 1,$(MANAGED)),$(VENV)/bin/python)
	CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) $(PY) -m pip install -q -e '.[local]'

install-test: system-packages $(if $(filter 1,$(MANAGED)),$(VENV)/bin/python)
	CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) $(PY) -m pip install -q -e '.[test,local]'
