package com.example.pretraffic;

import java.util.Optional;

/**
 * Whether the smoke payment is signed, and with which key: signed when the stack requires
 * producers' signatures (the template then generates the hook's key), unsigned otherwise.
 */
interface SmokeSigning {

    /** Producers' signatures are not required: the smoke payment goes unsigned. */
    SmokeSigning UNSIGNED = Optional::empty;

    /**
     * The hook's key, read when first needed.
     *
     * @throws RuntimeException when the key cannot be read or its secret is not the generated shape
     */
    Optional<SmokeKey> key();
}
