-- Accounts take the industry of their business profile (the business setup now writes it too), so the
-- account lists show it for accounts set up before that.
update accounts a
set industry = p.industry
from business_profiles p
where p.account_id = a.id and a.industry = '';
