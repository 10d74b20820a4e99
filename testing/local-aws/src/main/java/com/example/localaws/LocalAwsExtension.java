package com.example.localaws;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Hands a {@link LocalAws} to test constructors and methods that declare one. The local AWS is
 * started once per test run (kept in the root store, closed when the run ends) and shared by
 * every class; a test that needs empty tables calls {@link LocalAws#resetTables()}.
 */
public final class LocalAwsExtension implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == LocalAws.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return context.getRoot()
                .getStore(ExtensionContext.Namespace.create(LocalAwsExtension.class))
                .getOrComputeIfAbsent(LocalAws.class, key -> LocalAws.start(), LocalAws.class);
    }
}
