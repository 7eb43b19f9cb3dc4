-- What users paste that no incident answers confidently: the signature and a count, never the paste itself.
-- Tells editors what to write next.
create table unmatched_signature (
    fingerprint      varchar(32)  primary key,
    root_type        varchar(300),
    message_template varchar(500),
    exceptions       varchar(2000),
    count            bigint       not null default 1,
    first_seen       timestamptz  not null default now(),
    last_seen        timestamptz  not null default now()
);
create index unmatched_signature_count_ix on unmatched_signature (count desc);
