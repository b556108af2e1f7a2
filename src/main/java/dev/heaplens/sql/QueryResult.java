package dev.heaplens.sql;

import java.util.List;

/**
 * What a query returned, as far as it is shown: column names, which of them are numbers, the first
 * rows (cells are {@code String}, {@code Long}, {@code Double}, {@code Boolean} or null) and how many
 * rows more it had past the bound.
 */
public record QueryResult(List<String> columns, List<Boolean> numeric, List<List<Object>> rows, long moreRows) {
}
