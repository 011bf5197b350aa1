# SPDX-License-Identifier: GPL-2.0-only
# Builds build/lib/libndlrt.a: the portable runtime (module/runtime/*/*.c,
# every file found, so new runtime files join without edits here) plus its
# POSIX host (module/user/*.c). Three flavours from the same sources:
#   build/lib/libndlrt.a        -O2, for ndisload check and benchmarks
#   build/lib/libndlrt-san.a    ASan+UBSan, for unit tests
#   build/lib/libndlrt-fuzz.a   clang, fuzzer instrumentation + ASan/UBSan
#   build/lib/libndlrt-host.a   -O2 without the simulated devices (sim.c):
#                               ndisload-host adds its VFIO backend (host/)
# Called from module/Makefile (`make -C module userlib`).
TOP   ?= $(abspath ..)
BUILD ?= $(TOP)/build
OBJ   := $(BUILD)/obj/ndlrt

SRCS := $(wildcard runtime/*/*.c) $(wildcard user/*.c)
HDRS := $(wildcard runtime/*/*.h) $(wildcard user/*.h)

CC    ?= cc
CLANG ?= clang
WARN  := -Wall -Wextra -Werror -Wno-unused-parameter
BASE  := -std=c11 -D_GNU_SOURCE -fno-strict-aliasing \
	 -Iruntime -Iuser -g $(WARN)
SAN   := -fsanitize=address,undefined -fno-sanitize-recover=all \
	 -fno-omit-frame-pointer

.PHONY: all clean
all: $(BUILD)/lib/libndlrt.a $(BUILD)/lib/libndlrt-san.a \
	$(BUILD)/lib/libndlrt-host.a \
	$(if $(shell command -v $(CLANG)),$(BUILD)/lib/libndlrt-fuzz.a)

define flavour
$(BUILD)/lib/libndlrt$(1).a: $(patsubst %.c,$(OBJ)$(1)/%.o,$(SRCS))
	@mkdir -p $$(@D)
	rm -f $$@ && ar rcs $$@ $$^
$(OBJ)$(1)/%.o: %.c $(HDRS) user/lib.mk
	@mkdir -p $$(@D)
	@echo "  CC$(1) $$<"; $(2) $(BASE) $(3) -c $$< -o $$@
endef

$(eval $(call flavour,,$(CC),-O2))
$(eval $(call flavour,-san,$(CC),-O1 $(SAN)))
$(eval $(call flavour,-fuzz,$(CLANG),-O1 $(SAN) -fsanitize=fuzzer-no-link))

$(BUILD)/lib/libndlrt-host.a: $(patsubst %.c,$(OBJ)/%.o,$(filter-out user/sim.c,$(SRCS)))
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

clean:
	rm -rf $(OBJ) $(OBJ)-san $(OBJ)-fuzz $(BUILD)/lib/libndlrt*.a
