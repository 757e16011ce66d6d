# SPDX-License-Identifier: BSD-2-Clause
# ttyarcade: the one build entry.
#   make            build bin/ttyarcade
#   make check      every unit suite, Expect script and a brief fuzz run
#   make bench      benchmarks (figures, never pass/fail on timing)
#   make run        install missing packages, build, serve on port 2323
#   make install    PREFIX=/usr/local DESTDIR=
#   SANITIZE=1      build and test with AddressSanitizer + UBSan

CC      ?= cc
PKGS    := libuv libtelnet sqlite3 vterm
PREFIX  ?= /usr/local
DATADIR  = $(PREFIX)/share/ttyarcade
MANDIR   = $(PREFIX)/share/man

ifeq ($(SANITIZE),1)
BUILD   := build-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT     := -O1
else
BUILD   := build
SANFLAGS :=
OPT     := -O2
endif

SRVDIRS := $(sort $(dir $(wildcard server/*/*.c)))
CPPFLAGS += -Igames $(SRVDIRS:%/=-I%) -I$(BUILD)/gen -D_GNU_SOURCE \
            -DTTY_DATADIR='"$(DATADIR)"'
CFLAGS  ?= $(OPT) -g
CFLAGS  += -std=c11 -Wall -Wextra -Wno-unused-parameter -MMD -MP $(SANFLAGS) \
           $(shell pkg-config --cflags $(PKGS))
LDLIBS  += $(shell pkg-config --libs $(PKGS)) -lpthread -lm
CHECKLIBS := $(shell pkg-config --libs check 2>/dev/null)

SRCS    := $(wildcard server/*/*.c games/*.c games/*/*.c)
LIBSRCS := $(filter-out server/proc/main.c,$(SRCS))
LIBOBJS := $(LIBSRCS:%.c=$(BUILD)/%.o) $(BUILD)/gen/scelbi_words.o
BIN     := $(BUILD)/ttyarcade
UNITS   := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))
UNITSUP := $(patsubst %.c,$(BUILD)/%.o,$(filter-out $(wildcard tests/unit/test_*.c),$(wildcard tests/unit/*.c)))
BENCHES := $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(wildcard tests/bench/bench_*.c))

.PHONY: all check unit expect fuzz bench run install install-service service-test clean
# Test and bench objects are kept between runs.
.SECONDARY:
all: bin/ttyarcade

bin/ttyarcade: $(BIN)
	@mkdir -p bin
	cp $(BIN) $@

$(BIN): $(BUILD)/server/proc/main.o $(BUILD)/libttyarcade.a
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/libttyarcade.a: $(LIBOBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

# The book's word list is compiled in (MOVTAB walks it as the 8008 walked
# pages 05-07); wordlists/scelbi.txt stays the one place it is written.
$(BUILD)/gen/scelbi_words.c: wordlists/scelbi.txt
	@mkdir -p $(dir $@)
	{ echo '/* generated from wordlists/scelbi.txt by make */'; \
	  echo 'const char *const hm_scelbi_words[] = {'; \
	  sed -e 's/[^A-Z]//g' -e '/^$$/d' -e 's/.*/    "&",/' $<; \
	  echo '    0 };'; } > $@

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(UNITSUP) $(BUILD)/libttyarcade.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(CHECKLIBS) $(LDLIBS)

# Unit suites first (fast), then the Expect scripts against the real binary,
# then each fuzz target for a few seconds.
check: bin/ttyarcade unit expect fuzz service-test

unit: $(UNITS)
	@set -e; for t in $(UNITS); do echo "== $$t"; \
	  CK_DEFAULT_TIMEOUT=600 TTY_TOP=$(CURDIR) $$t; done

expect: $(BIN)
	TTYARCADE=$(CURDIR)/$(BIN) tests/expect/run.sh

fuzz:
	$(MAKE) -f tests/fuzz/fuzz.mk run

# Each tests/bench/bench_*.c is a program that prints its figures beside a
# peer or a limit measured in the same run.
bench: bin/ttyarcade $(BENCHES)
	@for b in $(BENCHES); do echo "== $$b"; \
	  TTYARCADE=$(CURDIR)/$(BIN) TTY_TOP=$(CURDIR) $$b || exit 1; done

$(BUILD)/bench/%: tests/bench/%.c $(BUILD)/libttyarcade.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $(filter %.c %.a,$^) $(LDLIBS)

run: 
	./tools/deps.sh
	$(MAKE) bin/ttyarcade
	@mkdir -p var
	./bin/ttyarcade serve --telnet 2323 --data var

install: bin/ttyarcade
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DATADIR)/wordlists \
	    $(DESTDIR)$(MANDIR)/man6 $(DESTDIR)$(MANDIR)/man8
	install -m 755 bin/ttyarcade $(DESTDIR)$(PREFIX)/bin/ttyarcade
	install -m 644 wordlists/*.txt $(DESTDIR)$(DATADIR)/wordlists/
	install -m 644 man/ttyarcade.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 644 games/*/*.6 $(DESTDIR)$(MANDIR)/man6/
	$(MAKE) install-service

# The service files: the unit names the installed binary; sysusers.d and
# tmpfiles.d make its user and data directory (systemd reads all three
# under /usr/local/lib as well as /usr/lib).
SYSTEMDDIR ?= $(PREFIX)/lib/systemd/system
install-service:
	install -d $(DESTDIR)$(SYSTEMDDIR) $(DESTDIR)$(PREFIX)/lib/sysusers.d \
	    $(DESTDIR)$(PREFIX)/lib/tmpfiles.d
	sed -e 's|@BINDIR@|$(PREFIX)/bin|g' dist/ttyarcade.service.in \
	    > $(DESTDIR)$(SYSTEMDDIR)/ttyarcade.service
	chmod 644 $(DESTDIR)$(SYSTEMDDIR)/ttyarcade.service
	install -m 644 dist/ttyarcade.sysusers \
	    $(DESTDIR)$(PREFIX)/lib/sysusers.d/ttyarcade.conf
	install -m 644 dist/ttyarcade.tmpfiles \
	    $(DESTDIR)$(PREFIX)/lib/tmpfiles.d/ttyarcade.conf

# The installed service as systemd reads it.
service-test: bin/ttyarcade
	tests/ops/service.sh

clean:
	rm -rf build build-san build-fuzz bin

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
