package com.example.receiver.wallets;

import com.example.receiver.fixtures.SequentialRules;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The receiver's rules for wallet transfers, one message after another, with no store, lanes or
 * concurrency: what any lane plan or group commit must agree with. A new transfer moves its
 * amount, or is declined (a payer short of it, or a wallet that does not exist, in the order the
 * effect's writes are explained); a transfer id seen before is a duplicate with the same fields and
 * a conflict with others ({@link SequentialRules}).
 */
public final class TransferModel {

    private final Map<String, Long> balances;
    private final SequentialRules<Transfer> rules = new SequentialRules<>(new TransferParser(), Transfer::transferId,
            this::move);

    /** A model whose wallets hold {@code balances} at first. */
    public TransferModel(Map<String, Long> balances) {
        this.balances = new TreeMap<>(balances);
    }

    /**
     * The category of each message's outcome in one batch, in order (see {@link SequentialRules#category});
     * {@code groups} are the FIFO group ids, each empty on a standard queue.
     */
    public List<String> decide(List<String> batch, List<Optional<String>> groups) {
        return rules.decide(batch, groups);
    }

    private String move(Transfer transfer) {
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
