-- bench/memprof.sh WORKLOAD=h2: a steady-state workload for the H2 database engine (nobody here
-- wrote it; only this script is ours): an in-memory table of 400,000 rows filled, indexed,
-- aggregated, joined, updated and deleted from. About 12 s of CPU, nearly all inside H2's classes,
-- which allocate some 200 million objects.
CREATE TABLE orders(id BIGINT PRIMARY KEY, customer INT, item VARCHAR(40), qty INT, price DECIMAL(10,2), note VARCHAR(200));
INSERT INTO orders SELECT X, MOD(X * 7919, 5000), 'item-' || MOD(X, 997), MOD(X, 13) + 1, MOD(X, 1000) / 10.0, REPEAT('n', MOD(X, 50)) FROM SYSTEM_RANGE(1, 400000);
CREATE INDEX orders_customer ON orders(customer);
SELECT customer, COUNT(*), SUM(qty * price) FROM orders GROUP BY customer ORDER BY 3 DESC LIMIT 10;
SELECT item, AVG(price), MAX(LENGTH(note)) FROM orders GROUP BY item ORDER BY item LIMIT 10;
UPDATE orders SET note = UPPER(note) || '!' WHERE MOD(id, 3) = 0;
SELECT COUNT(*) FROM orders o1 JOIN orders o2 ON o1.customer = o2.customer AND o2.id = o1.id + 5000;
DELETE FROM orders WHERE MOD(id, 5) = 0;
SELECT customer, STRING_AGG(item, ',') FROM (SELECT DISTINCT customer, item FROM orders WHERE customer < 300) GROUP BY customer ORDER BY customer LIMIT 3;
