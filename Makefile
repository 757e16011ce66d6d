# SPDX-License-Identifier: BSD-2-Clause
# ttyarcade: the one build entry.
#   make            build bin/ttyarcade
#   make check      installs missing test packages (tools/deps.sh test), then
#                   the layers' include check, every unit suite, Expect script, a brief fuzz run and the
#                   build's own test (tests/make/run.sh)
#   make bench      benchmarks (figures, never pass/fail on timing)
#   make run        install missing packages, build, serve telnet on PORT
#                   (2323) and the web pages on 8080
#   make install    PREFIX=/usr/local DESTDIR=
#   SANITIZE=1      build and test with AddressSanitizer + UBSan, in
#                   build-san/ and bin-san/: bin/ttyarcade stays plain
# CFLAGS, CPPFLAGS, LDFLAGS and LDLIBS on the command line add to the
# project's flags; HOSTCC builds the generators run during the build.

CC      ?= cc
PKGS    := libuv libtelnet sqlite3 libwebsockets libsodium libssh vterm libpq
PREFIX  ?= /usr/local
BINDIR   = $(PREFIX)/bin
DATADIR  = $(PREFIX)/share/ttyarcade
MANDIR   = $(PREFIX)/share/man
# The configuration file is /etc/ttyarcade/ttyarcade.conf for the system's
# prefixes, PREFIX/etc/... for any other (a test's, /opt/...).
SYSCONFDIR ?= $(if $(filter /usr /usr/local,$(PREFIX)),/etc,$(PREFIX)/etc)
CONFFILE = $(SYSCONFDIR)/ttyarcade/ttyarcade.conf
PORT    ?= 2323

# One build directory and one bin directory per configuration, so that
# neither configuration's files ever stand in for the other's.
ifeq ($(SANITIZE),1)
BUILD   := build-san
OUT     := bin-san
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
OPT     := -O1
else
BUILD   := build
OUT     := bin
SANFLAGS :=
OPT     := -O2
endif

SRVDIRS := $(sort $(dir $(wildcard server/*/*.c)))
# The project's own flags are kept apart from CFLAGS, CPPFLAGS, LDFLAGS and
# LDLIBS, so that those given on the command line add to them.
CFLAGS  ?= $(OPT) -g
TCPPFLAGS := -Igames $(SRVDIRS:%/=-I%) -I$(BUILD)/gen -D_GNU_SOURCE
TCFLAGS := -std=c11 -Wall -Wextra -Wno-unused-parameter -MMD -MP $(SANFLAGS) \
           $(shell pkg-config --cflags $(PKGS))
TLIBS   := $(shell pkg-config --libs $(PKGS)) -lpthread -lm
COMPILE  = $(CC) $(TCPPFLAGS) $(CPPFLAGS) $(TCFLAGS) $(CFLAGS)
LINK     = $(CC) $(TCFLAGS) $(CFLAGS) $(LDFLAGS)
CHECKLIBS := $(shell pkg-config --libs check 2>/dev/null)

# Programs run by the build (not part of the server): *_gen.c.
GENSRCS := $(wildcard games/*/*_gen.c)
SRCS    := $(filter-out $(GENSRCS),$(wildcard server/*/*.c games/*.c games/*/*.c))
LIBSRCS := $(filter-out server/proc/main.c,$(SRCS))
GENOBJS := $(BUILD)/gen/scelbi_words.o $(BUILD)/gen/bg_bearoff_data.o \
           $(BUILD)/gen/bg_weights.o $(BUILD)/gen/ck_weights.o
LIBOBJS := $(LIBSRCS:%.c=$(BUILD)/%.o) $(GENOBJS)
BIN     := $(BUILD)/ttyarcade
UNITS   := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(wildcard tests/unit/test_*.c))
UNITSUP := $(patsubst %.c,$(BUILD)/%.o,$(filter-out $(wildcard tests/unit/test_*.c),$(wildcard tests/unit/*.c)))
BENCHES := $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(wildcard tests/bench/bench_*.c))

.PHONY: all web-assets web-gz check layers unit expect browser fuzz build-test bench run install install-service service-test clean FORCE
# A failed or interrupted recipe leaves no half-written target behind.
.DELETE_ON_ERROR:
# The unit suites' objects are made by a pattern chain; keep them between
# runs (nothing else is intermediate).
.SECONDARY: $(UNITS:$(BUILD)/tests/%=$(BUILD)/tests/unit/%.o) $(UNITSUP)

all: $(OUT)/ttyarcade web-assets web-gz

# The pages' scripts (xterm.js and its fit addon, web/package.json) as npm
# publishes them: fetched here where npm is installed; without them the
# server warns at start that the pages cannot work.
WEB_ASSETS := web/node_modules/@xterm/xterm/lib/xterm.js \
              web/node_modules/@xterm/addon-fit/lib/addon-fit.js
web-assets:
	@for f in $(WEB_ASSETS); do [ -f $$f ] || missing=1; done; \
	if [ -n "$$missing" ]; then \
	  if command -v npm >/dev/null 2>&1; then \
	    echo "cd web && npm ci"; \
	    (cd web && npm ci --no-audit --no-fund) || \
	      echo "make: npm ci failed in web/: the web pages will not work"; \
	  else \
	    echo "make: no npm here: the web pages' scripts (web/package.json)" \
	         "are missing; tools/deps.sh installs npm"; \
	  fi; \
	fi

# The pages' text files compressed once, beside them (FILE.gz), for
# clients that take gzip (server/net/web_file.c serves them when they are
# not older than FILE); xterm.js as npm published it, compressed the same
# way.  -n: no name or time inside, so the same file gives the same bytes.
WEBTEXT := $(wildcard web/*.html web/*.js web/*.css) \
           $(wildcard web/node_modules/@xterm/xterm/lib/xterm.js \
                      web/node_modules/@xterm/xterm/css/xterm.css \
                      web/node_modules/@xterm/addon-fit/lib/addon-fit.js)
WEBGZ   := $(WEBTEXT:%=%.gz)
web-gz: $(WEBGZ)
web/%.gz: web/%
	gzip -9 -n -c $< > $@.new
	mv -f $@.new $@

# Copied beside and renamed, so a server still running the old binary
# keeps it and the new one lands whole (cp over a running binary fails).
$(OUT)/ttyarcade: $(BIN)
	@mkdir -p $(OUT)
	cp $(BIN) $@.new
	mv -f $@.new $@

$(BIN): $(BUILD)/server/proc/main.o $(BUILD)/libttyarcade.a
	$(LINK) -o $@ $^ $(LDLIBS) $(TLIBS)

$(BUILD)/libttyarcade.a: $(LIBOBJS)
	rm -f $@
	ar rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(COMPILE) -c -o $@ $<

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	$(COMPILE) -Igames/backgammon -c -o $@ $<

# Paths that depend on PREFIX, compiled in through a generated header that
# is rewritten only when its text changes: a new PREFIX rebuilds what uses
# it (make install PREFIX=/usr after make), an unchanged one nothing.
$(BUILD)/gen/tty_config.h: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '/* generated by make: the configured paths */' \
	  '#define TTY_DATADIR "$(DATADIR)"' \
	  '#define TTY_CONFFILE "$(CONFFILE)"' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; \
	  echo "configured: PREFIX=$(PREFIX)"; fi
$(BUILD)/server/session/resource.o $(BUILD)/server/proc/conf.o: \
    $(BUILD)/gen/tty_config.h

# The version: `git describe` and the commit in a checkout (only this
# tree's own, never a repository it was unpacked inside); in a tarball
# made by `git archive`, dist/version, which export-subst fills in; else
# "unknown".  Written into a header only when it changes.
GIT_HERE := $(shell [ "$$(git -C '$(CURDIR)' rev-parse --show-toplevel 2>/dev/null)" = '$(CURDIR)' ] && echo yes)
ifeq ($(GIT_HERE),yes)
VERSION := $(shell git -C '$(CURDIR)' describe --tags --always --dirty 2>/dev/null)
COMMIT  := $(shell git -C '$(CURDIR)' rev-parse HEAD 2>/dev/null)
else
COMMIT  := $(shell sed -n '2{/Format:/d;p;}' dist/version 2>/dev/null)
VERSION := $(or $(shell sed -n '1{/Format:/d;p;}' dist/version 2>/dev/null),$(shell echo '$(COMMIT)' | cut -c1-7))
endif
$(BUILD)/gen/tty_version.h: FORCE
	@mkdir -p $(dir $@)
	@printf '%s\n' '/* generated by make: which ttyarcade this is */' \
	  '#define TTY_VERSION "$(or $(VERSION),unknown)"' \
	  '#define TTY_COMMIT "$(or $(COMMIT),unknown)"' > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv $@.new $@; fi
$(BUILD)/server/proc/version.o: $(BUILD)/gen/tty_version.h

# The book's word list is compiled in (MOVTAB walks it as the 8008 walked
# pages 05-07); wordlists/scelbi.txt stays the one place it is written.
$(BUILD)/gen/scelbi_words.c: wordlists/scelbi.txt
	@mkdir -p $(dir $@)
	{ echo '/* generated from wordlists/scelbi.txt by make */'; \
	  echo 'const char *const hm_scelbi_words[] = {'; \
	  sed -e 's/[^A-Z]//g' -e '/^$$/d' -e 's/.*/    "&",/' $<; \
	  echo '    0 };'; } > $@

# Backgammon's tables are computed or converted at build time by small
# programs built for the build machine (HOSTCC) from the engine's sources:
# the exact bearing-off table from the rules, and the trained net from its
# versioned binary resource (games/backgammon/bg_weights.bin).
HOSTCC  ?= $(CC)
BG_GEN_SRCS := games/backgammon/bg_bearoff.c games/backgammon/bg_movegen.c \
               games/backgammon/bg_pos.c
$(BUILD)/gen/bg_bearoff_gen: games/backgammon/bg_bearoff_gen.c $(BG_GEN_SRCS) \
                             games/backgammon/bg.h games/backgammon/bg_bearoff.h
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -O2 -D_GNU_SOURCE -Igames -o $@ $(filter %.c,$^)
$(BUILD)/gen/bg_bearoff_data.c: $(BUILD)/gen/bg_bearoff_gen
	$< > $@

$(BUILD)/gen/bg_weights_gen: games/backgammon/bg_weights_gen.c \
                             games/backgammon/bg_netfile.c \
                             games/backgammon/bg_netfile.h games/backgammon/bg_net.h
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -O2 -D_GNU_SOURCE -Igames -o $@ $(filter %.c,$^)
$(BUILD)/gen/bg_weights.c: $(BUILD)/gen/bg_weights_gen games/backgammon/bg_weights.bin
	$^ > $@

# Checkers' learned evaluation, from its versioned weights
# (games/checkers/ck_weights.txt, made by "ttyarcade checkers train").
$(BUILD)/gen/ck_weights_gen: games/checkers/ck_weights_gen.c \
                             games/checkers/ck_learn.h
	@mkdir -p $(dir $@)
	$(HOSTCC) -std=c11 -O2 -D_GNU_SOURCE -Igames -o $@ $(filter %.c,$^)
$(BUILD)/gen/ck_weights.c: $(BUILD)/gen/ck_weights_gen games/checkers/ck_weights.txt
	$^ > $@

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(UNITSUP) $(BUILD)/libttyarcade.a
	@mkdir -p $(dir $@)
	$(LINK) -o $@ $^ $(CHECKLIBS) $(LDLIBS) $(TLIBS)

# The test packages first (as make run does for its own), then the unit
# suites (fast), the Expect scripts against the real binary, each fuzz
# target for a few seconds, the web pages in a browser, the build itself
# and the service files: one after the other.
check:
	./tools/deps.sh test
	$(MAKE) layers
	$(MAKE) all
	$(MAKE) unit
	$(MAKE) expect
	$(MAKE) browser
	$(MAKE) fuzz
	$(MAKE) build-test
	$(MAKE) service-test

# server/'s folders include only downward, in the order server/README.md
# lists them, and no game includes the server (tools/layers.py); the test
# beside it shows the check failing on each kind of include that goes up.
layers:
	python3 tools/layers.py
	tests/make/layers_test.sh

unit: $(UNITS)
	@set -e; for t in $(UNITS); do echo "== $$t"; \
	  CK_DEFAULT_TIMEOUT=600 TTY_TOP=$(CURDIR) $$t; done

expect: $(BIN) web-gz
	TTYARCADE=$(CURDIR)/$(BIN) tests/expect/run.sh

# What the source tree runs (tests, benchmarks, make run) never reads the
# machine's own /etc/ttyarcade/ttyarcade.conf (the Expect scripts point
# TTYARCADE_CONFIG at files of their own).
NOCONF  := TTYARCADE_CONFIG=/nonexistent/ttyarcade.conf

# The web pages in Debian's chromium, driven by puppeteer-core (npm, in
# tests/browser; tools/deps.sh test installs both); screenshots land in
# $(BUILD)/browser.
browser: $(BIN) web-gz
	$(NOCONF) TTYARCADE=$(CURDIR)/$(BIN) OUT=$(CURDIR)/$(BUILD)/browser \
	  node tests/browser/web_browser.js
	$(NOCONF) TTYARCADE=$(CURDIR)/$(BIN) OUT=$(CURDIR)/$(BUILD)/browser \
	  node tests/browser/site_browser.js

fuzz:
	$(MAKE) -f tests/fuzz/fuzz.mk run

# Install, rebuild with another PREFIX, and SANITIZE after a plain build,
# in a copy of the tree (tests/make/run.sh).
build-test: $(OUT)/ttyarcade
	tests/make/run.sh

# Each tests/bench/bench_*.c is a program that prints its figures beside a
# peer or a limit measured in the same run; each links the shared pieces
# (benchutil.c: servers, /proc figures, echo times; benchclient.c: the
# telnet client on libuv).
bench: $(OUT)/ttyarcade $(BENCHES)
	@for b in $(BENCHES); do echo "== $$b"; \
	  $(NOCONF) TTYARCADE=$(CURDIR)/$(BIN) TTY_TOP=$(CURDIR) $$b || exit 1; done

$(BUILD)/bench/%: tests/bench/%.c tests/bench/benchutil.c \
                  tests/bench/benchclient.c $(BUILD)/libttyarcade.a
	@mkdir -p $(dir $@)
	$(COMPILE) $(LDFLAGS) -o $@ $(filter %.c %.a,$^) $(LDLIBS) $(TLIBS)

run:
	./tools/deps.sh
	$(MAKE) all
	@mkdir -p var
	@echo "ttyarcade: telnet localhost $(PORT), or http://localhost:8080/ in a browser"
	$(NOCONF) ./$(OUT)/ttyarcade serve --telnet $(PORT) --http 8080 --data var

install: $(OUT)/ttyarcade web-gz
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/wordlists \
	    $(DESTDIR)$(MANDIR)/man6 $(DESTDIR)$(MANDIR)/man8
	install -m 755 $(OUT)/ttyarcade $(DESTDIR)$(BINDIR)/ttyarcade
	install -m 644 wordlists/*.txt $(DESTDIR)$(DATADIR)/wordlists/
	install -m 644 man/ttyarcade.8 $(DESTDIR)$(MANDIR)/man8/
	install -m 644 games/*/ttyarcade-*.6 $(DESTDIR)$(MANDIR)/man6/
	@# the web pages, xterm.js and asciinema-player as npm published them,
	@# each text file beside its gzip'd copy, and the pages' cut of the 3270
	@# font with its licence
	install -d $(DESTDIR)$(DATADIR)/web/fonts \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/xterm/lib \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/xterm/css \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/addon-fit/lib \
	    $(DESTDIR)$(DATADIR)/web/node_modules/asciinema-player/dist/bundle
	install -m 644 web/*.html web/*.js web/*.css web/favicon.ico \
	    web/*.gz $(DESTDIR)$(DATADIR)/web/
	install -m 644 web/node_modules/@xterm/xterm/lib/xterm.js \
	    web/node_modules/@xterm/xterm/lib/xterm.js.gz \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/xterm/lib/
	install -m 644 web/node_modules/@xterm/xterm/css/xterm.css \
	    web/node_modules/@xterm/xterm/css/xterm.css.gz \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/xterm/css/
	install -m 644 web/node_modules/@xterm/addon-fit/lib/addon-fit.js \
	    web/node_modules/@xterm/addon-fit/lib/addon-fit.js.gz \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/addon-fit/lib/
	install -m 644 web/node_modules/@xterm/xterm/LICENSE \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/xterm/
	install -m 644 web/node_modules/@xterm/addon-fit/LICENSE \
	    $(DESTDIR)$(DATADIR)/web/node_modules/@xterm/addon-fit/
	@# the recordings' player (/recordings/ID), as npm published it
	install -m 644 \
	    web/node_modules/asciinema-player/dist/bundle/asciinema-player.min.js \
	    web/node_modules/asciinema-player/dist/bundle/asciinema-player.css \
	    $(DESTDIR)$(DATADIR)/web/node_modules/asciinema-player/dist/bundle/
	install -m 644 web/node_modules/asciinema-player/LICENSE \
	    $(DESTDIR)$(DATADIR)/web/node_modules/asciinema-player/
	install -m 644 web/fonts/3270-ascii.woff2 web/fonts/3270-COPYRIGHT \
	    $(DESTDIR)$(DATADIR)/web/fonts/
	$(MAKE) install-service

# The service files: the unit names the installed binary and reads the
# configuration file (installed here unless there is one); sysusers.d and
# tmpfiles.d make its user and data directory (systemd reads all three
# under /usr/local/lib as well as /usr/lib).
SYSTEMDDIR ?= $(PREFIX)/lib/systemd/system
install-service:
	install -d $(DESTDIR)$(SYSTEMDDIR) $(DESTDIR)$(PREFIX)/lib/sysusers.d \
	    $(DESTDIR)$(PREFIX)/lib/tmpfiles.d
	sed -e 's|@BINDIR@|$(BINDIR)|g' -e 's|@CONFFILE@|$(CONFFILE)|g' \
	    dist/ttyarcade.service.in > $(DESTDIR)$(SYSTEMDDIR)/ttyarcade.service
	chmod 644 $(DESTDIR)$(SYSTEMDDIR)/ttyarcade.service
	install -m 644 dist/ttyarcade.sysusers \
	    $(DESTDIR)$(PREFIX)/lib/sysusers.d/ttyarcade.conf
	install -m 644 dist/ttyarcade.tmpfiles \
	    $(DESTDIR)$(PREFIX)/lib/tmpfiles.d/ttyarcade.conf
	@# the example configuration the unit reads; an operator's own is kept
	install -d $(DESTDIR)$(dir $(CONFFILE))
	if [ -e $(DESTDIR)$(CONFFILE) ]; then \
	  echo "kept $(DESTDIR)$(CONFFILE); the example is dist/ttyarcade.conf"; \
	else install -m 644 dist/ttyarcade.conf $(DESTDIR)$(CONFFILE); fi

# The installed service as systemd reads it.
service-test: $(OUT)/ttyarcade
	OUT=$(OUT) tests/ops/service.sh

clean:
	rm -rf build build-san build-fuzz bin bin-san
	rm -f $(WEBGZ)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
