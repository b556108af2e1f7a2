#!/usr/bin/env bash
# bench/peers-build.sh [DIR] -- builds the peers bench/peers-ruby.sh and bench/peers-hprof.sh run:
#   DIR/harb/harb                 harb (github.com/csfrancis/harb, C++): a Ruby heap dump analyser
#                                 that loads a dump into a graph and its dominator tree
#   DIR/heap-profiler/            Shopify's heap-profiler gem (github.com/Shopify/heap-profiler):
#                                 its report by gem, file, location and class, with its C++
#                                 (simdjson) extension built
#   DIR/netbeans/                 the NetBeans profiler heap library (Maven Central,
#                                 org.netbeans.modules:org-netbeans-lib-profiler:RELEASE250) and
#                                 bench/peers/NetBeansHistogram.java compiled against it
# DIR defaults to /tmp/heaplens-peers. The sources are cloned from GitHub unless DIR/harb and
# DIR/heap-profiler already hold them. Needs g++, make, libreadline-dev, libsparsehash-dev
# (harb), ruby and ruby-dev (heap-profiler), a JDK 17+.
# harb's sources predate GCC 12's header clean-up: <cstdarg>, <cstdio> and <cstdint> are
# included on the compiler's command line (-include), the sources are not changed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:-/tmp/heaplens-peers}"
mkdir -p "$dir"
log() { echo "[peers-build] $*" >&2; }

[ -f "$dir/harb/Makefile" ] || git clone -q https://github.com/csfrancis/harb "$dir/harb"
log "harb: make"
make -s -C "$dir/harb" CXX="g++ -include cstdarg -include cstdio -include cstdint" >&2

[ -f "$dir/heap-profiler/heap-profiler.gemspec" ] || git clone -q https://github.com/Shopify/heap-profiler "$dir/heap-profiler"
log "heap-profiler: its extension"
(cd "$dir/heap-profiler/ext/heap_profiler" && ruby extconf.rb > /dev/null && make -s > /dev/null)
cp "$dir/heap-profiler/ext/heap_profiler/heap_profiler.so" "$dir/heap-profiler/lib/heap_profiler/"

log "NetBeans profiler heap library"
artifact=org.netbeans.modules:org-netbeans-lib-profiler:RELEASE250
(cd "$here" && ./mvnw -q dependency:get -Dartifact="$artifact" > /dev/null)
jar="$HOME/.m2/repository/org/netbeans/modules/org-netbeans-lib-profiler/RELEASE250/org-netbeans-lib-profiler-RELEASE250.jar"
mkdir -p "$dir/netbeans"
cp "$jar" "$dir/netbeans/"
javac -d "$dir/netbeans" -cp "$jar" "$here/bench/peers/NetBeansHistogram.java"
log "built in $dir"
