package dev.sinew.scenes.cli;

import dev.sinew.solver.InvalidArgumentException;

/** A command-line argument that cannot be used, with the whole message in our words (exit 2). */
final class BadArgument extends InvalidArgumentException {
    private static final long serialVersionUID = 1L;
    private final String message;

    BadArgument(String option, Object value, String message) {
        super(option, value, message);
        this.message = message;
    }

    @Override
    public String getMessage() {
        return message;
    }
}
