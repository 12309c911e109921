/**
 * {@code sinew check}: a battery of scenarios run against a ragdoll definition, a clip and a drive
 * profile (the user's or the shipped ones), each watched by the same detectors of explosions and
 * jitter, and a report people and CI can read ({@code report.json}, {@code report.html} with its
 * charts). Also the soak run: random hits, throws, knock-downs and get-ups on a crowd for as long
 * as asked, with the heap sampled.
 */
package dev.sinew.scenes.check;
