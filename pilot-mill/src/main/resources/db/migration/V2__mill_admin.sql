-- who may submit, and the administrator's controls: approval of accounts, invite codes, cancelled experiments and
-- jobs, retired workers. Same dialect rules as V1.

-- null: the account awaits the administrator's approval (registration policy "approval"); accounts made before
-- the policies existed keep the rights they had
ALTER TABLE users ADD COLUMN approved_ms BIGINT;
UPDATE users SET approved_ms = created_ms;

-- one-time codes for registration policy "invite", kept as the SHA-256 of a 256-bit random value
CREATE TABLE invites (
    code_hash     CHAR(64)      PRIMARY KEY,
    created_by    BIGINT        NOT NULL REFERENCES users (id),
    created_ms    BIGINT        NOT NULL,
    used_by       BIGINT        REFERENCES users (id),
    used_ms       BIGINT
);

-- a retired worker is leased nothing more
ALTER TABLE workers ADD COLUMN retired_ms BIGINT;

-- a cancelled experiment's unfinished jobs are failed with cancelled = TRUE, and leased to no one
ALTER TABLE experiments ADD COLUMN cancelled_ms BIGINT;
ALTER TABLE jobs ADD COLUMN cancelled BOOLEAN DEFAULT FALSE NOT NULL;
