# tritonc — build, demo, tests, benchmarks.
#   make demo   translate every example, build it, run it, check it against its oracle
#   make test   all tests (golden text, errors, execution, SIMD layer, compile checks)
#   make check  the quick loop: golden text + command line + a few execution cases (~15 s)
#   make fuzz   a long mutation campaign, then the operation sweep, against bin/tritonc-san
#               (FUZZ_SECONDS each, default 600)
#   make bench  benchmarks (ratios measured side by side; not a test)
#   make install PREFIX=/usr/local   the translator, runtime headers and NVRTC library, CMake module,
#               Makefile fragment and Python runner (tools/install.sh); make uninstall PREFIX=...
# Missing dependencies are installed on first use (apt-get, npm ci), idempotently.

CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -Isrc -Ibuild \
           -Igrammar/node_modules/tree-sitter-python/src
LDLIBS  += -ltree-sitter -lm

TS_PY   := grammar/node_modules/tree-sitter-python/src
SRCS    := $(wildcard src/*.c src/*/*.c)
OBJS    := $(SRCS:src/%.c=build/obj/%.o) build/obj/ts_parser.o build/obj/ts_scanner.o \
           build/obj/templates.o build/obj/queries.o build/obj/runtime.o \
           build/obj/cuda_runtime.o build/obj/pymodules.o
STAMP   := build/.deps-installed

.PHONY: all deps pydeps demo test check fuzz bench tune clean runner install uninstall

all: bin/tritonc

# ---- dependencies (idempotent) ----
APT_PKGS := libtree-sitter-dev libsleef-dev libomp-dev clang
$(STAMP):
	@mkdir -p build
	@missing=""; for p in $(APT_PKGS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -qq --no-install-recommends $$missing; fi
	@touch $@

# The runner's tests (tests/runner/) run Triton programs on torch CPU tensors and numpy arrays:
# Debian's python3-numpy, python3-torch and python3-pytest (the plugin test), for the system python3 (installed once, like above).
PY_APT_PKGS := python3-numpy python3-torch python3-pytest
PY_STAMP    := build/.pydeps-installed
$(PY_STAMP):
	@mkdir -p build
	@missing=""; for p in $(PY_APT_PKGS); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -qq --no-install-recommends $$missing; fi
	@touch $@
pydeps: $(PY_STAMP)

# A grammar/node_modules that is a link (a second worktree sharing a checkout's copy) is left
# as it is: npm ci would replace the link and empty the folder it points to.
$(TS_PY)/parser.c: grammar/package.json grammar/package-lock.json
	@if [ -L grammar/node_modules ] && [ -f $@ ]; then :; else \
	  echo "cd grammar && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error"; \
	  (cd grammar && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) && touch $@; fi

deps: $(STAMP) $(TS_PY)/parser.c

# ---- the translator ----
build/obj/%.o: src/%.c $(wildcard src/*.h src/*/*.h) $(STAMP) $(TS_PY)/parser.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

build/obj/ts_parser.o: $(TS_PY)/parser.c
	@mkdir -p build/obj
	$(CC) -O2 -std=c11 -I$(TS_PY) -c $< -o $@
build/obj/ts_scanner.o: $(TS_PY)/parser.c
	@mkdir -p build/obj
	$(CC) -O2 -std=c11 -I$(TS_PY) -c $(TS_PY)/scanner.c -o $@

# templates/*.tmpl and grammar/queries/*.scm are compiled in as C strings.
build/templates.c: $(wildcard templates/*.tmpl) tools/embed.sh
	@mkdir -p build
	sh tools/embed.sh tc_templates templates/*.tmpl > $@
build/queries.c: $(wildcard grammar/queries/*.scm) tools/embed.sh
	@mkdir -p build
	sh tools/embed.sh tc_queries grammar/queries/*.scm > $@
# runtime/inductor/*.py: the Python modules tritonc carries (torch._inductor.runtime's helpers).
build/pymodules.c: $(wildcard runtime/inductor/*.py) tools/embed.sh
	@mkdir -p build
	sh tools/embed.sh tc_pymodules runtime/inductor/*.py > $@
build/obj/pymodules.o: build/pymodules.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@
build/obj/templates.o: build/templates.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@
build/obj/queries.o: build/queries.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

bin/tritonc: $(OBJS)
	@mkdir -p bin
	$(CC) $(CFLAGS) -o $@ $(OBJS) $(LDLIBS)

# The translator built with ASan+UBSan, for the tests that run it on every input (tests/san.sh,
# tests/fuzz/). The generated grammar tables are not instrumented (a slow build, no code paths).
SAN_CFLAGS := -O1 -g -fno-var-tracking -fno-omit-frame-pointer \
              -fsanitize=address,undefined -fno-sanitize-recover=undefined
SAN_OBJS := $(SRCS:src/%.c=build/san/%.o) build/san/ts_scanner.o \
            $(filter-out $(SRCS:src/%.c=build/obj/%.o) build/obj/ts_scanner.o,$(OBJS))
build/san/%.o: src/%.c $(wildcard src/*.h src/*/*.h) $(STAMP) $(TS_PY)/parser.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN_CFLAGS) -c $< -o $@
build/san/ts_scanner.o: $(TS_PY)/parser.c
	@mkdir -p build/san
	$(CC) -std=c11 $(SAN_CFLAGS) -I$(TS_PY) -c $(TS_PY)/scanner.c -o $@
bin/tritonc-san: $(SAN_OBJS)
	@mkdir -p bin
	$(CC) $(CFLAGS) $(SAN_CFLAGS) -o $@ $(SAN_OBJS) $(LDLIBS)

# The libFuzzer target (tests/fuzz/fuzz_translate.c, run by tests/fuzz/libfuzzer.sh): clang,
# every source instrumented for coverage and ASan+UBSan, main() renamed away.
FUZZ_CFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined \
               -fno-sanitize-recover=undefined
FUZZ_OBJS := $(SRCS:src/%.c=build/fuzz/obj/%.o) build/san/ts_scanner.o \
             $(filter-out $(SRCS:src/%.c=build/obj/%.o) build/obj/ts_scanner.o,$(OBJS))
build/fuzz/obj/%.o: src/%.c $(wildcard src/*.h src/*/*.h) $(STAMP) $(TS_PY)/parser.c
	@mkdir -p $(dir $@)
	clang $(CFLAGS) $(FUZZ_CFLAGS) -Dmain=tritonc_main -c $< -o $@
bin/fuzz-translate: tests/fuzz/fuzz_translate.c $(FUZZ_OBJS)
	@mkdir -p bin
	clang $(CFLAGS) -O1 -g -fsanitize=fuzzer,address,undefined -o $@ $^ $(LDLIBS)

# ---- demo, tests, benchmarks ----
demo: bin/tritonc
	sh tests/demo.sh

# cmake: tests/consumer builds examples/consumer with Debian's cmake (installed once, like above).
CMAKE_STAMP := build/.cmake-installed
$(CMAKE_STAMP):
	@mkdir -p build
	@dpkg -s cmake >/dev/null 2>&1 || { echo "installing: cmake"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -qq --no-install-recommends cmake; }
	@touch $@

# The NEON level of the vector layer (tests/exec/neon.sh, tests/simd): off an AArch64 host, a cross
# compiler and qemu-user (installed once, like above).
CROSS_APT_PKGS := gcc-aarch64-linux-gnu libc6-dev-arm64-cross libgomp1-arm64-cross qemu-user
CROSS_STAMP    := build/.crossdeps-installed
$(CROSS_STAMP):
	@mkdir -p build
	@case "$$(uname -m)" in aarch64|arm64) ;; *) 	missing=""; for p in $(CROSS_APT_PKGS); do 	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; 	if [ -n "$$missing" ]; then 	  echo "installing:$$missing"; 	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; 	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive 	    apt-get install -y -qq --no-install-recommends $$missing; fi;; esac
	@touch $@

test: bin/tritonc bin/tritonc-san $(PY_STAMP) $(CMAKE_STAMP) $(CROSS_STAMP)
	sh tests/run_all.sh

# The Python runner's suite alone (about 1 min of CPU: it compiles every example's kernels).
runner: bin/tritonc $(PY_STAMP)
	sh tests/runner/run.sh

# A handful of execution cases covering elementwise, row reductions, 2-D reductions and scans.
CHECK_CASES := add softmax layernorm_fwd reduce2d cumsum_fp32
check: bin/tritonc
	sh tests/check.sh $(CHECK_CASES)

FUZZ_SECONDS ?= 600
fuzz: bin/tritonc-san
	python3 tests/fuzz/mutate.py --seconds $(FUZZ_SECONDS) --seed $$(date +%s) --quiet
	python3 tests/fuzz/sweep.py --seconds $(FUZZ_SECONDS) --seed $$(date +%s)

# OpenBLAS, the reference of the matmul benchmark (only `make bench` needs it)
BENCH_STAMP := build/.bench-deps-installed
$(BENCH_STAMP):
	@mkdir -p build
	@dpkg -s libopenblas-dev >/dev/null 2>&1 || { echo "installing: libopenblas-dev"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive \
	    apt-get install -y -qq --no-install-recommends libopenblas-dev; }
	@touch $@

bench: bin/tritonc $(BENCH_STAMP)
	sh bench/run.sh

# Records examples/matmul_autotune.py's autotune table on this machine and translates its
# dispatcher with it (bench/tune.sh; TUNE_SIZES="M,N,K ...", TUNING=FILE).
tune: bin/tritonc
	sh bench/tune.sh

# PYTHON: the interpreter whose runner is installed (default: the system python3); PYTHONDIR
# overrides the folder (default: where PYTHON looks under PREFIX).
PREFIX ?= /usr/local
install: bin/tritonc
	sh tools/install.sh install "$(PREFIX)" "$(DESTDIR)"
uninstall:
	sh tools/install.sh uninstall "$(PREFIX)" "$(DESTDIR)"

clean:
	rm -rf build/obj build/san build/fuzz build/exec build/golden build/*.c bin

# runtime/*.h cut into their //@ sections, with an index of what each defines and uses, for the
# C emitter to copy only what a kernel needs (tools/rtindex.c checks the sections' dependencies).
build/rtindex: tools/rtindex.c
	@mkdir -p build
	$(CC) -O1 -std=c11 -Wall -Wextra -o $@ tools/rtindex.c
build/runtime.c: runtime/tc_helpers.h runtime/tc_simd.h build/rtindex
	@mkdir -p $(dir $@)
	build/rtindex runtime/tc_helpers.h runtime/tc_simd.h > $@.tmp && mv $@.tmp $@
build/obj/runtime.o: build/runtime.c src/c/runtime_index.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

build/cuda_runtime.c: runtime/tc_cuda_kernel.h tools/embed.sh
	@mkdir -p build
	sh tools/embed.sh tc_cuda_runtime runtime/tc_cuda_kernel.h > $@
build/obj/cuda_runtime.o: build/cuda_runtime.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# A static translator, for machines without libtree-sitter (the GPU machine's conformance run).
bin/tritonc-static: $(OBJS)
	@mkdir -p bin
	$(CC) $(CFLAGS) -static -o $@ $(OBJS) $(LDLIBS)
