# SPDX-License-Identifier: BSD-2-Clause
# libFuzzer targets: each tests/fuzz/fuzz_*.c defines LLVMFuzzerTestOneInput
# and is linked with the project's sources built by clang with the fuzzer,
# address and undefined-behaviour instrumentation.  'run' gives each target
# a short time; 'FUZZ_SECONDS=600 make fuzz' digs deeper.  Inputs that
# crash or run slowly are kept as build-fuzz/TARGET-crash-... (not in the
# working directory).
FCC      := clang
FBUILD   := build-fuzz
FUZZ_SECONDS ?= 15
PKGS     := libuv libtelnet sqlite3 libwebsockets libsodium libssh vterm libpq
FCFLAGS  := -std=c11 -g -O1 -MMD -MP -D_GNU_SOURCE -Igames $(patsubst %/,-I%,$(sort $(dir $(wildcard server/*/*.c)))) -I$(FBUILD)/gen \
            -fsanitize=fuzzer-no-link,address,undefined \
            $(shell pkg-config --cflags $(PKGS))
FLIBS    := $(shell pkg-config --libs $(PKGS)) -lpthread -lm
SRCS     := $(filter-out server/proc/main.c $(wildcard games/*/*_gen.c),\
              $(wildcard server/*/*.c games/*.c games/*/*.c))
GENS     := scelbi_words bg_bearoff_data bg_weights ck_weights
OBJS     := $(SRCS:%.c=$(FBUILD)/%.o) $(GENS:%=$(FBUILD)/gen/%.o)
TARGETS  := $(patsubst tests/fuzz/%.c,$(FBUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))

.PHONY: run FORCE
.DELETE_ON_ERROR:
# The objects come through a pattern chain: keep them between runs.
.SECONDARY: $(OBJS)
run: $(TARGETS)
	@set -e; for t in $(TARGETS); do n=$$(basename $$t); \
	  mkdir -p $(FBUILD)/corpus/$$n; \
	  echo "== $$n ($(FUZZ_SECONDS) s)"; \
	  $$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	      -artifact_prefix=$(FBUILD)/$$n- \
	      $(FBUILD)/corpus/$$n tests/fuzz/seeds/$$n > $(FBUILD)/$$n.log 2>&1 \
	    || { tail -40 $(FBUILD)/$$n.log; exit 1; }; \
	  grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units)' \
	      $(FBUILD)/$$n.log; done

$(FBUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FCC) $(FCFLAGS) -c -o $@ $<

# Generated sources come from the main Makefile (its rules, this build
# directory); it regenerates one only when its sources changed.
$(GENS:%=$(FBUILD)/gen/%.c): FORCE
	@$(MAKE) -s --no-print-directory BUILD=$(FBUILD) $@

$(FBUILD)/gen/%.o: $(FBUILD)/gen/%.c
	$(FCC) $(FCFLAGS) -Igames/backgammon -c -o $@ $<

# The fuzzers never read installed files: no data directory, no
# configuration file; their build has no version of its own.
$(FBUILD)/gen/tty_config.h: tests/fuzz/fuzz.mk
	@mkdir -p $(dir $@)
	printf '%s\n' '#define TTY_DATADIR "/nonexistent"' \
	  '#define TTY_CONFFILE "/nonexistent/ttyarcade.conf"' > $@
$(FBUILD)/gen/tty_version.h: tests/fuzz/fuzz.mk
	@mkdir -p $(dir $@)
	printf '%s\n' '#define TTY_VERSION "fuzz"' '#define TTY_COMMIT "fuzz"' > $@
$(FBUILD)/server/session/resource.o $(FBUILD)/server/proc/conf.o: \
    $(FBUILD)/gen/tty_config.h
$(FBUILD)/server/proc/version.o: $(FBUILD)/gen/tty_version.h

$(FBUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(OBJS)
	$(FCC) $(FCFLAGS) -fsanitize=fuzzer -o $@ $(filter %.c %.o,$^) $(FLIBS)

-include $(shell find $(FBUILD) -name '*.d' 2>/dev/null)
