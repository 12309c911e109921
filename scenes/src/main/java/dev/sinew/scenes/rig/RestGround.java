package dev.sinew.scenes.rig;

import dev.sinew.scenes.ccd.TerrainScene;
import dev.sinew.solver.BodyHandle;
import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.Collider;
import dev.sinew.solver.World;
import dev.sinew.solver.shape.Box;
import dev.sinew.solver.shape.HeightField;
import dev.sinew.solver.shape.Plane;
import dev.sinew.solver.shape.Shape;

/**
 * The grounds a ragdoll rests on in {@code ragdoll-rest}: one of each kind of static shape a game
 * floor is made of, every one flat with its surface at y = 0, so that resting is possible on all
 * of them and "under the ground" means under y = 0 everywhere. The box, the heightfield and the
 * mesh cover 40 m or more around the origin, far more than a dropped ragdoll slides.
 */
public enum RestGround {
    /** {@code Plane.ground()}. */
    PLANE("Plane"),
    /** A static box 100 × 1 × 100 m, its top face at y = 0. */
    BOX("Box"),
    /**
     * A heightfield of 81 × 81 samples 0.5 m apart, every height 0, centred on the origin: its
     * cells' diagonals and shared edges run under a resting body, which must not catch on them.
     */
    HEIGHTFIELD("Heightfield"),
    /**
     * A triangle mesh over the same 40 m square, 0.5 m cells whose diagonals alternate
     * ({@link TerrainScene#gridMesh}), every vertex at y = 0.
     */
    MESH("Mesh");

    /** Half the side of the heightfield's and the mesh's square, m. */
    static final double TERRAIN_HALF = 20;
    /** Their grid spacing, m. */
    static final double TERRAIN_SPACING = 0.5;

    private final String label;

    RestGround(String label) {
        this.label = label;
    }

    /** The suffix of this ground's metrics in the report (for example {@code restedCasesBox}). */
    public String label() {
        return label;
    }

    /** Adds this ground to {@code world} as a static body and returns it. */
    public BodyHandle create(World world) {
        BodySettings.Builder b = BodySettings.builder(BodyType.STATIC);
        switch (this) {
            case PLANE -> b.collider(Collider.of(Plane.ground()));
            case BOX -> b.position(0, -0.5, 0).collider(Collider.of(new Box(50, 0.5, 50)));
            case HEIGHTFIELD -> b.position(-TERRAIN_HALF, 0, -TERRAIN_HALF).collider(Collider.of(heightField()));
            case MESH -> b.collider(Collider.of(TerrainScene.gridMesh(cells(), cells(), TERRAIN_SPACING,
                    -TERRAIN_HALF, -TERRAIN_HALF, (x, z) -> 0)));
        }
        return world.createBody(b.build());
    }

    private static Shape heightField() {
        int samples = cells() + 1;
        return new HeightField(samples, samples, TERRAIN_SPACING, TERRAIN_SPACING, new double[samples * samples], null);
    }

    private static int cells() {
        return (int) Math.round(2 * TERRAIN_HALF / TERRAIN_SPACING);
    }
}
