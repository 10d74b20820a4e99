/**
 * The project's contracts against the last release (docs/deploy.md, "Changing a format"): which
 * release that is and how it held each contract ({@link com.example.contracts.LastRelease}), a
 * message's schema applied by a JSON Schema validator ({@link com.example.contracts.MessageSchema}),
 * here and as released at once for what the project writes ({@link com.example.contracts.MessageContract}),
 * and whether one schema accepts every message another accepts, judged from the two schemas
 * ({@link com.example.contracts.SchemaCompatibility}, with its rules for bounds and the form it
 * reads schemas in). The payment message must stay backward compatible (what the released schema
 * accepts, the new one accepts); the decision message and the push request forward compatible
 * (what the new producer writes, the released consumer's schema accepts).
 */
package com.example.contracts;
