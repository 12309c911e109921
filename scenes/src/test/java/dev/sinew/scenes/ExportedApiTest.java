package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The applications (scenes, viewer, bench) use the library modules (solver, rig, drives,
 * reactions) only through the packages those modules export. The applications run on the class
 * path, where the module system does not enforce exports, so this reads the sources: every
 * {@code dev.sinew.<library>...} name a source refers to, imported or written out, must be in a
 * package that its module's {@code module-info.java} exports.
 */
class ExportedApiTest {
    private static final List<String> LIBRARIES = List.of("solver", "rig", "drives", "reactions");
    private static final List<String> APPLICATIONS = List.of("scenes", "viewer", "bench");
    /** A qualified type name: lower-case package segments, then a capitalized type. */
    private static final Pattern QUALIFIED = Pattern.compile("\\bdev\\.sinew\\.((?:[a-z]\\w*\\.)+)[A-Z]");

    @Test
    void applicationsUseOnlyExportedPackages() {
        Path root = Path.of("").toAbsolutePath().getParent();
        Set<String> exported = new TreeSet<>();
        for (String library : LIBRARIES) {
            exported.addAll(exports(root.resolve(library).resolve("src/main/java/module-info.java")));
        }
        assertFalse(exported.isEmpty(), "no exports read from the libraries' module-info.java files");
        List<String> offences = new ArrayList<>();
        for (String application : APPLICATIONS) {
            for (Path source : sources(root.resolve(application).resolve("src"))) {
                String text = read(source);
                Matcher m = QUALIFIED.matcher(text);
                while (m.find()) {
                    String pkg = "dev.sinew." + m.group(1).substring(0, m.group(1).length() - 1);
                    if (isLibrary(pkg) && !exported.contains(pkg)) {
                        offences.add(root.relativize(source) + ": " + pkg);
                    }
                }
            }
        }
        assertEquals(List.of(), offences, "packages the libraries do not export (exported: " + exported + ")");
    }

    private static boolean isLibrary(String pkg) {
        for (String library : LIBRARIES) {
            if (pkg.equals("dev.sinew." + library) || pkg.startsWith("dev.sinew." + library + ".")) {
                return true;
            }
        }
        return false;
    }

    /** The packages a module-info.java exports (to everyone). */
    static Set<String> exports(Path moduleInfo) {
        Set<String> out = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^\\s*exports\\s+([\\w.]+)\\s*;").matcher(read(moduleInfo));
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static List<Path> sources(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
