# tritonc.mk — GNU make rules that translate Triton kernels at build time (make 4.3 or later).
#
#   include /path/to/tritonc/mk/tritonc.mk      # a checkout (uses its bin/tritonc), or
#   include PREFIX/share/tritonc/tritonc.mk     # after `make install`
#
#   add_FILE := kernels/add.py                  # one block of variables per kernel, named by
#   add_NAME := add_kernel                      # the output's base name (here: add)
#   add_SIG  := *fp32:16, *fp32:16, *fp32:16, i32, 1024
#   add_GRID := cdiv(n_elements, 1024), 1, 1    # optional: tritonc -g
#   add_TARGET := c                             # optional: c (default) or cuda
#   add_OPTIONS := -D X=1                       # optional: more tritonc options
#   add_DEPENDS := kernels/helpers.py           # optional: more files the kernel reads
#   $(call tritonc_kernel,add)
#
# writes $(TRITONC_OUT)/add.c (add.cu for cuda) and add.h, again whenever the .py, a DEPENDS
# file or the translator changes; TRITONC_SOURCES lists every generated .c / .cu so far, and
# TRITONC_CFLAGS holds -I$(TRITONC_OUT) and the runtime headers' folder. A generated C file builds
# with cc -std=c11 -O3 -march=native -fopenmp and links with -fopenmp -lm.

TRITONC_MK_DIR := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))
# a checkout: mk/ beside bin/ and runtime/; installed: PREFIX/share/tritonc
TRITONC ?= $(firstword $(wildcard $(TRITONC_MK_DIR)/../bin/tritonc \
                                  $(TRITONC_MK_DIR)/../../bin/tritonc) tritonc)
TRITONC_INCLUDE_DIR ?= $(patsubst %/,%,$(dir $(firstword $(wildcard \
    $(TRITONC_MK_DIR)/../runtime/tc_simd.h $(TRITONC_MK_DIR)/../../include/tritonc/tc_simd.h))))
TRITONC_OUT ?= build/tritonc
TRITONC_SOURCES :=
TRITONC_CFLAGS = -I$(TRITONC_OUT) $(if $(TRITONC_INCLUDE_DIR),-I$(TRITONC_INCLUDE_DIR))

# $(TRITONC) is a prerequisite only when it names a file (not a bare name found on PATH).
tritonc__ext = $(if $(filter cuda,$($(1)_TARGET)),cu,c)
define tritonc__rule
$(TRITONC_OUT)/$(1).$(call tritonc__ext,$(1)) $(TRITONC_OUT)/$(1).h &: $($(1)_FILE) \
    $($(1)_DEPENDS) $(wildcard $(TRITONC))
	@mkdir -p $(TRITONC_OUT)
	$(TRITONC) $($(1)_FILE) -n $($(1)_NAME) -s '$($(1)_SIG)' \
	  $(if $($(1)_GRID),-g '$($(1)_GRID)') $(if $($(1)_TARGET),--target $($(1)_TARGET)) \
	  $($(1)_OPTIONS) -o $(TRITONC_OUT)/$(1)
TRITONC_SOURCES += $(TRITONC_OUT)/$(1).$(call tritonc__ext,$(1))
endef
tritonc_kernel = $(eval $(call tritonc__rule,$(1)))
