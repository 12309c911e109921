package dev.sinew.rig;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Reading the project's JSON data files (ragdoll definitions, drive profiles) into records, with
 * errors that name the file, the line and the JSON path: unknown fields and nulls for numbers are
 * refused. Checking the values is each format's own job.
 */
public final class JsonData {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private JsonData() {
    }

    /** The file's text. @throws UncheckedIOException if it cannot be read */
    public static String text(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /**
     * JSON text as a {@code type}; {@code source} names it in errors.
     *
     * @throws FormatException naming the source, the line and the JSON path of what is wrong
     */
    public static <T> T read(String text, String source, Class<T> type) {
        T value;
        try {
            value = JSON.readValue(text, type);
        } catch (JsonMappingException e) {
            JsonLocation at = e.getLocation();
            throw new FormatException(source, at == null ? 0 : at.getLineNr(), "at " + path(e) + ": " + e.getOriginalMessage());
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new FormatException(source, at == null ? 0 : at.getLineNr(), e.getOriginalMessage());
        }
        if (value == null) {
            throw new FormatException(source, 0, "empty file");
        }
        return value;
    }

    private static String path(JsonMappingException e) {
        StringBuilder b = new StringBuilder("$");
        for (JsonMappingException.Reference r : e.getPath()) {
            b.append(r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]");
        }
        return b.toString();
    }

    /**
     * JSON text as a {@code type}, then checked by {@code check}; an {@link InvalidArgumentException}
     * from the check (naming the field and value) comes out as a {@link FormatException} naming the
     * source too.
     */
    public static <T> T read(String text, String source, Class<T> type, java.util.function.Consumer<T> check) {
        T value = read(text, source, type);
        try {
            check.accept(value);
        } catch (FormatException e) {
            throw e;
        } catch (dev.sinew.solver.InvalidArgumentException e) {
            throw new FormatException(source, 0, e.getMessage());
        }
        return value;
    }
}
