package dev.heaplens.web;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** A request's query parameters, read with bounds: a page is never more than {@link #MAX_PAGE} rows. */
final class Params {
    static final int MAX_PAGE = 500;
    private final Map<String, String> values;

    Params(Map<String, String> values) {
        this.values = values;
    }

    /** Parses {@code a=1&b=x%20y}; a name given twice keeps its last value. */
    static Params parse(String query) {
        Map<String, String> values = new TreeMap<>();
        if (query != null && !query.isEmpty()) {
            for (String part : query.split("&")) {
                int eq = part.indexOf('=');
                String name = eq < 0 ? part : part.substring(0, eq);
                String value = eq < 0 ? "" : part.substring(eq + 1);
                try {
                    values.put(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
                } catch (IllegalArgumentException e) {
                    throw new ApiException(400, "bad query parameter encoding");
                }
            }
        }
        return new Params(values);
    }

    Map<String, String> asMap() {
        return values;
    }

    String text(String name, String fallback) {
        String v = values.get(name);
        return v == null || v.isEmpty() ? fallback : v;
    }

    String required(String name) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            throw new ApiException(400, "missing parameter '" + name + "'");
        }
        return v;
    }

    int integer(String name, int fallback, int min, int max) {
        return (int) number(name, fallback, min, max);
    }

    private long number(String name, long fallback, long min, long max) {
        String v = values.get(name);
        if (v == null || v.isEmpty()) {
            return fallback;
        }
        try {
            long i = Long.parseLong(v);
            if (i < min || i > max) {
                throw new ApiException(400, "'" + name + "' must be between " + min + " and " + max);
            }
            return i;
        } catch (NumberFormatException e) {
            throw new ApiException(400, "'" + name + "' is not a number: " + v);
        }
    }

    /** A page number: a list of a graph past 2^31 objects (its top retainers, a class's objects) has pages past an int's rows. */
    long page() {
        return number("page", 0, 0, Long.MAX_VALUE / MAX_PAGE - 1); // page * size + size never overflows
    }

    int size(int fallback) {
        return integer("size", fallback, 1, MAX_PAGE);
    }
}
