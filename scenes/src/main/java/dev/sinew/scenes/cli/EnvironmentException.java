package dev.sinew.scenes.cli;

/**
 * The machine cannot do what was asked, though the arguments are right: no display, an output that
 * cannot be written, not enough memory. The command line exits 3 with the message.
 */
public class EnvironmentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EnvironmentException(String message) {
        super(message);
    }
}
