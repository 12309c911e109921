package dev.sinew.scenes.check;

/** One entry of the battery: it runs, watched by the detectors, and returns its result. */
public interface Scenario {
    /** Its name in the report ({@code stand}, {@code hits@30Hz}). */
    String name();

    /** One line saying what it does. */
    String what();

    /** Ticks it will run, for the progress bar. */
    long ticks();

    /** Runs it; {@code progress} is told of every tick done. */
    ScenarioResult run(Runnable progress);
}
