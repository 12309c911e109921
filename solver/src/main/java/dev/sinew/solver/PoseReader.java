package dev.sinew.solver;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.state.BodyControl;
import dev.sinew.solver.state.WorldState;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Bulk read-back of body poses into caller-owned arrays, for renderers and networking, from
 * {@link World#poses()}: every body's, or a list of bodies', origin (m, world) and orientation,
 * now or interpolated for rendering. Positions go three doubles a body (x, y, z), orientations four
 * (x, y, z, w, unit). The values are bit for bit those of {@link World#position},
 * {@link World#orientation}, {@link World#interpolatedPosition} and
 * {@link World#interpolatedOrientation}; reading allocates nothing. Arrays that are too short, or
 * a stale handle, are refused before anything is written.
 */
public final class PoseReader {
    private final WorldState state;
    private final Vector3d position = new Vector3d();
    private final Quaterniond orientation = new Quaterniond();

    PoseReader(WorldState state) {
        this.state = state;
    }

    /** Every live body's pose now, in slot order (the order of {@link World#bodyHandles()}); returns how many. */
    public int read(double[] positions, double[] orientations) {
        return readAll(positions, orientations, false);
    }

    /** The poses now of {@code bodies[0..count)}, in that order. */
    public void read(BodyHandle[] bodies, int count, double[] positions, double[] orientations) {
        readList(bodies, count, positions, orientations, false);
    }

    /**
     * Every live body's pose between the last two ticks by {@link World#interpolationFraction()},
     * in slot order; returns how many.
     */
    public int readInterpolated(double[] positions, double[] orientations) {
        return readAll(positions, orientations, true);
    }

    /** The interpolated poses of {@code bodies[0..count)}, in that order. */
    public void readInterpolated(BodyHandle[] bodies, int count, double[] positions, double[] orientations) {
        readList(bodies, count, positions, orientations, true);
    }

    private int readAll(double[] positions, double[] orientations, boolean interpolated) {
        Bodies b = state.bodies;
        checkRoom(state.bodyCount, positions, orientations);
        int n = 0;
        for (int i = 0; i < b.high; i++) {
            if (b.alive[i]) {
                write(i, n++, positions, orientations, interpolated);
            }
        }
        return n;
    }

    private void readList(BodyHandle[] bodies, int count, double[] positions, double[] orientations,
            boolean interpolated) {
        Check.notNull("bodies", bodies);
        if (count < 0 || count > bodies.length) {
            throw new InvalidArgumentException("count", count, "must be in [0, " + bodies.length + "]");
        }
        checkRoom(count, positions, orientations);
        for (int k = 0; k < count; k++) {
            state.slot(bodies[k]);
        }
        for (int k = 0; k < count; k++) {
            write(bodies[k].index(), k, positions, orientations, interpolated);
        }
    }

    private void write(int b, int k, double[] positions, double[] orientations, boolean interpolated) {
        BodyControl bodies = state.bodyControl;
        Vector3d p;
        Quaterniond q;
        if (interpolated) {
            double a = state.interpolationFraction();
            p = bodies.interpolatedPosition(b, a, position);
            q = bodies.interpolatedOrientation(b, a, orientation);
        } else {
            p = bodies.position(b, position);
            q = bodies.orientation(b, orientation);
        }
        positions[3 * k] = p.x;
        positions[3 * k + 1] = p.y;
        positions[3 * k + 2] = p.z;
        orientations[4 * k] = q.x;
        orientations[4 * k + 1] = q.y;
        orientations[4 * k + 2] = q.z;
        orientations[4 * k + 3] = q.w;
    }

    private static void checkRoom(int n, double[] positions, double[] orientations) {
        Check.notNull("positions", positions);
        Check.notNull("orientations", orientations);
        if (positions.length < 3 * n) {
            throw new InvalidArgumentException("positions", positions.length + " doubles", "must hold 3 × " + n);
        }
        if (orientations.length < 4 * n) {
            throw new InvalidArgumentException("orientations", orientations.length + " doubles", "must hold 4 × " + n);
        }
    }
}
