/* spike: the two JNI helpers the native-image builder's progress reporter asks for (written here, not GraalVM's) */
#include <jni.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <unistd.h>
JNIEXPORT jlong JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getPeakRSS0(JNIEnv *e, jclass c) {
  struct rusage u; return getrusage(RUSAGE_SELF, &u) == 0 ? (jlong) u.ru_maxrss * 1024 : -1;
}
JNIEXPORT jint JNICALL Java_com_oracle_svm_hosted_ProgressReporterCHelper_getTerminalWindowColumns0(JNIEnv *e, jclass c) {
  struct winsize w; return ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) == 0 ? w.ws_col : 0;
}
