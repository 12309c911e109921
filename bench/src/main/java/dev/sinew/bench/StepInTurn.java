package dev.sinew.bench;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Two builds of one benchmark stepped in turn in one JVM, tick by tick: what a change does to a
 * tick's cost on a machine too noisy for two separate JMH runs to compare (a shared machine's
 * speed drifts by tens of percent over minutes, and both builds drift together here).
 *
 * <pre>
 *   java -cp bench/target/benchmarks.jar dev.sinew.bench.StepInTurn OLD.jar NEW.jar TrackWalkBenchmark \
 *       [--param ragdolls=100] [--ticks 300] [--warmup 100]
 * </pre>
 *
 * OLD.jar and NEW.jar are the two builds' {@code bench/target/benchmarks.jar}; each is loaded in a
 * class loader of its own, the benchmark (a class of this package) set up in each with its
 * {@code @Param} fields at their first values and the given ones, and after the warm-up ticks each
 * tick of the old world is followed by one of the new. Each tick is timed as the calling thread's
 * CPU time, so the benchmark's world must step on that thread (one thread: the benchmarks'
 * default). This is done twice, the old build first and
 * then the new build first, each time with worlds set up afresh; it prints each build's median
 * tick, the median of the per-tick ratios new/old of each order ("A and 1/B": B is old/new with the
 * new build first), their geometric mean, and whether the two worlds end with the same
 * {@code stateHash}. Exit codes: 0 done, 2 bad arguments (a message says which).
 */
public final class StepInTurn {
    private StepInTurn() {
    }

    public static void main(String[] args) throws Exception {
        List<String> params = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        int ticks = 300;
        int warmup = 100;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--param") || a.equals("--ticks") || a.equals("--warmup")) {
                if (i + 1 >= args.length) {
                    fail(a + " needs a value");
                }
                String v = args[++i];
                if (a.equals("--param")) {
                    params.add(v);
                } else {
                    int n = parseCount(a, v, a.equals("--ticks") ? 1 : 0);
                    if (a.equals("--ticks")) {
                        ticks = n;
                    } else {
                        warmup = n;
                    }
                }
            } else if (a.startsWith("--")) {
                fail("unknown option " + a + " (options: --param name=value, --ticks N, --warmup N)");
            } else {
                positional.add(a);
            }
        }
        if (positional.size() != 3) {
            fail("usage: StepInTurn OLD.jar NEW.jar BENCHMARK [--param name=value]... [--ticks N] [--warmup N]");
        }
        File oldJar = jar(positional.get(0));
        File newJar = jar(positional.get(1));
        String benchmark = positional.get(2);
        Run first = run(oldJar, newJar, benchmark, params, ticks, warmup);
        Run second = run(newJar, oldJar, benchmark, params, ticks, warmup);
        System.out.printf("%s %s, %d ticks after %d:%n", benchmark, String.join(" ", params), ticks, warmup);
        System.out.printf("  old first: old %.3f ms, new %.3f ms a tick (thread CPU, medians), new/old %.4f%n",
                first.medianA, first.medianB, first.ratio);
        System.out.printf("  new first: new %.3f ms, old %.3f ms a tick, old/new %.4f%n", second.medianA,
                second.medianB, second.ratio);
        System.out.printf("  new/old: %.4f and 1/%.4f, geometric mean %.4f%n", first.ratio, second.ratio,
                Math.sqrt(first.ratio / second.ratio));
        System.out.printf("  stateHash after the ticks: %s%n", first.sameHash && second.sameHash ? "the same"
                : "different (old " + first.hashA + ", new " + first.hashB + ")");
    }

    private record Run(double medianA, double medianB, double ratio, String hashA, String hashB, boolean sameHash) {
    }

    /** Sets up the benchmark from each jar, steps a then b each tick, and times both. */
    private static Run run(File jarA, File jarB, String benchmark, List<String> params, int ticks, int warmup)
            throws Exception {
        Object a = setUp(jarA, benchmark, params);
        Object b = setUp(jarB, benchmark, params);
        Method stepA = a.getClass().getMethod("step");
        Method stepB = b.getClass().getMethod("step");
        for (int i = 0; i < warmup; i++) {
            stepA.invoke(a);
            stepB.invoke(b);
        }
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] ta = new double[ticks];
        double[] tb = new double[ticks];
        double[] ratio = new double[ticks];
        for (int i = 0; i < ticks; i++) {
            long t0 = mx.getCurrentThreadCpuTime();
            stepA.invoke(a);
            long t1 = mx.getCurrentThreadCpuTime();
            stepB.invoke(b);
            long t2 = mx.getCurrentThreadCpuTime();
            ta[i] = (t1 - t0) / 1e6;
            tb[i] = (t2 - t1) / 1e6;
            ratio[i] = (double) (t2 - t1) / (t1 - t0);
        }
        String hashA = hash(a);
        String hashB = hash(b);
        tearDown(a);
        tearDown(b);
        ((URLClassLoader) a.getClass().getClassLoader()).close();
        ((URLClassLoader) b.getClass().getClassLoader()).close();
        return new Run(median(ta), median(tb), median(ratio), hashA, hashB, hashA != null && hashA.equals(hashB));
    }

    private static Object setUp(File jar, String benchmark, List<String> params) throws Exception {
        URLClassLoader loader = new URLClassLoader(new URL[] {url(jar)}, ClassLoader.getPlatformClassLoader());
        Class<?> c;
        try {
            c = loader.loadClass(StepInTurn.class.getPackageName() + "." + benchmark);
        } catch (ClassNotFoundException e) {
            fail(jar + " has no benchmark " + benchmark);
            return null;
        }
        Object o = c.getConstructor().newInstance();
        // every @Param field at its first listed value, as JMH's first run of the benchmark has it
        List<String> all = new ArrayList<>();
        for (Field f : c.getFields()) {
            for (java.lang.annotation.Annotation an : f.getAnnotations()) {
                if (an.annotationType().getName().equals("org.openjdk.jmh.annotations.Param")) {
                    String[] values = (String[]) an.annotationType().getMethod("value").invoke(an);
                    if (values.length > 0) {
                        all.add(f.getName() + "=" + values[0]);
                    }
                }
            }
        }
        all.addAll(params);
        for (String p : all) {
            int eq = p.indexOf('=');
            if (eq <= 0) {
                fail("--param " + p + ": expected name=value");
            }
            String name = p.substring(0, eq);
            String value = p.substring(eq + 1);
            Field f;
            try {
                f = c.getField(name);
            } catch (NoSuchFieldException e) {
                fail(benchmark + " in " + jar + " has no parameter " + name);
                return null;
            }
            if (f.getType() == int.class) {
                f.setInt(o, parseCount("--param " + name, value, Integer.MIN_VALUE));
            } else if (f.getType() == boolean.class && (value.equals("true") || value.equals("false"))) {
                f.setBoolean(o, Boolean.parseBoolean(value));
            } else if (f.getType() == String.class) {
                f.set(o, value);
            } else {
                fail("--param " + p + ": " + name + " takes " + f.getType().getSimpleName() + " values");
            }
        }
        try {
            c.getMethod("setUp").invoke(o);
        } catch (InvocationTargetException e) {
            fail(benchmark + " in " + jar + " failed to set up: " + e.getCause());
        }
        return o;
    }

    /** The stateHash of the benchmark's world (its field of type World); null if it has none. */
    private static String hash(Object benchmark) throws Exception {
        for (Field f : benchmark.getClass().getDeclaredFields()) {
            if (f.getType().getName().equals("dev.sinew.solver.World")) {
                f.setAccessible(true);
                Object world = f.get(benchmark);
                return (String) world.getClass().getMethod("stateHashHex").invoke(world);
            }
        }
        return null;
    }

    private static void tearDown(Object benchmark) throws Exception {
        try {
            benchmark.getClass().getMethod("tearDown").invoke(benchmark);
        } catch (NoSuchMethodException e) {
            // nothing to close
        }
    }

    private static double median(double[] x) {
        double[] s = x.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : 0.5 * (s[n / 2 - 1] + s[n / 2]);
    }

    private static File jar(String path) {
        File f = new File(path);
        if (!f.isFile()) {
            fail(path + ": no such file (give the two builds' bench/target/benchmarks.jar)");
        }
        return f;
    }

    private static URL url(File f) {
        try {
            return f.toURI().toURL();
        } catch (MalformedURLException e) {
            fail(f + ": not a file path");
            return null;
        }
    }

    private static int parseCount(String what, String v, int min) {
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= 1_000_000) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        fail(what + " " + v + ": expected a whole number" + (min == Integer.MIN_VALUE ? "" : " from " + min)
                + " up to 1000000");
        return 0;
    }

    private static void fail(String message) {
        System.err.println("StepInTurn: " + message);
        System.exit(2);
    }
}
