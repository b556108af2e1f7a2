package dev.heaplens.analysis.ruby;

import dev.heaplens.format.ruby.RubyType;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The identity table against the rule written out plainly (ObjectIdentity's comment): sets of
 * records, compared by generation when both have one, else by type and class; on seeded random
 * records crowded onto few addresses, with repeats, and tables that grow from a small start.
 */
class IdentityTableTest {
    private record Identity(long address, long generation, RubyType type, long classAddress) {
        boolean sameAs(Identity other) {
            if (address != other.address) {
                return false;
            }
            if (generation >= 0 && other.generation >= 0) {
                return generation == other.generation;
            }
            return type == other.type && classAddress == other.classAddress;
        }
    }

    private static final List<RubyType> TYPES = List.of(RubyType.STRING, RubyType.OBJECT, RubyType.HASH, RubyType.ARRAY);

    private static Identity random(Random rnd, int addresses) {
        long address = 0x7f00_0000_0000L + 40L * (1 + rnd.nextInt(addresses));
        long generation = rnd.nextInt(3) == 0 ? -1 : rnd.nextInt(6);
        return new Identity(address, generation, TYPES.get(rnd.nextInt(TYPES.size())), 0x7f00_1000_0000L + 8L * rnd.nextInt(3));
    }

    @Test
    void answersAsTheRuleOnRandomRecords() {
        for (long seed = 0; seed < 300; seed++) {
            Random rnd = new Random(seed);
            int addresses = 1 + rnd.nextInt(seed % 2 == 0 ? 8 : 2000);
            IdentityTable table = new IdentityTable(1 + rnd.nextInt(64));
            Set<Identity> kept = new HashSet<>();
            for (int i = 0, n = rnd.nextInt(3000); i < n; i++) {
                Identity id = random(rnd, addresses);
                kept.add(id);
                table.add(id.address(), ObjectIdentity.key(id.generation(), id.type(), id.classAddress()),
                        ObjectIdentity.classKey(id.type(), id.classAddress()));
            }
            IdentitySink.Identities identities = new IdentitySink.Identities(List.of(table, new IdentityTable(4)));
            IdentitySink.Identities filtered = identities.forManyAbsent();
            for (int q = 0; q < 2000; q++) {
                Identity query = random(rnd, addresses + 2);
                boolean expected = kept.stream().anyMatch(query::sameAs);
                assertThat(identities.contains(query.address(), query.generation(), query.type(), query.classAddress()))
                        .as("seed %d, %s", seed, query).isEqualTo(expected);
                assertThat(filtered.contains(query.address(), query.generation(), query.type(), query.classAddress()))
                        .as("seed %d, %s, with the address bits", seed, query).isEqualTo(expected);
            }
        }
    }
}
