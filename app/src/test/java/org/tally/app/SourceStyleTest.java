package org.tally.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The style rules ArchUnit cannot see in bytecode, read from the main sources of every module: imports rather than
 * qualified names in code, and one instanceof style (a pattern variable, not a test followed by a cast of the same
 * expression). A qualified name stays where its simple name would mean another type in that file: one of the file's
 * own package or its own declarations, a java.lang type, another import, or a second qualified name of that name.
 */
class SourceStyleTest {

    private static final List<String> MODULES = List.of("core", "models", "ui", "app");
    /** A qualified type name in code: lower-case package parts, then a capitalised type. */
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.])(?:java|javax|org|com|net|ch|io|de)"
            + "(?:\\.[a-z]\\w*)+\\.[A-Z]\\w*");
    private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(static\\s+)?([\\w.]+)(\\.\\*)?\\s*;");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;");
    private static final Pattern DECLARED = Pattern.compile("\\b(?:class|interface|enum|record)\\s+([A-Z]\\w*)");
    private static final Pattern TYPE_VAR = Pattern.compile("[<,]\\s*([A-Z]\\w*)\\s+extends\\b|<\\s*([A-Z]\\w?)\\s*[,>]");
    private static final String EXPR = "[A-Za-z_]\\w*(?:\\(\\))?(?:\\.[A-Za-z_]\\w*(?:\\(\\))?)*";
    /** A test without a pattern variable: {@code e instanceof T} not followed by a name. */
    private static final Pattern BARE_TEST = Pattern.compile("(?<![\\w.)])(" + EXPR + ")\\s+instanceof\\s+"
            + "([A-Z]\\w*(?:\\.[A-Z]\\w*)*)(?!\\s*[\\w.<\\[])");

    @Test
    void codeNamesTypesThroughImports() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : mainSources()) {
            found.addAll(clashFree(code(file), file));
        }
        assertThat(found).as("qualified names in code (import them)").isEmpty();
    }

    @Test
    void instanceofBindsAPatternVariableInsteadOfCasting() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : mainSources()) {
            testsThenCasts(code(file)).forEach(t -> found.add(file + ": " + t));
        }
        assertThat(found).as("an instanceof test followed by a cast (write 'instanceof T t')").isEmpty();
    }

    /** Each {@code e instanceof T} (no pattern variable) that a cast of the same e to T follows. */
    private static List<String> testsThenCasts(String code) {
        List<String> found = new ArrayList<>();
        Matcher tested = BARE_TEST.matcher(code);
        while (tested.find()) {
            String type = Pattern.quote(tested.group(2));
            String expr = Pattern.quote(tested.group(1));
            Matcher cast = Pattern.compile("(?<![\\w)\\]])\\(\\s*" + type + "\\s*\\)\\s*" + expr
                    + "(?![\\w.(\\[])").matcher(code);
            if (cast.find(tested.end())) {
                found.add(tested.group() + " then a cast of it to " + tested.group(2));
            }
        }
        return found;
    }

    /** The rule can fail: a qualified name and a test-then-cast are found, a clash is allowed. */
    @Test
    void theRulesCatchWhatTheyForbid() throws IOException {
        Path dir = Files.createTempDirectory("style");
        Path file = dir.resolve("Sample.java");
        Files.writeString(file, "package p;\nimport java.util.List;\nclass Sample {\n"
                + "  java.util.Map<String, String> m;\n  java.awt.List clash;\n  List<String> l;\n"
                + "  // java.util.Set in a comment\n  String s = \"java.util.Set in a string\";\n}\n");
        assertThat(clashFree(code(file), file)).singleElement().asString().endsWith("java.util.Map");
        assertThat(testsThenCasts("class C { int f(Object o) { if (o instanceof String) { return ((String) o).length();"
                + " } return 0; } }")).hasSize(1);
        assertThat(testsThenCasts("class C { int f(Object o) { if (o instanceof String s) { return s.length(); }"
                + " return 0; } }")).isEmpty();
        assertThat(testsThenCasts("class C { int f(Box o) { return o instanceof Box ? ((Box) o.inner()).n() : 0; } }"))
                .isEmpty();
    }

    /** The qualified names of a file that an import could replace without changing what any name means. */
    private static List<String> clashFree(String code, Path file) throws IOException {
        Matcher pm = PACKAGE.matcher(code);
        String pkg = pm.find() ? pm.group(1) : "";
        Map<String, String> imported = new HashMap<>();
        Set<String> staticNames = new HashSet<>();
        Matcher im = IMPORT.matcher(code);
        while (im.find()) {
            String name = im.group(2);
            String simple = name.substring(name.lastIndexOf('.') + 1);
            if (im.group(1) != null) {
                staticNames.add(simple);
            } else if (im.group(3) != null) {
                return List.of(); // a wildcard import: an added import could shadow what it brings in
            } else {
                imported.put(simple, name);
            }
        }
        Set<String> declared = new HashSet<>();
        Matcher dm = DECLARED.matcher(code);
        while (dm.find()) {
            declared.add(dm.group(1));
        }
        Matcher tv = TYPE_VAR.matcher(code);
        while (tv.find()) {
            declared.add(tv.group(1) != null ? tv.group(1) : tv.group(2));
        }
        String own = file.getFileName().toString().replace(".java", "");
        Set<String> samePackage = new HashSet<>();
        try (Stream<Path> list = Files.list(file.getParent())) {
            list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java"))
                    .forEach(n -> samePackage.add(n.substring(0, n.length() - 5)));
        }
        List<String[]> uses = new ArrayList<>();
        Map<String, Set<String>> bySimple = new HashMap<>();
        List<String> lines = code.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("import ") || line.startsWith("package ")) {
                continue;
            }
            Matcher m = QUALIFIED.matcher(line);
            while (m.find()) {
                String fqn = m.group();
                String simple = fqn.substring(fqn.lastIndexOf('.') + 1);
                uses.add(new String[] {fqn, simple, file + ":" + (i + 1) + ": " + fqn});
                bySimple.computeIfAbsent(simple, k -> new HashSet<>()).add(fqn);
            }
        }
        List<String> found = new ArrayList<>();
        for (String[] u : uses) {
            String fqn = u[0];
            String simple = u[1];
            String of = fqn.substring(0, fqn.lastIndexOf('.'));
            boolean ownPackage = of.equals(pkg);
            String imp = imported.get(simple);
            boolean clash = bySimple.get(simple).size() > 1
                    || imp != null && !imp.equals(fqn)
                    || staticNames.contains(simple)
                    || declared.contains(simple) && !(ownPackage && own.equals(simple))
                    || samePackage.contains(simple) && !ownPackage
                    || !of.equals("java.lang") && javaLang(simple)
                    || simple.length() <= 2;
            if (!clash) {
                found.add(u[2]);
            }
        }
        return found;
    }

    private static boolean javaLang(String simple) {
        try {
            Class.forName("java.lang." + simple, false, SourceStyleTest.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static List<Path> mainSources() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String module : MODULES) {
            Path root = Path.of("..", module, "src", "main", "java");
            if (Files.isDirectory(root)) {
                try (Stream<Path> walk = Files.walk(root)) {
                    walk.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
                }
            }
        }
        assertThat(files).as("main sources read from the module folders").isNotEmpty();
        return files;
    }

    /** The file with comments and the contents of string and char literals blanked, so only code is read. */
    private static String code(Path file) throws IOException {
        String s = Files.readString(file);
        char[] out = s.toCharArray();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            char next = i + 1 < s.length() ? s.charAt(i + 1) : 0;
            if (c == '/' && next == '/') {
                while (i < s.length() && s.charAt(i) != '\n') {
                    out[i++] = ' ';
                }
            } else if (c == '/' && next == '*') {
                int end = s.indexOf("*/", i + 2);
                end = end < 0 ? s.length() : end + 2;
                blank(out, i, end);
                i = end;
            } else if (c == '"' || c == '\'') {
                boolean block = c == '"' && s.startsWith("\"\"\"", i);
                String close = block ? "\"\"\"" : String.valueOf(c);
                int j = i + close.length();
                while (j < s.length() && !s.startsWith(close, j)) {
                    j += s.charAt(j) == '\\' ? 2 : 1;
                }
                int end = Math.min(s.length(), j + close.length());
                blank(out, i + 1, end - 1);
                i = end;
            } else {
                i++;
            }
        }
        return new String(out);
    }

    private static void blank(char[] out, int from, int to) {
        for (int k = from; k < to && k < out.length; k++) {
            if (out[k] != '\n') {
                out[k] = ' ';
            }
        }
    }
}
