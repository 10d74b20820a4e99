package com.example.bench.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.paymenttraffic.Send;
import com.example.paymenttraffic.Traffic;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bill's arithmetic: prices times measured counts, per million payments (no measurement here; well under a second). */
class BillTest {

    private static final PriceList PRICES = PriceList.parse(prices());

    @Test
    void aMeasuredUsage_isPricedPerMillionPayments_itemByItem() {
        // GIVEN 10 payments that took one 80 ms batch of the authorizer (1024 MB, arm64), 60 write
        // units, 15 SQS requests, 10 SNS publishes and 20 small Redis commands
        Usage usage = new Usage("ours", 10, List.of(new FunctionUsage("authorizer", Stage.AUTHORIZATION, "arm64", 1024, 1, 80)),
                Map.of("TransactWriteItems", 10L), 60, 0, Map.of("SendMessage", 11L, "ReceiveMessage", 2L, "DeleteMessageBatch", 2L),
                10, Map.of("get", 10L, "setex", 10L), 2_000);
        // WHEN it is priced
        Bill bill = Bill.of(usage, PRICES);
        // THEN each line is the count per million payments times its price
        assertLine(bill, "Lambda requests: authorizer", 100_000, "0.02");
        assertLine(bill, "Lambda GB-seconds: authorizer", 8_000, "0.1066672");
        assertLine(bill, "DynamoDB write request units", 6_000_000, "3.75");
        assertLine(bill, "DynamoDB read request units", 0, "0");
        assertLine(bill, "SQS requests", 1_500_000, "0.6");
        assertLine(bill, "SNS publishes", 1_000_000, "0.5");
        assertLine(bill, "ElastiCache Serverless ECPUs", 2_000_000, "0.0046");
        assertEquals(4.9812672, bill.total().doubleValue(), 1e-9);
        assertEquals(4.4812672, bill.total(Stage.AUTHORIZATION).doubleValue(), 1e-9);
        assertEquals(0.5, bill.total(Stage.PUBLICATION).doubleValue(), 1e-9);
        assertEquals("calls: TransactWriteItems 1.000 per payment", bill.line("DynamoDB write request units").orElseThrow().detail());
        assertEquals("DeleteMessageBatch 0.200, ReceiveMessage 0.200, SendMessage 1.100 per payment",
                bill.line("SQS requests").orElseThrow().detail());
        assertEquals("get 1.000, setex 1.000 per payment; 100 bytes per command",
                bill.line("ElastiCache Serverless ECPUs").orElseThrow().detail());
    }

    @Test
    void commandsOverAKilobyte_costAnEcpuPerKilobyte_smallerOnesOneEach() {
        // GIVEN 10 commands of 3 KB each on average, and 10 of 100 bytes
        Usage large = usage(10, 30_720);
        Usage small = usage(10, 1_000);
        // THEN 3 ECPUs per large command, 1 per small one (ElastiCache Serverless: 1 ECPU per KB transferred)
        assertEquals(30.0, large.ecpus(), 1e-9);
        assertEquals(10.0, small.ecpus(), 1e-9);
        assertEquals(0.0, usage(0, 0).ecpus(), 1e-9);
    }

    @Test
    void theComparison_statesTotalsAndTheRatioOursOverEachBaseline() {
        // GIVEN ours and a baseline whose only cost is 4x ours' write units
        Bill ours = Bill.of(writes("ours", 1), PRICES);
        Bill baseline = Bill.of(writes("Powertools baseline", 4), PRICES);
        // WHEN the section is rendered
        String md = CostMarkdown.render(new TrafficMix(10, 0.1, 0.05, 10), PRICES, List.of(ours, baseline), "Method.");
        // THEN it has the totals, the ratio 0.25x, every price with its source, and what is not counted
        assertTrue(md.contains("| **total** | | **0.6250** | | **2.5000** |"), md);
        assertTrue(md.contains("| **ours ÷ this** | | 1.00x | | 0.25x |"), md);
        assertTrue(md.contains("Ours ÷ Powertools baseline: **0.25x**"), md);
        assertTrue(md.contains("| **ours ÷ this, the authorization alone** | | 1.00x | | 0.25x |"), md);
        assertTrue(md.contains("| `dynamodb.write-request-unit` | $0.625 per 1,000,000 write request units | https://aws.amazon.com/dynamodb/pricing/on-demand/ |"), md);
        assertTrue(md.contains("NAT gateways"), md);
    }

    @Test
    void theShippedPriceFile_hasEveryPriceWithItsSource() {
        PriceList prices = PriceList.of("us-east-1");
        assertEquals("us-east-1", prices.region());
        for (PricedItem item : PricedItem.values()) {
            assertTrue(prices.price(item).source().startsWith("https://aws.amazon.com/"), item.key());
        }
    }

    @Test
    void aPriceFileWithoutAPrice_orWithAMalformedOne_isRefused_namingTheKey() {
        Properties missing = prices();
        missing.remove("sns.publish.usd");
        assertEquals("the price file needs sns.publish.usd",
                assertThrows(IllegalArgumentException.class, () -> PriceList.parse(missing)).getMessage());
        Properties malformed = prices();
        malformed.setProperty("sqs.request.usd", "0,40");
        assertEquals("sqs.request.usd must be a decimal number, was '0,40'",
                assertThrows(IllegalArgumentException.class, () -> PriceList.parse(malformed)).getMessage());
        assertEquals("no price file prices-eu-south-9.properties (add one to bench/src/main/resources)",
                assertThrows(IllegalArgumentException.class, () -> PriceList.of("eu-south-9")).getMessage());
    }

    @Test
    void theMix_derivesItsDuplicates_isDrawnAsAProfileOfTheGenerator_andRefusesRatesOutOfRange() {
        TrafficMix mix = new TrafficMix(300, 0.10, 0.05, 10);
        assertEquals(33, mix.duplicates());
        assertEquals(333, mix.deliveries());
        Traffic traffic = Traffic.generate(mix.profile("C", 51, 1_000_000, 250), 23);
        assertEquals(300, traffic.count(Send.Kind.NEW));
        assertEquals(333, traffic.sends().size());
        long hot = traffic.payments().stream().filter(payment -> payment.accountId().equals("ACC-C-00")).count();
        assertTrue(hot > 5 && hot < 30, "about 5 % of 300 payments on the hot account, drawn: " + hot);
        assertEquals("the duplicate rate must be between 0 and 0.9 (a share of deliveries), was 1.5",
                assertThrows(IllegalArgumentException.class, () -> new TrafficMix(300, 1.5, 0.05, 10)).getMessage());
        assertEquals("the hot-account share must be between 0 and 1 (a share of payments), was -0.1",
                assertThrows(IllegalArgumentException.class, () -> new TrafficMix(300, 0.1, -0.1, 10)).getMessage());
    }

    @Test
    void aFunctionsSettings_comeFromItsPropertiesElseTheGlobals(@TempDir Path dir) throws Exception {
        // GIVEN a template whose function takes its memory and architecture from Globals
        Path template = dir.resolve("template.yaml");
        Files.writeString(template, """
                Globals:
                  Function:
                    MemorySize: 768
                    Architectures: [arm64]
                Resources:
                  Authorizer:
                    Type: AWS::Serverless::Function
                    Properties:
                      Events:
                        Payments:
                          Type: SQS
                          Properties:
                            Queue: !GetAtt PaymentsQueue.Arn
                            BatchSize: 25
                  Other:
                    Type: AWS::Serverless::Function
                    Properties:
                      MemorySize: 2048
                      Architectures: [x86_64]
                      Events:
                        Stream:
                          Type: DynamoDB
                          Properties:
                            BatchSize: 100
                """);
        assertEquals(new FunctionSettings("Authorizer", 768, "arm64", 25), FunctionSettings.read(template, "Authorizer"));
        assertEquals(new FunctionSettings("Other", 2048, "x86_64", 100), FunctionSettings.read(template, "Other"));
        assertEquals("architecture must be arm64 or x86_64 (Lambda's names), was 'sparc'",
                assertThrows(IllegalArgumentException.class, () -> new FunctionSettings("F", 512, "sparc", 10)).getMessage());
    }

    private static void assertLine(Bill bill, String item, double quantity, String usd) {
        Bill.Line line = bill.line(item).orElseThrow(() -> new AssertionError("no line " + item + " in " + bill));
        assertEquals(quantity, line.quantity(), 1e-6, item);
        assertEquals(new BigDecimal(usd).doubleValue(), line.usd().doubleValue(), 1e-9, item);
    }

    private static Usage usage(long commands, long bytes) {
        return new Usage("ours", 1, List.of(), Map.of(), 0, 0, Map.of(), 0, commands == 0 ? Map.of() : Map.of("get", commands), bytes);
    }

    private static Usage writes(String implementation, double writeUnitsPerPayment) {
        return new Usage(implementation, 1, List.of(), Map.of(), writeUnitsPerPayment, 0, Map.of(), 0, Map.of(), 0);
    }

    /** Round prices, the shape of the shipped file. */
    private static Properties prices() {
        Properties p = new Properties();
        p.setProperty("region", "us-east-1");
        p.setProperty("date", "2026-12-04");
        put(p, PricedItem.LAMBDA_REQUEST, "0.20", "1000000", "requests", "https://aws.amazon.com/lambda/pricing/");
        put(p, PricedItem.LAMBDA_ARM64_GB_SECOND, "0.0000133334", "1", "GB-second", "https://aws.amazon.com/lambda/pricing/");
        put(p, PricedItem.LAMBDA_X86_64_GB_SECOND, "0.0000166667", "1", "GB-second", "https://aws.amazon.com/lambda/pricing/");
        put(p, PricedItem.DYNAMODB_WRITE_REQUEST_UNIT, "0.625", "1000000", "write request units",
                "https://aws.amazon.com/dynamodb/pricing/on-demand/");
        put(p, PricedItem.DYNAMODB_READ_REQUEST_UNIT, "0.125", "1000000", "read request units",
                "https://aws.amazon.com/dynamodb/pricing/on-demand/");
        put(p, PricedItem.SQS_REQUEST, "0.40", "1000000", "requests", "https://aws.amazon.com/sqs/pricing/");
        put(p, PricedItem.SNS_PUBLISH, "0.50", "1000000", "publish requests", "https://aws.amazon.com/sns/pricing/");
        put(p, PricedItem.ELASTICACHE_ECPU, "0.0023", "1000000", "ECPUs", "https://aws.amazon.com/elasticache/pricing/");
        return p;
    }

    private static void put(Properties p, PricedItem item, String usd, String per, String unit, String source) {
        p.setProperty(item.key() + ".usd", usd);
        p.setProperty(item.key() + ".per", per);
        p.setProperty(item.key() + ".unit", unit);
        p.setProperty(item.key() + ".source", source);
    }
}
