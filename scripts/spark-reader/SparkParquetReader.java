import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * Reads an export directory with Apache Spark (local mode, one glob over every dump's partition) and
 * prints, per dump and type, the objects and their shallow bytes: "dump TAB type TAB count TAB bytes".
 * Run by SparkReaderTest as a single-file program: java -cp SPARK_CLASSPATH SparkParquetReader.java DIR
 */
public class SparkParquetReader {
    public static void main(String[] args) {
        SparkSession spark = SparkSession.builder().master("local[2]").appName("heaplens-export-check")
                .config("spark.ui.enabled", "false").config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        try {
            spark.read().option("mergeSchema", "true").parquet(args[0] + "/objects").createOrReplaceTempView("objects");
            for (Row r : spark.sql("SELECT dump, type, count(*), sum(shallow) FROM objects GROUP BY dump, type").collectAsList()) {
                System.out.println(r.getString(0) + "\t" + r.getString(1) + "\t" + r.getLong(2) + "\t" + r.getLong(3));
            }
        } finally {
            spark.stop();
        }
    }
}
