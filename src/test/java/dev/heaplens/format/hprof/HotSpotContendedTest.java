package dev.heaplens.format.hprof;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.heaplens.format.hprof.probe.ContendedProbe;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The {@code @Contended} classes and fields the layout pads, per release, against what the JDKs
 * installed here carry: the annotation is kept at run time, so a child JVM lists java.base's own.
 */
class HotSpotContendedTest {
    @ParameterizedTest
    @ValueSource(strings = {"", "/usr/lib/jvm/temurin-25-jdk-amd64"})
    void theTableHasEveryContendedClassAndFieldOfTheJdk(String home) throws Exception {
        String javaHome = home.isEmpty() ? System.getProperty("java.home") : home;
        String java = Path.of(javaHome, "bin", "java").toString();
        assumeTrue(new File(java).canExecute(), java + " is not installed");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ContendedProbe.class.getName()).start();
        String output = new String(child.getInputStream().readAllBytes());
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).isZero();
        Process version = new ProcessBuilder(java, "-XshowSettings:properties", "-version").redirectErrorStream(true).start();
        String settings = new String(version.getInputStream().readAllBytes());
        version.waitFor(60, TimeUnit.SECONDS);
        int feature = Integer.parseInt(settings.replaceAll("(?s).*java\\.specification\\.version = (\\d+).*", "$1"));

        List<String> fromJdk = output.lines().sorted().toList();
        assertThat(fromJdk).as("JDK %d's @Contended", feature).isNotEmpty();
        assertThat(HotSpotHiddenFields.contendedOf(feature)).as("the table for JDK %d", feature)
                .containsExactlyInAnyOrderElementsOf(fromJdk);
    }
}
