package org.tally.ui.chat;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.tally.core.answer.Outcome;
import org.tally.core.answer.PathStep;

/**
 * How an answer's path is shown: the rung that decided it first, then the steps inside it ("Grammar ✓ → Bind ✓ →
 * Validate ✓ → Execute ✓"). Rungs tried before it that did not apply (focus with nothing to resolve, meta on a data
 * question, a rung not tried) are collapsed into "tried: meta" with their reasons on hover: they are the ladder
 * working, not failures. A rung that did apply and missed before another answered (the grammar falling through to
 * the planner) stays visible as its own chip.
 *
 * @param shown    the chips in display order
 * @param tried    the rungs collapsed into "tried: …"
 * @param totalMs  the rungs' times summed (their inner steps are part of them), or the steps' while no rung ended
 */
public record Provenance(List<ChipModel> shown, List<ChipModel> tried, long totalMs) {

    /** Ladder rungs (not the steps inside them): their times add up to the total without double counting. */
    static final Set<String> RUNGS = Set.of("focus", "meta", "grammar", "planner", "raw_sql", "snapshot",
            "retrieval");
    /** Rungs whose miss only means the question was not theirs: nothing was attempted that could have answered. */
    private static final Set<String> APPLY_ONLY_SOMETIMES = Set.of("focus", "meta");

    public Provenance {
        shown = List.copyOf(shown);
        tried = List.copyOf(tried);
    }

    /** @param finished true when the answer arrived (the last rung decided), false while steps still come in */
    public static Provenance of(List<PathStep> path, boolean finished) {
        return of(path, finished, null);
    }

    /** @param model the local model that read the answer (its rung's chip names it), or null */
    public static Provenance of(List<PathStep> path, boolean finished, String model) {
        List<List<ChipModel>> rungs = new ArrayList<>();
        List<ChipModel> open = new ArrayList<>();
        long rungMs = 0;
        long allMs = 0;
        boolean anyRung = false;
        List<ChipModel> chips = chipsOf(path, finished ? model : null);
        for (int i = 0; i < path.size(); i++) {
            PathStep s = path.get(i);
            ChipModel chip = chips.get(i);
            allMs += s.ms();
            open.add(chip);
            if (RUNGS.contains(s.rung())) {
                rungMs += s.ms();
                anyRung = true;
                rungs.add(open);
                open = new ArrayList<>();
            }
        }
        List<ChipModel> shown = new ArrayList<>();
        List<ChipModel> tried = new ArrayList<>();
        int decider = finished && open.isEmpty() ? rungs.size() - 1 : -1;
        for (int i = 0; i < rungs.size(); i++) {
            List<ChipModel> group = rungs.get(i);
            ChipModel rung = group.get(group.size() - 1);
            if (i == decider) {
                shown.add(rung);
                shown.addAll(group.subList(0, group.size() - 1));
            } else if (didNotApply(rung)) {
                tried.add(rung);
            } else {
                shown.add(rung.asFellThrough());
            }
        }
        shown.addAll(open);
        return new Provenance(shown, tried, anyRung ? rungMs : allMs);
    }

    /** Every step as a chip, in order; the last names {@code model} when a local model read the answer. */
    static List<ChipModel> chipsOf(List<PathStep> path, String model) {
        List<ChipModel> chips = new ArrayList<>(path.size());
        for (int i = 0; i < path.size(); i++) {
            PathStep s = path.get(i);
            chips.add(model != null && i == path.size() - 1 ? ChipModel.of(s, model) : ChipModel.of(s));
        }
        return chips;
    }

    private static boolean didNotApply(ChipModel rung) {
        return rung.outcome() == Outcome.SKIPPED
                || rung.outcome() == Outcome.MISS && APPLY_ONLY_SOMETIMES.contains(rung.step());
    }

    /** "tried: focus, meta", or empty when nothing was collapsed. */
    public String triedText() {
        return tried.isEmpty() ? "" : "tried: " + tried.stream().map(c -> ChipModel.title(c.step()).toLowerCase(
                Locale.ROOT)).collect(Collectors.joining(", "));
    }

    /** What hovering "tried: …" shows: each collapsed rung and why it did not apply. */
    public String triedTooltip() {
        return tried.isEmpty() ? "" : "Tried first; these did not apply to this question:\n" + tried.stream()
                .map(ChipModel::tooltip).collect(Collectors.joining("\n"));
    }

    /** One sentence for a screen reader: every chip in order, the collapsed rungs, the total time. */
    public String spoken() {
        StringBuilder b = new StringBuilder("How the answer was found: ");
        b.append(shown.stream().map(ChipModel::tooltip).collect(Collectors.joining("; ")));
        if (!tried.isEmpty()) {
            b.append(". ").append(triedText());
        }
        return b.append(". ").append(totalMs).append(" ms in all.").toString();
    }
}
