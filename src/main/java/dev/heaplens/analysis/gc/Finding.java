package dev.heaplens.analysis.gc;

/**
 * One diagnosis: a rule that fired, the threshold it checks and the evidence that crossed it,
 * with the setting to try, a value for it (or "" when the advice is not a value) and why.
 */
public record Finding(String rule, String threshold, String evidence, String setting, String value, String reason) {
}
