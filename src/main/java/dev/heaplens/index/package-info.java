/**
 * The index cache's file: a versioned container of named sections of primitives, keyed by the
 * dump it was made from ({@link dev.heaplens.index.IndexKey}), written to a temporary file and
 * renamed into place ({@link dev.heaplens.index.IndexWriter}), and read back by memory-mapping
 * ({@link dev.heaplens.index.IndexReader}) with every length and checksum checked. It knows
 * nothing of graphs or runtimes: those write and read their own sections. See the README's
 * "Index cache" section.
 */
package dev.heaplens.index;
