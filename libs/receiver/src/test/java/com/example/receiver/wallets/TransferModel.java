package com.example.receiver.wallets;

import com.example.receiver.ParseResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The receiver's rules for wallet transfers, one message after another, with no store, lanes or
 * concurrency: what any lane plan or group commit must agree with. A new transfer moves its
 * amount, or is declined (a payer short of it, or a wallet that does not exist); a transfer id
 * seen before is a duplicate with the same fields and a conflict with others. Within one batch, a
 * transfer id's later messages are judged against its first message there, as
 * {@code BookingModel} judges bookings.
 */
public final class TransferModel {

    private final TransferParser parser = new TransferParser();
    private final Map<String, Transfer> decided = new HashMap<>();
    private final Map<String, Long> balances;

    /** A model whose wallets hold {@code balances} at first. */
    public TransferModel(Map<String, Long> balances) {
        this.balances = new TreeMap<>(balances);
    }

    /** The category of each message's outcome in one batch, in order (as {@code BookingModel.category} names them). */
    public List<String> decide(List<String> batch) {
        Map<String, Transfer> firstInBatch = new HashMap<>();
        Map<String, String> firstOutcome = new HashMap<>();
        List<String> outcomes = new ArrayList<>();
        for (String body : batch) {
            if (!(parser.parse(body) instanceof ParseResult.Valid<Transfer> valid)) {
                outcomes.add("REJECTED");
                continue;
            }
            Transfer transfer = valid.command().payload();
            Transfer first = firstInBatch.putIfAbsent(transfer.transferId(), transfer);
            if (first == null) {
                String outcome = decide(transfer);
                firstOutcome.put(transfer.transferId(), outcome);
                outcomes.add(outcome);
            } else {
                boolean conflict = !first.equals(transfer) || firstOutcome.get(transfer.transferId()).equals("CONFLICT");
                outcomes.add(conflict ? "CONFLICT" : "DUPLICATE");
            }
        }
        return outcomes;
    }

    private String decide(Transfer transfer) {
        Transfer before = decided.get(transfer.transferId());
        if (before != null) {
            return before.equals(transfer) ? "DUPLICATE" : "CONFLICT";
        }
        decided.put(transfer.transferId(), transfer);
        Long payer = balances.get(transfer.from());
        if (payer == null) {
            return "DECLINED:" + WalletTransfers.UNKNOWN_PAYER;
        }
        if (payer < transfer.amountMinor()) {
            return "DECLINED:" + WalletTransfers.INSUFFICIENT_FUNDS;
        }
        if (!balances.containsKey(transfer.to())) {
            return "DECLINED:" + WalletTransfers.UNKNOWN_PAYEE;
        }
        balances.merge(transfer.from(), -transfer.amountMinor(), Long::sum);
        balances.merge(transfer.to(), transfer.amountMinor(), Long::sum);
        return "APPROVED";
    }

    /** Every wallet's balance, as {@link WalletTables#balances()} reads them. */
    public Map<String, Long> balances() {
        return Map.copyOf(balances);
    }
}
