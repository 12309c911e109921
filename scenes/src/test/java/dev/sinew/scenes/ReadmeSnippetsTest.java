package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Using the library" is code a user copies: every fenced {@code java} block there is
 * compiled against the project's classes, its imports on top and its statements as a method body
 * (nothing else is added to it).
 * The test fails, naming the README line, when the README's code no longer compiles.
 */
class ReadmeSnippetsTest {
    /** A java block: where it starts in the README (1-based, the line after the fence) and its lines. */
    record Snippet(int firstLine, List<String> lines) {
    }

    static List<Snippet> snippets(List<String> readme) {
        List<Snippet> out = new ArrayList<>();
        for (int i = 0; i < readme.size(); i++) {
            if (readme.get(i).strip().equals("```java")) {
                List<String> lines = new ArrayList<>();
                int j = i + 1;
                while (j < readme.size() && !readme.get(j).strip().equals("```")) {
                    lines.add(readme.get(j));
                    j++;
                }
                out.add(new Snippet(i + 2, lines));
                i = j;
            }
        }
        return out;
    }

    @Test
    void everyJavaSnippetOfTheReadmeCompiles(@TempDir Path dir) throws Exception {
        List<Snippet> snippets = snippets(Files.readAllLines(Path.of("../README.md"), StandardCharsets.UTF_8));
        assertTrue(snippets.size() >= 4, "the README's java snippets: " + snippets.size());
        List<File> sources = new ArrayList<>();
        for (int k = 0; k < snippets.size(); k++) {
            // line for line as in the README: the class opens on the first line after the imports,
            // so a compiler error's line is the README line minus the block's first line
            StringBuilder src = new StringBuilder();
            boolean opened = false;
            for (String l : snippets.get(k).lines) {
                if (!opened && !l.startsWith("import ")) {
                    src.append("@SuppressWarnings(\"unused\") final class Snippet").append(k)
                            .append(" { static void run() throws Exception { ");
                    opened = true;
                }
                src.append(l).append('\n');
            }
            src.append("} }\n");
            Path file = dir.resolve("Snippet" + k + ".java");
            Files.writeString(file, src);
            sources.add(file.toFile());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Files.createDirectories(dir.resolve("classes"));
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            boolean ok = javac.getTask(null, files, diagnostics, List.of("-classpath", classpath, "-d",
                    dir.resolve("classes").toString(), "-proc:none", "-encoding", "UTF-8"), null,
                    files.getJavaFileObjectsFromFiles(sources)).call();
            StringBuilder errors = new StringBuilder();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    String name = d.getSource() == null ? "" : Path.of(d.getSource().getName()).getFileName().toString();
                    int k = name.isEmpty() ? -1 : Integer.parseInt(name.replaceAll("\\D", ""));
                    int readmeLine = k < 0 ? 0 : snippets.get(k).firstLine + (int) d.getLineNumber() - 1;
                    errors.append("\n  README.md:").append(readmeLine).append(": ").append(d.getMessage(Locale.ROOT));
                }
            }
            assertTrue(ok && errors.length() == 0, "README snippets do not compile:" + errors);
        }
    }

    /** The README's report table lists exactly the report's fields, in order. */
    @Test
    void theReadmeListsEveryReportField() throws Exception {
        List<String> readme = Files.readAllLines(Path.of("../README.md"), StandardCharsets.UTF_8);
        int at = readme.indexOf("### The report");
        assertTrue(at >= 0, "README has a '### The report' section");
        List<String> listed = new ArrayList<>();
        int row = at + 1;
        while (row < readme.size() && !readme.get(row).startsWith("|")) {
            row++;
        }
        // the section's first table, row by row
        for (int i = row; i < readme.size() && readme.get(i).startsWith("|"); i++) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\| `(\\w+)` \\|").matcher(readme.get(i));
            if (m.find()) {
                listed.add(m.group(1));
            }
        }
        List<String> fields = new ArrayList<>();
        for (java.lang.reflect.RecordComponent c : Report.class.getRecordComponents()) {
            fields.add(c.getName());
        }
        List<String> order = List.of(Report.class.getAnnotation(com.fasterxml.jackson.annotation.JsonPropertyOrder.class)
                .value());
        assertTrue(new java.util.HashSet<>(fields).equals(new java.util.HashSet<>(order)), "every field is ordered: " + order);
        assertTrue(order.equals(listed), "README lists " + listed + ", the report writes " + order);
    }
}
