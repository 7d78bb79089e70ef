package io.pilotbench.mill;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * Where the master's database is and how it is opened: the pooled data source (the embedded H2 database or a JDBC
 * URL) and the schema's migration by Flyway ({@code db/migration}). Separate so that {@link MillStore} keeps the
 * operations and their contracts, and this class the connection's settings.
 */
final class MillDatabase {
    private MillDatabase() {}

    /**
     * A pooled data source: {@code url} null or empty is the embedded H2 database {@code DIR/mill} (PostgreSQL
     * mode); else a JDBC URL (jdbc:postgresql://host/db), with {@code user} and {@code password} (may be null).
     */
    static HikariDataSource pool(String url, String user, String password, Path dir) {
        HikariConfig c = new HikariConfig();
        if (url == null || url.isBlank()) {
            c.setJdbcUrl("jdbc:h2:file:" + dir.toAbsolutePath().resolve("mill")
                    + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH");
        } else {
            c.setJdbcUrl(url);
        }
        if (user != null) {
            c.setUsername(user);
        }
        if (password != null) {
            c.setPassword(password);
        }
        c.setMaximumPoolSize(10);
        c.setPoolName("pilot-mill");
        return new HikariDataSource(c);
    }

    /** Brings the database's schema up to date ({@code db/migration}); a new database gets all of it. */
    static void migrate(DataSource dataSource) {
        Flyway.configure()
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
    }
}
