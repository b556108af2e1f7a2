package dev.heaplens.memprof.hooks;

import static dev.heaplens.memprof.hooks.ConstantPool.u2;

/**
 * Which methods of a class file may allocate, read straight from its bytes: a walk over each
 * method's bytecode that looks only at opcodes, far cheaper than a visitor pass of ASM (most of
 * the classes an application loads allocate nowhere, or in a few methods only). A method may
 * allocate when it has a {@code new}, an array creation, or a call of a method named
 * {@code clone} or {@code newInstance}; {@link AllocationSites} then decides site by site, so a
 * method counted here may still record nothing.
 */
final class AllocatingMethods {
    /** Per method, in class file order: its max_locals when it may allocate, else -1. */
    private final int[] maxLocals;
    private final boolean any;

    private AllocatingMethods(int[] maxLocals, boolean any) {
        this.maxLocals = maxLocals;
        this.any = any;
    }

    /** Whether any method may allocate: if not, the class is left as it is. */
    boolean any() {
        return any;
    }

    /** The max_locals of method {@code index} (class file order) when it may allocate, else -1. */
    int maxLocals(int index) {
        return index < maxLocals.length ? maxLocals[index] : -1;
    }

    /** Reads {@code b}; a malformed class file throws (the transformer then leaves the class alone). */
    static AllocatingMethods of(byte[] b) {
        ConstantPool pool = ConstantPool.at(b, 8);
        int p = pool.end();
        p += 6; // access, this, super
        p += 2 + 2 * u2(b, p); // interfaces
        int fields = u2(b, p);
        p += 2;
        for (int f = 0; f < fields; f++) {
            p = skipAttributes(b, p + 6);
        }
        int methods = u2(b, p);
        p += 2;
        int[] maxLocals = new int[methods];
        boolean any = false;
        for (int m = 0; m < methods; m++) {
            maxLocals[m] = -1;
            int attributes = u2(b, p + 6);
            p += 8;
            for (int a = 0; a < attributes; a++) {
                int length = u4(b, p + 2);
                if (pool.isUtf8(u2(b, p), "Code") && allocates(b, p + 14, u4(b, p + 10), pool)) {
                    maxLocals[m] = u2(b, p + 8);
                    any = true;
                }
                p += 6 + length;
            }
        }
        return new AllocatingMethods(maxLocals, any);
    }

    /** Whether the bytecode at {@code start}, {@code length} bytes, allocates or calls clone/newInstance. */
    private static boolean allocates(byte[] b, int start, int length, ConstantPool pool) {
        int end = start + length;
        for (int p = start; p < end; ) {
            int op = b[p] & 0xFF;
            switch (op) {
                case 0xBB, 0xBC, 0xBD, 0xC5 -> { // new, newarray, anewarray, multianewarray
                    return true;
                }
                case 0xB6, 0xB7, 0xB8 -> { // invokevirtual, invokespecial, invokestatic
                    if (pool.namesCloneOrNewInstance(u2(b, p + 1))) {
                        return true;
                    }
                    p += 3;
                }
                case 0xAA -> { // tableswitch: padding to 4 bytes from the code's start, then default, low, high
                    int q = p + 1 + ((4 - (p + 1 - start) % 4) % 4);
                    p = q + 12 + 4 * (u4(b, q + 8) - u4(b, q + 4) + 1);
                }
                case 0xAB -> { // lookupswitch: padding, default, npairs, pairs
                    int q = p + 1 + ((4 - (p + 1 - start) % 4) % 4);
                    p = q + 8 + 8 * u4(b, q + 4);
                }
                case 0xC4 -> p += (b[p + 1] & 0xFF) == 0x84 ? 6 : 4; // wide iinc, or wide load/store/ret
                default -> {
                    int n = LENGTHS[op];
                    if (n == 0) {
                        throw new IllegalArgumentException("opcode " + op);
                    }
                    p += n;
                }
            }
        }
        return false;
    }

    /** Instruction lengths by opcode, for those of fixed length (0: variable or unused). */
    private static final byte[] LENGTHS = new byte[256];

    static {
        java.util.Arrays.fill(LENGTHS, 0, 0xCA, (byte) 1);
        set(2, 0x10, 0x12, 0xA9, 0xBC); // bipush, ldc, ret, newarray
        set(2, range(0x15, 0x19)); // loads with an index
        set(2, range(0x36, 0x3A)); // stores with an index
        set(3, 0x11, 0x13, 0x14, 0x84, 0xBB, 0xBD, 0xC0, 0xC1, 0xC6, 0xC7); // sipush, ldc_w, ldc2_w, iinc, new...
        set(3, range(0x99, 0xA8)); // branches, goto, jsr
        set(3, range(0xB2, 0xB8)); // field access, invokevirtual/special/static
        set(4, 0xC5); // multianewarray
        set(5, 0xB9, 0xBA, 0xC8, 0xC9); // invokeinterface, invokedynamic, goto_w, jsr_w
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from + 1];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }

    private static void set(int length, int... opcodes) {
        for (int op : opcodes) {
            LENGTHS[op] = (byte) length;
        }
    }

    private static int skipAttributes(byte[] b, int p) {
        int attributes = u2(b, p);
        p += 2;
        for (int a = 0; a < attributes; a++) {
            p += 6 + u4(b, p + 2);
        }
        return p;
    }

    private static int u4(byte[] b, int p) {
        return (b[p] & 0xFF) << 24 | (b[p + 1] & 0xFF) << 16 | (b[p + 2] & 0xFF) << 8 | (b[p + 3] & 0xFF);
    }
}
