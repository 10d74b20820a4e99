package com.example.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParameterSetsTest {

    private static final String CONFIG = """
            version = 0.1
            [default.global.parameters]
            stack_name = "dev"
            region = "eu-west-1"
            [default.deploy.parameters]
            # required: Url=https://push.example.com/v1/
            parameter_overrides = ["Namespace=Dev"]
            [prod.global.parameters]
            stack_name = "prod"
            region = "eu-west-1"
            [prod.deploy.parameters]
            parameter_overrides = ["Namespace=Prod"]
            [mrsc-a.global.parameters]
            stack_name = "mrsc"
            region = "us-east-1"
            [mrsc-a.deploy.parameters]
            # required: Url=https://push.example.com/v1/
            parameter_overrides = ["Namespace=Mrsc", "GlobalTables=owner"]
            [mrsc-b.global.parameters]
            stack_name = "mrsc"
            region = "us-east-2"
            [mrsc-b.deploy.parameters]
            parameter_overrides = ["Namespace=Mrsc", "GlobalTables=member"]
            """;

    @TempDir
    Path folder;

    private List<ParameterSet> sets() throws Exception {
        Path samconfig = folder.resolve("samconfig.toml");
        Files.writeString(samconfig, CONFIG);
        JsonNode parameters = new ObjectMapper().readTree("{\"Url\": {\"Type\": \"String\"}, \"Namespace\": {\"Type\": \"String\", \"Default\": \"P\"}}");
        return ParameterSets.read(samconfig, parameters);
    }

    @Test
    void aRequiredParameter_takesTheExampleOfItsDocumentedPrompt() throws Exception {
        ParameterSet dev = sets().get(0);

        assertEquals("https://push.example.com/v1/", dev.values().get("Url"));
        assertEquals("Dev", dev.values().get("Namespace"));
        assertTrue(dev.findings().isEmpty(), dev.findings().toString());
        assertTrue(dev.notes().get(0).contains("set before the first deploy"));
    }

    @Test
    void aRequiredParameter_withNeitherValueNorPrompt_isAFindingOfItsEnvironment() throws Exception {
        ParameterSet prod = sets().get(1);

        assertEquals(List.of("samconfig.toml [prod]: the required parameter Url has no value and no documented prompt (# required: Url=<example>)"),
                prod.findings());
    }

    @Test
    void theVpcSet_isTheDefaultEnvironmentWithTheFastPathInAVpc() throws Exception {
        ParameterSet vpc = sets().get(2);

        assertEquals("dev", vpc.stackName());
        assertEquals("true", vpc.values().get("EnableFastPath"));
        assertEquals("Dev", vpc.values().get("Namespace"));
    }

    @Test
    void theStacksAcrossRegions_shareTheirName_eachInItsOwnRegion() throws Exception {
        // GIVEN samconfig.toml's owner and member environments
        List<ParameterSet> sets = sets();
        ParameterSet owner = sets.get(3);
        ParameterSet member = sets.get(4);

        // THEN each is rehearsed as its own set, in its own Region, under the one stack name
        assertEquals(List.of("mrsc-a", "us-east-1", "owner"), List.of(owner.name(), owner.region(), owner.values().get("GlobalTables")));
        assertEquals(List.of("mrsc-b", "us-east-2", "member"), List.of(member.name(), member.region(), member.values().get("GlobalTables")));
        assertEquals(owner.stackName(), member.stackName());
    }
}
