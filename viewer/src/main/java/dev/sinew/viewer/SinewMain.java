package dev.sinew.viewer;

import dev.sinew.scenes.cli.Main;
import picocli.CommandLine;

/** The {@code sinew} program: the command line of the scenes module, with the sandbox window and screenshots. */
public final class SinewMain {
    private SinewMain() {
    }

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns the exit code. */
    public static int execute(String... args) {
        CommandLine cl = Main.commandLine(Sandbox::run);
        cl.addSubcommand("screenshot", new ScreenshotCommand());
        return Main.run(cl, args);
    }
}
