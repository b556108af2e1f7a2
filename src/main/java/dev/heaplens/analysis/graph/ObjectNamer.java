package dev.heaplens.analysis.graph;

import dev.heaplens.analysis.GroupBy;

/**
 * What a runtime calls the objects of its heap graph: the reader of each dump format supplies
 * one, so the graph analyses stay runtime-neutral.
 */
public interface ObjectNamer {
    /** The object's kind as its runtime says it: a Ruby type ({@code STRING}), a JVM kind ({@code instance})... */
    String kind(long object);

    /** The group name of {@code object} under {@code key}; {@code null} keys are never asked. */
    String group(long object, GroupBy key);

    /** What the object holds, as far as its record was read: a string's value, an array's length... or {@link ShownValue#NONE}. */
    ShownValue value(long object);

    /** The allocation site {@code file:line}, or null. */
    String location(long object);
}
