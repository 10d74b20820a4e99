package com.example.lambdakit.telemetry;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.slf4j.Marker;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;

/**
 * One library's SLF4J logger: each line is written by the log that
 * {@linkplain FunctionLog#carryLibraryLines() carries the libraries' lines}, looked up at each
 * call (a library keeps its logger in a static field, made before the function's log exists).
 */
final class LibraryLogger extends LegacyAbstractLogger {

    private static final long serialVersionUID = 1L;

    LibraryLogger(String name) {
        this.name = name;
    }

    @Override
    public boolean isTraceEnabled() {
        return FunctionLog.libraries().libraryEnabled(FunctionLog.Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
        return FunctionLog.libraries().libraryEnabled(FunctionLog.Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
        return FunctionLog.libraries().libraryEnabled(FunctionLog.Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
        return FunctionLog.libraries().libraryEnabled(FunctionLog.Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
        return FunctionLog.libraries().libraryEnabled(FunctionLog.Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
        return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(org.slf4j.event.Level level, Marker marker, String messagePattern,
                                               Object[] arguments, Throwable throwable) {
        String message = MessageFormatter.basicArrayFormat(messagePattern, arguments);
        FunctionLog.libraries().writeLibraryLine(FunctionLog.Level.valueOf(level.name()),
                message == null ? "" : message, line -> {
                    line.text("logger", name);
                    if (throwable != null) {
                        line.generator().writeObjectFieldStart("error");
                        line.text("name", throwable.getClass().getName());
                        line.text("message", String.valueOf(throwable.getMessage()));
                        line.text("stack", stackOf(throwable));
                        line.generator().writeEndObject();
                    }
                });
    }

    private static String stackOf(Throwable throwable) {
        StringWriter text = new StringWriter();
        throwable.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
