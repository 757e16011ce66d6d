# SPDX-License-Identifier: BSD-2-Clause
# libFuzzer targets: each tests/fuzz/fuzz_*.c defines LLVMFuzzerTestOneInput
# and is linked with the project's sources built by clang with the fuzzer,
# address and undefined-behaviour instrumentation.  'run' gives each target
# a short time; 'FUZZ_SECONDS=600 make fuzz' digs deeper.
FCC      := clang
FBUILD   := build-fuzz
FUZZ_SECONDS ?= 15
PKGS     := libuv libtelnet sqlite3 vterm
FCFLAGS  := -std=c11 -g -O1 -D_GNU_SOURCE -Igames $(patsubst %/,-I%,$(sort $(dir $(wildcard server/*/*.c)))) -I$(FBUILD)/gen \
            -fsanitize=fuzzer-no-link,address,undefined \
            -DTTY_DATADIR='"/nonexistent"' $(shell pkg-config --cflags $(PKGS))
FLIBS    := $(shell pkg-config --libs $(PKGS)) -lpthread -lm
SRCS     := $(filter-out server/proc/main.c,$(wildcard server/*/*.c games/*.c games/*/*.c))
OBJS     := $(SRCS:%.c=$(FBUILD)/%.o) $(FBUILD)/gen/scelbi_words.o
TARGETS  := $(patsubst tests/fuzz/%.c,$(FBUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))

.PHONY: run
run: $(TARGETS)
	@set -e; for t in $(TARGETS); do n=$$(basename $$t); \
	  mkdir -p $(FBUILD)/corpus/$$n; \
	  echo "== $$n ($(FUZZ_SECONDS) s)"; \
	  $$t -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	      $(FBUILD)/corpus/$$n tests/fuzz/seeds/$$n > $(FBUILD)/$$n.log 2>&1 \
	    || { tail -40 $(FBUILD)/$$n.log; exit 1; }; \
	  grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units)' \
	      $(FBUILD)/$$n.log; done

$(FBUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(FCC) $(FCFLAGS) -c -o $@ $<

$(FBUILD)/gen/scelbi_words.c: wordlists/scelbi.txt
	@mkdir -p $(dir $@)
	$(MAKE) -s BUILD=$(FBUILD) $@

$(FBUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(OBJS)
	$(FCC) $(FCFLAGS) -fsanitize=fuzzer -o $@ $^ $(FLIBS)
