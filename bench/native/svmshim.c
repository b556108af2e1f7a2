/* issue 32 spike: the C helpers svm's Java code calls (signatures from its @CFunction declarations), written for this experiment */
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
  if (f != NULL) f(vm, reserved);
  return JNI_VERSION_1_8; /* what a built-in (static) library must answer, whatever the shared one says */
}
JNIEXPORT jint JNI_OnLoad_java(JavaVM *vm, void *r) { return forward_onload("libjava.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_nio(JavaVM *vm, void *r) { return forward_onload("libnio.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_net(JavaVM *vm, void *r) { return forward_onload("libnet.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_zip(JavaVM *vm, void *r) { return forward_onload("libzip.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_attach(JavaVM *vm, void *r) { return forward_onload("libattach.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_extnet(JavaVM *vm, void *r) { return forward_onload("libextnet.so", vm, r); }
JNIEXPORT jint JNI_OnLoad_management_ext(JavaVM *vm, void *r) { return forward_onload("libmanagement_ext.so", vm, r); }
#include <sys/stat.h>
/* svm reaches File.isDirectory while loading libjava, before it sets libjava's platform encoding
   (JDK 25.0.3's Module.ensureNativeAccess): this one reads the path as UTF-8 itself */
void InitializeEncoding(JNIEnv *env, const char *name);
void Java_java_io_FileOutputStream_initIDs(JNIEnv *env, jclass c);
void Java_java_io_FileInputStream_initIDs(JNIEnv *env, jclass c);
void Java_java_io_FileDescriptor_initIDs(JNIEnv *env, jclass c);
/* ...and prints a warning before it sets libjava's field IDs: both done here, at the first call */
static void early_libjava_init(JNIEnv *env) {
  static int done;
  if (done) return;
  done = 1;
  InitializeEncoding(env, "UTF-8");
  Java_java_io_FileDescriptor_initIDs(env, (*env)->FindClass(env, "java/io/FileDescriptor"));
  Java_java_io_FileInputStream_initIDs(env, (*env)->FindClass(env, "java/io/FileInputStream"));
  Java_java_io_FileOutputStream_initIDs(env, (*env)->FindClass(env, "java/io/FileOutputStream"));
}
JNIEXPORT jint JNICALL Java_java_io_UnixFileSystem_getBooleanAttributes0(JNIEnv *env, jobject fs, jobject file) {
  early_libjava_init(env);
  jfieldID pathField = (*env)->GetFieldID(env, (*env)->GetObjectClass(env, file), "path", "Ljava/lang/String;");
  jstring path = (jstring) (*env)->GetObjectField(env, file, pathField);
  if (path == NULL) return 0;
  const char *p = (*env)->GetStringUTFChars(env, path, NULL);
  struct stat st;
  jint attributes = 0;
  if (p != NULL && stat(p, &st) == 0)
    attributes = 0x01 | (S_ISREG(st.st_mode) ? 0x02 : 0) | (S_ISDIR(st.st_mode) ? 0x04 : 0);
  if (p != NULL) (*env)->ReleaseStringUTFChars(env, path, p);
  return attributes;
}
