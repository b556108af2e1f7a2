/* issue 32 spike: a libjvm.so for the JDK's shared libraries inside a native image: the JVM_* and
   jio_* functions they may call, written here (bench/native-build.sh adds a loud stop for the rest) */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <jni.h>
#include <stdarg.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
JNIEXPORT jint JNICALL JVM_ActiveProcessorCount(void) { return (jint) sysconf(_SC_NPROCESSORS_ONLN); }
JNIEXPORT jlong JNICALL JVM_CurrentTimeMillis(JNIEnv *e, jclass c) { struct timespec t; clock_gettime(CLOCK_REALTIME, &t); return (jlong) t.tv_sec * 1000 + t.tv_nsec / 1000000; }
JNIEXPORT jlong JNICALL JVM_NanoTime(JNIEnv *e, jclass c) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return (jlong) t.tv_sec * 1000000000L + t.tv_nsec; }
JNIEXPORT jlong JNICALL JVM_GetNanoTimeAdjustment(JNIEnv *e, jclass c, jlong offset) {
  struct timespec t; clock_gettime(CLOCK_REALTIME, &t); jlong d = (jlong) t.tv_sec - offset;
  if (d > 0xFFFFFFFFL || d < -0xFFFFFFFFL) return -1; return d * 1000000000L + t.tv_nsec;
}
JNIEXPORT void *JNICALL JVM_RegisterSignal(jint sig, void *handler) {
  struct sigaction sa, old; memset(&sa, 0, sizeof sa); sa.sa_handler = (void (*)(int)) handler; sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART; return sigaction(sig, &sa, &old) == 0 ? (void *) old.sa_handler : (void *) -1;
}
JNIEXPORT jboolean JNICALL JVM_RaiseSignal(jint sig) { return raise(sig) == 0; }
JNIEXPORT jint JNICALL JVM_FindSignal(const char *name) {
  static const struct { const char *n; int s; } t[] = {{"HUP", SIGHUP}, {"INT", SIGINT}, {"QUIT", SIGQUIT}, {"TERM", SIGTERM},
    {"USR1", SIGUSR1}, {"USR2", SIGUSR2}, {"ALRM", SIGALRM}, {"PIPE", SIGPIPE}, {"CHLD", SIGCHLD}, {"WINCH", SIGWINCH}};
  for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) if (strcmp(name, t[i].n) == 0) return t[i].s; return -1;
}
JNIEXPORT void JNICALL JVM_Halt(jint code) { exit(code); }
JNIEXPORT void JNICALL JVM_BeforeHalt(void) {}
JNIEXPORT void JNICALL JVM_GC(void) {}
JNIEXPORT jboolean JNICALL JVM_IsSupportedJNIVersion(jint v) { return v >= JNI_VERSION_1_1 && v <= JNI_VERSION_21; }
JNIEXPORT char *JNICALL JVM_NativePath(char *path) { return path; }
JNIEXPORT void *JNICALL JVM_RawMonitorCreate(void) { pthread_mutex_t *m = malloc(sizeof *m); pthread_mutex_init(m, NULL); return m; }
JNIEXPORT void JNICALL JVM_RawMonitorDestroy(void *m) { pthread_mutex_destroy(m); free(m); }
JNIEXPORT jint JNICALL JVM_RawMonitorEnter(void *m) { return pthread_mutex_lock(m); }
JNIEXPORT void JNICALL JVM_RawMonitorExit(void *m) { pthread_mutex_unlock(m); }
JNIEXPORT jboolean JNICALL JVM_IsContainerized(void) { return JNI_FALSE; }
JNIEXPORT jboolean JNICALL JVM_IsUseContainerSupport(void) { return JNI_FALSE; }
/* libjava prints through these, and loads libraries through the last three */
JNIEXPORT int jio_vsnprintf(char *s, size_t n, const char *f, va_list a) { return vsnprintf(s, n, f, a); }
JNIEXPORT int jio_vfprintf(FILE *o, const char *f, va_list a) { return vfprintf(o, f, a); }
JNIEXPORT int jio_snprintf(char *s, size_t n, const char *f, ...) { va_list a; va_start(a, f); int r = vsnprintf(s, n, f, a); va_end(a); return r; }
JNIEXPORT int jio_fprintf(FILE *o, const char *f, ...) { va_list a; va_start(a, f); int r = vfprintf(o, f, a); va_end(a); return r; }
JNIEXPORT void *JNICALL JVM_FindLibraryEntry(void *handle, const char *name) { return dlsym(handle, name); }
JNIEXPORT void *JNICALL JVM_LoadLibrary(const char *name, jboolean throwException) { return dlopen(name, RTLD_LAZY); }
JNIEXPORT void JNICALL JVM_UnloadLibrary(void *handle) { dlclose(handle); }
