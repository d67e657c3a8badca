package org.tally.core.catalog;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

/** Wraps a connection so that the n-th query sent through a plain statement fails as if the link dropped. */
final class FailingConnection {

    private FailingConnection() {
    }

    static Connection failingAtQuery(Connection real, int n) {
        AtomicInteger queries = new AtomicInteger();
        InvocationHandler connection = (proxy, method, args) -> {
            Object result = invoke(real, method, args);
            if (result instanceof Statement statement && !(result instanceof java.sql.PreparedStatement)) {
                return Proxy.newProxyInstance(Statement.class.getClassLoader(), new Class<?>[] {Statement.class},
                        (p, m, a) -> {
                            if (m.getName().startsWith("execute") && queries.incrementAndGet() >= n) {
                                throw new SQLException("An I/O error occurred while sending to the backend.", "08006");
                            }
                            return invoke(statement, m, a);
                        });
            }
            return result;
        };
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
                new Class<?>[] {Connection.class}, connection);
    }

    private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
