package com.example.reliability.baseline;

/**
 * Where the reliability suite may crash the baseline, between its steps for one payment. Each
 * method is called on the thread that processes the payment, and may never return (a crash).
 */
public interface BaselineFaults {

    /** Powertools has saved the INPROGRESS record; nothing of the business effect is written. */
    void afterRecordSaved(String transactionId);

    /** The account is debited; the ledger row is not written yet. */
    void afterDebit(String transactionId);

    /** Both business writes are done; Powertools has not yet marked the record COMPLETED. */
    void afterBusinessWrites(String transactionId);

    /** No faults. */
    BaselineFaults NONE = new BaselineFaults() {
        @Override
        public void afterRecordSaved(String transactionId) {
        }

        @Override
        public void afterDebit(String transactionId) {
        }

        @Override
        public void afterBusinessWrites(String transactionId) {
        }
    };
}
