import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads an export directory with Apache Spark (local mode, one glob over every dump's partition) and
 * prints, per dump and type, the objects and their shallow bytes: "dump TAB type TAB count TAB bytes".
 * Run by SparkReaderTest as a single-file program: java -cp SPARK_CLASSPATH SparkParquetReader.java DIR
 */
public class SparkParquetReader {
    /** The same queries SparkReaderTest runs through DuckDB. */
    static final String[] SUMS = {
        "SELECT concat('#objects ', dump), count(*), sum(line), sum(generation), sum(length), sum(retained), sum(preorder),"
            + " count(file), count(DISTINCT class), sum(CASE WHEN reachable THEN 1 ELSE 0 END) FROM objects GROUP BY dump",
        "SELECT concat('#references ', dump), count(*), sum(position), sum(`from` % 1000), sum(`to` % 1000), count(name),"
            + " sum(CASE WHEN weak THEN 1 ELSE 0 END) FROM refs GROUP BY dump"};

    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("heaplens-export-check")
                .config("spark.ui.enabled", "false").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        try {
            spark.read().option("mergeSchema", "true").parquet(args[0] + "/objects").createOrReplaceTempView("objects");
            for (Row r : spark.sql("SELECT dump, type, count(*), sum(shallow) FROM objects GROUP BY dump, type").collectAsList()) {
                System.out.println(r.getString(0) + "\t" + r.getString(1) + "\t" + r.getLong(2) + "\t" + r.getLong(3));
            }
            // every column type and encoding once more (INT32 and INT64 delta packed, strings, booleans):
            // "#table TAB dump TAB figure...", which the test compares with DuckDB's sums of the same files
            spark.read().option("mergeSchema", "true").parquet(args[0] + "/references").createOrReplaceTempView("refs");
            for (String q : SUMS) {
                for (Row r : spark.sql(q).collectAsList()) {
                    StringBuilder line = new StringBuilder(r.getString(0));
                    for (int i = 1; i < r.length(); i++) {
                        line.append('\t').append(r.isNullAt(i) ? "null" : r.get(i).toString());
                    }
                    System.out.println(line);
                }
            }
        } finally {
            spark.stop();
        }
    }
}
