package org.tally.core.spec;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;

/** Prints {@code index=hash} for a fixed set of specs; run in a separate JVM to compare hashes across processes. */
public final class SpecHashPrinter {

    private SpecHashPrinter() {
    }

    /** The fixed specs: one per node type plus a seeded random sample and its surface variants. */
    static List<QuerySpec> fixedSpecs() {
        List<QuerySpec> specs = new java.util.ArrayList<>(SpecJsonTest.everyNodeType());
        RandomSpecs generator = new RandomSpecs(new Random(42));
        SurfaceVariants variants = new SurfaceVariants(new Random(43));
        for (int i = 0; i < 100; i++) {
            QuerySpec spec = generator.next();
            specs.add(spec);
            specs.add(variants.variant(spec));
        }
        return specs;
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        List<QuerySpec> specs = fixedSpecs();
        for (int i = 0; i < specs.size(); i++) {
            out.println(i + "=" + SpecHash.of(specs.get(i)));
        }
    }
}
