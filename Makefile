# Set-up in two commands on a fresh Debian or Ubuntu machine (README, "Set up"):
#   make run    installs what is missing, then runs the main job (python -m harness run --mode omp)
#   make test   installs the test extras too, then runs the test suite (python -m pytest -q)
#   make docs   installs the docs extra, then builds the documentation site into site/ (mkdocs.yml)
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
.PHONY: run test docs system-packages install install-test

run: install
	$(PY) -m harness run --mode omp

test: install-test
	$(PY) -m pytest -q

# the CLI reference page is generated from the parsers, so the package must be importable
docs: system-packages $(if $(filter 1,$(MANAGED)),$(VENV)/bin/python)
	$(PY) -m pip install -q -e '.[docs]'
	NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict

# Debian packages for what is missing: a C++ compiler, bubblewrap (the sandbox), ps, the
# Python headers (the extension is compiled), clang with LLVM's OpenMP runtime (the race
# detector of omp mode: ThreadSanitizer with libomp and its Archer tool, harness/measure/races.py)
# and, for a system Python, its venv module
system-packages:
	@missing=""; \
	command -v g++ >/dev/null || missing="$$missing g++"; \
	command -v clang++ >/dev/null || missing="$$missing clang"; \
	clang_lib=$$(dirname "$$(dirname "$$(readlink -f "$$(command -v clang++ || echo /nonexistent/bin/x)")")")/lib; \
	[ -e "$$clang_lib/libarcher.so" ] && [ -e "$$clang_lib/libomp.so" ] || missing="$$missing libomp-dev"; \
	{ [ -e "$$clang_lib/../bin/llvm-symbolizer" ] || command -v llvm-symbolizer >/dev/null; } && [ -e "$$clang_lib/../bin/opt" ] || missing="$$missing llvm"; \
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

# llama.cpp's AMX weight buffer crashes the first decode on Intel CPUs with AMX (Sapphire
# Rapids and later; ggml-org/llama.cpp#20824). llama-cpp-python is therefore compiled with
# -march=native minus AMX: every other vector extension and llama.cpp's CPU weight
# repacking stay on. The flags are used where g++ takes them (x86); they are no-ops on a
# CPU without AMX and reach our own extension's build too, where they change nothing.
# An installed llama-cpp-python built with AMX (an older install, a cached wheel) is
# rebuilt without it.
NO_AMX = $$(echo 'int x;' | g++ -mno-amx-tile -mno-amx-int8 -mno-amx-bf16 -x c++ -c -o /dev/null - 2>/dev/null && echo '-mno-amx-tile -mno-amx-int8 -mno-amx-bf16')
BUILD_ENV = f="$(NO_AMX)"; export CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc) CMAKE_ARGS="-DCMAKE_C_FLAGS='$$f' -DCMAKE_CXX_FLAGS='$$f'"
HAS_AMX_BUILD = $(PY) -c 'import llama_cpp, sys; sys.exit("AMX_INT8 = 1" not in llama_cpp.llama_print_system_info().decode())' 2>/dev/null
define without_amx
	@if [ -n "$(NO_AMX)" ] && $(HAS_AMX_BUILD); then \
	  echo "llama-cpp-python was built with AMX, which crashes on AMX CPUs: rebuilding it without (5-8 minutes)"; \
	  $(PY) -m pip cache remove llama_cpp_python >/dev/null 2>&1 || true; \
	  $(BUILD_ENV); $(PY) -m pip install -q --force-reinstall --no-deps --no-binary llama-cpp-python \
	    "llama-cpp-python==$$($(PY) -c 'import llama_cpp; print(llama_cpp.__version__)')"; \
	fi
endef

# local: the embedded model (llama.cpp compiled from source, about 5-8 minutes on 2 cores)
install: system-packages $(if $(filter 1,$(MANAGED)),$(VENV)/bin/python)
	$(BUILD_ENV); $(PY) -m pip install -q -e '.[local]'
	$(without_amx)

install-test: system-packages $(if $(filter 1,$(MANAGED)),$(VENV)/bin/python)
	$(BUILD_ENV); $(PY) -m pip install -q -e '.[test,local]'
	$(without_amx)
