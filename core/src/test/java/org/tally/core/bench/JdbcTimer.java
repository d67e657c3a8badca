package org.tally.core.bench;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * A connection wrapper for profiling (benchmarks only): every JDBC call made through it, and through the statements
 * and result sets it hands out, adds its wall time to a named counter ("Connection.rollback",
 * "Statement.execute[SET QUERY_TIMEOUT]", "PreparedStatement.executeQuery[EXPLAIN]", ...), so the executor's
 * round trips can be told apart without changing the executor.
 */
final class JdbcTimer {

    private final Map<String, long[]> totals = new TreeMap<>(); // name → {nanos, calls}

    Connection wrap(Connection connection) {
        return proxy(connection, Connection.class, "Connection", null);
    }

    void reset() {
        totals.clear();
    }

    Map<String, long[]> totals() {
        return totals;
    }

    private <T> T proxy(T target, Class<T> type, String kind, String sql) {
        InvocationHandler handler = (p, method, args) -> invoke(target, kind, sql, method, args);
        return type.cast(Proxy.newProxyInstance(JdbcTimer.class.getClassLoader(), new Class<?>[] {type}, handler));
    }

    private Object invoke(Object target, String kind, String sql, Method method, Object[] args) throws Throwable {
        String name = method.getName();
        String key = kind + "." + name;
        if (args != null && args.length > 0 && args[0] instanceof String s
                && (name.startsWith("prepare") || name.startsWith("execute"))) {
            sql = s;
        }
        if (sql != null && (name.startsWith("prepare") || name.startsWith("execute"))) {
            key += "[" + label(sql) + "]";
        }
        long t = System.nanoTime();
        Object result;
        try {
            result = method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        } finally {
            long[] slot = totals.computeIfAbsent(key, k -> new long[2]);
            slot[0] += System.nanoTime() - t;
            slot[1]++;
        }
        if (result instanceof PreparedStatement ps) {
            return proxy(ps, PreparedStatement.class, "PreparedStatement", sql);
        }
        if (result instanceof Statement st) {
            return proxy(st, Statement.class, "Statement", null);
        }
        if (result instanceof ResultSet rs) {
            return proxy(rs, ResultSet.class, "ResultSet", null);
        }
        return result;
    }

    /** The statement's first words: enough to tell the session commands, EXPLAIN and the query apart. */
    private static String label(String sql) {
        String s = sql.strip().toUpperCase(Locale.ROOT);
        if (s.startsWith("EXPLAIN")) {
            return "EXPLAIN";
        }
        if (s.startsWith("SELECT ROW_COUNT_ESTIMATE") || s.startsWith("SELECT T.ROW_COUNT_ESTIMATE")) {
            return "row estimate";
        }
        if (s.startsWith("SELECT") || s.startsWith("WITH")) {
            return "query";
        }
        String[] words = s.split("\\s+");
        return words.length >= 2 ? words[0] + " " + words[1] : words[0];
    }
}
