#!/bin/sh
# Runs the built server (dist/server/main.js) the way production runs it. `npm start` builds and
# then runs this; so do the bench, the scale-out check and the tests that need a real process.
# Arguments go to node, before the entry point (`sh scripts/serve.sh --inspect`); `NODE` names
# another node binary.
#
# - V8's heap: a 4 MB young generation and a 192 MB old one (docs/decisions/012-memory-flags.md).
# - The C allocator: jemalloc where the system has it (Debian and Ubuntu: the `libjemalloc2`
#   package), with its own defaults: what a burst freed goes back to the system within about ten
#   seconds, where glibc's malloc keeps it, fragmented, for the life of the process
#   (docs/decisions/074-jemalloc.md). MEMORY_ALLOCATOR=system keeps glibc's; an LD_PRELOAD of
#   your own is kept as it is, and jemalloc reads MALLOC_CONF if you set one.
set -e
cd "$(dirname "$0")/.."

case "${MEMORY_ALLOCATOR:-jemalloc}" in
  jemalloc)
    if [ -z "${LD_PRELOAD:-}" ]; then
      for lib in "/usr/lib/$(uname -m)-linux-gnu/libjemalloc.so.2" /usr/lib64/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 /usr/local/lib/libjemalloc.so.2; do
        if [ -f "$lib" ]; then
          export LD_PRELOAD="$lib"
          break
        fi
      done
    fi
    ;;
  system) ;;
  *)
    echo "MEMORY_ALLOCATOR must be jemalloc or system (got \"$MEMORY_ALLOCATOR\")" >&2
    exit 1
    ;;
esac

exec "${NODE:-node}" --max-semi-space-size=4 --max-old-space-size=192 "$@" dist/server/main.js
