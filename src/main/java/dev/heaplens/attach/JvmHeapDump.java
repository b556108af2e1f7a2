package dev.heaplens.attach;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import dev.heaplens.HeaplensException;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A heap dump of a running JVM, written by that JVM: the attach mechanism's GC.heap_dump command,
 * as {@code jcmd PID GC.heap_dump FILE} sends it. The JVM writes the file itself, so it needs an
 * absolute path that its own user may write.
 */
public final class JvmHeapDump {
    /** What the manifest and the launchers grant: the attach client's command channel (jcmd's). */
    static final String EXPORT = "jdk.attach/sun.tools.attach";

    private JvmHeapDump() {
    }

    /**
     * Dumps the heap of process {@code pid} to {@code file} (which must not exist): only the live
     * objects (the JVM collects first) unless {@code all}. Returns the dump's size in bytes.
     */
    public static long write(long pid, Path file, boolean all) {
        String name = LiveProcess.checkJvm(pid);
        Path target = file.toAbsolutePath().normalize();
        if (Files.exists(target)) {
            throw new HeaplensException(target + ": already exists: name another file with -o");
        }
        if (target.getParent() != null && !Files.isDirectory(target.getParent())) {
            throw new HeaplensException(target.getParent() + ": no such directory");
        }
        VirtualMachine vm;
        try {
            vm = VirtualMachine.attach(Long.toString(pid));
        } catch (AttachNotSupportedException | IOException e) {
            throw new HeaplensException("process " + pid + " (" + name + ") refuses attach: " + firstLine(e.getMessage())
                    + " (a JVM started with -XX:+DisableAttachMechanism, or of another user or container)");
        }
        String output;
        try {
            output = command(vm, "GC.heap_dump " + (all ? "-all " : "") + target);
        } finally {
            try {
                vm.detach();
            } catch (IOException e) {
                // the dump is written or not; detaching changes nothing
            }
        }
        if (!Files.isRegularFile(target)) {
            throw new HeaplensException("process " + pid + " (" + name + ") wrote no dump to " + target + ": "
                    + firstLine(output.isBlank() ? "no answer" : output.strip()));
        }
        try {
            return Files.size(target);
        } catch (IOException e) {
            throw new HeaplensException(target + ": " + e.getMessage());
        }
    }

    /** Sends one diagnostic command and returns what the JVM answered. */
    private static String command(VirtualMachine vm, String line) {
        try {
            Method execute = vm.getClass().getMethod("executeJCmd", String.class);
            try (InputStream answer = (InputStream) execute.invoke(vm, line)) {
                return new String(answer.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IllegalAccessException | NoSuchMethodException e) {
            throw new HeaplensException("this Java does not let heaplens send GC.heap_dump (run java with"
                    + " --add-exports " + EXPORT + "=ALL-UNNAMED; the launchers do)");
        } catch (InvocationTargetException e) {
            throw new HeaplensException("GC.heap_dump failed: " + firstLine(String.valueOf(e.getCause().getMessage())));
        } catch (IOException e) {
            throw new HeaplensException("GC.heap_dump failed: " + firstLine(e.getMessage()));
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "no reason given";
        }
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end);
    }
}
