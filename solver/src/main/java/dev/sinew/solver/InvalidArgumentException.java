package dev.sinew.solver;

/**
 * A public entry point was given a value outside its domain. The message names the parameter,
 * the value and what is allowed; the world is left exactly as it was before the call.
 */
public class InvalidArgumentException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final String parameter;
    private final String value;

    public InvalidArgumentException(String parameter, Object value, String allowed) {
        super("invalid " + parameter + " = " + value + ": " + allowed);
        this.parameter = parameter;
        this.value = String.valueOf(value);
    }

    /** The name of the offending parameter or field, for example {@code "radius"}. */
    public String parameter() {
        return parameter;
    }

    /** The offending value as text. */
    public String value() {
        return value;
    }
}
