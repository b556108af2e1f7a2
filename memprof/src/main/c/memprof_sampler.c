/*
 * heaplens-memprof's sampling mode inside the JVM: HotSpot picks the samples (JVMTI
 * SampledObjectAlloc, JDK 11+, the mechanism JFR's allocation sampling uses), so no class is
 * rewritten and an allocation that is no sample costs nothing at all. Each sample goes to
 * dev.heaplens.memprof.sampling.NativeSampler.sampled, which copies its stack, as raw (jmethodID,
 * location) pairs, into a buffer of its own (JvmtiLookups.frames), decides whether it is an
 * application allocation and tracks the object with the Java tables. The few natives of
 * JvmtiLookups below let the Java side print a frame, once per new frame.
 */
#include <jni.h>
#include <jvmti.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The Java side never asks for more: STACK_DEPTH + STACK_SKIP + room for the reflective frames. */
#define MAX_FRAMES 512

static jvmtiEnv *jvmti;
static jclass sampler;     /* one global reference, made once: the Java side holds the objects weakly */
static jmethodID sampled;
static jint max_frames;
/*
 * Set while this thread is in the callback or in the profiler's own Java code (the Java side sets
 * it through guard()): what they allocate is never a sample, and the callback never re-enters.
 */
static __thread int busy;
/* Samples this thread had while its guard was set (see NativeSampler.drainCountdown). */
static __thread int guarded_samples;
/* The stack of the sample this thread is handing to the Java side, during the call only. */
static __thread jvmtiFrameInfo *sample_frames;
static __thread jint sample_count;

static void JNICALL on_sample(jvmtiEnv *env, JNIEnv *jni, jthread thread, jobject object,
                              jclass klass, jlong size) {
    (void) thread;
    (void) klass;
    if (busy) {
        guarded_samples++;
        return;
    }
    if ((*jni)->ExceptionCheck(jni)) {
        return;
    }
    busy = 1;
    /* sized as asked (about 40 frames): the callback runs on the allocating thread's stack */
    jvmtiFrameInfo frames[max_frames];
    jint count = 0;
    if ((*env)->GetStackTrace(env, NULL, 0, max_frames, frames, &count) == JVMTI_ERROR_NONE && count > 0) {
        sample_frames = frames;
        sample_count = count;
        (*jni)->CallStaticVoidMethod(jni, sampler, sampled, object, size);
        sample_frames = NULL;
        sample_count = 0;
    }
    /* a failure in the Java side (out of memory) loses this sample, never the program's own flow */
    if ((*jni)->ExceptionCheck(jni)) {
        (*jni)->ExceptionClear(jni);
    }
    busy = 0;
}

static jstring failure(JNIEnv *jni, const char *what, jvmtiError err) {
    char text[200];
    snprintf(text, sizeof text, "%s failed (JVMTI error %d)", what, (int) err);
    return (*jni)->NewStringUTF(jni, text);
}

/* Undoes a start that failed part way: releases the global reference, if taken, and the environment. */
static jstring give_up(JNIEnv *jni, jvmtiEnv *env, jstring why) {
    if (sampler != NULL) {
        (*jni)->DeleteGlobalRef(jni, sampler);
        sampler = NULL;
    }
    sampled = NULL;
    jvmti = NULL;
    (*env)->DisposeEnvironment(env);
    return why;
}

/* Starts sampling; null when it runs, else why not (the Java side then rewrites bytecode instead). */
JNIEXPORT jstring JNICALL Java_dev_heaplens_memprof_sampling_NativeSampler_start(JNIEnv *jni, jclass cls,
                                                                                 jint interval, jint frames) {
    if (jvmti != NULL) {
        return (*jni)->NewStringUTF(jni, "sampling already started");
    }
    JavaVM *vm;
    jvmtiEnv *env;
    if ((*jni)->GetJavaVM(jni, &vm) != 0 || (*vm)->GetEnv(vm, (void **) &env, JVMTI_VERSION_11) != JNI_OK) {
        return (*jni)->NewStringUTF(jni, "no JVMTI 11 environment (a JVM older than 11?)");
    }
    /* HotSpot grants these in the live phase; a JVM that does not is told apart here */
    jvmtiCapabilities caps;
    memset(&caps, 0, sizeof caps);
    caps.can_generate_sampled_object_alloc_events = 1;
    caps.can_get_line_numbers = 1;
    caps.can_get_source_file_name = 1;
    caps.can_get_bytecodes = 1;
    caps.can_get_constant_pool = 1;
    jvmtiError err = (*env)->AddCapabilities(env, &caps);
    if (err != JVMTI_ERROR_NONE) {
        return give_up(jni, env, failure(jni, "AddCapabilities(sampled object allocation, line numbers, bytecodes)", err));
    }
    sampler = (jclass) (*jni)->NewGlobalRef(jni, cls);
    sampled = (*jni)->GetStaticMethodID(jni, cls, "sampled", "(Ljava/lang/Object;J)V");
    if (sampler == NULL || sampled == NULL) {
        (*jni)->ExceptionClear(jni);
        return give_up(jni, env, (*jni)->NewStringUTF(jni, "NativeSampler.sampled(Object, long) not found"));
    }
    max_frames = frames < 1 ? 1 : frames > MAX_FRAMES ? MAX_FRAMES : frames;
    jvmtiEventCallbacks callbacks;
    memset(&callbacks, 0, sizeof callbacks);
    callbacks.SampledObjectAlloc = on_sample;
    if ((err = (*env)->SetEventCallbacks(env, &callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) {
        return give_up(jni, env, failure(jni, "SetEventCallbacks", err));
    }
    if ((err = (*env)->SetHeapSamplingInterval(env, interval)) != JVMTI_ERROR_NONE) {
        return give_up(jni, env, failure(jni, "SetHeapSamplingInterval", err));
    }
    jvmti = env;
    err = (*env)->SetEventNotificationMode(env, JVMTI_ENABLE, JVMTI_EVENT_SAMPLED_OBJECT_ALLOC, NULL);
    if (err != JVMTI_ERROR_NONE) {
        return give_up(jni, env, failure(jni, "SetEventNotificationMode(SampledObjectAlloc)", err));
    }
    return NULL;
}

/* Copies the stack of the sample this thread is handing over into pairs, as many frames as fit; returns how many. */
JNIEXPORT jint JNICALL Java_dev_heaplens_memprof_sampling_JvmtiLookups_frames(JNIEnv *jni, jclass cls, jlongArray pairs) {
    (void) cls;
    jint count = sample_count;
    jint room = (*jni)->GetArrayLength(jni, pairs) / 2;
    if (count > room) {
        count = room;
    }
    if (count <= 0) {
        return 0;
    }
    jlong packed[2 * count];
    for (jint i = 0; i < count; i++) {
        packed[2 * i] = (jlong) (intptr_t) sample_frames[i].method;
        packed[2 * i + 1] = (jlong) sample_frames[i].location;
    }
    (*jni)->SetLongArrayRegion(jni, pairs, 0, 2 * count, packed);
    return count;
}

/* Sets this thread's guard; returns what it was. */
JNIEXPORT jboolean JNICALL Java_dev_heaplens_memprof_sampling_NativeSampler_guard(JNIEnv *jni, jclass cls, jboolean on) {
    (void) jni;
    (void) cls;
    jboolean was = busy ? JNI_TRUE : JNI_FALSE;
    busy = on ? 1 : 0;
    return was;
}

/* The samples this thread had under its guard since the last call. */
JNIEXPORT jint JNICALL Java_dev_heaplens_memprof_sampling_NativeSampler_guardedSamples(JNIEnv *jni, jclass cls) {
    (void) jni;
    (void) cls;
    jint count = guarded_samples;
    guarded_samples = 0;
    return count;
}

JNIEXPORT jclass JNICALL Java_dev_heaplens_memprof_sampling_JvmtiLookups_declaringClass(JNIEnv *jni, jclass cls,
                                                                                        jlong method) {
    (void) cls;
    jclass declaring = NULL;
    if ((*jvmti)->GetMethodDeclaringClass(jvmti, (jmethodID) (intptr_t) method, &declaring) != JVMTI_ERROR_NONE) {
        return NULL;
    }
    (void) jni;
    return declaring;
}

JNIEXPORT jstring JNICALL Java_dev_heaplens_memprof_sampling_JvmtiLookups_methodName(JNIEnv *jni, jclass cls,
                                                                                     jlong method) {
    (void) cls;
    char *name = NULL;
    if ((*jvmti)->GetMethodName(jvmti, (jmethodID) (intptr_t) method, &name, NULL, NULL) != JVMTI_ERROR_NONE) {
        return NULL;
    }
    jstring text = (*jni)->NewStringUTF(jni, name);
    (*jvmti)->Deallocate(jvmti, (unsigned char *) name);
    return text;
}

/* The source line of a location: the line of the last entry starting at or before it; -1 without a table. */
JNIEXPORT jint JNICALL Java_dev_heaplens_memprof_sampling_JvmtiLookups_lineNumber(JNIEnv *jni, jclass cls,
                                                                                  jlong method, jlong location) {
    (void) jni;
    (void) cls;
    jint count = 0;
    jvmtiLineNumberEntry *table = NULL;
    if ((*jvmti)->GetLineNumberTable(jvmti, (jmethodID) (intptr_t) method, &count, &table) != JVMTI_ERROR_NONE) {
        return -1;
    }
    jint line = -1;
    jlocation best = -1;
    for (jint i = 0; i < count; i++) {
        if (table[i].start_location <= location && table[i].start_location > best) {
            best = table[i].start_location;
            line = table[i].line_number;
        }
    }
    (*jvmti)->Deallocate(jvmti, (unsigned char *) table);
    return line;
}

JNIEXPORT jstring JNICALL Java_dev_heaplens_memprof_sampling_JvmtiLookups_sourceFile(JNIEnv *jni, jclass cls,
                                                                                     jclass type) {
    (void) cls;
    char *file = NULL;
    if ((*jvmti)->GetSourceFileName(jvmti, type, &file) != JVMTI_ERROR_NONE) {
        return NULL;
    }
    jstring text = (*jni)->NewStringUTF(jni, file);
    (*jvmti)->Deallocate(jvmti, (unsigned char *) file);
    return text;
}

/* A method's bytecodes, to tell an allocating instruction from one where the JVM allocates (ldc, a thrown exception). */
JNIEXPORT jbyteArray JNICALL Java_dev_heaplens_memprof_sampling_JvmtiLookups_bytecodes(JNIEnv *jni, jclass cls,
                                                                                       jlong method) {
    (void) cls;
    jint count = 0;
    unsigned char *code = NULL;
    if ((*jvmti)->GetBytecodes(jvmti, (jmethodID) (intptr_t) method, &count, &code) != JVMTI_ERROR_NONE) {
        return NULL;
    }
    jbyteArray bytes = (*jni)->NewByteArray(jni, count);
    if (bytes != NULL) {
        (*jni)->SetByteArrayRegion(jni, bytes, 0, count, (const jbyte *) code);
    }
    (*jvmti)->Deallocate(jvmti, code);
    return bytes;
}

/* A class's constant pool as the class file has it (count, then the entries), to name a call's target. */
JNIEXPORT jbyteArray JNICALL Java_dev_heaplens_memprof_sampling_JvmtiLookups_constantPool(JNIEnv *jni, jclass cls,
                                                                                          jclass type) {
    (void) cls;
    jint count = 0, length = 0;
    unsigned char *pool = NULL;
    if ((*jvmti)->GetConstantPool(jvmti, type, &count, &length, &pool) != JVMTI_ERROR_NONE) {
        return NULL;
    }
    jbyteArray bytes = (*jni)->NewByteArray(jni, length + 2);
    if (bytes != NULL) {
        jbyte head[2] = {(jbyte) (count >> 8), (jbyte) count};
        (*jni)->SetByteArrayRegion(jni, bytes, 0, 2, head);
        (*jni)->SetByteArrayRegion(jni, bytes, 2, length, (const jbyte *) pool);
    }
    (*jvmti)->Deallocate(jvmti, pool);
    return bytes;
}
