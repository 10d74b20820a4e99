package com.example.payment.docs;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A documented Java snippet (the producer's signing example), checked by compiling it with the
 * JDK's compiler against this module's test classpath (the AWS SDK's SQS client among it), as the
 * body of a method given the names the docs say it is given: {@code sqs}, {@code queueUrl},
 * {@code key}, {@code keyId}, {@code body}.
 */
final class JavaSnippet {

    private static final String IMPORTS = """
            import java.nio.charset.StandardCharsets;
            import java.time.Instant;
            import java.util.HexFormat;
            import java.util.Map;
            import javax.crypto.Mac;
            import javax.crypto.spec.SecretKeySpec;
            import software.amazon.awssdk.services.sqs.SqsClient;
            import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
            """;

    private JavaSnippet() {
    }

    static List<String> compile(String snippet) {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        if (compiler == null) {
            return List.of("no Java compiler in this JDK to check the snippet with");
        }
        try {
            Path folder = Files.createTempDirectory("snippet");
            Path source = folder.resolve("Snippet.java");
            Files.writeString(source, IMPORTS + "class Snippet {\n  void send(SqsClient sqs, String queueUrl, String key, String keyId, String body)"
                    + " throws Exception {\n" + snippet + "\n  }\n}\n");
            StringWriter errors = new StringWriter();
            boolean compiled = compiler.getTask(errors, null, null,
                    List.of("-proc:none", "-d", folder.toString(), "-cp", System.getProperty("java.class.path")),
                    null, compiler.getStandardFileManager(null, null, null).getJavaFileObjects(source)).call();
            return compiled ? List.of() : List.of("the snippet does not compile: " + errors.toString().strip());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compile the snippet", e);
        }
    }
}
