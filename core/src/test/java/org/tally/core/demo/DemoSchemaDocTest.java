package org.tally.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.tally.core.source.DemoSchema;

/** docs/demo-schemas.md is what the declarations say; golden SQL is written from it. */
class DemoSchemaDocTest {

    private static final Path DOC = Path.of("..", "docs", "demo-schemas.md");

    @Test
    void theCommittedDocumentMatchesTheDeclarations() throws Exception {
        String rendered = DemoSchemaDoc.render();
        if (Boolean.getBoolean("tally.updateDocs")) {
            Files.writeString(DOC, rendered, StandardCharsets.UTF_8);
        }
        assertThat(Files.readString(DOC, StandardCharsets.UTF_8)).isEqualTo(rendered);
    }

    @Test
    void theDocumentNamesEveryTableAndColumnOfBothSchemas() {
        String rendered = DemoSchemaDoc.render();
        for (DemoTable<?> t : DemoTables.ALL) {
            for (DemoSchema schema : DemoSchema.values()) {
                assertThat(rendered).contains("`" + t.name(schema) + "`");
                t.columns(schema).forEach(c -> assertThat(rendered).contains("`" + c.name(schema) + "`"));
            }
            t.allColumns().forEach(c -> c.spellings().forEach((dev, alt) ->
                    assertThat(rendered).contains("`" + dev + "` → `" + alt + "`")));
        }
    }
}
