# ibidi: GNU make build. `make` builds the libraries and the command, `make check` runs
# every test, `make sanitize` runs them all again under ASan + UBSan, `make bench` measures.

# The version is the header's (one place); the SONAME's number changes with every release
# that breaks the API or ABI (0.2.0 renamed the public API, 0.3.0 reshaped its outputs and
# options: see the README's changelog).
VERSION     := $(shell sed -n 's/^\#define IBIDI_VERSION_STRING "\(.*\)"/\1/p' include/ibidi/common.h)
SOVERSION   := 2
UCD_VERSION := 17.0.0
UCD_DIR     := data/ucd/$(UCD_VERSION)

CC      ?= cc
BUILD   ?= build
PREFIX  ?= /usr/local
DESTDIR ?=
OPT     ?= -O2 -g
SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all

WARN     := -std=c11 -Wall -Wextra -Wpedantic -Werror
CPPFLAGS := -Iinclude -Isrc -D_POSIX_C_SOURCE=200809L
# NOSIMD=1 builds the portable loops instead of the SSE2 paths (the code tests __SSE2__;
# x86-64 compilers define it by default), so that CI runs the suite over the fallbacks.
ifeq ($(NOSIMD),1)
CPPFLAGS += -U__SSE2__
endif
ALL_CFLAGS = $(WARN) $(OPT) $(CFLAGS) $(EXTRA_CFLAGS)
ALL_LDFLAGS = $(LDFLAGS) $(EXTRA_LDFLAGS)
# The LGR loader (src/lgr/load.c) reads XML with expat (Debian: libexpat1-dev), and the
# collision groups (src/scan/groups.c) lock their shards with POSIX threads' mutexes;
# everything that links the library links both.
LIBS := -lexpat -pthread
# The command alone reads gzip-compressed input, with zlib (Debian: zlib1g-dev); the library
# does not use it, so programs that link libibidi need not link zlib.
CLI_LIBS := -lz

# One folder per capability; the generated tables live beside the code that reads them.
LIB_SRC  := $(sort $(wildcard src/common/*.c src/unicode/*.c src/bidi/*.c src/idna/*.c \
                              src/iri/*.c src/display/*.c src/ambiguity/*.c src/scan/*.c \
                              src/lgr/*.c src/uts39/*.c src/confusable/*.c src/verdict/*.c src/show/*.c \
                              src/json/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c))
TEST_SRC := $(sort $(wildcard tests/test_*.c))
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
GEN_SRC  := tools/gen_tables.c

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/obj/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
TESTS    := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
FUZZ_REPLAY := $(FUZZ_SRC:fuzz/%.c=$(BUILD)/fuzz/replay_%)
TESTLIB_OBJ := $(BUILD)/obj/tests/testlib.o

STATIC  := $(BUILD)/libibidi.a
SHARED  := $(BUILD)/libibidi.so.$(VERSION)
CLI     := $(BUILD)/ibidi
GEN     := $(BUILD)/tools/gen_tables

.PHONY: all check check-proofs-7 check-nosimd sanitize bench tables fuzz install uninstall clean demo tests web
.SECONDARY: $(TESTLIB_OBJ)
all: $(STATIC) $(SHARED) $(CLI)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -MMD -MP -c $< -o $@

$(STATIC): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(SHARED): $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libibidi.so.$(SOVERSION) $(ALL_CFLAGS) $^ -o $@ $(ALL_LDFLAGS) $(LIBS)
	ln -sf libibidi.so.$(VERSION) $(BUILD)/libibidi.so.$(SOVERSION)
	ln -sf libibidi.so.$(SOVERSION) $(BUILD)/libibidi.so

$(CLI): $(CLI_OBJ) $(STATIC)
	$(CC) $(ALL_CFLAGS) $(CLI_OBJ) $(STATIC) -o $@ $(ALL_LDFLAGS) $(LIBS) $(CLI_LIBS) -pthread

# Tests link the static library, so they can also reach internal (hidden) functions;
# -pthread for test_stack, which runs each entry point on a thread of a chosen stack.
$(BUILD)/tests/%: tests/%.c $(TESTLIB_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(ALL_CFLAGS) -MMD -MP $< $(TESTLIB_OBJ) $(STATIC) -o $@ $(ALL_LDFLAGS) $(LIBS) -pthread

# Fuzz targets replay their seed corpora as ordinary tests with any compiler.
$(BUILD)/fuzz/replay_%: fuzz/%.c fuzz/replay_main.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP $< fuzz/replay_main.c $(STATIC) -o $@ $(ALL_LDFLAGS) $(LIBS)

# The command's front end as a fuzz target (fuzz/fuzz_cli.c): the command's objects with
# its main() renamed ibidi_cli_main, in an archive of their own.
CLI_FUZZ_OBJ = $(filter-out $(BUILD)/obj/src/cli/main.o,$(CLI_OBJ)) $(BUILD)/obj/fuzz/cli_main.o
$(BUILD)/obj/fuzz/cli_main.o: src/cli/main.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -Dmain=ibidi_cli_main -MMD -MP -c $< -o $@
$(BUILD)/libibidi_cli.a: $(CLI_FUZZ_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(BUILD)/fuzz/replay_fuzz_cli: fuzz/fuzz_cli.c fuzz/replay_main.c tests/json_reader.h \
                               $(BUILD)/libibidi_cli.a $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP $< fuzz/replay_main.c $(BUILD)/libibidi_cli.a $(STATIC) -o $@ $(ALL_LDFLAGS) $(LIBS) $(CLI_LIBS)

# The table of options against the commands' usage texts: a test of the command's own code.
$(BUILD)/tests/test_cli_table: tests/test_cli_table.c $(TESTLIB_OBJ) $(BUILD)/libibidi_cli.a $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -Itests $(ALL_CFLAGS) -MMD -MP $< $(TESTLIB_OBJ) $(BUILD)/libibidi_cli.a $(STATIC) -o $@ $(ALL_LDFLAGS) $(LIBS) $(CLI_LIBS) -pthread

# The table generator is a host tool; it reads only data/.
$(GEN): $(GEN_SRC)
	@mkdir -p $(@D)
	$(CC) $(WARN) -O2 $(CFLAGS) $< -o $@

# Differential fuzz targets (fuzz/diff_*.c): ibidi against other implementations as
# oracles, built only where pkg-config finds them (a line says which are skipped):
#   diff_bidi      UAX #9 levels and order against FriBidi and ICU where both agree
#   diff_idna      UTS #46 ToASCII / ToUnicode against ICU's UTS #46 object
#   diff_punycode  Punycode against libidn2's coder
# Each replays its corpus in `make check` and runs under libFuzzer after `make fuzz`.
PKG_CONFIG ?= pkg-config
diff_pc_have = $(shell $(PKG_CONFIG) --exists $(1) 2>/dev/null && echo 1)
# -isystem: the warnings of -Wpedantic are about our code, not the oracles' headers
diff_pc_cflags = $(patsubst -I%,-isystem %,$(shell $(PKG_CONFIG) --cflags $(1) 2>/dev/null))
DIFF_TARGETS :=
DIFF_SKIPPED :=
ifeq ($(call diff_pc_have,fribidi icu-uc),1)
DIFF_TARGETS += diff_bidi
DIFF_FLAGS_diff_bidi := $(call diff_pc_cflags,fribidi icu-uc)
DIFF_LIBS_diff_bidi := $(shell $(PKG_CONFIG) --libs fribidi icu-uc)
else
DIFF_SKIPPED += diff_bidi=fribidi,icu-uc
endif
ifeq ($(call diff_pc_have,icu-uc),1)
DIFF_TARGETS += diff_idna
DIFF_FLAGS_diff_idna := $(call diff_pc_cflags,icu-uc)
DIFF_LIBS_diff_idna := $(shell $(PKG_CONFIG) --libs icu-uc)
else
DIFF_SKIPPED += diff_idna=icu-uc
endif
ifeq ($(call diff_pc_have,icu-i18n),1)
DIFF_TARGETS += diff_confusable
DIFF_FLAGS_diff_confusable := $(call diff_pc_cflags,icu-i18n)
DIFF_LIBS_diff_confusable := $(shell $(PKG_CONFIG) --libs icu-i18n icu-uc)
else
DIFF_SKIPPED += diff_confusable=icu-i18n
endif
ifeq ($(call diff_pc_have,libidn2),1)
DIFF_TARGETS += diff_punycode
DIFF_FLAGS_diff_punycode := $(call diff_pc_cflags,libidn2)
DIFF_LIBS_diff_punycode := $(shell $(PKG_CONFIG) --libs libidn2)
else
DIFF_SKIPPED += diff_punycode=libidn2
endif
DIFF_REPLAY := $(DIFF_TARGETS:%=$(BUILD)/fuzz/replay_%)
DIFF_SKIP_MSG = @for s in $(DIFF_SKIPPED); do \
	  echo "skipped: $${s%%=*}: $${s\#*=} not installed (pkg-config)"; done

$(DIFF_REPLAY): $(BUILD)/fuzz/replay_%: fuzz/%.c fuzz/diff_report.h fuzz/replay_main.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(DIFF_FLAGS_$*) $(ALL_CFLAGS) -MMD -MP $< fuzz/replay_main.c $(STATIC) -o $@ $(ALL_LDFLAGS) $(DIFF_LIBS_$*) $(LIBS)

tests: $(TESTS) $(FUZZ_REPLAY) $(DIFF_REPLAY) $(CLI) $(GEN)

# The Python package (python/) too, in the plain build, as one more test of tests/run.sh,
# so that its count is in the total and the total is the last line: an extension linked
# with ASan's objects cannot load into a Python that lacks its runtime, so sanitize and
# check-nosimd leave it out (PYTHON_CHECK=0). The sub-makes print no directory lines after
# the total.
PYTHON_CHECK ?= 1
# The playground too where emcc is installed (tests/test_web.sh says "skipped" elsewhere).
EMCC ?= emcc
WEB_FOR_CHECK = $(if $(shell command -v $(EMCC) 2>/dev/null),web)
check: all tests $(WEB_FOR_CHECK)
	$(DIFF_SKIP_MSG)
	@PYTHON_CHECK=$(PYTHON_CHECK) sh tests/run.sh $(BUILD)

# The prover (ibidi_rfc5893_prove) against the enumeration of every label up to length 7
# (Character Grouping, both readings) and 6 (the directional controls), and Badami's pair
# automaton against every name up to 7: minutes, so not part of check, which runs 5 and 4,
# and 5.
check-proofs-7: $(BUILD)/tests/test_proofs $(BUILD)/tests/test_proofs_badami
	$(BUILD)/tests/test_proofs 7 6
	$(BUILD)/tests/test_proofs_badami 7

sanitize:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/san OPT="$(SAN_FLAGS)" EXTRA_LDFLAGS="-fsanitize=address,undefined" PYTHON_CHECK=0 check

# The whole suite over the portable fallbacks of the SIMD paths.
check-nosimd:
	$(MAKE) --no-print-directory BUILD=$(BUILD)/nosimd NOSIMD=1 PYTHON_CHECK=0 check

tables: $(GEN)
	$(GEN) $(UCD_DIR) .

# libFuzzer builds (clang): build/fuzz/<target>; run e.g. build/fuzz/fuzz_utf8 fuzz/corpus/fuzz_utf8
fuzz:
	$(MAKE) BUILD=$(BUILD)/fuzzer CC=clang OPT="-O1 -g -fsanitize=fuzzer-no-link,address,undefined" $(BUILD)/fuzzer/libibidi.a $(BUILD)/fuzzer/libibidi_cli.a
	@for f in $(FUZZ_SRC); do n=$$(basename $$f .c); \
	  echo "clang $$f -> $(BUILD)/fuzzer/$$n"; \
	  cli=; [ $$n = fuzz_cli ] && cli=$(BUILD)/fuzzer/libibidi_cli.a; \
	  clang $(CPPFLAGS) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined $$f $$cli $(BUILD)/fuzzer/libibidi.a $(LIBS) $(CLI_LIBS) -o $(BUILD)/fuzzer/$$n || exit 1; \
	done
	@$(foreach t,$(DIFF_TARGETS),echo "clang fuzz/$(t).c -> $(BUILD)/fuzzer/$(t)" && \
	  clang $(CPPFLAGS) $(DIFF_FLAGS_$(t)) $(WARN) -O1 -g -fsanitize=fuzzer,address,undefined fuzz/$(t).c \
	    $(BUILD)/fuzzer/libibidi.a $(DIFF_LIBS_$(t)) $(LIBS) -o $(BUILD)/fuzzer/$(t) &&) true
	$(DIFF_SKIP_MSG)

# Benchmarks compare with ICU (and, for bidi, FriBidi) side by side when their headers are
# installed.
HAVE_ICU := $(shell printf '\043include <unicode/unorm2.h>\n' | $(CC) -E -x c - >/dev/null 2>&1 && echo 1)
ifeq ($(HAVE_ICU),1)
BENCH_FLAGS := -DIBIDI_BENCH_ICU -licuuc
endif
FRIBIDI_CFLAGS := $(shell pkg-config --cflags fribidi 2>/dev/null || echo -I/usr/include/fribidi)
HAVE_FRIBIDI := $(shell printf '\043include <fribidi.h>\n' | $(CC) $(FRIBIDI_CFLAGS) -E -x c - >/dev/null 2>&1 && echo 1)
BENCH_BIDI_FLAGS := $(BENCH_FLAGS)
ifeq ($(HAVE_FRIBIDI),1)
# -isystem: the warnings of -Wpedantic are about our code, not FriBidi's headers
BENCH_BIDI_FLAGS += -DIBIDI_BENCH_FRIBIDI $(patsubst -I%,-isystem %,$(FRIBIDI_CFLAGS)) -lfribidi
endif
# The benches use the public API only (no -Isrc), like any program linking libibidi.
$(BUILD)/bench/bench: bench/bench.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(BENCH_FLAGS) $(LIBS)

$(BUILD)/bench/bench_bidi: bench/bench_bidi.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(BENCH_BIDI_FLAGS) $(LIBS)

# IDNA: ICU's UTS #46 object (libicuuc) and libidn2 when their headers are installed.
HAVE_IDN2 := $(shell printf '\043include <idn2.h>\n' | $(CC) -E -x c - >/dev/null 2>&1 && echo 1)
BENCH_IDNA_FLAGS := $(BENCH_FLAGS)
ifeq ($(HAVE_IDN2),1)
BENCH_IDNA_FLAGS += -DIBIDI_BENCH_IDN2 -lidn2
endif
$(BUILD)/bench/bench_idna: bench/bench_idna.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(BENCH_IDNA_FLAGS) $(LIBS)

# Identifier display: ICU's ubidi alongside.
$(BUILD)/bench/bench_iri: bench/bench_iri.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(BENCH_FLAGS) $(LIBS)

# Collision scan: the per-name pipeline of `ibidi scan`, and the command itself.
$(BUILD)/bench/bench_scan: bench/bench_scan.c $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(LIBS)

# Look-alikes: ICU's spoof checker (libicui18n) alongside.
BENCH_CONF_FLAGS := $(BENCH_FLAGS)
ifeq ($(HAVE_ICU),1)
BENCH_CONF_FLAGS += -licui18n
endif
$(BUILD)/bench/bench_confusable: bench/bench_confusable.c bench/bench_util.h $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(BENCH_CONF_FLAGS) $(LIBS)

# How to show an identifier: ICU's spoof checker alongside.
$(BUILD)/bench/bench_show: bench/bench_show.c bench/bench_util.h $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(BENCH_CONF_FLAGS) $(LIBS)

# Registry policy: ICANN's LGRs from ../shared/lgr (skipped when absent).
$(BUILD)/bench/bench_lgr: bench/bench_lgr.c bench/bench_util.h $(STATIC)
	@mkdir -p $(@D)
	$(CC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) -O2 -g $(CFLAGS) $< $(STATIC) -o $@ $(LIBS)

bench: $(BUILD)/bench/bench $(BUILD)/bench/bench_bidi $(BUILD)/bench/bench_idna $(BUILD)/bench/bench_iri $(BUILD)/bench/bench_scan $(BUILD)/bench/bench_lgr $(BUILD)/bench/bench_confusable $(BUILD)/bench/bench_show $(CLI)
	$(BUILD)/bench/bench
	$(BUILD)/bench/bench_bidi
	$(BUILD)/bench/bench_idna
	$(BUILD)/bench/bench_iri
	$(BUILD)/bench/bench_scan $(CLI)
	$(BUILD)/bench/bench_lgr
	$(BUILD)/bench/bench_confusable
	$(BUILD)/bench/bench_show
	@if [ -n "$(WEB_BENCH_RUN)" ]; then $(MAKE) --no-print-directory $(WEB_BENCH) && \
	  $(WEB_ENV) sh tools/bench_web.sh $(BUILD) $(WEB); \
	else echo "skipped: the wasm benchmarks: emcc or node not installed"; fi

# The playground (web/): libibidi compiled to WebAssembly with Debian's emscripten (emcc),
# one page, build/web/index.html, with the wasm (base64) and the JS glue inlined, so that it
# opens from file:// with no server. emcc's JS tools need node's Debian modules (acorn):
# NODE_PATH names them for a node from elsewhere. The page does not depend on BUILD's
# options (sanitizers, NOSIMD): one for every build.
WEB      ?= build/web
WEB_ENV  := NODE_PATH=$${NODE_PATH:+$$NODE_PATH:}/usr/share/nodejs
WEB_OPT  ?= -O2
# The LGR loader's expat there is expat itself, compiled by emcc: Debian ships no expat
# built for wasm, so the build takes Debian 12's source package of expat (Debian's
# patches applied), which tools/fetch_expat.sh fetches with apt-get from Debian's mirror
# into EXPAT_CACHE once (dpkg-dev needed); later builds read the copy there and fetch
# nothing. EXPAT_SRC=FOLDER names a source already unpacked instead (the folder with
# lib/xmlparse.c). Its configuration is web/expat_config.h.
EXPAT_CACHE ?= $(WEB)/expat
EXPAT_SRC   ?= $(EXPAT_CACHE)/source/expat
EXPAT_H     := $(EXPAT_SRC)/lib/expat.h
EXPAT_LIB_SRC := $(addprefix $(EXPAT_SRC)/lib/,xmlparse.c xmlrole.c xmltok.c)
EXPAT_OBJ   := $(WEB)/obj/expat/xmlparse.o $(WEB)/obj/expat/xmlrole.o $(WEB)/obj/expat/xmltok.o
EXPAT_VERSION = $(if $(filter $(EXPAT_CACHE)/source/expat,$(EXPAT_SRC)),$$(cat $(EXPAT_CACHE)/version),from $(EXPAT_SRC))
# expat's own code takes expat's flags, not ours: C99, and its warnings shown but not
# errors (-Werror is for the code of this repository); assertions on, as in Debian's build.
# -Wno-format: its one warning on wasm32, where ptrdiff_t is a 32-bit long, is a format of
# its debugging statistics (%d for a ptrdiff_t), which prints the same value there.
EXPAT_CFLAGS = -std=c99 -Wall -Wno-format $(WEB_OPT) -Iweb -I$(EXPAT_SRC)/lib
# clang warns of static inline helpers that only the SSE2 paths call (gcc does not);
# expat's header is a system header to our code, as /usr/include/expat.h is natively
WEB_CFLAGS = $(WARN) -Wno-unused-function $(WEB_OPT) -isystem $(EXPAT_SRC)/lib
WEB_OBJ  := $(LIB_SRC:%.c=$(WEB)/obj/%.o) $(EXPAT_OBJ) $(WEB)/obj/web/ibidi_web.o
# MINIFY_HTML=0: Debian 12's emcc 3.1.6 calls htmlmin with its options as a list, and fails
WEB_LDFLAGS := -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=33554432 -sTOTAL_STACK=1048576 \
               -sFILESYSTEM=1 -sENVIRONMENT=web,node -sMINIFY_HTML=0
EMCC_CHECK = @command -v $(EMCC) >/dev/null 2>&1 || { echo "make web: $(EMCC) not found: apt-get install -y emscripten" >&2; exit 1; }

web: $(WEB)/index.html

# expat's source: fetched into EXPAT_CACHE, or a folder that EXPAT_SRC names
$(EXPAT_H):
	@if [ "$(EXPAT_SRC)" != "$(EXPAT_CACHE)/source/expat" ]; then \
	  echo "make web: EXPAT_SRC=$(EXPAT_SRC) has no lib/expat.h: name the folder of expat's source that has lib/xmlparse.c" >&2; exit 1; fi
	@sh tools/fetch_expat.sh $(EXPAT_CACHE) || { echo "make web: expat's source could not be fetched (above)" >&2; exit 1; }
$(EXPAT_LIB_SRC): | $(EXPAT_H)

$(WEB)/obj/expat/%.o: $(EXPAT_SRC)/lib/%.c web/expat_config.h
	$(EMCC_CHECK)
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) $(EXPAT_CFLAGS) -MMD -MP -c $< -o $@

$(WEB)/obj/%.o: %.c | $(EXPAT_H)
	$(EMCC_CHECK)
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) $(CPPFLAGS) $(WEB_CFLAGS) -MMD -MP -c $< -o $@

$(WEB)/index.html: $(WEB_OBJ) web/index.html
	@rm -rf $(WEB)/tmp && mkdir -p $(WEB)/tmp
	$(WEB_ENV) $(EMCC) $(WEB_OPT) $(WEB_OBJ) -o $(WEB)/tmp/index.html --shell-file web/index.html \
	  -sSINGLE_FILE=1 $(WEB_LDFLAGS)
	mv $(WEB)/tmp/index.html $@ && rm -rf $(WEB)/tmp
	@echo "$@: $$(wc -c <$@) bytes, with expat $(EXPAT_VERSION)"

# The IDNA and bidi benchmarks compiled to wasm, run under node (make bench, where emcc and
# node are installed): the same workloads as the native ones, without the other libraries.
WEB_BENCH := $(WEB)/bench/bench_idna.js $(WEB)/bench/bench_bidi.js
$(WEB)/bench/%.js: bench/%.c $(filter $(WEB)/obj/src/%,$(WEB_OBJ)) $(EXPAT_OBJ)
	$(EMCC_CHECK)
	@mkdir -p $(@D)
	$(WEB_ENV) $(EMCC) -Iinclude -D_POSIX_C_SOURCE=200809L $(WARN) $(WEB_OPT) $< \
	  $(filter $(WEB)/obj/src/%,$(WEB_OBJ)) $(EXPAT_OBJ) -o $@ \
	  -sALLOW_MEMORY_GROWTH=1 -sTOTAL_STACK=4194304 -sENVIRONMENT=node -sNODERAWFS=1 -sSINGLE_FILE=1
WEB_BENCH_RUN = $(if $(shell command -v $(EMCC) 2>/dev/null),$(if $(shell command -v node 2>/dev/null),1))

# The main job on bundled sample data.
demo: $(CLI)
	@sh tools/demo.sh $(CLI)

MANDIR        ?= $(PREFIX)/share/man
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
# A program linked with `pkg-config --libs ibidi` must find libibidi.so.2 right after an
# install into the system, so the loader's cache is refreshed then (root, no DESTDIR); a
# staged install (DESTDIR) or a user's own prefix has no cache of ours to refresh.
LDCONFIG_STEP = @if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] && command -v ldconfig >/dev/null; \
	then echo ldconfig; ldconfig; fi

install: all
	install -d $(DESTDIR)$(PREFIX)/include/ibidi $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/ibidi.h $(DESTDIR)$(PREFIX)/include/
	install -m 644 include/ibidi/*.h $(DESTDIR)$(PREFIX)/include/ibidi/
	install -m 644 $(STATIC) $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(SHARED) $(DESTDIR)$(PREFIX)/lib/
	ln -sf libibidi.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libibidi.so.$(SOVERSION)
	ln -sf libibidi.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/libibidi.so
	install -m 755 $(CLI) $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' ibidi.pc.in \
	  > $(DESTDIR)$(PREFIX)/lib/pkgconfig/ibidi.pc
	install -d $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(COMPLETIONDIR)
	install -m 644 docs/ibidi.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 docs/libibidi.3 $(DESTDIR)$(MANDIR)/man3/
	install -m 644 tools/ibidi.bash-completion $(DESTDIR)$(COMPLETIONDIR)/ibidi
	$(LDCONFIG_STEP)

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/include/ibidi.h $(DESTDIR)$(PREFIX)/bin/ibidi
	rm -rf $(DESTDIR)$(PREFIX)/include/ibidi
	rm -f $(DESTDIR)$(PREFIX)/lib/libibidi.* $(DESTDIR)$(PREFIX)/lib/pkgconfig/ibidi.pc
	rm -f $(DESTDIR)$(MANDIR)/man1/ibidi.1 $(DESTDIR)$(MANDIR)/man3/libibidi.3
	rm -f $(DESTDIR)$(COMPLETIONDIR)/ibidi
	$(LDCONFIG_STEP)

clean:
	rm -rf $(BUILD)
	$(MAKE) -C python clean

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
