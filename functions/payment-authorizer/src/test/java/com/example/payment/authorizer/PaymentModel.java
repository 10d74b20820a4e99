package com.example.payment.authorizer;

import com.example.payment.AccountAttributes;
import com.example.payment.AuthorizationType;
import com.example.payment.DeclineReason;
import com.example.payment.Payment;
import com.example.receiver.Command;
import com.example.receiver.Decision;
import com.example.receiver.DuplicateSource;
import com.example.receiver.Fingerprint;
import com.example.receiver.IdempotencyKey;
import com.example.receiver.Outcome;
import com.example.receiver.ParseResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The payment rules, one message after another, in memory: what the receiver must decide,
 * written without DynamoDB, lanes or groups. A message is decided against the first message of
 * its key in the batch, else against the stored decisions, else against its account (unknown,
 * blocked, another currency, not enough funds: declined and recorded; otherwise applied and
 * entered in the ledger). On a FIFO queue, after the first message of a group that fails, the
 * rest of that group fails too. The fast path is left out: it only answers what the store would.
 */
final class PaymentModel {

    /** An account as opened. */
    record Account(long balanceMinor, String currency, String status) {
    }

    private record Stored(Fingerprint fingerprint, Decision decision) {
    }

    private final Map<String, Account> accounts;
    private final Map<IdempotencyKey, Stored> records = new HashMap<>();
    private final Set<String> ledger = new TreeSet<>();

    PaymentModel(Map<String, Account> opened) {
        this.accounts = new HashMap<>(opened);
    }

    /** The outcome {@link #category categories} of one batch, in order; {@code groups} are the FIFO group ids. */
    List<String> batch(List<ParseResult<Payment>> parsed, List<Optional<String>> groups) {
        List<String> outcomes = new ArrayList<>();
        Map<IdempotencyKey, Stored> firstInBatch = new HashMap<>();
        Map<IdempotencyKey, Outcome> firstOutcome = new HashMap<>();
        Set<String> failedGroups = new HashSet<>();
        for (int i = 0; i < parsed.size(); i++) {
            Optional<String> group = groups.get(i);
            Outcome outcome;
            if (group.isPresent() && failedGroups.contains(group.get())) {
                outcome = new Outcome.Retry("an earlier message of its group failed");
            } else if (parsed.get(i) instanceof ParseResult.Valid<Payment> valid) {
                outcome = decide(valid.command(), firstInBatch, firstOutcome);
            } else {
                outcome = new Outcome.Rejected("body", "invalid");
            }
            if (group.isPresent() && !outcome.acknowledged()) {
                failedGroups.add(group.get());
            }
            outcomes.add(category(outcome));
        }
        return outcomes;
    }

    private Outcome decide(Command<Payment> command, Map<IdempotencyKey, Stored> firstInBatch,
                           Map<IdempotencyKey, Outcome> firstOutcome) {
        Stored first = firstInBatch.get(command.key());
        if (first != null) {
            Outcome earlier = firstOutcome.get(command.key());
            if (earlier instanceof Outcome.Conflict || !first.fingerprint().equals(command.fingerprint())) {
                return new Outcome.Conflict(first.fingerprint(), command.fingerprint());
            }
            return earlier.decision().<Outcome>map(decision -> new Outcome.Duplicate(
                    DuplicateSource.IN_BATCH, decision)).orElse(new Outcome.Retry("first failed"));
        }
        Outcome outcome = commit(command);
        firstInBatch.put(command.key(), new Stored(command.fingerprint(), outcome.decision().orElse(Decision.approved())));
        firstOutcome.put(command.key(), outcome);
        return outcome;
    }

    private Outcome commit(Command<Payment> command) {
        Stored stored = records.get(command.key());
        if (stored != null) {
            return stored.fingerprint().equals(command.fingerprint())
                    ? new Outcome.Duplicate(DuplicateSource.STORE, stored.decision())
                    : new Outcome.Conflict(stored.fingerprint(), command.fingerprint());
        }
        Payment payment = command.payload();
        Optional<DeclineReason> decline = declineReason(payment);
        if (decline.isPresent()) {
            records.put(command.key(), new Stored(command.fingerprint(), Decision.declined(decline.get().name())));
            return new Outcome.Declined(decline.get().name());
        }
        Account account = accounts.get(payment.accountId());
        accounts.put(payment.accountId(), new Account(account.balanceMinor() + payment.balanceChangeMinor(),
                account.currency(), account.status()));
        ledger.add(ledgerRow(payment.accountId(), payment.transactionId(), payment.balanceChangeMinor()));
        records.put(command.key(), new Stored(command.fingerprint(), Decision.approved()));
        return new Outcome.Approved();
    }

    private Optional<DeclineReason> declineReason(Payment payment) {
        Account account = accounts.get(payment.accountId());
        if (account == null) {
            return Optional.of(DeclineReason.UNKNOWN_ACCOUNT);
        }
        if (!AccountAttributes.ACTIVE.equals(account.status())) {
            return Optional.of(DeclineReason.ACCOUNT_BLOCKED);
        }
        if (!account.currency().equals(payment.amount().currency().getCurrencyCode())) {
            return Optional.of(DeclineReason.CURRENCY_MISMATCH);
        }
        if (payment.type() == AuthorizationType.PURCHASE && account.balanceMinor() < payment.amount().minorUnits()) {
            return Optional.of(DeclineReason.INSUFFICIENT_FUNDS);
        }
        return Optional.empty();
    }

    Map<String, Long> balances() {
        Map<String, Long> balances = new TreeMap<>();
        accounts.forEach((id, account) -> balances.put(id, account.balanceMinor()));
        return balances;
    }

    Set<String> ledger() {
        return Set.copyOf(ledger);
    }

    /** An outcome as a user compares it: where a duplicate was found does not matter, what it replays does. */
    static String category(Outcome outcome) {
        return switch (outcome) {
            case Outcome.Approved approved -> "APPROVED";
            case Outcome.Declined declined -> "DECLINED(" + declined.reason() + ")";
            case Outcome.Duplicate duplicate -> "DUPLICATE(" + duplicate.original() + ")";
            case Outcome.Conflict conflict -> "CONFLICT";
            case Outcome.Rejected rejected -> "REJECTED";
            case Outcome.Retry retry -> "RETRY";
        };
    }

    static String ledgerRow(String account, String txn, long amountMinor) {
        return account + "/" + txn + "/" + amountMinor;
    }
}
