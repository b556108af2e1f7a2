package dev.heaplens.graph;

/**
 * The lookup that resolves a build's reference and root addresses, chosen from the sorted addresses:
 * a hash table while the objects are at most {@code tableLimit} (the dense one when they fill their
 * span, else the packed one when its 32-bit keys span them, else the wide one), faster than the
 * graph's sorted index and dropped once the references are resolved; else a sorted index: the
 * graph's own ({@link AddressIndex}, kept for {@code objectOf}), or, out of core past what a heap
 * array holds, one over the mapped column ({@link MappedAddressIndex}).
 */
final class BuildAddressLookup {
    final AddressLookup lookup;
    /** The sorted index when it resolves, for the graph in the heap to keep; else null. */
    final AddressIndex index;
    /** Out of core, the index over the mapped addresses when it resolves; else null. */
    private final MappedAddressIndex mappedIndex;

    /**
     * For {@code total} addresses sorted in the heap ({@code address}) or, when that is null, mapped
     * ({@code mapped}, out of core: the tables are built from it a chunk at a time).
     */
    BuildAddressLookup(long[] address, MappedLongs mapped, long total, long tableLimit, Scratch scratch) {
        AddressLookup table = total <= tableLimit
                ? compactTable(address != null ? AddressChunks.of(address) : AddressChunks.of(mapped)) : null;
        MappedAddressIndex mappedIndex = null;
        long[] searched = address;
        if (table == null && address == null) {
            if (MappedIds.wide(total)) { // past what a heap array holds: searched where they lie
                mappedIndex = new MappedAddressIndex(mapped, scratch);
            } else {
                searched = mapped.toArray(); // the wide table and the sorted index search the addresses themselves
            }
        }
        if (table == null && mappedIndex == null && total <= tableLimit) {
            table = new AddressTable(searched);
        }
        this.mappedIndex = mappedIndex;
        this.index = table == null && mappedIndex == null ? new AddressIndex(searched) : null;
        this.lookup = table != null ? table : mappedIndex != null ? mappedIndex : index;
    }

    /**
     * The dense table (a small one, mostly cached) when the addresses fill their span densely enough,
     * else the packed table (one cache miss a lookup) when their span allows, else null (the wide one).
     */
    private static AddressLookup compactTable(AddressChunks sortedAddresses) {
        AddressUnits units = AddressUnits.of(sortedAddresses);
        DenseAddressTable dense = DenseAddressTable.of(sortedAddresses, units);
        return dense != null ? dense : PackedAddressTable.of(sortedAddresses, units);
    }

    /** Once the addresses are resolved: the mapped index's scratch given back. */
    void release(Scratch scratch) {
        if (mappedIndex != null) {
            mappedIndex.release(scratch);
        }
    }
}
