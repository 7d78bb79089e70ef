package io.pilotbench.mill;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.pilotbench.mill.testing.PostgresServer;
import io.pilotbench.testing.SystemTest;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's contracts on a real PostgreSQL (the distribution's server, started by the tests; a fresh database per
 * test): the same migrations and SQL as on H2. Skipped, with the reason, where no server can be started.
 */
@SystemTest
class MillStorePostgresTest extends MillStoreContract {
    @TempDir
    Path dir;

    private HikariDataSource ds;

    @BeforeAll
    static void postgres() {
        assumeTrue(PostgresServer.available(), PostgresServer::unavailableReason);
    }

    @Override
    DataSource dataSource() throws Exception {
        PostgresServer pg = PostgresServer.shared();
        ds = MillStore.pool(pg.createDatabase(), pg.user(), pg.password(), dir);
        return ds;
    }

    @Override
    void closeDataSource() {
        ds.close();
    }
}
