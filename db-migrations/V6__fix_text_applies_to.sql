-- A fix's version note in each language (issue 21, item 10): a Japanese or Chinese page showed the English note.
-- Null: the fix's shared note (fix.applies_to) is shown.
alter table fix_text add column applies_to varchar(200);
