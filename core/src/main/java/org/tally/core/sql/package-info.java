/**
 * The physical SQL layer of the compiler: a relational query IR over physical table and column names
 * ({@link org.tally.core.sql.SqlQuery}, {@link org.tally.core.sql.ValueExpr}, {@link org.tally.core.sql.Predicate},
 * built with {@link org.tally.core.sql.Sql}), lowering passes that return new trees
 * ({@link org.tally.core.sql.GrainSafety}, {@link org.tally.core.sql.TotalOrder}, {@link org.tally.core.sql.KeysetPaging}),
 * and one renderer per dialect over an ANSI base ({@link org.tally.core.sql.SqlRenderer}). Values from questions are
 * always bound parameters; a construct a dialect cannot express exactly is an explicit
 * {@link org.tally.core.sql.CompileResult.Unsupported}, never approximate SQL.
 */
package org.tally.core.sql;
