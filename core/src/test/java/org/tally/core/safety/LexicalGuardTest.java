package org.tally.core.safety;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;

/** The guard reads comments and quotes the way each database does. */
class LexicalGuardTest {

    @Test
    void commentsBecomeSpacesAndKeepPositions() {
        String sql = "SELECT a -- note\n, b /* x */ FROM t";
        String stripped = LexicalGuard.stripComments(sql, Dialect.POSTGRES);
        assertThat(stripped).hasSameSizeAs(sql).isEqualTo("SELECT a        \n, b         FROM t");
    }

    @Test
    void commentMarkersInsideStringsAndIdentifiersAreText() {
        String sql = "SELECT '-- not a comment', \"/* nor this */\" FROM t";
        assertThat(LexicalGuard.stripComments(sql, Dialect.POSTGRES)).isEqualTo(sql);
        assertThat(LexicalGuard.stripComments("SELECT [a -- b] FROM t", Dialect.SQLSERVER))
                .isEqualTo("SELECT [a -- b] FROM t");
    }

    @Test
    void hashStartsACommentOnMySqlOnly() {
        assertThat(LexicalGuard.stripComments("SELECT 1 # x", Dialect.MYSQL)).isEqualTo("SELECT 1    ");
        assertThat(LexicalGuard.stripComments("SELECT * INTO #t FROM x", Dialect.SQLSERVER))
                .isEqualTo("SELECT * INTO #t FROM x");
    }

    @Test
    void doubledQuotesStayInsideTheString() {
        assertThat(LexicalGuard.stripComments("SELECT 'it''s -- fine' FROM t", Dialect.H2))
                .isEqualTo("SELECT 'it''s -- fine' FROM t");
    }

    @Test
    void backslashesInStringsAreRefusedWhereServerSettingsChangeTheirMeaning() {
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT E'a\\'' , 1", Dialect.POSTGRES))
                .hasMessageContaining("backslash");
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT 'a\\'' , 1", Dialect.MYSQL))
                .hasMessageContaining("backslash");
        assertThat(LexicalGuard.stripComments("SELECT 'C:\\temp' FROM t", Dialect.SQLSERVER))
                .isEqualTo("SELECT 'C:\\temp' FROM t");
    }

    @Test
    void mySqlSpecialComments() {
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT 1 /*! , SLEEP(1) */", Dialect.MYSQL))
                .hasMessageContaining("executable comments");
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT 1 --1", Dialect.MYSQL))
                .hasMessageContaining("two minus signs");
        assertThat(LexicalGuard.stripComments("SELECT 1 --1", Dialect.POSTGRES)).isEqualTo("SELECT 1    ");
    }

    @Test
    void nestedOrUnterminatedBlockCommentsAreRefused() {
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT 1 /* a /* b */ */", Dialect.POSTGRES))
                .hasMessageContaining("nested");
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT 1 /* a", Dialect.SQLSERVER))
                .hasMessageContaining("unterminated");
    }

    @Test
    void quotingFromAnotherDialectIsRefused() {
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT \"a\" FROM t", Dialect.MYSQL))
                .hasMessageContaining("double quotes");
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT `a` FROM t", Dialect.H2))
                .hasMessageContaining("backtick");
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT $$a$$", Dialect.POSTGRES))
                .hasMessageContaining("'$'");
    }

    @Test
    void invisibleCharactersOutsideQuotesAreRefused() {
        assertThatThrownBy(() -> LexicalGuard.stripComments("SELECT\u200b1", Dialect.H2))
                .hasMessageContaining("U+200B");
        assertThat(LexicalGuard.stripComments("SELECT 'caf\u00e9\u200b' FROM t", Dialect.H2))
                .isEqualTo("SELECT 'caf\u00e9\u200b' FROM t");
    }

    @Test
    void deepNestingIsRefusedBeforeTheParserSeesIt() {
        String deep = "SELECT " + "(".repeat(LexicalGuard.MAX_PARENTHESIS_DEPTH + 1) + "1"
                + ")".repeat(LexicalGuard.MAX_PARENTHESIS_DEPTH + 1);
        assertThatThrownBy(() -> LexicalGuard.stripComments(deep, Dialect.POSTGRES)).hasMessageContaining("nests");
    }
}
