-- Several instances keep their own Lucene index in step through PostgreSQL itself: every change to an incident
-- row notifies channel tracekb_incidents with the incident's id. NOTIFY is transactional (delivered at commit,
-- dropped on rollback, duplicates within one transaction folded into one), and a trigger covers every writer:
-- the API, the pages, the content import, another instance, psql.
create function tracekb_incident_changed() returns trigger
    language plpgsql as $$
begin
    if tg_op = 'DELETE' then
        perform pg_notify('tracekb_incidents', old.id::text);
    else
        perform pg_notify('tracekb_incidents', new.id::text);
    end if;
    return null;
end
$$;

create trigger incident_changed_notify
    after insert or update or delete on incident
    for each row execute function tracekb_incident_changed();
