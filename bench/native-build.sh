#!/usr/bin/env bash
# bench/native-build.sh [WORK] -- issue 32's spike: heaplens as a native executable, built with the
# native-image builder from Maven Central's svm jars on a stock Temurin JDK 25 (no GraalVM here).
# An experiment, not a supported build: BENCHMARKS.md "A native heaplens: the spike" says what
# each step works around and what it costs. Writes everything under WORK (default
# /tmp/native/build); the executable is WORK/out/heaplens-native. Took 49 minutes of wall and
# about 3 GB of memory on the loaded 2-core host. Where it stands: BENCHMARKS.md (it starts and
# reaches heaplens' main; the resource-bundle option below was added after, untried).
#   1. the builder (com.oracle.svm.hosted.NativeImageGeneratorRunner: Maven Central has no svm-driver
#      for 25.x) runs on a copy of the JDK, which gets the two-function progress helper the builder
#      loads from java.home (bench/native/reporterchelper.c);
#   2. svm's C headers and CPU-feature helper, which GraalVM ships and the jar does not, are written
#      from svm's declarations (bench/native/gen_clibs.py);
#   3. the JDK's static libraries (libjava.a, libnio.a, libnet.a), which GraalVM's JDK ships and
#      Temurin does not, are replaced by the JDK's shared ones, linked with a libjvm.so of our own
#      (bench/native/jvmshim.c: the JVM_* functions they may call; any other stops loudly), and
#      svm's own C helpers (bench/native/svmshim.c).
# Environment: JDK25 (default /usr/lib/jvm/temurin-25-jdk-amd64), SVM (default 25.0.2), JAR
# (default target/heaplens.jar; ./mvnw -q -DskipTests package makes it), PREPARE_ONLY=1 (stop
# before the build). Needs gcc, python3.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="${1:-/tmp/native/build}"; jdk_src="${JDK25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
svm="${SVM:-25.0.2}"; jar="${JAR:-$here/target/heaplens.jar}"
[ -f "$jar" ] || { echo "native-build.sh: no $jar (./mvnw -q -DskipTests package)" >&2; exit 2; }
mkdir -p "$work"/{clib/include,shim,config,out}
jdk="$work/jdk"
[ -x "$jdk/bin/java" ] || cp -a "$jdk_src" "$jdk"

# 1. The builder's jars, and a JDK it can run on.
(cd "$here" && ./mvnw -q dependency:get -Dartifact="org.graalvm.nativeimage:svm:$svm" -Dtransitive=true)
repo="${MAVEN_REPO:-$HOME/.m2/repository}/org/graalvm"
compiler="$repo/compiler/compiler/$svm/compiler-$svm.jar"
module_path="$(find "$repo" -name "*-$svm.jar" ! -name "compiler-$svm.jar" | tr '\n' ':')"
mkdir -p "$jdk/lib/svm/builder/lib"
gcc -shared -fPIC -O2 -I "$jdk/include" -I "$jdk/include/linux" "$here/bench/native/reporterchelper.c" \
  -o "$jdk/lib/svm/builder/lib/libreporterchelper.so"
targets=org.graalvm.nativeimage.base,org.graalvm.nativeimage.builder,org.graalvm.nativeimage.pointsto
targets=$targets,org.graalvm.nativeimage.objectfile,jdk.graal.compiler,ALL-UNNAMED
for m in jdk.internal.vm.ci java.base jdk.jfr jdk.management jdk.internal.jvmstat jdk.unsupported \
    java.management jdk.zipfs jdk.net; do # every package the builder reaches into
  "$jdk/bin/java" --describe-module "$m" | awk '$1=="contains" || $1=="qualified" {print $1=="contains" ? $2 : $3}' \
    | sort -u | while read -r p; do echo "--add-exports=$m/$p=$targets"; echo "--add-opens=$m/$p=$targets"; done
done > "$work/exports.args"

# 2. svm's C headers and helpers.
cp "$here/bench/native/svm_locale.h" "$work/clib/include/"
python3 "$here/bench/native/gen_clibs.py" "$jdk/bin/javap" "$repo/nativeimage/svm/$svm/svm-$svm.jar" "$work/clib"
gcc -O2 -fPIC -c -I "$work/clib/include" "$work/clib/libchelper.c" -o "$work/clib/libchelper.o"
ar rcs "$work/clib/liblibchelper.a" "$work/clib/libchelper.o"
echo "int heaplens_native_spike_placeholder;" > "$work/clib/placeholder.c"
gcc -c "$work/clib/placeholder.c" -o "$work/clib/placeholder.o"
for l in java nio net zip jvm; do ar rcs "$work/clib/lib$l.a" "$work/clib/placeholder.o"; done # the builder's check only

# 3. The JDK's shared libraries, our libjvm.so beside them (their $ORIGIN), svm's C helpers.
libs=(java nio net zip attach extnet management_ext) # what heaplens' CLI reaches (jdk.attach: memprof)
for l in "${libs[@]}"; do cp "$jdk/lib/lib$l.so" "$work/shim/"; done
{
  cat "$here/bench/native/jvmshim.c"
  echo "/* every other JVM_* the JDK's libraries import: a call is a gap in this spike, so it stops loudly */"
  echo 'static void missing(const char *n) { fprintf(stderr, "heaplens native spike: %s is not implemented\n", n); abort(); }'
  implemented="$(grep -o 'JVM_[A-Za-z]*(' "$here/bench/native/jvmshim.c" | tr -d '(' | sort -u)"
  for s in $(nm -D --undefined-only $(printf "$work/shim/lib%s.so " "${libs[@]}") | grep -o 'JVM_[A-Za-z0-9_]*' | sort -u); do
    grep -qx "$s" <<< "$implemented" || echo "void $s(void) { missing(\"$s\"); }"
  done
} > "$work/shim/jvmshim.c"
echo "SUNWprivate_1.1 { global: *; };" > "$work/shim/jvm.map" # the symbol version the JDK's libraries ask for
gcc -O2 -fPIC -shared -Wl,--version-script,"$work/shim/jvm.map" -I "$jdk/include" -I "$jdk/include/linux" \
  "$work/shim/jvmshim.c" -o "$work/shim/libjvm.so" -ldl
gcc -O2 -fPIC -c -I "$jdk/include" -I "$jdk/include/linux" "$here/bench/native/svmshim.c" -o "$work/shim/svmshim.o"

# 4. picocli and Jackson reflect on heaplens' classes: register them all (a spike; picocli-codegen
#    would list only what picocli needs), and keep heaplens' resources.
python3 - "$jar" "$work/config" <<'EOF'
import json, sys, zipfile
jar, out = sys.argv[1:3]
names = sorted(n[:-6].replace("/", ".") for n in zipfile.ZipFile(jar).namelist()
               if n.endswith(".class") and n.startswith(("dev/heaplens/", "picocli/")))
every = ("allDeclaredConstructors", "allPublicConstructors", "allDeclaredMethods", "allPublicMethods",
         "allDeclaredFields", "allPublicFields")
json.dump([dict({"name": n}, **{k: True for k in every}) for n in names], open(f"{out}/reflect-config.json", "w"))
patterns = ["dev/heaplens/.*", "META-INF/resources/.*", "picocli/.*", "META-INF/services/.*"]
json.dump({"resources": {"includes": [{"pattern": p} for p in patterns]}}, open(f"{out}/resource-config.json", "w"))
EOF

[ "${PREPARE_ONLY:-0}" = 1 ] && exit 0
link=(-H:NativeLinkerOption="$work/shim/svmshim.o" -H:NativeLinkerOption=-L"$work/shim")
for l in "${libs[@]}" jvm; do link+=(-H:NativeLinkerOption=-l:lib$l.so); done
link+=(-H:NativeLinkerOption=-Wl,-rpath,"$work/shim")
"$jdk/bin/java" -XX:+UseParallelGC -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:-UseJVMCICompiler \
  @"$work/exports.args" --add-modules=ALL-DEFAULT \
  -Djava.system.class.loader=com.oracle.svm.hosted.NativeImageSystemClassLoader \
  -Dorg.graalvm.nativeimage.imagecode=buildtime -Dcom.oracle.graalvm.isaot=true -Dorg.graalvm.version="$svm" \
  -Djdk.internal.lambda.disableEagerInitialization=true \
  -Djava.lang.invoke.InnerClassLambdaMetafactory.initializeLambdas=false \
  -Djava.awt.headless=true -Dfile.encoding=UTF-8 \
  --module-path "$module_path" --upgrade-module-path "$compiler" \
  -m org.graalvm.nativeimage.builder/com.oracle.svm.hosted.NativeImageGeneratorRunner \
  -imagecp "$jar" -H:Class=dev.heaplens.cli.Main -H:Name=heaplens-native -H:Path="$work/out" \
  -H:ImageBuildID="$(cat /proc/sys/kernel/random/uuid)" -H:CLibraryPath="$work/clib" -H:-UseContainerSupport \
  -H:ReflectionConfigurationFiles="$work/config/reflect-config.json" \
  -H:ResourceConfigurationFiles="$work/config/resource-config.json" -H:IncludeResourceBundles=dev.heaplens.cli.KeyHelp \
  "${link[@]}"
