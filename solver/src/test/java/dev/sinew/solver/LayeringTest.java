package dev.sinew.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
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
 * The solver's layering: the internal packages never refer back to the facade (World and the
 * views that wrap it), so the import graph runs one way, from the API down; and the module
 * exports the API and the shapes only.
 */
class LayeringTest {
    /** The facade types: {@link World} and the views and readers it hands out. */
    private static final Set<String> FACADE = Set.of("World", "WorldDebug", "JointView", "HingeJointView",
            "SwingTwistJointView", "BodyView", "Queries", "ContactEvents", "FaultEvents", "SolverLimits");
    private static final Path MAIN = Path.of("src/main/java/dev/sinew/solver");

    @Test
    void noInternalPackageRefersToTheFacade() throws IOException {
        Pattern imported = Pattern.compile("\\bdev\\.sinew\\.solver\\.(\\w+)\\b(?!\\.)");
        List<String> offences = new ArrayList<>();
        try (Stream<Path> files = Files.walk(MAIN)) {
            for (Path source : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                if (source.getParent().equals(MAIN) || source.getParent().endsWith("shape")) {
                    continue; // the API packages
                }
                Matcher m = imported.matcher(read(source));
                while (m.find()) {
                    if (FACADE.contains(m.group(1))) {
                        offences.add(MAIN.relativize(source) + " refers to " + m.group(1));
                    }
                }
            }
        }
        assertEquals(List.of(), offences);
    }

    @Test
    void theModuleExportsTheApiAndTheShapesOnly() {
        Module module = World.class.getModule();
        assumeTrue(module.isNamed(), "runs on the module path only");
        Set<String> exported = new TreeSet<>();
        for (ModuleDescriptor.Exports e : module.getDescriptor().exports()) {
            exported.add(e.source());
        }
        assertEquals(Set.of("dev.sinew.solver", "dev.sinew.solver.shape"), exported);
    }

    private static String read(Path p) {
        try {
            return Files.readString(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
