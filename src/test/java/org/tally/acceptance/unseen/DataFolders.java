package org.tally.acceptance.unseen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.tally.acceptance.golden.TallyRun;
import org.tally.core.DataFolder;

/** A data folder of its own for one source configuration, with the override file an administrator would write. */
public final class DataFolders {

    private static final Pattern OVERRIDES_LINE = Pattern.compile("(?m)^Overrides: (.+)$");

    private DataFolders() {
    }

    /** An empty data folder at {@code home}: whatever an earlier run left there is removed. */
    public static DataFolder fresh(Path home) throws IOException {
        if (Files.exists(home)) {
            try (Stream<Path> all = Files.walk(home)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(home);
        return new DataFolder(home);
    }

    /**
     * Puts the override file {@code resource} where the command line says it reads it for {@code source} (the
     * {@code binding} command names the file).
     */
    public static void installOverrides(DataFolder data, String[] source, String resource) throws IOException {
        List<String> args = new ArrayList<>(List.of("binding"));
        args.addAll(List.of(source));
        TallyRun.Result binding = TallyRun.runText(data, "", args.toArray(String[]::new));
        assertThat(binding.exitCode()).as(binding.stderr()).isZero();
        Matcher m = OVERRIDES_LINE.matcher(binding.stdout());
        assertThat(m.find()).as("binding names its override file: " + binding.stdout()).isTrue();
        Path file = Path.of(m.group(1).trim());
        Files.createDirectories(file.getParent());
        try (InputStream in = DataFolders.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
