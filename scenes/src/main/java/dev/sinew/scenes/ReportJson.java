package dev.sinew.scenes;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;

/**
 * The report as JSON: indented, and every number that is not finite (a check never reached, a
 * metric with nothing to measure) written as null, never as the string "Infinity" or "NaN".
 */
public final class ReportJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .registerModule(new SimpleModule().addSerializer(Double.class, new FiniteOrNull())
                    .addSerializer(double.class, new FiniteOrNull()));

    private ReportJson() {
    }

    /** The report's (or any other report record's) JSON text. */
    public static String text(Object report) {
        try {
            return JSON.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a report always serializes", e);
        }
    }

    /** Writes a double as a JSON number, or null when it is NaN or infinite. */
    private static final class FiniteOrNull extends JsonSerializer<Double> {
        @Override
        public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
            if (v == null || !Double.isFinite(v)) {
                g.writeNull();
            } else {
                g.writeNumber(v);
            }
        }
    }
}
