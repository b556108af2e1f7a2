// BigHeap.java -- build a big, application-like JVM heap and write a live HPROF dump of it.
//
//   java -Xmx2g bench/jvm/BigHeap.java OUT.hprof [SCALE]
//   (bench/make-jvm-dump.sh compiles it with javac first and runs it from the class path, so the
//   dump holds no in-process compiler leftovers; both ways work on JDK 17, no dependencies.)
//
// SCALE (default 1.0) multiplies the counts (products, customers, sessions; orders and line
// items follow from customers). SCALE 1.0 gave 7,386,751 live objects (instances + arrays, by
// GC.class_histogram) and an HPROF of 307,652,979 bytes (293 MiB, ~41.6 bytes an object: HPROF
// ids are 8 bytes) on OpenJDK 17.0.15; SCALE 0.1 gives about 0.77M objects / 35 MB. The JVM
// needs about 250 MB of live heap at SCALE 1 (-Xmx2g leaves the dumper room).
//
// The heap is an in-memory "order service", shaped like entities loaded from a database (every
// row's strings are fresh copies, so equal strings with their own byte[] abound):
//   - a static product catalog (HashMap sku -> Product, with String[] tags from a shared pool,
//     BigDecimal prices, an ArrayList<Integer> of 90 boxed daily sales) shared by order lines;
//   - a ConcurrentHashMap customer id -> Customer, each with an Address (about a quarter shared by
//     a household), a small attribute HashMap for some, an ArrayList of 0..8 Orders;
//   - Orders (each pointing back at its customer: cycles) with LocalDates, BigDecimal totals,
//     copied currency/channel strings, a tracking number, an ArrayList of 1..7 LineItems (copies
//     of the product's sku and name, a variant and unit string, BigDecimal prices mostly shared
//     with the product, boxed Long discounts), small int[] / byte[] arrays, notes (duplicated
//     content with own byte[], a shared literal, or distinct), Promotions shared by many orders;
//   - a HashMap id -> Order of open orders, a big Object[] shard table of every order and
//     ArrayDeque / LinkedList event queues pointing at orders (so most orders have two or more
//     owners: their dominator is not their customer);
//   - an LRU session cache (LinkedHashMap with access order), a ConcurrentHashMap of
//     SoftReference<CustomerSummary> (soft-only: retained only through the references), a list
//     of WeakReference<Customer> "recently viewed" (referents strongly reachable elsewhere),
//     an audit log of longer strings, a long[] metrics ring and a few big Object[] arrays.
// Deterministic (Random(42)) apart from addresses.
//
// Before dumping it runs System.gc() and takes the DiagnosticCommand gcClassHistogram (what
// `jcmd PID GC.class_histogram` prints: live instances + arrays, counted by the JVM itself),
// then HotSpotDiagnosticMXBean.dumpHeap(OUT, true) (live objects only), and prints both.
// The histogram counts java.lang.Class mirrors as instances; HPROF writes classes as class
// dumps instead, so expect an HPROF instance+array count lower by about the number of classes.

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;

import javax.management.MBeanServer;
import javax.management.ObjectName;

public class BigHeap {
    static final long T0 = System.nanoTime();
    static double scale = 1.0;

    /** Everything the service holds, reachable from this static field until the dump is written. */
    static OrderService service;

    static int n(double x) {
        return (int) Math.max(1, Math.round(x * scale));
    }

    static void log(String msg) {
        Runtime rt = Runtime.getRuntime();
        long usedMb = (rt.totalMemory() - rt.freeMemory()) >> 20;
        System.err.printf("[%7.1fs used=%5dMB] %s%n", (System.nanoTime() - T0) / 1e9, usedMb, msg);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: java -Xmx2g BigHeap.java OUT.hprof [SCALE]");
            System.exit(2);
        }
        Path out = Path.of(args[0]).toAbsolutePath();
        if (args.length > 1) scale = Double.parseDouble(args[1]);
        Files.deleteIfExists(out); // dumpHeap refuses to overwrite

        log("building the order service, scale " + scale);
        service = OrderService.build(new Random(42));
        log("built: " + service.describe());

        System.gc();
        log("after System.gc()");
        long[] hist = classHistogramTotal();
        log(String.format("GC.class_histogram (live): %,d instances+arrays, %,d bytes (%d rows)",
                hist[0], hist[1], hist[2]));

        HotSpotDiagnosticMXBean hs = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
        hs.dumpHeap(out.toString(), true);
        long size = Files.size(out);
        log("dumped");
        Reference.reachabilityFence(service);

        System.out.printf("dump:          %s%n", out);
        System.out.printf("dump size:     %,d bytes (%.1f MiB)%n", size, size / 1048576.0);
        System.out.printf("live objects:  %,d instances+arrays by GC.class_histogram, %,d bytes shallow%n",
                hist[0], hist[1]);
        System.out.printf("  of which:    %,d java.lang.Class mirrors (HPROF writes these as class dumps)%n",
                hist[3]);
        System.out.printf("  so expect:   ~%,d instance+array records in the HPROF%n", hist[0] - hist[3]);
        System.out.printf("app objects:   %s%n", service.describe());
    }

    /**
     * Runs the DiagnosticCommand gcClassHistogram (= jcmd GC.class_histogram, live objects after
     * a full GC) and returns {total instances, total bytes, rows, java.lang.Class instances}.
     */
    static long[] classHistogramTotal() throws Exception {
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        String text = (String) server.invoke(new ObjectName("com.sun.management:type=DiagnosticCommand"),
                "gcClassHistogram", new Object[] {new String[0]}, new String[] {String[].class.getName()});
        long instances = -1, bytes = -1, rows = 0, classes = 0;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[0].equals("Total")) {
                instances = Long.parseLong(f[1]);
                bytes = Long.parseLong(f[2]);
            } else if (f.length >= 4 && f[0].endsWith(":")) {
                rows++;
                if (f[3].equals("java.lang.Class")) classes = Long.parseLong(f[1]);
            }
        }
        if (instances < 0) throw new IllegalStateException("no Total line in:\n" + text);
        return new long[] {instances, bytes, rows, classes};
    }
}

enum Tier { BRONZE, SILVER, GOLD, PLATINUM }

enum OrderStatus { NEW, PAID, PACKED, SHIPPED, DELIVERED, CANCELLED, RETURNED }

final class Address {
    final String street;
    final String city;
    final String zip;
    final String country;

    Address(String street, String city, String zip, String country) {
        this.street = street;
        this.city = city;
        this.zip = zip;
        this.country = country;
    }
}

final class Product {
    final String sku;
    final String name;
    final String description;
    final BigDecimal price;
    final String[] tags;
    final int stock;
    final List<Integer> dailySales = new ArrayList<>(); // boxed on purpose: the classic waste

    Product(String sku, String name, String description, BigDecimal price, String[] tags, int stock) {
        this.sku = sku;
        this.name = name;
        this.description = description;
        this.price = price;
        this.tags = tags;
        this.stock = stock;
    }
}

final class Promotion {
    final String code;
    final BigDecimal percentOff;
    final LocalDate validUntil;
    final List<Product> eligible;

    Promotion(String code, BigDecimal percentOff, LocalDate validUntil, List<Product> eligible) {
        this.code = code;
        this.percentOff = percentOff;
        this.validUntil = validUntil;
        this.eligible = eligible;
    }
}

final class LineItem {
    final Product product;
    final String sku; // denormalised copies of product fields: equal content, their own byte[]
    final String name;
    final String variant; // "M", "blue", ...: short, heavily duplicated
    final String unit;
    final int quantity;
    final BigDecimal unitPrice;
    final Long discountCents; // boxed on purpose; null for most lines

    LineItem(Product product, String variant, int quantity, BigDecimal unitPrice, Long discountCents) {
        this.product = product;
        this.sku = OrderService.copy(product.sku);
        this.name = OrderService.copy(product.name);
        this.variant = OrderService.copy(variant);
        this.unit = OrderService.copy(quantity > 1 ? "pcs" : "pc");
        this.quantity = quantity;
        this.unitPrice = unitPrice;
        this.discountCents = discountCents;
    }
}

final class Order {
    final long id;
    final Customer customer; // back reference: a cycle customer -> orders -> order -> customer
    final LocalDate placed;
    OrderStatus status;
    final List<LineItem> items;
    BigDecimal total;
    String currency;
    String channel;
    final ArrayList<LocalDate> statusDates = new ArrayList<>(4);
    String trackingNumber;
    String note;
    Promotion promotion;
    final int[] warehouseSlots;
    final byte[] checksum;

    Order(long id, Customer customer, LocalDate placed, List<LineItem> items, int[] warehouseSlots, byte[] checksum) {
        this.id = id;
        this.customer = customer;
        this.placed = placed;
        this.items = items;
        this.warehouseSlots = warehouseSlots;
        this.checksum = checksum;
        this.status = OrderStatus.NEW;
    }
}

final class Customer {
    final long id;
    final String name;
    final String email;
    final Address address;
    final Tier tier;
    final LocalDate since;
    final List<Order> orders = new ArrayList<>();
    Map<String, String> attributes;

    Customer(long id, String name, String email, Address address, Tier tier, LocalDate since) {
        this.id = id;
        this.name = name;
        this.email = email;
        this.address = address;
        this.tier = tier;
        this.since = since;
    }
}

final class Event {
    final long timestamp;
    final String type;
    final Order order;
    final byte[] payload;

    Event(long timestamp, String type, Order order, byte[] payload) {
        this.timestamp = timestamp;
        this.type = type;
        this.order = order;
        this.payload = payload;
    }
}

final class Session {
    final String id;
    final Customer customer;
    final int[] recentProductIds;
    final byte[] token;
    long lastSeen;

    Session(String id, Customer customer, int[] recentProductIds, byte[] token, long lastSeen) {
        this.id = id;
        this.customer = customer;
        this.recentProductIds = recentProductIds;
        this.token = token;
        this.lastSeen = lastSeen;
    }
}

final class CustomerSummary {
    final String text;
    final long[] monthlyCents;

    CustomerSummary(String text, long[] monthlyCents) {
        this.text = text;
        this.monthlyCents = monthlyCents;
    }
}

/** A static-field-held cache, as real services keep them. */
final class Catalog {
    static final Map<String, Product> BY_SKU = new HashMap<>();
    static final List<Product> ALL = new ArrayList<>();
    static final String[] TAG_POOL = {
        "new", "sale", "eco", "bestseller", "limited", "imported", "handmade", "refurbished",
        "bundle", "gift", "outdoor", "kitchen", "garden", "office", "kids", "pets", "sports",
        "audio", "video", "books", "tools", "travel", "winter", "summer",
    };
}

/** Interned-ish pools: the same String object shared by many owners. */
final class Pools {
    static final String[] CITIES = {
        "Berlin", "Hamburg", "Munich", "Cologne", "Frankfurt", "Stuttgart", "Leipzig", "Dresden",
        "Paris", "Lyon", "Marseille", "Toulouse", "Madrid", "Barcelona", "Valencia", "Lisbon",
        "Porto", "Rome", "Milan", "Naples", "Turin", "Vienna", "Graz", "Zurich", "Geneva",
        "Amsterdam", "Rotterdam", "Brussels", "Antwerp", "Copenhagen", "Oslo", "Stockholm",
        "Helsinki", "Warsaw", "Krakow", "Prague", "Brno", "Budapest", "Dublin", "Edinburgh",
    };
    static final String[] VARIANTS = {"S", "M", "L", "XL", "XXL", "red", "blue", "black", "white", "green", "500g", "1kg", "2-pack", "6-pack", "standard", "deluxe"};
    static final String[] CHANNELS = {"web", "app-ios", "app-android", "phone", "marketplace", "store"};
    static final String[] CURRENCIES = {"EUR", "GBP", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF"};
    static final String[] COUNTRIES = {"DE", "FR", "ES", "PT", "IT", "AT", "CH", "NL", "BE", "DK", "NO", "SE", "FI", "PL", "CZ", "HU", "IE", "GB"};
    static final String[] FIRST = {
        "Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hannah", "Ivan", "Julia",
        "Karl", "Lena", "Max", "Nina", "Oskar", "Paula", "Quentin", "Rosa", "Sven", "Tina",
        "Ulrich", "Vera", "Walter", "Xenia", "Yusuf", "Zoe",
    };
    static final String[] LAST = {
        "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
        "Schulz", "Hoffmann", "Martin", "Bernard", "Dubois", "Garcia", "Rossi", "Silva",
        "Novak", "Kowalski", "Jensen", "Hansen", "Nielsen", "Larsen", "Murphy", "Kelly",
    };
    static final String[] NOTES = {
        "leave at the door", "ring twice", "gift wrap please", "deliver after 6pm",
        "call before delivery", "fragile", "no plastic packaging", "neighbour can accept",
        "express", "invoice to company address",
    };
    static final String[] EVENT_TYPES = {
        "order.created", "order.paid", "order.packed", "order.shipped", "order.delivered",
        "order.cancelled", "payment.retry", "stock.reserved",
    };
    static final String[] ATTR_KEYS = {"newsletter", "locale", "segment", "referrer", "vat-id", "phone"};
}

final class OrderService {
    final Map<Long, Customer> customers = new ConcurrentHashMap<>();
    final Map<Long, Order> openOrders = new HashMap<>(); // id -> order, for orders not yet shipped
    final ArrayDeque<Event> pending = new ArrayDeque<>();
    final LinkedList<Event> retries = new LinkedList<>();
    final Map<String, Session> sessions = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Session> eldest) {
            return size() > sessionCap;
        }
    };
    int sessionCap;
    final Map<Long, SoftReference<CustomerSummary>> summaryCache = new ConcurrentHashMap<>();
    final List<WeakReference<Customer>> recentlyViewed = new ArrayList<>();
    final List<String> auditLog = new ArrayList<>();
    final List<Promotion> promotions = new ArrayList<>();
    long[] metricsRing;
    Object[] shardTable; // a big flat Object[] of orders, like a hand-rolled shard/slot table

    long products, orders, lineItems, events;

    String describe() {
        return String.format("%,d products, %,d customers, %,d orders, %,d line items, %,d events pending, "
                        + "%,d retries, %,d sessions, %,d soft summaries, %,d weak refs, %,d audit lines",
                products, customers.size(), orders, lineItems, pending.size(), retries.size(), sessions.size(),
                summaryCache.size(), recentlyViewed.size(), auditLog.size());
    }

    static String copy(String s) {
        // an equal String with its own byte[]: the duplicated-strings case
        return new StringBuilder(s.length()).append(s).toString();
    }

    static String word(Random r, int min, int max) {
        int len = min + r.nextInt(max - min + 1);
        char[] c = new char[len];
        for (int i = 0; i < len; i++) c[i] = (char) ('a' + r.nextInt(26));
        return new String(c);
    }

    static BigDecimal money(Random r, int maxCents) {
        return BigDecimal.valueOf(100 + r.nextInt(maxCents), 2);
    }

    static OrderService build(Random r) {
        OrderService s = new OrderService();
        LocalDate base = LocalDate.of(2024, 1, 1);

        // --- catalog (static) -------------------------------------------------------------------
        int nProducts = BigHeap.n(6_000);
        for (int i = 0; i < nProducts; i++) {
            String sku = String.format("SKU-%06d", i);
            String[] tags = new String[1 + r.nextInt(4)];
            for (int t = 0; t < tags.length; t++) tags[t] = Catalog.TAG_POOL[r.nextInt(Catalog.TAG_POOL.length)];
            String name = word(r, 4, 10) + " " + word(r, 3, 12);
            String desc = "A " + word(r, 5, 9) + " for " + word(r, 4, 8) + " and " + word(r, 4, 12)
                    + ", made of " + word(r, 4, 9) + ". " + word(r, 20, 120);
            Product p = new Product(sku, name, desc, money(r, 50_000), tags, r.nextInt(1000));
            for (int d = 0; d < 90; d++) p.dailySales.add(r.nextInt(5000)); // > 127: not the Integer cache
            Catalog.BY_SKU.put(sku, p);
            Catalog.ALL.add(p);
        }
        s.products = nProducts;
        BigHeap.log("catalog: " + nProducts + " products");

        // --- promotions, shared by many orders --------------------------------------------------
        for (int i = 0; i < 200; i++) {
            List<Product> eligible = new ArrayList<>();
            int k = 5 + r.nextInt(50);
            for (int j = 0; j < k; j++) eligible.add(Catalog.ALL.get(r.nextInt(nProducts)));
            s.promotions.add(new Promotion("PROMO" + i, BigDecimal.valueOf(5 + r.nextInt(30)),
                    base.plusDays(r.nextInt(400)), eligible));
        }

        // --- customers, with households sharing addresses ---------------------------------------
        int nCustomers = BigHeap.n(27_000);
        Address household = null;
        long orderId = 1_000_000L;
        List<Order> allOrders = new ArrayList<>();
        for (int i = 0; i < nCustomers; i++) {
            Address a;
            if (household != null && r.nextInt(4) == 0) {
                a = household; // shared by two or more customers
            } else {
                a = new Address(
                        (1 + r.nextInt(200)) + " " + word(r, 5, 12) + " Street",
                        copy(Pools.CITIES[r.nextInt(Pools.CITIES.length)]), // as loaded from a database row
                        String.valueOf(10000 + r.nextInt(89999)),
                        Pools.COUNTRIES[r.nextInt(Pools.COUNTRIES.length)]);
                household = a;
            }
            String first = Pools.FIRST[r.nextInt(Pools.FIRST.length)];
            String last = Pools.LAST[r.nextInt(Pools.LAST.length)];
            String name = first + " " + last; // a new String each time: many equal names
            String email = first.toLowerCase() + "." + last.toLowerCase() + i + "@example.com";
            Customer c = new Customer(i, name, email, a, Tier.values()[r.nextInt(4)], base.minusDays(r.nextInt(3000)));
            if (r.nextInt(20) < 3) {
                Map<String, String> attrs = new HashMap<>();
                int k = 1 + r.nextInt(3);
                for (int j = 0; j < k; j++) {
                    String key = Pools.ATTR_KEYS[r.nextInt(Pools.ATTR_KEYS.length)];
                    attrs.put(key, j == 0 ? "yes" : word(r, 2, 10));
                }
                c.attributes = attrs;
            }
            s.customers.put((long) i, c);

            // --- orders ---------------------------------------------------------------------------
            int nOrders = r.nextInt(9); // 0..8, mean 4
            for (int o = 0; o < nOrders; o++) {
                int nItems = 1 + r.nextInt(7); // 1..7, mean 4
                List<LineItem> items = new ArrayList<>(nItems);
                long totalCents = 0;
                for (int li = 0; li < nItems; li++) {
                    Product p = Catalog.ALL.get(r.nextInt(nProducts));
                    int qty = 1 + r.nextInt(4);
                    BigDecimal unit = r.nextInt(8) != 0 ? p.price : p.price.subtract(BigDecimal.valueOf(r.nextInt(100), 2));
                    Long discount = r.nextInt(4) == 0 ? Long.valueOf(200 + r.nextInt(5000)) : null;
                    items.add(new LineItem(p, Pools.VARIANTS[r.nextInt(Pools.VARIANTS.length)], qty, unit, discount));
                    totalCents += unit.unscaledValue().longValue() * qty;
                }
                s.lineItems += nItems;
                int[] slots = new int[1 + r.nextInt(4)];
                for (int k = 0; k < slots.length; k++) slots[k] = r.nextInt(1 << 20);
                byte[] sum = new byte[16];
                r.nextBytes(sum);
                Order ord = new Order(orderId++, c, base.plusDays(r.nextInt(365)), items, slots, sum);
                ord.total = BigDecimal.valueOf(totalCents, 2);
                ord.status = OrderStatus.values()[r.nextInt(OrderStatus.values().length)];
                ord.channel = copy(Pools.CHANNELS[r.nextInt(Pools.CHANNELS.length)]);
                ord.currency = copy(Pools.CURRENCIES[r.nextInt(4) == 0 ? r.nextInt(Pools.CURRENCIES.length) : 0]);
                for (int k = 0; k <= ord.status.ordinal() && k < 4; k++) ord.statusDates.add(ord.placed.plusDays(k));
                ord.statusDates.trimToSize();
                if (ord.status.ordinal() >= OrderStatus.SHIPPED.ordinal() || r.nextInt(3) == 0) {
                    ord.trackingNumber = "TRK" + (100_000_000_000L + (r.nextLong() & 0xffffffffffL));
                }
                int noteKind = r.nextInt(10);
                if (noteKind < 4) {
                    ord.note = copy(Pools.NOTES[r.nextInt(Pools.NOTES.length)]); // duplicated content, own byte[]
                } else if (noteKind < 6) {
                    ord.note = Pools.NOTES[r.nextInt(Pools.NOTES.length)]; // the shared literal
                } else if (noteKind == 6) {
                    ord.note = "customer note: " + word(r, 10, 60); // distinct
                }
                if (r.nextInt(5) == 0) ord.promotion = s.promotions.get(r.nextInt(s.promotions.size()));
                c.orders.add(ord);
                if (ord.status.ordinal() < OrderStatus.SHIPPED.ordinal()) s.openOrders.put(ord.id, ord);
                allOrders.add(ord);
                s.orders++;

                // --- events for some orders -------------------------------------------------------
                int ev = r.nextInt(10);
                if (ev < 4) {
                    byte[] payload = new byte[8 + r.nextInt(24)];
                    r.nextBytes(payload);
                    s.pending.add(new Event(1_700_000_000_000L + s.events, Pools.EVENT_TYPES[r.nextInt(Pools.EVENT_TYPES.length)], ord, payload));
                    s.events++;
                } else if (ev == 4) {
                    s.retries.add(new Event(1_700_000_000_000L + s.events, copy("payment.retry"), ord, new byte[8]));
                    s.events++;
                }
            }

            // --- soft cache, weak "recently viewed", sessions, audit log -------------------------
            if (r.nextInt(3) == 0) {
                long[] monthly = new long[12];
                for (int m = 0; m < 12; m++) monthly[m] = r.nextInt(100_000);
                String text = name + " <" + email + "> " + c.tier + ", " + c.orders.size() + " orders since " + c.since;
                s.summaryCache.put(c.id, new SoftReference<>(new CustomerSummary(text, monthly)));
            }
            if (r.nextInt(8) == 0) s.recentlyViewed.add(new WeakReference<>(c));
            if (r.nextInt(20) == 0) {
                s.auditLog.add(String.format("2024-%02d-%02dT%02d:%02d:%02dZ INFO  customer=%d action=%s ip=10.%d.%d.%d ua=%s",
                        1 + r.nextInt(12), 1 + r.nextInt(28), r.nextInt(24), r.nextInt(60), r.nextInt(60), c.id,
                        Pools.EVENT_TYPES[r.nextInt(Pools.EVENT_TYPES.length)], r.nextInt(256), r.nextInt(256), r.nextInt(256),
                        word(r, 20, 60)));
            }
            ((ArrayList<Order>) c.orders).trimToSize();
            if ((i & 0x3ffff) == 0 && i > 0) BigHeap.log("customers: " + i);
        }
        s.sessionCap = BigHeap.n(8_000);
        for (int i = 0; i < s.sessionCap * 4 / 3; i++) { // the LRU drops the eldest third
            Customer c = s.customers.get((long) r.nextInt(nCustomers));
            int[] recent = new int[16];
            for (int k = 0; k < 16; k++) recent[k] = r.nextInt(nProducts);
            byte[] token = new byte[32];
            r.nextBytes(token);
            String sid = "sess-" + Long.toHexString(r.nextLong());
            s.sessions.put(sid, new Session(sid, c, recent, token, i));
        }
        s.metricsRing = new long[BigHeap.n(16_384)];
        for (int i = 0; i < s.metricsRing.length; i++) s.metricsRing[i] = r.nextInt(1_000_000);
        s.shardTable = allOrders.toArray(); // one big Object[] of every order
        BigHeap.log(String.format("orders: %,d", s.orders));
        return s;
    }
}
