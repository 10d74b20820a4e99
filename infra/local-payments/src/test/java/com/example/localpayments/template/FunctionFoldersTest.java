package com.example.localpayments.template;

import static com.example.localpayments.template.ProjectTemplate.MODEL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.template.Function;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Each function of the template is built from a folder of its own under {@code functions/}. */
class FunctionFoldersTest {

    /**
     * {@code functions/} holds the deployables only, one folder per function: its {@code CodeUri},
     * whose {@code Makefile} has the target {@code sam build} runs for it ("Building Lambda
     * functions with custom runtimes in AWS SAM", AWS SAM Developer Guide:
     * https://docs.aws.amazon.com/serverless-application-model/latest/developerguide/building-custom-runtimes.html:
     * with {@code BuildMethod: makefile}, the target {@code build-<logical id>} of the Makefile in
     * the {@code CodeUri} folder).
     */
    @Test
    void everyFunction_isBuiltFromAFolderOfItsOwn_andFunctionsHoldsNothingElse() throws IOException {
        Path root = ProjectTemplate.PATH.getParent();
        Set<String> folders = new TreeSet<>();
        for (Function function : MODEL.functions()) {
            String codeUri = function.ownProperty("CodeUri").asText();
            assertTrue(folders.add(codeUri), codeUri + " is the CodeUri of more than one function");
            assertEquals("makefile", function.resource().node().path("Metadata").path("BuildMethod").asText(), function.logicalId());
            String makefile = Files.readString(root.resolve(codeUri).resolve("Makefile"));
            assertTrue(makefile.contains("\nbuild-" + function.logicalId() + ":"), codeUri + "/Makefile has no target build-" + function.logicalId());
        }
        try (Stream<Path> listed = Files.list(root.resolve("functions"))) {
            assertEquals(folders, listed.filter(Files::isDirectory).map(folder -> root.relativize(folder).toString())
                    .collect(Collectors.toCollection(TreeSet::new)));
        }
    }
}
