package org.tally.core.planner;

import java.util.ArrayList;
import java.util.List;
import org.tally.core.binding.Binding;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.TableBinding;

/**
 * Which of a source's tables the planner describes and may name for one question. The default is every bound table
 * of the scope (and every concept held as a kind of another, by its view); a narrower context (tables linked to the
 * question by their schema cards) makes a shorter prompt and a smaller schema. Whatever it returns, the planner
 * names nothing outside it.
 */
@FunctionalInterface
public interface SchemaContext {

    /** The tables for {@code question}, each bound to a concept; never an unbound or ignored table. */
    List<TableBinding> tables(String question);

    /** Every bound table of {@code binding} and the views of its realised refinements. */
    static SchemaContext allBound(Binding binding) {
        List<TableBinding> all = new ArrayList<>(binding.bound());
        binding.refinements().stream().filter(Refinement::realised).map(Refinement::view).forEach(all::add);
        List<TableBinding> fixed = List.copyOf(all);
        return question -> fixed;
    }
}
