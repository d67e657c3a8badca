/**
 * Everything Tally knows about each database it reads, one class per database over shared defaults
 * ({@link org.tally.core.dialect.SqlDialect}: standard SQL and plain JDBC), keyed by one enum
 * ({@link org.tally.core.dialect.Dialect}): the compiler's templates and traits, the lexical rules the safety policy
 * reads, system catalogs, where bare names live, introspection and profiling SQL, the executor's envelopes
 * ({@link org.tally.core.dialect.SessionEnvelope}), EXPLAIN and its cost, the privilege check and the demo writer's
 * DDL types. The rest of core asks these classes and never switches on a database (docs/architecture.md, "A new
 * dialect").
 */
package org.tally.core.dialect;
