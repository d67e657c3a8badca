package org.tally.core.pack;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * One role a table must carry to bind as a concept, or a set of alternatives of which any one suffices. In the pack
 * a plain string ({@code "Code"}) or an array of alternatives ({@code ["PatientRef", "EncounterRef"]}).
 */
@JsonDeserialize(using = RequiredRole.Reader.class)
public record RequiredRole(List<String> anyOf) {

    public RequiredRole {
        anyOf = Lists.copy(anyOf, "required role");
    }

    public static RequiredRole of(String... roles) {
        return new RequiredRole(List.of(roles));
    }

    static final class Reader extends JsonDeserializer<RequiredRole> {
        @Override
        public RequiredRole deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            if (parser.currentToken() == JsonToken.VALUE_STRING) {
                return new RequiredRole(List.of(parser.getText()));
            }
            if (parser.currentToken() == JsonToken.START_ARRAY) {
                List<String> roles = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    if (parser.currentToken() != JsonToken.VALUE_STRING) {
                        return context.reportInputMismatch(RequiredRole.class,
                                "a required role alternative must be a role name string");
                    }
                    roles.add(parser.getText());
                }
                return new RequiredRole(roles);
            }
            return context.reportInputMismatch(RequiredRole.class,
                    "a required role is a role name or an array of alternative role names");
        }
    }
}
