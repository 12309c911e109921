package dev.sinew.viewer;

import org.joml.Matrix4f;
import org.joml.Vector3d;
import org.joml.Vector3dc;
import org.joml.Vector4f;

/**
 * An orbit camera: a target point, a yaw about the world up axis (+Y), a pitch above the
 * horizon and a distance, all in metres and radians. Right-handed, Y up, like the solver.
 */
public final class Camera {
    /** Vertical field of view, radians. */
    public static final float FOV = (float) Math.toRadians(50);
    static final float NEAR = 0.05f;
    static final float FAR = 500f;
    private static final double MIN_PITCH = Math.toRadians(-10); // not far under the ground
    private static final double MAX_PITCH = Math.toRadians(85);

    final Vector3d target = new Vector3d();
    double yaw = Math.toRadians(35);
    double pitch = Math.toRadians(20);
    double distance = 6;

    /** The default view of a scene: looking at {@code target} from {@code distance} metres. */
    public static Camera looking(Vector3dc target, double distance) {
        Camera c = new Camera();
        c.target.set(target);
        c.distance = distance;
        return c;
    }

    /** Eye position, world, metres. */
    public Vector3d eye(Vector3d dest) {
        double cp = Math.cos(pitch);
        return dest.set(target.x + distance * cp * Math.sin(yaw), target.y + distance * Math.sin(pitch),
                target.z + distance * cp * Math.cos(yaw));
    }

    public Matrix4f view(Matrix4f dest) {
        Vector3d e = eye(new Vector3d());
        return dest.setLookAt((float) e.x, (float) e.y, (float) e.z, (float) target.x, (float) target.y,
                (float) target.z, 0, 1, 0);
    }

    public Matrix4f projection(int width, int height, Matrix4f dest) {
        return dest.setPerspective(FOV, (float) width / Math.max(1, height), NEAR, FAR);
    }

    /**
     * Pixel of a world point in a {@code width}×{@code height} image, origin at the top left
     * (image rows, as a PNG stores them); null when the point is behind the camera.
     */
    public double[] project(Vector3dc p, int width, int height) {
        Matrix4f vp = projection(width, height, new Matrix4f()).mul(view(new Matrix4f()));
        Vector4f c = vp.transform(new Vector4f((float) p.x(), (float) p.y(), (float) p.z(), 1));
        if (c.w <= 0) {
            return null;
        }
        double x = (c.x / c.w * 0.5 + 0.5) * width;
        double y = (1 - (c.y / c.w * 0.5 + 0.5)) * height;
        return new double[] {x, y};
    }

    /** Turns the view: yaw and pitch change by the given radians (pitch is kept off the poles). */
    public void orbit(double dYaw, double dPitch) {
        yaw += dYaw;
        pitch = Math.max(MIN_PITCH, Math.min(MAX_PITCH, pitch + dPitch));
    }

    /** Moves the target in the view plane by a fraction of the distance (screen right and up). */
    public void pan(double right, double up) {
        double cy = Math.cos(yaw);
        double sy = Math.sin(yaw);
        double sp = Math.sin(pitch);
        double cp = Math.cos(pitch);
        // camera right = (cos yaw, 0, −sin yaw); camera up = (−sin pitch·sin yaw, cos pitch, −sin pitch·cos yaw)
        target.add(distance * (right * cy - up * sp * sy), distance * up * cp, distance * (-right * sy - up * sp * cy));
    }

    /** Multiplies the distance by {@code factor} (kept within 0.2 m and 200 m). */
    public void zoom(double factor) {
        distance = Math.max(0.2, Math.min(200, distance * factor));
    }

    /** World direction of the ray through pixel (x, y) of a width×height view (top-left origin), unit. */
    public Vector3d rayDirection(double x, double y, int width, int height, Vector3d dest) {
        Matrix4f inv = projection(width, height, new Matrix4f()).mul(view(new Matrix4f())).invert();
        float nx = (float) (2 * x / width - 1);
        float ny = (float) (1 - 2 * y / height);
        Vector4f near = inv.transform(new Vector4f(nx, ny, -1, 1));
        Vector4f far = inv.transform(new Vector4f(nx, ny, 1, 1));
        near.div(near.w);
        far.div(far.w);
        return dest.set(far.x - near.x, far.y - near.y, far.z - near.z).normalize();
    }
}
