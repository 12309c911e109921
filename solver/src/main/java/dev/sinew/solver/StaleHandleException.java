package dev.sinew.solver;

/** A handle names a body that was destroyed, or belongs to another world. */
public class StaleHandleException extends InvalidArgumentException {
    private static final long serialVersionUID = 1L;

    public StaleHandleException(String parameter, Object handle, String why) {
        super(parameter, handle, why);
    }
}
