package org.tally.core.binder;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.tally.core.binding.Link;
import org.tally.core.binding.Refinement;
import org.tally.core.binding.RowVersions;
import org.tally.core.binding.TableBinding;
import org.tally.core.spec.ColumnRef;
import org.tally.core.spec.DurationRef;
import org.tally.core.spec.Filter;
import org.tally.core.spec.RelatedScope;

/**
 * Related scopes bound over one foreign-key hop: the other table, the link, how its rows are matched to the
 * subject's (through the entity key when the subject keeps versions), and the joins and conditions inside it.
 */
final class RelatedResolver {

    private final Resolution r;

    RelatedResolver(Resolution r) {
        this.r = r;
    }

    // ---------------------------------------------------------------- related scopes

    Resolved<BoundRelated> related(RelatedScope scope) {
        Optional<TableBinding> found = r.binding.rowsOf(scope.concept());
        if (found.isEmpty()) {
            return Resolved.fail(new BindFailure.NoSubject("no table of this source is bound to " + scope.concept().trim()));
        }
        TableBinding other = found.get();
        Optional<Refinement> otherKind = r.refinementOf(other);
        if (other.table().equals(r.subject.table()) && (otherKind.isPresent() || r.refinedAt.containsKey(SpecResolver.SUBJECT))) {
            Refinement k = otherKind.orElseGet(() -> r.refinedAt.get(SpecResolver.SUBJECT));
            return Resolved.fail(new BindFailure.OutOfScope(k.concept() + " rows are " + k.baseConcept() + " rows ("
                    + k.describe(r.words.basePlural(k)) + "), so " + k.concept() + " cannot be a related scope of "
                    + (k.concept().equals(r.subject.concept()) ? other.concept() : r.subject.concept())
                    + "; ask about " + r.words.pluralOf(k.concept()) + " directly"));
        }
        List<Link> back = new ArrayList<>();
        for (Link l : r.binding.links()) {
            if (l.fromTable().equals(other.table()) && l.toTable().equals(r.subject.table())
                    || l.fromTable().equals(r.subject.table()) && l.toTable().equals(other.table())) {
                back.add(l);
            }
        }
        if (back.isEmpty()) {
            return Resolved.fail(new BindFailure.NoPath("no foreign key links " + r.subject.concept() + " and "
                    + other.concept()));
        }
        if (back.size() > 1) {
            return Resolved.fail(new BindFailure.Ambiguous(r.subject.concept() + " and " + other.concept()
                    + " are linked in several ways", back.stream().map(Link::toString).toList()));
        }
        Link link = back.get(0);
        String alias = "r" + (r.next++);
        r.tables.add(other.table());
        boolean otherRefers = link.fromTable().equals(other.table());
        BoundRelated.VersionMatch version = null;
        if (otherRefers && r.subject.versions() != null) {
            Resolved<BoundRelated.VersionMatch> matched = throughEntityKey(scope, other, alias);
            if (matched.failed()) {
                return matched.stop();
            }
            version = matched.value();
        }
        if (otherKind.isPresent()) {
            r.refinedAt.put(alias, otherKind.get());
            Resolved<Boolean> writable = RowScopes.writable(otherKind.get());
            if (writable.failed()) {
                return writable.stop();
            }
        }
        // the version a subject row points at is the one it had (as was); rows referring to the subject are
        // tested as entities: their current versions
        r.reads.add(new BoundSpec.RelatedRows(alias, other, otherKind.orElse(null), otherRefers));
        List<BoundRelated.ScopeJoin> inner = new ArrayList<>();
        Map<String, String> innerAliases = new LinkedHashMap<>();
        List<BoundCondition> conditions = new ArrayList<>();
        for (Filter f : scope.filters()) {
            if (f.target() instanceof DurationRef) {
                return Resolved.fail(new BindFailure.OutOfScope("a duration inside a related scope is not supported"));
            }
            Resolved<BoundColumn> c = scopeColumn((ColumnRef) f.target(), alias, other, inner, innerAliases);
            if (c.failed()) {
                return c.stop();
            }
            Resolved<BoundCondition> condition = r.conditions.columnFilter(f, c.value());
            if (condition.failed()) {
                return condition.stop();
            }
            conditions.add(condition.value());
        }
        return Resolved.ok(new BoundRelated(scope, other, alias, link, otherRefers, version, inner, conditions));
    }

    /**
     * A related record refers to one version of a subject row; the subject is its entity, all versions of it: the
     * record is matched through the version it points at, by the entity key ("patients with a lab result": a
     * result on the patient's old address still is the patient's).
     */
    Resolved<BoundRelated.VersionMatch> throughEntityKey(RelatedScope scope, TableBinding other, String alias) {
        RowVersions v = r.subject.versions();
        if (v.entityKey() == null) {
            return Resolved.fail(new BindFailure.OutOfScope(r.words.plural(r.subject) + " are kept as versions of their"
                    + " rows (" + v.describe() + " is the current one) and " + r.words.pluralOf(other.concept())
                    + " refer to one version each; no column names a " + r.words.singular(r.subject) + " across its"
                    + " versions, so '" + scope.describe() + "' cannot be told per " + r.words.singular(r.subject)
                    + " (an override can name it: \"entityKey\": true)"));
        }
        r.tables.add(r.subject.table());
        r.readOnly(Words.capitalised(r.words.pluralOf(other.concept())) + " matched to " + r.words.plural(r.subject)
                + " by " + v.entityKey().column() + ", across their row versions");
        return Resolved.ok(new BoundRelated.VersionMatch(alias + "v", r.subject, v.entityKey().column()));
    }

    /** A column of a related scope's own table, outside any related scope. */
    Resolved<BoundColumn> homeColumn(ColumnRef ref, String alias, TableBinding home) {
        if (ref.via() != null || !home.concept().equalsIgnoreCase(ref.concept().trim())) {
            return Resolved.fail(new BindFailure.OutOfScope("a condition inside a related scope must be on "
                    + home.concept() + " itself, not " + ref.describe()));
        }
        return r.at(home, alias, ref, null);
    }

    /**
     * A column of a related scope: its own table's, or one reached from it by many-to-one foreign keys (one hop,
     * or two through {@code via}), joined inside the EXISTS ("never prescribed metformin": the prescription's
     * medication). Joins are shared by the scope's filters on the same path.
     */
    Resolved<BoundColumn> scopeColumn(ColumnRef ref, String alias, TableBinding home,
                                      List<BoundRelated.ScopeJoin> joinsOut, Map<String, String> aliases) {
        String concept = ref.concept().trim();
        if (concept.equalsIgnoreCase(home.concept())) {
            return homeColumn(ref, alias, home);
        }
        TableBinding at = home;
        String atAlias = alias;
        String pathKey = alias;
        for (String hop : r.hopsOf(ref)) {
            Optional<TableBinding> found = r.binding.tableOf(hop);
            if (found.isEmpty()) {
                return Resolved.fail(new BindFailure.NoSubject("no table of this source is bound to " + hop));
            }
            TableBinding target = found.get();
            Resolved<Link> link = r.oneLink(at, target);
            if (link.failed()) {
                return link.stop();
            }
            pathKey += "/" + link.value();
            String joined = aliases.get(pathKey);
            if (joined == null) {
                joined = alias + "j" + (aliases.size() + 1);
                aliases.put(pathKey, joined);
                r.tables.add(target.table());
                r.reads.add(new BoundSpec.ScopeJoinedRows(joined, target));
                joinsOut.add(new BoundRelated.ScopeJoin(joined, atAlias, link.value(), target));
            }
            atAlias = joined;
            at = target;
        }
        return r.at(at, atAlias, ref, null);
    }}
