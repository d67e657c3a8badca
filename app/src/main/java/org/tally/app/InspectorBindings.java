package org.tally.app;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.tally.core.Progress;
import org.tally.core.binding.Binding;
import org.tally.core.binding.BindingReview;
import org.tally.core.binding.IndexAdvice;
import org.tally.core.binding.ColumnBinding;
import org.tally.core.binding.OverrideException;
import org.tally.core.binding.OverrideFile;
import org.tally.core.binding.SourceBindings;
import org.tally.core.binding.TableBinding;
import org.tally.core.catalog.Catalog;
import org.tally.core.catalog.Drift;
import org.tally.core.pack.Concept;
import org.tally.core.pack.DomainPack;
import org.tally.core.source.Credentials;
import org.tally.core.source.SourceConnectionException;
import org.tally.core.source.SourceConnector;
import org.tally.core.source.SourceRef;
import org.tally.core.spec.ColumnRole;
import org.tally.ui.binding.BindingProvider;
import org.tally.ui.binding.BindingReviewSnapshot;
import org.tally.ui.binding.BindingSnapshot;
import org.tally.ui.binding.OverrideDraft;

/**
 * The binding inspector's view of the real binding: the source's active catalog bound with its override file,
 * drift against the previous catalog version, and saving overrides through the same validation as the CLI.
 */
final class InspectorBindings implements BindingProvider {

    private static final Logger LOG = LoggerFactory.getLogger(InspectorBindings.class);
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final SourceBindings bindings;
    private final DomainPack pack;
    private final SourceConnector connector;
    /** Embeds the new version's schema cards after a refresh; null where nothing links (tests of the inspector). */
    private final RefreshCards cards;

    InspectorBindings(SourceBindings bindings, DomainPack pack, SourceConnector connector) {
        this(bindings, pack, connector, null);
    }

    InspectorBindings(SourceBindings bindings, DomainPack pack, SourceConnector connector, RefreshCards cards) {
        this.bindings = bindings;
        this.pack = pack;
        this.connector = connector;
        this.cards = cards;
    }

    /** A new catalog version over a read-only connection of its own; the binding is rebuilt from it when loaded. */
    @Override
    public String refresh(SourceRef source, Credentials credentials, Progress progress) {
        try (Connection connection = connector.open(source, credentials, progress)) {
            Catalog catalog = bindings.refresh(source.name(), source.dialect(), connection, progress);
            long tables = catalog.tables().stream().filter(t -> !t.view()).count();
            String refreshed = "Refreshed the catalog of " + source.name() + ": " + tables + " tables, "
                    + catalog.columnCount() + " columns profiled.";
            return cards == null ? refreshed : refreshed + " " + RefreshCards.sentence(cards.embed(catalog, progress));
        } catch (SQLException e) {
            // the new version is stored; only closing the read-only connection failed
            return "Refreshed the catalog of " + source.name() + ".";
        }
    }

    @Override
    public Optional<BindingSnapshot> snapshot(SourceRef source) {
        return bindings.active(source.name()).map(catalog -> new BindingSnapshot(source.name(),
                tables(bindings.bind(catalog).binding()), drift(bindings.previous(catalog), catalog)));
    }

    private static List<BindingSnapshot.TableBinding> tables(Binding binding) {
        List<BindingSnapshot.TableBinding> out = new ArrayList<>();
        Map<String, TableBinding> byName = new HashMap<>();
        binding.tables().forEach(t -> byName.put(t.table(), t));
        for (TableBinding t : binding.tables()) {
            List<BindingSnapshot.ColumnBinding> columns = new ArrayList<>();
            for (ColumnBinding c : t.columns()) {
                List<BindingSnapshot.ValueCount> values = c.values() == null ? List.of()
                        : c.values().stream().map(v -> new BindingSnapshot.ValueCount(v.value(), v.count())).toList();
                columns.add(new BindingSnapshot.ColumnBinding(c.column(), c.role().jsonName(), c.pii(), values,
                        referenced(c, byName)));
            }
            boolean bound = t.status() == TableBinding.Status.BOUND;
            out.add(new BindingSnapshot.TableBinding(t.table(), bound ? t.concept() : null,
                    bound ? t.confidence() : 0, t.reasons(), columns));
        }
        return out;
    }

    /**
     * What a reference column points to, as people name it: the referenced table's concept and its name ("Ward
     * (wards)"); null for a column that is no reference (a code, even one kept in a lookup table, shows its values).
     */
    private static String referenced(ColumnBinding c, Map<String, TableBinding> tables) {
        if (c.reference() == null || !c.role().isReference()) {
            return null;
        }
        String to = c.reference().toTable();
        TableBinding target = tables.get(to);
        return target == null || target.concept() == null ? to : target.concept() + " (" + to + ")";
    }

    private static List<BindingSnapshot.DriftAlarm> drift(Optional<Catalog> previous, Catalog current) {
        if (previous.isEmpty()) {
            return List.of();
        }
        List<BindingSnapshot.DriftAlarm> alarms = new ArrayList<>();
        for (Drift.ColumnDrift c : Drift.between(previous.get(), current).columns()) {
            c.added().forEach(v -> alarms.add(new BindingSnapshot.DriftAlarm(c.table(), c.column(),
                    BindingSnapshot.DriftAlarm.Change.NEW, v.value())));
            c.vanished().forEach(v -> alarms.add(new BindingSnapshot.DriftAlarm(c.table(), c.column(),
                    BindingSnapshot.DriftAlarm.Change.VANISHED, v.value())));
        }
        return alarms;
    }

    /**
     * The review as {@code binding --review} prints it, and the index advice read over a read-only connection of its
     * own; a database that does not tell its indexes (or cannot be reached) leaves the advice out, saying why.
     */
    @Override
    public BindingReviewSnapshot review(SourceRef source, Credentials credentials) {
        Optional<Catalog> catalog = bindings.active(source.name());
        if (catalog.isEmpty()) {
            return BindingReviewSnapshot.EMPTY;
        }
        Binding binding = bindings.bind(catalog.get()).binding();
        List<BindingReviewSnapshot.Item> items = BindingReview.of(binding).stream()
                .map(i -> new BindingReviewSnapshot.Item(i.table(), i.concept(), i.confidence(), i.lookup(),
                        i.reasons(), i.choices().stream().map(c -> new BindingReviewSnapshot.Choice(c.concept(),
                                c.score(), c.evidence())).toList()))
                .toList();
        try (Connection connection = connector.open(source, credentials, Progress.NONE)) {
            List<BindingReviewSnapshot.IndexAdvice> advice = IndexAdvice.of(binding, connection, source.dialect())
                    .stream().map(a -> new BindingReviewSnapshot.IndexAdvice(a.table(), a.column(), a.referenced(),
                            a.createIndex())).toList();
            return new BindingReviewSnapshot(items, advice, null);
        } catch (SQLException | SourceConnectionException e) {
            LOG.warn("no index advice for {}: {}", source.name(), e.toString());
            return new BindingReviewSnapshot(items, List.of(), "No index advice: the database did not tell its"
                    + " indexes (" + e.getMessage() + ").");
        }
    }

    @Override
    public List<String> concepts() {
        return pack.concepts().stream().map(Concept::id).sorted().toList();
    }

    @Override
    public List<String> roles() {
        return Arrays.stream(ColumnRole.values()).map(ColumnRole::jsonName).toList();
    }

    @Override
    public Map<String, String> saveOverride(SourceRef source, OverrideDraft draft) {
        String field = switch (draft.kind()) {
            case TABLE_CONCEPT -> "concept";
            case COLUMN_ROLE -> "role";
            case VALUE_ALIAS -> "value";
        };
        Catalog catalog = bindings.active(source.name()).orElse(null);
        if (catalog == null) {
            return Map.of(field, "This source has no catalog yet: refresh it before overriding its binding");
        }
        Path file = bindings.overridesFile(source.name());
        try {
            SharedFile.update(file, current -> {
                ObjectNode root = current == null ? JSON.createObjectNode() : (ObjectNode) JSON.readTree(current);
                apply(root, draft);
                String text = JSON.writeValueAsString(root);
                OverrideFile.parse(text, file.toString(), catalog, pack);
                return text;
            });
            return Map.of();
        } catch (OverrideException e) {
            return Map.of(field, String.join("; ", e.problems()));
        } catch (IOException | ClassCastException e) {
            return Map.of(field, "The override file " + file + " cannot be read or written: " + e.getMessage());
        }
    }

    private static void apply(ObjectNode root, OverrideDraft d) {
        switch (d.kind()) {
            case TABLE_CONCEPT -> root.with("tables").put(d.table(), d.concept());
            case COLUMN_ROLE -> root.with("columns").with(d.table() + "." + d.column()).put("role", d.role());
            case VALUE_ALIAS -> root.with("columns").with(d.table() + "." + d.column()).with("aliases")
                    .put(d.alias(), d.value());
        }
    }
}
