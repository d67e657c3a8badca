package org.tally.acceptance;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tally.core.dialect.Dialect;

/**
 * Package-private by default (docs/architecture.md): a public top-level type of core or models is used from another
 * package, by main or test code of any module. Checked here, in the module built last, where every module's main and
 * test classes are compiled: a type only a test of another package reaches (a test fixture's entry point) must stay
 * public for that test to compile, so test code counts as a user.
 */
class PackagePrivateByDefaultTest {

    private static final Path ROOT = Path.of("..", "..");

    @Test
    void aPublicTypeOfCoreOrModelsIsUsedFromAnotherPackage() throws IOException {
        List<Path> dirs = new ArrayList<>();
        for (String module : List.of("core", "models", "ui", "app")) {
            for (String dir : List.of("classes", "test-classes")) {
                Path p = ROOT.resolve(module).resolve("target").resolve(dir);
                assertThat(p).as("compiled classes of %s (build the modules before this one)", module).isDirectory();
                dirs.add(p);
            }
        }
        dirs.add(Path.of("target", "test-classes"));
        JavaClasses all = new ClassFileImporter().importPaths(dirs);
        JavaClasses main = new ClassFileImporter().importPaths(ROOT.resolve("core/target/classes"),
                ROOT.resolve("models/target/classes"));
        List<String> onlyOwnPackage = new ArrayList<>();
        for (JavaClass type : main) {
            if (type.isTopLevelClass() && type.getModifiers().contains(JavaModifier.PUBLIC)
                    && !usedFromAnotherPackage(all.get(type.getName()), all)
                    && !namedInAnotherPackage(type.getName(), type.getPackageName())) {
                onlyOwnPackage.add(type.getName());
            }
        }
        assertThat(onlyOwnPackage).as("public types only their own package uses (make them package-private)")
                .isEmpty();
    }

    /**
     * Whether a source file of another package imports the type or names it qualified: a use of one of its
     * compile-time constants is inlined by javac and leaves no trace in the classes.
     */
    private static boolean namedInAnotherPackage(String fqn, String pkg) throws IOException {
        Pattern qualified = Pattern.compile("(?<![\\w.])" + Pattern.quote(fqn) + "\\b");
        for (Path dir : List.of(ROOT.resolve("core/src/main/java"), ROOT.resolve("core/src/test/java"),
                ROOT.resolve("models/src/main/java"), ROOT.resolve("models/src/test/java"),
                ROOT.resolve("ui/src/main/java"), ROOT.resolve("ui/src/test/java"), ROOT.resolve("app/src/main/java"),
                ROOT.resolve("app/src/test/java"), Path.of("java"))) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> walk = Files.walk(dir)) {
                files = walk.filter(f -> f.toString().endsWith(".java")).toList();
            }
            for (Path f : files) {
                String text = Files.readString(f);
                if (!text.contains("package " + pkg + ";") && (text.contains("import " + fqn + ";")
                        || text.contains("import static " + fqn + ".") || qualified.matcher(text).find())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether a class of another package depends on the type or on a type nested in it. */
    private static boolean usedFromAnotherPackage(JavaClass type, JavaClasses all) {
        if (otherPackage(type, type)) {
            return true;
        }
        for (JavaClass c : all) {
            if (c.getName().startsWith(type.getName() + "$") && otherPackage(c, type)) {
                return true;
            }
        }
        return false;
    }

    private static boolean otherPackage(JavaClass target, JavaClass owner) {
        for (Dependency d : target.getDirectDependenciesToSelf()) {
            if (!d.getOriginClass().getPackageName().equals(owner.getPackageName())) {
                return true;
            }
        }
        return false;
    }

    /** The rule can fail: a public type nobody outside its package uses is found, one used from here is not. */
    @Test
    void theRuleFindsAPublicTypeUsedOnlyInItsPackage() {
        assertThat(Dialect.POSTGRES.rules()).isNotNull(); // a use of core's Dialect from this package
        JavaClasses fixture = new ClassFileImporter().importClasses(PackagePrivateByDefaultTest.class,
                LonelyPublicType.class, Dialect.class);
        assertThat(usedFromAnotherPackage(fixture.get(LonelyPublicType.class), fixture)).isFalse();
        assertThat(usedFromAnotherPackage(fixture.get(Dialect.class), fixture)).isTrue();
    }

    /** Used only from this package. */
    public static final class LonelyPublicType {
        private LonelyPublicType() {
        }
    }
}
