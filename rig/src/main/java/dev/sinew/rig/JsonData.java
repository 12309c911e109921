package dev.sinew.rig;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reading the project's JSON data files (ragdoll definitions, drive profiles) into records, with
 * errors in our words that name the file, the line of the offending token and its JSON path
 * ({@code $.bodies[3].shape.radius}). Unknown fields, duplicate fields, nulls for numbers and
 * anything after the top-level value are refused. Checking the values is each format's own job,
 * through {@link Source#error}, which finds the line of the path it names.
 */
public final class JsonData {
    /** Largest JSON data file read, bytes. */
    public static final long MAX_FILE_BYTES = 4L << 20;

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    private static final JsonFactory FACTORY = JSON.getFactory();

    private JsonData() {
    }

    /**
     * Where a JSON document came from and the line of each of its values, for errors found after
     * it was read.
     */
    public static final class Source {
        private final String name;
        private final Map<String, Integer> lines;

        Source(String name, Map<String, Integer> lines) {
            this.name = name;
            this.lines = lines;
        }

        /** The file's name as given. */
        public String name() {
            return name;
        }

        /**
         * The line of the value at {@code path} ({@code $.a.b[2]}), or of its nearest enclosing value
         * when it is missing; 0 if none is known.
         */
        public int line(String path) {
            for (String p = path; p != null; p = parent(p)) {
                Integer l = lines.get(p);
                if (l != null) {
                    return l;
                }
            }
            return 0;
        }

        private static String parent(String path) {
            int cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
            return cut <= 0 ? null : path.substring(0, cut);
        }

        /**
         * An error at a JSON path: {@code file:line: at $.path: value allowed}.
         *
         * @param allowed what the value must be, with its unit and range
         */
        public FormatException error(String path, Object value, String allowed) {
            return new FormatException(name, line(path), "at " + path + ": " + value + " " + allowed);
        }
    }

    /**
     * A value read from JSON and where it came from.
     *
     * @param value  the record
     * @param source the file name and the lines of its values
     */
    public record Parsed<T>(T value, Source source) {
    }

    /**
     * A JSON file's text (UTF-8).
     *
     * @throws FormatException naming the file if it is missing, a directory, unreadable or over {@link #MAX_FILE_BYTES}
     */
    public static String text(Path file) {
        return new String(DataFiles.read(file, MAX_FILE_BYTES, "JSON"), StandardCharsets.UTF_8);
    }

    /**
     * JSON text as a {@code type}; {@code source} names it in errors.
     *
     * @throws FormatException naming the source, the line and the JSON path of what is wrong
     */
    public static <T> Parsed<T> read(String text, String source, Class<T> type) {
        Map<String, Integer> lines = lines(text, source);
        T value;
        try {
            value = JSON.readValue(text, type);
        } catch (JsonMappingException e) {
            // the line of the value at the error's path; the mapper's own location can be the end of
            // the enclosing object (record fields are buffered)
            Integer at = lines.get(path(e));
            throw new FormatException(source, at != null ? at : line(e.getLocation()), mappingError(e));
        } catch (JsonProcessingException e) {
            throw syntaxError(source, e);
        }
        if (value == null) {
            throw new FormatException(source, 1, "the file holds null, not a JSON object");
        }
        return new Parsed<>(value, new Source(source, lines));
    }

    /** The line of every value by JSON path, from the parser's real token positions; syntax errors here. */
    private static Map<String, Integer> lines(String text, String source) {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser p = FACTORY.createParser(text)) {
            p.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
            JsonToken t;
            boolean any = false;
            while ((t = p.nextToken()) != null) {
                any = true;
                if (t == JsonToken.FIELD_NAME || t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                    continue;
                }
                JsonStreamContext ctx = p.getParsingContext();
                if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                    ctx = ctx.getParent();
                }
                lines.putIfAbsent(path(ctx), p.currentTokenLocation().getLineNr());
                if (ctx.inRoot() && (t.isScalarValue())) {
                    break;
                }
            }
            if (!any) {
                throw new FormatException(source, 1, "the file is empty: expected a JSON object");
            }
        } catch (JsonProcessingException e) {
            throw syntaxError(source, e);
        } catch (IOException e) {
            throw new FormatException(source, 0, "cannot be read");
        }
        return lines;
    }

    /** {@code $.a.b[2]} for a parser context (the path of the value it is at). */
    private static String path(JsonStreamContext ctx) {
        List<String> parts = new ArrayList<>();
        for (JsonStreamContext c = ctx; c != null && !c.inRoot(); c = c.getParent()) {
            parts.add(c.inArray() ? "[" + Math.max(0, c.getCurrentIndex()) + "]" : "." + c.getCurrentName());
        }
        StringBuilder b = new StringBuilder("$");
        for (int i = parts.size() - 1; i >= 0; i--) {
            b.append(parts.get(i));
        }
        return b.toString();
    }

    private static int line(JsonLocation at) {
        return at == null ? 0 : Math.max(0, at.getLineNr());
    }

    private static final Pattern UNEXPECTED = Pattern.compile("Unexpected character \\('(.+?)' \\(code \\d+\\)\\)");
    private static final Pattern TOKEN = Pattern.compile("Unrecognized token '([^']*)'");
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '([^']*)'");

    /** A JSON syntax error in our words, at its line and column. */
    private static FormatException syntaxError(String source, JsonProcessingException e) {
        String m = String.valueOf(e.getOriginalMessage());
        JsonLocation at = e.getLocation();
        String where = at == null ? "" : "column " + at.getColumnNr() + ": ";
        String what;
        Matcher u = UNEXPECTED.matcher(m);
        Matcher tok = TOKEN.matcher(m);
        Matcher dup = DUPLICATE.matcher(m);
        if (m.contains("end-of-input") || m.contains("No content to map")) {
            what = at == null || at.getLineNr() <= 1 && at.getColumnNr() <= 1 ? "the file is empty: expected a JSON object"
                    : "the file ends before the JSON does (a closing '}' or ']' or a '\"' is missing)";
        } else if (dup.find()) {
            what = "field '" + dup.group(1) + "' is given twice in one object";
        } else if (m.contains("Unexpected close marker")) {
            char c = m.contains("']'") ? ']' : '}';
            what = "'" + c + "' does not close the " + (c == ']' ? "array" : "object") + " open here";
        } else if (u.find()) {
            String c = u.group(1);
            if (c.equals("/") || c.equals("#")) {
                what = "comments are not allowed in JSON";
            } else if (c.equals("'")) {
                what = "strings and field names take double quotes (\"), not '";
            } else if (m.contains("double-quote to start field name")) {
                what = c.equals("}") ? "a ',' before '}' (JSON has no trailing commas)"
                        : "expected a field name in double quotes, found '" + c + "'";
            } else if (m.contains("comma to separate Object entries")) {
                what = "expected ',' or '}' after a value, found '" + c + "'";
            } else if (m.contains("comma to separate Array entries")) {
                what = "expected ',' or ']' after a value, found '" + c + "'";
            } else if (m.contains("colon to separate field name and value")) {
                what = "expected ':' after a field name, found '" + c + "'";
            } else if (c.equals("]")) {
                what = "a ',' before ']' (JSON has no trailing commas)";
            } else {
                what = "expected a value (a number, a string in double quotes, true, false, null, an object or an array),"
                        + " found '" + c + "'";
            }
        } else if (m.contains("Non-standard token")) {
            what = "NaN and Infinity are not JSON numbers; give a finite number";
        } else if (tok.find()) {
            String t = tok.group(1);
            what = t.equals("NaN") || t.equals("Infinity") || t.equals("-Infinity")
                    ? "NaN and Infinity are not JSON numbers; give a finite number"
                    : "unknown word '" + t + "': expected a value (strings take double quotes; true, false and null are"
                            + " lower case)";
        } else if (m.contains("Leading zeroes") || m.contains("Leading zero")) {
            what = "a number with a leading zero (write 7, not 07)";
        } else if (m.contains("Illegal unquoted character")) {
            what = "a control character (a line break or tab) inside a string; write \\n or \\t";
        } else if (m.contains("Unrecognized character escape")) {
            what = "an unknown escape in a string (JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)";
        } else if (m.contains("Invalid numeric value") || m.contains("Numeric value")) {
            what = "a malformed or out-of-range number";
        } else {
            what = "malformed JSON (" + sanitize(m) + ")";
        }
        return new FormatException(source, line(at), where + what);
    }

    /** A mapping error (well-formed JSON of the wrong shape) in our words, with its JSON path. */
    private static String mappingError(JsonMappingException e) {
        String path = path(e);
        if (e instanceof UnrecognizedPropertyException u) {
            return "at " + path + ": unknown field '" + u.getPropertyName() + "'; the fields here are "
                    + names(u.getKnownPropertyIds());
        }
        if (e instanceof InvalidNullException || String.valueOf(e.getOriginalMessage()).startsWith("Cannot map `null`")) {
            return "at " + path + ": null where a number is needed";
        }
        String m = String.valueOf(e.getOriginalMessage());
        if (m.startsWith("Trailing token")) {
            return "more after the end of the top-level object (only one JSON value per file)";
        }
        if (e instanceof MismatchedInputException mi) {
            String expected = expected(mi.getTargetType());
            String found = found(m);
            if (expected != null) {
                return "at " + path + ": expected " + expected + (found == null ? "" : ", found " + found);
            }
        }
        return "at " + path + ": " + sanitize(m);
    }

    private static String names(Collection<Object> ids) {
        List<String> n = new ArrayList<>();
        for (Object o : ids) {
            n.add(String.valueOf(o));
        }
        n.sort(null);
        return String.join(", ", n);
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder("$");
        for (JsonMappingException.Reference r : e.getPath()) {
            b.append(r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]");
        }
        return b.toString();
    }

    /** What a target type is, in JSON words. */
    private static String expected(Class<?> t) {
        if (t == null) {
            return null;
        }
        if (t == double.class || t == Double.class || t == int.class || t == Integer.class || t == long.class
                || t == Long.class || t == float.class || t == Float.class) {
            return "a number";
        }
        if (t == String.class) {
            return "a string";
        }
        if (t == boolean.class || t == Boolean.class) {
            return "true or false";
        }
        if (t.isArray() || List.class.isAssignableFrom(t)) {
            return t == double[].class ? "an array of numbers" : "an array";
        }
        return "an object";
    }

    private static final Pattern FROM = Pattern.compile("from (\\w+)");

    /** What the JSON held instead, from the mapper's description. */
    private static String found(String message) {
        Matcher f = FROM.matcher(message);
        if (!f.find()) {
            return null;
        }
        return switch (f.group(1)) {
            case "String" -> "a string";
            case "Array" -> "an array";
            case "Object" -> "an object";
            case "Boolean" -> "true or false";
            case "Integer", "Floating" -> "a number";
            default -> null;
        };
    }

    /** A library message with its class names, token codes and advice taken out. */
    private static String sanitize(String m) {
        String s = m.replaceAll("\\s*\\n.*", "")
                .replaceAll("\\(class [^)]*\\)", "")
                .replaceAll("`[^`]*`", "value")
                .replaceAll("\\s*\\(code \\d+\\)", "")
                .replaceAll("[;:]?\\s*\\(?(enable|disable) \\w*Feature[^)]*\\)?", "")
                .replaceAll("com\\.fasterxml\\S*", "")
                .trim();
        return s.isEmpty() ? "not understood" : s;
    }

    /**
     * JSON text as a {@code type}, then checked by {@code check}: an {@link
     * dev.sinew.solver.InvalidArgumentException} from the check, whose parameter is the field's
     * path ({@code search.intervalSeconds}, {@code keys[2].t}), comes out as a {@link FormatException}
     * naming the source and that field's line.
     */
    public static <T> T read(String text, String source, Class<T> type, java.util.function.Consumer<T> check) {
        Parsed<T> parsed = read(text, source, type);
        try {
            check.accept(parsed.value());
        } catch (FormatException e) {
            throw e;
        } catch (dev.sinew.solver.InvalidArgumentException e) {
            throw parsed.source().error("$." + e.parameter(), e.value(), allowed(e));
        }
        return parsed.value();
    }

    /** What an {@link dev.sinew.solver.InvalidArgumentException} says is allowed: its message after the parameter and value. */
    public static String allowed(dev.sinew.solver.InvalidArgumentException e) {
        String prefix = "invalid " + e.parameter() + " = " + e.value() + ": ";
        return e.getMessage().startsWith(prefix) ? e.getMessage().substring(prefix.length()) : e.getMessage();
    }
}
