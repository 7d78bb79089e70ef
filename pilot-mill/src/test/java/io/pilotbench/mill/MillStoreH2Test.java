package io.pilotbench.mill;

import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.junit.jupiter.api.io.TempDir;

/** The store's contracts on the embedded default: H2 in PostgreSQL mode, a file database as the master uses. */
class MillStoreH2Test extends MillStoreContract {
    @TempDir
    Path dir;

    private HikariDataSource ds;

    @Override
    DataSource dataSource() {
        ds = MillStore.pool(null, null, null, dir);
        return ds;
    }

    @Override
    void closeDataSource() {
        ds.close();
    }
}
