import dev.heaplens.format.hprof.BasicType;
import dev.heaplens.format.hprof.HprofWriter;
import dev.heaplens.format.hprof.RootKind;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A generated HPROF dump of any number of objects, written by heaplens's own HprofWriter as it goes
 * (memory stays bounded: a customer's block at a time), seeded and reproducible. Its shape is an order
 * service's heap as a 64-bit HotSpot with compressed oops lays it out (8-byte ids, 12-byte headers,
 * 4-byte references, objects packed in address order):
 * <ul>
 * <li>{@code OrderService.CUSTOMERS}, a static, holds buckets of 1024 customers; a customer has a
 * name (a String and its byte[]) and five orders; an order two line items (each naming one of 100,000
 * catalogue products, held by {@code Catalog.PRODUCTS}) and a note;</li>
 * <li>the leak: {@code SessionCache.SESSIONS}, another static, holds every session ever opened (two
 * a customer, each with a byte[] payload), about a fifth of the heap, so that {@code suspects} names it;</li>
 * <li>a thread {@code main} whose frame holds one customer as a local.</li>
 * </ul>
 * Usage: {@code java -cp target/classes bench/jvm/BigHprof.java OUT.hprof OBJECTS [SEED]}; prints the
 * exact counts (objects, references, classes, customers, sessions) on stdout, the oracle of what a
 * reader must find, and the first session's address (for {@code paths}). An OUT of {@code -} writes
 * the dump on stdout and the counts on stderr, for a dump bigger than the disk read through a pipe.
 */
public final class BigHprof {
    private static final long BASE = 0x6_0000_0000L;   // the heap, as a zero-based compressed-oops heap starts
    private static final int BUCKET = 1024;           // customers (sessions) per bucket array
    private static final int ORDERS = 5;              // per customer
    private static final int ITEMS = 2;               // per order
    private static final int SESSIONS = 2;            // per customer
    private static final int PRODUCTS = 100_000;
    /** Objects per customer block: customer, name, its bytes, orders array; 6 per order; 2 per session. */
    private static final int BLOCK_OBJECTS = 4 + ORDERS * (4 + ITEMS) + SESSIONS * 2;

    private static final BasicType O = BasicType.OBJECT;
    private static final BasicType I = BasicType.INT;
    private static final BasicType J = BasicType.LONG;
    private static final BasicType B = BasicType.BYTE;
    private static final BasicType Z = BasicType.BOOLEAN;

    private final HprofWriter w;
    private final SplittableRandom rnd;
    private long next;          // the next free address
    private long objects;
    private long references;
    private long strings = 1;   // UTF8 ids
    private int classSerial = 1;
    private final List<Long> classIds = new ArrayList<>();
    private long firstSession;  // printed: an address for paths

    // class ids (a class object's address)
    private long objectClass, classClass, byteArrayClass, stringClass, objectArrayClass, customerClass, orderClass, itemClass, productClass,
            sessionClass, serviceClass, cacheClass, catalogClass, threadClass;

    private BigHprof(HprofWriter w, long seed) {
        this.w = w;
        this.rnd = new SplittableRandom(seed);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: BigHprof OUT.hprof OBJECTS [SEED]");
            System.exit(2);
        }
        long wanted = Long.parseLong(args[1].replace("_", ""));
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 28;
        long start = System.nanoTime();
        boolean piped = args[0].equals("-"); // the dump on stdout, for a reader at the other end of a pipe
        PrintStream counts = piped ? System.err : System.out;
        try (HprofWriter w = new HprofWriter(piped ? new FileOutputStream(FileDescriptor.out) : new FileOutputStream(args[0]), 8,
                4 << 20)) {
            new BigHprof(w, seed).write(wanted, counts);
        }
        System.err.printf("BigHprof: %s written in %.1f s%n", args[0], (System.nanoTime() - start) / 1e9);
    }

    private void write(long wanted, PrintStream counts) {
        long fixed = PRODUCTS * 4L + 64;
        long customers = Math.max(1, (long) ((wanted - fixed) / (BLOCK_OBJECTS + 2.0 / BUCKET)));
        long buckets = (customers + BUCKET - 1) / BUCKET;
        next = BASE;
        classes();
        // the arrays the statics hold sit first in the heap, as long-lived objects do; written last
        long catalog = reserve(arraySize(PRODUCTS));
        long customerRoots = reserve(arraySize(buckets));
        long sessionRoots = reserve(arraySize(buckets));
        long bucketArrays = next;
        next += 2 * buckets * arraySize(BUCKET); // customer buckets, then session buckets (the last ones shorter)
        next = align(next + 4096);
        w.stackFrame(1, utf8("main"), utf8("Shop.java"), classIds.indexOf(serviceClass) + 1, 42);
        w.stackTrace(1, 1, 1);
        classDumps(catalog, customerRoots, sessionRoots);
        long[] products = products();
        long firstCustomer = -1;
        long[] customerBucket = new long[BUCKET];
        long[] sessionBucket = new long[BUCKET * SESSIONS];
        long[] customerBucketIds = new long[(int) buckets];
        long[] sessionBucketIds = new long[(int) buckets];
        for (long b = 0; b < buckets; b++) {
            int inBucket = (int) Math.min(BUCKET, customers - b * BUCKET);
            for (int c = 0; c < inBucket; c++) {
                customerBucket[c] = customer(products, sessionBucket, c * SESSIONS);
                firstCustomer = firstCustomer < 0 ? customerBucket[c] : firstCustomer;
            }
            customerBucketIds[(int) b] = bucketArrays + 2 * b * arraySize(BUCKET);
            sessionBucketIds[(int) b] = customerBucketIds[(int) b] + arraySize(BUCKET);
            array(customerBucketIds[(int) b], Arrays.copyOf(customerBucket, inBucket));
            array(sessionBucketIds[(int) b], Arrays.copyOf(sessionBucket, inBucket * SESSIONS));
        }
        array(catalog, products);
        array(customerRoots, customerBucketIds);
        array(sessionRoots, sessionBucketIds);
        long thread = thread(firstCustomer);
        for (long c : classIds) {
            w.root(RootKind.STICKY_CLASS, c);
        }
        w.endSegment().end();
        counts.printf("objects %d%nreferences %d%nclasses %d%ncustomers %d%nsessions %d%nheap bytes %d%nthread 0x%x%n"
                + "session 0x%x%n", objects, references, classIds.size(), customers, customers * SESSIONS, next - BASE, thread,
                firstSession);
    }

    // ---- classes

    private void classes() {
        objectClass = loadClass("java/lang/Object");
        classClass = loadClass("java/lang/Class");
        byteArrayClass = loadClass("[B");
        stringClass = loadClass("java/lang/String");
        objectArrayClass = loadClass("[Ljava/lang/Object;");
        threadClass = loadClass("java/lang/Thread");
        customerClass = loadClass("com/example/shop/Customer");
        orderClass = loadClass("com/example/shop/Order");
        itemClass = loadClass("com/example/shop/LineItem");
        productClass = loadClass("com/example/shop/Product");
        sessionClass = loadClass("com/example/shop/Session");
        serviceClass = loadClass("com/example/shop/OrderService");
        cacheClass = loadClass("com/example/shop/SessionCache");
        catalogClass = loadClass("com/example/shop/Catalog");
    }

    private long loadClass(String name) {
        long id = next;
        next += 512; // class objects first in the heap, apart from one another
        long nameId = utf8(name);
        w.loadClass(classSerial++, id, nameId);
        classIds.add(id);
        return id;
    }

    private long utf8(String text) {
        long id = strings++;
        w.utf8(id, text);
        return id;
    }

    /** Opens the heap dump segment with the class dumps (their field names are written before it). */
    private void classDumps(long catalog, long customerRoots, long sessionRoots) {
        long[] none = {};
        BasicType[] noTypes = {};
        long[] stringFields = names("value", "hash", "coder", "hashIsZero");
        long[] threadFields = names("name", "tid");
        long[] customerFields = names("name", "orders", "age");
        long[] orderFields = names("id", "customer", "items", "note");
        long[] itemFields = names("product", "quantity", "price");
        long[] productFields = names("name", "sku");
        long[] sessionFields = names("id", "created", "user", "payload");
        long[] customers = names("CUSTOMERS");
        long[] sessions = names("SESSIONS");
        long[] products = names("PRODUCTS");
        w.segment();
        w.classDump(objectClass, 0, none, noTypes, none, none, noTypes);
        w.classDump(classClass, objectClass, none, noTypes, none, none, noTypes);
        w.classDump(byteArrayClass, objectClass, none, noTypes, none, none, noTypes);
        w.classDump(stringClass, objectClass, none, noTypes, none, stringFields, new BasicType[] {O, I, B, Z});
        w.classDump(objectArrayClass, objectClass, none, noTypes, none, none, noTypes);
        w.classDump(threadClass, objectClass, none, noTypes, none, threadFields, new BasicType[] {O, J});
        w.classDump(customerClass, objectClass, none, noTypes, none, customerFields, new BasicType[] {O, O, I});
        w.classDump(orderClass, objectClass, none, noTypes, none, orderFields, new BasicType[] {J, O, O, O});
        w.classDump(itemClass, objectClass, none, noTypes, none, itemFields, new BasicType[] {O, I, J});
        w.classDump(productClass, objectClass, none, noTypes, none, productFields, new BasicType[] {O, O});
        w.classDump(sessionClass, objectClass, none, noTypes, none, sessionFields, new BasicType[] {J, J, O, O});
        w.classDump(serviceClass, objectClass, customers, new BasicType[] {O}, new long[] {customerRoots}, none, noTypes);
        w.classDump(cacheClass, objectClass, sessions, new BasicType[] {O}, new long[] {sessionRoots}, none, noTypes);
        w.classDump(catalogClass, objectClass, products, new BasicType[] {O}, new long[] {catalog}, none, noTypes);
        objects += classIds.size();
        references += 3;
    }

    private long[] names(String... names) {
        long[] ids = new long[names.length];
        for (int i = 0; i < names.length; i++) {
            ids[i] = utf8(names[i]);
        }
        return ids;
    }

    // ---- objects, each at the next address, sized as HotSpot with compressed oops sizes it

    private long[] products() {
        long[] products = new long[PRODUCTS];
        for (int p = 0; p < PRODUCTS; p++) {
            long product = reserve(24);
            long name = string(12 + rnd.nextInt(20));
            long sku = bytes(8);
            instance(product, productClass, new BasicType[] {O, O}, name, sku);
            products[p] = product;
        }
        return products;
    }

    /** A customer with its name, orders and sessions (written into {@code sessions} from {@code at}). */
    private long customer(long[] products, long[] sessions, int at) {
        long customer = reserve(24);
        long name = string(8 + rnd.nextInt(16));
        long orders = reserve(arraySize(ORDERS));
        long[] orderIds = new long[ORDERS];
        instance(customer, customerClass, new BasicType[] {O, O, I}, name, orders, 20 + rnd.nextInt(60));
        for (int k = 0; k < ORDERS; k++) {
            orderIds[k] = order(customer, products);
        }
        array(orders, orderIds);
        for (int s = 0; s < SESSIONS; s++) {
            long session = reserve(40);
            long payload = bytes(32 + rnd.nextInt(64));
            instance(session, sessionClass, new BasicType[] {J, J, O, O}, rnd.nextLong(), 1_700_000_000_000L + rnd.nextInt(),
                    customer, payload);
            sessions[at + s] = session;
            firstSession = firstSession == 0 ? session : firstSession;
        }
        return customer;
    }

    private long order(long customer, long[] products) {
        long order = reserve(32);
        long items = reserve(arraySize(ITEMS));
        long[] itemIds = new long[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            itemIds[i] = reserve(32);
        }
        long note = string(8 + rnd.nextInt(24));
        instance(order, orderClass, new BasicType[] {J, O, O, O}, rnd.nextLong(), customer, items, note);
        array(items, itemIds);
        for (long item : itemIds) {
            instance(item, itemClass, new BasicType[] {O, I, J}, products[rnd.nextInt(PRODUCTS)], 1 + rnd.nextInt(9),
                    rnd.nextInt(100_000));
        }
        return order;
    }

    private long thread(long local) {
        long thread = reserve(24);
        long name = string(4);
        instance(thread, threadClass, new BasicType[] {O, J}, name, 1);
        w.threadRoot(thread, 1, 1);
        w.localRoot(RootKind.JAVA_FRAME, local, 1, 0);
        return thread;
    }

    /** A Latin-1 String of {@code length} letters and its byte[]: the String's address. */
    private long string(int length) {
        long s = reserve(24);
        byte[] text = new byte[length];
        for (int i = 0; i < length; i++) {
            text[i] = (byte) ('a' + rnd.nextInt(26));
        }
        long value = reserve(align(16 + length));
        instance(s, stringClass, new BasicType[] {O, I, B, Z}, value, 0, 0, 1);
        w.primitiveArray(value, BasicType.BYTE, length, text);
        objects++;
        return s;
    }

    private long bytes(int length) {
        long id = reserve(align(16 + length));
        byte[] data = new byte[length];
        for (int i = 0; i < length; i++) {
            data[i] = (byte) rnd.nextInt(256);
        }
        w.primitiveArray(id, BasicType.BYTE, length, data);
        objects++;
        return id;
    }

    private void instance(long id, long classId, BasicType[] types, long... values) {
        w.instance(id, classId, types, values);
        objects++;
        for (int i = 0; i < types.length; i++) {
            references += types[i] == O && values[i] != 0 ? 1 : 0;
        }
    }

    private void array(long id, long[] elements) {
        w.objectArray(id, objectArrayClass, elements);
        objects++;
        references += elements.length;
    }

    private long reserve(long size) {
        long at = next;
        next += size;
        return at;
    }

    private static long arraySize(long length) {
        return align(16 + 4 * length);
    }

    private static long align(long size) {
        return (size + 7) & ~7L;
    }
}
