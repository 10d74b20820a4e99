package com.example.sim;

import com.example.sim.models.StreamSettings;
import java.nio.file.Path;

/** The stream's event source settings as template.yaml sets them, for the models' tests in other packages. */
public final class TemplateStream {

    private TemplateStream() {
    }

    /** {@code PaymentEventsFunction}'s stream event source, read from the repository's template. */
    public static StreamSettings settings() {
        return TemplateWindows.read(Path.of("../template.yaml")).stream();
    }
}
