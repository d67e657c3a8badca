package org.tally.core.safety;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.sf.jsqlparser.expression.IntervalExpression;
import net.sf.jsqlparser.expression.KeyExpression;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;

/** The inspection walks every field of the tree, not just what a visitor visits, and refuses unknown nodes. */
class QueryInspectorTest {

    private static final AllowedRelations ALLOWED = AllowedRelations.of("public", "patients");

    private static PlainSelect parse(String sql) throws Exception {
        return (PlainSelect) CCJSqlParserUtil.parse(sql);
    }

    @Test
    void aNodeClassOffTheListIsRefusedByName() throws Exception {
        PlainSelect query = parse("SELECT id FROM patients");
        query.setWhere(new EqualsTo(new KeyExpression(new LongValue(1)), new LongValue(1)));

        assertThatThrownBy(() -> new QueryInspector(Dialect.POSTGRES, ALLOWED).inspect(query))
                .isInstanceOf(UnsafeSqlException.class).hasMessageContaining("KeyExpression");
    }

    @Test
    void aSubqueryInAFieldNoVisitorLooksAtIsStillChecked() throws Exception {
        PlainSelect query = parse("SELECT id FROM patients");
        IntervalExpression interval = new IntervalExpression();
        interval.setExpression(parse("SELECT 1 FROM secrets"));
        query.setWhere(new EqualsTo(interval, new LongValue(1)));

        assertThatThrownBy(() -> new QueryInspector(Dialect.POSTGRES, ALLOWED).inspect(query))
                .isInstanceOf(UnsafeSqlException.class).hasMessageContaining("'secrets'");
    }

    @Test
    void aPlainQueryPasses() throws Exception {
        PlainSelect query = parse("SELECT p.id, (SELECT max(id) FROM patients) FROM patients p WHERE p.id IN (1, 2)");
        assertThatCode(() -> new QueryInspector(Dialect.POSTGRES, ALLOWED).inspect(query)).doesNotThrowAnyException();
        ParenthesedSelect wrapped = new ParenthesedSelect();
        wrapped.setSelect(query);
        assertThatCode(() -> new QueryInspector(Dialect.POSTGRES, ALLOWED).inspect(wrapped)).doesNotThrowAnyException();
    }
}
