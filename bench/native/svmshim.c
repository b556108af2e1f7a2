/* spike: the C helpers svm's Java code calls (signatures from its @CFunction declarations), written for this experiment */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <jni.h>
#include <limits.h>
#include <semaphore.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

static sem_t signal_sem;
static volatile int pending[NSIG];
int cSunMiscSignal_open(void) { return sem_init(&signal_sem, 0, 0); }
int cSunMiscSignal_close(void) { return sem_destroy(&signal_sem); }
int cSunMiscSignal_awaitSemaphore(void) { while (sem_wait(&signal_sem) != 0 && errno == EINTR) {} return 0; }
int cSunMiscSignal_signalSemaphore(void) { return sem_post(&signal_sem); }
int cSunMiscSignal_signalRangeCheck(int sig) { return sig > 0 && sig < NSIG; }
int cSunMiscSignal_checkPendingSignal(void) {
  for (int s = 1; s < NSIG; s++) {
    int n = pending[s];
    if (n > 0 && __sync_bool_compare_and_swap(&pending[s], n, n - 1)) return s;
  }
  return -1;
}
static void dispatch(int sig) { __sync_fetch_and_add(&pending[sig], 1); sem_post(&signal_sem); }
void *cSunMiscSignal_signalHandlerFunctionPointer(void) { return (void *) dispatch; }

char *SVM_FindJavaTZmd(const char *mappings, int length) {
  const char *tz = getenv("TZ");
  char buf[PATH_MAX];
  if (tz != NULL && *tz != 0) return strdup(*tz == ':' ? tz + 1 : tz);
  ssize_t n = readlink("/etc/localtime", buf, sizeof buf - 1);
  if (n > 0) { buf[n] = 0; char *z = strstr(buf, "zoneinfo/"); if (z) return strdup(z + 9); }
  FILE *f = fopen("/etc/timezone", "r");
  if (f) { if (fgets(buf, sizeof buf, f)) { buf[strcspn(buf, "\n")] = 0; fclose(f); return strdup(buf); } fclose(f); }
  return strdup("UTC");
}
int fprintfSD(FILE *f, const char *fmt, const char *s, int d) { return fprintf(f, fmt, s, d); }
int getThreadId(void) { return (int) syscall(SYS_gettid); }
long getThreadUserTimeSlow(int tid) { return -1; }
void *mremapP(void *old, size_t oldSize, size_t newSize, int flags, void *newAddr) { return mremap(old, oldSize, newSize, flags, newAddr); }
int openSII(const char *path, int flags, int mode) { return open(path, flags, mode); }
void initialize(void) {}
int svm_container_initialize(void) { return 0; }
int svm_container_active_processor_count(void) { return (int) sysconf(_SC_NPROCESSORS_ONLN); }
long svm_container_physical_memory(void) { return (long) sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE); }

/* The JDK's own libraries, linked as shared ones: svm calls JNI_OnLoad_<lib> of each built-in library. */
static jint forward_onload(const char *lib, JavaVM *vm, void *reserved) {
  void *h = dlopen(lib, RTLD_NOW | RTLD_NOLOAD);
  jint (*f)(JavaVM *, void *) = h ? (jint (*)(JavaVM *, void *)) dlsym(h, "JNI_OnLoad") : NULL;
  return f ? f(vm, reserved) : JNI_VERSION_1_8;
}
JNIEXPORT jint JNI_OnLoad_java(JavaVM *vm, void *r) { return forward_onload("libjava.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_nio(JavaVM *vm, void *r) { return forward_onload("libnio.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_net(JavaVM *vm, void *r) { return forward_onload("libnet.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_zip(JavaVM *vm, void *r) { return forward_onload("libzip.so", vm, r); }
