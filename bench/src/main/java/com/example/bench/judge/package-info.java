/**
 * What every bench that writes payments is judged by: the one reference model of
 * testing/payment-traffic fed what the bench sent ({@link com.example.bench.judge.ReferenceJudge}),
 * set against the balances, ledger rows and idempotency records the run left in its tables
 * ({@link com.example.bench.judge.EndTables}). A run whose end state is not the model's fails, so
 * no figure is printed for a run that decided wrongly.
 */
package com.example.bench.judge;
