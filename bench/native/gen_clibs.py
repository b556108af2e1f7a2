#!/usr/bin/env python3
"""bench/native/gen_clibs.py JAVAP SVM_JAR OUT -- the C headers and CPU-feature helper that svm's
Java code declares but Maven Central's svm jar does not carry (GraalVM ships them as
lib/svm/clibraries). Written for issue 32's spike from svm's own declarations: the field names of
each CPUFeatures @CStruct (read with javap), every feature read from /proc/cpuinfo's flags."""
import re
import subprocess
import sys

javap, svm_jar, out = sys.argv[1:4]
ARCHES = {"amd64": "AMD64", "aarch64": "AArch64", "riscv64": "RISCV64"}
# /proc/cpuinfo spells a few flags differently from svm's field names
FLAG_NAMES = {"fSSE3": "pni", "fCLMUL": "pclmulqdq", "fLZCNT": "abm", "fAMD_3DNOW_PREFETCH": "3dnowprefetch",
              "fSHA": "sha_ni", "fTSCINV": "constant_tsc", "fTSCINV_BIT": "nonstop_tsc", "fBMI1": "bmi1",
              "fVZEROUPPER": "avx"}


def fields(arch, name):
    cls = f"com.oracle.svm.core.{arch}.{name}LibCHelper$CPUFeatures"
    text = subprocess.run([javap, "-p", "-cp", svm_jar, cls], check=True, capture_output=True, text=True).stdout
    return re.findall(r"boolean (f\w+)\(\)", text)


amd64 = []
for arch, name in ARCHES.items():
    names = fields(arch, name)
    if arch == "amd64":
        amd64 = names
    with open(f"{out}/include/{arch}cpufeatures.h", "w") as h:
        h.write("/* CPU feature flags, laid out as svm's @CStruct CPUFeatures names them (issue 32 spike) */\n")
        h.write("typedef struct {\n" + "".join(f"  char {n};\n" for n in names) + "} CPUFeatures;\n")
        h.write("void determineCPUFeatures(CPUFeatures *features);\n"
                "int checkCPUFeatures(char *buildtimeFeatures);\n"
                "int checkCPUFeaturesOrExit(char *buildtimeFeatures, char *errorMessage);\n")

with open(f"{out}/libchelper.c", "w") as c:
    c.write('''/* svm's CPU-feature and locale helpers (issue 32 spike): features from /proc/cpuinfo's flags */
#include <stdio.h>
#include <string.h>
#include "amd64cpufeatures.h"
#include "svm_locale.h"
static int has(const char *flags, const char *name) {
  size_t n = strlen(name);
  for (const char *p = flags; (p = strstr(p, name)) != NULL; p += n)
    if ((p == flags || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\\n' || p[n] == 0)) return 1;
  return 0;
}
void determineCPUFeatures(CPUFeatures *f) {
  static char flags[8192];
  char line[8192];
  FILE *in = fopen("/proc/cpuinfo", "r");
  memset(f, 0, sizeof(*f));
  if (in) {
    while (fgets(line, sizeof line, in))
      if (strncmp(line, "flags", 5) == 0) { snprintf(flags, sizeof flags, "%s", strchr(line, ':') + 1); break; }
    fclose(in);
  }
''')
    for n in amd64:
        c.write(f'  f->{n} = has(flags, "{FLAG_NAMES.get(n, n[1:].lower())}");\n')
    c.write('''}
/* the build host is the run host in this spike: no check against the build-time features */
int checkCPUFeatures(char *buildtimeFeatures) { return 0; }
int checkCPUFeaturesOrExit(char *buildtimeFeatures, char *errorMessage) { return 0; }
static svm_locale_props_t props;
int svm_initialize_locale(void) {
  props.display_language = props.format_language = "en";
  props.display_country = props.format_country = "US";
  return SVM_LOCALE_INITIALIZATION_SUCCEEDED;
}
svm_locale_props_t *svm_get_locale(void) { return &props; }
''')
