package org.tally.core.binding;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The card-to-concept signal's one power over a binding: breaking a tie the names and columns left. Read by rank and
 * margin, never by a fixed cosine (models give unrelated pairs high cosines): the winner must be the concept nearest
 * the card among all of the pack's, and lead every other tied candidate by at least {@link #LEAD_SHARE} of its own
 * lead over the median concept. The winner must also reach the binder's confidence on its names and columns alone.
 */
final class SimilarityTie {

    /** Share of the nearest concept's lead over the median that it must also hold over each tied rival. */
    static final double LEAD_SHARE = 0.5;
    /** Concepts needed to read a spread at all. */
    private static final int MIN_CONCEPTS = 3;

    /** The tied candidate chosen (null when the tie stands) and why, for {@code binding --explain}. */
    record Verdict(Scored winner, String reason) {
    }

    private SimilarityTie() {
    }

    /**
     * @param similarity each concept's similarity to the table's card (empty without a model)
     * @param tied       the candidates the names and columns left within the tie margin, best first
     */
    static Verdict decide(Map<String, Double> similarity, List<Scored> tied, double minConfidence) {
        if (similarity.size() < MIN_CONCEPTS || tied.stream().anyMatch(s -> !similarity.containsKey(s.candidate()))) {
            return new Verdict(null, null);
        }
        List<Map.Entry<String, Double>> ranked = new ArrayList<>(similarity.entrySet());
        ranked.sort(Map.Entry.<String, Double>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        String nearest = ranked.get(0).getKey();
        double top = ranked.get(0).getValue();
        double lead = top - median(ranked);
        Scored winner = tied.stream().filter(s -> s.candidate().equals(nearest)).findFirst().orElse(null);
        if (winner == null) {
            return new Verdict(null, "its schema card is nearest to " + nearest + " (" + f(top) + "), none of the"
                    + " tied concepts, so the card does not settle the tie");
        }
        Scored rival = tied.stream().filter(s -> s != winner)
                .max(Comparator.comparingDouble(s -> similarity.get(s.candidate()))).orElseThrow();
        double gap = top - similarity.get(rival.candidate());
        String measured = "its schema card is nearest to " + nearest + " of " + ranked.size() + " concepts ("
                + f(top) + "), ahead of " + rival.candidate() + " (" + f(similarity.get(rival.candidate()))
                + ") by " + f(gap) + ", against a lead of " + f(lead) + " over the median concept";
        if (lead <= 0 || gap < LEAD_SHARE * lead) {
            return new Verdict(null, measured + ": not a clear margin, so the tie stands");
        }
        if (winner.score() < minConfidence) {
            return new Verdict(null, measured + ", but " + nearest + " scores " + winner.score() + " on its names"
                    + " and columns, below " + minConfidence + ": the card alone never binds a table");
        }
        return new Verdict(winner, measured + ": decided by the schema card");
    }

    private static double median(List<Map.Entry<String, Double>> ranked) {
        int n = ranked.size();
        double a = ranked.get((n - 1) / 2).getValue();
        double b = ranked.get(n / 2).getValue();
        return (a + b) / 2;
    }

    private static String f(double x) {
        return String.format(Locale.ROOT, "%.3f", x);
    }
}
