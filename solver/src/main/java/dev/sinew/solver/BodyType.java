package dev.sinew.solver;

/** How a body moves. */
public enum BodyType {
    /** Never moves; infinite mass. */
    STATIC,
    /** Moved by velocity or kinematic targets; infinite mass, pushes dynamic bodies. */
    KINEMATIC,
    /** Moved by forces, contacts and constraints. */
    DYNAMIC
}
