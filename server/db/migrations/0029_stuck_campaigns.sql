-- Campaigns scheduled without a contact list (accepted before the server required one) turned "sending" at their
-- time and stayed so, with nobody to send to. They become drafts again, without their past schedule, so their
-- owner sees them as drafts and picks a list. A campaign sending to a list is untouched.
-- Runs on PostgreSQL 15+ and on PGlite.
update crm_campaigns set status = 'draft', scheduled_at = null, updated_at = now()
where status = 'sending' and contact_list_id is null;
