# SPDX-License-Identifier: GPL-2.0-only
# ndisload — top-level build and test entry point.
#
#   make                 build everything that exists (into build/)
#   make check           every test suite, then one summary line
#   make check-unit|check-vm|check-web|check-fuzz   one group of suites
#   make check-vm T=name run one VM test; make vm-shell opens a guest shell
#   make check-debug     every VM test on a debug kernel (KASAN, lockdep,
#                        kmemleak, KFENCE, ...) built once from linux-source
#   make bench           benchmark figures
#   make demo            boot the demo VM
#   make vm-try PKG=DIR [NIC=model]   a Windows driver package through
#                        the VM's end-to-end network test (verdict + dmesg);
#                        the NIC defaults to the one the package's .inf names
#                        (usb-net on xHCI for a USB package)
#   make install         install (DESTDIR, PREFIX, BRAND=dir honoured);
#                        make uninstall [PURGE=1] removes it again
#   make installer BRAND=installer/brands/<name>
#                        vendor-branded .run and .deb in build/installer/
#
# Each part has its own Makefile (module/, helper/, webconf/, ...), called in
# dependency order; built programs land in build/bin, the module in
# build/module, test drivers in build/drivers.

VERSION := $(shell cat VERSION)
TOP     := $(CURDIR)
BUILD   := $(TOP)/build
# KVER=V on the command line limits the module build and VM tests to that
# kernel; by default the module is built for Debian's default kernel and the
# VM suite runs on every installed kernel (tests/vm/kver.sh list).
KVER_ONLY := $(if $(filter command line environment,$(origin KVER)),$(KVER))
KVER    ?= $(shell tests/vm/kver.sh default)
export VERSION TOP BUILD KVER KVER_ONLY

# Parts in dependency order; a part joins the build once it has a Makefile.
PARTS := licensing module host tests/drivers tests/netvmini tests/tools helper webconf
PARTS := $(foreach p,$(PARTS),$(if $(wildcard $(p)/Makefile),$(p)))

.PHONY: all $(PARTS) check check-unit check-vm check-web check-fuzz check-debug \
	bench demo vm-shell install uninstall installer clean

all: $(PARTS)

$(PARTS):
	$(MAKE) -C $@

# Parts that link against others.
helper: $(filter licensing module,$(PARTS))
webconf: $(filter licensing,$(PARTS))
tests/drivers: $(filter module,$(PARTS))
tests/netvmini: $(filter tests/drivers,$(PARTS))
host: $(filter module,$(PARTS))

RESULTS := $(BUILD)/test-results

check: all
	@rm -rf $(RESULTS); tests/lib/debug-kernel-bg.sh; \
	tests/lib/run-group.sh unit web fuzz vm; \
	tests/lib/summary.sh $(RESULTS)

check-unit check-vm check-web check-fuzz check-debug: all
	@rm -rf $(RESULTS)/$(@:check-%=%); \
	tests/lib/run-group.sh $(@:check-%=%); \
	tests/lib/summary.sh $(RESULTS)

# Every benchmark prints its figures; a failing one fails the target, named.
bench: all
	@failed=; for b in tests/bench/*.sh; do [ -x "$$b" ] || continue; \
		"$$b" || failed="$$failed $${b##*/}"; done; \
	if [ -n "$$failed" ]; then echo "make bench: FAILED:$$failed" >&2; exit 1; fi

demo: all
	tests/vm/demo.sh

vm-shell: all
	tests/vm/run.sh --shell

vm-try: all
	@test -n "$(PKG)" || { echo "usage: make vm-try PKG=DIR [NIC=rtl8139|e1000|usb-net|...]" >&2; exit 2; }
	tests/vm/run.sh --pkg "$(PKG)" --nic "$(or $(NIC),$$(tests/vm/pkg-nic.sh '$(PKG)'))" _try

install: all
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" BRAND="$(BRAND)" installer/install.sh

uninstall:
	DESTDIR="$(DESTDIR)" PREFIX="$(PREFIX)" installer/uninstall.sh $(if $(PURGE),--purge)

installer: all
	@test -n "$(BRAND)" || { echo "make installer: say which brand:" \
		"make installer BRAND=installer/brands/<name>" >&2; exit 2; }
	installer/build-installer.sh "$(BRAND)"

clean:
	for p in $(PARTS); do $(MAKE) -C $$p clean; done
	rm -rf build
