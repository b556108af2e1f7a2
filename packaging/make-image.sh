#!/usr/bin/env bash
# Makes target/heaplens-VERSION-linux-ARCH.tar.gz from the packaged jars: a jlinked Java runtime of
# the modules heaplens uses (jdeps lists them), the jars, the memprof agent, the launcher, the sample
# and the Ruby collectors. Run by `./mvnw -Pimage package` (README "Install"); needs the JDK's jlink.
# With a .deb tool chain (dpkg-deb, fakeroot) it also makes target/heaplens_VERSION_ARCH.deb.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="$1"
target="$root/target"
case "$(uname -m)" in x86_64) arch=x64 ;; aarch64) arch=aarch64 ;; *) arch="$(uname -m)" ;; esac
name="heaplens-$version-linux-$arch"
out="$target/image/$name"
rm -rf "$target/image" "$target/$name.tar.gz"
mkdir -p "$out/bin" "$out/lib" "$out/samples" "$out/collectors"

# java.desktop is left out: only serve --open uses it (and then says to open the URL by hand), and it
# is 12 MB of the runtime.
modules="$(jdeps --print-module-deps --ignore-missing-deps --multi-release 17 "$target/heaplens.jar" \
  | tr ',' '\n' | grep -vxE 'java.desktop' | paste -sd, -)"
compress=--compress=2
if [ "$(jlink --version | cut -d. -f1)" -ge 21 ]; then compress=--compress=zip-6; fi
jlink --add-modules "$modules" --strip-debug --no-man-pages --no-header-files "$compress" --output "$out/runtime"

cp "$target/heaplens.jar" "$target/heaplens-memprof.jar" "$out/lib/"
# sql's engine, where heaplens.jar looks for it (lib/ beside the jar), with only this platform's native
# library: the driver jar carries four (80 MB), this one's alone is a quarter of it.
if [ -f "$target/lib/duckdb_jdbc.jar" ]; then
  mkdir -p "$out/lib/lib"
  cp "$target/lib/duckdb_jdbc.jar" "$out/lib/lib/"
  case "$(uname -m)" in x86_64) keep=linux_amd64 ;; aarch64) keep=linux_arm64 ;; *) keep=none ;; esac
  others="$(unzip -Z1 "$out/lib/lib/duckdb_jdbc.jar" | grep '^libduckdb_java.so_' | grep -v "_$keep\$" || true)"
  if [ -n "$others" ] && command -v zip > /dev/null; then
    # shellcheck disable=SC2086
    zip -q -d "$out/lib/lib/duckdb_jdbc.jar" $others
  fi
fi
cp "$root/heaplens" "$out/lib/launcher"
cp "$root/packaging/heaplens" "$out/bin/heaplens"
cp "$root/samples/rails-ish.json.gz" "$out/samples/"
cp "$root"/collectors/*.rb "$out/collectors/"
cp "$root/README.md" "$out/"
chmod +x "$out/bin/heaplens" "$out/lib/launcher"

# A first run here checks the image and makes its start-up archive. JDK 17's AppCDS archive names the
# jar's absolute path, so it is kept out of the tarball (it would not match where it is unpacked):
# the image makes its own on its first run there, once, in a few seconds.
"$out/bin/heaplens" summary "$out/samples/rails-ish.json.gz" > /dev/null
rm -f "$out"/lib/heaplens.jsa*
tar -C "$target/image" -czf "$target/$name.tar.gz" "$name"
echo "[INFO] heaplens image: $target/$name.tar.gz ($(du -h "$target/$name.tar.gz" | cut -f1); modules $modules)"

if command -v jpackage > /dev/null && command -v dpkg-deb > /dev/null && command -v fakeroot > /dev/null; then
  deb_version="${version%-SNAPSHOT}"
  jpackage --type deb --name heaplens --app-version "$deb_version" --input "$out/lib" \
    --main-jar heaplens.jar --main-class dev.heaplens.cli.Main --runtime-image "$out/runtime" \
    --java-options "--add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED -XX:+UseSerialGC -XX:TieredStopAtLevel=1" \
    --install-dir /opt --dest "$target" \
    && echo "[INFO] heaplens .deb: $(ls "$target"/heaplens_*.deb)" \
    || echo "[WARNING] jpackage could not make the .deb; the tarball is made"
else
  echo "[INFO] no .deb: jpackage, dpkg-deb and fakeroot are all needed"
fi
