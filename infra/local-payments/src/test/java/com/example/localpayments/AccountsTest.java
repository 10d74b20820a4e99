package com.example.localpayments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.ProjectRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The seed accounts file: what it must hold, and what it refuses. */
class AccountsTest {

    @TempDir
    Path dir;

    @Test
    void projectSeedFile_readsAsActiveEuroAccounts() {
        List<Accounts.Account> accounts = Accounts.read(ProjectRoot.find().resolve("infra/local-payments/accounts.json"));
        assertTrue(accounts.stream().anyMatch(account -> account.accountId().equals("ACC-44821")));
        assertTrue(accounts.stream().allMatch(account -> account.currency().equals("EUR")));
    }

    @Test
    void wellFormedFile_readsEveryAccountInOrder() throws IOException {
        Path file = write("""
                [{"accountId": "ACC-1", "balanceMinor": 100, "currency": "EUR", "status": "ACTIVE"},
                 {"accountId": "ACC-2", "balanceMinor": 0, "currency": "USD", "status": "BLOCKED"}]""");
        assertEquals(List.of(new Accounts.Account("ACC-1", 100, "EUR", "ACTIVE"),
                new Accounts.Account("ACC-2", 0, "USD", "BLOCKED")), Accounts.read(file));
    }

    @Test
    void balanceWithDecimals_isRefused_becauseBalancesAreMinorUnits() throws IOException {
        Path file = write("[{\"accountId\": \"ACC-1\", \"balanceMinor\": 100.5, \"currency\": \"EUR\", \"status\": \"ACTIVE\"}]");
        assertThrows(IllegalArgumentException.class, () -> Accounts.read(file));
    }

    @Test
    void repeatedAccount_isRefused() throws IOException {
        Path file = write("""
                [{"accountId": "ACC-1", "balanceMinor": 1, "currency": "EUR", "status": "ACTIVE"},
                 {"accountId": "ACC-1", "balanceMinor": 2, "currency": "EUR", "status": "ACTIVE"}]""");
        assertThrows(IllegalArgumentException.class, () -> Accounts.read(file));
    }

    @Test
    void unknownStatusOrCurrency_isRefused() throws IOException {
        Path status = write("[{\"accountId\": \"ACC-1\", \"balanceMinor\": 1, \"currency\": \"EUR\", \"status\": \"OPEN\"}]");
        Path currency = write("[{\"accountId\": \"ACC-1\", \"balanceMinor\": 1, \"currency\": \"euro\", \"status\": \"ACTIVE\"}]");
        assertThrows(IllegalArgumentException.class, () -> Accounts.read(status));
        assertThrows(IllegalArgumentException.class, () -> Accounts.read(currency));
    }

    @Test
    void notAnArray_isRefused() throws IOException {
        Path file = write("{\"accountId\": \"ACC-1\"}");
        assertThrows(IllegalArgumentException.class, () -> Accounts.read(file));
    }

    private Path write(String json) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "accounts", ".json"), json);
    }
}
