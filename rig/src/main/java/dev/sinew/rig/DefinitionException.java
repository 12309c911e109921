package dev.sinew.rig;

import dev.sinew.solver.InvalidArgumentException;

/**
 * A ragdoll definition that does not fit the skeleton it is built on, found when building: a bone
 * that does not exist, a swing axis along the twist axis, a body with no length. The message names
 * the definition, the JSON path of the field, the body, the value and what is allowed, for example
 * {@code ragdoll 'cmu-humanoid': at $.bodies[3].bone (body head): 'Head2' is not a bone of the
 * skeleton (31 bones: Hips, ...)}.
 */
public class DefinitionException extends InvalidArgumentException {
    private static final long serialVersionUID = 1L;
    private final String definition;
    private final String path;
    private final String body;
    private final String reason;

    /**
     * @param definition the definition's name
     * @param path       the JSON path of the field, for example {@code $.bodies[3].bone}
     * @param body       the body's name
     * @param value      the field's value
     * @param reason     what is wrong and what is allowed
     */
    public DefinitionException(String definition, String path, String body, Object value, String reason) {
        super(path, value, reason);
        this.definition = definition;
        this.path = path;
        this.body = body;
        this.reason = reason;
    }

    @Override
    public String getMessage() {
        return "ragdoll '" + definition + "': " + detail();
    }

    /** The message without the definition's name: {@code at PATH (body B): VALUE REASON}. */
    public String detail() {
        return "at " + path + " (body " + body + "): " + value() + " " + reason;
    }

    /** The definition's name. */
    public String definitionName() {
        return definition;
    }

    /** The JSON path of the offending field. */
    public String path() {
        return path;
    }

    public String body() {
        return body;
    }
}
