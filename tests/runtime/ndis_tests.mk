# SPDX-License-Identifier: GPL-2.0-only
# The NDIS layer's tests (tests/suites/unit-ndis.sh): ndis_test_*.c, each
# an ASan+UBSan binary and a plain copy for valgrind, linked with the
# shared helpers (common.c, ndis_testlib.c, ndis_testlso.c) and the
# runtime library.
TOP   ?= $(abspath ../..)
BUILD ?= $(TOP)/build
OUT   := $(BUILD)/test-bin/ndis
LIB   := $(BUILD)/lib
INC   := -I$(TOP)/module/runtime -I$(TOP)/module/user -I$(TOP)/tests/lib \
	-I$(TOP)/tests/runtime -I$(TOP)/tests/sim
CFLAGS := -std=c11 -D_GNU_SOURCE -g -Wall -Wextra -Werror \
	-Wno-unused-parameter $(INC)
SAN := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer

TESTS := $(patsubst %.c,%,$(wildcard ndis_test_*.c))
HELP  := common.c ndis_testlib.c ndis_testlso.c ndis_fakemp.c
HDRS  := common.h ndis_testlib.h ndis_fakemp.h
SIM   := $(TOP)/tests/sim/rtl8139.c $(TOP)/tests/sim/rtl8139_eeprom.c \
	$(TOP)/tests/sim/rtl8139_offload.c \
	$(TOP)/tests/sim/e1000.c
BIN := $(patsubst %,$(OUT)/%,$(TESTS)) $(patsubst %,$(OUT)/plain/%,$(TESTS)) \
	$(OUT)/bench-packets

all: lib $(BIN)

lib:
	@$(MAKE) -s -C $(TOP)/module userlib

$(OUT)/ndis_test_%: ndis_test_%.c $(HELP) $(HDRS) $(SIM) $(LIB)/libndlrt-san.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -O1 $(SAN) -o $@ $< $(HELP) $(SIM) $(LIB)/libndlrt-san.a

$(OUT)/plain/ndis_test_%: ndis_test_%.c $(HELP) $(HDRS) $(SIM) $(LIB)/libndlrt.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -O1 -o $@ $< $(HELP) $(SIM) $(LIB)/libndlrt.a

# ndis_test_send_ready also drives ndisload-host's data path (host/net.c
# and the receive coalescing and GSO cutting it uses).
HOSTNET_SRC := $(TOP)/host/net.c $(TOP)/host/rx_merge.c $(TOP)/host/gso.c
HOSTNET := $(HOSTNET_SRC) $(TOP)/host/net.h $(TOP)/host/rx_merge.h $(TOP)/host/gso.h \
	$(TOP)/host/inet_sum.h $(TOP)/host/net_bytes.h
$(OUT)/ndis_test_send_ready: ndis_test_send_ready.c $(HELP) $(HDRS) $(HOSTNET) \
		$(LIB)/libndlrt-san.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -I$(TOP) -O1 $(SAN) -o $@ $< $(HELP) $(HOSTNET_SRC) \
		$(LIB)/libndlrt-san.a

$(OUT)/plain/ndis_test_send_ready: ndis_test_send_ready.c $(HELP) $(HDRS) \
		$(HOSTNET) $(LIB)/libndlrt.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -I$(TOP) -O1 -o $@ $< $(HELP) $(HOSTNET_SRC) \
		$(LIB)/libndlrt.a

$(OUT)/bench-packets: ndis_bench_packets.c $(HELP) $(HDRS) $(LIB)/libndlrt.a
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -O2 -o $@ $< $(HELP) $(LIB)/libndlrt.a

.PHONY: all lib
