# The README's two commands: `make run` and `make test`. Everything else is a convenience.
PRESET ?= release
BUILD  := build/$(PRESET)
JOBS   ?= $(shell nproc)
ARGS   ?=

.PHONY: run test deps configure build bench asan clean format

run: build
	./scripts/run-main.sh $(BUILD) $(ARGS)

test: build
	ctest --preset $(PRESET) -j $(JOBS)

deps:
	./scripts/deps.sh

configure: deps
	@if [ ! -f $(BUILD)/build.ninja ]; then cmake --preset $(PRESET); fi

build: configure
	cmake --build --preset $(PRESET) -j $(JOBS)

bench: build
	$(BUILD)/apps/minkowski bench $(ARGS)

asan:
	$(MAKE) test PRESET=asan-ubsan

format:
	git ls-files '*.h' '*.cpp' | xargs clang-format -i

clean:
	rm -rf build
