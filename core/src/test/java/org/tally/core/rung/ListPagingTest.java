package org.tally.core.rung;

import org.tally.core.binder.SpecBinder;
import org.tally.core.binder.BindResult;
import org.tally.core.binder.BindingVocabulary;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.tally.core.answer.Answer;
import org.tally.core.answer.AnswerLadder;
import org.tally.core.answer.AnswerStatus;
import org.tally.core.answer.PageCursor;
import org.tally.core.answer.PageResult;
import org.tally.core.answer.Rung;
import org.tally.core.binding.Binding;
import org.tally.core.binding.TableBinding;
import org.tally.core.dialect.Dialect;
import org.tally.core.execute.ExecutorSettings;
import org.tally.core.execute.QueryResult;
import org.tally.core.execute.ReadOnlyExecutor;
import org.tally.core.grammar.Grammar;
import org.tally.core.memory.PreflightMemory;
import org.tally.core.pack.DomainPack;
import org.tally.core.pack.PackLoader;
import org.tally.core.safety.AllowedRelations;
import org.tally.core.safety.SqlSafetyPolicy;
import org.tally.core.spec.QuerySpec;
import org.tally.core.spec.Shape;
import org.tally.core.sql.KeysetCursor;
import org.tally.core.sql.OrderItem;
import org.tally.core.sql.Sql;
import org.tally.core.sql.SqlQuery;
import org.tally.core.sql.SqlValue;
import org.tally.core.testing.TestBindings;

/**
 * Keyset pages of list answers on a real database: every page together is exactly the unpaged list, in order, with
 * ties and NULLs in the sort keys, and a list that asked for N rows stops at N.
 */
class ListPagingTest {

    private static final int BEDS = 57;
    private static Connection db;
    private static Binding binding;
    private static DomainPack pack;
    private static Clock today;
    private static GrammarRung.Source source;

    @BeforeAll
    static void setUp() throws SQLException {
        db = DriverManager.getConnection("jdbc:h2:mem:list_paging_test;DB_CLOSE_DELAY=-1");
        try (Statement s = db.createStatement()) {
            s.execute("CREATE TABLE wards (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL)");
            s.execute("INSERT INTO wards VALUES (1, 'Maternity'), (2, 'Surgical'), (3, 'Medical')");
            s.execute("CREATE TABLE beds (id INT PRIMARY KEY, ward_id INT NOT NULL REFERENCES wards(id),"
                    + " label VARCHAR(20) NOT NULL, status VARCHAR(20))");
            for (int i = 1; i <= BEDS; i++) {
                // few distinct statuses and some NULLs: the sort keys tie often, so only the key breaks ties
                String status = i % 7 == 0 ? "NULL" : i % 3 == 0 ? "'out_of_service'" : i % 2 == 0 ? "'occupied'"
                        : "'available'";
                s.execute("INSERT INTO beds VALUES (" + (1000 - i * 7) + ", " + (1 + i % 3) + ", 'Bed " + i + "', "
                        + status + ")");
            }
        }
        pack = PackLoader.hospital();
        binding = TestBindings.bind(db, "list-paging-test", pack);
        today = TestBindings.REFERENCE_DAY;
        source = new GrammarRung.Source(db, Dialect.H2, AllowedRelations.of("PUBLIC",
                binding.bound().stream().map(TableBinding::table).toList()));
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static GrammarRung rung(ListPager pager) {
        return new GrammarRung(new Grammar(pack, new BindingVocabulary(binding, pack.nameTokens()), today),
                new SpecBinder(binding, pack, today), source, new SqlSafetyPolicy(),
                new ReadOnlyExecutor(ExecutorSettings.DEFAULTS, PreflightMemory.of(ExecutorSettings.DEFAULTS)), System::nanoTime, pager);
    }

    private static Answer answer(GrammarRung rung, String question) {
        Rung.Attempt a = rung.attempt(question);
        assertThat(a).as(a.toString()).isInstanceOf(Rung.Attempt.Done.class);
        Answer answer = ((Rung.Attempt.Done) a).answer();
        assertThat(answer.status()).as(answer.toString()).isEqualTo(AnswerStatus.ANSWERED);
        return answer;
    }

    @Test
    void theFirstPageAndEveryNextPageTogetherAreTheWholeListInOrder() {
        Answer whole = answer(rung(null), "list the beds");
        assertThat(whole.rows()).hasSize(BEDS);
        assertThat(whole.nextPage()).as("the command line's engine does not page").isNull();

        GrammarRung paged = rung(new ListPager(binding, 5));
        Answer first = answer(paged, "list the beds");
        assertThat(first.columns()).isEqualTo(whole.columns());
        assertThat(first.rows()).hasSize(5).isEqualTo(whole.rows().subList(0, 5));
        assertThat(first.specHash()).isEqualTo(whole.specHash());
        assertThat(first.nextPage().specHash()).isEqualTo(first.specHash());
        assertThat(first.sql()).doesNotContain("?");

        List<List<Object>> all = new ArrayList<>(first.rows());
        PageCursor cursor = first.nextPage();
        int pages = 1;
        while (cursor != null) {
            PageResult page = paged.nextPage(cursor).orElseThrow();
            assertThat(page).as(page.toString()).isInstanceOf(PageResult.Rows.class);
            PageResult.Rows rows = (PageResult.Rows) page;
            assertThat(rows.rows()).hasSizeBetween(1, 5);
            assertThat(rows.rows()).allSatisfy(r -> assertThat(r).hasSize(whole.columns().size()));
            assertThat(rows.sql()).contains("LIMIT 6");
            assertThat(rows.path()).extracting(p -> p.rung()).contains("validate", "execute");
            all.addAll(rows.rows());
            cursor = rows.next();
            pages++;
        }
        assertThat(pages).isEqualTo((BEDS + 4) / 5);
        assertThat(all).isEqualTo(whole.rows());
    }

    @Test
    void aListSortedOnKeysWithTiesAndNullsIsPagedWithoutRepeatingOrSkippingARow() {
        QuerySpec spec = QuerySpec.builder("Bed", Shape.LIST).build();
        BindResult.Bound b = (BindResult.Bound) new SpecBinder(binding, pack, today).bind(spec);
        // status descending (its NULLs sort last), then ward ascending, then the key: many ties on the first two
        SqlQuery sorted = b.query().toBuilder().orderByList(List.of(OrderItem.desc(Sql.col("s", column("status"))),
                OrderItem.asc(Sql.col("s", column("ward_id"))), OrderItem.asc(Sql.col("s", column("id"))))).build();
        QueryRun run = new QueryRun(source, new SqlSafetyPolicy(), new ReadOnlyExecutor(ExecutorSettings.DEFAULTS, PreflightMemory.of(ExecutorSettings.DEFAULTS)),
                System::nanoTime);
        List<List<Object>> expected = ran(run, sorted).rows();
        assertThat(expected).hasSize(BEDS);

        for (int size : new int[] {1, 4, 7, 56, 57, 100}) {
            ListPager pager = new ListPager(binding, size);
            ListPager.Listing listing = pager.listing(spec, sorted).orElseThrow();
            assertThat(listing.keys()).hasSize(3);
            List<List<Object>> all = new ArrayList<>();
            KeysetCursor after = null;
            int before = 0;
            do {
                ListPager.Slice slice = pager.slice("h", listing, ran(run, pager.page(listing, after, before)), before);
                assertThat(slice.rows().size()).isLessThanOrEqualTo(size);
                assertThat(slice.columns()).as("the sort keys are not shown").hasSize(sorted.select().size());
                all.addAll(slice.rows());
                after = slice.next() == null ? null : slice.next().after();
                before = slice.next() == null ? before : slice.next().rowsShown();
            } while (after != null);
            assertThat(all).as("page size " + size).isEqualTo(expected);
        }
    }

    @Test
    void aListThatAskedForNRowsStopsAtNWhateverThePageSize() {
        QuerySpec spec = QuerySpec.builder("Bed", Shape.LIST).limit(12).build();
        BindResult.Bound b = (BindResult.Bound) new SpecBinder(binding, pack, today).bind(spec);
        QueryRun run = new QueryRun(source, new SqlSafetyPolicy(), new ReadOnlyExecutor(ExecutorSettings.DEFAULTS, PreflightMemory.of(ExecutorSettings.DEFAULTS)),
                System::nanoTime);
        List<List<Object>> expected = ran(run, b.query()).rows();
        assertThat(expected).hasSize(12);

        ListPager pager = new ListPager(binding, 5);
        ListPager.Listing listing = pager.listing(spec, b.query()).orElseThrow();
        List<Integer> sizes = new ArrayList<>();
        List<List<Object>> all = new ArrayList<>();
        ListPager.Slice slice = pager.slice("h", listing, ran(run, pager.page(listing, null, 0)), 0);
        while (true) {
            sizes.add(slice.rows().size());
            all.addAll(slice.rows());
            if (slice.next() == null) {
                break;
            }
            PageCursor c = slice.next();
            slice = pager.slice("h", listing, ran(run, pager.page(listing, c.after(), c.rowsShown())), c.rowsShown());
        }
        assertThat(sizes).containsExactly(5, 5, 2);
        assertThat(all).isEqualTo(expected);
        assertThat(new ListPager(binding, 12).listing(spec, b.query())).as("fits on one page").isEmpty();
    }

    @Test
    void aListShorterThanAPageHasNoNextPageAndAnAggregateIsNeverPaged() {
        GrammarRung paged = rung(new ListPager(binding, 5));
        Answer wards = answer(paged, "list the wards");
        assertThat(wards.rows()).hasSize(3);
        assertThat(wards.nextPage()).isNull();
        Answer count = answer(paged, "how many beds are there");
        assertThat(count.nextPage()).isNull();
        assertThat(count.rows()).containsExactly(List.of((long) BEDS));
    }

    @Test
    void aCursorNobodyHandedOutIsNotReadAndTheLadderSaysToAskAgain() {
        GrammarRung paged = rung(new ListPager(binding, 5));
        PageCursor stranger = new PageCursor("tally-c1:0000", new KeysetCursor(List.of(Optional.of(SqlValue.of(3)))),
                5);
        assertThat(paged.nextPage(stranger)).isEmpty();
        assertThat(rung(null).nextPage(stranger)).isEmpty();
        try (AnswerLadder ladder = new AnswerLadder(List.of(paged), System::nanoTime, null)) {
            PageResult r = ladder.nextPage(stranger);
            assertThat(r).isInstanceOf(PageResult.Failed.class);
            assertThat(((PageResult.Failed) r).message()).contains("ask the question again");
        }
    }

    @Test
    void theLadderKeepsTheCursorOfTheRungThatAnswered() {
        try (AnswerLadder ladder = new AnswerLadder(List.of(rung(new ListPager(binding, 10))), System::nanoTime,
                null)) {
            Answer first = ladder.ask("list the beds");
            assertThat(first.nextPage()).isNotNull();
            assertThat(org.tally.core.answer.AnswerJson.line(first)).doesNotContain("nextPage").doesNotContain("after");
            PageResult second = ladder.nextPage(first.nextPage());
            assertThat(((PageResult.Rows) second).rows()).hasSize(10).doesNotContainAnyElementsOf(first.rows());
        }
    }

    /** The physical spelling the catalog recorded (H2 upper-cases unquoted names). */
    private static String column(String name) {
        return binding.tableOf("Bed").orElseThrow().column(name).orElseThrow().column();
    }

    private static QueryResult ran(QueryRun run, SqlQuery q) {
        QueryRun.Result r = run.run(q, new ArrayList<>());
        assertThat(r).as(r.toString()).isInstanceOf(QueryRun.Result.Ran.class);
        return ((QueryRun.Result.Ran) r).result();
    }
}
