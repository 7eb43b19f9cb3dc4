-- Page sessions carry the user's session generation; signing out bumps it, so every cookie issued before
-- (a copied one included) stops working at once, on every instance.
alter table app_user add column session_generation integer not null default 0;
