package dev.sinew.rig;

/**
 * Where named clip files come from, for data that names its clips ({@code cmu/131_01.bvh}): the
 * program reads the project's shipped files, a test hands in clips it built itself.
 */
@FunctionalInterface
public interface ClipSource {
    /**
     * The file of that name, parsed.
     *
     * @throws dev.sinew.solver.InvalidArgumentException naming the clip if there is none or it cannot be read
     */
    BvhImporter.Bvh read(String name);
}
