package org.tally.core.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adding a database touches only this package and the enum: the test writes a fifth dialect class, adds its constant
 * to a copy of {@code Dialect.java}, compiles the two, and runs {@link FifthDialectScenario} (connect, check the
 * source, refresh and bind the catalog, validate, compile, answer questions) in a class loader that sees the new enum
 * in place of the old one and every other class of core exactly as built. Any switch or comparison on the dialects
 * outside this package would fail there (a switch over an unknown constant throws), and any database knowledge held
 * elsewhere would give another answer than H2's own dialect on the same data.
 */
class FifthDialectTest {

    /** A database spoken to in standard SQL: everything but identity is the shared defaults, plus OFFSET/FETCH. */
    private static final String STANDARD_DIALECT = """
            package org.tally.core.dialect;

            import java.util.List;

            final class StandardDialect extends SqlDialect {
                StandardDialect() {
                    super(new DialectTraits("\\"", "\\"", DialectTraits.LimitStyle.OFFSET_FETCH, true, true));
                }

                @Override
                public String id() {
                    return "standard";
                }

                @Override
                public String displayName() {
                    return "Standard SQL";
                }

                @Override
                public List<String> urlPrefixes() {
                    return List.of("jdbc:standard:");
                }
            }
            """;

    @TempDir
    Path build;

    @Test
    void aFifthDialectNeedsOnlyItsClassAndItsConstant() throws Exception {
        Path sources = Files.createDirectories(build.resolve("src/org/tally/core/dialect"));
        Path classes = Files.createDirectories(build.resolve("classes"));
        String enumSource = Files.readString(Path.of("src/main/java/org/tally/core/dialect/Dialect.java"));
        String withFifth = enumSource.replace("    H2(new H2Dialect());",
                "    H2(new H2Dialect()),\n    STANDARD(new StandardDialect());");
        assertThat(withFifth).as("the enum's last constant is where the test adds one").isNotEqualTo(enumSource);
        Files.writeString(sources.resolve("Dialect.java"), withFifth);
        Files.writeString(sources.resolve("StandardDialect.java"), STANDARD_DIALECT);

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int status = javac.run(null, null, null, "--release", "17", "-proc:none", "-classpath", classPath(), "-d",
                classes.toString(), sources.resolve("Dialect.java").toString(),
                sources.resolve("StandardDialect.java").toString());
        assertThat(status).as("the fifth dialect compiles against core as built").isZero();

        try (URLClassLoader loader = new ChildFirst(classes)) {
            Method run = loader.loadClass(FifthDialectScenario.class.getName()).getMethod("run");
            @SuppressWarnings("unchecked")
            List<String> failures = (List<String>) run.invoke(null);
            assertThat(failures).isEmpty();
        }
    }

    /** The test's own class path (surefire may hide it behind a manifest-only jar). */
    private static String classPath() {
        String path = System.getProperty("surefire.test.class.path");
        return path != null && !path.isBlank() ? path : System.getProperty("java.class.path");
    }

    /** Loads Tally's classes itself (the new enum first, then core as built), everything else from its parent. */
    private static final class ChildFirst extends URLClassLoader {

        ChildFirst(Path fifth) throws IOException {
            super(urls(fifth), FifthDialectTest.class.getClassLoader());
        }

        private static URL[] urls(Path fifth) throws IOException {
            List<URL> urls = new ArrayList<>();
            urls.add(fifth.toUri().toURL());
            for (String entry : classPath().split(File.pathSeparator)) {
                if (!entry.endsWith(".jar") && Files.isDirectory(Path.of(entry))) {
                    urls.add(Path.of(entry).toUri().toURL()); // target/classes and target/test-classes
                }
            }
            return urls.toArray(URL[]::new);
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.startsWith("org.tally.")) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c == null) {
                    c = findClass(name);
                }
                if (resolve) {
                    resolveClass(c);
                }
                return c;
            }
        }
    }
}
