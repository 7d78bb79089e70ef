package io.pilotbench.mill.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pilotbench.testing.SystemTest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The test server is real, and has what the mill's job leases rely on: {@code FOR UPDATE SKIP LOCKED}. */
@SystemTest
class PostgresServerTest {
    @Test
    void twoTransactionsLeasingWithSkipLockedNeverTakeTheSameRow() throws Exception {
        assumeTrue(PostgresServer.available(), PostgresServer::unavailableReason);
        PostgresServer pg = PostgresServer.shared();
        String url = pg.createDatabase();
        try (Connection a = DriverManager.getConnection(url, pg.user(), pg.password());
                Connection b = DriverManager.getConnection(url, pg.user(), pg.password())) {
            try (Statement s = a.createStatement()) {
                s.execute("CREATE TABLE job (id INT PRIMARY KEY, state VARCHAR(10))");
                s.execute("INSERT INTO job VALUES (1, 'queued'), (2, 'queued'), (3, 'queued')");
                ResultSet v = s.executeQuery("SHOW server_version");
                v.next();
                assertThat(v.getString(1)).matches("\\d+.*");
            }
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            List<Integer> took = new ArrayList<>();
            for (Connection c : List.of(a, b)) {
                try (Statement s = c.createStatement();
                        ResultSet r = s.executeQuery("SELECT id FROM job WHERE state = 'queued' ORDER BY id LIMIT 2 "
                                + "FOR UPDATE SKIP LOCKED")) {
                    while (r.next()) {
                        took.add(r.getInt(1));
                    }
                }
            }
            assertThat(took).containsExactly(1, 2, 3); // b skipped a's two locked rows
            a.rollback();
            b.rollback();
        }
    }
}
