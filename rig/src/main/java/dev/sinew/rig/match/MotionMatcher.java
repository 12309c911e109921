package dev.sinew.rig.match;

import dev.sinew.rig.Pose;
import dev.sinew.rig.Rotations;
import dev.sinew.rig.inertialize.Inertializer;
import dev.sinew.solver.Check;

/**
 * Motion matching: a character driven by a stick, animated by whichever database frame best
 * matches what it is doing now and what the stick asks for.
 *
 * <p>Each update:
 * <ol>
 *   <li>the simulated {@link Trajectory} moves toward the stick's velocity and facing;</li>
 *   <li>the clip playing advances, and its own root motion (in its frame's character space) moves
 *       the character's root, which is then pulled toward the simulation with the sync half-life;</li>
 *   <li>every search interval, or at once when the stick's velocity or facing changed sharply since
 *       the last search or the clip runs out, a search: the query is the pose features of the frame
 *       playing and the simulation's predicted path at the three horizons, relative to the
 *       character's root; the frame playing on counts cheaper by the continuing bias;</li>
 *   <li>if it chose a frame elsewhere (not within the ignore window of the one playing), the clip
 *       jumps there and the {@link Inertializer} carries the pose across, unless that blend would
 *       bend some bone by more than {@link MatchSettings.Search#maxBlendBendDeg} in one update
 *       ({@link Inertializer#bend}): then the clip plays on, or holds its last frame, until a
 *       later search finds a frame it can blend to (a capture's arms can differ by 130° between
 *       frames whose feet match, and no 0.2 s blend hides that);</li>
 *   <li>the pose is the clip's, turned and moved rigidly onto the character's root.</li>
 * </ol>
 * The last search's result (frame, cost and each group's share) stays readable for the debug view.
 * Allocates nothing per update.
 */
public final class MotionMatcher {
    private final MatchDatabase db;
    private final FeatureIndex index;
    private final MatchSettings.Search search;
    private final MatchSettings.Controller controller;
    private final Trajectory simulation;
    private final Inertializer inertializer;
    private final double[] horizons;
    private int clip;
    private double time;
    private double rootX;
    private double rootZ;
    private double rootYaw;
    private double goalVx;
    private double goalVz;
    private double goalYaw;
    private double searchedVx;
    private double searchedVz;
    private double searchedYaw;
    private double sinceSearch;
    private boolean started;
    private boolean verify;
    private boolean jumped;
    private long searches;
    private long jumps;
    private long mismatches;
    private long searchNanos;
    private final double[] raw = new double[FeatureGroup.dimensions()];
    private final double[] query = new double[FeatureGroup.dimensions()];
    private final double[] a = new double[3];
    private final double[] b = new double[3];
    private final SearchResult result = new SearchResult();
    private final SearchResult brute = new SearchResult();
    private final SearchResult last = new SearchResult();
    private final Pose source;
    private final Pose sourceBefore;
    private final Pose sourceBefore2;
    private final Pose candidate1;
    private final Pose candidate2;
    private final double maxBend;
    private long declined;
    private final Pose output;
    /** The character's root one and two updates ago: x, z, yaw. */
    private final double[] root1 = new double[3];
    private final double[] root2 = new double[3];
    private final org.joml.Vector3d v = new org.joml.Vector3d();
    private final org.joml.Quaterniond q = new org.joml.Quaterniond();
    private final org.joml.Quaterniond r = new org.joml.Quaterniond();

    public MotionMatcher(MatchDatabase db) {
        this.db = Check.notNull("db", db);
        index = db.index();
        search = db.settings().search();
        controller = db.settings().controller();
        simulation = new Trajectory(controller.velocityHalfLife(), controller.facingHalfLife());
        inertializer = new Inertializer(db.skeleton(), controller.blendSeconds());
        horizons = db.settings().horizonsSeconds();
        source = new Pose(db.skeleton());
        sourceBefore = new Pose(db.skeleton());
        sourceBefore2 = new Pose(db.skeleton());
        candidate1 = new Pose(db.skeleton());
        candidate2 = new Pose(db.skeleton());
        maxBend = Math.toRadians(search.maxBlendBendDeg());
        output = new Pose(db.skeleton());
        reset(0, 0, 0);
    }

    /**
     * Starts again at rest at (x, z) (m) facing {@code yaw} (rad), showing the database's first
     * frame there; the first update searches.
     */
    public void reset(double x, double z, double yaw) {
        simulation.reset(x, z, yaw);
        rootX = x;
        rootZ = z;
        rootYaw = Rotations.wrap(yaw);
        goalVx = 0;
        goalVz = 0;
        goalYaw = rootYaw;
        clip = 0;
        time = db.stretchStart(0);
        started = false;
        last.frame = -1;
        place(clip, time, rootX, rootZ, rootYaw, source);
        sourceBefore.set(source);
        sourceBefore2.set(source);
        output.set(source);
        inertializer.start(output);
    }

    /** Also runs the brute-force search after every search and counts where they differ. */
    public void setVerify(boolean verify) {
        this.verify = verify;
    }

    /**
     * The stick, in world directions (x, z), length up to 1 (longer is shortened): the goal velocity
     * is the stick times the maximum speed, and the goal facing its direction (kept while the stick
     * is nearly centred).
     */
    public void setStick(double x, double z) {
        Check.finite("x", x);
        Check.finite("z", z);
        double len = Math.sqrt(x * x + z * z);
        double k = len > 1 ? 1 / len : 1;
        goalVx = x * k * controller.maxSpeed();
        goalVz = z * k * controller.maxSpeed();
        if (len > 0.05) {
            goalYaw = Rotations.yaw(x, z);
        }
    }

    /** One update of dt s (see the class comment). */
    public void update(double dt) {
        Check.positive("dt", dt);
        System.arraycopy(root1, 0, root2, 0, 3);
        root1[0] = rootX;
        root1[1] = rootZ;
        root1[2] = rootYaw;
        if (!started) {
            System.arraycopy(root1, 0, root2, 0, 3);
        }
        simulation.update(dt, goalVx, goalVz, goalYaw);
        double t0 = time;
        time = Math.min(time + dt, db.stretchEnd(clip));
        db.root(clip, t0, a);
        db.root(clip, time, b);
        moveRoot(b[0] - a[0], b[1] - a[1], a[2]);
        rootYaw = Rotations.wrap(rootYaw + Rotations.shortestDelta(a[2], b[2]));
        double k = 1 - StrictMath.exp(-StrictMath.log(2) * dt / controller.syncHalfLife());
        rootX += (simulation.x() - rootX) * k;
        rootZ += (simulation.z() - rootZ) * k;
        rootYaw = Rotations.wrap(rootYaw + Rotations.shortestDelta(rootYaw, simulation.yaw()) * k);
        sinceSearch += dt;
        jumped = false;
        if (searchDue()) {
            runSearch();
            int f = result.frame;
            if (f >= 0 && !(db.clipOf(f) == clip && Math.abs(db.time(f) - time) < search.ignoreWithinSeconds())) {
                int newClip = db.clipOf(f);
                double newTime = db.time(f);
                double start = db.stretchStart(newClip);
                place(newClip, Math.max(start, newTime - 2 * dt), root2[0], root2[1], root2[2], candidate2);
                place(newClip, Math.max(start, newTime - dt), root1[0], root1[1], root1[2], candidate1);
                if (inertializer.bend(candidate2, candidate1, dt) <= maxBend) {
                    sourceBefore2.set(candidate2);
                    sourceBefore.set(candidate1);
                    place(newClip, newTime, rootX, rootZ, rootYaw, source);
                    inertializer.transition(sourceBefore2, sourceBefore, dt);
                    clip = newClip;
                    time = newTime;
                    jumps++;
                    jumped = true;
                } else {
                    declined++;
                }
            }
        }
        if (!jumped) {
            sourceBefore2.set(sourceBefore);
            sourceBefore.set(source);
            place(clip, time, rootX, rootZ, rootYaw, source);
        }
        inertializer.update(source, dt, output);
        started = true;
    }

    /** Moves the root by the clip's ground displacement (dx, dz), seen from the clip's heading. */
    private void moveRoot(double dx, double dz, double clipYaw) {
        double c = StrictMath.cos(rootYaw - clipYaw);
        double s = StrictMath.sin(rootYaw - clipYaw);
        rootX += dx * c + dz * s;
        rootZ += -dx * s + dz * c;
    }

    private boolean searchDue() {
        if (!started || time >= db.stretchEnd(clip) - 0.5 / db.settings().frameRate()) {
            return true;
        }
        double dvx = goalVx - searchedVx;
        double dvz = goalVz - searchedVz;
        if (Math.sqrt(dvx * dvx + dvz * dvz) > search.forceSpeedChange()
                || Math.abs(Rotations.shortestDelta(searchedYaw, goalYaw)) > Math.toRadians(search.forceFacingChangeDeg())) {
            return true;
        }
        return sinceSearch >= search.intervalSeconds() - 1e-9;
    }

    private void runSearch() {
        int current = db.frameAt(clip, time);
        db.features(current, raw);
        int tp = FeatureGroup.TRAJECTORY_POSITION.start();
        int td = FeatureGroup.TRAJECTORY_DIRECTION.start();
        double c = StrictMath.cos(rootYaw);
        double s = StrictMath.sin(rootYaw);
        for (int h = 0; h < horizons.length; h++) {
            simulation.predict(horizons[h], goalVx, goalVz, goalYaw, a);
            double dx = a[0] - rootX;
            double dz = a[1] - rootZ;
            raw[tp + 2 * h] = dx * c - dz * s;
            raw[tp + 2 * h + 1] = dx * s + dz * c;
            double turn = a[2] - rootYaw;
            raw[td + 2 * h] = StrictMath.sin(turn);
            raw[td + 2 * h + 1] = StrictMath.cos(turn);
        }
        index.normalize(raw, query);
        int continuing = index.searchable(current) ? current : -1;
        long t0 = System.nanoTime();
        index.search(query, continuing, search.continueBias(), result);
        searchNanos += System.nanoTime() - t0;
        searches++;
        if (verify) {
            index.searchBruteForce(query, continuing, search.continueBias(), brute);
            if (brute.frame != result.frame || Double.compare(brute.cost, result.cost) != 0) {
                mismatches++;
            }
        }
        last.set(result);
        sinceSearch = 0;
        searchedVx = goalVx;
        searchedVz = goalVz;
        searchedYaw = goalYaw;
    }

    /** Clip c at time t turned and moved rigidly so its character root is (x, z, yaw), into dest. */
    private void place(int c, double t, double x, double z, double yaw, Pose dest) {
        db.clip(c).sample(t, dev.sinew.rig.Clip.Wrap.CLAMP, dest);
        db.root(c, t, b);
        double turn = yaw - b[2];
        double cos = StrictMath.cos(turn);
        double sin = StrictMath.sin(turn);
        dest.rootTranslation(v);
        double dx = v.x - b[0];
        double dz = v.z - b[1];
        v.set(x + dx * cos + dz * sin, v.y, z - dx * sin + dz * cos);
        dest.setRootTranslation(v);
        Rotations.yawRotation(turn, r);
        dest.setLocalRotation(0, r.mul(dest.localRotation(0, q)).normalize());
    }

    /** The output pose of the last update (read only): what the pose driver tracks. */
    public Pose output() {
        return output;
    }

    /** The pose of the clip playing, before inertialization (read only). */
    public Pose source() {
        return source;
    }

    /**
     * The clip playing now, one update earlier (read only): the previous source, or after a jump the
     * new clip one update before the frame jumped to. {@code source} differs from it only by the
     * clip's own motion over one update.
     */
    public Pose sourceBefore() {
        return sourceBefore;
    }

    /** The clip playing now, two updates earlier (read only); see {@link #sourceBefore}. */
    public Pose sourceBefore2() {
        return sourceBefore2;
    }

    /** The last search's result (read only). */
    public SearchResult lastSearch() {
        return last;
    }

    public MatchDatabase database() {
        return db;
    }

    /** The clip playing. */
    public int clip() {
        return clip;
    }

    /** Its time, s. */
    public double time() {
        return time;
    }

    /**
     * Where the simulation will be after {@code seconds} with the stick held as it is: dest = (x, z,
     * yaw), m and rad (what the query's trajectory is built from).
     */
    public double[] predicted(double seconds, double[] dest) {
        return simulation.predict(seconds, goalVx, goalVz, goalYaw, dest);
    }

    public Trajectory simulation() {
        return simulation;
    }

    /** The character's root on the ground, m, and its facing, rad. */
    public double rootX() {
        return rootX;
    }

    public double rootZ() {
        return rootZ;
    }

    public double rootYaw() {
        return rootYaw;
    }

    public long searches() {
        return searches;
    }

    /** Jumps the search chose but the blend check turned down. */
    public long declined() {
        return declined;
    }

    public long jumps() {
        return jumps;
    }

    /** Searches where the brute force disagreed (with {@link #setVerify}). */
    public long mismatches() {
        return mismatches;
    }

    /** Wall time spent in the (accelerated) searches, ns; timing only, never part of the motion. */
    public long searchNanos() {
        return searchNanos;
    }
}
