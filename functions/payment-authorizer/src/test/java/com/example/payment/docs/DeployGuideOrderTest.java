package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/deploy.md deploys the first time when followed in order: every parameter samconfig.toml
 * leaves to the deployer (its {@code # required: Name=example} lines, which {@code make rehearse}
 * also reads) is named by the guide before the first {@code sam deploy} it tells the reader to run.
 * (Before, the guide ran {@code sam deploy} at step 3 and set PushApiBaseUrl at step 5, so the
 * first deploy was refused: "Parameters: [PushApiBaseUrl] must have values".)
 */
class DeployGuideOrderTest {

    private static final Pattern REQUIRED = Pattern.compile("^\\s*#\\s*required:\\s*([A-Za-z0-9]+)=", Pattern.MULTILINE);

    @Test
    void everyRequiredParameter_isSettledBeforeTheFirstSamDeploy() {
        ProjectDocs docs = ProjectDocs.ofThisProject();
        Set<String> required = new LinkedHashSet<>();
        Matcher matcher = REQUIRED.matcher(docs.read("samconfig.toml"));
        while (matcher.find()) {
            required.add(matcher.group(1));
        }
        assertFalse(required.isEmpty(), "samconfig.toml has no '# required:' line: the test would check nothing");

        String guide = docs.read("docs/deploy.md");
        int firstDeploy = firstSamDeploy(guide);
        List<String> late = new ArrayList<>();
        for (String parameter : required) {
            int named = guide.indexOf(parameter);
            if (named < 0 || named > firstDeploy) {
                late.add(parameter);
            }
        }
        assertTrue(late.isEmpty(), "docs/deploy.md:" + line(guide, firstDeploy) + ": the first `sam deploy` comes before the guide names "
                + late + ", which samconfig.toml requires: the first deploy would be refused");
    }

    /** The offset of the first fenced-block line that runs {@code sam deploy}. */
    private static int firstSamDeploy(String guide) {
        int offset = 0;
        for (FencedBlock block : FencedBlock.in("docs/deploy.md", guide)) {
            for (String line : block.lines()) {
                if (line.strip().startsWith("sam deploy") || line.contains("&& sam deploy")) {
                    offset = offsetOfLine(guide, block.where().line());
                    return offset;
                }
            }
        }
        throw new AssertionError("docs/deploy.md runs no `sam deploy`");
    }

    private static int offsetOfLine(String text, int line) {
        int offset = 0;
        for (int i = 1; i < line; i++) {
            offset = text.indexOf('\n', offset) + 1;
        }
        return offset;
    }

    private static int line(String text, int offset) {
        return (int) text.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
    }
}
