package dev.sinew.rig;

import dev.sinew.solver.InvalidArgumentException;

/**
 * A data file (BVH, JSON) that cannot be read: the message names the file, the line and what was
 * expected, for example {@code 131_01.bvh:12: expected '{' after JOINT LeftHip, found 'OFFSET'}.
 */
public class FormatException extends InvalidArgumentException {
    private static final long serialVersionUID = 1L;
    private final String file;
    private final int line;
    private final String reason;

    public FormatException(String file, int line, String reason) {
        super("file", file + ":" + line, reason);
        this.file = file;
        this.line = line;
        this.reason = reason;
    }

    /** {@code file:line: reason}, or {@code file: reason} when the problem is the file as a whole. */
    @Override
    public String getMessage() {
        return file + (line > 0 ? ":" + line : "") + ": " + reason;
    }

    /** What is wrong, without the file and line. */
    public String reason() {
        return reason;
    }

    public String file() {
        return file;
    }

    /** 1-based line number (0 when the problem is the file as a whole). */
    public int line() {
        return line;
    }
}
